/// RFC 6901 JSON Pointers.
public enum JSONPointer {
    /// Escapes one reference token: `~` as `~0`, `/` as `~1` (in that order).
    public static func escape(_ token: String) -> String { written([token], slashes: false) }

    public static func join(_ tokens: [String]) -> String { written(tokens, slashes: true) }

    /// The tokens escaped, each after a `/` when `slashes`: sized first, then written from the end, as a node's
    /// pointer is (`JSONDocument.pointer(of:)`), so that the escaping is written once.
    private static func written(_ tokens: [String], slashes: Bool) -> String {
        var length = 0
        for token in tokens { length += (slashes ? 1 : 0) + token.withUTF8Bytes(escapedLength) }
        return String(unsafeUninitializedCapacity: length) { out in
            var end = length
            for token in tokens.reversed() {
                end = token.withUTF8Bytes { writeEscaped($0, endingAt: end, in: out) }
                if slashes {
                    end -= 1
                    out[end] = UInt8(ascii: "/")
                }
            }
            return length
        }
    }
}

extension JSONDocument {
    /// The RFC 6901 pointer of a node (`""` for the root). Keys resolve to their member's pointer. Every finding
    /// carries one: its length is counted on a walk up to the root, then the string is written from its end on a
    /// second walk, keys copied from where they lie and indexes written as digits, in one allocation.
    public func pointer(of id: NodeID) -> String {
        nodes.withUnsafeBufferPointer { nodes in
            let node = nodes[id].kind == .key ? id + 1 : id
            var length = 0
            var current = node
            while nodes[current].parent != JSONNode.noParent {
                let parent = Int(nodes[current].parent)
                length &+= 1
                if nodes[parent].kind == .object {
                    withStringBytes(current - 1) { length &+= JSONPointer.escapedLength($0) }
                } else {
                    length &+= JSONPointer.decimalLength(Int(nodes[current].ordinal))
                }
                current = parent
            }
            guard length > 0 else { return "" }
            return String(unsafeUninitializedCapacity: length) { out in
                var end = length
                var current = node
                while nodes[current].parent != JSONNode.noParent {
                    let parent = Int(nodes[current].parent)
                    if nodes[parent].kind == .object {
                        withStringBytes(current - 1) { end = JSONPointer.writeEscaped($0, endingAt: end, in: out) }
                    } else {
                        end = JSONPointer.writeDecimal(Int(nodes[current].ordinal), endingAt: end, in: out)
                    }
                    end &-= 1
                    out[end] = UInt8(ascii: "/")
                    current = parent
                }
                return length
            }
        }
    }
}

extension JSONPointer {
    /// The length of a reference token once escaped (`~` and `/` take two bytes).
    static func escapedLength(_ token: UnsafeBufferPointer<UInt8>) -> Int {
        var length = token.count
        for b in token where b == UInt8(ascii: "~") || b == UInt8(ascii: "/") { length &+= 1 }
        return length
    }

    /// Writes a reference token escaped so that it ends at `end`; returns where it starts.
    static func writeEscaped(
        _ token: UnsafeBufferPointer<UInt8>, endingAt end: Int, in out: UnsafeMutableBufferPointer<UInt8>
    )
        -> Int
    {
        var at = end
        for b in token.reversed() {
            switch b {
            case UInt8(ascii: "~"):
                out[at &- 1] = UInt8(ascii: "0")
                out[at &- 2] = UInt8(ascii: "~")
                at &-= 2
            case UInt8(ascii: "/"):
                out[at &- 1] = UInt8(ascii: "1")
                out[at &- 2] = UInt8(ascii: "~")
                at &-= 2
            default:
                out[at &- 1] = b
                at &-= 1
            }
        }
        return at
    }

    /// The number of decimal digits of `value` (at least one).
    static func decimalLength(_ value: Int) -> Int {
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length &+= 1
            rest /= 10
        }
        return length
    }

    /// Writes `value` in decimal so that it ends at `end`; returns where it starts.
    static func writeDecimal(_ value: Int, endingAt end: Int, in out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var at = end
        var rest = value
        repeat {
            at &-= 1
            out[at] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        return at
    }
}
