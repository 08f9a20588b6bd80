import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `webpush-unknown-field`: a key of a web push notification that is no field of the Notifications API or of
/// Declarative Web Push.
struct WebPushUnknownField: PayloadRule {
    static let description = RuleDescription(
        id: "webpush-unknown-field",
        summary: "A key of a web push notification that is no Notifications API or Declarative Web Push field.",
        family: .webpush,
        defaultSeverity: .warning,
        rationale: """
            A declarative push message has `web_push`, `notification` and, by some sources, `app_badge` and \
            `mutable` (\(WebPush.pushAPI); \(WebPush.webKitParser)); its `notification` takes the fields of \
            the Notifications API's `NotificationOptions` with `title` and `navigate` (\(WebPush.notificationsSpec)), \
            each action `{action, title, navigate, icon}`. WebKit reads the fields it knows and ignores the \
            others, and the Notifications API ignores unknown dictionary members, so a misspelt key \
            (`require_interaction`, `url` for `navigate`) silently does nothing: a warning that suggests the \
            field meant. In a plain web push message only a `notification` object is checked, as the options a \
            service worker passes to `showNotification`; the message's other keys are the app's own. FCM's \
            `webpush.notification` is such an object too ("Web Notification options as a JSON object", \
            https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#webpushconfig) and is checked \
            the same way. Custom values belong in `data`.
            """,
        triggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", ↓"require_interaction": true}}"#,
                note: "The Notifications API spells it requireInteraction."),
            RuleExample(
                #"{"notification": {"title": "Hi", ↓"click_action": "https://example.com/"}}"#,
                config: #"{"kinds": {"*.json": "webpush"}}"#,
                note: "FCM's legacy name: the API calls it navigate."),
            RuleExample(
                #"{"message": {"token": "t", "webpush": {"notification": {"title": "Hi", ↓"requireInteractions": true}}}}"#,
                note: "FCM's webpush.notification is a Notifications API object."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "requireInteraction": true, "data": {"anything": 1}}}"#
            ),
            RuleExample(
                #"{"title": "Hi", "click_action": "https://example.com/", "orderId": "48213"}"#,
                config: #"{"kinds": {"*.json": "webpush"}}"#,
                note: "Top-level keys of a plain message are the app's own."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let fields = WebPush.notificationFields(context) else { return [] }
        let doc = context.document
        // The members' own walk: FCM's `webpush.notification` is walked here, not by the payload.
        return UnknownField.all(fields.unknownMembers, in: context).map { field in
            diagnostic(Self.unknownField(field), at: field.keyNode, in: doc)
        }
    }

    // MARK: Messages

    static func unknownField(_ field: UnknownField) -> FindingText {
        let object = field.object
        let place = object.path.isEmpty ? "a declarative push message" : object.path
        let ignored =
            "\(MessageText.single(field.key)) is no field of \(place) (\(object.schema.name)), so the browser ignores it"
        let help = field.help(
            foreign: { "write \(MessageText.single($0))" }, unknown: "remove it, or move it into data")
        if case .foreign(let replacement) = field.advice {
            return FindingText(
                ignored + "; the Notifications API calls it \(MessageText.single(replacement))", help: help)
        }
        return FindingText(ignored + field.hint, help: help)
    }
}
