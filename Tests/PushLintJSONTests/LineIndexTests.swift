import PushLintJSON
import Testing

@Suite struct LineIndexTests {
    /// Line starts the slow way: after every LF, and after every CR not followed by LF.
    func expectedStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated()
        where b == 0x0A || (b == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A)) {
            starts.append(i + 1)
        }
        return starts
    }

    @Test(arguments: [0x0A, 0x0D] as [UInt8])
    func aLineEndIsFoundAtEveryOffsetAroundTheEightByteSteps(_ end: UInt8) {
        for length in 0..<26 {
            for offset in 0..<max(1, length) where length > 0 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[offset] = end
                #expect(LineIndex(bytes).lineStarts == expectedStarts(bytes), "length \(length), line end at \(offset)")
            }
        }
    }

    /// Scanned in ranges (on threads, for a large file), the index is the one scanned in one go: also when a range
    /// ends between the `\r` and the `\n` of a line end, or on one.
    @Test(arguments: [1, 2, 3, 7, 16])
    func rangesFindTheSameLinesAsOnePass(_ parts: Int) {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0D, 0x0A, UInt8(ascii: "a"), 0xC3, 0xBC]
        var bytes = (0..<40_000).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        // A CRLF across each boundary the ranges can have (4096-byte multiples split among `parts`).
        let size = (bytes.count + min(parts, bytes.count / 4096) - 1) / min(parts, bytes.count / 4096)
        for boundary in stride(from: size, to: bytes.count, by: size) {
            bytes[boundary - 1] = 0x0D
            bytes[boundary] = 0x0A
        }
        let inRanges = LineIndex(
            bytes, parts: parts, minimumRangeBytes: 4096, map: { count, body in (0..<count).map(body) })
        #expect(inRanges.lineStarts == LineIndex(bytes).lineStarts)
        #expect(inRanges.lineStarts == expectedStarts(bytes))
        #expect(inRanges.position(of: 30_000) == LineIndex(bytes).position(of: 30_000))
    }

    @Test func crlfCrAndLfMixedWithNonASCII() {
        let text = "{\r\n  \"a\": \"Zürich 注文\",\r  \"b\": 1\n}\n\r\n\u{1F389}\r"
        let bytes = Array(text.utf8)
        let index = LineIndex(bytes)
        #expect(index.lineStarts == expectedStarts(bytes))
        let b = bytes.firstIndex(of: UInt8(ascii: "b"))!
        #expect(index.position(of: b) == SourcePosition(line: 3, column: 4))
    }

    @Test func bytesThatOnlyLookLikeLineEndsInAWordAreNotLineEnds() {
        // 0x8A, 0x0B, 0x1A and 0x4D share bits with LF and CR; none ends a line.
        let bytes: [UInt8] = [
            0x8A, 0x0B, 0x1A, 0x4D, 0x8D, 0x0E, 0x2A, 0x09, 0x8A, 0x0B, 0x1A, 0x4D, 0x8D, 0x0E, 0x2A, 0x09, 0x0A,
        ]
        #expect(LineIndex(bytes).lineStarts == [0, 17])
    }

    /// Columns count scalars 32 and 8 bytes at a time; at every offset of a long line of ASCII runs and mixed text
    /// (and of stray continuation bytes, each shown as U+FFFD) they must be what decoding the line gives.
    @Test func columnsOnALongLineMatchDecodingTheLine() {
        var bytes = Array(
            (String(repeating: "plain ascii ", count: 7) + String(repeating: "aé注🎉 b", count: 9)
                + String(repeating: "z", count: 70)).utf8)
        bytes.insert(0x80, at: 5)
        bytes.append(contentsOf: [0xBF, 0x41, 0x0A, 0x42])
        let index = LineIndex(bytes)
        let offsets = Array(0...bytes.count)
        let all = index.positions(of: offsets.reversed())
        for offset in offsets {
            let line = bytes[..<offset].filter { $0 == 0x0A }.count + 1
            let start = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let column = 1 + String(decoding: bytes[start..<offset], as: UTF8.self).unicodeScalars.count
            #expect(index.position(of: offset) == SourcePosition(line: line, column: column), "offset \(offset)")
            #expect(
                all[bytes.count - offset] == SourcePosition(line: line, column: column),
                "offset \(offset), in one sweep")
        }
    }
}
