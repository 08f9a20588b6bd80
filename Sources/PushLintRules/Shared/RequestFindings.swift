import PushLintModel

/// The findings of one request that carries many messages: an Expo batch file is what Expo receives in one request
/// (up to 100 messages, EXPO-D "Message request format"), and one mistake repeated in each of its messages is one
/// thing to fix, not a thousand lines of output. A finding of the same rule, severity and message in several
/// messages is reported once, at its first place, with the count; its fix carries the edits of every message (or
/// there is none, when some message's occurrence has no fix).
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
        // Edits gathered in place: a batch of one repeated fixable mistake must cost one append per message, not a
        // copy of everything gathered so far. A folded fix is for every message or for none: once one occurrence
        // has no fix, applying the others would leave the request half fixed, so the fold gets no fix at all.
        var edits: [[TextEdit]] = []
        var everyOccurrenceFixable: [Bool] = []
        var allSafe: [Bool] = []
        for finding in findings {
            let key = Key(ruleId: finding.ruleId, severity: finding.severity, message: finding.message)
            if let index = first[key] {
                repeats[index] += 1
                guard everyOccurrenceFixable[index] else { continue }
                if let fix = finding.fix {
                    edits[index].append(contentsOf: fix.edits)
                    allSafe[index] = allSafe[index] && fix.isSafe
                } else {
                    everyOccurrenceFixable[index] = false
                    edits[index] = []
                }
                continue
            }
            first[key] = result.count
            result.append(finding)
            repeats.append(0)
            edits.append(finding.fix?.edits ?? [])
            everyOccurrenceFixable.append(finding.fix != nil)
            allSafe.append(finding.fix?.isSafe ?? true)
        }
        guard result.count < findings.count else { return findings }
        for index in result.indices where repeats[index] > 0 {
            result[index].message += again(repeats[index])
            result[index].fix = everyOccurrenceFixable[index] ? Fix(edits: edits[index], isSafe: allSafe[index]) : nil
        }
        return result
    }

    // MARK: Messages

    static func again(_ count: Int) -> String {
        " (the same in \(count) more message\(count == 1 ? "" : "s") of this request)"
    }
}
