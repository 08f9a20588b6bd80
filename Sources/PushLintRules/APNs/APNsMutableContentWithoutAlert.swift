import PushLintJSON
import PushLintModel

/// `apns-mutable-content-without-alert`: the service extension will not run.
struct APNsMutableContentWithoutAlert: PayloadRule {
    static let description = RuleDescription(
        id: "apns-mutable-content-without-alert",
        summary:
            "`mutable-content` is set on a push without an alert title or body, so the service extension never runs.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            `mutable-content: 1` routes a push through the app's Notification Service Extension (to download an \
            image, decrypt the text, ...), but iOS only runs the extension for a push that shows an alert with \
            a title or a body; a badge or a sound alone does not count, and a silent push never goes through \
            it (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, UNNotificationServiceExtension). The alert may come from \
            `aps.alert`, from an FCM message's `notification` (FCM merges it into the alert), or from an Expo \
            message's `title`/`body` (Expo's `mutableContent: true` becomes `mutable-content: 1`).
            """,
        triggering: [
            RuleExample(#"{"aps": {"badge": 2, ↓"mutable-content": 1}, "image_id": "img-1"}"#),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"payload": {"aps": {"sound": "default", ↓"mutable-content": 1}}}}}"#,
                note: "FCM message with no notification and no alert."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "badge": 1, ↓"mutableContent": true}"#,
                note: "Expo message."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": {"title": "New photo", "body": "Anna sent a photo"}, "mutable-content": 1}}"#),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "New photo"}, "apns": {"payload": {"aps": {"mutable-content": 1}}}}}"#,
                note: "FCM merges notification.title into the alert."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "body": "Anna sent a photo", "mutableContent": true}"#
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let view = context.payload.apns, let field = view.field("mutable-content"),
            field.mapped != nil || APNs.isOneLike(doc, field.value), !view.hasAlertText(doc)
        else { return [] }
        let name = view.origin == .expo ? "mutableContent" : "mutable-content"
        return [
            diagnostic(Self.extensionNeverRuns(name, visible: view.isVisible), at: field.key ?? field.value, in: doc)
        ]
    }

    // MARK: Messages

    static func extensionNeverRuns(_ name: String, visible: Bool) -> FindingText {
        let what = visible ? "a push without an alert title or body" : "a push that shows nothing"
        return FindingText(
            "\(name) on \(what): iOS runs the notification service extension only for alerts with a title or body, so it never runs; add an alert with a title or body, or remove \(name)",
            help: "add an alert title or body")
    }

}
