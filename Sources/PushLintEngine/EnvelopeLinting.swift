import PushLintJSON
import PushLintModel
import PushLintRules

/// The payloads written inside an envelope (an AWS SNS message's platform values, each a string of escaped JSON; a
/// relay's platform objects): every payload rule runs on each of them unchanged. A payload parsed from an SNS string
/// has its findings moved back into the file: its span onto the characters of the escaped string that wrote it, its
/// pointer to the value's pointer followed by the pointer inside the value (`/APNS/aps/alert`, docs/sns.md). A
/// relay's payloads are nodes of the file's own document and need no moving.
extension RuleRunner {
    /// The findings of the payload rules on the platform payloads of `envelope`, located in the file, and the
    /// payloads (the summary is made from them, not built again).
    func checkEnclosed(_ envelope: PayloadContext, _ input: PayloadInput, _ sums: inout RuleClock)
        -> (findings: [Diagnostic], enclosed: [EnclosedPayload])
    {
        let enclosed = clock.measure(RuleTimingCollector.modelSlot, &sums) {
            envelope.payload.enclosedPayloads(in: envelope.document, snsSidecar: input.snsAttributes)
        }
        var findings: [Diagnostic] = []
        for part in enclosed {
            let context = envelope.enclosing(part)
            let found = clock.findings(of: payloadRules, slots: payloadSlots, &sums) { $0.check(context) }
            guard let decoded = part.decoded else {
                findings += found
                continue
            }
            let prefix = envelope.document.pointer(of: part.value)
            for var finding in found {
                finding.span = decoded.sourceSpan(finding.span)
                finding.pointer = prefix + (finding.pointer ?? "")
                // A fix edits the unescaped value, not the file's escaped string.
                finding.fix = nil
                findings.append(finding)
            }
        }
        return (findings, enclosed)
    }
}
