/// RFC 6901 JSON Pointers.
public enum JSONPointer {
    /// Escapes one reference token: `~` as `~0`, `/` as `~1` (in that order).
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    public static func join(_ tokens: [String]) -> String {
        tokens.map { "/" + escape($0) }.joined()
    }
}

extension JSONDocument {
    /// The RFC 6901 pointer of a node (`""` for the root). Keys resolve to their member's pointer.
    public func pointer(of id: NodeID) -> String {
        var tokens: [String] = []
        var current = nodes[id].kind == .key ? id + 1 : id
        while let parentID = parent(current) {
            if nodes[parentID].kind == .object {
                tokens.append(string(current - 1))
            } else {
                tokens.append(String(nodes[current].ordinal))
            }
            current = parentID
        }
        return JSONPointer.join(tokens.reversed())
    }
}
