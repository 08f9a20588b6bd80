import PushLintJSON
import Testing

/// The source map of a decoded string literal: each decoded byte points at the byte or escape that wrote it.
@Suite struct DecodedJSONStringTests {
    /// The literal `source` (with its quotes) decoded, at offset `prefix` in a larger text.
    func decode(_ literal: String, prefix: String = "{\"k\": ") -> (DecodedJSONString, [UInt8], Int) {
        let bytes = Array((prefix + literal + "}").utf8)
        let start = prefix.utf8.count
        let decoded = DecodedJSONString(bytes, contents: (start + 1)..<(start + literal.utf8.count - 1))
        return (decoded, bytes, start + 1)
    }

    @Test func plainBytesMapOneToOne() {
        let (decoded, _, contents) = decode(#""abc""#)
        #expect(decoded.bytes == Array("abc".utf8))
        #expect((0..<3).map(decoded.sourceOffset) == [contents, contents + 1, contents + 2])
        #expect(decoded.sourceSpan(ByteSpan(1, 3)) == ByteSpan(contents + 1, contents + 3))
        // The end maps to the closing quote.
        #expect(decoded.sourceOffset(3) == contents + 3)
    }

    @Test(arguments: [
        (#"\""#, [UInt8(ascii: "\"")]), (#"\\"#, [UInt8(ascii: "\\")]), (#"\/"#, [UInt8(ascii: "/")]),
        (#"\b"#, [0x08]), (#"\f"#, [0x0C]), (#"\n"#, [0x0A]), (#"\r"#, [0x0D]), (#"\t"#, [0x09]),
        (#"\u0041"#, [0x41]), (#"\u00e9"#, [0xC3, 0xA9]), (#"\u20AC"#, [0xE2, 0x82, 0xAC]),
        (#"\ud83d\ude00"#, [0xF0, 0x9F, 0x98, 0x80]),
        // Unpaired surrogates decode to U+FFFD, as JSONStringDecoder does.
        (#"\ud83d"#, [0xEF, 0xBF, 0xBD]), (#"\ude00"#, [0xEF, 0xBF, 0xBD]),
        (#"\ud83dx"#, [0xEF, 0xBF, 0xBD, 0x78]),
    ])
    func everyEscapeMapsToItsWholeEscape(_ escape: String, _ expected: [UInt8]) {
        let (decoded, _, contents) = decode("\"a" + escape + "b\"")
        #expect(decoded.bytes == [0x61] + expected + [0x62])
        let escapeLength = escape.hasSuffix("x") ? escape.utf8.count - 1 : escape.utf8.count
        // Every byte the escape wrote points at the escape's start; a span over them covers the whole escape.
        let written = escape.hasSuffix("x") ? expected.count - 1 : expected.count
        for k in 1...written { #expect(decoded.sourceOffset(k) == contents + 1) }
        #expect(decoded.sourceSpan(ByteSpan(1, 1 + written)) == ByteSpan(contents + 1, contents + 1 + escapeLength))
        // The byte after the escape is at its own place again.
        #expect(decoded.sourceOffset(expected.count + 1) == contents + 1 + escape.utf8.count)
        #expect(decoded.bytes == JSONStringDecoder.decode(ArraySlice(Array(("a" + escape + "b").utf8))))
    }

    @Test func innerDocumentSpansLandOnTheFileCharacters() {
        // {"APNS": "{\"aps\":{\"alert\":\"Hi\"}}"}: the inner `"Hi"` is at `\"Hi\"` in the file.
        let text = #"{"APNS": "{\"aps\":{\"alert\":\"Hi\"}}"}"#
        let outer = JSONParser.parse(text).document!
        let value = outer.member(outer.root, "APNS")!
        let decoded = DecodedJSONString(outer, value)
        let inner = JSONParser.parse(decoded.bytes).document!
        let alert = inner.member(inner.member(inner.root, "aps")!, "alert")!
        let span = decoded.sourceSpan(inner.span(alert))
        #expect(String(decoding: Array(text.utf8)[span.start..<span.end], as: UTF8.self) == #"\"Hi\""#)
    }

    @Test func multibyteLiteralsKeepTheirOffsets() {
        let (decoded, _, contents) = decode("\"é\\n€\"")
        #expect(decoded.bytes == [0xC3, 0xA9, 0x0A, 0xE2, 0x82, 0xAC])
        #expect(decoded.sourceOffset(1) == contents + 1)
        #expect(decoded.sourceOffset(2) == contents + 2)
        #expect(decoded.sourceOffset(3) == contents + 4)
    }

    @Test func emptyStringMapsToItsQuote() {
        let (decoded, _, contents) = decode(#""""#)
        #expect(decoded.bytes.isEmpty)
        #expect(decoded.sourceOffset(0) == contents)
        #expect(decoded.sourceSpan(ByteSpan(0, 0)) == ByteSpan(contents, contents))
    }
}
