import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `webpush-declarative`: a Declarative Web Push message that Safari does not show: `web_push` not the number 8030,
/// no `notification` object, no `title`, no `navigate` or one that is no absolute URL.
struct WebPushDeclarative: PayloadRule {
    static let description = RuleDescription(
        id: "webpush-declarative",
        summary:
            "A Declarative Web Push message lacks what Safari needs to show it: web_push 8030, a notification with a title and a navigate URL.",
        family: .webpush,
        defaultSeverity: .error,
        rationale: """
            Declarative Web Push (Safari and iOS/iPadOS 18.4; the Push API's "declarative push message", \
            \(WebPush.pushAPI)) lets the browser show a notification without a service worker. WebKit reads a \
            message as declarative only when `web_push` is a JSON number equal to 8030 (\(WebPush.webKitParser) \
            `hasDeclarativeMessageJSONValues`): the string `"8030"` or the first draft's 9001 make it an \
            ordinary push message, which shows nothing on a site without a service worker that handles `push` \
            (a warning: the site may have one). The parser then requires a `notification` object, a \
            non-empty `title` string and a `navigate` string that parses as a URL; WebKit parses it without a \
            base URL, so it must be absolute. A message that fails is "dropped on the floor" \
            (\(WebPush.webKitExplainer)): an error when `web_push` is 8030, a warning otherwise. The first \
            draft called `navigate` `url`.

            `app_badge` and `mutable` are read inside `notification` by WebKit; the 2024 draft and some \
            libraries write them at the top level. Both places are accepted; one at the top level only is a \
            warning, since Safari may not read it there.

            A wrong type of a field is `webpush-field-value`'s, an unknown key `webpush-unknown-field`'s.
            """,
        triggering: [
            RuleExample(
                #"{"web_push": ↓"8030", "notification": {"title": "Ada emailed", "navigate": "https://email.example/message/12"}}"#,
                note: "A string: WebKit reads it as an ordinary push message (a warning)."),
            RuleExample(
                #"{"web_push": 8030, "notification": ↓{"title": "Ada emailed", "body": "Did you hear about the tube strikes?"}}"#,
                note: "No navigate: Safari drops the message."),
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": ↓"", "navigate": ↓"/message/12"}}"#,
                note: "An empty title, and a relative URL WebKit cannot parse without a base."),
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "2 new messages", "navigate": "https://email.example/inbox"}, ↓"app_badge": 2}"#,
                note: "app_badge where WebKit does not read it (a warning)."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Ada emailed ‘London’", "lang": "en-US", "dir": "ltr", "body": "Did you hear about the tube strikes?", "navigate": "https://email.example/message/12"}}"#,
                note: "The Push API's example."),
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "2 new messages", "navigate": "https://email.example/inbox", "app_badge": "2", "mutable": true}}"#
            ),
            RuleExample(
                #"{"title": "Ada emailed", "body": "Did you hear?", "url": "/message/12"}"#,
                config: #"{"kinds": {"*.json": "webpush"}}"#,
                note: "A plain web push message: its JSON is the app's own, read by its service worker."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard WebPush.claimsDeclarative(context) else { return [] }
        let doc = context.document
        let node = context.payload.node
        let severity = WebPush.severity(context)
        var result: [Diagnostic] = []
        if let marker = doc.member(node, WebPushSchema.markerKey), !context.isTemplated(marker),
            !WebPushSchema.isMarker(doc, marker)
        {
            result.append(diagnostic(Self.notTheMarker(doc.rawText(marker)), at: marker, in: doc, severity: .warning))
        }
        guard let notification = doc.member(node, "notification") else {
            result.append(diagnostic(Self.noNotification(drop(severity)), at: node, in: doc, severity: severity))
            return result
        }
        guard doc.kind(notification) == .object else { return result }  // a wrong type: webpush-field-value's
        if let title = doc.member(notification, "title") {
            if doc.kind(title) == .string, doc.withStringBytes(title, { $0.isEmpty }) {
                result.append(diagnostic(Self.emptyTitle(drop(severity)), at: title, in: doc, severity: severity))
            }
        } else {
            result.append(
                diagnostic(Self.missing("title", drop(severity)), at: notification, in: doc, severity: severity))
        }
        if let navigate = doc.member(notification, "navigate") {
            if doc.kind(navigate) == .string, !context.isTemplated(navigate) {
                let text = doc.string(navigate)
                if WebURL.parse(text) == nil {
                    result.append(
                        diagnostic(Self.notAURL(text, drop(severity)), at: navigate, in: doc, severity: severity))
                }
            }
        } else {
            let url = doc.member(notification, "url")
            result.append(
                diagnostic(
                    Self.missingNavigate(hasURL: url != nil, drop(severity)), at: notification, in: doc,
                    severity: severity))
        }
        for name in ["app_badge", "mutable"] {
            if let member = doc.member(node, name), doc.member(notification, name) == nil {
                result.append(
                    diagnostic(
                        Self.topLevel(name), at: doc.keyNode(ofValue: member) ?? member, in: doc, severity: .warning))
            }
        }
        return result
    }

    /// What Safari does with the mistake: drops the message when it reads it as declarative (`web_push` 8030), and
    /// would once the marker is fixed.
    func drop(_ severity: Severity) -> String {
        severity == .error ? "so Safari drops it" : "so Safari would drop it once web_push is 8030"
    }

    // MARK: Messages

    static func notTheMarker(_ raw: String) -> FindingText {
        FindingText(
            "web_push is \(MessageText.single(raw)), not the number 8030: Safari reads the message as an ordinary push message, which shows nothing unless the site's service worker handles it; write 8030",
            help: "write \"web_push\": 8030")
    }

    static func noNotification(_ drop: String) -> FindingText {
        FindingText(
            "this declarative web push message has no 'notification' object, \(drop); add \"notification\": {\"title\": ..., \"navigate\": ...}",
            help: "add a notification object with a title and a navigate URL")
    }

    static func emptyTitle(_ drop: String) -> FindingText {
        FindingText(
            "notification.title is empty, and a declarative message needs a non-empty title, \(drop); write the title the notification shows",
            help: "write a non-empty title")
    }

    static func missing(_ name: String, _ drop: String) -> FindingText {
        FindingText(
            "the notification has no \(MessageText.single(name)), which a declarative web push message requires, \(drop); add \(MessageText.single(name))",
            help: "add \(MessageText.json(name))")
    }

    static func missingNavigate(hasURL: Bool, _ drop: String) -> FindingText {
        FindingText(
            "the notification has no 'navigate', the absolute URL a declarative web push message must open, \(drop)"
                + (hasURL ? "; 'url' is the first draft's name, rename it to 'navigate'" : "; add 'navigate'"),
            help: hasURL ? "rename 'url' to 'navigate'" : "add \"navigate\": \"https://...\"")
    }

    static func notAURL(_ text: String, _ drop: String) -> FindingText {
        let shown = text.count > 80 ? String(text.prefix(77)) + "..." : text
        return FindingText(
            "notification.navigate \(MessageText.json(shown)) is no absolute URL: WebKit parses it without a base URL and fails, \(drop); write the whole https:// URL",
            help: "write an absolute URL such as \"https://example.com/path\"")
    }

    static func topLevel(_ name: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) is at the top level, but WebKit reads it inside 'notification', so Safari may ignore it; move it into the notification",
            help: "move \(MessageText.single(name)) into notification")
    }
}
