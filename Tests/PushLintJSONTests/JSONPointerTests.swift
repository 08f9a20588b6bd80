import PushLintJSON
import Testing

/// Every node's pointer, written from its end in one allocation, is the one its path's tokens make: decoded keys
/// escaped (`~0`, `~1`), indexes in decimal, a key resolving to its member.
@Suite struct JSONPointerTests {
    /// The pointer of `id` from the tokens of its path, as RFC 6901 spells it.
    static func expected(_ doc: JSONDocument, _ id: NodeID) -> String {
        var node = doc.kind(id) == .key ? id + 1 : id
        var tokens: [String] = []
        while let parent = doc.parent(node) {
            tokens.append(doc.kind(parent) == .object ? doc.string(node - 1) : String(doc.nodes[node].ordinal))
            node = parent
        }
        // Escaped here, by RFC 6901's two replacements in its order, not by the code under test.
        return tokens.reversed().map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined()
    }

    @Test func tokensEscapeTildeThenSlash() {
        #expect(JSONPointer.escape("a/b~c") == "a~1b~0c")
        #expect(JSONPointer.escape("~1") == "~01")
        #expect(JSONPointer.escape("é🚚") == "é🚚")
        #expect(JSONPointer.join(["a/b", "~", "", "x"]) == "/a~1b/~0//x")
        #expect(JSONPointer.join([]) == "")
    }

    @Test func everyNodesPointerIsItsPathsTokens() throws {
        let elements = (0..<120).map { #"{"n": \#($0)}"# }.joined(separator: ",")
        let documents = [
            #"{"aps": {"alert": {"title": "x", "loc-args": ["a", "b"]}}, "a/b": [0, 1, {"c~d": true}]}"#,
            #"{"\u002Fescaped\u007E": {"é ü 🚚": [null, [[]]]}, "": {"": ""}, "~/": 1}"#,
            "[" + elements + "]",
            #"[[[[[[[[[[[["deep"]]]]]]]]]]]]"#,
            #""just a string""#,
        ]
        for text in documents {
            let doc = try #require(JSONParser.parse(text).document, "\(text)")
            for id in 0..<doc.nodes.count {
                #expect(doc.pointer(of: id) == Self.expected(doc, id), "\(text) node \(id)")
            }
        }
        let doc = try #require(JSONParser.parse("[" + elements + "]").document)
        #expect(doc.pointer(of: doc.nodes.count - 1) == "/119/n")
    }
}
