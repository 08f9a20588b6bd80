import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `priority-high-without-notification`: high priority on a data-only message.
struct PriorityHighWithoutNotification: PayloadRule {
    static let description = RuleDescription(
        id: "priority-high-without-notification",
        summary: "A data-only message is sent at high priority on Android.",
        family: .priority,
        defaultSeverity: .warning,
        rationale: """
            High priority exists to wake the device for something the user sees. FCM judges each app over 7 days: \
            when its high-priority messages do not result in a user-visible notification, later ones are \
            deprioritised to normal priority or proxied through Google Play services, so the messages that \
            really are urgent start to arrive late (https://firebase.google.com/docs/cloud-messaging/android/message-priority). App Standby Buckets limit \
            high-priority messages further. A data-only sync message should go at `NORMAL` (Expo: `normal` or \
            `default`); if it must show something, give it a notification. The rule checks FCM \
            `android.priority: HIGH` (or `high`, which FCM takes too) and Expo `priority: high` on messages without a title or body; when the \
            contract marks the event `marketing` or `background`, or the channel as of low importance, \
            `priority-high-non-urgent` reports it instead.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "inbox_sync"}, "android": {"priority": ↓"HIGH"}}}"#),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "data": {"type": "inbox_sync"}, "priority": ↓"high"}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "inbox_sync"}, "android": {"priority": ↓"high"}}}"#,
                note: "The documented lower-case spelling is high priority too."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "inbox_sync"}, "android": {"priority": "NORMAL"}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "New message from Lena"}, "android": {"priority": "HIGH"}}}"#
            ),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "New message", "priority": "high"}"#),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let android = context.payload.android, android.isHighPriority, !android.hasVisibleNotification,
            let node = android.priority
        else { return [] }
        // When the contract says the message can wait at all, priority-high-non-urgent reports it.
        if !NonUrgency(context).isEmpty { return [] }
        let (written, normal) = Self.spelling(android, in: context.document)
        return [
            diagnostic(Self.showsNothing(written, normal: normal), at: node, in: context.document)
        ]
    }

    /// The high priority as the file writes it, and normal priority in the same style (FCM takes `HIGH` and the
    /// documented `high` alike, F-REF `AndroidConfig.priority`).
    static func spelling(_ android: AndroidView, in doc: JSONDocument) -> (written: String, normal: String) {
        if android.origin == .expo { return ("priority \"high\"", "\"normal\"") }
        let lower = android.priority.flatMap { doc.stringValue($0) } == "high"
        return lower ? ("android.priority \"high\"", "\"normal\"") : ("android.priority HIGH", "NORMAL")
    }

    // MARK: Messages

    static func showsNothing(_ written: String, normal: String) -> FindingText {
        FindingText(
            "\(written) on a message that shows no notification: FCM deprioritises apps whose high-priority messages show nothing, so urgent ones arrive late; send it at \(normal)",
            help: "write \(normal), or add a visible notification if the user must see it now")
    }

}
