import PushLintJSON
import PushLintModel

/// `app-default-channel`: the app names no FCM default channel, or one it never creates, while notifications rely
/// on it; or the contract's default channel is not the app's.
struct AppDefaultChannel: PayloadRule, ContractRule {
    static let description = RuleDescription(
        id: "app-default-channel",
        summary:
            "An FCM notification relies on the app's default channel, which the app does not declare or never creates, or the contract's default channel is not the app's.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            FCM posts a notification message without `channel_id`, or with a channel that does not exist on the \
            device yet, on the channel named by the manifest's meta-data \
            `com.google.firebase.messaging.default_notification_channel_id`, but only when the app created that \
            channel; otherwise on a channel it creates itself, labelled "Miscellaneous", at importance default \
            (https://github.com/firebase/firebase-android-sdk/blob/main/firebase-messaging/src/main/java/com/google/firebase/messaging/CommonNotificationBuilder.java `CommonNotificationBuilder.getOrCreateChannel`). Users then find \
            an unexpected channel in the app's settings, with default sound and importance. The notification is \
            still shown: a warning.

            With the app's Android sources read, the rule reports an FCM notification that names no channel when \
            the manifest declares no default channel or the app never creates the one it declares (it owns what \
            `android-channel-missing` reports from the contract alone, which then stays silent). In the contract \
            it reports an `android.defaultChannel` that is not the manifest's, and, as a reminder (info), \
            `android.channels` without any default channel in the manifest or the contract. A notification that \
            names a channel the app does not create is `app-channel-not-created`'s; Expo messages are exempt \
            (Expo's client creates its own default channel).
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", ↓"notification": {"title": "Order 48213 shipped"}}}"#,
                app: ExampleApps.android { $0.defaultChannel = nil }, note: "The manifest names no default channel."),
            RuleExample(
                #"{"message": {"token": "t", "android": {↓"notification": {"title": "Order 48213 shipped"}}}}"#,
                app: ExampleApps.android {
                    $0.defaultChannel = AppFacts.Fact(id: "general", location: ExampleApps.at(ExampleApps.manifest, 21))
                },
                note: "The manifest names `general`, which the app never creates."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": "orders"}}}}"#,
                contract:
                    #"{"android": {"defaultChannel": ↓"promo", "channels": [{"id": "orders"}, {"id": "promo"}]}}"#,
                app: ExampleApps.android, note: "The contract's default channel is not the manifest's `orders`."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": "orders"}}}}"#,
                contract: #"{"android": {↓"channels": [{"id": "orders"}, {"id": "promo"}]}}"#,
                app: ExampleApps.android { $0.defaultChannel = nil },
                note: "No default channel anywhere: a reminder (info)."
            ),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}}}"#,
                app: ExampleApps.android,
                note: "FCM posts it on the app's default channel `orders`, which the app creates."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": "orders"}}}}"#,
                contract:
                    #"{"android": {"defaultChannel": "orders", "channels": [{"id": "orders"}, {"id": "promo"}]}}"#,
                app: ExampleApps.android),
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "inbox_sync"}}}"#,
                app: ExampleApps.android { $0.defaultChannel = nil },
                note: "A data message posts no notification."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Order 48213 shipped"}"#,
                app: ExampleApps.android { $0.defaultChannel = nil }, note: "Expo's client creates a default channel."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let facts = App.facts(context.settings, .android), let view = context.payload.android,
            view.origin == .fcm, view.hasNotification, view.channelId == nil
        else { return [] }
        if let declared = facts.defaultChannel, facts.channels.contains(where: { $0.id == declared.id }) { return [] }
        let anchor = view.notification ?? doc.memberObject(context.payload.body, "notification") ?? view.anchor
        let field = AndroidChannelMissing.channelField(view, in: doc)
        return [
            diagnostic(
                Self.noChannel(default: facts.defaultChannel, field: field, facts),
                at: doc.keyNode(ofValue: anchor) ?? anchor,
                in: doc)
        ]
    }

    func checkContract(_ context: ContractContext) -> [Diagnostic] {
        guard let facts = App.facts(context.settings, .android), let android = context.contract.android else {
            return []
        }
        let doc = context.document
        if let declared = android.defaultChannel, let node = android.defaultChannelNode {
            if let actual = facts.defaultChannel {
                if actual.id != declared {
                    return [
                        diagnostic(Self.notTheManifests(declared, actual), at: node, in: doc)
                    ]
                }
                // The manifest's channel is never created: the contract's channel entry says so when it is one
                // (app-channel-not-created); said here when the contract lists no such channel.
                let listed = android.channels?.contains { $0.id == declared } ?? false
                guard !listed, !facts.channels.contains(where: { $0.id == declared }) else { return [] }
                return [
                    diagnostic(Self.declaredDefaultNeverCreated(actual), at: node, in: doc)
                ]
            }
            return [
                diagnostic(Self.manifestHasNone(declared), at: node, in: doc)
            ]
        }
        guard facts.defaultChannel == nil, let channels = android.channels, !channels.isEmpty,
            let node = android.channelsKeyNode
        else { return [] }
        return [
            diagnostic(Self.noDefaultAnywhere, at: node, in: doc, severity: .info)
        ]
    }

    // MARK: Messages

    /// A notification without a channel: `declared` is the manifest's default channel (never created), or nil.
    static func noChannel(default declared: AppFacts.Fact?, field: String, _ facts: AppFacts) -> FindingText {
        let created = App.createdChannelIds(facts)
        let help =
            created.isEmpty
            ? "create a channel in the app and name it in \(field)"
            : "set \(field) to one of " + created.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let declared else {
            return FindingText(
                "this notification names no channel and the app's manifest declares no default channel (com.google.firebase.messaging.default_notification_channel_id), so FCM posts it on its own \"Miscellaneous\" channel at importance default"
                    + App.createdNote(facts), help: help)
        }
        return FindingText(defaultNeverCreated(declared) + App.createdNote(facts), help: help)
    }

    static func defaultNeverCreated(_ declared: AppFacts.Fact) -> String {
        "this notification names no channel and the app's default channel '\(declared.id)' (\(App.place(declared.location))) is never created by the app, so FCM posts it on its own \"Miscellaneous\" channel at importance default"
    }

    static func declaredDefaultNeverCreated(_ declared: AppFacts.Fact) -> FindingText {
        FindingText(defaultNeverCreated(declared), help: "create the channel '\(declared.id)' in the app")
    }

    static func notTheManifests(_ declared: String, _ actual: AppFacts.Fact) -> FindingText {
        FindingText(
            "the contract's defaultChannel is '\(declared)', but the app's manifest names '\(actual.id)' (\(App.place(actual.location))): FCM posts notifications without a channel on '\(actual.id)'",
            help: "write \"\(actual.id)\", or change the manifest's meta-data")
    }

    static func manifestHasNone(_ declared: String) -> FindingText {
        FindingText(
            "the contract's defaultChannel is '\(declared)', but the app's manifest declares no default channel (com.google.firebase.messaging.default_notification_channel_id): FCM posts notifications without a channel on its own \"Miscellaneous\" channel",
            help:
                "add <meta-data android:name=\"com.google.firebase.messaging.default_notification_channel_id\" android:value=\"\(declared)\"/> to the app's AndroidManifest.xml"
        )
    }

    static let noDefaultAnywhere = FindingText(
        "the app creates channels but declares no FCM default channel, in the manifest or here: an FCM notification without a channel, or whose channel the device does not have yet, goes to FCM's own \"Miscellaneous\" channel",
        help:
            "declare a default channel in the manifest (com.google.firebase.messaging.default_notification_channel_id) and as android.defaultChannel"
    )

}
