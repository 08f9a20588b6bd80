import PushLintJSON
import Testing

/// The JSON Lines splitter gives the same lines whatever the chunks the stream arrives in.
@Suite struct JSONLinesSplitterTests {
    struct Got: Equatable {
        var number: Int
        var text: String
        var oversize: Int?
    }

    static func lines(_ text: String, chunk: Int, limit: Int = 1 << 20) -> [Got] {
        var splitter = JSONLinesSplitter(maxLineBytes: limit)
        var got: [Got] = []
        let emit = { (line: JSONLinesSplitter.Line) in
            got.append(
                Got(number: line.number, text: String(decoding: line.bytes, as: UTF8.self), oversize: line.oversize))
        }
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + chunk)
                splitter.feed(UnsafeBufferPointer(rebasing: all[start..<end]), emit)
                start = end
            }
        }
        splitter.finish(emit)
        return got
    }

    @Test func linesAreTheSameForEveryChunkSize() {
        let text = "{\"a\": 1}\r\n\n{\"b\": \"é🚚\"}\n  \n{\"c\": [1,\n"
        let expected = [
            Got(number: 1, text: "{\"a\": 1}"), Got(number: 2, text: ""), Got(number: 3, text: "{\"b\": \"é🚚\"}"),
            Got(number: 4, text: "  "), Got(number: 5, text: "{\"c\": [1,"),
        ]
        for chunk in 1...text.utf8.count + 1 { #expect(Self.lines(text, chunk: chunk) == expected, "chunk \(chunk)") }
    }

    /// Line breaks are found eight bytes at a time: lines of every length from 0 to 40 bytes put them at every
    /// place in a word, in chunks of every size up to three words.
    @Test func linesOfEveryLengthSplitWhereTheirBreaksAre() {
        let lengths = Array(0...40) + Array((0...40).reversed())
        let lines = lengths.enumerated().map { index, length in
            String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + (index + $0) % 26))) })
        }
        let text = lines.joined(separator: "\n") + "\n"
        let expected = lines.enumerated().map { Got(number: $0.offset + 1, text: $0.element) }
        for chunk in [1, 3, 7, 8, 9, 16, 17, 24, 1 << 12] {
            #expect(Self.lines(text, chunk: chunk) == expected, "chunk \(chunk)")
        }
    }

    @Test func aLastLineWithoutANewlineIsALine() {
        #expect(
            Self.lines("{}\n{\"x\": 1}", chunk: 3) == [Got(number: 1, text: "{}"), Got(number: 2, text: "{\"x\": 1}")])
        #expect(Self.lines("{}\n", chunk: 3) == [Got(number: 1, text: "{}")])
        #expect(Self.lines("", chunk: 3).isEmpty)
        #expect(Self.lines("\r\n", chunk: 1) == [Got(number: 1, text: "")])
    }

    @Test func aLineOverTheLimitIsCountedNotHeld() {
        let long = String(repeating: "x", count: 100)
        for chunk in [1, 7, 64, 1000] {
            let got = Self.lines("{}\n\(long)\n{\"a\": 1}\n\(long)", chunk: chunk, limit: 50)
            #expect(
                got == [
                    Got(number: 1, text: "{}"), Got(number: 2, text: "", oversize: 100),
                    Got(number: 3, text: "{\"a\": 1}"),
                    Got(number: 4, text: "", oversize: 100),
                ], "chunk \(chunk)")
        }
        // A CRLF line of exactly the limit is within it.
        #expect(
            Self.lines(String(repeating: "y", count: 50) + "\r\n", chunk: 8, limit: 50) == [
                Got(number: 1, text: String(repeating: "y", count: 50))
            ])
    }
}
