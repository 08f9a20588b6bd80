import PushLintJSON

/// Character-class checks on the UTF-8 bytes of a text. The formats platforms define (topic names, colours,
/// durations, tokens) are ASCII classes; checking bytes is much cheaper than building a Regex per value, and
/// these checks run for fields of every payload.
public enum ASCIIText {
    public static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    public static func isLetter(_ b: UInt8) -> Bool { isUpper(b) || isLower(b) }
    public static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    public static func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
    public static func isAlphanumeric(_ b: UInt8) -> Bool { isDigit(b) || isLetter(b) }
    public static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    /// The whole text is `length` bytes of the class.
    public static func isWhole(_ text: String, length: ClosedRange<Int> = 1...Int.max, _ allowed: (UInt8) -> Bool)
        -> Bool
    {
        length.contains(text.utf8.count) && text.utf8.allSatisfy(allowed)
    }

    /// An optional `-`, digits, and an optional `.` with digits (`-12.5`).
    public static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let parts = bytes.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else { return false }
        return parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(isDigit))
    }

    public static func hasPrefixIgnoringCase(_ text: String, _ prefix: String) -> Bool {
        text.withUTF8Bytes { matches($0, at: 0, prefix.utf8.map(lower), ignoringCase: true) }
    }

    @inlinable
    public static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }

    /// `needle` occurs in `bytes` at `offset` (a literal of the caller's, such as a name hint).
    @inlinable
    public static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ needle: StaticString) -> Bool {
        matches(bytes, at: offset, UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
    }

    @inlinable
    public static func matches(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ needle: [UInt8], ignoringCase: Bool = false
    ) -> Bool {
        needle.withUnsafeBufferPointer { matches(bytes, at: offset, $0, ignoringCase: ignoringCase) }
    }

    /// `needle` occurs in `bytes` at `offset`; with `ignoringCase`, ASCII letters of `bytes` match either case
    /// (the needle is given in lower case).
    @inlinable
    public static func matches(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ needle: UnsafeBufferPointer<UInt8>,
        ignoringCase: Bool = false
    ) -> Bool {
        guard offset >= 0, bytes.count - offset >= needle.count else { return false }
        var k = 0
        while k < needle.count {
            let b = bytes[offset + k]
            if (ignoringCase ? lower(b) : b) != needle[k] { return false }
            k += 1
        }
        return true
    }

    /// `bytes` is exactly `name` (a key against a name of a table): settled by the length first, as most are.
    @inlinable
    public static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        bytes.count == name.utf8CodeUnitCount && matches(bytes, at: 0, name)
    }

    @inlinable
    public static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: [UInt8]) -> Bool {
        bytes.count == name.count && matches(bytes, at: 0, name)
    }

    /// `needle` occurs anywhere in `bytes`: a byte search, because `String.contains` compares Characters, which
    /// costs far more on every string of every payload.
    public static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8], ignoringCase: Bool = false)
        -> Bool
    {
        firstIndex(of: needle, in: bytes, ignoringCase: ignoringCase) != nil
    }

    /// Where `needle` first occurs in `bytes`: only positions holding its first byte are compared whole.
    public static func firstIndex(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, ignoringCase: Bool = false)
        -> Int?
    {
        guard let first = needle.first else { return 0 }
        guard bytes.count >= needle.count else { return nil }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            // Eight positions at a time while none holds the first byte: placeholders and prefixes are searched
            // in every string of every payload, and most hold neither.
            if !ignoringCase {
                i = WordBytes.firstIndex(of: first, in: bytes, from: i)
                guard i <= last else { break }
            }
            let b = bytes[i]
            if (ignoringCase ? lower(b) : b) == first, matches(bytes, at: i, needle, ignoringCase: ignoringCase) {
                return i
            }
            i += 1
        }
        return nil
    }

    /// `a.lowercased() == b.lowercased()`, without building either when both are ASCII (header names are).
    public static func equalsIgnoringCase(_ a: String, _ b: String) -> Bool {
        a.withUTF8Bytes { x in
            b.withUTF8Bytes { y in
                // Equal ASCII is settled in one pass; only a difference needs to know whether both are ASCII.
                if x.count == y.count {
                    var i = 0
                    while i < x.count, x[i] < 0x80, lower(x[i]) == lower(y[i]) { i += 1 }
                    if i == x.count { return true }
                }
                guard isASCII(x), isASCII(y) else { return a.lowercased() == b.lowercased() }
                return false
            }
        }
    }

    /// Byte order of UTF-8 (what `sort` of file names uses, so that the order does not depend on the locale).
    public static func precedesInUTF8(_ a: String, _ b: String) -> Bool {
        a.withUTF8Bytes { x in b.withUTF8Bytes { y in precedes(x, y) } }
    }

    /// Byte order, eight bytes at a time: the paths of a run share long folder prefixes, and they are sorted on one
    /// thread at the end of a lint.
    public static func precedes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(x.count, y.count)
        var i = 0
        if common >= 8 {
            let words = (UnsafeRawBufferPointer(x), UnsafeRawBufferPointer(y))
            while common - i >= 8 {
                // Big-endian, the first byte is the most significant: words compare as their bytes do.
                let a = UInt64(bigEndian: words.0.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let b = UInt64(bigEndian: words.1.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                if a != b { return a < b }
                i += 8
            }
        }
        while i < common {
            if x[i] != y[i] { return x[i] < y[i] }
            i += 1
        }
        return x.count < y.count
    }

    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// The strings one after another, in one allocation (any UTF-8, not only ASCII): appending them one at a time
    /// grows the result several times.
    public static func concatenated(_ parts: String...) -> String {
        var total = 0
        for part in parts { total += part.utf8.count }
        return String(unsafeUninitializedCapacity: total) { out in
            var end = 0
            for var part in parts {
                end = part.withUTF8 { out[end...].initialize(fromContentsOf: $0) }
            }
            return end
        }
    }

    /// `unit` written `count` times, built as bytes: `String(repeating:count:)` appends one piece at a time, and
    /// the rule examples build 4 KB payloads this way at start-up.
    public static func repeated(_ unit: String, _ count: Int) -> String {
        let piece = Array(unit.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece.count * max(0, count))
        if piece.count == 1 {
            bytes.append(contentsOf: repeatElement(piece[0], count: max(0, count)))
        } else {
            for _ in 0..<max(0, count) { bytes.append(contentsOf: piece) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
