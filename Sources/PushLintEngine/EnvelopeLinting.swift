import PushLintJSON
import PushLintModel
import PushLintRules

/// The payloads written inside an envelope (an AWS SNS message's platform values, each a string of escaped JSON):
/// every payload rule runs on each of them unchanged, on the document parsed from the unescaped value, and each
/// finding is moved back into the file: its span onto the characters of the escaped string that wrote it, its
/// pointer to the value's pointer followed by the pointer inside the value (`/APNS/aps/alert`, docs/sns.md).
extension RuleRunner {
    /// The findings of the payload rules on the platform payloads of `envelope`, located in the file.
    func checkEnclosed(_ envelope: PayloadContext, _ input: PayloadInput, _ sums: inout RuleClock) -> [Diagnostic] {
        guard let sns = envelope.payload.sns else { return [] }
        var findings: [Diagnostic] = []
        let enclosed = clock.measure(RuleTimingCollector.modelSlot, &sums) {
            sns.platformPayloads(sidecar: input.snsAttributes)
        }
        for (part, decoded, inner, payload) in enclosed {
            let context = PayloadContext(
                path: envelope.path, configRelativePath: envelope.configRelativePath, document: inner,
                payload: payload, isTemplate: envelope.isTemplate, settings: envelope.settings,
                isLogLine: envelope.isLogLine, enclosingKind: .sns)
            let prefix = envelope.document.pointer(of: part.value)
            let found = clock.findings(of: payloadRules, slots: payloadSlots, &sums) { $0.check(context) }
            for var finding in found {
                finding.span = decoded.sourceSpan(finding.span)
                finding.pointer = prefix + (finding.pointer ?? "")
                // A fix edits the unescaped value, not the file's escaped string.
                finding.fix = nil
                findings.append(finding)
            }
        }
        return findings
    }
}
