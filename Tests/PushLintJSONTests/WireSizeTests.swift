import PushLintJSON
import Testing

/// Wire size is the minimal compact serialization (DESIGN.md §3).
@Suite struct WireSizeTests {
    func doc(_ text: String) throws -> JSONDocument {
        try #require(JSONParser.parse(text).document)
    }

    @Test func prettyPrintingDoesNotCount() throws {
        let pretty = """
            {
              "aps" : {
                "alert" : "Hi",
                "badge" : 1
              },
              "ids" : [ 1, 2 ]
            }
            """
        let d = try doc(pretty)
        let compact = #"{"aps":{"alert":"Hi","badge":1},"ids":[1,2]}"#
        #expect(d.wireSize(d.root) == compact.utf8.count)
        #expect(String(decoding: d.wireBytes(d.root), as: UTF8.self) == compact)
    }

    @Test func escapesAreMinimal() throws {
        // \u00e9 is sent as two UTF-8 bytes, \/ as one byte, a newline keeps its two-byte escape,
        // U+0001 needs the six-byte \u0001.
        let d = try doc(#"["\u00e9\/\n\u0001\""]"#)
        let expected = "[\"é/\\n\\u0001\\\"\"]"
        #expect(String(decoding: d.wireBytes(d.root), as: UTF8.self) == expected)
        #expect(d.wireSize(d.root) == expected.utf8.count)
    }

    @Test func multibyteTextCountsUTF8Bytes() throws {
        let d = try doc(#"{"a":"✓😀"}"#)
        #expect(d.wireSize(d.root) == 8 + 3 + 4)
    }

    @Test func excludingKeysDropsMembersAndTheirCommas() throws {
        let d = try doc(#"{"token": "abc", "data": {"k": "v"}, "topic": "t"}"#)
        #expect(d.wireSize(d.root, excludingKeys: ["token", "topic"]) == #"{"data":{"k":"v"}}"#.utf8.count)
    }

    @Test func synthesizedValuesMeasureLikeTheirText() throws {
        let d = try doc(#"{"t": "Hi"}"#)
        let value = WireValue.object([("aps", .object([("alert", .object([("title", .node(d.member(d.root, "t")!))])), ("content-available", .raw("1"))]))])
        let text = #"{"aps":{"alert":{"title":"Hi"},"content-available":1}}"#
        #expect(d.wireSize(value) == text.utf8.count)
        #expect(String(decoding: d.wireBytes(value), as: UTF8.self) == text)
    }
}
