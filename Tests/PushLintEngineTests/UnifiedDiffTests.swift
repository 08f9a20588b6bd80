import Foundation
import PushLintEngine
import Testing

@Suite struct UnifiedDiffTests {
    func diff(_ a: String, _ b: String) -> String {
        UnifiedDiff.render(old: Array(a.utf8), new: Array(b.utf8), path: "f.json")
    }

    @Test func identicalTextsGiveNoDiff() {
        #expect(diff("a\nb\n", "a\nb\n") == "")
        #expect(diff("", "") == "")
    }

    @Test func oneChangedLineWithContext() {
        let old = (1...9).map { "l\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "l5\n", with: "L5\n")
        #expect(
            diff(old, new) == "--- a/f.json\n+++ b/f.json\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n")
    }

    @Test func distantChangesMakeSeparateHunks() {
        let old = (1...20).map { "l\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "l2\n", with: "x\n").replacingOccurrences(of: "l18\n", with: "y\n")
        let text = diff(old, new)
        #expect(text.components(separatedBy: "\n@@ ").count == 3, "\(text)")
        #expect(text.contains("@@ -1,5 +1,5 @@\n"), "\(text)")
        #expect(text.contains("@@ -15,6 +15,6 @@\n"), "\(text)")
    }

    @Test func missingFinalNewlineIsMarked() {
        #expect(
            diff("a", "b")
                == "--- a/f.json\n+++ b/f.json\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"
        )
    }

    @Test func insertionsIntoAnEmptyFile() {
        #expect(diff("", "a\n") == "--- a/f.json\n+++ b/f.json\n@@ -0,0 +1 @@\n+a\n")
    }

    @Test func crlfLinesKeepTheirEndings() {
        #expect(diff("a\r\nb\r\n", "a\r\nc\r\n") == "--- a/f.json\n+++ b/f.json\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }

    /// Applies a unified diff to `old` (the hunks' context and removed lines must match).
    func patch(_ old: [String], _ diff: String) -> [String]? {
        var result: [String] = []
        var position = 0
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropFirst(2)
        for line in lines where !line.isEmpty {
            if line.hasPrefix("@@") {
                let start = Int(line.dropFirst(4).prefix { $0 != "," && $0 != " " }) ?? 0
                let target = max(0, start - 1)
                while position < target && position < old.count {
                    result.append(old[position])
                    position += 1
                }
                continue
            }
            let body = String(line.dropFirst())
            switch line.first {
            case " ":
                guard position < old.count, old[position] == body else { return nil }
                result.append(body)
                position += 1
            case "-":
                guard position < old.count, old[position] == body else { return nil }
                position += 1
            case "+": result.append(body)
            default: return nil
            }
        }
        while position < old.count {
            result.append(old[position])
            position += 1
        }
        return result
    }

    @Test(arguments: 0..<60)
    func randomEditsPatchBack(_ seed: Int) {
        var rng = SplitMix(seed: UInt64(seed))
        let old = (0..<Int(rng.next() % 30)).map { _ in "v\(rng.next() % 6)" }
        var new = old
        for _ in 0..<Int(rng.next() % 6) {
            switch rng.next() % 3 {
            case 0 where !new.isEmpty: new.remove(at: Int(rng.next() % UInt64(new.count)))
            case 1: new.insert("n\(rng.next() % 6)", at: Int(rng.next() % UInt64(new.count + 1)))
            default: if !new.isEmpty { new[Int(rng.next() % UInt64(new.count))] = "c\(rng.next() % 6)" }
            }
        }
        let text = diff(old.map { $0 + "\n" }.joined(), new.map { $0 + "\n" }.joined())
        if old == new {
            #expect(text.isEmpty)
            return
        }
        #expect(patch(old, text) == new, "\(old) -> \(new):\n\(text)")
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
