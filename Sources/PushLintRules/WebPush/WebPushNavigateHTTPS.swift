import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `webpush-navigate-https`: a web push notification or action opens a URL that is not https.
struct WebPushNavigateHTTPS: PayloadRule {
    static let description = RuleDescription(
        id: "webpush-navigate-https",
        summary: "A web push notification or action navigates to a URL that is not https.",
        family: .webpush,
        defaultSeverity: .warning,
        rationale: """
            `navigate` is the URL the browser opens when the notification (or one of its actions) is \
            activated (\(WebPush.notificationsSpec); \(WebPush.pushAPI)). Web push works only for secure \
            origins and a site's pages are served over https; WebKit's parser accepts any URL it can parse \
            (\(WebPush.webKitParser)), so an `http:` or another scheme is no documented rejection but opens an \
            insecure page, or none: a warning. FCM requires https for its own `webpush.fcm_options.link` \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#webpushfcmoptions). A \
            URL that does not parse at all is `webpush-declarative`'s.
            """,
        triggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": ↓"http://example.com/inbox", "actions": [{"action": "open", "title": "Open", "navigate": ↓"javascript:alert(1)"}]}}"#
            )
        ],
        nonTriggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/inbox", "actions": [{"action": "open", "title": "Open", "navigate": "https://example.com/open"}]}}"#
            )
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let fields = WebPush.notificationFields(context) else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        for known in fields.members where known.field.name == "navigate" {
            let value = known.member.value
            guard doc.kind(value) == .string, !context.isTemplated(value) else { continue }
            let text = doc.string(value)
            guard let url = WebURL.parse(text), url.scheme != "https" else { continue }
            let path = FieldPath.field(parent: known.object.path, name: "navigate")
            result.append(diagnostic(Self.notHTTPS(text, path, scheme: url.scheme), at: value, in: doc))
        }
        return result
    }

    // MARK: Messages

    static func notHTTPS(_ text: String, _ path: FieldPath, scheme: String) -> FindingText {
        let shown = text.count > 80 ? String(text.prefix(77)) + "..." : text
        return FindingText(
            "\(path) \(MessageText.json(shown)) is a \(MessageText.single(scheme + ":")) URL, not https: the notification opens an insecure page or none; write the page's https:// URL",
            help: scheme == "http"
                ? "write \(MessageText.json("https://" + text.dropFirst(7)))" : "write an https:// URL")
    }
}
