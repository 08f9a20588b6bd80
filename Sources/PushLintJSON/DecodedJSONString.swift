/// A JSON string literal decoded to UTF-8, with the place in the source of every decoded byte: a document written
/// inside a string (an AWS SNS platform value holds the platform's payload as escaped JSON) is parsed from the
/// decoded bytes, and a finding in it is located on the characters of the file that wrote it.
///
/// Each decoded byte maps to the source bytes that produced it: a plain byte to itself, every byte of an escape
/// (`\"`, `\\`, `\n`, `\u00e9`, a surrogate pair `\ud83d\ude00`) to the whole escape. Decoding is
/// `JSONStringDecoder`'s: an unpaired surrogate escape becomes U+FFFD, other bytes are kept as they are.
public struct DecodedJSONString: Sendable {
    /// The decoded bytes.
    public let bytes: [UInt8]
    /// For decoded byte `i`, the source range of the byte or escape it came from.
    let sourceStarts: [UInt32]
    let sourceEnds: [UInt32]
    /// Where the literal's contents end in the source (the offset of its closing quote).
    let contentsEnd: Int

    /// Decodes the contents of a string literal, `source[contents]` (between the quotes), as the parser accepted
    /// them.
    public init(_ source: [UInt8], contents: Range<Int>) {
        var out: [UInt8] = []
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        out.reserveCapacity(contents.count)
        starts.reserveCapacity(contents.count)
        ends.reserveCapacity(contents.count)
        let slice = source[contents]
        var i = contents.lowerBound
        let end = contents.upperBound
        while i < end {
            let from = i
            let c = source[i]
            let before = out.count
            if c != UInt8(ascii: "\\") || i + 1 >= end {
                out.append(c)
                i += 1
            } else {
                i = JSONStringDecoder.decodeEscape(slice, at: i, into: &out)
            }
            for _ in before..<out.count {
                starts.append(UInt32(from))
                ends.append(UInt32(i))
            }
        }
        bytes = out
        sourceStarts = starts
        sourceEnds = ends
        contentsEnd = end
    }

    /// The decoded contents of string node `node` of `document`.
    public init(_ document: JSONDocument, _ node: NodeID) {
        let span = document.span(node)
        self.init(document.bytes, contents: (span.start + 1)..<max(span.start + 1, span.end - 1))
    }

    /// The source offset of a decoded offset: the start of the byte or escape that produced it; the end of the
    /// decoded bytes maps to the closing quote.
    public func sourceOffset(_ offset: Int) -> Int {
        offset >= 0 && offset < sourceStarts.count ? Int(sourceStarts[offset]) : contentsEnd
    }

    /// A decoded span in the source: from the start of its first byte's escape to the end of its last byte's.
    public func sourceSpan(_ span: ByteSpan) -> ByteSpan {
        let start = sourceOffset(span.start)
        guard span.end > span.start, span.end - 1 < sourceEnds.count else {
            return ByteSpan(start, max(start, min(contentsEnd, start + (span.end > span.start ? 1 : 0))))
        }
        return ByteSpan(start, max(start, Int(sourceEnds[span.end - 1])))
    }
}
