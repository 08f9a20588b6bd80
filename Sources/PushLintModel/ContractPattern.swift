/// A contract field's `pattern`, compiled once when the contract is read. It is the regular-expression subset that
/// JSON Schema recommends for `pattern` (JSON Schema Validation §4.3, ECMA-262 syntax): literals and escapes, `.`,
/// classes (`[a-z0-9_]`, `[^/]`, `\d \w \s` and their negations), anchors `^ $`, groups `( )` and `(?: )`,
/// alternation `|` and the quantifiers `* + ? {n} {n,} {n,m}` (a lazy `?` after one changes nothing for a yes/no
/// match). Anything else (look-around, back-references, `\b`) is refused when the contract is read, with the reason.
/// Written here instead of using `Regex`, whose patterns are parsed at run time and whose engine is slow on the
/// per-value path of `contract-field-value`.
public struct ContractPattern: Sendable {
    // Node is an indirect enum of value types: immutable, shared across threads.
    public let source: String
    let root: Node

    public init?(_ source: String) {
        guard case .success(let root) = Self.compile(source) else { return nil }
        self.source = source
        self.root = root
    }

    /// Why `source` is not a pattern pushlint reads, or nil when it is.
    public static func problem(_ source: String) -> String? {
        if case .failure(let error) = compile(source) { return error.reason }
        return nil
    }

    /// Searches, like JSON Schema `pattern` (anchor with ^ and $ to match the whole value). A pattern that
    /// backtracks past a fixed budget on one value is taken as matching: no finding rather than a guess.
    public func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let budget = Budget()
        for start in 0...scalars.count {
            if Self.match(root, scalars, start, budget, { _ in true }) { return true }
            if budget.remaining <= 0 { return true }
        }
        return false
    }

    /// Steps left for one value: a class, so the nested continuations share it.
    final class Budget {
        var remaining = 200_000
    }

    // MARK: The compiled pattern

    indirect enum Node: Sendable {
        case scalar(Unicode.Scalar)
        case anyButNewline
        case set(ScalarSet)
        case lineStart, lineEnd
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var negated = false
        func contains(_ s: Unicode.Scalar) -> Bool { ranges.contains { $0.contains(s.value) } != negated }

        static let digit = ScalarSet(ranges: [0x30...0x39])
        static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        static let space = ScalarSet(ranges: [0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x2028...0x2029, 0xFEFF...0xFEFF])
    }

    // MARK: Matching (backtracking with a continuation, bounded by `budget`)

    static func match(_ node: Node, _ s: [Unicode.Scalar], _ i: Int, _ budget: Budget, _ next: (Int) -> Bool) -> Bool {
        budget.remaining -= 1
        if budget.remaining <= 0 { return false }
        switch node {
        case .scalar(let c): return i < s.count && s[i] == c && next(i + 1)
        case .anyButNewline: return i < s.count && s[i] != "\n" && s[i] != "\r" && next(i + 1)
        case .set(let set): return i < s.count && set.contains(s[i]) && next(i + 1)
        case .lineStart: return i == 0 && next(i)
        case .lineEnd: return i == s.count && next(i)
        case .sequence(let nodes): return sequence(nodes[...], s, i, budget, next)
        case .alternation(let branches):
            for branch in branches where match(branch, s, i, budget, next) { return true }
            return false
        case .repeated(let inner, let min, let max):
            return repeated(inner, min: min, max: max, count: 0, s, i, budget, next)
        }
    }

    static func sequence(
        _ nodes: ArraySlice<Node>, _ s: [Unicode.Scalar], _ i: Int, _ budget: Budget, _ next: (Int) -> Bool
    ) -> Bool {
        guard let first = nodes.first else { return next(i) }
        return match(first, s, i, budget) { j in sequence(nodes.dropFirst(), s, j, budget, next) }
    }

    /// Greedy: as many as allow the rest to match; an iteration that consumes nothing ends the repetition.
    static func repeated(
        _ node: Node, min: Int, max: Int?, count: Int, _ s: [Unicode.Scalar], _ i: Int, _ budget: Budget,
        _ next: (Int) -> Bool
    ) -> Bool {
        if max.map({ count < $0 }) ?? true,
            match(
                node, s, i, budget,
                { j in j != i && repeated(node, min: min, max: max, count: count + 1, s, j, budget, next) })
        {
            return true
        }
        return count >= min && next(i)
    }

    // MARK: Compiling

    struct CompileError: Error {
        var reason: String
    }

    static func compile(_ source: String) -> Result<Node, CompileError> {
        var parser = Parser(scalars: Array(source.unicodeScalars))
        do {
            let node = try parser.alternation(depth: 0)
            guard parser.i == parser.scalars.count else { throw CompileError(reason: "unbalanced ')'") }
            return .success(node)
        } catch let error as CompileError {
            return .failure(error)
        } catch {
            return .failure(CompileError(reason: "\(error)"))
        }
    }

    struct Parser {
        let scalars: [Unicode.Scalar]
        var i = 0

        var peek: Unicode.Scalar? { i < scalars.count ? scalars[i] : nil }

        mutating func alternation(depth: Int) throws -> Node {
            guard depth < 64 else { throw CompileError(reason: "groups nested deeper than 64") }
            var branches = [try sequence(depth: depth)]
            while peek == "|" {
                i += 1
                branches.append(try sequence(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func sequence(depth: Int) throws -> Node {
            var nodes: [Node] = []
            while let c = peek, c != "|", c != ")" {
                let atom = try self.atom(depth: depth)
                nodes.append(try quantified(atom))
            }
            return nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        mutating func atom(depth: Int) throws -> Node {
            let c = scalars[i]
            i += 1
            switch c {
            case "(":
                if peek == "?" {
                    guard i + 1 < scalars.count, scalars[i + 1] == ":" else {
                        throw CompileError(reason: "look-around and named groups are not supported; use ( ) or (?: )")
                    }
                    i += 2
                }
                let inner = try alternation(depth: depth + 1)
                guard peek == ")" else { throw CompileError(reason: "unclosed '('") }
                i += 1
                return inner
            case "[": return .set(try set())
            case ".": return .anyButNewline
            case "^": return .lineStart
            case "$": return .lineEnd
            case "\\": return try escape(inSet: false).node
            case "*", "+", "?", "{":
                throw CompileError(reason: "'\(c)' has nothing to repeat")
            default: return .scalar(c)
            }
        }

        mutating func quantified(_ atom: Node) throws -> Node {
            guard let c = peek else { return atom }
            var bounds: (Int, Int?)
            switch c {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let counted = countedBounds() else { return atom }
                bounds = counted
            default: return atom
            }
            if c != "{" { i += 1 }
            if let max = bounds.1, max < bounds.0 { throw CompileError(reason: "{\(bounds.0),\(max)} counts down") }
            if peek == "?" { i += 1 }  // lazy: the same yes/no answer
            if peek == "+" { throw CompileError(reason: "possessive quantifiers are not supported") }
            return .repeated(atom, min: bounds.0, max: bounds.1)
        }

        /// `{n}`, `{n,}` or `{n,m}` at `i`, consumed; nil (and nothing consumed) when the brace is a literal.
        mutating func countedBounds() -> (Int, Int?)? {
            var j = i + 1
            func number() -> Int? {
                var value: Int?
                while j < scalars.count, let digit = Int(String(scalars[j])), digit >= 0, digit <= 9 {
                    value = min((value ?? 0) * 10 + digit, 100_000)
                    j += 1
                }
                return value
            }
            guard let low = number() else { return nil }
            var high: Int? = low
            if j < scalars.count, scalars[j] == "," {
                j += 1
                high = number()
            }
            guard j < scalars.count, scalars[j] == "}" else { return nil }
            i = j + 1
            return (low, high)
        }

        mutating func set() throws -> ScalarSet {
            var result = ScalarSet()
            if peek == "^" {
                result.negated = true
                i += 1
            }
            var first = true
            while let c = peek, c != "]" || first {
                first = false
                i += 1
                var low: UInt32
                if c == "\\" {
                    let escaped = try escape(inSet: true)
                    if let set = escaped.set {
                        guard !set.negated else {
                            throw CompileError(reason: "\\D, \\W and \\S inside [ ] are not supported")
                        }
                        result.ranges += set.ranges
                        continue
                    }
                    low = escaped.scalar?.value ?? 0
                } else {
                    low = c.value
                }
                if peek == "-", i + 1 < scalars.count, scalars[i + 1] != "]" {
                    i += 1
                    var high = scalars[i].value
                    i += 1
                    if high == 0x5C {
                        guard let scalar = try escape(inSet: true).scalar else {
                            throw CompileError(reason: "a class shorthand cannot end a range")
                        }
                        high = scalar.value
                    }
                    guard low <= high else { throw CompileError(reason: "a range in [ ] runs backwards") }
                    result.ranges.append(low...high)
                } else {
                    result.ranges.append(low...low)
                }
            }
            guard peek == "]" else { throw CompileError(reason: "unclosed '['") }
            i += 1
            return result
        }

        /// The escape after a backslash (already consumed): a scalar, or a class shorthand.
        mutating func escape(inSet: Bool) throws -> (node: Node, scalar: Unicode.Scalar?, set: ScalarSet?) {
            guard let c = peek else { throw CompileError(reason: "the pattern ends with '\\'") }
            i += 1
            func shorthand(_ set: ScalarSet, negated: Bool) -> (Node, Unicode.Scalar?, ScalarSet?) {
                var set = set
                set.negated = negated
                return (.set(set), nil, set)
            }
            func scalar(_ s: Unicode.Scalar) -> (Node, Unicode.Scalar?, ScalarSet?) { (.scalar(s), s, nil) }
            switch c {
            case "d": return shorthand(.digit, negated: false)
            case "D": return shorthand(.digit, negated: true)
            case "w": return shorthand(.word, negated: false)
            case "W": return shorthand(.word, negated: true)
            case "s": return shorthand(.space, negated: false)
            case "S": return shorthand(.space, negated: true)
            case "n": return scalar("\n")
            case "t": return scalar("\t")
            case "r": return scalar("\r")
            case "f": return scalar("\u{0C}")
            case "v": return scalar("\u{0B}")
            case "u":
                guard i + 4 <= scalars.count,
                    let value = UInt32(String(String.UnicodeScalarView(scalars[i..<i + 4])), radix: 16),
                    let s = Unicode.Scalar(value)
                else { throw CompileError(reason: "\\u needs four hex digits") }
                i += 4
                return scalar(s)
            case "b" where inSet: return scalar("\u{08}")
            default:
                if c.properties.isAlphabetic || ("0"..."9").contains(c) {
                    throw CompileError(
                        reason: "\\\(c) is not supported (word boundaries, back-references and other escapes)")
                }
                return scalar(c)
            }
        }
    }
}
