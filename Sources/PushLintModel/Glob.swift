/// A `.gitignore`-like glob over `/`-separated relative paths: `*` and `?` stay within a name, `[...]` is a
/// character class (`[!...]` negated), `**` spans folders, and a pattern without `/` matches a name at any depth.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    let segments: [Segment]

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
        var p = path
        if p.hasPrefix("./") { p.removeFirst(2) }
        // Unicode scalars, not Characters: matching runs for every walked file, and grapheme breaking is costly.
        let names = p.unicodeScalars.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        return Glob.match(segments[...], names[...])
    }

    static func match(_ segments: ArraySlice<Segment>, _ names: ArraySlice<[Unicode.Scalar]>) -> Bool {
        guard let first = segments.first else { return names.isEmpty }
        switch first {
        case .anyDepth:
            let rest = segments.dropFirst()
            var candidate = names
            while true {
                if match(rest, candidate) { return true }
                guard !candidate.isEmpty else { return false }
                candidate = candidate.dropFirst()
            }
        case .name(let tokens):
            guard let name = names.first, matchName(tokens[...], name[...]) else { return false }
            return match(segments.dropFirst(), names.dropFirst())
        }
    }

    static func matchName(_ tokens: ArraySlice<Token>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let token = tokens.first else { return name.isEmpty }
        switch token {
        case .anyRun:
            var candidate = name
            while true {
                if matchName(tokens.dropFirst(), candidate) { return true }
                guard !candidate.isEmpty else { return false }
                candidate = candidate.dropFirst()
            }
        case .anyOne:
            return !name.isEmpty && matchName(tokens.dropFirst(), name.dropFirst())
        case .literal(let c):
            return name.first == c && matchName(tokens.dropFirst(), name.dropFirst())
        case .set(let ranges, let negated):
            guard let c = name.first else { return false }
            let inSet = ranges.contains { $0.contains(c) }
            return inSet != negated && matchName(tokens.dropFirst(), name.dropFirst())
        }
    }
}
