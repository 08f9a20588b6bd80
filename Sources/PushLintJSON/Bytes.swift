/// Byte-level helpers shared by the parser and the layers above it.

extension String {
    /// The text's UTF-8, without copying it (a native String is UTF-8 already): byte-level checks on keys, names
    /// and texts read it through this instead of building arrays.
    @inlinable
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // A native string lends its storage as it is; only a bridged or foreign one is copied (by `withUTF8`).
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = self
        return try text.withUTF8(body)
    }
}

/// Eight bytes of a word at a time (SWAR): where a file's bytes are scanned for a few values (string ends, line
/// breaks), testing a word is cheaper than testing each byte.
public enum WordBytes {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` that equals `byte`. The result is zero exactly when no byte does; the
    /// lowest bit set is exact, bits above it may be false positives (borrows).
    @inlinable @inline(__always)
    public static func equal(to byte: UInt8, in word: UInt64) -> UInt64 {
        let x = word ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// The offset of the first `byte` in `bytes` at or after `start`, or `bytes.count`: eight bytes at a time.
    @inlinable
    public static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let count = bytes.count
        var i = start
        while count &- i >= 8 {
            let found = equal(
                to: byte, in: UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
            if found != 0 { return i &+ found.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < count, base[i] != byte { i &+= 1 }
        return i
    }

    /// Whether a byte of `word` must be escaped in a JSON string: a control character, `"` or `\`. Zero exactly
    /// when none is (bytes from 0x80 up, UTF-8 beyond ASCII, are never flagged).
    @inlinable @inline(__always)
    static func needsJSONEscape(_ word: UInt64) -> UInt64 {
        let control = (word &- ones &* 0x20) & ~word & highs
        return control | equal(to: UInt8(ascii: "\""), in: word) | equal(to: UInt8(ascii: "\\"), in: word)
    }
}

/// Scratch memory for small results that end up in an array. An array allocated uninitialized
/// (`init(unsafeUninitializedCapacity:initializingWith:)`) goes through a generic function of the standard library
/// that looks its storage class up at run time, which costs more than parsing a small template's header (BENCHMARKS.md,
/// "Performance notes"). Writing into temporary memory and copying the result into an array, whose allocation is
/// specialized for its element type, costs a fraction of that for a few kilobytes.
public enum ScratchMemory {
    /// The largest number of elements worth this detour: 64 KB of them.
    public static func maximumCount<Element>(of _: Element.Type) -> Int {
        (64 << 10) / max(1, MemoryLayout<Element>.stride)
    }

    /// The first `count` elements of `scratch`, initialized, copied into an array.
    @inlinable
    public static func array<Element>(_ scratch: UnsafeMutableBufferPointer<Element>, count: Int) -> [Element] {
        Array(UnsafeBufferPointer(rebasing: scratch[..<count]))
    }
}
