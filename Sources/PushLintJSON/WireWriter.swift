/// A value as a sender would put it on the wire: a subtree of a document, or a value that a platform mapping
/// builds (the APNs `aps` that FCM and Expo derive from their own fields). Not `indirect`: the arrays already hold
/// nested values out of line, and an indirect enum boxes every value, `.node` included, in an allocation of its own.
public enum WireValue: Sendable {
    case node(NodeID)
    case string(String)
    /// A number or literal, written as is (`1`, `true`).
    case raw(String)
    case object([(key: String, value: WireValue)])
    /// An object of these members of the document, keys and values as written: the common case of `object`,
    /// without decoding every key into a `String`.
    case members([Member])
    case array([WireValue])
}

/// The minimal compact serialization (DESIGN.md §3 "wire size"): no insignificant whitespace, UTF-8, only the
/// escapes JSON requires (`"`, `\` and control characters). Numbers keep their lexeme.
extension JSONDocument {
    /// Wire size of a subtree, computed in one pass over the flat node array (no recursion, no allocation for
    /// strings without escapes).
    public func wireSize(_ id: NodeID) -> Int {
        var total = 0
        let end = Int(nodes[id].next)
        var k = id
        while k < end {
            let n = nodes[k]
            if k != id, n.parent != JSONNode.noParent {
                let p = Int(n.parent)
                switch n.kind {
                case .key:
                    total += 1  // ':'
                    if k != p + 1 { total += 1 }  // ','
                default:
                    if nodes[p].kind == .array, k != p + 1 { total += 1 }
                }
            }
            total += scalarWireSize(k)
            k += 1
        }
        return total
    }

    /// Wire size of an object holding these members of the document, in this order.
    public func wireSize(ofMembers members: [Member]) -> Int {
        var total = 2 + max(0, members.count - 1)
        for member in members { total += scalarWireSize(member.key) + 1 + wireSize(member.value) }
        return total
    }

    public func wireSize(_ value: WireValue) -> Int {
        switch value {
        case .node(let id): return wireSize(id)
        case .string(let s): return s.withUTF8Bytes { JSONDocument.escapedSize($0) } + 2
        case .raw(let s): return s.utf8.count
        case .object(let members):
            var total = 2 + max(0, members.count - 1)
            for member in members {
                // Keys are measured in place: an array per key would be most of the cost of measuring a view.
                total += member.key.withUTF8Bytes { JSONDocument.escapedSize($0) } + 3 + wireSize(member.value)
            }
            return total
        case .members(let members):
            return wireSize(ofMembers: members)
        case .array(let items):
            return 2 + max(0, items.count - 1) + items.reduce(0) { $0 + wireSize($1) }
        }
    }

    /// Own size of a node: a whole scalar, or the two brackets of a container.
    func scalarWireSize(_ k: NodeID) -> Int {
        let n = nodes[k]
        switch n.kind {
        case .object, .array: return 2
        case .string, .key:
            if n.flags & JSONNode.hasEscapes == 0 { return Int(n.end - n.start) }
            return JSONDocument.escapedSize(stringBytes(k)) + 2
        default: return Int(n.end - n.start)
        }
    }

    static func escapedSize(_ decoded: [UInt8]) -> Int { decoded.withUnsafeBufferPointer { escapedSize($0) } }

    static func escapedSize(_ decoded: UnsafeBufferPointer<UInt8>) -> Int {
        var size = 0
        for b in decoded {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x0C, 0x0A, 0x0D, 0x09: size += 2
            case 0x00..<0x20: size += 6
            default: size += 1
            }
        }
        return size
    }

    /// The wire bytes of a subtree.
    public func wireBytes(_ id: NodeID) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(wireSize(id))
        write(.node(id), to: &out)
        return out
    }

    public func wireBytes(_ value: WireValue) -> [UInt8] {
        var out: [UInt8] = []
        write(value, to: &out)
        return out
    }

    func write(_ value: WireValue, to out: inout [UInt8]) {
        switch value {
        case .node(let id):
            let n = nodes[id]
            switch n.kind {
            case .object:
                write(.members(members(id)), to: &out)
            case .array:
                out.append(UInt8(ascii: "["))
                for (index, element) in elements(id).enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    write(.node(element), to: &out)
                }
                out.append(UInt8(ascii: "]"))
            case .string, .key:
                JSONDocument.writeString(stringBytes(id), to: &out)
            default:
                out.append(contentsOf: bytes[Int(n.start)..<Int(n.end)])
            }
        case .string(let s):
            JSONDocument.writeString(Array(s.utf8), to: &out)
        case .raw(let s):
            out.append(contentsOf: s.utf8)
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONDocument.writeString(Array(member.key.utf8), to: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .members(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONDocument.writeString(stringBytes(member.key), to: &out)
                out.append(UInt8(ascii: ":"))
                write(.node(member.value), to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
    }

    /// Writes a JSON string literal with only the mandatory escapes.
    public static func writeString(_ decoded: [UInt8], to out: inout [UInt8]) {
        decoded.withUnsafeBufferPointer { writeString($0, to: &out) }
    }

    /// Writes a JSON string literal with only the mandatory escapes; runs without escapes are copied whole.
    @inlinable
    public static func writeString<Output: ByteOutput>(_ decoded: UnsafeBufferPointer<UInt8>, to out: inout Output) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        let n = decoded.count
        while i < n {
            // Eight bytes at a time while none needs an escape: most text has none.
            if let base = decoded.baseAddress {
                while n - i >= 8,
                    WordBytes.needsJSONEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) == 0
                {
                    i += 8
                }
            }
            guard i < n else { break }
            let b = decoded[i]
            i += 1
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            out.append(UnsafeBufferPointer(rebasing: decoded[runStart..<(i - 1)]))
            runStart = i
            out.append(0x5C)
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(b)
            case 0x08: out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "f"))
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                let digits: StaticString = "0123456789abcdef"
                out.append(UInt8(ascii: "u"))
                out.append(UInt8(ascii: "0"))
                out.append(UInt8(ascii: "0"))
                out.append(digits.utf8Start[Int(b >> 4)])
                out.append(digits.utf8Start[Int(b & 0x0F)])
            }
        }
        out.append(UnsafeBufferPointer(rebasing: decoded[runStart...]))
        out.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal for `text`, as a fix or a report would write it.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        writeString(Array(text.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as a JSON string literal that a terminal shows as written: besides the mandatory escapes, DEL, the
    /// C1 controls (U+009B starts a control sequence on some terminals) and the bidirectional controls (which
    /// reorder what a reader sees) are `\u` escapes. A JSON reader gets the same value. For files pushlint writes
    /// from a repository's sources, which are also shown as a diff.
    public static func displayQuoted(_ text: String) -> String {
        let literal = quoted(text)
        // C1 controls start with 0xC2 in UTF-8 and the bidirectional controls with 0xE2: most text has neither.
        guard literal.utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }),
            literal.unicodeScalars.contains(where: isHiddenControl)
        else { return literal }
        var out = ""
        for scalar in literal.unicodeScalars {
            guard isHiddenControl(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let digits = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        return out
    }

    /// DEL, a C1 control or a bidirectional control: characters a terminal acts on or hides rather than shows.
    static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

/// Where escaped JSON text is written: a byte array, or a report's buffer.
public protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}
