/// A unified diff (`diff -u` format, 3 lines of context) between two versions of a file, for `--fix-dry-run`.
/// Lines keep their own endings, so a CRLF file diffs as CRLF; a last line without a newline is marked
/// `\ No newline at end of file`.
public enum UnifiedDiff {
    public static func render(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let script = edits(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        // Group changes into hunks that share context.
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            var lastChange = firstChange
            while end < script.count {
                if script[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            let stop = min(script.count, lastChange + context + 1)
            let hunk = script[start..<stop]
            let oldStart = hunk.first.map { $0.oldIndex } ?? 0
            let newStart = hunk.first.map { $0.newIndex } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                switch step.kind {
                case .same: output += line(" ", a[step.oldIndex])
                case .delete: output += line("-", a[step.oldIndex])
                case .insert: output += line("+", b[step.newIndex])
                }
            }
            index = stop
        }
        return output
    }

    static func range(_ start: Int, _ count: Int) -> String {
        // diff -u: 1-based start; an empty range names the line before it.
        let first = count == 0 ? start : start + 1
        return count == 1 ? "\(first)" : "\(first),\(count)"
    }

    static func line(_ prefix: String, _ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.last == UInt8(ascii: "\n") ? prefix + text : prefix + text + "\n\\ No newline at end of file\n"
    }

    /// Lines including their terminating `\n`.
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    struct Step {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// Index in the old lines (for insertions: the old line that follows).
        var oldIndex: Int
        var newIndex: Int
    }

    /// A shortest edit script by the LCS table of the lines between the common prefix and suffix (payload files
    /// are small and fixes touch few lines, so the middle is small).
    static func edits(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let n = a.count - prefix - suffix
        let m = b.count - prefix - suffix
        var steps: [Step] = (0..<prefix).map { Step(kind: .same, oldIndex: $0, newIndex: $0) }
        if n * m > 4_000_000 {
            // Too large for the table: replace the middle wholesale (still a correct diff).
            steps += (0..<n).map { Step(kind: .delete, oldIndex: prefix + $0, newIndex: prefix) }
            steps += (0..<m).map { Step(kind: .insert, oldIndex: prefix + n, newIndex: prefix + $0) }
        } else {
            // lcs[i][j]: LCS length of a[prefix+i...] and b[prefix+j...] within the middle.
            var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
            if n > 0 && m > 0 {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    for j in stride(from: m - 1, through: 0, by: -1) {
                        lcs[i][j] =
                            a[prefix + i] == b[prefix + j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
                    }
                }
            }
            var i = 0
            var j = 0
            while i < n || j < m {
                if i < n, j < m, a[prefix + i] == b[prefix + j] {
                    steps.append(Step(kind: .same, oldIndex: prefix + i, newIndex: prefix + j))
                    i += 1
                    j += 1
                } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                    steps.append(Step(kind: .delete, oldIndex: prefix + i, newIndex: prefix + j))
                    i += 1
                } else {
                    steps.append(Step(kind: .insert, oldIndex: prefix + i, newIndex: prefix + j))
                    j += 1
                }
            }
        }
        steps += (0..<suffix).map {
            Step(kind: .same, oldIndex: a.count - suffix + $0, newIndex: b.count - suffix + $0)
        }
        return steps
    }
}
