/// What an identifier is written as in the app's code, before constants and resources are looked up.
enum AppExpression: Sendable, Hashable {
    /// A string literal.
    case literal(String)
    /// A name (`CHANNEL_ORDERS`), or a member of a type or object (`Channels.ORDERS`: qualifier `Channels`).
    case constant(name: String, qualifier: String?)
    /// An Android string resource: `R.string.name`, `getString(R.string.name)`, `@string/name`.
    case resource(String)
    case number(Int)
    /// Anything else: a call, a concatenation, an interpolated string.
    case other
}

/// An expression with its source text (for messages) and line.
struct SourceExpression: Sendable, Hashable {
    var value: AppExpression
    var text: String
    var line: Int
}

/// A lexed source file: its bytes and tokens, the matching bracket of every bracket, and the questions the scanners
/// ask of them. Matching brackets are found in one pass, so reading the arguments of many calls stays linear.
struct SourceFile {
    let bytes: [UInt8]
    let tokens: [SourceToken]
    let language: SourceLanguage
    /// For each token: the index of its matching bracket, or -1 (not a bracket, or never closed).
    let partner: [Int32]

    init(bytes: [UInt8], language: SourceLanguage) {
        self.bytes = bytes
        self.language = language
        tokens = SourceLexer.tokens(bytes, language)
        partner = Self.matchBrackets(bytes, tokens)
    }

    var count: Int { tokens.count }

    static func matchBrackets(_ bytes: [UInt8], _ tokens: [SourceToken]) -> [Int32] {
        var partner = [Int32](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            let c = bytes[Int(token.start)]
            switch c {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(index)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener: UInt8 =
                    c == UInt8(ascii: ")")
                    ? UInt8(ascii: "(") : c == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                // A stray closer is skipped; openers left open inside a pair (at most a few) stay unmatched. The
                // search is bounded, so a hostile file of brackets costs linear time.
                var last = open.count - 1
                while last >= 0, open.count - last <= 16, bytes[Int(tokens[open[last]].start)] != opener { last -= 1 }
                guard last >= 0, open.count - last <= 16 else { continue }
                let match = open[last]
                open.removeSubrange(last...)
                partner[match] = Int32(index)
                partner[index] = Int32(match)
            default:
                continue
            }
        }
        return partner
    }

    // MARK: Tokens

    func isIdentifier(_ i: Int) -> Bool { i >= 0 && i < tokens.count && tokens[i].kind == .identifier }

    func isIdentifier(_ i: Int, _ name: StaticString) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let token = tokens[i]
        guard token.kind == .identifier, Int(token.end - token.start) == name.utf8CodeUnitCount else { return false }
        let start = Int(token.start)
        for k in 0..<name.utf8CodeUnitCount where bytes[start + k] != name.utf8Start[k] { return false }
        return true
    }

    /// Asked of most tokens: the length is compared before any byte.
    func isIdentifier(_ i: Int, oneOf names: [StaticString]) -> Bool {
        guard i >= 0, i < tokens.count, tokens[i].kind == .identifier else { return false }
        let length = Int(tokens[i].end - tokens[i].start)
        for name in names where name.utf8CodeUnitCount == length && isIdentifier(i, name) { return true }
        return false
    }

    func isPunctuation(_ i: Int, _ c: Unicode.Scalar) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        return tokens[i].kind == .punctuation && bytes[Int(tokens[i].start)] == UInt8(c.value)
    }

    func isString(_ i: Int) -> Bool { i >= 0 && i < tokens.count && tokens[i].kind == .string }

    func text(_ i: Int) -> String {
        let token = tokens[i]
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    func line(_ i: Int) -> Int { Int(tokens[min(i, tokens.count - 1)].line) }

    /// The matching bracket of the bracket at `i`.
    func partner(of i: Int) -> Int? {
        guard i >= 0, i < partner.count, partner[i] >= 0 else { return nil }
        return Int(partner[i])
    }

    /// A string literal's value, nil when it is not plain (interpolated, spanning lines, unterminated, or a raw
    /// string with escapes).
    func stringValue(_ i: Int) -> String? {
        guard isString(i) else { return nil }
        let token = tokens[i]
        if token.flags & (SourceToken.interpolated | SourceToken.irregular) != 0 { return nil }
        let content = bytes[Int(token.start)..<Int(token.end)]
        if token.flags & SourceToken.escaped == 0 { return String(decoding: content, as: UTF8.self) }
        if token.flags & SourceToken.raw != 0 { return nil }
        return StringEscapes.decode(content)
    }

    /// The source text of tokens `range`, with its quotes, whitespace runs collapsed and clipped, for messages.
    func sourceText(_ range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return "" }
        var start = Int(tokens[range.lowerBound].start)
        var end = Int(tokens[range.upperBound - 1].end)
        if tokens[range.lowerBound].kind == .string {
            var steps = 0
            while start > 0, steps < 4, Self.isQuoteByte(bytes[start - 1]) {
                start -= 1
                steps += 1
            }
        }
        if tokens[range.upperBound - 1].kind == .string {
            var steps = 0
            while end < bytes.count, steps < 4, Self.isQuoteByte(bytes[end]) {
                end += 1
                steps += 1
            }
        }
        var out: [UInt8] = []
        var space = false
        for b in bytes[start..<max(start, end)] {
            if b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D {
                space = true
                continue
            }
            if space && !out.isEmpty { out.append(0x20) }
            space = false
            out.append(b)
            if out.count >= 80 { break }
        }
        let text = String(decoding: out, as: UTF8.self)
        return out.count >= 80 && end - start > 80 ? text + "…" : text
    }

    static func isQuoteByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == UInt8(ascii: "`") || b == UInt8(ascii: "#")
    }

    // MARK: Calls and literals

    /// The arguments of the call whose `(` (or the elements of the `[`/`{` literal) is at `open`: token ranges split
    /// at the commas of its own level, empty ones dropped. Nil when the bracket is never closed.
    func arguments(_ open: Int) -> [Range<Int>]? {
        guard let close = partner(of: open), close > open else { return nil }
        var result: [Range<Int>] = []
        var start = open + 1
        var i = open + 1
        while i < close {
            if let inner = partner(of: i), inner > i {
                i = inner + 1
                continue
            }
            if isPunctuation(i, ",") {
                if i > start { result.append(start..<i) }
                start = i + 1
            }
            i += 1
        }
        if close > start { result.append(start..<close) }
        return result
    }

    /// `label: value` (Swift, Dart, JavaScript objects) or `label = value` (Kotlin named arguments).
    func labeled(_ range: Range<Int>) -> (label: String, value: Range<Int>)? {
        guard range.count >= 3, isIdentifier(range.lowerBound) || isString(range.lowerBound),
            isPunctuation(range.lowerBound + 1, ":") || isPunctuation(range.lowerBound + 1, "=")
        else { return nil }
        let label = isString(range.lowerBound) ? (stringValue(range.lowerBound) ?? "") : text(range.lowerBound)
        return (label, (range.lowerBound + 2)..<range.upperBound)
    }

    /// The value of the argument labelled `label`.
    func argument(_ arguments: [Range<Int>], labeled label: String) -> Range<Int>? {
        for argument in arguments {
            if let pair = labeled(argument), pair.label == label { return pair.value }
        }
        return nil
    }

    /// The arguments without a label, in order.
    func positional(_ arguments: [Range<Int>]) -> [Range<Int>] {
        arguments.filter { argument in
            // `name: value` is labelled; a Swift or Dart ternary never starts with `identifier :`.
            !(argument.count >= 3 && isIdentifier(argument.lowerBound) && isPunctuation(argument.lowerBound + 1, ":"))
        }
    }

    static let prefixKeywords: [StaticString] = ["const", "new", "await"]

    /// Drops a leading `const`/`new` and a Dart type argument list (`<Type>[...]`).
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start < range.upperBound, isIdentifier(start, oneOf: Self.prefixKeywords) { start += 1 }
        if start < range.upperBound, isPunctuation(start, "<") {
            var j = start + 1
            while j < range.upperBound, !isPunctuation(j, ">") { j += 1 }
            if j < range.upperBound { start = j + 1 }
        }
        return start..<range.upperBound
    }

    /// The identifiers of `a.b.c` when the range is exactly such a chain.
    func chain(_ range: Range<Int>) -> [String]? {
        guard !range.isEmpty, range.count % 2 == 1 else { return nil }
        var names: [String] = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard isIdentifier(i) else { return nil }
            names.append(text(i))
            i += 1
            if i < range.upperBound {
                guard isPunctuation(i, ".") else { return nil }
                i += 1
            }
        }
        return names
    }

    /// What an identifier argument is: a literal, a constant, a string resource, or something else.
    func expression(_ range: Range<Int>) -> SourceExpression {
        let range = trimmed(range)
        let line = range.isEmpty ? line(max(0, range.lowerBound - 1)) : line(range.lowerBound)
        let text = sourceText(range)
        return SourceExpression(value: classify(range), text: text, line: line)
    }

    func classify(_ range: Range<Int>) -> AppExpression {
        var range = range
        guard !range.isEmpty else { return .other }
        // Kotlin `!!`, a TypeScript `as const`.
        while range.count > 2, isPunctuation(range.upperBound - 1, "!"), isPunctuation(range.upperBound - 2, "!") {
            range = range.lowerBound..<(range.upperBound - 2)
        }
        if range.count == 3, isIdentifier(range.upperBound - 2, "as"), isIdentifier(range.upperBound - 1, "const") {
            range = range.lowerBound..<(range.upperBound - 2)
        }
        if range.count == 2, isPunctuation(range.lowerBound, "@"), isString(range.lowerBound + 1) {
            range = (range.lowerBound + 1)..<range.upperBound
        }
        if range.count == 1 {
            let i = range.lowerBound
            if isString(i) { return stringValue(i).map(AppExpression.literal) ?? .other }
            if tokens[i].kind == .number { return Int(text(i)).map(AppExpression.number) ?? .other }
        }
        if range.count == 2, isPunctuation(range.lowerBound, "-"), tokens[range.lowerBound + 1].kind == .number {
            return Int(text(range.lowerBound + 1)).map { .number(-$0) } ?? .other
        }
        if let names = chain(range) { return Self.reference(names) }
        // `getString(R.string.name)`, `context.getString(R.string.name)`.
        let last = range.upperBound - 1
        if isPunctuation(last, ")"), let open = partner(of: last), open - 1 >= range.lowerBound,
            isIdentifier(open - 1, "getString"), open - 1 == range.lowerBound || isPunctuation(open - 2, "."),
            let inner = chain((open + 1)..<last), case .resource(let name) = Self.reference(inner)
        {
            return .resource(name)
        }
        return .other
    }

    /// `R.string.x` is a string resource; `self.x`, `this.x`, `Companion` and a Swift `.rawValue` are dropped; the
    /// last name is the constant and the one before it its type or object.
    static func reference(_ names: [String]) -> AppExpression {
        if names.count >= 3, names[names.count - 3] == "R", names[names.count - 2] == "string" {
            return .resource(names[names.count - 1])
        }
        var names = names.filter { $0 != "self" && $0 != "this" && $0 != "Self" && $0 != "Companion" }
        if names.count >= 2, names.last == "rawValue" { names.removeLast() }
        guard let name = names.last else { return .other }
        return .constant(name: name, qualifier: names.count >= 2 ? names[names.count - 2] : nil)
    }
}

/// Backslash escapes of string literals (`\n`, `\"`, `\u0041`, `\u{1F600}`, `\x41`): enough for identifiers, which
/// rarely hold any.
enum StringEscapes {
    static func decode(_ content: ArraySlice<UInt8>) -> String? {
        var scalars = String.UnicodeScalarView()
        let text = String(decoding: content, as: UTF8.self).unicodeScalars
        var iterator = text.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else {
                scalars.append(c)
                continue
            }
            guard let e = iterator.next() else { return nil }
            switch e {
            case "n": scalars.append("\n")
            case "t": scalars.append("\t")
            case "r": scalars.append("\r")
            case "0": scalars.append("\0")
            case "b": scalars.append("\u{8}")
            case "f": scalars.append("\u{C}")
            case "v": scalars.append("\u{B}")
            case "u", "x":
                var digits = ""
                var braced = false
                let limit = e == "x" ? 2 : 4
                while let d = iterator.next() {
                    if d == "{" && digits.isEmpty && !braced {
                        braced = true
                        continue
                    }
                    if braced && d == "}" { break }
                    guard d.properties.isASCIIHexDigit else { return nil }
                    digits.unicodeScalars.append(d)
                    if !braced && digits.count == limit { break }
                    if digits.count > 8 { return nil }
                }
                guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                scalars.append(scalar)
            default:
                // `\"`, `\'`, `\\`, `\$`, `\@` (Android resources): the character itself.
                scalars.append(e)
            }
        }
        return String(scalars)
    }
}
