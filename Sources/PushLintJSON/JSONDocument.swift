/// What a node of a parsed document is.
public enum JSONKind: UInt8, Sendable {
    case object, array, key, string, number, bool, null
    /// A template placeholder in value position (`"badge": {{count}}`): its type is unknown until rendering.
    case placeholder
}

/// One node of the flat node array. Nodes are stored in document order (pre-order): the children of a
/// container are the nodes between it and `next`; in an object each member is a `key` node directly followed
/// by its value. Offsets are byte offsets into the document's bytes (UTF-8).
public struct JSONNode: Sendable, Equatable {
    public var kind: JSONKind
    /// `hasEscapes` for strings and keys; `isInteger` for numbers; `isTrue` for bools.
    public var flags: UInt8
    public var start: UInt32
    public var end: UInt32
    /// Index of the first node after this node's subtree.
    public var next: UInt32
    /// Index of the enclosing object or array; the root has `UInt32.max`.
    public var parent: UInt32
    /// Position in the parent: the element index in an array, the member index in an object (shared by a key
    /// and its value). Makes a JSON Pointer cost the depth, not the number of siblings, and a container's count
    /// that of its last child: documents built by hand must set it.
    public var ordinal: UInt32

    public init(kind: JSONKind, flags: UInt8, start: UInt32, end: UInt32, next: UInt32, parent: UInt32, ordinal: UInt32)
    {
        self.kind = kind
        self.flags = flags
        self.start = start
        self.end = end
        self.next = next
        self.parent = parent
        self.ordinal = ordinal
    }

    public static let hasEscapes: UInt8 = 1
    public static let isInteger: UInt8 = 2
    public static let isTrue: UInt8 = 4
    public static let noParent = UInt32.max
    /// Byte offsets are 32-bit: the parser refuses files of this size and more, and line indexes stop there.
    public static let maxOffset = Int(UInt32.max)
}

/// Index of a node in `JSONDocument.nodes`.
public typealias NodeID = Int

/// A parsed JSON document: the bytes it was parsed from and a flat array of nodes that point into them.
/// Strings are decoded only when asked for, keys are compared as bytes. Immutable; a class so that handing it to
/// fifty rules per payload costs one reference count, not one per array.
public final class JSONDocument: Sendable {
    public let bytes: [UInt8]
    public let nodes: [JSONNode]
    public let mode: JSONParseOptions.Mode
    /// Where each line starts, when the parser recorded it on its way (nil for documents built otherwise).
    public let lineStarts: [UInt32]?

    public init(bytes: [UInt8], nodes: [JSONNode], mode: JSONParseOptions.Mode, lineStarts: [UInt32]? = nil) {
        self.bytes = bytes
        self.nodes = nodes
        self.mode = mode
        self.lineStarts = lineStarts
    }

    /// Another handle on the same bytes and nodes (no copy): for threads that would otherwise share one
    /// reference count.
    public func sharingStorage() -> JSONDocument {
        JSONDocument(bytes: bytes, nodes: nodes, mode: mode, lineStarts: lineStarts)
    }

    /// Lines and columns of this document's offsets: from the parser's line starts, without a pass over the bytes.
    public var lines: LineIndex { lineStarts.map { LineIndex(bytes, lineStarts: $0) } ?? LineIndex(bytes) }

    /// The root value (documents always have one when parsing succeeded).
    public var root: NodeID { 0 }

    @inlinable
    public func kind(_ id: NodeID) -> JSONKind { nodes[id].kind }
    public func span(_ id: NodeID) -> ByteSpan { ByteSpan(Int(nodes[id].start), Int(nodes[id].end)) }

    @inlinable
    public func parent(_ id: NodeID) -> NodeID? {
        let p = nodes[id].parent
        return p == JSONNode.noParent ? nil : Int(p)
    }

    /// The key node of a member value, when the value's parent is an object.
    public func keyNode(ofValue id: NodeID) -> NodeID? {
        guard let p = parent(id), nodes[p].kind == .object, id > 0, nodes[id - 1].kind == .key else { return nil }
        return id - 1
    }

    /// The key of the member whose value holds `id`, directly or through arrays (`"tags"` for each string of
    /// `"tags": ["a", "b"]`); nil for the root and for values of a root array.
    @inlinable
    public func owningKey(of id: NodeID) -> NodeID? {
        var current = id
        while let parent = parent(current) {
            if nodes[parent].kind == .object { return current - 1 }
            current = parent
        }
        return nil
    }

    /// The bytes to delete to remove the member whose value is `id` and keep the object valid: from its key to the
    /// next member's key, or, for the last member, from the end of the previous member's value (taking the comma
    /// before it); the whole member when it is the only one. Nil when `id` is not a member value.
    public func memberRemovalSpan(ofValue id: NodeID) -> ByteSpan? {
        guard let key = keyNode(ofValue: id), let object = parent(id) else { return nil }
        let members = self.members(object)
        guard let index = members.firstIndex(where: { $0.value == id }) else { return nil }
        if index + 1 < members.count { return ByteSpan(span(key).start, span(members[index + 1].key).start) }
        if index > 0 { return ByteSpan(span(members[index - 1].value).end, span(id).end) }
        return ByteSpan(span(key).start, span(id).end)
    }

    // MARK: Navigation

    /// The direct children of an array (values) or an object (values, without their keys).
    public func elements(_ id: NodeID) -> [NodeID] {
        var result: [NodeID] = []
        result.reserveCapacity(childCount(id))
        var child = id + 1
        let end = Int(nodes[id].next)
        while child < end {
            if nodes[child].kind == .key { child += 1 }
            result.append(child)
            child = Int(nodes[child].next)
        }
        return result
    }

    /// Members of an object as (key node, value node), in document order.
    public func members(_ id: NodeID) -> [Member] { mapMembers(id) { $0 } }

    /// What `transform` makes of each member of an object, in document order, in a list sized once: payload views
    /// and rules build their lists from members this way, without a list of the members first.
    @inlinable
    public func mapMembers<T>(_ id: NodeID, _ transform: (Member) throws -> T) rethrows -> [T] {
        guard nodes[id].kind == .object else { return [] }
        var result: [T] = []
        result.reserveCapacity(childCount(id))
        try forEachMember(id) { result.append(try transform($0)) }
        return result
    }

    /// Each member of an object in document order, without building a list: for walks that run over every
    /// object of every payload.
    @inlinable
    public func forEachMember(_ id: NodeID, _ body: (Member) throws -> Void) rethrows {
        guard nodes[id].kind == .object else { return }
        var key = id + 1
        let end = Int(nodes[id].next)
        while key < end {
            try body(Member(key: key, value: key + 1))
            key = Int(nodes[key + 1].next)
        }
    }

    /// Elements of an array or members of an object, counted from the ordinal of the last one: one allocation for
    /// the lists above instead of growing them (they are built for every object of every payload). Needs the
    /// ordinals the parser records.
    @usableFromInline
    func childCount(_ id: NodeID) -> Int {
        guard nodes[id].kind == .object || nodes[id].kind == .array else { return 0 }
        // The last node of the subtree lies inside the last child: climbing from it costs the depth, where walking
        // the children costs one node read each, a cache miss apiece in a large batch.
        var last = Int(nodes[id].next) - 1
        guard last > id else { return 0 }
        while Int(nodes[last].parent) != id { last = Int(nodes[last].parent) }
        return Int(nodes[last].ordinal) + 1
    }

    /// The value of the last member named `name` (providers keep the last of duplicate keys).
    public func member(_ id: NodeID, _ name: String) -> NodeID? {
        name.withUTF8Bytes { member(id, utf8: $0) }
    }

    /// The value of the last member whose key's UTF-8 is `utf8`. Payload views and rules ask this about 20 times
    /// per message: the members are visited through a pointer to the nodes, and a key without escapes whose
    /// length differs is passed over without looking at its bytes.
    public func member(_ id: NodeID, utf8: UnsafeBufferPointer<UInt8>) -> NodeID? {
        nodes.withUnsafeBufferPointer { nodes in
            // The one bounds check: the members are read without one, and the parser's nodes are consistent.
            precondition(id >= 0 && id < nodes.count, "node \(id) is not in this document")
            guard nodes[id].kind == .object else { return nil }
            var found: NodeID?
            var key = id + 1
            let end = Int(nodes[id].next)
            while key < end {
                if keyEquals(nodes[key], utf8) { found = key + 1 }
                key = Int(nodes[key + 1].next)
            }
            return found
        }
    }

    /// Whether `bytes[start...]` begins with `utf8` (the caller knows the range is long enough).
    @inline(__always)
    static func equal(_ bytes: [UInt8], from start: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { all in
            var i = 0
            while i < utf8.count {
                if all[start &+ i] != utf8[i] { return false }
                i &+= 1
            }
            return true
        }
    }

    /// Follows object keys and array indexes (`["message", "android", "notification"]`).
    public func lookup(_ id: NodeID, _ path: [String]) -> NodeID? {
        var current = id
        for step in path {
            switch nodes[current].kind {
            case .object:
                guard let next = member(current, step) else { return nil }
                current = next
            case .array:
                guard let index = Int(step), index >= 0 else { return nil }
                let items = elements(current)
                guard index < items.count else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    public func count(_ id: NodeID) -> Int { childCount(id) }

    // MARK: Values

    /// The raw source text of a node (a number's lexeme, a string with its quotes and escapes).
    public func rawText(_ id: NodeID) -> String {
        let n = nodes[id]
        return String(decoding: bytes[Int(n.start)..<Int(n.end)], as: UTF8.self)
    }

    /// The decoded text of a string or key node; for other nodes their raw text.
    public func string(_ id: NodeID) -> String {
        let n = nodes[id]
        guard n.kind == .string || n.kind == .key else { return rawText(id) }
        let start = Int(n.start) + 1
        let end = Int(n.end) - 1
        if n.flags & JSONNode.hasEscapes == 0 {
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        return String(decoding: JSONStringDecoder.decode(bytes[start..<end]), as: UTF8.self)
    }

    /// The decoded string value, or nil when the node is not a string.
    public func stringValue(_ id: NodeID) -> String? {
        nodes[id].kind == .string ? string(id) : nil
    }

    /// The decoded UTF-8 bytes of a string or key node (unpaired surrogates become U+FFFD).
    public func stringBytes(_ id: NodeID) -> [UInt8] {
        let n = nodes[id]
        let start = Int(n.start) + 1
        let end = Int(n.end) - 1
        if n.flags & JSONNode.hasEscapes == 0 { return Array(bytes[start..<end]) }
        return JSONStringDecoder.decode(bytes[start..<end])
    }

    /// Calls `body` with the decoded UTF-8 bytes of a string or key node, without copying them when the string
    /// has no escapes (most strings): rules that scan every string of a payload read bytes, not `String`s.
    @inlinable
    public func withStringBytes<R>(_ id: NodeID, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let n = nodes[id]
        precondition(n.kind == .string || n.kind == .key, "withStringBytes needs a string or key node")
        let start = Int(n.start) + 1
        let end = Int(n.end) - 1
        if n.flags & JSONNode.hasEscapes != 0 {
            return JSONStringDecoder.decode(bytes[start..<end]).withUnsafeBufferPointer(body)
        }
        return bytes.withUnsafeBufferPointer { all in body(UnsafeBufferPointer(rebasing: all[start..<end])) }
    }

    public func isInteger(_ id: NodeID) -> Bool {
        nodes[id].kind == .number && nodes[id].flags & JSONNode.isInteger != 0
    }

    public func doubleValue(_ id: NodeID) -> Double? {
        guard nodes[id].kind == .number else { return nil }
        return Double(rawText(id))
    }

    /// The integer value of an integer-lexeme number that fits in `Int`.
    public func intValue(_ id: NodeID) -> Int? {
        guard isInteger(id) else { return nil }
        return Int(rawText(id))
    }

    public func boolValue(_ id: NodeID) -> Bool? {
        guard nodes[id].kind == .bool else { return nil }
        return nodes[id].flags & JSONNode.isTrue != 0
    }

    /// Compares a key (or string) node with bytes without decoding, unless the key has escapes.
    public func keyEquals(_ id: NodeID, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool { keyEquals(nodes[id], utf8) }

    /// The same for a node already read; a key without escapes of another length is settled without its bytes.
    @inline(__always)
    func keyEquals(_ n: JSONNode, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // A node's span is within the document (its end is at least its start plus the two quotes).
        if n.flags & JSONNode.hasEscapes != 0 {
            return JSONStringDecoder.decode(bytes[(Int(n.start) + 1)..<(Int(n.end) - 1)]).elementsEqual(utf8)
        }
        return Int(n.end &- n.start) &- 2 == utf8.count && Self.equal(bytes, from: Int(n.start) &+ 1, utf8)
    }

    public func keyEquals(_ id: NodeID, _ name: String) -> Bool {
        // A key without escapes has its decoded length in its span: most keys differ from `name` there already,
        // before the name's bytes are asked for.
        let n = nodes[id]
        if n.flags & JSONNode.hasEscapes == 0, Int(n.end - n.start) - 2 != name.utf8.count { return false }
        return name.withUTF8Bytes { keyEquals(n, $0) }
    }

    /// The members of an object without those whose key is one of `excluded`, in document order.
    public func members(_ id: NodeID, excluding excluded: [String]) -> [Member] {
        var result: [Member] = []
        result.reserveCapacity(childCount(id))
        forEachMember(id) { member in
            if !excluded.contains(where: { keyEquals(member.key, $0) }) { result.append(member) }
        }
        return result
    }

    /// A short human-readable name of the node's JSON type, for messages ("number", "object", ...).
    /// The type's name with its article, for messages: "an object", "a string".
    public func typeNameWithArticle(_ id: NodeID) -> String {
        let name = typeName(id)
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    public func typeName(_ id: NodeID) -> String {
        switch nodes[id].kind {
        case .object: return "object"
        case .array: return "array"
        case .key, .string: return "string"
        case .number: return "number"
        case .bool: return "boolean"
        case .null: return "null"
        case .placeholder: return "placeholder"
        }
    }
}

/// An object member: its key node and its value node.
public struct Member: Sendable, Equatable {
    public var key: NodeID
    public var value: NodeID
    public init(key: NodeID, value: NodeID) {
        self.key = key
        self.value = value
    }
}

/// A half-open range of byte offsets.
public struct ByteSpan: Sendable, Hashable, Codable {
    public var start: Int
    public var end: Int
    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = max(start, end)
    }
    public var length: Int { end - start }
}
