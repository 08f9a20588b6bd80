import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `sns-inner-json`: an SNS platform value whose string is not the JSON object of a payload.
struct SNSInnerJSON: PayloadRule {
    static let description = RuleDescription(
        id: "sns-inner-json",
        summary:
            "The string of an SNS platform value is not valid JSON (or not an object), so SNS rejects the publish.",
        family: .sns,
        defaultSeverity: .error,
        rationale: """
            SNS unescapes each platform value and parses it: "Failure to parse or validate any key or value in the \
            message will cause the Publish call to return an error (no partial delivery)", and "Duplicate keys are \
            not allowed" (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html, `Message`). An APNs or FCM \
            payload is a JSON object. The finding points at the character of the escaped string where parsing \
            stopped. `MPNS` and `WNS` values are XML or raw text and are not parsed.

            AWS's own silent-notification example (2022-2023) has this mistake: its `GCM` string lacks a closing \
            brace.
            """,
        triggering: [
            RuleExample(#"{"GCM": "{\"notification\": {\"title\": \"Hi\"}↓"}"#),
            RuleExample(#"{"default": "Hi", "APNS": "{\"aps\": {\"alert\": \"Hi\"}, ↓\"aps\": {}}"}"#),
            RuleExample(#"{"default": "Hi", "APNS": ↓"[\"aps\"]"}"#, config: #"{"kinds": {"*.json": "sns"}}"#),
        ],
        nonTriggering: [
            RuleExample(#"{"default": "Hi", "APNS": "{\"aps\": {\"alert\": \"Hi\"}}", "WNS": "<toast/>"}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let sns = context.payload.sns else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        for part in sns.parts {
            guard let parse = part.parse, let decoded = part.decoded, !context.isTemplated(part.value) else {
                continue
            }
            let key = doc.string(part.key)
            let pointer = doc.pointer(of: part.value)
            if let error = parse.error {
                let span = decoded.sourceSpan(ByteSpan(error.offset, error.offset + max(1, error.length)))
                result.append(diagnostic(Self.invalid(key, error.message), span: span, pointer: pointer))
                continue
            }
            guard let inner = parse.document else { continue }
            if inner.kind(inner.root) != .object {
                result.append(diagnostic(Self.notObject(key), at: part.value, in: doc))
            }
            for issue in parse.issues {
                guard case .duplicateKey(let name, _) = issue.kind else { continue }
                result.append(
                    diagnostic(
                        Self.duplicate(key, inner.string(name)), span: decoded.sourceSpan(inner.span(name)),
                        pointer: pointer + inner.pointer(of: name)))
            }
        }
        return result
    }

    // MARK: Messages

    static func invalid(_ key: String, _ problem: String) -> FindingText {
        FindingText(
            "the \(key) string is not valid JSON (\(problem)), and SNS rejects the whole publish when a platform value does not parse; fix the escaped JSON",
            help: "make the string hold valid JSON")
    }

    static func notObject(_ key: String) -> FindingText {
        FindingText(
            "the \(key) string holds JSON that is not an object, but a platform payload is a JSON object; write the payload as {...}",
            help: "write the payload as a JSON object")
    }

    static func duplicate(_ key: String, _ name: String) -> FindingText {
        FindingText(
            "key \(MessageText.single(name)) appears twice in the \(key) payload, and SNS does not allow duplicate keys; keep one",
            help: "remove one of the keys")
    }
}
