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
        #expect(
            d.wireSize(ofMembers: d.members(d.root, excluding: ["token", "topic"])) == #"{"data":{"k":"v"}}"#.utf8.count
        )
    }

    /// Members kept as written (escaped keys included) measure and write like the object without the others.
    @Test func documentMembersMeasureLikeTheirText() throws {
        let d = try doc(#"{"to\u0041": "x", "token": "abc", "da\"ta": {"k": [1, "\n"]}}"#)
        let kept = d.members(d.root).filter { !d.keyEquals($0.key, "token") }
        let text = #"{"toA":"x","da\"ta":{"k":[1,"\n"]}}"#
        #expect(d.wireSize(.members(kept)) == text.utf8.count)
        #expect(String(decoding: d.wireBytes(.members(kept)), as: UTF8.self) == text)
        #expect(d.wireSize(.members([])) == 2 && d.wireBytes(.members([])) == Array("{}".utf8))
    }

    @Test func synthesizedValuesMeasureLikeTheirText() throws {
        let d = try doc(#"{"t": "Hi"}"#)
        let value = WireValue.object([
            (
                "aps",
                .object([
                    ("alert", .object([("title", .node(d.member(d.root, "t")!))])), ("content-available", .raw("1")),
                ])
            )
        ])
        let text = #"{"aps":{"alert":{"title":"Hi"},"content-available":1}}"#
        #expect(d.wireSize(value) == text.utf8.count)
        #expect(String(decoding: d.wireBytes(value), as: UTF8.self) == text)
    }

    /// The escaper skips 8 bytes at a time while none needs an escape: at every position around those steps, each
    /// byte value must come out as escaping byte by byte gives, and the size must match.
    @Test func stringsAreEscapedAsByteByByteAtEveryOffset() {
        let hex = Array("0123456789abcdef".utf8)
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [0x22]
            for b in bytes {
                switch b {
                case 0x22: out += [0x5C, 0x22]
                case 0x5C: out += [0x5C, 0x5C]
                case 0x08: out += Array("\\b".utf8)
                case 0x0C: out += Array("\\f".utf8)
                case 0x0A: out += Array("\\n".utf8)
                case 0x0D: out += Array("\\r".utf8)
                case 0x09: out += Array("\\t".utf8)
                case 0..<0x20: out += Array("\\u00".utf8) + [hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
                default: out.append(b)
                }
            }
            return out + [0x22]
        }
        let specials: [UInt8] = [
            0x00, 0x01, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x5C, 0x7F, 0x80, 0x9F, 0xC3, 0xFF,
        ]
        for length in 0..<20 {
            for position in 0..<max(1, length) {
                for special in specials where length > 0 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = special
                    var out: [UInt8] = []
                    bytes.withUnsafeBufferPointer { JSONDocument.writeString($0, to: &out) }
                    #expect(out == reference(bytes), "length \(length), byte \(special) at \(position)")
                }
            }
        }
        let all = Array(0...255).map(UInt8.init)
        var out: [UInt8] = []
        all.withUnsafeBufferPointer { JSONDocument.writeString($0, to: &out) }
        #expect(out == reference(all))
    }
}
