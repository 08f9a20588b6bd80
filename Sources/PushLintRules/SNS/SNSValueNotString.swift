import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `sns-value-not-string`: a platform value of an SNS message that is an object, array, number or literal.
struct SNSValueNotString: PayloadRule {
    static let description = RuleDescription(
        id: "sns-value-not-string",
        summary:
            "An SNS platform value is not a string of JSON, so SNS ignores the key and that platform gets nothing.",
        family: .sns,
        defaultSeverity: .error,
        rationale: """
            With `MessageStructure: json`, the keys of an SNS message that name a platform "must have simple JSON \
            string values", and "Non-string values will cause the key to be ignored" \
            (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html, `Message`). The publish still answers \
            200 with a MessageId: the devices of that platform get the `default` message or nothing. The platform's \
            payload is written as a string holding its JSON: `"APNS": "{\\"aps\\": {...}}"`.

            The fix writes an object or array value as that string (minified), which is what SNS wants.
            """,
        triggering: [
            RuleExample(#"{"default": "Hi", "APNS": ↓{"aps": {"alert": "Hi"}}}"#),
            RuleExample(#"{"default": "Hi", "GCM": ↓3}"#, config: #"{"kinds": {"*.json": "sns"}}"#),
        ],
        nonTriggering: [
            RuleExample(#"{"default": "Hi", "APNS": "{\"aps\": {\"alert\": \"Hi\"}}"}"#)
        ],
        corrections: [
            RuleCorrection(
                #"{"default": "Hi", "APNS": {"aps": {"alert": "Hi"}}}"#,
                #"{"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\"}}"}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let sns = context.payload.sns else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        for part in sns.parts {
            guard let platform = part.platform, doc.kind(part.value) != .string,
                doc.kind(part.value) != .placeholder
            else { continue }
            let kind = doc.kind(part.value)
            var fix: Fix?
            if kind == .object || kind == .array {
                let text = JSONDocument.quoted(String(decoding: doc.wireBytes(part.value), as: UTF8.self))
                fix = Fix(edits: [TextEdit(replacing: doc.span(part.value), with: text)])
            }
            let written = kind == .object || kind == .array ? nil : doc.rawText(part.value)
            result.append(
                diagnostic(
                    Self.notString(platform.rawValue, kind: Self.kindName(kind), written: written), at: part.value,
                    in: doc, fix: fix))
        }
        return result
    }

    static func kindName(_ kind: JSONKind) -> String {
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .number: return "a number"
        case .bool: return "a boolean"
        default: return "null"
        }
    }

    // MARK: Messages

    static func notString(_ key: String, kind: String, written: String?) -> FindingText {
        let value = written.map { " (\(MessageText.single($0)))" } ?? ""
        return FindingText(
            "\(MessageText.single(key)) is \(kind)\(value), but SNS takes a platform's payload only as a string of JSON and ignores a key with any other value, so \(key) devices get the default message or nothing; write the payload as a JSON string",
            help: "write the value as a string holding the payload's JSON")
    }
}
