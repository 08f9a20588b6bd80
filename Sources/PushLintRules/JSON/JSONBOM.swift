import PushLintJSON
import PushLintModel

/// `json-bom`: a UTF-8 byte-order mark.
struct JSONBOM: FileRule {
    static let description = RuleDescription(
        id: "json-bom",
        summary: "The file starts with a UTF-8 byte-order mark.",
        family: .json,
        defaultSeverity: .warning,
        rationale: """
            RFC 8259 §8.1: implementations must not add a byte-order mark to JSON they send. Many senders \
            read the template and post it as is, and some JSON parsers reject a body that starts with U+FEFF. \
            Removing the three bytes changes nothing else.
            """,
        triggering: [RuleExample("↓\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}")],
        nonTriggering: [RuleExample(#"{"aps": {"alert": "Hi"}}"#)],
        corrections: [RuleCorrection("\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}", #"{"aps": {"alert": "Hi"}}"#)])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let parse = file.parse else { return [] }
        return parse.issues.compactMap { issue in
            guard case .byteOrderMark = issue.kind else { return nil }
            return diagnostic(
                Self.byteOrderMark, span: issue.span, pointer: parse.document == nil ? nil : "",
                fix: Fix(edits: [TextEdit(replacing: issue.span, with: "")]))
        }
    }

    // MARK: Messages

    static let byteOrderMark = FindingText(
        "file starts with a UTF-8 byte-order mark, which JSON senders must not send",
        help: "save the file as UTF-8 without BOM")

}
