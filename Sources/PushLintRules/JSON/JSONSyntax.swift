import PushLintJSON
import PushLintModel

/// `json-syntax`: the file is not RFC 8259 JSON.
struct JSONSyntax: FileRule, DescribedByType {
    static let description = RuleDescription(
        id: "json-syntax",
        summary: "The file is not valid JSON (RFC 8259).",
        family: .json,
        defaultSeverity: .error,
        rationale: """
            Providers parse the request body as strict JSON: APNs answers 400 for a body it cannot read and FCM \
            answers INVALID_ARGUMENT ("Invalid JSON payload received"). A template that does not parse is a \
            broken template, so a file that does not parse is always a finding, also when found by walking a \
            folder. pushlint reports the first error with what it expected there. Comments and trailing commas are \
            allowed only in `.pushlint.json` and the contract; template files may hold placeholders in value \
            position (`"badge": {{count}}`).
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "Hi"↓,}}"#, note: "A trailing comma."),
            RuleExample(#"{"aps": {"badge": ↓01}}"#, note: "A number with a leading zero."),
            RuleExample(#"{"aps": {"alert": ↓'Hi'}}"#, note: "Single quotes."),
            RuleExample("{\"aps\": {\"alert\": \"Hi\"}} ↓// sent on Mondays", note: "A comment."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Hi"}}"#),
            RuleExample(#"{"aps": {"alert": "Hi {{name}}", "badge": {{count}}}}"#, fileName: "example.json.tmpl"),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let error = file.parse?.error, error.kind == .syntax else { return [] }
        return [
            diagnostic(
                error.message, span: ByteSpan(error.offset, error.offset + error.length), pointer: nil,
                help: file.path.contains(".json.") ? nil : "payload files are strict JSON; name the file *.json.tmpl to allow placeholders")
        ]
    }
}
