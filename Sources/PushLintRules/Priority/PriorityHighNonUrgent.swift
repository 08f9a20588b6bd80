import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `priority-high-non-urgent`: high priority on an event the contract marks as not urgent.
struct PriorityHighNonUrgent: PayloadRule {
    static let description = RuleDescription(
        id: "priority-high-non-urgent",
        summary:
            "A message goes at high priority although its event is marketing or background, or its channel is of low importance.",
        family: .priority,
        defaultSeverity: .error,
        rationale: """
            High priority is a budget. On Android, FCM delivers `HIGH` messages immediately and may wake the \
            device from Doze, but deprioritises apps that spend it on messages that are not urgent, and App \
            Standby Buckets cap how many an app may receive (https://firebase.google.com/docs/cloud-messaging/android/message-priority). A channel of \
            importance `low` or `min` shows the notification silently anyway, so the priority buys nothing but \
            battery (https://developer.android.com/develop/ui/views/notifications/channels). On iOS, `interruption-level` `time-sensitive` and `critical` break through Focus \
            and the notification summary, which users and App Review expect only for urgent matters (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). \
            The rule fires for FCM `android.priority: HIGH` (or `high`), Expo `priority: high`, and APNs priority 10 \
            with `time-sensitive`/`critical`, when the contract event's `urgency` is `marketing` or `background`, \
            or (Android) when the channel the message goes to has importance `low`, `min` or `none`.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"topic": "weekly-deals", "notification": {"title": "Weekly deals"}, "android": {"priority": ↓"HIGH", "notification": {"channel_id": "promo"}}}}"#,
                fileName: "push/promo/weekly.json", contract: ExampleContracts.shop),
            RuleExample(
                #"{"aps": {"alert": "Weekly deals: 30% off", "interruption-level": ↓"time-sensitive"}}"#,
                fileName: "push/promo/weekly.json", contract: ExampleContracts.shop,
                note: "APNs: breaking through Focus for a promotion."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Tips"}, "android": {"priority": ↓"HIGH", "notification": {"channel_id": "promo"}}}}"#,
                contract: ExampleContracts.channels, note: "Channel `promo` has importance low."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"topic": "weekly-deals", "notification": {"title": "Weekly deals"}, "android": {"priority": "NORMAL", "notification": {"channel_id": "promo"}}}}"#,
                fileName: "push/promo/weekly.json", contract: ExampleContracts.shop),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order updated"}, "data": {"type": "order_updated", "order_id": "1", "cursor": "c"}, "android": {"priority": "HIGH", "notification": {"channel_id": "orders"}}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop, note: "A transactional event."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Weekly deals"}, "android": {"priority": "HIGH"}}}"#,
                note: "Without a contract nothing says the message is not urgent."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.contract != nil else { return [] }
        let doc = context.document
        let reason = NonUrgency(context)
        guard !reason.isEmpty else { return [] }
        var result: [Diagnostic] = []
        if let android = context.payload.android, android.isHighPriority, let node = android.priority {
            let (written, normal) = PriorityHighWithoutNotification.spelling(android, in: doc)
            result.append(
                diagnostic(Self.highPriority(written, on: reason.text(), normal: normal), at: node, in: doc))
        }
        if let apns = context.payload.apns, reason.event != nil, let level = apns.field("interruption-level"),
            let text = doc.stringValue(level.value), text == "time-sensitive" || text == "critical",
            !["5", "1"].contains(apns.headers?.priority ?? "10"), level.value != context.payload.android?.priority
        {
            result.append(
                diagnostic(Self.interrupting(text, on: reason.text(includingChannel: false)), at: level.value, in: doc))
        }
        return result
    }

    // MARK: Messages

    /// `written`: the high priority as the file spells it; `reason`: why the message can wait; `normal`: normal
    /// priority in the same spelling.
    static func highPriority(_ written: String, on reason: String, normal: String) -> FindingText {
        FindingText(
            "\(written) on \(reason): the high-priority budget goes to a message that can wait; send it at \(normal)",
            help: "write \(normal)")
    }

    static func interrupting(_ level: String, on reason: String) -> FindingText {
        FindingText(
            "interruption-level \(MessageText.single(level)) on \(reason): it breaks through Focus for something that can wait; use 'active' or 'passive'",
            help: "write \"active\" (or \"passive\") or remove interruption-level")
    }

}
