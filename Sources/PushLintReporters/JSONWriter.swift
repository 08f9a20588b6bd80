import PushLintJSON
import PushLintModel

/// Growable bytes for one writer. A report is millions of small appends; an `Array` checks that its storage is
/// not shared and grows through a generic path on each of them.
///
/// Unchecked `Sendable`: a buffer is written by one thread and then handed, whole and no longer written, to the
/// writer that joins the parts of a report; it is never shared while written.
final class ReportBuffer: ByteOutput, @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always) func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// A line break and `width` spaces of indentation, written in place: a pretty report starts a line for every
    /// key it writes.
    @inline(__always) func appendLineBreak(indentation width: Int) {
        if count + 1 + width > capacity { grow(to: count + 1 + width) }
        base[count] = UInt8(ascii: "\n")
        var i = count + 1
        count += 1 + width
        while i < count {
            base[i] = UInt8(ascii: " ")
            i += 1
        }
    }

    /// Copies the bytes written into `target`, uninitialized memory with room for them.
    func copy(to target: UnsafeMutableBufferPointer<UInt8>) {
        precondition(target.count >= count, "room for the bytes written")
        guard count > 0, let destination = target.baseAddress else { return }
        destination.initialize(from: base, count: count)
    }

    private func grow(to needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        storage.update(from: base, count: count)
        base.deallocate()
        base = storage
        capacity = larger
    }
}

/// A small ordered JSON writer for reports: keys stay in the order written, output is deterministic. It appends
/// bytes to a raw buffer (a report of 100 000 findings is millions of small pieces, too many for a `String`
/// each), and keeps parts written on other threads as they are until the end.
struct JSONWriter {
    private var out: ReportBuffer
    /// What was written before the current buffer, in order: bytes of this writer, then parts appended whole by
    /// `appendItems`. The parts of a long report (megabytes) are joined once, into the finished document, instead
    /// of being copied into a growing buffer first: each new page of that buffer would cost a fault.
    private var segments: [ReportBuffer] = []
    /// Whether each open container already has an item: bit `d` for the container at depth `d` (the top level is
    /// depth 0). Reports nest a dozen containers at most.
    private var hasItems: UInt64 = 0
    let pretty: Bool
    private var depth = 0

    init(pretty: Bool = true) {
        self.pretty = pretty
        out = ReportBuffer(capacity: 1 << 16)
    }

    /// A writer for items of a container that another writer has open at `depth` (see `appendItems`), so that
    /// the items of a long array can be written on several threads. `continuing`: items come before these.
    /// `capacity`: a guess of the items' size (growing from small copies the buffer several times).
    init(pretty: Bool = true, itemsAtDepth depth: Int, continuing: Bool, capacity: Int) {
        self.pretty = pretty
        self.depth = depth
        out = ReportBuffer(capacity: capacity)
        if continuing { hasItems |= 1 << UInt64(depth) }
    }

    /// How many containers are open.
    var openDepth: Int { depth }

    /// What was written, as the buffers it is kept in: for a writer whose items go into another writer's
    /// `appendItems`, so that parts written on threads are copied only when the document is joined.
    var parts: [ReportBuffer] { segments + [out] }

    /// The bytes written so far, joined in one copy.
    var bytes: [UInt8] {
        let parts = parts
        let total = parts.reduce(0) { $0 + $1.count }
        return [UInt8](unsafeUninitializedCapacity: total) { storage, initialized in
            for part in parts {
                part.copy(to: UnsafeMutableBufferPointer(rebasing: storage[initialized...]))
                initialized += part.count
            }
        }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends items written by `JSONWriter(itemsAtDepth: openDepth, ...)` (their `parts`, in order) into the
    /// open container.
    mutating func appendItems(_ pieces: [ReportBuffer]) {
        // The pieces were written for a container that is empty here (only the first piece has no comma).
        assert(!currentHasItems, "appendItems needs an empty container")
        let pieces = pieces.filter { $0.count > 0 }
        guard !pieces.isEmpty else { return }
        segments.append(out)
        segments += pieces
        out = ReportBuffer(capacity: 1 << 12)
        hasItems |= 1 << UInt64(depth)
    }

    /// The document with its final newline.
    consuming func finished() -> [UInt8] {
        out.append(UInt8(ascii: "\n"))
        return bytes
    }

    private var currentHasItems: Bool { hasItems & (1 << UInt64(depth)) != 0 }

    private mutating func separator() {
        if currentHasItems { out.append(UInt8(ascii: ",")) }
        hasItems |= 1 << UInt64(depth)
        if pretty && depth > 0 { newline() }
    }

    private func newline() { out.appendLineBreak(indentation: 2 * depth) }

    mutating func beginObject(_ key: StaticString? = nil) {
        prefix(key)
        out.append(UInt8(ascii: "{"))
        open()
    }

    mutating func beginArray(_ key: StaticString? = nil) {
        prefix(key)
        out.append(UInt8(ascii: "["))
        open()
    }

    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open() {
        depth += 1
        precondition(depth < 64, "a report nests at most 63 containers")
        hasItems &= ~(1 << UInt64(depth))
    }

    private mutating func close(_ bracket: UInt8) {
        let hadItems = currentHasItems
        hasItems &= ~(1 << UInt64(depth))
        depth -= 1
        if pretty && hadItems { newline() }
        out.append(bracket)
    }

    /// Keys are literals of the reporters, plain ASCII: written as they are, without the escape scan that values
    /// need (a report writes a dozen keys per finding).
    private mutating func prefix(_ key: StaticString?) {
        separator()
        if let key {
            let bytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
            assert(
                bytes.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") },
                "a plain key")
            out.append(UInt8(ascii: "\""))
            out.append(bytes)
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
            if pretty { out.append(UInt8(ascii: " ")) }
        }
    }

    private func quote(_ text: String) {
        var sink = out
        text.withUTF8Bytes { JSONDocument.writeString($0, to: &sink) }
    }

    private func append(_ text: String) { text.withUTF8Bytes { out.append($0) } }

    mutating func string(_ key: StaticString?, _ value: String?) {
        prefix(key)
        if let value { quote(value) } else { append("null") }
    }

    mutating func number(_ key: StaticString?, _ value: Int?) {
        prefix(key)
        guard let value else { return append("null") }
        // Digits straight into the buffer: four numbers per finding, and a String each would be most of their cost.
        if value < 0 { out.append(UInt8(ascii: "-")) }
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
                out.append(digits[count])
            }
        }
    }

    mutating func bool(_ key: StaticString?, _ value: Bool) {
        prefix(key)
        append(value ? "true" : "false")
    }

    mutating func raw(_ key: StaticString?, _ json: String) {
        prefix(key)
        append(json)
    }
}
