// The parser as it was before the performance work (commit 445e332), kept as the reference that
// DifferentialTests compare the fast parser with: same nodes, same errors, same issues. Do not optimise it.
@testable import PushLintJSON

enum ReferenceJSONParser {
    static func parse(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) -> JSONParseResult {
        if bytes.count > options.maxBytes {
            return JSONParseResult(
                document: nil,
                error: JSONError(
                    .limit, "file is \(bytes.count) bytes, more than the limit of \(options.maxBytes) bytes", at: 0,
                    length: 0),
                issues: [])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = RefParser(input: buffer, options: options)
            var error = parser.run()
            // An error never reaches past the end of the input.
            if let e = error { error?.length = max(0, min(e.length, bytes.count - e.offset)) }
            let document = error == nil ? JSONDocument(bytes: bytes, nodes: parser.nodes, mode: options.mode) : nil
            return JSONParseResult(document: document, error: error, issues: parser.issues)
        }
    }

    static func parse(_ text: String, options: JSONParseOptions = JSONParseOptions()) -> JSONParseResult {
        parse(Array(text.utf8), options: options)
    }
}

private struct RefFrame {
    var node: Int
    var isObject: Bool
    /// Where this object's keys start in `RefParser.keyStack` (duplicate detection).
    var keyBase: Int
    /// Children (array elements, object members) so far.
    var children: UInt32 = 0
    /// Index into `RefParser.keyIndexes` once the object is big enough to hash its keys; -1 before.
    var keyIndex: Int = -1
}

private struct RefParser {
    let input: UnsafeBufferPointer<UInt8>
    let options: JSONParseOptions
    var i = 0
    var nodes: [JSONNode] = []
    var issues: [JSONIssue] = []
    var stack: [RefFrame] = []
    /// Key nodes of every open object, innermost last; one shared buffer instead of an array per object.
    var keyStack: [Int] = []
    /// Hashed keys of open objects with many members.
    var keyIndexes: [[Int: [Int]]] = []
    let allowComments: Bool
    let open: [UInt8]
    let close: [UInt8]

    init(input: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) {
        self.input = input
        self.options = options
        switch options.mode {
        case .strict:
            allowComments = false
            open = []
            close = []
        case .jsonc:
            allowComments = true
            open = []
            close = []
        case .template(let o, let c):
            allowComments = false
            open = Array(o.utf8)
            close = Array(c.utf8)
        }
        nodes.reserveCapacity(max(16, input.count / 8))
    }

    // MARK: Driver

    mutating func run() -> JSONError? {
        if let error = checkEncoding() { return error }
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            issues.append(JSONIssue(kind: .byteOrderMark, span: ByteSpan(0, 3)))
            i = 3
        }
        if let error = skipSpace() { return error }
        guard i < input.count else {
            return JSONError(.syntax, "expected a JSON value, found the end of the file", at: i, length: 0)
        }
        if let error = parseValues() { return error }
        if let error = skipSpace() { return error }
        if i < input.count {
            return JSONError(.syntax, "expected the end of the file after the JSON value, found \(describe(i))", at: i)
        }
        return nil
    }

    /// UTF-16 and UTF-32 files are recognised by their BOM or their zero bytes before any JSON is read.
    func checkEncoding() -> JSONError? {
        let n = input.count
        if n >= 4, input[0] == 0, input[1] == 0, input[2] == 0xFE, input[3] == 0xFF {
            return JSONError(.encoding, "file is UTF-32 (big-endian byte-order mark); save it as UTF-8", at: 0, length: 4)
        }
        if n >= 4, input[0] == 0xFF, input[1] == 0xFE, input[2] == 0, input[3] == 0 {
            return JSONError(.encoding, "file is UTF-32 (little-endian byte-order mark); save it as UTF-8", at: 0, length: 4)
        }
        if n >= 2, input[0] == 0xFE, input[1] == 0xFF {
            return JSONError(.encoding, "file is UTF-16 (big-endian byte-order mark); save it as UTF-8", at: 0, length: 2)
        }
        if n >= 2, input[0] == 0xFF, input[1] == 0xFE {
            return JSONError(.encoding, "file is UTF-16 (little-endian byte-order mark); save it as UTF-8", at: 0, length: 2)
        }
        if n >= 2, input[0] == 0, input[1] != 0 {
            return JSONError(.encoding, "file looks like UTF-16 big-endian (zero bytes between characters); save it as UTF-8", at: 0, length: 2)
        }
        if n >= 2, input[0] != 0, input[1] == 0 {
            return JSONError(.encoding, "file looks like UTF-16 little-endian (zero bytes between characters); save it as UTF-8", at: 0, length: 2)
        }
        return nil
    }

    /// Parses one value and, iteratively, everything nested in it.
    mutating func parseValues() -> JSONError? {
        // Parse the first value; containers push frames, and the loop below continues them.
        if let error = parseValueStart() { return error }
        while let top = stack.last {
            if let error = skipSpace() { return error }
            guard i < input.count else {
                let what = top.isObject ? "'}'" : "']'"
                return JSONError(.syntax, "expected \(what) to close the \(top.isObject ? "object" : "array") opened at offset \(nodes[top.node].start), found the end of the file", at: i, length: 0)
            }
            let c = input[i]
            let closing: UInt8 = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isFirst = nodes.count == top.node + 1
            if c == closing {
                if !isFirst && lastWasComma && !allowComments {
                    return JSONError(.syntax, "trailing comma before '\(Character(UnicodeScalar(closing)))'", at: commaOffset)
                }
                i += 1
                closeContainer()
                continue
            }
            if !isFirst {
                if lastWasComma {
                    if c == UInt8(ascii: ",") {
                        return JSONError(.syntax, "expected a value after ',', found another ','", at: i)
                    }
                } else {
                    guard c == UInt8(ascii: ",") else {
                        let want = top.isObject ? "',' or '}'" : "',' or ']'"
                        return JSONError(.syntax, "expected \(want), found \(describe(i))", at: i)
                    }
                    lastWasComma = true
                    commaOffset = i
                    i += 1
                    continue
                }
            }
            lastWasComma = false
            if top.isObject {
                if let error = parseMemberStart() { return error }
            } else {
                if let error = parseValueStart() { return error }
            }
        }
        return nil
    }

    var lastWasComma = false
    var commaOffset = 0

    mutating func closeContainer() {
        guard let frame = stack.popLast() else { return }
        if frame.isObject {
            keyStack.removeLast(keyStack.count - frame.keyBase)
            if frame.keyIndex >= 0 { keyIndexes.removeLast() }
        }
        nodes[frame.node].end = UInt32(i)
        nodes[frame.node].next = UInt32(nodes.count)
        lastWasComma = false
    }

    var currentParent: UInt32 { stack.last.map { UInt32($0.node) } ?? JSONNode.noParent }

    /// The position of the next child in its container: a key and its value share their member's position.
    mutating func takeOrdinal(isKey: Bool) -> UInt32 {
        guard !stack.isEmpty else { return 0 }
        let top = stack.count - 1
        let ordinal = stack[top].children
        if !isKey { stack[top].children += 1 }
        return ordinal
    }

    mutating func parseMemberStart() -> JSONError? {
        guard input[i] == UInt8(ascii: "\"") else {
            if input[i] == UInt8(ascii: "'") {
                return JSONError(.syntax, "expected a key in double quotes, found a single quote", at: i)
            }
            return JSONError(.syntax, "expected a key in double quotes, found \(describe(i))", at: i)
        }
        let keyNode = nodes.count
        if let error = parseString(kind: .key) { return error }
        noteKey(keyNode)
        if let error = skipSpace() { return error }
        guard i < input.count else {
            return JSONError(.syntax, "expected ':' after the key, found the end of the file", at: i, length: 0)
        }
        guard input[i] == UInt8(ascii: ":") else {
            return JSONError(.syntax, "expected ':' after the key, found \(describe(i))", at: i)
        }
        i += 1
        if let error = skipSpace() { return error }
        return parseValueStart()
    }

    /// Parses a scalar, or opens a container (pushing a frame).
    mutating func parseValueStart() -> JSONError? {
        guard i < input.count else {
            return JSONError(.syntax, "expected a value, found the end of the file", at: i, length: 0)
        }
        let c = input[i]
        if !open.isEmpty, matches(open, at: i) {
            return parsePlaceholder()
        }
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if stack.count >= options.maxDepth {
                return JSONError(.limit, "nesting is deeper than \(options.maxDepth) levels", at: i)
            }
            let isObject = c == UInt8(ascii: "{")
            let ordinal = takeOrdinal(isKey: false)
            nodes.append(JSONNode(kind: isObject ? .object : .array, flags: 0, start: UInt32(i), end: UInt32(i + 1), next: 0, parent: currentParent, ordinal: ordinal))
            stack.append(RefFrame(node: nodes.count - 1, isObject: isObject, keyBase: keyStack.count))
            lastWasComma = false
            i += 1
            return nil
        case UInt8(ascii: "\""):
            return parseString(kind: .string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return parseNumber()
        case UInt8(ascii: "t"):
            return parseLiteral("true", kind: .bool, flags: JSONNode.isTrue)
        case UInt8(ascii: "f"):
            return parseLiteral("false", kind: .bool, flags: 0)
        case UInt8(ascii: "n"):
            return parseLiteral("null", kind: .null, flags: 0)
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            return JSONError(.syntax, "expected a value, found \(describe(i))", at: i)
        default:
            return JSONError(.syntax, "expected a value, found \(describe(i))", at: i)
        }
    }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= input.count else { return false }
        for k in 0..<pattern.count where input[offset + k] != pattern[k] { return false }
        return true
    }

    mutating func parsePlaceholder() -> JSONError? {
        let start = i
        // `{{{ raw }}}` closes with one more brace than `{{ }}`.
        var closer = close
        var j = i + open.count
        if open.last == UInt8(ascii: "{"), j < input.count, input[j] == UInt8(ascii: "{") {
            closer = [UInt8(ascii: "}")] + close
            j += 1
        }
        while j < input.count {
            if input[j] == UInt8(ascii: "\n") {
                return JSONError(.syntax, "placeholder is not closed on its line: expected '\(String(decoding: closer, as: UTF8.self))'", at: start, length: j - start)
            }
            if matches(closer, at: j) {
                i = j + closer.count
                nodes.append(JSONNode(kind: .placeholder, flags: 0, start: UInt32(start), end: UInt32(i), next: UInt32(nodes.count + 1), parent: currentParent, ordinal: takeOrdinal(isKey: false)))
                return nil
            }
            j += 1
        }
        return JSONError(.syntax, "placeholder is not closed: expected '\(String(decoding: closer, as: UTF8.self))'", at: start, length: j - start)
    }

    mutating func parseLiteral(_ word: StaticString, kind: JSONKind, flags: UInt8) -> JSONError? {
        let start = i
        let count = word.utf8CodeUnitCount
        let expected = word.withUTF8Buffer { Array($0) }
        for k in 0..<count {
            guard i + k < input.count, input[i + k] == expected[k] else {
                let upto = min(i + k, input.count)
                return JSONError(.syntax, "expected '\(word)', found \(i + k < input.count ? describe(i + k) : "the end of the file")", at: start, length: max(1, upto - start))
            }
        }
        i += count
        if i < input.count, isIdentifierByte(input[i]) {
            return JSONError(.syntax, "expected ',' or the end of the value after '\(word)', found \(describe(i))", at: i)
        }
        nodes.append(JSONNode(kind: kind, flags: flags, start: UInt32(start), end: UInt32(i), next: UInt32(nodes.count + 1), parent: currentParent, ordinal: takeOrdinal(isKey: kind == .key)))
        return nil
    }

    func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
    }

    mutating func parseNumber() -> JSONError? {
        let start = i
        var isInteger = true
        if input[i] == UInt8(ascii: "-") {
            i += 1
            guard i < input.count, isDigit(input[i]) else {
                return JSONError(.syntax, "expected a digit after '-', found \(i < input.count ? describe(i) : "the end of the file")", at: start, length: i - start + 1)
            }
        }
        if input[i] == UInt8(ascii: "0") {
            i += 1
            if i < input.count, isDigit(input[i]) {
                return JSONError(.syntax, "numbers cannot have leading zeros", at: start, length: i - start + 1)
            }
        } else {
            while i < input.count, isDigit(input[i]) { i += 1 }
        }
        if i < input.count, input[i] == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard i < input.count, isDigit(input[i]) else {
                return JSONError(.syntax, "expected a digit after the decimal point, found \(i < input.count ? describe(i) : "the end of the file")", at: i)
            }
            while i < input.count, isDigit(input[i]) { i += 1 }
        }
        if i < input.count, input[i] == UInt8(ascii: "e") || input[i] == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            if i < input.count, input[i] == UInt8(ascii: "+") || input[i] == UInt8(ascii: "-") { i += 1 }
            guard i < input.count, isDigit(input[i]) else {
                return JSONError(.syntax, "expected a digit in the exponent, found \(i < input.count ? describe(i) : "the end of the file")", at: i)
            }
            while i < input.count, isDigit(input[i]) { i += 1 }
        }
        if i < input.count, isIdentifierByte(input[i]) || input[i] == UInt8(ascii: ".") || input[i] >= 0x80 {
            return JSONError(.syntax, "expected ',' or the end of the number, found \(describe(i))", at: i)
        }
        nodes.append(JSONNode(kind: .number, flags: isInteger ? JSONNode.isInteger : 0, start: UInt32(start), end: UInt32(i), next: UInt32(nodes.count + 1), parent: currentParent, ordinal: takeOrdinal(isKey: false)))
        return nil
    }

    @inline(__always) func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    mutating func parseString(kind: JSONKind) -> JSONError? {
        let start = i
        i += 1
        var flags: UInt8 = 0
        while true {
            i = RefParser.skipPlainStringBytes(input, from: i)
            guard i < input.count else {
                return JSONError(.syntax, "string is not closed: expected '\"' before the end of the file", at: start, length: i - start)
            }
            let c = input[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                break
            }
            if c == UInt8(ascii: "\\") {
                flags |= JSONNode.hasEscapes
                if let error = parseEscape() { return error }
                continue
            }
            if c < 0x20 {
                let name = c == 0x0A ? "a line break" : c == 0x09 ? "a tab" : "control character U+\(hex4(UInt32(c)))"
                let fix = c == 0x0A ? " (write \\n)" : c == 0x09 ? " (write \\t)" : ""
                return JSONError(.syntax, "\(name) is not allowed inside a string\(fix)", at: i)
            }
            let length = utf8SequenceLength(at: i)
            if length == 0 {
                issues.append(JSONIssue(kind: .invalidUTF8, span: ByteSpan(i, i + 1)))
                i += 1
            } else {
                i += length
            }
        }
        nodes.append(JSONNode(kind: kind, flags: flags, start: UInt32(start), end: UInt32(i), next: UInt32(nodes.count + 1), parent: currentParent, ordinal: takeOrdinal(isKey: kind == .key)))
        return nil
    }

    /// Skips bytes that need no attention inside a string (not `"`, `\\`, a control character or non-ASCII),
    /// eight at a time: the string scan is where a parser spends most of its time.
    @inline(__always) static func skipPlainStringBytes(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var j = start
        let count = input.count
        guard let base = input.baseAddress else { return j }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while j + 8 <= count {
            let x = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
            let quote = x ^ (ones &* 0x22)
            let backslash = x ^ (ones &* 0x5C)
            let hasQuote = (quote &- ones) & ~quote
            let hasBackslash = (backslash &- ones) & ~backslash
            let hasControl = (x &- ones &* 0x20) & ~x
            if (hasQuote | hasBackslash | hasControl | x) & highs != 0 { break }
            j += 8
        }
        while j < count {
            let c = base[j]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            j += 1
        }
        return j
    }

    /// Length of a well-formed UTF-8 sequence starting at `at` (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF), or 0.
    func utf8SequenceLength(at: Int) -> Int {
        let b0 = input[at]
        func cont(_ k: Int) -> UInt8? {
            guard at + k < input.count else { return nil }
            let b = input[at + k]
            return b & 0xC0 == 0x80 ? b : nil
        }
        switch b0 {
        case 0xC2...0xDF:
            return cont(1) != nil ? 2 : 0
        case 0xE0...0xEF:
            guard let b1 = cont(1), cont(2) != nil else { return 0 }
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }
            if b0 == 0xED && b1 >= 0xA0 { return 0 }
            return 3
        case 0xF0...0xF4:
            guard let b1 = cont(1), cont(2) != nil, cont(3) != nil else { return 0 }
            if b0 == 0xF0 && b1 < 0x90 { return 0 }
            if b0 == 0xF4 && b1 >= 0x90 { return 0 }
            return 4
        default:
            return 0
        }
    }

    mutating func parseEscape() -> JSONError? {
        let start = i
        i += 1
        guard i < input.count else {
            return JSONError(.syntax, "escape is not finished before the end of the file", at: start, length: 1)
        }
        switch input[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
            return nil
        case UInt8(ascii: "u"):
            i += 1
            guard let unit = readHex4() else {
                return JSONError(.syntax, "expected four hex digits after \\u", at: start, length: min(6, input.count - start))
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                if i + 1 < input.count, input[i] == UInt8(ascii: "\\"), input[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    if let low = readHex4() {
                        if low >= 0xDC00 && low <= 0xDFFF { return nil }
                        issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, start + 6)))
                        i = save
                        return nil
                    }
                    return JSONError(.syntax, "expected four hex digits after \\u", at: save, length: min(6, input.count - save))
                }
                issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, i)))
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, i)))
            }
            return nil
        default:
            return JSONError(.syntax, "invalid escape '\\\(printable(input[i]))': JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: start, length: 2)
        }
    }

    mutating func readHex4() -> UInt32? {
        guard i + 4 <= input.count else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            let c = input[i + k]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        i += 4
        return value
    }

    // MARK: Keys

    mutating func noteKey(_ keyNode: Int) {
        guard !stack.isEmpty else { return }
        let top = stack.count - 1
        let frame = stack[top]
        if frame.keyIndex >= 0 {
            let hash = keyHash(keyNode)
            if let candidates = keyIndexes[frame.keyIndex][hash] {
                for other in candidates where keysEqual(other, keyNode) {
                    // Only first occurrences are remembered: 100 000 copies of one key stay linear.
                    reportDuplicate(keyNode, other)
                    return
                }
            }
            keyIndexes[frame.keyIndex][hash, default: []].append(keyNode)
            return
        }
        var k = frame.keyBase
        while k < keyStack.count {
            if keysEqual(keyStack[k], keyNode) {
                reportDuplicate(keyNode, keyStack[k])
                return
            }
            k += 1
        }
        keyStack.append(keyNode)
        // Linear search is fastest for the small objects payloads have; hash big ones.
        if keyStack.count - frame.keyBase > 16 {
            var index: [Int: [Int]] = [:]
            for key in keyStack[frame.keyBase...] { index[keyHash(key), default: []].append(key) }
            keyIndexes.append(index)
            stack[top].keyIndex = keyIndexes.count - 1
        }
    }

    mutating func reportDuplicate(_ key: Int, _ first: Int) {
        issues.append(JSONIssue(kind: .duplicateKey(key: key, firstKey: first), span: ByteSpan(Int(nodes[key].start), Int(nodes[key].end))))
    }

    func keysEqual(_ a: Int, _ b: Int) -> Bool { RefParser.keysEqual(input, nodes[a], nodes[b]) }
    func keyHash(_ node: Int) -> Int { RefParser.keyHash(input, nodes[node]) }

    // Static, on plain values: a non-mutating method called from a mutating one may copy the whole parser.
    static func keyBytes(_ input: UnsafeBufferPointer<UInt8>, _ n: JSONNode) -> [UInt8] {
        let slice = UnsafeBufferPointer(rebasing: input[Int(n.start) + 1..<Int(n.end) - 1])
        if n.flags & JSONNode.hasEscapes != 0 { return JSONStringDecoder.decode(Array(slice)[...]) }
        return Array(slice)
    }

    static func keyHash(_ input: UnsafeBufferPointer<UInt8>, _ n: JSONNode) -> Int {
        var hasher = Hasher()
        if n.flags & JSONNode.hasEscapes != 0 {
            for b in keyBytes(input, n) { hasher.combine(b) }
        } else {
            for k in Int(n.start) + 1..<Int(n.end) - 1 { hasher.combine(input[k]) }
        }
        return hasher.finalize()
    }

    static func keysEqual(_ input: UnsafeBufferPointer<UInt8>, _ na: JSONNode, _ nb: JSONNode) -> Bool {
        if na.flags & JSONNode.hasEscapes == 0 && nb.flags & JSONNode.hasEscapes == 0 {
            let la = Int(na.end - na.start), lb = Int(nb.end - nb.start)
            guard la == lb else { return false }
            let a = Int(na.start), b = Int(nb.start)
            for k in 0..<la where input[a + k] != input[b + k] { return false }
            return true
        }
        return keyBytes(input, na) == keyBytes(input, nb)
    }

    // MARK: Whitespace and comments

    mutating func skipSpace() -> JSONError? {
        var j = i
        let count = input.count
        while j < count {
            let c = input[j]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
            j += 1
        }
        i = j
        while i < input.count {
            let c = input[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                i += 1
            } else if allowComments, c == UInt8(ascii: "/"), i + 1 < input.count {
                if input[i + 1] == UInt8(ascii: "/") {
                    i += 2
                    while i < input.count, input[i] != 0x0A { i += 1 }
                } else if input[i + 1] == UInt8(ascii: "*") {
                    let start = i
                    i += 2
                    var closed = false
                    while i + 1 < input.count {
                        if input[i] == UInt8(ascii: "*") && input[i + 1] == UInt8(ascii: "/") {
                            i += 2
                            closed = true
                            break
                        }
                        i += 1
                    }
                    if !closed {
                        return JSONError(.syntax, "comment is not closed: expected '*/'", at: start, length: 2)
                    }
                } else {
                    return nil
                }
            } else {
                return nil
            }
        }
        return nil
    }

    // MARK: Messages

    func describe(_ offset: Int) -> String {
        guard offset < input.count else { return "the end of the file" }
        let c = input[offset]
        if c == UInt8(ascii: "/") && !allowComments, offset + 1 < input.count,
            input[offset + 1] == UInt8(ascii: "/") || input[offset + 1] == UInt8(ascii: "*")
        {
            return "a comment (comments are not JSON)"
        }
        if c >= 0x80 {
            let length = utf8SequenceLength(at: offset)
            if length == 0 { return "byte 0x\(hex2(c)) that is not UTF-8" }
            let scalar = String(decoding: UnsafeBufferPointer(rebasing: input[offset..<offset + length]), as: UTF8.self)
            return "'\(scalar)'"
        }
        return "'\(printable(c))'"
    }

    func printable(_ c: UInt8) -> String {
        switch c {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0x00..<0x20, 0x7F: return "\\u\(hex4(UInt32(c)))"
        case 0x80...: return "\\x\(hex2(c))"
        default: return String(UnicodeScalar(c))
        }
    }
}

private func hex2(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
}

private func hex4(_ v: UInt32) -> String {
    let digits = Array("0123456789ABCDEF")
    return String((0..<4).reversed().map { digits[Int((v >> (UInt32($0) * 4)) & 0xF)] })
}
