import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `android-channel-missing`: an FCM notification without a channel while the app has no default channel.
struct AndroidChannelMissing: PayloadRule {
    static let description = RuleDescription(
        id: "android-channel-missing",
        summary: "An FCM notification names no channel while the contract declares channels and no default channel.",
        family: .android,
        defaultSeverity: .warning,
        rationale: """
            Without `android.notification.channel_id` (`androidV2.remote_notification.notification.channel_id`), FCM posts a notification message to the channel named by the \
            manifest's `default_notification_channel_id`, and when there is none, to a channel it creates itself, \
            labelled "Miscellaneous" with default importance (https://github.com/firebase/firebase-android-sdk/blob/main/firebase-messaging/src/main/java/com/google/firebase/messaging/CommonNotificationBuilder.java `CommonNotificationBuilder.getOrCreateChannel`). Users then see an unexpected channel in the app's settings, and \
            muting it mutes everything that lands there. The rule fires when the contract lists \
            `android.channels` but no `defaultChannel`; it suggests the channel of the template's event when the \
            contract names one. Expo messages are exempt: Expo's client creates its own default channel. When the \
            app's Android sources are read (config `app`, `--app`), the manifest's default channel is known: \
            `app-default-channel` reports this case from the app, and this rule stays silent.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", ↓"notification": {"title": "Order 48213 shipped"}}}"#,
                contract: ExampleContracts.channels),
            RuleExample(
                #"{"message": {"token": "t", "android": {↓"notification": {"title": "Order 48213 shipped", "tag": "o-48213"}}}}"#,
                contract: ExampleContracts.channels),
            RuleExample(
                #"{"message": {"token": "t", "androidV2": {"remote_notification": {↓"notification": {"title": "Order 48213 shipped"}}}}}"#,
                contract: ExampleContracts.channels, note: "androidV2's notification."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": "orders"}}}}"#,
                contract: ExampleContracts.channels),
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "inbox_sync"}}}"#, contract: ExampleContracts.channels,
                note: "A data-only message posts no notification."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}}}"#,
                contract: #"{"android": {"defaultChannel": "orders", "channels": [{"id": "orders"}]}}"#,
                note: "The app declares a default channel."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Order 48213 shipped"}"#,
                contract: ExampleContracts.channels, note: "Expo's client creates a default channel."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}}}"#,
                contract: ExampleContracts.channels, app: ExampleApps.android,
                note:
                    "The app's sources were read: its manifest names the default channel `orders` (app-default-channel)."
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard App.facts(context.settings, .android) == nil, let android = context.contract?.android,
            let channels = android.channels, !channels.isEmpty,
            android.defaultChannel == nil, let view = context.payload.android, view.origin == .fcm,
            view.hasNotification, view.channelId == nil
        else { return [] }
        let anchor = view.notification ?? doc.memberObject(context.payload.body, "notification") ?? view.anchor
        let target = doc.keyNode(ofValue: anchor) ?? anchor
        let eventChannel = EventMapping.event(context)?.channel
        let field = Self.channelField(view, in: doc)
        return [
            diagnostic(
                Self.noChannel(field, eventChannel: eventChannel, channels: channels.map(\.id)), at: target, in: doc)
        ]
    }

    /// Where the channel id goes: `android.notification`, or `remote_notification.notification` of `androidV2`.
    static func channelField(_ view: AndroidView, in doc: JSONDocument) -> String {
        guard let config = view.config, let key = doc.keyNode(ofValue: config), !doc.keyEquals(key, "android") else {
            return "android.notification.channel_id"
        }
        return doc.string(key) + ".remote_notification.notification.channel_id"
    }

    // MARK: Messages

    /// `eventChannel`: the channel the contract gives this template's event; `channels`: the contract's channels.
    static func noChannel(_ field: String, eventChannel: String?, channels: [String]) -> FindingText {
        FindingText(
            "this notification names no \(field) and the app declares no default channel, so FCM posts it to its \"Miscellaneous\" fallback channel",
            help: eventChannel.map { "set \(field) to \(MessageText.json($0)), the channel of this template's event" }
                ?? "set \(field) to one of " + channels.map { "\(MessageText.json($0))" }.joined(separator: ", "))
    }

}
