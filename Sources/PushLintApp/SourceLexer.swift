/// The programming languages whose sources `app scan` reads.
public enum SourceLanguage: String, Sendable, Hashable, CaseIterable {
    case kotlin, java, swift, objectiveC, javaScript, dart
}

/// One token of a source file: an identifier, a string literal, a number or one punctuation byte, with the line it
/// starts on. Comments and whitespace are dropped; what sits inside a string's interpolation is dropped too (it is an
/// expression inside a value that is not a literal anyway).
struct SourceToken: Sendable {
    enum Kind: UInt8, Sendable {
        case identifier, string, number, punctuation
    }
    var kind: Kind
    /// For strings: the content between the quotes; for the others, the token's text.
    var start: Int32
    var end: Int32
    var line: Int32
    var flags: UInt8

    /// String flags.
    static let escaped: UInt8 = 1
    static let raw: UInt8 = 2
    /// Has interpolation (`"$x"`, `"\(x)"`, `` `${x}` ``): not a literal value.
    static let interpolated: UInt8 = 4
    /// Spans lines or was never closed: not a plain identifier either way.
    static let irregular: UInt8 = 8
}

/// How one language writes strings and comments: only what a lexer needs not to be fooled (a quote inside a comment,
/// a comment marker inside a string, an interpolation holding quotes of its own).
struct LexerStyle: Sendable {
    enum Quote: Sendable { case string, character, punctuation }
    enum Interpolation: Sendable { case none, dollar, backslashParenthesis }

    var nestedComments = false
    var singleQuote = Quote.character
    var tripleQuotes = false
    var interpolation = Interpolation.none
    /// Kotlin and Dart also read `$name` in a string; JavaScript templates only `${...}`.
    var dollarNames = false
    var backtickTemplates = false
    var backtickIdentifiers = false
    var hashRawStrings = false
    var rPrefixRawStrings = false
    var regexLiterals = false
    /// Kotlin's `"""` strings take no escapes.
    var tripleQuotesAreRaw = false

    static func of(_ language: SourceLanguage) -> LexerStyle {
        var style = LexerStyle()
        switch language {
        case .kotlin:
            style.nestedComments = true
            style.tripleQuotes = true
            style.tripleQuotesAreRaw = true
            style.interpolation = .dollar
            style.dollarNames = true
            style.backtickIdentifiers = true
        case .java:
            style.tripleQuotes = true
        case .swift:
            style.nestedComments = true
            style.singleQuote = .punctuation
            style.tripleQuotes = true
            style.interpolation = .backslashParenthesis
            style.backtickIdentifiers = true
            style.hashRawStrings = true
        case .objectiveC:
            break
        case .javaScript:
            style.singleQuote = .string
            style.backtickTemplates = true
            style.regexLiterals = true
        case .dart:
            style.nestedComments = true
            style.singleQuote = .string
            style.tripleQuotes = true
            style.interpolation = .dollar
            style.dollarNames = true
            style.rPrefixRawStrings = true
        }
        return style
    }
}

/// A hand-written lexer over bytes for the C-family languages app scan reads. It never fails: an unterminated
/// string ends at its line's end (or the file's, for multi-line forms), an unterminated comment at the file's end,
/// and nesting is kept on an explicit, bounded stack, so hostile input costs linear time and no recursion.
struct SourceLexer {
    /// Deeper interpolations (`"${"${"${...`) are read as plain string text.
    static let maximumNesting = 256

    struct StringForm {
        var quote: UInt8
        var triple = false
        var raw = false
        /// Swift `#"..."#`: the number of `#`.
        var hashes = 0
        var interpolation = LexerStyle.Interpolation.none
        var dollarNames = false
    }

    enum Frame {
        case string(StringForm)
        /// Code inside an interpolation: ends at `closer` when `depth` is 0.
        case code(closer: UInt8, depth: Int)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let style: LexerStyle
    var i = 0
    var line: Int32 = 1
    var tokens: [SourceToken] = []
    var stack: [Frame] = []
    /// The outermost string being read (only it becomes a token).
    var outerStart = 0
    var outerLine: Int32 = 1
    var outerFlags: UInt8 = 0
    /// The last token read at any level, for telling a JavaScript regex from a division.
    var previousKind: SourceToken.Kind?
    var previousByte: UInt8 = 0
    var previousStart = 0
    var previousEnd = 0

    static func tokens(_ bytes: [UInt8], _ language: SourceLanguage) -> [SourceToken] {
        bytes.withUnsafeBufferPointer { buffer in
            var lexer = SourceLexer(bytes: buffer, style: .of(language))
            lexer.run()
            return lexer.tokens
        }
    }

    init(bytes: UnsafeBufferPointer<UInt8>, style: LexerStyle) {
        self.bytes = bytes
        self.style = style
        tokens.reserveCapacity(bytes.count / 5)
    }

    var n: Int { bytes.count }

    func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }

    static func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b == 0x24 || b >= 0x80
    }

    static func isIdentifierByte(_ b: UInt8) -> Bool { isIdentifierStart(b) || (b >= 0x30 && b <= 0x39) }

    mutating func run() {
        while i < n {
            if case .string(let form) = stack.last {
                continueString(form)
            } else {
                codeStep()
            }
        }
        // The file ended inside a string or an interpolation: the outer string is not a literal.
        if !stack.isEmpty {
            outerFlags |= SourceToken.irregular
            finishOuterString(contentEnd: n)
            stack.removeAll()
        }
    }

    var emitting: Bool { stack.isEmpty }

    mutating func emit(_ kind: SourceToken.Kind, _ start: Int, _ end: Int, line: Int32, flags: UInt8 = 0) {
        previousKind = kind
        previousByte = kind == .punctuation ? bytes[start] : 0
        previousStart = start
        previousEnd = end
        guard emitting else { return }
        tokens.append(SourceToken(kind: kind, start: Int32(start), end: Int32(end), line: line, flags: flags))
    }

    // MARK: Code

    mutating func codeStep() {
        let c = bytes[i]
        switch c {
        case 0x0A:
            line += 1
            i += 1
        case 0x20, 0x09, 0x0D, 0x0B, 0x0C:
            i += 1
        case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "/"):
            while i < n && bytes[i] != 0x0A { i += 1 }
        case UInt8(ascii: "/") where byte(i + 1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "/") where style.regexLiterals && regexMayStart():
            skipRegex()
        case UInt8(ascii: "\""):
            startString(StringForm(quote: c, interpolation: style.interpolation, dollarNames: style.dollarNames))
        case UInt8(ascii: "'"):
            switch style.singleQuote {
            case .string:
                startString(StringForm(quote: c, interpolation: style.interpolation, dollarNames: style.dollarNames))
            case .character:
                skipCharacterLiteral()
            case .punctuation:
                punctuation()
            }
        case UInt8(ascii: "`") where style.backtickTemplates:
            startString(StringForm(quote: c, interpolation: .dollar))
        case UInt8(ascii: "`") where style.backtickIdentifiers:
            backtickIdentifier()
        case UInt8(ascii: "#") where style.hashRawStrings && isHashString():
            var hashes = 0
            while byte(i + hashes) == UInt8(ascii: "#") { hashes += 1 }
            i += hashes
            startString(StringForm(quote: UInt8(ascii: "\""), hashes: hashes, interpolation: .backslashParenthesis))
        case UInt8(ascii: "r")
        where style.rPrefixRawStrings && (byte(i + 1) == UInt8(ascii: "'") || byte(i + 1) == UInt8(ascii: "\""))
            && !(i > 0 && Self.isIdentifierByte(bytes[i - 1])):
            i += 1
            startString(StringForm(quote: bytes[i], raw: true))
        default:
            if Self.isIdentifierStart(c) {
                let start = i
                while i < n && Self.isIdentifierByte(bytes[i]) { i += 1 }
                emit(.identifier, start, i, line: line)
            } else if c >= 0x30 && c <= 0x39 {
                let start = i
                i += 1
                while i < n {
                    let b = bytes[i]
                    if Self.isIdentifierByte(b) {
                        i += 1
                    } else if b == UInt8(ascii: "."), byte(i + 1) >= 0x30, byte(i + 1) <= 0x39 {
                        i += 2
                    } else {
                        break
                    }
                }
                emit(.number, start, i, line: line)
            } else {
                punctuation()
            }
        }
    }

    /// One punctuation byte; inside an interpolation it also keeps the count of brackets that close it.
    mutating func punctuation() {
        let c = bytes[i]
        if case .code(let closer, let depth) = stack.last {
            let opener = closer == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "(")
            if c == opener {
                stack[stack.count - 1] = .code(closer: closer, depth: depth + 1)
            } else if c == closer {
                if depth == 0 {
                    stack.removeLast()
                    i += 1
                    return
                }
                stack[stack.count - 1] = .code(closer: closer, depth: depth - 1)
            }
        }
        emit(.punctuation, i, i + 1, line: line)
        i += 1
    }

    mutating func skipBlockComment() {
        i += 2
        var depth = 1
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                i += 1
            } else if c == UInt8(ascii: "*") && byte(i + 1) == UInt8(ascii: "/") {
                i += 2
                depth -= 1
                if depth == 0 { return }
            } else if style.nestedComments && c == UInt8(ascii: "/") && byte(i + 1) == UInt8(ascii: "*") {
                i += 2
                depth += 1
            } else {
                i += 1
            }
        }
    }

    /// Kotlin, Java and Objective-C character literals: `'x'`, `'\''`, `'\u0041'`. A lone quote (not closed on its
    /// line within a few bytes) is punctuation.
    mutating func skipCharacterLiteral() {
        var j = i + 1
        while j < n && j - i <= 12 {
            let b = bytes[j]
            if b == 0x0A { break }
            if b == UInt8(ascii: "\\") {
                j += 2
                continue
            }
            if b == UInt8(ascii: "'") {
                emit(.number, i, j + 1, line: line)
                i = j + 1
                return
            }
            j += 1
        }
        punctuation()
    }

    mutating func backtickIdentifier() {
        var j = i + 1
        while j < n && bytes[j] != UInt8(ascii: "`") && bytes[j] != 0x0A { j += 1 }
        guard j < n, bytes[j] == UInt8(ascii: "`") else {
            punctuation()
            return
        }
        emit(.identifier, i + 1, j, line: line)
        i = j + 1
    }

    /// `#"`, `##"`: a Swift raw string.
    func isHashString() -> Bool {
        var j = i
        while j < n && bytes[j] == UInt8(ascii: "#") { j += 1 }
        return j < n && bytes[j] == UInt8(ascii: "\"")
    }

    /// A `/` starts a regular expression where an operand is expected: at the start, after an operator or an
    /// opening bracket, after a keyword such as `return`.
    func regexMayStart() -> Bool {
        guard let kind = previousKind else { return true }
        switch kind {
        case .number, .string: return false
        case .identifier:
            let word = UnsafeBufferPointer(rebasing: bytes[previousStart..<previousEnd])
            return Self.operandKeywords.contains { Self.equals(word, $0) }
        case .punctuation:
            return previousByte != UInt8(ascii: ")") && previousByte != UInt8(ascii: "]")
        }
    }

    /// Keywords after which an operand (so a regex, not a division) comes.
    static let operandKeywords: [StaticString] = [
        "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await",
        "instanceof",
    ]

    static func equals(_ word: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard word.count == name.utf8CodeUnitCount else { return false }
        let other = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        return word.elementsEqual(other)
    }

    /// Skips `/.../flags`; a regex never spans lines, so an unterminated one ends at the line's end.
    mutating func skipRegex() {
        let start = i
        i += 1
        var inClass = false
        while i < n {
            let c = bytes[i]
            if c == 0x0A { break }
            if c == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if c == UInt8(ascii: "[") { inClass = true }
            if c == UInt8(ascii: "]") { inClass = false }
            if c == UInt8(ascii: "/") && !inClass {
                i += 1
                while i < n && Self.isIdentifierByte(bytes[i]) { i += 1 }
                break
            }
            i += 1
        }
        emit(.number, start, min(i, n), line: line)
    }

    // MARK: Strings

    mutating func startString(_ form: StringForm) {
        var form = form
        let quote = bytes[i]
        form.quote = quote
        if style.tripleQuotes && quote != UInt8(ascii: "`") && byte(i + 1) == quote && byte(i + 2) == quote {
            form.triple = true
            if style.tripleQuotesAreRaw && form.hashes == 0 { form.raw = true }
            i += 3
        } else {
            i += 1
        }
        if stack.isEmpty {
            outerStart = i
            outerLine = line
            outerFlags = form.raw || form.hashes > 0 ? SourceToken.raw : 0
        }
        if stack.count >= Self.maximumNesting { form.interpolation = .none }
        stack.append(.string(form))
    }

    mutating func finishOuterString(contentEnd: Int) {
        previousKind = .string
        tokens.append(
            SourceToken(
                kind: .string, start: Int32(outerStart), end: Int32(max(outerStart, contentEnd)), line: outerLine,
                flags: outerFlags))
    }

    /// Reads string content until the string closes, an interpolation opens (its code is read by `codeStep` until
    /// the matching bracket), or the file ends.
    mutating func continueString(_ form: StringForm) {
        let isOuter = stack.count == 1
        while i < n {
            let c = bytes[i]
            if c == 0x0A {
                line += 1
                if !form.triple && form.quote != UInt8(ascii: "`") {
                    // An unterminated one-line string ends with its line: the next line is code again.
                    if isOuter {
                        outerFlags |= SourceToken.irregular
                        finishOuterString(contentEnd: i)
                    }
                    stack.removeLast()
                    i += 1
                    return
                }
                if isOuter { outerFlags |= SourceToken.irregular }
                i += 1
                continue
            }
            if c == UInt8(ascii: "\\") && !form.raw {
                // Swift raw strings escape with `\#`.
                var j = i + 1
                if form.hashes > 0 {
                    var count = 0
                    while count < form.hashes && byte(j) == UInt8(ascii: "#") {
                        count += 1
                        j += 1
                    }
                    if count < form.hashes {
                        i += 1
                        continue
                    }
                }
                if form.interpolation == .backslashParenthesis && byte(j) == UInt8(ascii: "(") {
                    outerFlags |= SourceToken.interpolated
                    i = j + 1
                    stack.append(.code(closer: UInt8(ascii: ")"), depth: 0))
                    return
                }
                if isOuter { outerFlags |= SourceToken.escaped }
                if byte(j) == 0x0A { line += 1 }
                i = min(n, j + 1)
                continue
            }
            if c == UInt8(ascii: "$") && form.interpolation == .dollar {
                if byte(i + 1) == UInt8(ascii: "{") {
                    outerFlags |= SourceToken.interpolated
                    i += 2
                    stack.append(.code(closer: UInt8(ascii: "}"), depth: 0))
                    return
                }
                if form.dollarNames && Self.isIdentifierStart(byte(i + 1)) && byte(i + 1) != UInt8(ascii: "$") {
                    outerFlags |= SourceToken.interpolated
                    i += 1
                    while i < n && Self.isIdentifierByte(bytes[i]) && bytes[i] != UInt8(ascii: "$") { i += 1 }
                    continue
                }
            }
            if c == form.quote {
                var end = i + 1
                if form.triple {
                    guard byte(i + 1) == form.quote && byte(i + 2) == form.quote else {
                        i += 1
                        continue
                    }
                    // `""""` closes with the last three quotes: the first is content.
                    end = i + 3
                    while byte(end) == form.quote { end += 1 }
                }
                var hashes = 0
                while hashes < form.hashes && byte(end + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if hashes < form.hashes {
                    i += 1
                    continue
                }
                let contentEnd = form.triple ? end - 3 : i
                stack.removeLast()
                i = end + hashes
                if isOuter { finishOuterString(contentEnd: contentEnd) }
                return
            }
            i += 1
        }
    }
}
