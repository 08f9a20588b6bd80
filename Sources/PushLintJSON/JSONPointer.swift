/// RFC 6901 JSON Pointers.
public enum JSONPointer {
    /// Escapes one reference token: `~` as `~0`, `/` as `~1` (in that order).
    public static func escape(_ token: String) -> String {
        var out: [UInt8] = []
        appendEscaped(token.utf8, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public static func join(_ tokens: [String]) -> String {
        var out: [UInt8] = []
        for token in tokens {
            out.append(UInt8(ascii: "/"))
            appendEscaped(token.utf8, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func appendEscaped<Bytes: Sequence<UInt8>>(_ token: Bytes, to out: inout [UInt8]) {
        for b in token {
            switch b {
            case UInt8(ascii: "~"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
            case UInt8(ascii: "/"): out.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
            default: out.append(b)
            }
        }
    }
}

extension JSONDocument {
    /// The RFC 6901 pointer of a node (`""` for the root). Keys resolve to their member's pointer. Written as
    /// bytes, one String at the end: every finding carries one.
    public func pointer(of id: NodeID) -> String {
        let node = nodes[id].kind == .key ? id + 1 : id
        var depth = 0
        var current = node
        while let parentID = parent(current) {
            depth += 1
            current = parentID
        }
        guard depth > 0 else { return "" }
        // The steps from the root down, in temporary memory (a finding's pointer is a few steps deep).
        return withUnsafeTemporaryAllocation(of: NodeID.self, capacity: depth) { steps in
            var current = node
            for index in stride(from: depth - 1, through: 0, by: -1) {
                steps[index] = current
                current = Int(nodes[current].parent)
            }
            var out: [UInt8] = []
            out.reserveCapacity(depth * 12)
            for step in steps {
                out.append(UInt8(ascii: "/"))
                if let parentID = parent(step), nodes[parentID].kind == .object {
                    withStringBytes(step - 1) { JSONPointer.appendEscaped($0, to: &out) }
                } else {
                    out.append(contentsOf: String(nodes[step].ordinal).utf8)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}
