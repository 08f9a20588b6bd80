/// A 1-based line and column. Columns count Unicode scalars (a tab is one column), as editors and SARIF's
/// `unicodeCodePoints` column kind do.
public struct SourcePosition: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Turns byte offsets into line and column: from the line starts a parse records, or by a scan of the bytes.
public struct LineIndex: Sendable {
    /// Byte offset where each line starts, 32-bit like the parser's offsets: on a large file with many findings
    /// the index is alive together with them, at half the size of `[Int]`. Files of 4 GiB and more are not parsed;
    /// for them lines are counted up to there.
    let starts: [UInt32]
    let bytes: [UInt8]

    /// Byte offset where each line starts.
    public var lineStarts: [Int] { starts.map { Int($0) } }

    public init(_ bytes: [UInt8]) {
        self.init(bytes, parts: 1, map: { count, body in (0..<count).map(body) })
    }

    /// The index of `bytes` whose lines start at `lineStarts` (ascending, from 0), as the parser records them.
    public init(_ bytes: [UInt8], lineStarts: [UInt32]) {
        precondition(lineStarts.first == 0, "the first line starts at offset 0")
        self.bytes = bytes
        self.starts = lineStarts
    }

    /// The same index, with the bytes scanned in up to `parts` consecutive ranges by `map`, which may run them on
    /// several threads (for a large file that does not parse). `map(count, body)` must return
    /// `(0..<count).map(body)`, in that order. A range is at least `minimumRangeBytes` long: smaller files are
    /// scanned in one go, here (below that, starting a thread costs more than the scan).
    public init(
        _ bytes: [UInt8], parts: Int, minimumRangeBytes: Int = 256 << 10,
        map: (Int, @Sendable (Int) -> [UInt32]) -> [[UInt32]]
    ) {
        let n = Self.indexedCount(bytes)
        let parts = max(1, min(parts, n / max(1, minimumRangeBytes)))
        var starts: [UInt32] = [0]
        if parts == 1 {
            Self.appendLineStarts(in: bytes, 0..<n, to: &starts)
        } else {
            let size = (n + parts - 1) / parts
            // A line end is decided by its byte and the next one, so ranges can start and end anywhere.
            let found = map(parts) { part in
                var starts: [UInt32] = []
                Self.appendLineStarts(in: bytes, min(n, part * size)..<min(n, (part + 1) * size), to: &starts)
                return starts
            }
            starts.reserveCapacity(found.reduce(1) { $0 + $1.count })
            for part in found { starts += part }
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// How many bytes are indexed: all, or up to 4 GiB (offsets are 32-bit).
    static func indexedCount(_ bytes: [UInt8]) -> Int {
        min(bytes.count, JSONNode.maxOffset)
    }

    /// Appends the offsets of the lines that start after a line end in `range`.
    static func appendLineStarts(in bytes: [UInt8], _ range: Range<Int>, to starts: inout [UInt32]) {
        let indexed = indexedCount(bytes)
        bytes.withUnsafeBufferPointer { all in
            let buffer = UnsafeBufferPointer(rebasing: all[0..<indexed])
            let n = range.upperBound
            var i = range.lowerBound
            while i < n {
                // Eight bytes at a time while none of them ends a line: most bytes of a file are inside lines.
                while n - i >= 8,
                    !Self.mayEndLine(UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: i, as: UInt64.self))
                {
                    i += 8
                }
                guard i < n else { break }
                // (The next byte may be in the next range: `\r\n` split by a range boundary is one line end.)
                if Self.endsLine(buffer, at: i) {
                    starts.append(UInt32(truncatingIfNeeded: i + 1))
                }
                i += 1
            }
        }
    }

    /// Whether the byte at `offset` ends a line: a `\n`, or a `\r` not followed by `\n` (a lone `\r` or the end).
    @inline(__always)
    public static func endsLine(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let c = bytes[offset]
        return c == 0x0A || (c == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A))
    }

    /// Whether any byte of `word` is `\n` or `\r` (exact).
    static func mayEndLine(_ word: UInt64) -> Bool {
        WordBytes.equal(to: 0x0A, in: word) | WordBytes.equal(to: 0x0D, in: word) != 0
    }

    /// The line (0-based index into `lineStarts`) containing `offset`.
    public func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    public func position(of offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        return SourcePosition(line: line + 1, column: 1 + scalars(from: Int(starts[line]), to: clamped))
    }

    /// The line and UTF-8 byte column (both 1-based) of `offset`: byte columns are what reviewdog's rdjson counts.
    public func bytePosition(of offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        return SourcePosition(line: line + 1, column: 1 + clamped - Int(starts[line]))
    }

    /// Unicode scalars in `bytes[from..<to]` as an editor counts them: a well-formed scalar is one, and so is each
    /// ill-formed sequence that decoding replaces with U+FFFD. ASCII goes 32 and 8 bytes at a time: a minified
    /// payload is one line, and a finding near its end would walk all of it byte by byte.
    func scalars(from: Int, to: Int) -> Int { scalarCount(from: from, to: to).count }

    /// `count`: the scalars of `bytes[from..<to]`, where a scalar that `to` cuts counts as one (as decoding the
    /// cut text gives one U+FFFD); `boundary`: where the last whole scalar before `to` ends, with `wholeCount`
    /// scalars up to it, so that a sweep can go on from there.
    func scalarCount(from: Int, to: Int) -> (count: Int, boundary: Int, wholeCount: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var count = 0
            var i = from
            while i < to {
                while to - i >= 32 {
                    let a = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let b = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                    let c = raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
                    let d = raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
                    guard (a | b | c | d) & WordBytes.highs == 0 else { break }
                    count += 32
                    i += 32
                }
                while to - i >= 8, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & WordBytes.highs == 0 {
                    count += 8
                    i += 8
                }
                guard i < to else { break }
                let length = buffer[i] < 0x80 ? 1 : Self.encodedLength(in: buffer, at: i)
                if i + length > to { return (count + 1, i, count) }
                i += length
                count += 1
            }
            return (count, i, count)
        }
    }

    /// The bytes of the scalar at `offset`, or of the ill-formed sequence there that decoding replaces with one
    /// U+FFFD: the standard library's parser, so that columns agree with `String(decoding:as:)` and with editors
    /// (which replace maximal subparts, as Unicode recommends).
    static func encodedLength(in buffer: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        var iterator = UnsafeBufferPointer(rebasing: buffer[offset...]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): return scalar.count
        case .error(let length): return max(1, length)
        case .emptyInput: return 1
        }
    }

    /// Positions of many offsets in one sweep (findings of one file): linear in the file, however many findings
    /// stand on one long line.
    public func positions(of offsets: [Int]) -> [SourcePosition] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        // Copied from a repeated element rather than `init(repeating:count:)`, which allocates through the
        // standard library's run-time lookup of the storage class (see `ScratchMemory`).
        var result = Array(repeatElement(SourcePosition(line: 1, column: 1), count: offsets.count))
        var line = 0
        var cursor = 0
        var column = 1
        for index in order {
            let target = max(0, min(offsets[index], bytes.count))
            let targetLine = lineIndex(of: target)
            if targetLine != line || cursor > target {
                line = targetLine
                cursor = Int(starts[line])
                column = 1
            }
            // The sweep goes on from a scalar boundary, so that an offset inside a scalar does not split it.
            let counted = scalarCount(from: cursor, to: target)
            result[index] = SourcePosition(line: line + 1, column: column + counted.count)
            column += counted.wholeCount
            cursor = counted.boundary
        }
        return result
    }

    /// At most `width` scalars of the line holding `offset` (at `column`): the whole line when it is short, else
    /// an excerpt around the offset and the column where it starts. Work is bounded by `width`, not by the
    /// line's length, so many findings on one long line stay cheap.
    public func excerpt(offset: Int, column: Int, width: Int = 160) -> (text: String, startColumn: Int) {
        let target = max(0, min(offset, bytes.count))
        let line = lineIndex(of: target)
        let start = Int(starts[line])
        var end = line + 1 < starts.count ? Int(starts[line + 1]) : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        if end - start <= width * 4, column <= width {
            let cut = min(end, start + width * 4)
            return (String(decoding: bytes[start..<cut], as: UTF8.self), 1)
        }
        var i = min(target, end)
        var back = 0
        while i > start, back < width / 3 {
            i -= 1
            while i > start, bytes[i] & 0xC0 == 0x80 { i -= 1 }
            back += 1
        }
        var j = i
        var taken = 0
        while j < end, taken < width {
            j += 1
            while j < end, bytes[j] & 0xC0 == 0x80 { j += 1 }
            taken += 1
        }
        return (String(decoding: bytes[i..<j], as: UTF8.self), max(1, column - back))
    }

    /// The text of a 1-based line without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        let start = Int(starts[line - 1])
        var end = line < starts.count ? Int(starts[line]) : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
