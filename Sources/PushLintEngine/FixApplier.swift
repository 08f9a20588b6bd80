import PushLintModel

/// Applies byte-range edits to a file's original bytes: sorted, overlapping edits dropped (the first one in
/// file order wins), applied from the end so earlier offsets stay valid. Untouched bytes stay identical.
public enum FixApplier {
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        let sorted = edits.sorted { ($0.offset, $0.length) < ($1.offset, $1.length) }
        var accepted: [TextEdit] = []
        var end = -1
        for edit in sorted where edit.offset >= 0 && edit.offset + edit.length <= bytes.count {
            // An insertion at the end of the previous edit is fine; anything inside it is not.
            if edit.offset < end || (edit.offset == end && edit.length == 0 && accepted.last?.length == 0 && accepted.last?.offset == edit.offset) {
                continue
            }
            accepted.append(edit)
            end = edit.offset + edit.length
        }
        var result = bytes
        for edit in accepted.reversed() {
            result.replaceSubrange(edit.offset..<edit.offset + edit.length, with: Array(edit.text.utf8))
        }
        return (result, accepted.count)
    }
}
