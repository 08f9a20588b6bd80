import PushLintJSON
import PushLintModel

/// `json-encoding`: not UTF-8, or an unpaired surrogate escape.
struct JSONEncoding: FileRule {
    static let description = RuleDescription(
        id: "json-encoding",
        summary: "The file is not UTF-8, or a string holds an unpaired surrogate escape.",
        family: .json,
        defaultSeverity: .error,
        rationale: """
            RFC 8259 §8.1 requires UTF-8 for JSON exchanged between systems, and the providers count payload \
            limits in UTF-8 bytes (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). A UTF-16 file, bytes that are not UTF-8, or a \
            `\\uD83D` escape without its second half produce text that a provider rejects or a device shows as \
            U+FFFD. Save the file as UTF-8 and escape characters outside the BMP as a surrogate pair (or write \
            them directly).
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "Smile ↓\uD83D"}}"#, note: "The first half of a surrogate pair alone."),
            RuleExample(#"{"aps": {"alert": "↓\uDE00"}}"#, note: "The second half alone."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Smile \uD83D\uDE00"}}"#),
            RuleExample(#"{"aps": {"alert": "Smile 😀"}}"#),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let parse = file.parse else { return [] }
        var result: [Diagnostic] = []
        if let error = parse.error, error.kind == .encoding {
            result.append(
                diagnostic(
                    Self.notUTF8(error.message), span: ByteSpan(error.offset, error.offset + error.length),
                    pointer: nil))
        }
        for issue in parse.issues {
            switch issue.kind {
            case .invalidUTF8:
                result.append(
                    diagnostic(Self.invalidUTF8, span: issue.span, pointer: pointer(parse.document, issue.span)))
            case .unpairedSurrogate:
                result.append(
                    diagnostic(Self.unpairedSurrogate, span: issue.span, pointer: pointer(parse.document, issue.span)))
            default:
                break
            }
        }
        return result
    }

    /// The pointer of the string that contains an offset.
    func pointer(_ document: JSONDocument?, _ span: ByteSpan) -> String? {
        guard let document else { return nil }
        let index = document.nodes.lastIndex {
            Int($0.start) <= span.start && span.start < Int($0.end) && ($0.kind == .string || $0.kind == .key)
        }
        return index.map { document.pointer(of: $0) }
    }

    // MARK: Messages

    /// The parser's own sentence about the bytes it could not decode.
    static func notUTF8(_ parserMessage: String) -> FindingText {
        FindingText(parserMessage)
    }

    static let invalidUTF8 = FindingText(
        "byte is not UTF-8: providers reject or mangle the text; save the file as UTF-8")

    static let unpairedSurrogate = FindingText(
        "unpaired surrogate escape: the text cannot be encoded as UTF-8 and shows as U+FFFD",
        help: "write the character itself, or both halves of the pair (\\uD83D\\uDE00)")

}
