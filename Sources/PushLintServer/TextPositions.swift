/// Byte offsets of a UTF-8 text and LSP positions (line, UTF-16 code units in the line) both ways.
public struct TextPositions: Sendable {
    public let bytes: [UInt8]
    /// Byte offset of each line's start.
    let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The line of a byte offset (clamped to the text).
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The LSP position of a byte offset. An offset inside a multi-byte character counts up to that character.
    public func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(0, offset), bytes.count)
        let line = line(of: offset)
        var units = 0
        var i = lineStarts[line]
        while i < offset {
            let b = bytes[i]
            if b < 0x80 {
                units += 1
                i += 1
            } else if b >= 0xF0 {
                units += 2
                i += 4
            } else if b >= 0xE0 {
                units += 1
                i += 3
            } else if b >= 0xC0 {
                units += 1
                i += 2
            } else {
                i += 1
            }  // a stray continuation byte
        }
        return (line, units)
    }

    /// The byte offset of an LSP position; a character past the line's end is the line's end (before its line
    /// break), a line past the text is the text's end.
    public func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], end <= bytes.count, end - 1 >= 0, end - 1 < bytes.count, bytes[end - 1] == 13,
            line + 1 < lineStarts.count
        {
            end -= 1
        }
        var units = 0
        var i = lineStarts[line]
        while i < end, units < character {
            let b = bytes[i]
            let (width, count) =
                b < 0x80 ? (1, 1) : b >= 0xF0 ? (4, 2) : b >= 0xE0 ? (3, 1) : b >= 0xC0 ? (2, 1) : (1, 0)
            i += width
            units += count
        }
        return min(i, end)
    }

    public func range(_ start: Int, _ end: Int) -> LSPValue {
        let s = position(of: start)
        let e = position(of: end)
        return .object([
            ("start", .object([("line", .int(s.line)), ("character", .int(s.character))])),
            ("end", .object([("line", .int(e.line)), ("character", .int(e.character))])),
        ])
    }
}
