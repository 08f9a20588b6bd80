/// Byte offsets of a UTF-8 text and LSP positions (line, UTF-16 code units in the line) both ways. Lines end where
/// LSP says they do: at `\n`, `\r\n` and a lone `\r` (the protocol's "end-of-line sequences").
public struct TextPositions: Sendable {
    public let bytes: [UInt8]
    /// Byte offset of each line's start.
    let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 10 {
                starts.append(i + 1)
            } else if b == 13 {
                if i + 1 < n, bytes[i + 1] == 10 { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
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

    /// Where line `line`'s text ends: before its line break.
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1] - 1
        if bytes[end] == 10, end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The width in bytes and UTF-16 code units of the UTF-8 sequence that starts with `b` (a stray continuation
    /// byte is one byte and no unit).
    @inline(__always)
    static func width(_ b: UInt8) -> (bytes: Int, units: Int) {
        b < 0x80 ? (1, 1) : b >= 0xF0 ? (4, 2) : b >= 0xE0 ? (3, 1) : b >= 0xC0 ? (2, 1) : (1, 0)
    }

    /// UTF-16 units from `from` up to `to` (an offset inside a multi-byte character counts up to that character);
    /// returns where the count stopped (at or past `to`) too, so that a sweep can go on from there.
    func units(from: Int, to: Int) -> (units: Int, end: Int) {
        var units = 0
        var i = from
        while i < to {
            let (width, count) = Self.width(bytes[i])
            i += width
            units += count
        }
        return (units, i)
    }

    /// The LSP position of a byte offset. An offset inside a multi-byte character counts up to that character.
    public func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = min(max(0, offset), bytes.count)
        let line = line(of: offset)
        return (line, units(from: lineStarts[line], to: min(offset, lineEnd(line))).units)
    }

    /// The positions of many offsets in one sweep: linear in the text however many offsets stand on one long line
    /// (a minified payload with thousands of findings), where one walk from the line's start per offset is
    /// quadratic.
    public func positions(of offsets: [Int]) -> [(line: Int, character: Int)] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = Array(repeating: (line: 0, character: 0), count: offsets.count)
        var line = -1
        var cursor = 0
        var units = 0
        for index in order {
            let offset = min(max(0, offsets[index]), bytes.count)
            let targetLine = self.line(of: offset)
            let target = min(offset, lineEnd(targetLine))
            if targetLine != line || cursor > target {
                line = targetLine
                cursor = lineStarts[line]
                units = 0
            }
            let counted = self.units(from: cursor, to: target)
            units += counted.units
            cursor = counted.end
            result[index] = (line, units)
            // A sweep that stopped past `target` (inside a character) goes on from the character's end.
        }
        return result
    }

    /// The byte offset of an LSP position; a character past the line's end is the line's end (before its line
    /// break), a line past the text is the text's end.
    public func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let end = lineEnd(line)
        var units = 0
        var i = lineStarts[line]
        while i < end, units < character {
            let (width, count) = Self.width(bytes[i])
            i += width
            units += count
        }
        return min(i, end)
    }

    public func range(_ start: Int, _ end: Int) -> LSPValue {
        ranges([(start, end)])[0]
    }

    /// LSP ranges of byte ranges, in one sweep (`positions(of:)`).
    public func ranges(_ spans: [(start: Int, end: Int)]) -> [LSPValue] {
        let found = positions(of: spans.flatMap { [$0.start, $0.end] })
        return spans.indices.map { i in
            let s = found[2 * i]
            let e = found[2 * i + 1]
            return .object([
                ("start", .object([("line", .int(s.line)), ("character", .int(s.character))])),
                ("end", .object([("line", .int(e.line)), ("character", .int(e.character))])),
            ])
        }
    }
}
