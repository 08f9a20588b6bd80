import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `beams-web-format`: the `web` member of a Pusher Beams publish body outside Beams' web format.
struct BeamsWebFormat: PayloadRule {
    static let description = RuleDescription(
        id: "beams-web-format",
        summary:
            "The `web` payload of a Pusher Beams publish is not in Beams' web format (types, `time_to_live`, `data.pusher`).",
        family: .relay,
        defaultSeverity: .error,
        rationale: """
            Beams sends web notifications in "a bespoke format", not the Notifications API's: `time_to_live` (an \
            integer of seconds, "Max: 2419200"), `notification` with `title`, `body`, `icon` (a URL), `deep_link` \
            (the URL opened on click) and `hide_notification_if_site_has_focus` (a boolean), and `data`, which \
            "Cannot contain the key `pusher`" (https://pusher.com/docs/beams/reference/publish-payloads/, "Web \
            format"). A body that does not match Beams' schema is answered 422 \
            (https://pusher.com/docs/beams/reference/publish-api/): a value of another type, a `time_to_live` out \
            of range and `data.pusher` are errors. A key Beams does not document (`url` or `navigate` for \
            `deep_link`, a misspelling) is a warning that names the field meant: whether Beams refuses it or drops \
            it is not documented, and either way the browser does not get it.
            """,
        triggering: [
            RuleExample(
                #"{"web": {"time_to_live": ↓"3600", "notification": {"title": "Hi", ↓"url": "https://example.com/"}}}"#),
            RuleExample(#"{"web": {"notification": {"title": "Hi"}, "data": {↓"pusher": {"id": "1"}}}}"#),
            RuleExample(#"{"web": {"time_to_live": ↓4838400, "notification": {"title": "Hi"}}}"#),
        ],
        nonTriggering: [
            RuleExample(
                #"{"web": {"time_to_live": 3600, "notification": {"title": "You have a new message", "body": "Hi!", "icon": "https://example.com/img/notification-icon.png", "deep_link": "https://example.com/messages?message_id=2342", "hide_notification_if_site_has_focus": true}, "data": {"some": "metadata"}}}"#
            )
        ])

    static let rejection = "Beams answers the publish with 422 (JSON does not match its schema)"

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .pusherBeams, let web = context.payload.relay?.part("web") else { return [] }
        let doc = context.document
        let walk = PusherBeamsSchema.web.walk(doc, at: web.value, path: "web")
        let checker = SchemaValueChecker(context: context, nullMeansUnset: false, enumsTakeNumbers: false)
        var findings: [Diagnostic] = []
        for known in walk.members {
            let path = FieldPath.field(parent: known.object.path, name: known.field.name)
            // A nested object's own fields are checked as members of the walk.
            if case .message = known.field.type, doc.kind(known.member.value) == .object { continue }
            for problem in checker.check(known.member.value, as: known.field.type, path: path) {
                findings.append(diagnostic(Self.wrongValue(problem), at: problem.node, in: doc))
            }
            if known.field.name == "data", doc.kind(known.member.value) == .object,
                let reserved = doc.member(known.member.value, PusherBeamsSchema.reservedDataKey),
                let key = doc.keyNode(ofValue: reserved)
            {
                findings.append(diagnostic(Self.reservedKey, at: key, in: doc))
            }
        }
        for field in UnknownField.all(walk.unknownMembers, in: context) {
            findings.append(diagnostic(Self.unknownField(field), at: field.keyNode, in: doc, severity: .warning))
        }
        return findings.sorted { $0.span.start < $1.span.start }
    }

    // MARK: Messages

    static func wrongValue(_ problem: ValueProblem) -> FindingText {
        guard case .outOfRange = problem.kind else { return ValueWording.wrongType(problem, rejection: rejection) }
        return FindingText(
            "\(problem.path) is \(problem.found.raw) but Beams keeps a web notification at most \(PusherBeamsSchema.maxTimeToLive) seconds (4 weeks); \(rejection)",
            help: "write at most \(PusherBeamsSchema.maxTimeToLive)")
    }

    static let reservedKey = FindingText(
        "web.data has the key 'pusher', which Beams keeps for itself and refuses in data; \(rejection); rename the key",
        help: "rename the key")

    static func unknownField(_ field: UnknownField) -> FindingText {
        let place = field.object.path
        let what =
            "\(MessageText.single(field.key)) is no field of \(place) in Beams' web format, so the browser does not get it"
        let help = field.help(
            foreign: { "write \(MessageText.single($0))" }, unknown: "remove it, or move it into web.data")
        if case .foreign(let replacement) = field.advice {
            return FindingText(what + "; Beams calls it \(MessageText.single(replacement))", help: help)
        }
        return FindingText(what + field.hint, help: help)
    }
}
