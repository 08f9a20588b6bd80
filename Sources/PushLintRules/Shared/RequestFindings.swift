import PushLintModel

/// The findings of one request that carries many messages: an Expo batch file is what Expo receives in one request
/// (up to 100 messages, EXPO-D "Message request format"), and one mistake repeated in each of its messages is one
/// thing to fix, not a thousand lines of output. A finding of the same rule, severity and message in several
/// messages is reported once, at its first place, with the count; its fix carries the edits of every message.
public enum RequestFindings {
    /// `findings` in order, each repeated finding folded into its first occurrence.
    public static func folded(_ findings: [Diagnostic]) -> [Diagnostic] {
        guard findings.count > 1 else { return findings }
        struct Key: Hashable {
            var ruleId: String
            var severity: Severity
            var message: String
        }
        var first: [Key: Int] = [:]
        var repeats: [Int] = []
        var result: [Diagnostic] = []
        var edits: [[TextEdit]?] = []
        var allSafe: [Bool] = []
        for finding in findings {
            let key = Key(ruleId: finding.ruleId, severity: finding.severity, message: finding.message)
            if let index = first[key] {
                repeats[index] += 1
                if let fix = finding.fix {
                    edits[index] = (edits[index] ?? []) + fix.edits
                    allSafe[index] = allSafe[index] && fix.isSafe
                }
                continue
            }
            first[key] = result.count
            result.append(finding)
            repeats.append(0)
            edits.append(finding.fix?.edits)
            allSafe.append(finding.fix?.isSafe ?? true)
        }
        guard result.count < findings.count else { return findings }
        for index in result.indices where repeats[index] > 0 {
            result[index].message += again(repeats[index])
            if let merged = edits[index] { result[index].fix = Fix(edits: merged, isSafe: allSafe[index]) }
        }
        return result
    }

    // MARK: Messages

    static func again(_ count: Int) -> String {
        " (the same in \(count) more message\(count == 1 ? "" : "s") of this request)"
    }
}
