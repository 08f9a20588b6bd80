/// Splits a stream of bytes, given in chunks of any size, into the lines of JSON Lines (`.jsonl`, `.ndjson`): a
/// line ends at `\n`, a `\r` before it is dropped, and a last line without a newline is a line too. A line longer
/// than `maxLineBytes` is never held: its bytes are counted and dropped, and it comes out as oversize. Memory is one
/// line at most, whatever the size of the stream.
public struct JSONLinesSplitter {
    public struct Line: Sendable {
        /// 1-based.
        public var number: Int
        /// The line without its line break; empty when it is oversize.
        public var bytes: [UInt8]
        /// The length of a line over the limit, whose bytes were dropped.
        public var oversize: Int?
    }

    public let maxLineBytes: Int
    private var carry: [UInt8] = []
    private var skipped: Int?
    public private(set) var lineNumber = 0

    public init(maxLineBytes: Int) { self.maxLineBytes = maxLineBytes }

    /// Takes the next chunk and hands over every line it completes, in order.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, _ emit: (Line) -> Void) {
        var start = 0
        let count = chunk.count
        while start < count {
            let end = WordBytes.firstIndex(of: 0x0A, in: chunk, from: start)
            let complete = end < count
            take(UnsafeBufferPointer(rebasing: chunk[start..<end]))
            if complete { emitLine(emit) }
            start = end + 1
        }
    }

    /// The last line, when the stream does not end with a line break.
    public mutating func finish(_ emit: (Line) -> Void) {
        if !carry.isEmpty || skipped != nil { emitLine(emit) }
    }

    private mutating func take(_ part: UnsafeBufferPointer<UInt8>) {
        if let count = skipped {
            skipped = count + part.count
        } else if carry.count + part.count > maxLineBytes + 1 {
            // One byte of slack: the `\r` of a CRLF line of exactly the limit.
            skipped = carry.count + part.count
            carry = []
        } else {
            carry.append(contentsOf: part)
        }
    }

    private mutating func emitLine(_ emit: (Line) -> Void) {
        lineNumber += 1
        if let size = skipped {
            skipped = nil
            emit(Line(number: lineNumber, bytes: [], oversize: size))
            return
        }
        if carry.last == 0x0D { carry.removeLast() }
        if carry.count > maxLineBytes {
            emit(Line(number: lineNumber, bytes: [], oversize: carry.count))
        } else {
            emit(Line(number: lineNumber, bytes: carry, oversize: nil))
        }
        carry.removeAll(keepingCapacity: carry.capacity <= 1 << 16)
    }
}
