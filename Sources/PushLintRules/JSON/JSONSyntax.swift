import PushLintJSON
import PushLintModel

/// `json-syntax`: the file is not RFC 8259 JSON.
struct JSONSyntax: FileRule {
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
            position (`"badge": {{count}}`). A `.json.tmpl` file holds placeholders only: a template with blocks \
            (`{{#if}}`, `{% if %}`, Go's `{{if}}`) is read in its dialect when its extension or a `templates` entry \
            names one, and its problems are then `template-syntax` and `template-render-invalid`.

            A trailing comma, the most common slip in hand-edited payloads, is reported at each comma with a safe \
            fix that deletes it, and the file is still checked by every other rule, so the mistakes behind the \
            comma show in the same run.
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "Hi"↓,}}"#, note: "A trailing comma."),
            RuleExample(#"{"aps": {"badge": ↓01}}"#, note: "A number with a leading zero."),
            RuleExample(#"{"aps": {"alert": ↓'Hi'}}"#, note: "Single quotes."),
            RuleExample("{\"aps\": {\"alert\": \"Hi\"}} ↓// sent on Mondays", note: "A comment."),
            RuleExample(
                #"{"aps": {"alert": "Hi", "badge": 1↓,}, "tags": ["a"↓,]}"#, note: "Every trailing comma is reported."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Hi"}}"#),
            RuleExample(#"{"aps": {"alert": "Hi {{name}}", "badge": {{count}}}}"#, fileName: "example.json.tmpl"),
        ],
        corrections: [
            RuleCorrection(#"{"aps": {"alert": "Hi",}}"#, #"{"aps": {"alert": "Hi"}}"#),
            RuleCorrection("{\"tags\": [\n  \"a\",\n  \"b\",\n]}", "{\"tags\": [\n  \"a\",\n  \"b\"\n]}"),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let parse = file.parse else { return [] }
        var result: [Diagnostic] = []
        for issue in parse.issues where issue.kind == .trailingComma {
            result.append(trailingComma(issue.span, in: file.document))
        }
        if let error = parse.error, error.kind == .syntax {
            result.append(
                diagnostic(
                    error.message, span: ByteSpan(error.offset, error.offset + error.length), pointer: nil,
                    help: help(file.path)))
        }
        return result
    }

    // MARK: Messages

    func help(_ path: String) -> String? {
        if path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson") {
            return "each line of JSON Lines is one JSON value; a cut or blank line is reported and the next one linted"
        }
        // `.tmpl` is placeholders only: a Go template or one with blocks needs its dialect.
        if path.hasSuffix(".tmpl") {
            return
                "a .tmpl file holds placeholders only; for blocks ({{#if}}, {% if %}, {{if}}) name it .json.hbs, .json.liquid, .json.j2 or .json.gotmpl, or give its dialect in a `templates` entry"
        }
        return path.contains(".json.")
            ? nil : "payload files are strict JSON; name the file *.json.tmpl to allow placeholders"
    }

    func trailingComma(_ comma: ByteSpan, in document: JSONDocument?) -> Diagnostic {
        let closing = document.flatMap { doc in
            comma.end < doc.bytes.count ? nextToken(after: comma.end, in: doc.bytes) : nil
        }
        return diagnostic(
            "trailing comma\(closing.map { " before '\($0)'" } ?? ""): APNs and FCM parse the body as strict JSON and refuse it; delete the comma",
            span: comma, pointer: nil, help: "delete the comma", fix: Fix(edits: [TextEdit(replacing: comma, with: "")])
        )
    }

    /// The closing bracket a trailing comma stands before (only whitespace lies between them in strict JSON).
    func nextToken(after offset: Int, in bytes: [UInt8]) -> Character? {
        bytes[offset...].first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }.map {
            Character(UnicodeScalar($0))
        }
    }
}
