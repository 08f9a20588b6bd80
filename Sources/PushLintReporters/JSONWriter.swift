import PushLintJSON

/// A small ordered JSON writer for reports: keys stay in the order written, output is deterministic. It appends
/// bytes to one buffer: a report of 100 000 findings is millions of small pieces, and building a `String` per
/// piece cost more than linting.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the innermost open container already has an item (one flag per open container).
    private var needsComma: [Bool] = [false]
    let pretty: Bool
    private var depth = 0

    init(pretty: Bool = true) {
        self.pretty = pretty
        bytes.reserveCapacity(1 << 16)
    }

    /// A writer for items of a container that another writer has open at `depth` (see `appendItems`), so that
    /// the items of a long array can be written on several threads. `continuing`: items come before these.
    /// `capacity`: a guess of the items' size (growing from empty copies a small buffer several times).
    init(pretty: Bool = true, itemsAtDepth depth: Int, continuing: Bool, capacity: Int) {
        self.pretty = pretty
        self.depth = depth
        needsComma = [continuing]
        bytes.reserveCapacity(capacity)
    }

    /// How many containers are open.
    var openDepth: Int { depth }

    /// Appends items written by `JSONWriter(itemsAtDepth: openDepth, ...)`, in order, into the open container.
    mutating func appendItems(_ pieces: [[UInt8]]) {
        // The pieces were written for a container that is empty here (only the first piece has no comma).
        assert(!needsComma[needsComma.count - 1], "appendItems needs an empty container")
        for piece in pieces where !piece.isEmpty {
            bytes.append(contentsOf: piece)
            needsComma[needsComma.count - 1] = true
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The document with its final newline, handed over without a copy.
    consuming func finished() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        if pretty && depth > 0 { newline() }
    }

    private static let indentation = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        var width = 2 * depth
        while width > 0 {
            let step = min(width, Self.indentation.count)
            bytes.append(contentsOf: Self.indentation[0..<step])
            width -= step
        }
    }

    mutating func beginObject(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    mutating func beginArray(_ key: String? = nil) {
        prefix(key)
        bytes.append(UInt8(ascii: "["))
        open()
    }

    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open() {
        depth += 1
        needsComma.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadItems = needsComma.removeLast()
        depth -= 1
        if pretty && hadItems { newline() }
        bytes.append(bracket)
    }

    private mutating func prefix(_ key: String?) {
        separator()
        if let key {
            quote(key)
            bytes.append(UInt8(ascii: ":"))
            if pretty { bytes.append(UInt8(ascii: " ")) }
        }
    }

    private mutating func quote(_ text: String) {
        text.withUTF8Bytes { JSONDocument.writeString($0, to: &bytes) }
    }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func string(_ key: String?, _ value: String?) {
        prefix(key)
        if let value { quote(value) } else { append("null") }
    }

    mutating func number(_ key: String?, _ value: Int?) {
        prefix(key)
        guard let value else { return append("null") }
        // Digits straight into the buffer: four numbers per finding, a String each was most of their cost.
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count > 0 {
                count -= 1
                bytes.append(digits[count])
            }
        }
    }

    mutating func bool(_ key: String?, _ value: Bool) {
        prefix(key)
        append(value ? "true" : "false")
    }

    mutating func raw(_ key: String?, _ json: String) {
        prefix(key)
        append(json)
    }
}
