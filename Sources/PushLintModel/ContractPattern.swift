/// A contract field's `pattern`, compiled once when the contract is read. It is the regular-expression subset that
/// JSON Schema recommends for `pattern` (JSON Schema Validation §4.3, ECMA-262 syntax): literals and escapes, `.`,
/// classes (`[a-z0-9_]`, `[^/]`, `\d \w \s` and their negations), anchors `^ $`, groups `( )` and `(?: )`,
/// alternation `|` and the quantifiers `* + ? {n} {n,} {n,m}` (a lazy `?` after one changes nothing for a yes/no
/// match). Anything else (look-around, back-references, `\b`) is refused when the contract is read, with the reason.
/// Written here instead of using `Regex`, whose patterns are parsed at run time and whose engine is slow on the
/// per-value path of `contract-field-value`.
public struct ContractPattern: Sendable {
    public let source: String
    /// The pattern as a Thompson automaton: matched by simulating every thread at once, so the time is linear in
    /// the value (times the automaton's size) and nothing recurses per character.
    let program: [Instruction]

    public init?(_ source: String) {
        guard case .success(let program) = Self.compile(source) else { return nil }
        self.source = source
        self.program = program
    }

    /// Why `source` is not a pattern pushlint reads, or nil when it is.
    public static func problem(_ source: String) -> String? {
        if case .failure(let error) = compile(source) { return error.reason }
        return nil
    }

    /// The answer for one value. `tooComplex` is the honest answer when the simulation would pass its step
    /// budget: neither a pass nor a finding on the value itself.
    public enum Outcome: Sendable, Equatable {
        case matched, notMatched, tooComplex
    }

    /// Searches, like JSON Schema `pattern` (anchor with ^ and $ to match the whole value).
    public func matches(_ text: String) -> Bool { check(text) == .matched }

    /// The automaton's size (at most `maxInstructions`) times the value's length bounds the work; the budget
    /// lets every pattern of a usual size through on values of any length and stops an oversized one early.
    public func check(_ text: String) -> Outcome {
        let scalars = Array(text.unicodeScalars)
        var budget = Self.baseSteps + Self.stepsPerScalar * scalars.count
        var current = ThreadList(capacity: program.count)
        var next = ThreadList(capacity: program.count)
        var stack: [Int] = []
        for i in 0...scalars.count {
            // A search: a new thread starts at every position (a `^` thread dies at once past the start).
            if addThread(0, at: i, count: scalars.count, to: &current, stack: &stack, budget: &budget) {
                return .matched
            }
            if budget < 0 { return .tooComplex }
            guard i < scalars.count else { break }
            let scalar = scalars[i]
            next.clear()
            for pc in current.members {
                let advances: Bool
                switch program[pc] {
                case .scalar(let c): advances = scalar == c
                case .anyButNewline: advances = scalar != "\n" && scalar != "\r"
                case .set(let set): advances = set.contains(scalar)
                default: advances = false
                }
                if advances,
                    addThread(pc + 1, at: i + 1, count: scalars.count, to: &next, stack: &stack, budget: &budget)
                {
                    return .matched
                }
            }
            if budget < 0 { return .tooComplex }
            swap(&current, &next)
        }
        return .notMatched
    }

    static let baseSteps = 1_000_000
    static let stepsPerScalar = 64
    /// Counted repetitions are written out (`a{3}` is `aaa`): past this size a pattern is refused when the
    /// contract is read, so one value never costs more than its length times this.
    static let maxInstructions = 20_000
    /// The nodes written out while compiling: a few per instruction in any pattern under `maxInstructions` (groups
    /// nest at most 64 deep), so it refuses only repetitions of what writes nothing.
    static let maxExpansions = 8 * maxInstructions

    /// Follows the jumps from `start` (without reading a character) and adds every instruction that reads one to
    /// `list`; true when the match instruction is reached. Iterative: an explicit stack, no recursion.
    private func addThread(
        _ start: Int, at i: Int, count: Int, to list: inout ThreadList, stack: inout [Int], budget: inout Int
    ) -> Bool {
        stack.removeAll(keepingCapacity: true)
        stack.append(start)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            budget -= 1
            switch program[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .lineStart: if i == 0 { stack.append(pc + 1) }
            case .lineEnd: if i == count { stack.append(pc + 1) }
            case .scalar, .anyButNewline, .set: break
            }
        }
        return false
    }

    /// A sparse set of instruction indices: insertion and clearing in constant time.
    struct ThreadList {
        var members: [Int] = []
        var slot: [Int]

        init(capacity: Int) {
            slot = Array(repeating: -1, count: capacity)
            members.reserveCapacity(capacity)
        }

        /// Adds `pc`; false when it was already there.
        mutating func insert(_ pc: Int) -> Bool {
            let s = slot[pc]
            if s >= 0, s < members.count, members[s] == pc { return false }
            slot[pc] = members.count
            members.append(pc)
            return true
        }

        mutating func clear() { members.removeAll(keepingCapacity: true) }
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

    enum Instruction: Sendable {
        case scalar(Unicode.Scalar)
        case anyButNewline
        case set(ScalarSet)
        case lineStart, lineEnd
        case split(Int, Int)
        case jump(Int)
        case match
    }

    struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        var negated = false
        func contains(_ s: Unicode.Scalar) -> Bool { ranges.contains { $0.contains(s.value) } != negated }

        static let digit = ScalarSet(ranges: [0x30...0x39])
        static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        static let space = ScalarSet(ranges: [0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x2028...0x2029, 0xFEFF...0xFEFF])
    }

    /// Writes the parsed pattern as instructions (Thompson's construction).
    struct Emitter {
        var program: [Instruction] = []
        /// Every node written out, including those that write no instruction (an empty group, `a{0}`): the
        /// instruction count alone let `((){100000}){100000}` expand 10^10 empty nodes while the contract was read.
        var expansions = 0

        mutating func emit(_ node: Node) throws {
            expansions += 1
            guard program.count <= ContractPattern.maxInstructions, expansions <= ContractPattern.maxExpansions else {
                throw CompileError(
                    reason:
                        "its counted repetitions write out to more than \(ContractPattern.maxInstructions) steps; use smaller counts"
                )
            }
            switch node {
            case .scalar(let c): program.append(.scalar(c))
            case .anyButNewline: program.append(.anyButNewline)
            case .set(let set): program.append(.set(set))
            case .lineStart: program.append(.lineStart)
            case .lineEnd: program.append(.lineEnd)
            case .sequence(let nodes): for node in nodes { try emit(node) }
            case .alternation(let branches):
                // split(b1, L2) b1 jump(end) L2: split(b2, L3) b2 jump(end) ... bn
                var jumps: [Int] = []
                for (index, branch) in branches.enumerated() {
                    if index < branches.count - 1 {
                        let split = program.count
                        program.append(.match)  // patched below
                        try emit(branch)
                        jumps.append(program.count)
                        program.append(.match)  // patched below
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumps { program[jump] = .jump(program.count) }
            case .repeated(let inner, let min, let max):
                for _ in 0..<min { try emit(inner) }
                if let max {
                    // Each optional copy may be skipped to the end.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(program.count)
                        program.append(.match)  // patched below
                        try emit(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    // loop: split(body, end) body jump(loop)
                    let loop = program.count
                    program.append(.match)  // patched below
                    try emit(inner)
                    program.append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }

    // MARK: Compiling

    struct CompileError: Error {
        var reason: String
    }

    static func compile(_ source: String) -> Result<[Instruction], CompileError> {
        var parser = Parser(scalars: Array(source.unicodeScalars))
        do {
            let node = try parser.alternation(depth: 0)
            guard parser.i == parser.scalars.count else { throw CompileError(reason: "unbalanced ')'") }
            var emitter = Emitter()
            try emitter.emit(node)
            emitter.program.append(.match)
            return .success(emitter.program)
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
