import PushLintJSON

/// Positions of a fixed set of names, looked up by a key's UTF-8 without making a `String` of it: rules and
/// detection ask this for every key of every payload. The names are kept in buckets by length and last byte, so
/// a key is compared with one or two of them.
public struct NameTable: Sendable {
    private let buckets: [[(utf8: [UInt8], position: Int)]]
    private static let bucketCount = 64

    /// A table of `names` with their positions; when a name is given twice, its first position is kept (as a
    /// search in order would find it).
    public init(_ names: [(name: String, position: Int)]) {
        var buckets = [[(utf8: [UInt8], position: Int)]](repeating: [], count: Self.bucketCount)
        for (name, position) in names {
            let utf8 = Array(name.utf8)
            let bucket = utf8.withUnsafeBufferPointer(Self.bucket)
            if !buckets[bucket].contains(where: { $0.utf8 == utf8 }) { buckets[bucket].append((utf8, position)) }
        }
        self.buckets = buckets
    }

    /// Each name at its index.
    public init(_ names: [String]) {
        self.init(names.enumerated().map { ($0.element, $0.offset) })
    }

    /// The position of the name whose UTF-8 is `utf8`, or nil.
    public func position(of utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        for entry in buckets[Self.bucket(utf8)] where ASCIIText.equals(utf8, entry.utf8) { return entry.position }
        return nil
    }

    private static func bucket(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        (utf8.count &* 7 &+ Int(utf8.last ?? 0)) & (bucketCount - 1)
    }
}
