/// "Did you mean" suggestions: the closest candidate by edit distance, if it is close enough to be a typo.
public enum Suggest {
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = levenshtein(target, Array(candidate.lowercased().unicodeScalars))
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = max(1, min(3, (target.count + 2) / 4))
        return distance <= allowed ? candidate : nil
    }

    /// The candidate that equals `word` once `-`, `_` and case are ignored (`contentAvailable` for
    /// `content-available`).
    public static func sameWordDifferentSpelling(_ word: String, in candidates: some Sequence<String>) -> String? {
        let normal = normalize(word)
        return candidates.first { $0 != word && normalize($0) == normal }
    }

    public static func normalize(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }

    /// " Did you mean 'x'?" or "".
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String {
        let list = Array(candidates)
        if let s = sameWordDifferentSpelling(word, in: list) ?? closest(to: word, in: list) {
            return " Did you mean '\(s)'?"
        }
        return ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each
    /// count one, so `titel` is one edit from `title`.
    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
