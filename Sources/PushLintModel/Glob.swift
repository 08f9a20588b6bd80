/// A `.gitignore`-like glob over `/`-separated relative paths: `*` and `?` stay within a name, `[...]` is a
/// character class (`[!...]` negated), `**` spans folders, `{a,b}` is either alternative (nested braces too, as in
/// shells and editorconfig), and a pattern without `/` matches a name at any depth. Anything else that looks like
/// glob syntax but is not read (a leading `!` negation, an unmatched brace) is refused, never taken literally.
///
/// Matching is linear in practice: `*` in a name and `**` across names are each matched with one resume point
/// (the last star), so no pattern backtracks exponentially, whatever its stars.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    /// The pattern with its braces expanded: one entry per alternative; a path matches when any does.
    let alternatives: [Alternative]

    struct Alternative: Sendable, Hashable {
        let segments: [Segment]
        /// For the common `**/*.json` shape (any folder, a name ending in literal text): that text's UTF-8, so
        /// that matching is a suffix test on the last name.
        let nameSuffix: [UInt8]?
    }

    enum Segment: Sendable, Hashable {
        case anyDepth
        case name([Token])
    }

    enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case anyRun
        case anyOne
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    public struct InvalidGlob: Error, Sendable, CustomStringConvertible {
        public var pattern: String
        public var reason: String
        public var description: String { "invalid glob '\(pattern)': \(reason)" }
    }

    public var description: String { pattern }

    /// Brace expansions past this many alternatives are refused (`{a,b}{c,d}…` multiplies).
    static let maxAlternatives = 256

    public init(_ pattern: String) throws(InvalidGlob) {
        self.pattern = pattern
        guard !pattern.isEmpty else { throw InvalidGlob(pattern: pattern, reason: "it is empty") }
        if pattern.hasPrefix("!") {
            throw InvalidGlob(
                pattern: pattern,
                reason:
                    "negation with a leading '!' is not supported; list the paths under 'exclude' instead (write '\\!' for a name that starts with '!')"
            )
        }
        var alternatives: [Alternative] = []
        for text in try Glob.expandBraces(pattern) {
            let segments = try Glob.segments(text, pattern: pattern)
            let alternative = Alternative(segments: segments, nameSuffix: Glob.literalNameSuffix(segments))
            if !alternatives.contains(alternative) { alternatives.append(alternative) }
        }
        self.alternatives = alternatives
    }

    static func segments(_ pattern: String, pattern original: String) throws(InvalidGlob) -> [Segment] {
        var text = pattern
        if text.hasPrefix("./") { text.removeFirst(2) }
        var anchored = text.hasPrefix("/")
        if anchored { text.removeFirst() }
        if text.hasSuffix("/") {
            // `dir/` means everything below dir.
            text += "**"
        }
        if text.contains("/") { anchored = true }
        var segments: [Segment] = anchored ? [] : [.anyDepth]
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "**" {
                if segments.last != .anyDepth { segments.append(.anyDepth) }
            } else {
                segments.append(.name(try Glob.tokens(String(part), pattern: original)))
            }
        }
        return segments
    }

    /// The pattern's texts with each `{a,b,…}` replaced by each of its alternatives (innermost choices included);
    /// `\{`, `\}` and `\,` are literal and stay escaped for the tokenizer, and braces inside `[...]` are literal.
    static func expandBraces(_ pattern: String) throws(InvalidGlob) -> [String] {
        let chars = Array(pattern.unicodeScalars)
        var i = 0
        func invalid(_ reason: String) -> InvalidGlob { InvalidGlob(pattern: pattern, reason: reason) }
        /// Reads alternatives until `}` (when `inBraces`) or the end; returns the expanded texts of this level.
        func sequence(inBraces: Bool, depth: Int) throws(InvalidGlob) -> [[String]] {
            guard depth <= 16 else { throw invalid("braces nest deeper than 16") }
            var options: [[String]] = []
            var current = [""]
            while i < chars.count {
                let c = chars[i]
                switch c {
                case "\\":
                    let end = min(i + 2, chars.count)
                    let escaped = String(String.UnicodeScalarView(chars[i..<end]))
                    current = current.map { $0 + escaped }
                    i = end
                case "[":
                    // A class is copied whole: `[{]` is a brace character, not a choice.
                    var j = i + 1
                    if j < chars.count, chars[j] == "!" || chars[j] == "^" { j += 1 }
                    if j < chars.count, chars[j] == "]" { j += 1 }
                    while j < chars.count, chars[j] != "]" { j += 1 }
                    let end = min(j + 1, chars.count)
                    let text = String(String.UnicodeScalarView(chars[i..<end]))
                    current = current.map { $0 + text }
                    i = end
                case "{":
                    i += 1
                    let inner = try sequence(inBraces: true, depth: depth + 1)
                    let choices = inner.flatMap { $0 }
                    guard current.count * choices.count <= maxAlternatives else {
                        throw invalid("its braces expand to more than \(maxAlternatives) alternatives")
                    }
                    current = current.flatMap { prefix in choices.map { prefix + $0 } }
                case "}":
                    guard inBraces else {
                        throw invalid("'}' has no '{' before it (write '\\}' for a literal brace)")
                    }
                    i += 1
                    options.append(current)
                    return options
                case "," where inBraces:
                    options.append(current)
                    current = [""]
                    i += 1
                default:
                    current = current.map { $0 + String(c) }
                    i += 1
                }
            }
            guard !inBraces else { throw invalid("'{' is not closed by '}' (write '\\{' for a literal brace)") }
            options.append(current)
            return options
        }
        return try sequence(inBraces: false, depth: 0).flatMap { $0 }
    }

    static func literalNameSuffix(_ segments: [Segment]) -> [UInt8]? {
        guard segments.count == 2, segments[0] == .anyDepth, case .name(let tokens) = segments[1], tokens.count > 1,
            tokens[0] == .anyRun
        else { return nil }
        var suffix = ""
        for token in tokens.dropFirst() {
            guard case .literal(let c) = token else { return nil }
            suffix.unicodeScalars.append(c)
        }
        return Array(suffix.utf8)
    }

    static func tokens(_ part: String, pattern: String) throws(InvalidGlob) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(part.unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
                i += 1
            case "?":
                tokens.append(.anyOne)
                i += 1
            case "[":
                var j = i + 1
                var negated = false
                if j < chars.count, chars[j] == "!" || chars[j] == "^" {
                    negated = true
                    j += 1
                }
                var ranges: [ClosedRange<Unicode.Scalar>] = []
                var first = true
                while j < chars.count, chars[j] != "]" || first {
                    first = false
                    let low = chars[j]
                    if j + 2 < chars.count, chars[j + 1] == "-", chars[j + 2] != "]" {
                        let high = chars[j + 2]
                        guard low <= high else {
                            throw InvalidGlob(pattern: pattern, reason: "range '\(low)-\(high)' is reversed")
                        }
                        ranges.append(low...high)
                        j += 3
                    } else {
                        ranges.append(low...low)
                        j += 1
                    }
                }
                guard j < chars.count else {
                    throw InvalidGlob(pattern: pattern, reason: "'[' is not closed by ']'")
                }
                tokens.append(.set(ranges, negated: negated))
                i = j + 1
            case "\\":
                guard i + 1 < chars.count else {
                    throw InvalidGlob(pattern: pattern, reason: "it ends with a lone '\\'")
                }
                tokens.append(.literal(chars[i + 1]))
                i += 2
            default:
                tokens.append(.literal(c))
                i += 1
            }
        }
        return tokens
    }

    /// Matches a relative path with `/` separators.
    public func matches(_ path: String) -> Bool {
        if alternatives.count == 1 { return alternatives[0].matches(path) }
        return alternatives.contains { $0.matches(path) }
    }
}

extension Glob.Alternative {
    func matches(_ path: String) -> Bool {
        if let nameSuffix {
            // The last name (trailing slashes aside) ends with the suffix; UTF-8 suffixes are scalar suffixes.
            // Read on the bytes: every walked file is matched, and index arithmetic on a `Substring.UTF8View` is
            // slow.
            return path.withUTF8Bytes { utf8 in
                var end = utf8.count
                while end > 0, utf8[end - 1] == UInt8(ascii: "/") { end -= 1 }
                var start = end
                while start > 0, utf8[start - 1] != UInt8(ascii: "/") { start -= 1 }
                return end - start >= nameSuffix.count
                    && ASCIIText.matches(utf8, at: end - nameSuffix.count, nameSuffix)
            }
        }
        // Unicode scalars, not Characters (grapheme breaking is costly), in one stack buffer: matching runs for
        // every walked file and folder, several globs each.
        let count = path.unicodeScalars.count
        return withUnsafeTemporaryAllocation(of: Unicode.Scalar.self, capacity: count) { buffer in
            var n = 0
            for scalar in path.unicodeScalars {
                buffer[n] = scalar
                n += 1
            }
            var start = 0
            if n >= 2, buffer[0] == ".", buffer[1] == "/" { start = 2 }
            let scalars = UnsafeBufferPointer(rebasing: buffer[0..<n])
            return Glob.Matcher(segments: segments, path: scalars).match(from: start)
        }
    }
}

extension Glob {
    /// Matching state over one path. `**` matches any run of names and `*` any run of scalars in a name; every
    /// other segment takes exactly one name and every other token one scalar, so when a later star fails, no
    /// earlier star's choice can help that a resume from the latest star does not try: one resume point each
    /// (as in the classic wildcard matcher) keeps the work at names × segments, and scalars × tokens per name.
    struct Matcher {
        let segments: [Segment]
        let path: UnsafeBufferPointer<Unicode.Scalar>

        static func skipSlashes(_ path: UnsafeBufferPointer<Unicode.Scalar>, _ i: Int) -> Int {
            var i = i
            while i < path.count, path[i] == "/" { i += 1 }
            return i
        }

        func nameEnd(_ start: Int) -> Int {
            var i = start
            while i < path.count, path[i] != "/" { i += 1 }
            return i
        }

        /// The segments match the names from `start` on.
        func match(from start: Int) -> Bool {
            var segment = 0
            var position = Self.skipSlashes(path, start)
            // After the latest `**`: the segment after it, and the name it was tried against.
            var resume: (segment: Int, position: Int)?
            while true {
                if segment < segments.count {
                    switch segments[segment] {
                    case .anyDepth:
                        segment += 1
                        resume = (segment, position)
                        continue
                    case .name(let tokens):
                        if position < path.count {
                            let end = nameEnd(position)
                            if matchName(tokens, position, end) {
                                segment += 1
                                position = Self.skipSlashes(path, end)
                                continue
                            }
                        }
                    }
                } else if position == path.count {
                    return true
                }
                // A mismatch: the latest `**` takes one more name, and the segments after it try again.
                guard let last = resume, last.position < path.count else { return false }
                let next = Self.skipSlashes(path, nameEnd(last.position))
                resume = (last.segment, next)
                segment = last.segment
                position = next
            }
        }

        /// The tokens match the name `path[start..<end]` whole.
        func matchName(_ tokens: [Token], _ start: Int, _ end: Int) -> Bool {
            var token = 0
            var i = start
            var resume: (token: Int, i: Int)?
            while true {
                if token < tokens.count {
                    if case .anyRun = tokens[token] {
                        token += 1
                        resume = (token, i)
                        continue
                    }
                    if i < end, matchOne(tokens[token], path[i]) {
                        token += 1
                        i += 1
                        continue
                    }
                } else if i == end {
                    return true
                }
                guard let last = resume, last.i < end else { return false }
                resume = (last.token, last.i + 1)
                token = last.token
                i = last.i + 1
            }
        }

        func matchOne(_ token: Token, _ c: Unicode.Scalar) -> Bool {
            switch token {
            case .literal(let literal): return c == literal
            case .anyOne: return true
            case .set(let ranges, let negated): return ranges.contains { $0.contains(c) } != negated
            case .anyRun: return false
            }
        }
    }
}
