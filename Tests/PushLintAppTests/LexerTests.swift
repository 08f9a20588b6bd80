import Testing

@testable import PushLintApp

/// The lexer is what keeps app scan from being fooled: a quote inside a comment, a comment marker inside a string,
/// an interpolation holding quotes of its own, a JavaScript regex, a Swift raw string. Each case lists the tokens
/// that must come out (`s:` a plain string and its value, `s?` a string that is no literal, `#` a number or a
/// character literal or a regex, `i:` an identifier, a punctuation byte as itself).
@Suite struct LexerTests {
    static func tokens(_ text: String, _ language: SourceLanguage) -> [String] {
        let file = SourceFile(bytes: Array(text.utf8), language: language)
        return (0..<file.count).map { i in
            switch file.tokens[i].kind {
            case .identifier: return "i:" + file.text(i)
            case .string: return file.stringValue(i).map { "s:" + $0 } ?? "s?"
            case .number: return "#"
            case .punctuation: return file.text(i)
            }
        }
    }

    static func lines(_ text: String, _ language: SourceLanguage) -> [Int] {
        let file = SourceFile(bytes: Array(text.utf8), language: language)
        return (0..<file.count).map { file.line($0) }
    }

    @Test func kotlinTemplatesRawStringsAndNestedComments() {
        #expect(Self.tokens(#""a${b + "}"}c" x"#, .kotlin) == ["s?", "i:x"])
        #expect(Self.tokens(#""price $amount" y"#, .kotlin) == ["s?", "i:y"])
        #expect(Self.tokens(#""cost \$5" y"#, .kotlin) == ["s:cost $5", "i:y"])
        #expect(Self.tokens("\"\"\"raw \\n \"quoted\" \"\"\" y", .kotlin) == ["s:raw \\n \"quoted\" ", "i:y"])
        #expect(Self.tokens("\"\"\"\nline\n\"\"\" y", .kotlin) == ["s?", "i:y"])
        #expect(Self.tokens("'\"' z '\\'' w", .kotlin) == ["#", "i:z", "#", "i:w"])
        #expect(Self.tokens("/* a /* b */ \"c\" */ d", .kotlin) == ["i:d"])
        #expect(Self.tokens("`when` x", .kotlin) == ["i:when", "i:x"])
        #expect(Self.tokens("// \"x\n y", .kotlin) == ["i:y"])
    }

    @Test func javaCommentsDoNotNestAndTextBlocksSpanLines() {
        #expect(Self.tokens("/* a /* b */ c */ d", .java) == ["i:c", "*", "/", "i:d"])
        #expect(Self.tokens("\"\"\"\n  x \" y\n  \"\"\" z", .java) == ["s?", "i:z"])
        #expect(Self.tokens(#""a\"b" c"#, .java) == [#"s:a"b"#, "i:c"])
        #expect(Self.tokens("\"\\u0041\\t\" c", .java) == ["s:A\t", "i:c"])
    }

    @Test func swiftRawStringsInterpolationAndMultilineStrings() {
        #expect(Self.tokens(##"#"a "b" \(x)"# y"##, .swift) == [#"s:a "b" \(x)"#, "i:y"])
        #expect(Self.tokens(##"#"a \#(x)"# y"##, .swift) == ["s?", "i:y"])
        #expect(Self.tokens(#""a\(f("b)"))c" d"#, .swift) == ["s?", "i:d"])
        #expect(Self.tokens("\"\"\"\n\\(x) \"\n\"\"\" e", .swift) == ["s?", "i:e"])
        #expect(Self.tokens("#if DEBUG\n'", .swift) == ["#", "i:if", "i:DEBUG", "'"])
        #expect(Self.tokens("/* /* */ \"x\" */ y", .swift) == ["i:y"])
        #expect(Self.tokens(#""\u{41}\u{1F600}" z"#, .swift) == ["s:A😀", "i:z"])
    }

    @Test func objectiveCStringsAndCharacters() {
        #expect(Self.tokens(#"@"x" y '\'' z"#, .objectiveC) == ["@", "s:x", "i:y", "#", "i:z"])
        #expect(Self.tokens("#define K @\"v\"\nx", .objectiveC) == ["#", "i:define", "i:K", "@", "s:v", "i:x"])
    }

    @Test func javaScriptRegexesTemplatesAndDivisions() {
        #expect(Self.tokens(#"a = /'"/g; b"#, .javaScript) == ["i:a", "=", "#", ";", "i:b"])
        #expect(Self.tokens("x = 10 / 2 / 'y'", .javaScript) == ["i:x", "=", "#", "/", "#", "/", "s:y"])
        #expect(Self.tokens("f(a) / 2", .javaScript) == ["i:f", "(", "i:a", ")", "/", "#"])
        #expect(Self.tokens("return /[/]'/.test(s)", .javaScript) == ["i:return", "#", ".", "i:test", "(", "i:s", ")"])
        #expect(Self.tokens("`a${`b${c}`}` d", .javaScript) == ["s?", "i:d"])
        #expect(Self.tokens("`plain` d", .javaScript) == ["s:plain", "i:d"])
        #expect(Self.tokens("`$notATemplate` d", .javaScript) == ["s:$notATemplate", "i:d"])
    }

    /// JSX text is not JavaScript: an apostrophe in it opens a string that must end with its line.
    @Test func anUnterminatedStringEndsWithItsLine() {
        let text = "<Text>Don't miss</Text>\nconst id = 'orders';\n"
        let tokens = Self.tokens(text, .javaScript)
        #expect(tokens.suffix(5) == ["i:const", "i:id", "=", "s:orders", ";"])
        #expect(Self.lines(text, .javaScript).suffix(5) == [2, 2, 2, 2, 2])
        #expect(Self.tokens("\"never closed\nx", .kotlin) == ["s?", "i:x"])
    }

    @Test func dartRawStringsAndInterpolation() {
        #expect(Self.tokens(#"r'$x\n' y"#, .dart) == [#"s:$x\n"#, "i:y"])
        #expect(Self.tokens(#"'${a['k']}' b"#, .dart) == ["s?", "i:b"])
        #expect(Self.tokens("'''multi\nline''' c", .dart) == ["s?", "i:c"])
        #expect(Self.tokens(#""it's" c"#, .dart) == ["s:it's", "i:c"])
        #expect(Self.tokens("/* a /* b */ c */ d", .dart) == ["i:d"])
    }

    @Test func linesCountInsideCommentsAndStrings() {
        let text = "a /* 1\n2 */ b \"x\\\ny\" c\n\"\"\"\n\n\"\"\" d"
        #expect(Self.lines(text, .kotlin) == [1, 2, 2, 3, 4, 6])
    }

    // MARK: Hostile input

    @Test func unterminatedCommentsAndStringsEndAtTheFileEnd() {
        for language in SourceLanguage.allCases {
            #expect(Self.tokens("a /* never closed", language) == ["i:a"])
            #expect(Self.tokens("a \"\"\"never closed\n", language).first == "i:a")
            #expect(Self.tokens("a `never closed\n", language).first == "i:a")
        }
        #expect(Self.tokens("a \"${never closed", .kotlin) == ["i:a", "s?"])
        #expect(Self.tokens("a \"\\(never closed", .swift) == ["i:a", "s?"])
    }

    /// Nesting is kept on an explicit stack: depth costs memory, never the call stack.
    @Test func deepNestingNeitherRecursesNorLosesTheEnd() {
        let depth = 100_000
        let brackets = String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + " end"
        let tokens = Self.tokens(brackets, .kotlin)
        #expect(tokens.count == 2 * depth + 1)
        #expect(tokens.last == "i:end")
        let file = SourceFile(bytes: Array(brackets.utf8), language: .kotlin)
        #expect(file.partner(of: depth - 1) == depth)

        // Interpolations within the nesting bound are followed to their end; deeper ones are read as string text,
        // and the lexer still finishes.
        let interpolations = String(repeating: "\"${", count: 100) + String(repeating: "}\"", count: 100) + " end"
        #expect(Self.tokens(interpolations, .kotlin) == ["s?", "i:end"])
        let swift = String(repeating: "\"\\(", count: 100) + String(repeating: ")\"", count: 100) + " end"
        #expect(Self.tokens(swift, .swift) == ["s?", "i:end"])
        let hostile = String(repeating: "\"${", count: 100_000) + String(repeating: "}\"", count: 100_000)
        #expect(!Self.tokens(hostile, .kotlin).isEmpty)
        let comments = String(repeating: "/*", count: 50_000) + String(repeating: "*/", count: 50_000) + " end"
        #expect(Self.tokens(comments, .swift) == ["i:end"])
    }

    @Test func unbalancedBracketsStayUnmatched() {
        let file = SourceFile(bytes: Array("f( [ } ) ]".utf8), language: .java)
        // `(` closes at `)` over the `[` left open; the stray `}` and `]` match nothing.
        #expect(file.partner(of: 1) == 4)
        #expect(file.partner(of: 2) == nil)
        #expect(file.partner(of: 3) == nil)
        #expect(file.partner(of: 5) == nil)
    }

    @Test func invalidUTF8IsBytesLikeAnyOther() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x20, 0x22, 0xC3, 0x28, 0x22, 0x20, 0x78]
        let file = SourceFile(bytes: bytes, language: .kotlin)
        #expect(file.count == 3)
        #expect(file.stringValue(1) == "\u{FFFD}(")
        #expect(file.text(2) == "x")
    }
}
