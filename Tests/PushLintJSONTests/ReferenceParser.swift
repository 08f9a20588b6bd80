// The oracle DifferentialTests hold the production parser (Sources/PushLintJSON) against. It is written from
// RFC 8259 and the documented modes of `JSONParseOptions`, and shares no code with the parser it checks: if both
// were built from the same lines they could be wrong together (issue 19). It is meant to be read, not to be fast:
//
// 1. The bytes are decoded into units first, each a Unicode scalar with its byte offset or one byte that starts
//    no well-formed UTF-8 sequence, by RFC 3629's table of well-formed sequences written out as data
//    (`UTF8Table`, itself checked against the standard library's decoder by ReferenceParserTests).
// 2. A recursive-descent parser walks the units, one small function per grammar rule of RFC 8259 §2-§7. Its
//    depth is the nesting depth, which `maxDepth` bounds; deep inputs are parsed on a thread with a large stack.
// 3. Strings are decoded as they are read (that decoding is what duplicate keys are compared by), and lines and
//    columns are computed from the bytes by their definition, without anything the parser records.
//
// Error messages are part of what is compared, so the wording is the production parser's; each message is built
// in `Message` from its parts, once.
import Foundation

// Testable only for `JSONIssue`'s memberwise initializer: nothing else of the module's internals is used.
@testable import PushLintJSON

/// What the reference parser makes of an input: the nodes (nil when there is an error), the error, the issues in
/// the order they occur, and where each line starts.
struct ReferenceParse: Sendable {
    var nodes: [JSONNode]?
    var error: JSONError?
    var issues: [JSONIssue]
    var lineStarts: [Int]
    /// The decoded UTF-8 of each string and key node, by node index (empty when there is an error).
    var strings: [Int: [UInt8]] = [:]
}

enum ReferenceJSONParser {
    static func parse(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) -> ReferenceParse {
        // The recursion goes one level per open bracket, and never deeper than the depth limit. The test threads'
        // stacks hold a few dozen levels for sure; deeper inputs get a thread of their own with room for 512.
        let brackets = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "[") || $1 == UInt8(ascii: "{") ? 1 : 0) }
        if min(brackets, options.maxDepth) <= 48 { return parseOnThisThread(bytes, options) }
        return OwnStack.run { parseOnThisThread(bytes, options) }
    }

    static func parse(_ text: String, options: JSONParseOptions = JSONParseOptions()) -> ReferenceParse {
        parse(Array(text.utf8), options: options)
    }

    private static func parseOnThisThread(_ bytes: [UInt8], _ options: JSONParseOptions) -> ReferenceParse {
        let lines = ReferenceLines.lineStarts(bytes)
        // Size limits come before anything is read: an input over them has no error position but the start.
        if bytes.count > options.maxBytes {
            let error = JSONError(.limit, Message.overTheLimit(bytes.count, options.maxBytes), at: 0, length: 0)
            return ReferenceParse(nodes: nil, error: error, issues: [], lineStarts: lines)
        }
        if bytes.count >= Int(UInt32.max) {
            let error = JSONError(.limit, Message.over4GiB(bytes.count), at: 0, length: 0)
            return ReferenceParse(nodes: nil, error: error, issues: [], lineStarts: lines)
        }
        let reader = RecursiveReader(bytes: bytes, options: options)
        do throws(Stop) {
            try reader.document()
            return ReferenceParse(
                nodes: reader.nodes, error: nil, issues: reader.issues, lineStarts: lines, strings: reader.strings)
        } catch {
            return ReferenceParse(nodes: nil, error: error.error, issues: reader.issues, lineStarts: lines)
        }
    }
}

/// Runs a function on a new thread with a 64 MiB stack and waits for it.
private enum OwnStack {
    final class Outcome: @unchecked Sendable {
        // Written by the thread before it signals, read after the wait: the semaphore orders the two.
        var value: ReferenceParse?
    }

    static func run(_ body: @escaping @Sendable () -> ReferenceParse) -> ReferenceParse {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            outcome.value = body()
            done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        done.wait()
        return outcome.value!
    }
}

// MARK: - Step 1: units

/// One step of the input: a scalar and the bytes that encode it, or a single byte that is not UTF-8.
struct Unit {
    var offset: Int
    var length: Int
    /// Nil for a byte that starts no well-formed UTF-8 sequence.
    var scalar: Unicode.Scalar?
}

func decodeUnits(_ bytes: [UInt8]) -> [Unit] {
    var units: [Unit] = []
    units.reserveCapacity(bytes.count)
    var offset = 0
    while offset < bytes.count {
        // When the bytes here are not UTF-8, this byte alone is the unit and decoding starts again at the next
        // byte: each such byte is one `invalidUTF8` issue.
        if let (scalar, length) = UTF8Table.scalar(in: bytes, at: offset) {
            units.append(Unit(offset: offset, length: length, scalar: scalar))
            offset += length
        } else {
            units.append(Unit(offset: offset, length: 1, scalar: nil))
            offset += 1
        }
    }
    return units
}

/// RFC 3629 §4, the syntax of UTF-8 characters, as a table: each row is the byte ranges of one form of
/// well-formed sequence. What no row matches is not UTF-8 (overlongs, surrogates, above U+10FFFF, cut short).
enum UTF8Table {
    static let tail: ClosedRange<UInt8> = 0x80...0xBF
    static let rows: [[ClosedRange<UInt8>]] = [
        [0x00...0x7F],
        [0xC2...0xDF, tail],
        [0xE0...0xE0, 0xA0...0xBF, tail],
        [0xE1...0xEC, tail, tail],
        [0xED...0xED, 0x80...0x9F, tail],
        [0xEE...0xEF, tail, tail],
        [0xF0...0xF0, 0x90...0xBF, tail, tail],
        [0xF1...0xF3, tail, tail, tail],
        [0xF4...0xF4, 0x80...0x8F, tail, tail],
    ]

    /// The scalar whose UTF-8 starts at `offset`, and its length in bytes; nil when the bytes there are not UTF-8.
    static func scalar(in bytes: [UInt8], at offset: Int) -> (Unicode.Scalar, Int)? {
        // ASCII first: most of every input, and a debug build pays for each range test below.
        if bytes[offset] < 0x80 { return (Unicode.Scalar(bytes[offset]), 1) }
        for row in rows.dropFirst() where offset + row.count <= bytes.count {
            guard (0..<row.count).allSatisfy({ row[$0].contains(bytes[offset + $0]) }) else { continue }
            // The lead byte keeps 7 - length bits (5, 4 or 3), each continuation byte its low 6.
            var value = UInt32(bytes[offset]) & (0x7F >> UInt32(row.count))
            for k in 1..<row.count { value = value << 6 | UInt32(bytes[offset + k] & 0x3F) }
            return (Unicode.Scalar(value)!, row.count)
        }
        return nil
    }
}

// MARK: - Step 2: the grammar

/// Thrown to stop the parse at the first error.
private struct Stop: Error {
    var error: JSONError
}

/// The parser. A class, so that the grammar functions share one position without `inout` plumbing.
private final class RecursiveReader {
    let bytes: [UInt8]
    let units: [Unit]
    let maxDepth: Int
    let commentsAllowed: Bool
    /// Placeholder delimiters as UTF-8, in template mode with a non-empty opening delimiter.
    let delimiters: (open: [UInt8], close: [UInt8])?
    let recoversTrailingCommas: Bool

    /// Index of the next unit to read.
    var next = 0
    var nodes: [JSONNode] = []
    var issues: [JSONIssue] = []
    var strings: [Int: [UInt8]] = [:]

    init(bytes: [UInt8], options: JSONParseOptions) {
        self.bytes = bytes
        self.units = decodeUnits(bytes)
        self.maxDepth = options.maxDepth
        self.recoversTrailingCommas = options.recoversTrailingCommas
        switch options.mode {
        case .strict:
            commentsAllowed = false
            delimiters = nil
        case .jsonc:
            commentsAllowed = true
            delimiters = nil
        case .template(let open, let close):
            commentsAllowed = false
            delimiters = open.isEmpty ? nil : (Array(open.utf8), Array(close.utf8))
        }
    }

    // MARK: Reading

    var atEnd: Bool { next >= units.count }

    /// The byte offset of the next unit (the input's length at the end).
    var offset: Int { atEnd ? bytes.count : units[next].offset }

    /// The scalar `ahead` units on, nil at the end and for bytes that are not UTF-8.
    func scalar(_ ahead: Int = 0) -> Unicode.Scalar? {
        next + ahead < units.count ? units[next + ahead].scalar : nil
    }

    func nextIs(_ c: Unicode.Scalar, ahead: Int = 0) -> Bool { scalar(ahead) == c }

    func nextIsDigit() -> Bool { scalar().map(isDigit) ?? false }

    // Comparisons rather than ranges' `contains`: a debug build runs generic code slowly, and this runs per byte.
    func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    /// Whether the bytes from `start` on begin with `pattern`.
    func bytesMatch(_ pattern: [UInt8], at start: Int) -> Bool {
        start + pattern.count <= bytes.count && Array(bytes[start..<start + pattern.count]) == pattern
    }

    /// Moves to the unit that starts at byte `target`, which is where a unit starts (the end of a delimiter that
    /// is valid UTF-8 and began at a unit).
    func move(toByte target: Int) {
        while !atEnd && units[next].offset < target { next += 1 }
        precondition(offset == target, "byte \(target) is inside a scalar")
    }

    func fail(_ message: String, at start: Int, length: Int = 1, kind: JSONError.Kind = .syntax) -> Stop {
        // An error never reaches past the end of the input.
        Stop(error: JSONError(kind, message, at: start, length: max(0, min(length, bytes.count - start))))
    }

    /// What the message says was found at unit `index`.
    func found(_ index: Int) -> String {
        guard index < units.count else { return "the end of the file" }
        let unit = units[index]
        guard let c = unit.scalar else {
            return "byte 0x\(hex(UInt32(bytes[unit.offset]), digits: 2)) that is not UTF-8"
        }
        let following = index + 1 < units.count ? units[index + 1].scalar : nil
        if c == "/" && !commentsAllowed && (following == "/" || following == "*") {
            return "a comment (comments are not JSON)"
        }
        return "'\(shown(c))'"
    }

    /// A scalar as messages show it: invisible ASCII as its escape, everything else as itself.
    func shown(_ c: Unicode.Scalar) -> String {
        if c == "\n" { return "\\n" }
        if c == "\r" { return "\\r" }
        if c == "\t" { return "\\t" }
        if c.value < 0x20 || c.value == 0x7F { return "\\u" + hex(c.value, digits: 4) }
        return String(Character(c))
    }

    // MARK: Document (RFC 8259 §2: JSON-text = ws value ws)

    func document() throws(Stop) {
        if let (message, length) = foreignEncoding() {
            throw fail(message, at: 0, length: length, kind: .encoding)
        }
        if nextIs("\u{FEFF}") {
            // A UTF-8 byte-order mark is not JSON (RFC 8259 §8.1) but is common: noted, then passed over.
            issues.append(JSONIssue(kind: .byteOrderMark, span: ByteSpan(0, units[0].length)))
            next += 1
        }
        try whitespace()
        if atEnd { throw fail(Message.expected("a JSON value", found: found(next)), at: offset, length: 0) }
        try value(depth: 0, parent: JSONNode.noParent, ordinal: 0)
        try whitespace()
        if !atEnd {
            throw fail(Message.expected("the end of the file after the JSON value", found: found(next)), at: offset)
        }
    }

    /// A file in UTF-16 or UTF-32 (RFC 8259 §8.1 requires UTF-8), told by its byte-order mark or, without one, by
    /// a zero byte in one of the first two places (JSON text starts with ASCII).
    func foreignEncoding() -> (String, Int)? {
        // Longest signatures first: UTF-32 little-endian's mark begins with UTF-16 little-endian's.
        let marks: [([UInt8], String)] = [
            ([0x00, 0x00, 0xFE, 0xFF], "is UTF-32 (big-endian byte-order mark)"),
            ([0xFF, 0xFE, 0x00, 0x00], "is UTF-32 (little-endian byte-order mark)"),
            ([0xFE, 0xFF], "is UTF-16 (big-endian byte-order mark)"),
            ([0xFF, 0xFE], "is UTF-16 (little-endian byte-order mark)"),
        ]
        for (mark, what) in marks where bytesMatch(mark, at: 0) {
            return ("file \(what); save it as UTF-8", mark.count)
        }
        guard bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0) else { return nil }
        let order = bytes[0] == 0 ? "big-endian" : "little-endian"
        return ("file looks like UTF-16 \(order) (zero bytes between characters); save it as UTF-8", 2)
    }

    // MARK: Whitespace (RFC 8259 §2), and comments in JSONC

    func whitespace() throws(Stop) {
        while let c = scalar() {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                next += 1
            } else if commentsAllowed && c == "/" && nextIs("/", ahead: 1) {
                // A line comment runs up to the line feed, which is then whitespace.
                while !atEnd && !nextIs("\n") { next += 1 }
            } else if commentsAllowed && c == "/" && nextIs("*", ahead: 1) {
                try blockComment()
            } else {
                return
            }
        }
    }

    func blockComment() throws(Stop) {
        let start = offset
        next += 2
        // The closing `*/` cannot share the `*` of the opening `/*`: `/*/` is not a comment.
        while !(nextIs("*") && nextIs("/", ahead: 1)) {
            if atEnd { throw fail(Message.commentNotClosed, at: start, length: 2) }
            next += 1
        }
        next += 2
    }

    // MARK: Values (RFC 8259 §3)

    /// Appends a node and returns its index. Leaves know their `next` now; containers are finished on closing.
    @discardableResult
    func addNode(
        _ kind: JSONKind, flags: UInt8 = 0, from start: Int, to end: Int, parent: UInt32, ordinal: Int
    ) -> Int {
        let index = nodes.count
        nodes.append(
            JSONNode(
                kind: kind, flags: flags, start: UInt32(start), end: UInt32(end), next: UInt32(index + 1),
                parent: parent, ordinal: UInt32(ordinal)))
        return index
    }

    /// One value, at `depth` containers deep; `parent` and `ordinal` place its node.
    func value(depth: Int, parent: UInt32, ordinal: Int) throws(Stop) {
        guard let c = scalar() else {
            throw fail(Message.expected("a value", found: found(next)), at: offset, length: atEnd ? 0 : 1)
        }
        // A placeholder may stand for any value, so it is looked for first (its opening may look like JSON).
        if let delimiters, bytesMatch(delimiters.open, at: offset) {
            return try placeholder(open: delimiters.open, close: delimiters.close, parent: parent, ordinal: ordinal)
        }
        switch c {
        case "{": try object(depth: depth, parent: parent, ordinal: ordinal)
        case "[": try array(depth: depth, parent: parent, ordinal: ordinal)
        case "\"": _ = try string(as: .string, parent: parent, ordinal: ordinal)
        case "-", "0"..."9": try number(parent: parent, ordinal: ordinal)
        case "t": try literal("true", .bool, flags: JSONNode.isTrue, parent: parent, ordinal: ordinal)
        case "f": try literal("false", .bool, flags: 0, parent: parent, ordinal: ordinal)
        case "n": try literal("null", .null, flags: 0, parent: parent, ordinal: ordinal)
        default: throw fail(Message.expected("a value", found: found(next)), at: offset)
        }
    }

    /// `true`, `false` or `null`, not run into a following word (`truex`).
    func literal(_ word: String, _ kind: JSONKind, flags: UInt8, parent: UInt32, ordinal: Int) throws(Stop) {
        let start = offset
        var matched = 0
        for expected in word.unicodeScalars {
            guard nextIs(expected) else {
                throw fail(Message.expected("'\(word)'", found: found(next)), at: start, length: max(1, matched))
            }
            next += 1
            matched += 1
        }
        if let c = scalar(), isWordCharacter(c) {
            throw fail(Message.expected("',' or the end of the value after '\(word)'", found: found(next)), at: offset)
        }
        addNode(kind, flags: flags, from: start, to: offset, parent: parent, ordinal: ordinal)
    }

    func isWordCharacter(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || isDigit(c) || c == "_"
    }

    // MARK: Containers (RFC 8259 §4, §5)

    func openContainer(_ kind: JSONKind, depth: Int, parent: UInt32, ordinal: Int) throws(Stop) -> Int {
        // `depth` containers are open around this one; `maxDepth` of them may be.
        if depth >= maxDepth { throw fail(Message.tooDeep(maxDepth), at: offset, kind: .limit) }
        let node = addNode(kind, from: offset, to: offset + 1, parent: parent, ordinal: ordinal)
        next += 1
        return node
    }

    func finishContainer(_ node: Int) {
        next += 1  // The closing bracket.
        nodes[node].end = UInt32(offset)
        nodes[node].next = UInt32(nodes.count)
    }

    func array(depth: Int, parent: UInt32, ordinal: Int) throws(Stop) {
        let node = try openContainer(.array, depth: depth, parent: parent, ordinal: ordinal)
        try elements(of: node, closedBy: "]") { (index: Int) throws(Stop) in
            try value(depth: depth + 1, parent: UInt32(node), ordinal: index)
        }
    }

    func object(depth: Int, parent: UInt32, ordinal: Int) throws(Stop) {
        let node = try openContainer(.object, depth: depth, parent: parent, ordinal: ordinal)
        // Keys as decoded so far, each with the node of its first occurrence.
        var keys: [[UInt8]: Int] = [:]
        try elements(of: node, closedBy: "}") { (index: Int) throws(Stop) in
            try member(depth: depth + 1, object: node, ordinal: index, keys: &keys)
        }
    }

    /// `[ item *( "," item ) ]` up to the closing bracket, with what the modes add: JSONC allows a comma before
    /// the bracket, `recoversTrailingCommas` passes over it with an issue.
    func elements(of node: Int, closedBy closing: Unicode.Scalar, item: (Int) throws(Stop) -> Void) throws(Stop) {
        let isObject = closing == "}"
        func unclosed() -> Stop {
            let what = isObject ? "object" : "array"
            let closer = "'\(closing)' to close the \(what) opened at offset \(nodes[node].start)"
            return fail(Message.expected(closer, found: found(next)), at: offset, length: 0)
        }
        try whitespace()
        if atEnd { throw unclosed() }
        if nextIs(closing) { return finishContainer(node) }
        var count = 0
        while true {
            try item(count)
            count += 1
            try whitespace()
            if atEnd { throw unclosed() }
            if nextIs(closing) { return finishContainer(node) }
            guard nextIs(",") else {
                throw fail(Message.expected("',' or '\(closing)'", found: found(next)), at: offset)
            }
            let comma = offset
            next += 1
            try whitespace()
            if atEnd { throw unclosed() }
            if nextIs(closing) {
                try trailingComma(at: comma, before: closing)
                return finishContainer(node)
            }
            if nextIs(",") { throw fail(Message.expected("a value after ','", found: "another ','"), at: offset) }
        }
    }

    func trailingComma(at comma: Int, before closing: Unicode.Scalar) throws(Stop) {
        if commentsAllowed { return }  // JSONC: allowed, nothing to say.
        guard recoversTrailingCommas else { throw fail("trailing comma before '\(closing)'", at: comma) }
        issues.append(JSONIssue(kind: .trailingComma, span: ByteSpan(comma, comma + 1)))
    }

    /// `string ":" value`, noting a key that the object already has.
    func member(depth: Int, object: Int, ordinal: Int, keys: inout [[UInt8]: Int]) throws(Stop) {
        guard nextIs("\"") else {
            let what = nextIs("'") ? "a single quote" : found(next)
            throw fail(Message.expected("a key in double quotes", found: what), at: offset)
        }
        let (key, text) = try string(as: .key, parent: UInt32(object), ordinal: ordinal)
        if let first = keys[text] {
            let span = ByteSpan(Int(nodes[key].start), Int(nodes[key].end))
            issues.append(JSONIssue(kind: .duplicateKey(key: key, firstKey: first), span: span))
        } else {
            keys[text] = key
        }
        try whitespace()
        guard nextIs(":") else {
            throw fail(Message.expected("':' after the key", found: found(next)), at: offset, length: atEnd ? 0 : 1)
        }
        next += 1
        try whitespace()
        try value(depth: depth, parent: UInt32(object), ordinal: ordinal)
    }

    // MARK: Numbers (RFC 8259 §6: [ minus ] int [ frac ] [ exp ])

    func number(parent: UInt32, ordinal: Int) throws(Stop) {
        let start = offset
        if nextIs("-") {
            next += 1
            if !nextIsDigit() {
                throw fail(Message.expected("a digit after '-'", found: found(next)), at: start, length: 2)
            }
        }
        if nextIs("0") {
            next += 1
            if nextIsDigit() { throw fail("numbers cannot have leading zeros", at: start, length: offset + 1 - start) }
        } else {
            digits()
        }
        var isInteger = true
        if nextIs(".") {
            isInteger = false
            next += 1
            guard nextIsDigit() else {
                throw fail(Message.expected("a digit after the decimal point", found: found(next)), at: offset)
            }
            digits()
        }
        if nextIs("e") || nextIs("E") {
            isInteger = false
            next += 1
            if nextIs("+") || nextIs("-") { next += 1 }
            guard nextIsDigit() else {
                throw fail(Message.expected("a digit in the exponent", found: found(next)), at: offset)
            }
            digits()
        }
        // A number ends at a delimiter: running into a letter, a digit, a second point or non-ASCII text is an
        // error at that character rather than two values.
        if !atEnd, scalar().map({ isWordCharacter($0) || $0 == "." || !$0.isASCII }) ?? true {
            throw fail(Message.expected("',' or the end of the number", found: found(next)), at: offset)
        }
        let flags = isInteger ? JSONNode.isInteger : 0
        addNode(.number, flags: flags, from: start, to: offset, parent: parent, ordinal: ordinal)
    }

    func digits() {
        while nextIsDigit() { next += 1 }
    }

    // MARK: Strings (RFC 8259 §7)

    /// A string or key: its node and its decoded UTF-8, with unpaired surrogate escapes as U+FFFD and bytes that
    /// are not UTF-8 kept as they are (JSONStringDecoder's documented output).
    func string(as kind: JSONKind, parent: UInt32, ordinal: Int) throws(Stop) -> (node: Int, text: [UInt8]) {
        let start = offset
        next += 1
        var text: [UInt8] = []
        var hasEscapes = false
        while true {
            guard !atEnd else {
                throw fail(Message.stringNotClosed, at: start, length: bytes.count - start)
            }
            let unit = units[next]
            guard let c = unit.scalar else {
                issues.append(JSONIssue(kind: .invalidUTF8, span: ByteSpan(unit.offset, unit.offset + 1)))
                text.append(bytes[unit.offset])
                next += 1
                continue
            }
            if c == "\"" { break }
            if c == "\\" {
                hasEscapes = true
                text += String(Character(try escape())).utf8
                continue
            }
            if c.value < 0x20 { throw fail(Message.unescapedControl(c), at: unit.offset) }
            text += bytes[unit.offset..<unit.offset + unit.length]
            next += 1
        }
        next += 1  // The closing quote.
        let flags = hasEscapes ? JSONNode.hasEscapes : 0
        let node = addNode(kind, flags: flags, from: start, to: offset, parent: parent, ordinal: ordinal)
        strings[node] = text
        return (node, text)
    }

    /// RFC 8259 §7: the two-character escapes and what they stand for.
    static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
        "\"": "\"", "\\": "\\", "/": "/", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t",
    ]

    /// The escape at the next unit (a backslash), and the scalar it stands for.
    func escape() throws(Stop) -> Unicode.Scalar {
        let start = offset
        // The message shows a character after the backslash that is not ASCII as its first byte.
        var escapedByte: String { "\\x" + hex(UInt32(bytes[start + 1]), digits: 2) }
        guard let c = scalar(1) else {
            if next + 1 >= units.count { throw fail("escape is not finished before the end of the file", at: start) }
            throw fail(Message.invalidEscape(escapedByte), at: start, length: 2)
        }
        if let meaning = Self.simpleEscapes[c] {
            next += 2
            return meaning
        }
        guard c == "u" else {
            throw fail(Message.invalidEscape(c.isASCII ? shown(c) : escapedByte), at: start, length: 2)
        }
        let unit = try codeUnitEscape()
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate stands for a scalar only with an escaped low surrogate right after it.
            if nextIs("\\") && nextIs("u", ahead: 1) {
                let second = next
                let low = try codeUnitEscape()
                if (0xDC00...0xDFFF).contains(low) {
                    return Unicode.Scalar(0x10000 + (UInt32(unit) - 0xD800) * 0x400 + (UInt32(low) - 0xDC00))!
                }
                next = second  // Not its other half: that escape is read again on its own.
            }
            issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, start + 6)))
            return "\u{FFFD}"
        case 0xDC00...0xDFFF:
            issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, start + 6)))
            return "\u{FFFD}"
        default:
            return Unicode.Scalar(unit)!
        }
    }

    /// `\uXXXX` at the next units: its UTF-16 code unit.
    func codeUnitEscape() throws(Stop) -> UInt16 {
        let start = offset
        next += 2
        var digits = ""
        for _ in 0..<4 {
            // Only ASCII hex digits (`Character.isHexDigit` would take fullwidth ones too).
            guard let c = scalar(), "0123456789abcdefABCDEF".unicodeScalars.contains(c) else {
                throw fail("expected four hex digits after \\u", at: start, length: 6)
            }
            digits.unicodeScalars.append(c)
            next += 1
        }
        return UInt16(digits, radix: 16)!
    }

    // MARK: Placeholders (template mode)

    /// The opening delimiter, anything but a line feed, and the first closing delimiter after it. An opening that
    /// ends in `{` followed by one more `{` (Handlebars' `{{{ raw }}}`) closes with one more `}`.
    func placeholder(open: [UInt8], close: [UInt8], parent: UInt32, ordinal: Int) throws(Stop) {
        let start = offset
        var inside = start + open.count
        var closing = close
        if open.last == UInt8(ascii: "{") && inside < bytes.count && bytes[inside] == UInt8(ascii: "{") {
            closing.insert(UInt8(ascii: "}"), at: 0)
            inside += 1
        }
        move(toByte: inside)
        let expected = "expected '\(String(decoding: closing, as: UTF8.self))'"
        while true {
            if atEnd {
                throw fail("placeholder is not closed: \(expected)", at: start, length: offset - start)
            }
            if nextIs("\n") {
                throw fail("placeholder is not closed on its line: \(expected)", at: start, length: offset - start)
            }
            if bytesMatch(closing, at: offset) { break }
            next += 1
        }
        move(toByte: offset + closing.count)
        addNode(.placeholder, from: start, to: offset, parent: parent, ordinal: ordinal)
    }
}

// MARK: - Messages

/// The wording of the production parser's messages, which the differential test compares.
private enum Message {
    static func expected(_ what: String, found: String) -> String { "expected \(what), found \(found)" }

    static func overTheLimit(_ size: Int, _ limit: Int) -> String {
        "file is \(size) bytes, more than the limit of \(limit) bytes"
    }

    static func over4GiB(_ size: Int) -> String { "file is \(size) bytes; pushlint parses files below 4 GiB" }

    static func tooDeep(_ limit: Int) -> String { "nesting is deeper than \(limit) levels" }

    static let commentNotClosed = "comment is not closed: expected '*/'"

    static let stringNotClosed = "string is not closed: expected '\"' before the end of the file"

    static func unescapedControl(_ c: Unicode.Scalar) -> String {
        switch c {
        case "\n": return "a line break is not allowed inside a string (write \\n)"
        case "\t": return "a tab is not allowed inside a string (write \\t)"
        default: return "control character U+\(hex(c.value, digits: 4)) is not allowed inside a string"
        }
    }

    static func invalidEscape(_ shown: String) -> String {
        "invalid escape '\\\(shown)': JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    }
}

/// Upper-case hex, zero-padded to `digits`.
private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

// MARK: - Step 3: lines and columns

/// Lines and columns by their definition, for comparison with `LineIndex` and the line starts a parse records.
enum ReferenceLines {
    /// Offsets where lines start. A line ends with `\r\n`, `\n` or `\r` (the longest that stands there).
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A {
                offset += 2
                starts.append(offset)
            } else if bytes[offset] == 0x0A || bytes[offset] == 0x0D {
                offset += 1
                starts.append(offset)
            } else {
                offset += 1
            }
        }
        return starts
    }

    /// The 1-based line and column of each offset where a scalar starts (and of the end), walking the scalars from
    /// the start: a line break starts the next line at column 1, anything else takes one column. Nil inside a
    /// scalar, and from a byte that is not UTF-8 to the end of its line: what a column is there is not defined.
    static func positions(in bytes: [UInt8]) -> [SourcePosition?] {
        var positions = [SourcePosition?](repeating: nil, count: bytes.count + 1)
        var line = 1
        var column: Int? = 1
        let units = decodeUnits(bytes)
        for (index, unit) in units.enumerated() {
            positions[unit.offset] = column.map { SourcePosition(line: line, column: $0) }
            let crBeforeLF = unit.scalar == "\r" && index + 1 < units.count && units[index + 1].scalar == "\n"
            if (unit.scalar == "\n" || unit.scalar == "\r") && !crBeforeLF {
                line += 1
                column = 1
            } else {
                column = unit.scalar == nil ? nil : column.map { $0 + 1 }
            }
        }
        positions[bytes.count] = column.map { SourcePosition(line: line, column: $0) }
        return positions
    }
}
