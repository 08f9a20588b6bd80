import PushLintModel
import Testing

@Suite struct GlobTests {
    func matches(_ pattern: String, _ path: String) throws -> Bool { try Glob(pattern).matches(path) }

    @Test func patternWithoutSlashMatchesANameAtAnyDepth() throws {
        #expect(try matches("*.json", "a.json"))
        #expect(try matches("*.json", "push/ios/a.json"))
        #expect(try !matches("*.json", "a.json.tmpl"))
    }

    @Test func doubleStarSpansFolders() throws {
        #expect(try matches("push/**/*.json", "push/a.json"))
        #expect(try matches("push/**/*.json", "push/ios/deep/a.json"))
        #expect(try !matches("push/**/*.json", "other/push/a.json"))
        #expect(try matches("push/drafts/**", "push/drafts/x/y.json"))
        #expect(try matches("push/drafts/", "push/drafts/x.json"))
        #expect(try matches("**/*.json", "a.json"))
    }

    @Test func singleStarAndQuestionMarkStayInOneName() throws {
        #expect(try !matches("push/*.json", "push/ios/a.json"))
        #expect(try matches("push/?.json", "push/a.json"))
        #expect(try !matches("push/?.json", "push/ab.json"))
    }

    @Test func characterClasses() throws {
        #expect(try matches("v[0-9].json", "v1.json"))
        #expect(try !matches("v[!0-9].json", "v1.json"))
        #expect(try matches("v[!0-9].json", "vx.json"))
    }

    /// `**/*.json` takes a suffix test; `**/*[.]json` means the same and takes the general matcher.
    @Test(arguments: [
        ("**/*.json", "**/*[.]json"), ("*.json.tmpl", "*[.]json.tmpl"), ("*é.json", "*[é].json"), ("**/*x", "**/*[x]"),
    ])
    func theSuffixFastPathAgreesWithTheGeneralMatcher(_ fast: String, _ general: String) throws {
        let paths = [
            "", ".", "./", "/", "a.json", "./a.json", "push/ios/a.json", "push/ios/a.json/", "push//a.json",
            "a.json.tmpl",
            "x/a.json.tmpl", "café.json", "x/café.json", "json", ".json", "a.jsonx", "dir.json/file", "x", "a/x",
            "a/x/",
            "注文/é.json",
        ]
        for path in paths {
            #expect(try matches(fast, path) == matches(general, path), "\(fast) vs \(general) on '\(path)'")
        }
    }

    @Test func invalidGlobsAreErrors() {
        #expect(throws: Glob.InvalidGlob.self) { try Glob("push/[abc") }
        #expect(throws: Glob.InvalidGlob.self) { try Glob("") }
        #expect(throws: Glob.InvalidGlob.self) { try Glob("[z-a]") }
    }
}

@Suite struct PlaceholderTests {
    @Test func findsPlaceholdersAndTheirVariables() {
        let found = PlaceholderDelimiters.mustache.find(in: "Hi {{ user.name | upper }}, {{{raw}}} and {{#if vip}}")
        #expect(found.map(\.variable) == ["user.name", "raw", "vip"])
        #expect(PlaceholderDelimiters.mustache.find(in: "no {{ end").isEmpty)
        #expect(PlaceholderDelimiters(open: "${", close: "}").find(in: "a ${x} b").map(\.variable) == ["x"])
    }

    @Test(arguments: [
        "", "plain", "{{x}}", "{{", "}}", "a }} b {{", "{{ open only", "{{{raw}}}", "{{{raw}}",
        "{{a}} then {{ unclosed",
        "{{ unclosed then {{a}}", "{ {x} }", "Zürich {{ stadt }} 注文", "{{}}", "{{{}}}", "x{{y}}z{{w",
    ])
    func containsPlaceholderAgreesWithFind(_ text: String) {
        for delimiters in [
            PlaceholderDelimiters.mustache, PlaceholderDelimiters(open: "${", close: "}"),
            PlaceholderDelimiters(open: "«", close: "»"),
        ] {
            let bytes = Array(text.utf8)
            let contains = bytes.withUnsafeBufferPointer { delimiters.containsPlaceholder($0) }
            #expect(contains == !delimiters.find(in: text).isEmpty, "\(delimiters.open) \(delimiters.close) in \(text)")
        }
    }
}

@Suite struct SuggestTests {
    @Test func swapsCountAsOneEdit() {
        #expect(Suggest.closest(to: "titel", in: ["title", "body"]) == "title")
        #expect(Suggest.closest(to: "badeg", in: ["badge", "sound"]) == "badge")
        #expect(Suggest.closest(to: "xyz", in: ["badge", "sound"]) == nil)
        #expect(Suggest.sameWordDifferentSpelling("contentAvailable", in: ["content-available"]) == "content-available")
    }
}

/// Globs from every config and contract field: braces, refused syntax, and matching that stays linear whatever the
/// stars (issue 33: 6 stars on a 200-character name, or 5 `**` against a path 100 folders deep, ran for minutes).
@Suite struct GlobSyntaxTests {
    func matches(_ pattern: String, _ path: String) throws -> Bool { try Glob(pattern).matches(path) }

    @Test func bracesMatchEachAlternative() throws {
        #expect(try matches("*.{json,hbs}", "push/a.json"))
        #expect(try matches("*.{json,hbs}", "a.hbs"))
        #expect(try !matches("*.{json,hbs}", "a.liquid"))
        #expect(try matches("push/{ios,android}/**/*.json", "push/android/x/a.json"))
        #expect(try !matches("push/{ios,android}/**/*.json", "push/expo/a.json"))
        #expect(try matches("a{,.tmpl}.json", "a.json"))
        #expect(try matches("a.json{,.tmpl}", "a.json.tmpl"))
        #expect(try matches("{a,b{c,d}}.json", "bd.json"))
        #expect(try !matches("{a,b{c,d}}.json", "b.json"))
    }

    @Test func escapedAndBracketedBracesAreLiteral() throws {
        #expect(try matches("\\{a\\}.json", "{a}.json"))
        #expect(try matches("[{]a.json", "{a.json"))
        #expect(try !matches("\\{a,b\\}.json", "a.json"))
    }

    @Test(arguments: [
        ("*.{json,hbs", "not closed"), ("a}.json", "no '{'"), ("!push/*.json", "negation"),
        ("{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}", "alternatives"),
    ])
    func unsupportedSyntaxIsRefused(_ pattern: String, _ reason: String) {
        #expect {
            _ = try Glob(pattern)
        } throws: { error in
            (error as? Glob.InvalidGlob)?.reason.contains(reason) == true
        }
    }

    /// A recursive matcher without memo took minutes on these; the answers are checked, the sizes are the
    /// reproducer's.
    @Test func manyStarsOnALongNameAnswer() throws {
        let name = String(repeating: "a", count: 200) + ".json"
        #expect(try !matches("*a*a*a*a*a*a*b.json", name))
        #expect(try matches("*a*a*a*a*a*a*.json", name))
    }

    @Test func manyDoubleStarsOnADeepPathAnswer() throws {
        let deep = Array(repeating: "a", count: 100).joined(separator: "/") + "/x.json"
        #expect(try !matches("**/a/**/a/**/a/**/a/**/a/**/b.json", deep))
        #expect(try matches("**/a/**/a/**/a/**/a/**/a/**/x.json", deep))
        #expect(try matches("a/**/a/x.json", deep))
        #expect(try !matches("a/**/b/x.json", deep))
    }

    /// The linear matcher agrees with a plain recursive reference on small cases.
    @Test func agreesWithAReferenceMatcher() throws {
        let patterns = [
            "*", "**", "a*", "*a", "*a*", "a*b*c", "**/a", "a/**", "a/**/b", "**/a/**/b", "*/b", "a/*/c", "?", "a?c",
            "**/*a*/**", "[ab]*", "*[!a]", "a/**/**/b", "**/b/**",
        ]
        let paths = [
            "", "a", "b", "ab", "ba", "abc", "aXbYc", "a/b", "a/c/b", "a/b/c", "b/a/b", "a/a/a/b", "x/y", "a/",
            "/a", "aa/bb/a", "c/a/x/b/y",
        ]
        for pattern in patterns {
            let glob = try Glob(pattern)
            for path in paths {
                #expect(glob.matches(path) == reference(pattern, path), "\(pattern) on '\(path)'")
            }
        }
    }

    /// Straightforward recursion over names and scalars (exponential, fine at these sizes).
    func reference(_ pattern: String, _ path: String) -> Bool {
        var text = pattern
        var anchored = text.hasPrefix("/")
        if anchored { text.removeFirst() }
        if text.hasSuffix("/") { text += "**" }
        if text.contains("/") { anchored = true }
        var segments = text.split(separator: "/").map(String.init)
        if !anchored { segments.insert("**", at: 0) }
        let names = path.split(separator: "/").map(String.init)
        func name(_ p: [Character], _ n: [Character]) -> Bool {
            guard let first = p.first else { return n.isEmpty }
            switch first {
            case "*": return name(Array(p.dropFirst()), n) || (!n.isEmpty && name(p, Array(n.dropFirst())))
            case "?": return !n.isEmpty && name(Array(p.dropFirst()), Array(n.dropFirst()))
            case "[":
                let close = p.firstIndex(of: "]")!
                var set = Array(p[1..<close])
                let negated = set.first == "!"
                if negated { set.removeFirst() }
                return !n.isEmpty && set.contains(n[0]) != negated
                    && name(Array(p[(close + 1)...]), Array(n.dropFirst()))
            default: return !n.isEmpty && n[0] == first && name(Array(p.dropFirst()), Array(n.dropFirst()))
            }
        }
        func walk(_ s: ArraySlice<String>, _ n: ArraySlice<String>) -> Bool {
            guard let first = s.first else { return n.isEmpty }
            if first == "**" { return walk(s.dropFirst(), n) || (!n.isEmpty && walk(s, n.dropFirst())) }
            return !n.isEmpty && name(Array(first), Array(n.first!)) && walk(s.dropFirst(), n.dropFirst())
        }
        return walk(segments[...], names[...])
    }
}
