/// Decodes the inside of a JSON string literal (without its quotes) to UTF-8 bytes. Input is assumed to have
/// passed the parser; an unpaired surrogate escape becomes U+FFFD, invalid UTF-8 bytes are kept as they are.
public enum JSONStringDecoder {
    public static func decode(_ source: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var i = source.startIndex
        let end = source.endIndex
        while i < end {
            let c = source[i]
            guard c == UInt8(ascii: "\\"), i + 1 < end else {
                out.append(c)
                i += 1
                continue
            }
            i = decodeEscape(source, at: i, into: &out)
        }
        return out
    }

    /// Decodes the escape that starts at `source[start]` (a backslash with at least one byte after it) into `out`
    /// and returns the index after it: `\n` and the other short escapes, `\uXXXX` with a surrogate pair joined and an
    /// unpaired surrogate as U+FFFD; a `\u` without four hex digits writes nothing, any other escaped byte itself.
    @inline(__always)
    static func decodeEscape(_ source: ArraySlice<UInt8>, at start: Int, into out: inout [UInt8]) -> Int {
        let end = source.endIndex
        var i = start + 2
        switch source[start + 1] {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hex4(source, i) else { return i }
            i += 4
            var scalar: UInt32 = unit
            if unit >= 0xD800 && unit <= 0xDBFF {
                if i + 5 < end, source[i] == UInt8(ascii: "\\"), source[i + 1] == UInt8(ascii: "u"),
                    let low = hex4(source, i + 2), low >= 0xDC00 && low <= 0xDFFF
                {
                    scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else {
                    scalar = 0xFFFD
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                scalar = 0xFFFD
            }
            appendUTF8(scalar, to: &out)
        case let other: out.append(other)
        }
        return i
    }

    static func hex4(_ s: ArraySlice<UInt8>, _ at: Int) -> UInt32? {
        guard at + 4 <= s.endIndex else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = s[at + k]
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 97...102: d = UInt32(c - 87)
            case 65...70: d = UInt32(c - 55)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }

    public static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18)))
            out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }
}
