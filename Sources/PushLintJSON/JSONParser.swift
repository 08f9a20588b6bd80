import Synchronization

/// How to parse.
public struct JSONParseOptions: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
        /// RFC 8259, as payloads are sent.
        case strict
        /// `//` and `/* */` comments and trailing commas: configuration and contract files.
        case jsonc
        /// Strict, plus placeholders such as `{{count}}` in value position.
        case template(open: String, close: String)

        public static let defaultTemplate = Mode.template(open: "{{", close: "}}")
    }

    public var mode: Mode
    /// Containers nested deeper than this stop the parse with a `limit` error (DESIGN.md §6 `json-limit`).
    public var maxDepth: Int
    /// Inputs longer than this are not parsed at all.
    public var maxBytes: Int

    /// In `strict` and `template` mode, a comma before `}` or `]` is recorded as a `trailingComma` issue and the
    /// parse goes on, so that the rest of a file with that one common slip is still checked. The document is then
    /// not RFC 8259 JSON, and whoever sets this reports the issues as errors.
    public var recoversTrailingCommas: Bool

    public init(
        mode: Mode = .strict, maxDepth: Int = 512, maxBytes: Int = 8 << 20, recoversTrailingCommas: Bool = false
    ) {
        self.mode = mode
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
        self.recoversTrailingCommas = recoversTrailingCommas
    }
}

/// Why a document could not be parsed. The parse stops at the first error.
public struct JSONError: Error, Sendable, Equatable {
    public enum Kind: String, Sendable {
        case syntax, encoding, limit
    }
    public var kind: Kind
    public var message: String
    public var offset: Int
    public var length: Int

    public init(_ kind: Kind, _ message: String, at offset: Int, length: Int = 1) {
        self.kind = kind
        self.message = message
        self.offset = offset
        self.length = length
    }
}

/// Something worth reporting about a document that still parsed.
public struct JSONIssue: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A UTF-8 byte-order mark at the start.
        case byteOrderMark
        /// A key that already occurred in the same object; `firstKey` is the earlier key node.
        case duplicateKey(key: NodeID, firstKey: NodeID)
        /// Bytes that are not UTF-8 inside a string.
        case invalidUTF8
        /// A `\uD800`-style escape without its other half.
        case unpairedSurrogate
        /// A comma before `}` or `]`, passed over because `recoversTrailingCommas` is set; the span is the comma.
        case trailingComma
    }
    public var kind: Kind
    public var span: ByteSpan
}

public struct JSONParseResult: Sendable {
    public var document: JSONDocument?
    public var error: JSONError?
    public var issues: [JSONIssue]
}

/// A byte-level JSON parser that records where every value is. It does not recurse (depth costs heap, not
/// stack), stops at the first syntax error and never reads past the input.
public enum JSONParser {
    public static func parse(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) -> JSONParseResult {
        if bytes.count > options.maxBytes {
            return JSONParseResult(
                document: nil,
                error: JSONError(
                    .limit, "file is \(bytes.count) bytes, more than the limit of \(options.maxBytes) bytes", at: 0,
                    length: 0),
                issues: [])
        }
        // Offsets are 32-bit: a larger file is refused, even when --max-file-bytes would let it through.
        if bytes.count >= JSONNode.maxOffset {
            return JSONParseResult(
                document: nil,
                error: JSONError(
                    .limit, "file is \(bytes.count) bytes; pushlint parses files below 4 GiB", at: 0, length: 0),
                issues: [])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(input: buffer, options: options)
            defer { parser.deallocate() }
            // Nodes are written into raw storage, without per-node capacity or uniqueness checks: a small document's
            // into scratch memory, copied out once; a larger one's straight into the array the document keeps. When
            // the estimate is too small the parser stops where it can resume, and continues in storage twice as large.
            var nodes: [JSONNode] = []
            var capacity = max(16, bytes.count / 8)
            var done = false
            /// Parses on in `storage`, which holds the nodes so far, as far as it has room: how many nodes it holds.
            func resume(in storage: UnsafeMutableBufferPointer<JSONNode>) -> Int {
                parser.nodes = storage
                done = parser.resume()
                parser.nodes = UnsafeMutableBufferPointer(start: nil, count: 0)
                return parser.nodeCount
            }
            if capacity <= ScratchMemory.maximumCount(of: JSONNode.self) {
                // A small document (a template) is parsed into scratch memory and its nodes copied out once.
                withUnsafeTemporaryAllocation(of: JSONNode.self, capacity: capacity) { scratch in
                    nodes = ScratchMemory.array(scratch, count: resume(in: scratch))
                }
                capacity *= 2
            }
            if !done { nodes = grownNodes(&parser, capacity: capacity, after: nodes) }
            var error = parser.failure
            // An error never reaches past the end of the input.
            if let e = error { error?.length = max(0, min(e.length, bytes.count - e.offset)) }
            let document =
                error == nil
                ? JSONDocument(bytes: bytes, nodes: nodes, mode: options.mode, lineStarts: parser.lineStartsArray())
                : nil
            return JSONParseResult(document: document, error: error, issues: parser.issues)
        }
    }

    /// Parses on with `parser` into arrays of growing capacity (from `capacity`, doubled each time it runs out),
    /// after the nodes it has written so far: the nodes when it is done.
    fileprivate static func grownNodes(_ parser: inout Parser, capacity: Int, after written: [JSONNode] = [])
        -> [JSONNode]
    {
        var nodes = written
        var capacity = max(capacity, written.count * 2)
        var done = false
        while !done {
            let written = nodes
            nodes = Array(unsafeUninitializedCapacity: capacity) { storage, initialized in
                PageHints.preferHugePages(UnsafeMutableRawBufferPointer(storage))
                _ = storage.initialize(fromContentsOf: written)
                parser.nodes = storage
                done = parser.resume()
                parser.nodes = UnsafeMutableBufferPointer(start: nil, count: 0)
                initialized = parser.nodeCount
            }
            capacity *= 2
        }
        return nodes
    }

    /// `parse(_:options:)` in `parts` parts run by `concurrently` (which calls its body once for each index below
    /// its count, on any threads), for a large document whose root is an array: a 50 MB batch of messages is parsed
    /// on every core instead of one. The document is split at commas between the root array's elements
    /// (`rootArraySplits`: a line break after them, which valid JSON never has inside a string); each part is parsed
    /// on its own, and each
    /// must end exactly where the next begins, inside the root array. Anything else (a split inside an element, an
    /// error, a document that is not such an array) falls back to the sequential parse, so the result is always the
    /// one `parse(_:options:)` gives.
    public static func parse(
        _ bytes: [UInt8], options: JSONParseOptions, parts: Int, minimumBytes: Int = 8 << 20,
        concurrently: (Int, @Sendable (Int) -> Void) -> Void
    ) -> JSONParseResult {
        guard parts > 1, bytes.count >= minimumBytes, bytes.count <= options.maxBytes,
            bytes.count < JSONNode.maxOffset, options.mode == .strict,
            let splits = rootArraySplits(bytes, parts: parts)
        else { return parse(bytes, options: options) }
        let results = PartResults(count: splits.count + 1)
        bytes.withUnsafeBufferPointer { buffer in
            let input = SharedInput(buffer: buffer)
            concurrently(splits.count + 1) { part in
                results.store(parsePart(part, of: input.buffer, splits: splits, options: options), at: part)
            }
        }
        guard let joined = join(results.take(), bytes: bytes, mode: options.mode) else {
            return parse(bytes, options: options)
        }
        return joined
    }

    /// Where the parts of a parse in parts start: one comma near each `k / parts` of the document that stands
    /// where a pretty-printed array's elements meet, `}` at the start of its line (after the indentation of the
    /// first element) and `,` then a line break and `{` at the same indentation; nil when the root is no array or
    /// no such comma is within a megabyte of where it is looked for (a minified batch is parsed as a whole).
    static func rootArraySplits(_ bytes: [UInt8], parts: Int) -> [Int]? {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
        var first = 0
        while first < bytes.count, isSpace(bytes[first]) { first += 1 }
        guard first < bytes.count, bytes[first] == UInt8(ascii: "[") else { return nil }
        // The first element's indentation: the spaces between the last line break before it and its `{`.
        var element = first + 1
        while element < bytes.count, isSpace(bytes[element]) { element += 1 }
        guard element < bytes.count, bytes[element] == UInt8(ascii: "{") else { return nil }
        var indent = 0
        while element - indent - 1 > first, bytes[element - indent - 1] == 0x20 { indent += 1 }
        guard bytes[element - indent - 1] == 0x0A else { return nil }
        /// Whether the comma at `j` joins two elements of the root array as the first one is written.
        func isElementBoundary(_ j: Int) -> Bool {
            let close = j - 1
            let open = j + 2 + indent
            guard close - indent - 1 >= 0, open < bytes.count, bytes[close] == UInt8(ascii: "}"),
                bytes[j + 1] == 0x0A, bytes[open] == UInt8(ascii: "{"), bytes[close - indent - 1] == 0x0A
            else { return false }
            for k in 0..<indent where bytes[close - 1 - k] != 0x20 || bytes[j + 2 + k] != 0x20 { return false }
            return true
        }
        var splits: [Int] = []
        var from = element + 1
        for k in 1..<parts {
            var j = max(from, bytes.count / parts * k)
            let limit = min(bytes.count - indent - 3, j + (1 << 20))
            while j < limit, !(bytes[j] == UInt8(ascii: ",") && isElementBoundary(j)) { j += 1 }
            guard j < limit else { return nil }
            splits.append(j)
            from = j + 1
        }
        return splits
    }

    /// What one part of a parse in parts found.
    struct PartResult: Sendable {
        var nodes: [JSONNode] = []
        var lineStarts: [UInt32] = []
        var issues: [JSONIssue] = []
        /// The part ended where it had to: at the next split (or, for the last, at the end of a whole document).
        var isSound = false
        /// The root array's elements in the part (with, after the first part, the one behind its start).
        var elements: UInt32 = 0
        var rootEnd = 0
    }

    /// Parses part `part`: the first from the start of the document, the others from their split on.
    static func parsePart(
        _ part: Int, of input: UnsafeBufferPointer<UInt8>, splits: [Int], options: JSONParseOptions
    ) -> PartResult {
        var parser = Parser(input: input, options: options)
        defer { parser.deallocate() }
        let isLast = part == splits.count
        if part > 0 { parser.continueRootArray(at: splits[part - 1], stoppingAt: isLast ? Int.max : splits[part]) }
        if !isLast, part == 0 { parser.stopAt = splits[0] }
        let start = part == 0 ? 0 : splits[part - 1]
        let end = isLast ? input.count : splits[part]
        var result = PartResult()
        result.nodes = grownNodes(&parser, capacity: max(16, (end - start) / 8))
        guard parser.failure == nil, !parser.splitMismatch, parser.stoppedAtSplit != isLast else { return result }
        result.isSound = true
        result.lineStarts = parser.lineStartsArray()
        result.issues = parser.issues
        result.elements = parser.partElements
        result.rootEnd = parser.rootEnd
        return result
    }

    /// The parts' nodes, line starts and issues in one document, with the indexes of each part after the first
    /// moved past those before it; nil when a part was not sound.
    static func join(_ parts: consuming [PartResult], bytes: [UInt8], mode: JSONParseOptions.Mode) -> JSONParseResult? {
        var results = parts
        guard results.allSatisfy(\.isSound), !results.isEmpty, !results[0].nodes.isEmpty else { return nil }
        // Each part's nodes are taken out of its result, so that they are held once: appended to, and changed, in
        // place (a shared array would be copied, 24 bytes a node).
        var nodes = results[0].nodes
        results[0].nodes = []
        nodes.reserveCapacity(results.reduce(0) { $0 + $1.nodes.count })
        var lineStarts = results[0].lineStarts
        var issues = results[0].issues
        var elementsBefore = results[0].elements
        for k in 1..<results.count {
            let offset = UInt32(nodes.count)
            // One element of each later part was counted before it (the one behind its first comma).
            let ordinalShift = elementsBefore &- 1
            var part = results[k].nodes
            results[k].nodes = []
            part.withUnsafeMutableBufferPointer { part in
                for j in part.indices {
                    if part[j].parent == Parser.rootOfPart {
                        part[j].parent = 0
                        part[j].ordinal &+= ordinalShift
                    } else {
                        part[j].parent &+= offset
                    }
                    part[j].next &+= offset
                }
            }
            nodes.append(contentsOf: part)
            lineStarts.append(contentsOf: results[k].lineStarts.dropFirst())
            for var issue in results[k].issues {
                // A duplicate key names its nodes by index: the part's, moved as its nodes are.
                if case .duplicateKey(let key, let firstKey) = issue.kind {
                    issue.kind = .duplicateKey(key: key + Int(offset), firstKey: firstKey + Int(offset))
                }
                issues.append(issue)
            }
            elementsBefore &+= results[k].elements &- 1
        }
        nodes[0].end = UInt32(results[results.count - 1].rootEnd)
        nodes[0].next = UInt32(nodes.count)
        let document = JSONDocument(bytes: bytes, nodes: nodes, mode: mode, lineStarts: lineStarts)
        return JSONParseResult(document: document, error: nil, issues: issues)
    }

    public static func parse(_ text: String, options: JSONParseOptions = JSONParseOptions()) -> JSONParseResult {
        parse(Array(text.utf8), options: options)
    }
}

/// An open object or array.
/// The parts' results of a parse in parts, each written once by the thread that parsed it.
private final class PartResults: Sendable {
    private let results: Mutex<[JSONParser.PartResult]>

    init(count: Int) { results = Mutex(Array(repeating: JSONParser.PartResult(), count: count)) }
    func store(_ result: JSONParser.PartResult, at index: Int) { results.withLock { $0[index] = result } }
    /// The results, taken out: each part's nodes are then held once, and can be moved and changed in place.
    func take() -> [JSONParser.PartResult] {
        results.withLock { results in
            let taken = results
            results = []
            return taken
        }
    }
}

/// The document's bytes, read by every part's thread (none writes them).
private struct SharedInput: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

private struct Frame {
    /// The container's node; `JSONNode.noParent` for the frame below the root value.
    var node: UInt32
    /// Children (array elements, object members) so far: the ordinal of the next one.
    var children: UInt32 = 0
    var isObject: Bool
    /// Where this object's keys start in `Parser.keys` (duplicate detection).
    var keyBase: Int
    /// Index into `Parser.keyIndexes` once the object is big enough to hash its keys; -1 before.
    var keyIndex: Int = -1
}

/// A key of an open object, with what it takes to tell most keys apart without looking at their bytes.
private struct KeyEntry {
    var node: Int
    /// Length and first eight bytes of the decoded key: equal keys have equal fingerprints.
    var length: Int
    var prefix: UInt64
}

/// A stack of plain values (no references) in memory the parser manages: a push or pop costs no
/// copy-on-write or uniqueness check. The owner calls `deallocate()`.
private struct PlainStack<Element: BitwiseCopyable> {
    private var storage: UnsafeMutableBufferPointer<Element>
    private(set) var count = 0

    init(capacity: Int) { storage = .allocate(capacity: max(1, capacity)) }

    subscript(index: Int) -> Element { storage[index] }

    /// The elements pushed so far.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(rebasing: storage[0..<count]) }

    @inline(__always) mutating func push(_ element: Element) {
        if count == storage.count { grow() }
        storage.initializeElement(at: count, to: element)
        count += 1
    }

    @inline(__always) mutating func pop() -> Element {
        count -= 1
        return storage.moveElement(from: count)
    }

    /// Drops the elements from `newCount` on (plain values need no deinitialization).
    mutating func truncate(to newCount: Int) { count = newCount }

    mutating func grow() {
        let bigger = UnsafeMutableBufferPointer<Element>.allocate(capacity: storage.count * 2)
        _ = bigger.moveInitialize(fromContentsOf: storage[0..<count])
        storage.deallocate()
        storage = bigger
    }

    func deallocate() { storage.deallocate() }
}

private struct Parser {
    let input: UnsafeBufferPointer<UInt8>
    let count: Int
    let maxDepth: Int
    let allowComments: Bool
    /// Trailing commas are passed over and recorded (`JSONParseOptions.recoversTrailingCommas`).
    let recoversTrailingCommas: Bool
    let open: [UInt8]
    let close: [UInt8]
    /// The first byte of `open`, or -1 when placeholders are off: one comparison per value.
    let placeholderLead: Int

    var i = 0
    /// Node storage, provided by `JSONParser.parse`; `nodeCount` of it is written.
    var nodes = UnsafeMutableBufferPointer<JSONNode>(start: nil, count: 0)
    var nodeCount = 0
    /// The innermost open container; the enclosing ones are in `frames`.
    var top = Frame(node: JSONNode.noParent, isObject: false, keyBase: 0)
    var frames: PlainStack<Frame>
    /// Keys of every open object, innermost last; one shared buffer instead of an array per object.
    var keys: PlainStack<KeyEntry>
    /// Hashed keys of open objects with many members.
    var keyIndexes: [[Int: [Int]]] = []
    /// Where each line starts, as `LineIndex` counts them (`LineIndex.endsLine`). In a document that parses, line
    /// breaks stand only between tokens, in comments and, a lone `\r`, in placeholders (a string that holds one,
    /// or a placeholder that holds `\n`, is an error), so they are found where those are skipped, without another
    /// pass over the bytes.
    var lineStarts: PlainStack<UInt32>
    var issues: [JSONIssue] = []
    var failure: JSONError?
    var started = false
    /// A part of a parse in parts (`JSONParser.parse(_:options:parts:minimumBytes:concurrently:)`) stops at this
    /// offset, which must be a comma between two elements of the root array.
    var stopAt = Int.max
    /// The part stopped where it should: at `stopAt`, directly inside the root array.
    var stoppedAtSplit = false
    /// The part reached `stopAt` elsewhere (inside an element): the split was not where it was taken to be.
    var splitMismatch = false
    /// Where the root array closes, when a part after the first closes it (its node is not among the part's).
    var rootEnd = 0
    /// The root array's elements when the part stopped or closed it.
    var partElements: UInt32 = 0
    /// Stands for the root array in a part after the first, whose nodes do not include it.
    static let rootOfPart = JSONNode.noParent &- 1

    init(input: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) {
        self.input = input
        self.count = input.count
        self.maxDepth = options.maxDepth
        self.recoversTrailingCommas = options.recoversTrailingCommas
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
        placeholderLead = open.first.map { Int($0) } ?? -1
        frames = PlainStack(capacity: 32)
        keys = PlainStack(capacity: 64)
        lineStarts = PlainStack(capacity: 64)
        lineStarts.push(0)
    }

    func deallocate() {
        frames.deallocate()
        keys.deallocate()
        lineStarts.deallocate()
    }

    /// The line starts as an array; a document of one line (a minified template) shares one, without allocating.
    func lineStartsArray() -> [UInt32] {
        lineStarts.count == 1 ? Parser.firstLineOnly : Array(lineStarts.elements)
    }

    static let firstLineOnly: [UInt32] = [0]

    /// Notes the line break at `offset` (a `\n`, or a `\r` not followed by `\n`).
    @inline(__always) mutating func noteLineBreak(at offset: Int) {
        lineStarts.push(UInt32(truncatingIfNeeded: offset + 1))
    }

    /// Notes the line breaks of bytes skipped in one go (a comment, a placeholder).
    mutating func noteLineBreaks(in range: Range<Int>) {
        for k in range where LineIndex.endsLine(input, at: k) { noteLineBreak(at: k) }
    }

    mutating func fail(_ kind: JSONError.Kind, _ message: String, at offset: Int, length: Int = 1) -> Bool {
        failure = JSONError(kind, message, at: offset, length: length)
        return false
    }

    // MARK: Driver

    /// Parses until the end, the first error, or until the node storage is full; returns whether it is done.
    /// Call again with more storage when it is not.
    mutating func resume() -> Bool {
        if !started {
            started = true
            guard parseRoot() else { return true }
        }
        guard parseNested() else { return failure != nil }
        if stoppedAtSplit || splitMismatch { return true }
        guard skipSpace() else { return true }
        if i < count {
            _ = fail(.syntax, "expected the end of the file after the JSON value, found \(describe(i))", at: i)
        }
        return true
    }

    /// Sets up a part after the first of a parse in parts: it starts at the comma at `split`, inside the root array
    /// (as the sequential parse is there, with one element behind it), and stops at `stop`.
    mutating func continueRootArray(at split: Int, stoppingAt stop: Int) {
        started = true
        i = split
        stopAt = stop
        frames.push(Frame(node: JSONNode.noParent, isObject: false, keyBase: 0))
        top = Frame(node: Parser.rootOfPart, isObject: false, keyBase: 0)
        top.children = 1
    }

    /// Everything up to and including the first token of the root value (needs at most one node).
    mutating func parseRoot() -> Bool {
        if let error = checkEncoding() {
            failure = error
            return false
        }
        if count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            issues.append(JSONIssue(kind: .byteOrderMark, span: ByteSpan(0, 3)))
            i = 3
        }
        guard skipSpace() else { return false }
        guard i < count else {
            return fail(.syntax, "expected a JSON value, found the end of the file", at: i, length: 0)
        }
        return parseValue()
    }

    /// UTF-16 and UTF-32 files are recognised by their BOM or their zero bytes before any JSON is read.
    func checkEncoding() -> JSONError? {
        let n = input.count
        if n >= 4, input[0] == 0, input[1] == 0, input[2] == 0xFE, input[3] == 0xFF {
            return JSONError(
                .encoding, "file is UTF-32 (big-endian byte-order mark); save it as UTF-8", at: 0, length: 4)
        }
        if n >= 4, input[0] == 0xFF, input[1] == 0xFE, input[2] == 0, input[3] == 0 {
            return JSONError(
                .encoding, "file is UTF-32 (little-endian byte-order mark); save it as UTF-8", at: 0, length: 4)
        }
        if n >= 2, input[0] == 0xFE, input[1] == 0xFF {
            return JSONError(
                .encoding, "file is UTF-16 (big-endian byte-order mark); save it as UTF-8", at: 0, length: 2)
        }
        if n >= 2, input[0] == 0xFF, input[1] == 0xFE {
            return JSONError(
                .encoding, "file is UTF-16 (little-endian byte-order mark); save it as UTF-8", at: 0, length: 2)
        }
        if n >= 2, input[0] == 0, input[1] != 0 {
            return JSONError(
                .encoding, "file looks like UTF-16 big-endian (zero bytes between characters); save it as UTF-8", at: 0,
                length: 2)
        }
        if n >= 2, input[0] != 0, input[1] == 0 {
            return JSONError(
                .encoding, "file looks like UTF-16 little-endian (zero bytes between characters); save it as UTF-8",
                at: 0, length: 2)
        }
        return nil
    }

    /// Continues the open containers until the root value is closed. Returns false on an error, and also, with
    /// no error, when the node storage is full: each turn of the loop adds at most two nodes (a key and its
    /// value) and starts from a state `resume()` can continue from.
    mutating func parseNested() -> Bool {
        while frames.count > 0 {
            if i >= stopAt {
                // Only the root array's frame is open when the part is between two of its elements.
                if i == stopAt, frames.count == 1 {
                    stoppedAtSplit = true
                    partElements = top.children
                } else {
                    splitMismatch = true
                }
                return true
            }
            if nodes.count - nodeCount < 2 { return false }
            guard skipSpace() else { return false }
            guard i < count else { return failUnclosed() }
            var c = input[i]
            let closing: UInt8 = top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if c == closing {
                i += 1
                closeContainer()
                continue
            }
            if top.children != 0 {
                guard c == UInt8(ascii: ",") else {
                    let want = top.isObject ? "',' or '}'" : "',' or ']'"
                    return fail(.syntax, "expected \(want), found \(describe(i))", at: i)
                }
                let comma = i
                i += 1
                guard skipSpace() else { return false }
                guard i < count else { return failUnclosed() }
                c = input[i]
                if c == closing {
                    if !allowComments {
                        guard recoversTrailingCommas else {
                            return fail(
                                .syntax, "trailing comma before '\(Character(UnicodeScalar(closing)))'", at: comma)
                        }
                        issues.append(JSONIssue(kind: .trailingComma, span: ByteSpan(comma, comma + 1)))
                    }
                    i += 1
                    closeContainer()
                    continue
                }
                if c == UInt8(ascii: ",") {
                    return fail(.syntax, "expected a value after ',', found another ','", at: i)
                }
            }
            guard top.isObject ? parseMember() : parseValue() else { return false }
        }
        return true
    }

    mutating func failUnclosed() -> Bool {
        let what = top.isObject ? "'}'" : "']'"
        // A part after the first does not hold the root's node; its parse is thrown away on any error.
        let opened = top.node == Parser.rootOfPart ? 0 : nodes[Int(top.node)].start
        return fail(
            .syntax,
            "expected \(what) to close the \(top.isObject ? "object" : "array") opened at offset \(opened), found the end of the file",
            at: i, length: 0)
    }

    // MARK: Nodes

    // Offsets and node indexes are stored as UInt32. Every node starts at a byte of its own, so a node's index
    // is at most its start offset, which is below its end: converting the end with a check (a trap beyond
    // 4 GiB, as before) makes the other conversions safe without one.

    /// Appends a node that is not a container. A key and its value share their member's ordinal.
    @inline(__always) mutating func appendLeaf(_ kind: JSONKind, flags: UInt8, start: Int, end: Int) {
        let index = nodeCount
        let end32 = UInt32(end)
        nodes[index] = JSONNode(
            kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), end: end32,
            next: UInt32(truncatingIfNeeded: index + 1), parent: top.node, ordinal: top.children)
        nodeCount = index + 1
        if kind != .key { top.children &+= 1 }
    }

    mutating func openContainer(isObject: Bool) -> Bool {
        if frames.count >= maxDepth {
            return fail(.limit, "nesting is deeper than \(maxDepth) levels", at: i)
        }
        let index = nodeCount
        let end32 = UInt32(i + 1)
        nodes[index] = JSONNode(
            kind: isObject ? .object : .array, flags: 0, start: UInt32(truncatingIfNeeded: i), end: end32, next: 0,
            parent: top.node, ordinal: top.children)
        nodeCount = index + 1
        top.children &+= 1
        frames.push(top)
        top = Frame(node: UInt32(truncatingIfNeeded: index), isObject: isObject, keyBase: keys.count)
        i += 1
        return true
    }

    mutating func closeContainer() {
        if top.node == Parser.rootOfPart {
            rootEnd = i
            partElements = top.children
            top = frames.pop()
            return
        }
        let node = Int(top.node)
        nodes[node].end = UInt32(i)
        nodes[node].next = UInt32(truncatingIfNeeded: nodeCount)
        if top.isObject {
            keys.truncate(to: top.keyBase)
            if top.keyIndex >= 0 { keyIndexes.removeLast() }
        }
        top = frames.pop()
    }

    // MARK: Values

    @inline(__always) mutating func parseMember() -> Bool {
        guard input[i] == UInt8(ascii: "\"") else {
            if input[i] == UInt8(ascii: "'") {
                return fail(.syntax, "expected a key in double quotes, found a single quote", at: i)
            }
            return fail(.syntax, "expected a key in double quotes, found \(describe(i))", at: i)
        }
        let keyNode = nodeCount
        guard parseString(kind: .key) else { return false }
        noteKey(keyNode)
        if i < count, input[i] == UInt8(ascii: ":") {
            i += 1  // The usual layout: no space before the colon.
        } else {
            guard skipSpace() else { return false }
            guard i < count else {
                return fail(.syntax, "expected ':' after the key, found the end of the file", at: i, length: 0)
            }
            guard input[i] == UInt8(ascii: ":") else {
                return fail(.syntax, "expected ':' after the key, found \(describe(i))", at: i)
            }
            i += 1
        }
        guard skipSpace() else { return false }
        return parseValue()
    }

    /// Parses a scalar, or opens a container.
    @inline(__always) mutating func parseValue() -> Bool {
        guard i < count else {
            return fail(.syntax, "expected a value, found the end of the file", at: i, length: 0)
        }
        let c = input[i]
        if Int(c) == placeholderLead, matches(open, at: i) {
            return parsePlaceholder()
        }
        switch c {
        case UInt8(ascii: "\""):
            return parseString(kind: .string)
        case UInt8(ascii: "{"):
            return openContainer(isObject: true)
        case UInt8(ascii: "["):
            return openContainer(isObject: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return parseNumber()
        case UInt8(ascii: "t"):
            return parseLiteral("true", kind: .bool, flags: JSONNode.isTrue)
        case UInt8(ascii: "f"):
            return parseLiteral("false", kind: .bool, flags: 0)
        case UInt8(ascii: "n"):
            return parseLiteral("null", kind: .null, flags: 0)
        default:
            return fail(.syntax, "expected a value, found \(describe(i))", at: i)
        }
    }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= input.count else { return false }
        for k in 0..<pattern.count where input[offset + k] != pattern[k] { return false }
        return true
    }

    mutating func parsePlaceholder() -> Bool {
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
                return fail(
                    .syntax,
                    "placeholder is not closed on its line: expected '\(String(decoding: closer, as: UTF8.self))'",
                    at: start, length: j - start)
            }
            if matches(closer, at: j) {
                i = j + closer.count
                noteLineBreaks(in: start..<i)  // A lone `\r` may stand in one.
                appendLeaf(.placeholder, flags: 0, start: start, end: i)
                return true
            }
            j += 1
        }
        return fail(
            .syntax, "placeholder is not closed: expected '\(String(decoding: closer, as: UTF8.self))'", at: start,
            length: j - start)
    }

    mutating func parseLiteral(_ word: StaticString, kind: JSONKind, flags: UInt8) -> Bool {
        let start = i
        let length = word.utf8CodeUnitCount
        let expected = word.utf8Start
        for k in 0..<length {
            guard i + k < count, input[i + k] == expected[k] else {
                let upto = min(i + k, count)
                return fail(
                    .syntax, "expected '\(word)', found \(i + k < count ? describe(i + k) : "the end of the file")",
                    at: start, length: max(1, upto - start))
            }
        }
        i += length
        if i < count, Parser.isIdentifierByte(input[i]) {
            return fail(.syntax, "expected ',' or the end of the value after '\(word)', found \(describe(i))", at: i)
        }
        appendLeaf(kind, flags: flags, start: start, end: i)
        return true
    }

    static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || isDigit(c) || c == UInt8(ascii: "_")
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    @inline(__always) func skipDigits(from start: Int) -> Int {
        var j = start
        while j < count, Parser.isDigit(input[j]) { j += 1 }
        return j
    }

    mutating func parseNumber() -> Bool {
        let start = i
        var j = i
        var isInteger = true
        if input[j] == UInt8(ascii: "-") {
            j += 1
            guard j < count, Parser.isDigit(input[j]) else {
                return fail(
                    .syntax, "expected a digit after '-', found \(j < count ? describe(j) : "the end of the file")",
                    at: start, length: j - start + 1)
            }
        }
        if input[j] == UInt8(ascii: "0") {
            j += 1
            if j < count, Parser.isDigit(input[j]) {
                return fail(.syntax, "numbers cannot have leading zeros", at: start, length: j - start + 1)
            }
        } else {
            j = skipDigits(from: j)
        }
        if j < count, input[j] == UInt8(ascii: ".") {
            isInteger = false
            j += 1
            guard j < count, Parser.isDigit(input[j]) else {
                return fail(
                    .syntax,
                    "expected a digit after the decimal point, found \(j < count ? describe(j) : "the end of the file")",
                    at: j)
            }
            j = skipDigits(from: j)
        }
        if j < count, input[j] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            j += 1
            if j < count, input[j] == UInt8(ascii: "+") || input[j] == UInt8(ascii: "-") { j += 1 }
            guard j < count, Parser.isDigit(input[j]) else {
                return fail(
                    .syntax,
                    "expected a digit in the exponent, found \(j < count ? describe(j) : "the end of the file")", at: j)
            }
            j = skipDigits(from: j)
        }
        if j < count, Parser.isIdentifierByte(input[j]) || input[j] == UInt8(ascii: ".") || input[j] >= 0x80 {
            return fail(.syntax, "expected ',' or the end of the number, found \(describe(j))", at: j)
        }
        i = j
        appendLeaf(.number, flags: isInteger ? JSONNode.isInteger : 0, start: start, end: j)
        return true
    }

    // MARK: Strings

    @inline(__always) mutating func parseString(kind: JSONKind) -> Bool {
        let start = i
        var j = i + 1
        var flags: UInt8 = 0
        while true {
            j = skipStringContent(from: j)
            guard j < count else {
                return fail(
                    .syntax, "string is not closed: expected '\"' before the end of the file", at: start,
                    length: j - start)
            }
            let c = input[j]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                flags |= JSONNode.hasEscapes
                i = j
                guard parseEscape() else { return false }
                j = i
            } else {
                return failControlCharacter(c, at: j)
            }
        }
        i = j + 1
        appendLeaf(kind, flags: flags, start: start, end: i)
        return true
    }

    mutating func failControlCharacter(_ c: UInt8, at offset: Int) -> Bool {
        let name = c == 0x0A ? "a line break" : c == 0x09 ? "a tab" : "control character U+\(hex4(UInt32(c)))"
        let fix = c == 0x0A ? " (write \\n)" : c == 0x09 ? " (write \\t)" : ""
        return fail(.syntax, "\(name) is not allowed inside a string\(fix)", at: offset)
    }

    /// Skips string content up to the next `"`, `\\`, control character or the end of the input, and returns
    /// where it stopped. ASCII is skipped 8 bytes at a time (the string scan is where a parser spends most of
    /// its time); a non-ASCII byte is checked as UTF-8 where the 8-byte step stops at it, and each byte that
    /// starts no well-formed sequence is reported as `invalidUTF8`.
    mutating func skipStringContent(from start: Int) -> Int {
        var j = start
        while true {
            j = Parser.skipPlainStringBytes(input, from: j)
            guard j < count, input[j] >= 0x80 else { return j }
            let length = Parser.utf8SequenceLength(input, at: j)
            if length == 0 {
                reportInvalidUTF8(at: j)
                j += 1
            } else {
                j &+= length  // A sequence found within the input: no overflow.
            }
        }
    }

    /// The offset of the first byte from `start` on that is `"`, `\\`, a control character or non-ASCII, or
    /// the end of the input.
    @inline(__always) static func skipPlainStringBytes(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var j = start
        let count = input.count
        if let base = input.baseAddress {
            while j <= count &- 8 {  // Not `j + 8 <= count`: no overflow check per step.
                let x = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
                let attention = bytesNeedingAttention(x)
                if attention != 0 { return j &+ attention.trailingZeroBitCount >> 3 }
                j &+= 8
            }
        }
        while j < count {
            let c = input[j]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { break }
            j += 1
        }
        return j
    }

    mutating func reportInvalidUTF8(at offset: Int) {
        issues.append(JSONIssue(kind: .invalidUTF8, span: ByteSpan(offset, offset + 1)))
    }

    /// The high bit of each byte of `x` (little-endian) that is `"`, `\\`, below 0x20 or above 0x7F. Bits above
    /// the lowest one may be false positives (borrows), the lowest is exact.
    @inline(__always) static func bytesNeedingAttention(_ x: UInt64) -> UInt64 {
        // What a JSON string must escape, and every byte from 0x80 on (UTF-8 to validate).
        WordBytes.needsJSONEscape(x) | (x & WordBytes.highs)
    }

    /// Length of a well-formed UTF-8 sequence starting at `at` (RFC 3629: no overlongs, no surrogates,
    /// nothing above U+10FFFF), or 0.
    @inline(__always) static func utf8SequenceLength(_ input: UnsafeBufferPointer<UInt8>, at: Int) -> Int {
        // Away from the end, the lead byte and its continuation bytes are tested together in one word.
        guard at + 4 <= input.count, let base = input.baseAddress else {
            return utf8SequenceLengthNearEnd(input, at: at)
        }
        let w = UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self))
        if w & 0xC0E0 == 0x80C0 {
            // 110xxxxx 10xxxxxx; C0 and C1 would be overlong.
            return w & 0x1E != 0 ? 2 : 0
        }
        if w & 0xC0_C0F0 == 0x80_80E0 {
            // 1110xxxx 10xxxxxx 10xxxxxx; E0 80...9F would be overlong, ED A0...BF a surrogate.
            let leadAndBit5 = w & 0x200F
            return leadAndBit5 == 0x0000 || leadAndBit5 == 0x200D ? 0 : 3
        }
        if w & 0xC0C0_C0F8 == 0x8080_80F0 {
            // 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx up to F4 8F; F0 80...8F would be overlong.
            let b0 = w & 0xFF
            let b1 = (w >> 8) & 0xFF
            if b0 > 0xF4 || (b0 == 0xF0 && b1 < 0x90) || (b0 == 0xF4 && b1 >= 0x90) { return 0 }
            return 4
        }
        return 0
    }

    static func utf8SequenceLengthNearEnd(_ input: UnsafeBufferPointer<UInt8>, at: Int) -> Int {
        let b0 = input[at]
        let count = input.count
        func isContinuation(_ k: Int) -> Bool { at + k < count && input[at + k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return isContinuation(1) ? 2 : 0
        case 0xE0...0xEF:
            guard isContinuation(1), isContinuation(2) else { return 0 }
            let b1 = input[at + 1]
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }
            if b0 == 0xED && b1 >= 0xA0 { return 0 }
            return 3
        case 0xF0...0xF4:
            guard isContinuation(1), isContinuation(2), isContinuation(3) else { return 0 }
            let b1 = input[at + 1]
            if b0 == 0xF0 && b1 < 0x90 { return 0 }
            if b0 == 0xF4 && b1 >= 0x90 { return 0 }
            return 4
        default:
            return 0
        }
    }

    mutating func parseEscape() -> Bool {
        let start = i
        i += 1
        guard i < count else {
            return fail(.syntax, "escape is not finished before the end of the file", at: start, length: 1)
        }
        switch input[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
            return true
        case UInt8(ascii: "u"):
            i += 1
            guard let unit = readHex4() else {
                return fail(.syntax, "expected four hex digits after \\u", at: start, length: min(6, count - start))
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                // A high surrogate must be followed by an escaped low surrogate.
                if i + 1 < count, input[i] == UInt8(ascii: "\\"), input[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    if let low = readHex4() {
                        if low >= 0xDC00 && low <= 0xDFFF { return true }
                        issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, start + 6)))
                        i = save
                        return true
                    }
                    return fail(.syntax, "expected four hex digits after \\u", at: save, length: min(6, count - save))
                }
                issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, i)))
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                issues.append(JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(start, i)))
            }
            return true
        default:
            return fail(
                .syntax,
                "invalid escape '\\\(printable(input[i]))': JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX",
                at: start, length: 2)
        }
    }

    mutating func readHex4() -> UInt32? {
        guard i + 4 <= count else { return nil }
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

    /// Reports the key as a duplicate when an earlier key of the same object is equal.
    @inline(__always) mutating func noteKey(_ keyNode: Int) {
        guard top.keyIndex < 0 else { return noteKeyHashed(keyNode) }
        // Linear search is fastest for the small objects payloads have; hash big ones.
        let entry = Parser.keyEntry(input, nodes[keyNode], keyNode)
        var k = top.keyBase
        while k < keys.count {
            let other = keys[k]
            if other.prefix == entry.prefix && other.length == entry.length && keysEqual(other.node, keyNode) {
                return reportDuplicate(keyNode, other.node)
            }
            k += 1
        }
        keys.push(entry)
        if keys.count - top.keyBase > 16 { startHashingKeys() }
    }

    mutating func startHashingKeys() {
        var index: [Int: [Int]] = [:]
        for k in top.keyBase..<keys.count {
            let key = keys[k].node
            index[Parser.keyHash(input, nodes[key]), default: []].append(key)
        }
        keyIndexes.append(index)
        top.keyIndex = keyIndexes.count - 1
    }

    mutating func noteKeyHashed(_ keyNode: Int) {
        let hash = Parser.keyHash(input, nodes[keyNode])
        if let candidates = keyIndexes[top.keyIndex][hash] {
            for other in candidates where keysEqual(other, keyNode) {
                // Only first occurrences are remembered: 100 000 copies of one key stay linear.
                return reportDuplicate(keyNode, other)
            }
        }
        keyIndexes[top.keyIndex][hash, default: []].append(keyNode)
    }

    /// The fingerprint of a key: its decoded length and first eight decoded bytes.
    @inline(__always) static func keyEntry(_ input: UnsafeBufferPointer<UInt8>, _ n: JSONNode, _ keyNode: Int)
        -> KeyEntry
    {
        let start = Int(n.start) + 1
        let length = Int(n.end) - 1 - start
        guard n.flags & JSONNode.hasEscapes == 0, start + 8 <= input.count, let base = input.baseAddress else {
            return slowKeyEntry(input, n, keyNode)
        }
        var prefix = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        if length < 8 { prefix &= (1 &<< (8 &* UInt64(length))) &- 1 }
        return KeyEntry(node: keyNode, length: length, prefix: prefix)
    }

    static func slowKeyEntry(_ input: UnsafeBufferPointer<UInt8>, _ n: JSONNode, _ keyNode: Int) -> KeyEntry {
        let key = keyBytes(input, n)
        var prefix: UInt64 = 0
        for (k, b) in key.prefix(8).enumerated() { prefix |= UInt64(b) << (8 * k) }
        return KeyEntry(node: keyNode, length: key.count, prefix: prefix)
    }

    mutating func reportDuplicate(_ key: Int, _ first: Int) {
        issues.append(
            JSONIssue(
                kind: .duplicateKey(key: key, firstKey: first),
                span: ByteSpan(Int(nodes[key].start), Int(nodes[key].end))))
    }

    func keysEqual(_ a: Int, _ b: Int) -> Bool { Parser.keysEqual(input, nodes[a], nodes[b]) }

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
            let la = Int(na.end - na.start)
            let lb = Int(nb.end - nb.start)
            guard la == lb else { return false }
            let a = Int(na.start)
            let b = Int(nb.start)
            for k in 0..<la where input[a + k] != input[b + k] { return false }
            return true
        }
        return keyBytes(input, na) == keyBytes(input, nb)
    }

    // MARK: Whitespace and comments

    /// Skips whitespace (and comments in jsonc). Most calls find none, one space, or a line break and
    /// indentation; anything else goes to `skipSpaceAndComments`.
    @inline(__always) mutating func skipSpace() -> Bool {
        if i < count {
            let c = input[i]
            if c > 0x20 && c != UInt8(ascii: "/") { return true }
            if c == 0x20 || c == 0x0A {
                if c == 0x0A { noteLineBreak(at: i) }
                i = Parser.skipSpaces(input, from: i + 1)
                if i < count, input[i] > 0x20, input[i] != UInt8(ascii: "/") { return true }
            }
        }
        return skipSpaceAndComments()
    }

    mutating func skipSpaceAndComments() -> Bool {
        var j = i
        defer { i = j }
        while j < count {
            let c = input[j]
            if c == 0x20 {
                j = Parser.skipSpaces(input, from: j + 1)
            } else if c == 0x0A || c == 0x0D || c == 0x09 {
                if LineIndex.endsLine(input, at: j) { noteLineBreak(at: j) }
                j += 1
            } else if allowComments, c == UInt8(ascii: "/"), j + 1 < count {
                if input[j + 1] == UInt8(ascii: "/") {
                    let start = j
                    j += 2
                    while j < count, input[j] != 0x0A { j += 1 }
                    noteLineBreaks(in: start..<j)  // A lone `\r` ends a line for `LineIndex` too.
                } else if input[j + 1] == UInt8(ascii: "*") {
                    let start = j
                    j += 2
                    var closed = false
                    while j + 1 < count {
                        if input[j] == UInt8(ascii: "*") && input[j + 1] == UInt8(ascii: "/") {
                            j += 2
                            closed = true
                            break
                        }
                        j += 1
                    }
                    if !closed {
                        return fail(.syntax, "comment is not closed: expected '*/'", at: start, length: 2)
                    }
                    noteLineBreaks(in: start..<j)
                } else {
                    return true
                }
            } else {
                return true
            }
        }
        return true
    }

    /// Skips a run of spaces eight at a time: indentation in pretty-printed files.
    @inline(__always) static func skipSpaces(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var j = start
        let count = input.count
        if let base = input.baseAddress {
            while j <= count &- 8 {
                let other =
                    UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
                    ^ 0x2020_2020_2020_2020
                if other != 0 { return j &+ other.trailingZeroBitCount >> 3 }
                j &+= 8
            }
        }
        while j < count, input[j] == 0x20 { j += 1 }
        return j
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
            let length = Parser.utf8SequenceLength(input, at: offset)
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

func hex2(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
}

func hex4(_ v: UInt32) -> String {
    let digits = Array("0123456789ABCDEF")
    return String((0..<4).reversed().map { digits[Int((v >> (UInt32($0) * 4)) & 0xF)] })
}
