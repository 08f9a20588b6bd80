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
            if edit.offset < end
                || (edit.offset == end && edit.length == 0 && accepted.last?.length == 0
                    && accepted.last?.offset == edit.offset)
            {
                continue
            }
            accepted.append(edit)
            end = edit.offset + edit.length
        }
        return (replace(accepted, in: bytes), accepted.count)
    }

    /// Applies whole fixes: a fix whose edits overlap an edit of a fix accepted before it (in file order) is left
    /// for the next pass, so a fix is never applied in part. Returns the fixes applied.
    public static func apply(fixes: [Fix], to bytes: [UInt8]) -> (bytes: [UInt8], applied: [Fix]) {
        let ordered = fixes.filter { !$0.edits.isEmpty }.sorted { a, b in
            let x = a.edits.map(\.offset).min() ?? 0
            let y = b.edits.map(\.offset).min() ?? 0
            return x < y
        }
        var accepted: [Fix] = []
        var taken: [TextEdit] = []
        for fix in ordered {
            let valid = fix.edits.allSatisfy {
                $0.offset >= 0 && $0.length >= 0 && $0.offset + $0.length <= bytes.count
            }
            guard valid, !fix.edits.contains(where: { e in taken.contains { overlaps(e, $0) } }),
                !overlapsItself(fix.edits), !accepted.contains(fix)
            else { continue }
            accepted.append(fix)
            taken += fix.edits
        }
        return (replace(taken.sorted { ($0.offset, $0.length) < ($1.offset, $1.length) }, in: bytes), accepted)
    }

    /// Two edits conflict when their ranges share a byte, or when both insert at the same offset (the order of the
    /// inserted texts would be arbitrary).
    static func overlaps(_ a: TextEdit, _ b: TextEdit) -> Bool {
        if a.length == 0 && b.length == 0 { return a.offset == b.offset }
        if a.length == 0 { return a.offset > b.offset && a.offset < b.offset + b.length }
        if b.length == 0 { return b.offset > a.offset && b.offset < a.offset + a.length }
        return a.offset < b.offset + b.length && b.offset < a.offset + a.length
    }

    static func overlapsItself(_ edits: [TextEdit]) -> Bool {
        for i in edits.indices {
            for j in edits.indices where j > i && overlaps(edits[i], edits[j]) { return true }
        }
        return false
    }

    /// Replaces non-overlapping edits sorted by offset, from the end.
    static func replace(_ edits: [TextEdit], in bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.reversed() {
            result.replaceSubrange(edit.offset..<edit.offset + edit.length, with: Array(edit.text.utf8))
        }
        return result
    }
}
