import PushLintJSON
import PushLintModel

/// `json-limit`: deeper than the nesting limit or larger than the file limit.
struct JSONLimit: FileRule {
    static let description = RuleDescription(
        id: "json-limit",
        summary: "Nesting deeper than 512 levels, or a file larger than --max-file-bytes (8 MiB).",
        family: .json,
        defaultSeverity: .error,
        rationale: """
            No push payload comes near these limits: APNs takes 4 KB (5 KB for VoIP), FCM 4 KB \
            (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). A file beyond them is not a payload template but generated data or an \
            accident, and parsing it would only cost memory and time. pushlint stops at the limit without reading \
            the rest of the file. Raise `--max-file-bytes` if a large file is intended.
            """,
        triggering: [
            RuleExample(ASCIIText.repeated("[", 512) + "↓[]" + ASCIIText.repeated("]", 512), note: "513 nested arrays.")
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": {"title": "Deep enough"}}}"#)
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        if file.parse == nil, file.readError == nil, file.byteCount > file.maxBytes {
            return [
                diagnostic(Self.tooLarge(file.byteCount, limit: file.maxBytes), span: ByteSpan(0, 0), pointer: nil)
            ]
        }
        guard let error = file.parse?.error, error.kind == .limit else { return [] }
        return [
            diagnostic(
                Self.tooDeep(error.message), span: ByteSpan(error.offset, error.offset + error.length), pointer: nil)
        ]
    }

    // MARK: Messages

    static func tooLarge(_ bytes: Int, limit: Int) -> FindingText {
        FindingText(
            "file is \(bytes) bytes, more than the limit of \(limit) bytes; it was not parsed",
            help: "raise --max-file-bytes if this file is meant to be linted")
    }

    /// `parserMessage` says which limit the parser hit.
    static func tooDeep(_ parserMessage: String) -> FindingText {
        FindingText(parserMessage + "; no push payload nests this deep")
    }

}
