import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `android-channel-exists`: the channel id names no channel of the contract.
struct AndroidChannelExists: PayloadRule {
    static let description = RuleDescription(
        id: "android-channel-exists",
        summary: "The Android channel id is not a channel that the app creates, according to the contract.",
        family: .android,
        defaultSeverity: .error,
        rationale: """
            From Android 8.0 every notification is posted to a channel, and only the app can create channels. FCM \
            looks up `android.notification.channel_id`; when the app never created that channel it falls back to \
            the manifest's default channel, then to its own "Miscellaneous" channel (importance default, logged \
            as a warning on the device), so a typo silently changes sound, importance and the user's settings \
            (https://github.com/firebase/firebase-android-sdk/blob/main/firebase-messaging/src/main/java/com/google/firebase/messaging/CommonNotificationBuilder.java `CommonNotificationBuilder`, https://developer.android.com/develop/ui/views/notifications/channels). The notification is still shown, \
            so for FCM this is a warning that states the risk. With Expo an unknown `channelId` means the \
            notification is not displayed at all (https://docs.expo.dev/push-notifications/sending-notifications/): an error. The contract's `android.channels` lists the \
            channels the app creates; the rule checks FCM `android.notification.channel_id` (or \
            `androidV2.remote_notification.notification.channel_id`) and Expo `channelId` against it and \
            suggests the closest one.

            When the app's Android sources are read (config `app`, `--app`), what the app creates is known rather \
            than declared: `app-channel-not-created` checks the channel against the app (and the contract's \
            channels against the app, in the contract), and this rule stays silent.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48216 updated"}, "android": {"notification": {"channel_id": ↓"order"}}}}"#,
                contract: ExampleContracts.channels,
                note: "The app creates `orders`, not `order`: a warning, FCM falls back."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Deals", "channelId": ↓"promotions"}"#,
                contract: ExampleContracts.channels, note: "Expo: the notification would not be shown."),
            RuleExample(
                #"{"message": {"token": "t", "androidV2": {"remote_notification": {"notification": {"title": "Order 48216 updated", "channelId": ↓"order"}}}}}"#,
                contract: ExampleContracts.channels, note: "androidV2: the channel of its remote notification."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48216 updated"}, "android": {"notification": {"channel_id": "orders"}}}}"#,
                contract: ExampleContracts.channels),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Deals", "channelId": "promo"}"#,
                contract: ExampleContracts.channels),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Hi"}, "android": {"notification": {"channel_id": "anything"}}}}"#,
                note: "Without a contract that lists channels the rule has nothing to compare with."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48216 updated"}, "android": {"notification": {"channel_id": "chat"}}}}"#,
                contract: ExampleContracts.channels, app: ExampleApps.android,
                note:
                    "The app's sources were read: app-channel-not-created judges the channel (the app creates `chat`)."
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard App.facts(context.settings, .android) == nil, let channels = context.contract?.android?.channels,
            let android = context.payload.android,
            let node = android.channelId, let id = context.document.stringValue(node), !context.isTemplated(node)
        else { return [] }
        let known = channels.map(\.id)
        guard !known.contains(id) else { return [] }
        let field = android.origin == .expo ? "channelId" : "channel_id"
        return [
            diagnostic(
                Self.notAContractChannel(id, field: field, origin: android.origin, known: known),
                at: node, in: context.document, severity: android.origin == .expo ? nil : .warning)
        ]
    }

    // MARK: Messages

    static func notAContractChannel(_ id: String, field: String, origin: AndroidView.Origin, known: [String])
        -> FindingText
    {
        let effect =
            origin == .expo
            ? "the notification is not displayed"
            : "FCM shows the notification on the manifest's default or its own \"Miscellaneous\" channel, with that channel's sound, importance and user settings"
        return FindingText(
            "\(field) \(MessageText.single(id)) is not a channel of the contract, so the app never creates it and \(effect);"
                + " the app's channels are " + known.map { "\(MessageText.single($0))" }.joined(separator: ", ") + "."
                + Suggest.didYouMean(id, in: known),
            help: Suggest.closest(to: id, in: known).map { "write \(MessageText.json($0))" }
                ?? "use one of the contract's channels: " + known.joined(separator: ", "))
    }

}
