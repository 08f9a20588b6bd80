import PushLintJSON
import PushLintModel

/// `json-duplicate-key`: a key twice in one object.
struct JSONDuplicateKey: FileRule {
    static let description = RuleDescription(
        id: "json-duplicate-key",
        summary: "A key appears twice in one object; providers silently keep the last one.",
        family: .json,
        defaultSeverity: .error,
        rationale: """
            RFC 8259 §4 leaves duplicate names undefined. FCM does not reject them: the last one wins \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages), and APNs behaves the same. A template with `"sound"` twice sends only the \
            second value, which is rarely what the author reviewed.
            """,
        triggering: [
            RuleExample(#"{"aps": {"sound": "default", ↓"sound": "chime.caf"}}"#)
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"sound": "default"}, "sound": "chime.caf"}"#, note: "The same key in different objects.")
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let parse = file.parse, let document = parse.document else { return [] }
        var lines: LineIndex?  // made at the first duplicate: most files have none
        var result: [Diagnostic] = []
        for issue in parse.issues {
            guard case .duplicateKey(let key, let firstKey) = issue.kind else { continue }
            let index = lines ?? document.lines
            lines = index
            let first = index.position(of: document.span(firstKey).start)
            result.append(
                diagnostic(Self.repeated(document.string(key), firstOnLine: first.line), at: key, in: document))
        }
        return result
    }

    // MARK: Messages

    static func repeated(_ name: String, firstOnLine line: Int) -> FindingText {
        FindingText(
            "key '\(name)' already appears in this object (line \(line)); providers keep only the last value",
            help: "remove one of the two '\(name)' members")
    }

}
