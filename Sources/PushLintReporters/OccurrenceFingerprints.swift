/// Fingerprints that are unique within one report and stable across runs: a finding's key parts hashed, and the
/// same parts a second time (two equal findings in one file) get their occurrence number, as GitLab's Code Quality
/// and SARIF's `partialFingerprints` need to tell findings apart from run to run.
struct OccurrenceFingerprints {
    private var seen: [String: Int] = [:]
    private let hash: (String) -> String

    init(hash: @escaping (String) -> String) { self.hash = hash }

    mutating func next(_ parts: [String]) -> String {
        let key = parts.joined(separator: "\u{0}")
        seen[key, default: 0] += 1
        let occurrence = seen[key] ?? 1
        return hash(occurrence == 1 ? key : key + "\u{0}\(occurrence)")
    }
}
