import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `beams-target`: the `interests` or `users` of a Pusher Beams publish body outside what Beams accepts.
struct BeamsTarget: PayloadRule {
    static let description = RuleDescription(
        id: "beams-target",
        summary: "A Pusher Beams publish names interests or users that Beams refuses (count, length, characters).",
        family: .relay,
        defaultSeverity: .error,
        rationale: """
            A publish to interests takes "Array of interests ... ranging from 1 to 100 per publish request"; \
            "Each interest name can be up to 164 characters. Each character in the name must be an ASCII upper- \
            or lower-case letter, a number, or one of `_-=@,.;`". A publish to users takes 1 to 1000 user ids, \
            "UTF-8 encoded strings of no more than 164 bytes". A body that does not match the schema is answered \
            422 Unprocessable Entity (https://pusher.com/docs/beams/reference/publish-api/). Beams' server SDKs \
            also accept `:` in an interest name, so it is not reported. A body without `interests` or `users` is a \
            payload whose target the server SDK adds (`publishToInterests(interests, body)`) and is not reported.
            """,
        triggering: [
            RuleExample(#"{"interests": [↓"order updates"], "apns": {"aps": {"alert": "Shipped"}}}"#),
            RuleExample(#"{↓"interests": [], "fcm": {"notification": {"title": "Hi"}}}"#),
            RuleExample(#"{"users": [↓42], "web": {"notification": {"title": "Hi"}}}"#),
        ],
        nonTriggering: [
            RuleExample(#"{"interests": ["hello", "user=42@shop.example,eu;vip"], "apns": {"aps": {"alert": "Hi"}}}"#),
            RuleExample(#"{"apns": {"aps": {"alert": "Hello!"}}}"#),
        ])

    static let maxInterests = 100
    static let maxUsers = 1000
    /// Characters and bytes of one interest name or user id.
    static let maxNameLength = 164

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .pusherBeams else { return [] }
        let doc = context.document
        var findings: [Diagnostic] = []
        for (name, limit) in [("interests", Self.maxInterests), ("users", Self.maxUsers)] {
            guard let list = doc.member(context.payload.node, name), !context.isTemplated(list) else { continue }
            let count = doc.kind(list) == .array ? doc.elements(list).count : 0
            guard count >= 1, count <= limit else {
                let anchor = doc.keyNode(ofValue: list) ?? list
                findings.append(
                    diagnostic(Self.count(name, count, limit, isArray: doc.kind(list) == .array), at: anchor, in: doc))
                continue
            }
            for element in doc.elements(list) where !context.isTemplated(element) {
                if let problem = Self.problem(of: element, in: doc, isInterest: name == "interests") {
                    findings.append(diagnostic(problem, at: element, in: doc))
                }
            }
        }
        return findings
    }

    /// What is wrong with one interest name or user id, nil when Beams accepts it.
    static func problem(of element: NodeID, in doc: JSONDocument, isInterest: Bool) -> FindingText? {
        guard let text = doc.stringValue(element) else { return notString(doc.rawText(element), isInterest) }
        if isInterest {
            if text.isEmpty || text.count > maxNameLength { return interestLength(text) }
            if let bad = text.unicodeScalars.first(where: { !isInterestCharacter($0) }) {
                return interestCharacter(text, bad)
            }
        } else if text.isEmpty || text.utf8.count > maxNameLength {
            return userLength(text)
        }
        return nil
    }

    /// ASCII letters, digits and `_-=@,.;` (the API reference), and `:` (the server SDKs).
    static func isInterestCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "=", "@", ",", ".", ";", ":": return true
        default: return false
        }
    }

    // MARK: Messages

    static func count(_ name: String, _ count: Int, _ limit: Int, isArray: Bool) -> FindingText {
        let what = isArray ? "holds \(count) entries" : "is not an array"
        return FindingText(
            "'\(name)' \(what), but Beams takes an array of 1 to \(limit) \(name) per publish and answers 422 otherwise; split the publish or fix the list",
            help: "send 1 to \(limit) \(name) per publish")
    }

    static func notString(_ written: String, _ isInterest: Bool) -> FindingText {
        FindingText(
            "\(isInterest ? "interest" : "user id") \(MessageText.singleClipped(written)) is not a string, so Beams answers 422; write it as a string",
            help: "write it as a string")
    }

    static func interestLength(_ name: String) -> FindingText {
        FindingText(
            "interest \(MessageText.singleClipped(name)) has \(name.count) characters, but Beams takes names of 1 to 164 characters and answers 422 otherwise; shorten it",
            help: "use a name of 1 to 164 characters")
    }

    static func interestCharacter(_ name: String, _ bad: Unicode.Scalar) -> FindingText {
        FindingText(
            "interest \(MessageText.singleClipped(name)) contains \(MessageText.single(String(bad))), but Beams takes only ASCII letters, digits and _-=@,.; in interest names and answers 422 otherwise; replace the character",
            help: "use only ASCII letters, digits and _-=@,.;")
    }

    static func userLength(_ id: String) -> FindingText {
        FindingText(
            "user id \(MessageText.singleClipped(id)) is \(id.utf8.count) bytes, but Beams takes user ids of 1 to 164 UTF-8 bytes and answers 422 otherwise",
            help: "use a user id of 1 to 164 bytes")
    }
}
