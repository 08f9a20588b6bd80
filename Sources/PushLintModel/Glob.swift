/// A `.gitignore`-like glob over `/`-separated relative paths: `*` and `?` stay within a name, `[...]` is a
/// character class (`[!...]` negated), `**` spans folders, and a pattern without `/` matches a name at any depth.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    let segments: [Segment]
    /// For the common `**/*.json` shape (any folder, a name ending in literal text): that text's UTF-8, so that
    /// matching is a suffix test on the last name.
    let nameSuffix: [UInt8]?

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

    public init(_ pattern: String) throws(InvalidGlob) {
        self.pattern = pattern
        guard !pattern.isEmpty else { throw InvalidGlob(pattern: pattern, reason: "it is empty") }
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
                segments.append(.name(try Glob.tokens(String(part), pattern: pattern)))
            }
        }
        self.segments = segments
        nameSuffix = Glob.literalNameSuffix(segments)
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
        if let nameSuffix {
            // The last name (trailing slashes aside) ends with the suffix; UTF-8 suffixes are scalar suffixes.
            // Read on the bytes: index arithmetic on a `Substring.UTF8View` cost more than the rest of a walk.
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
            return Matcher(segments: segments, path: scalars).match(0, Matcher.skipSlashes(scalars, start))
        }
    }

    /// Matching state over one path: names are ranges of `path` between `/`s, found as the match goes.
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

        /// Segments from `segment` on match the names from `position` (the start of a name, or the end).
        func match(_ segment: Int, _ position: Int) -> Bool {
            guard segment < segments.count else { return position == path.count }
            switch segments[segment] {
            case .anyDepth:
                var candidate = position
                while true {
                    if match(segment + 1, candidate) { return true }
                    guard candidate < path.count else { return false }
                    candidate = Self.skipSlashes(path, nameEnd(candidate))
                }
            case .name(let tokens):
                guard position < path.count else { return false }
                let end = nameEnd(position)
                return matchName(tokens, 0, position, end) && match(segment + 1, Self.skipSlashes(path, end))
            }
        }

        func matchName(_ tokens: [Token], _ token: Int, _ i: Int, _ end: Int) -> Bool {
            guard token < tokens.count else { return i == end }
            switch tokens[token] {
            case .anyRun:
                var candidate = i
                while true {
                    if matchName(tokens, token + 1, candidate, end) { return true }
                    guard candidate < end else { return false }
                    candidate += 1
                }
            case .anyOne:
                return i < end && matchName(tokens, token + 1, i + 1, end)
            case .literal(let c):
                return i < end && path[i] == c && matchName(tokens, token + 1, i + 1, end)
            case .set(let ranges, let negated):
                guard i < end else { return false }
                let c = path[i]
                let inSet = ranges.contains { $0.contains(c) }
                return inSet != negated && matchName(tokens, token + 1, i + 1, end)
            }
        }
    }
}
