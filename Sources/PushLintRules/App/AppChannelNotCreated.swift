import PushLintJSON
import PushLintModel

/// `app-channel-not-created`: a channel that a payload uses or the contract declares, and that the app's code never
/// creates (or deletes).
struct AppChannelNotCreated: PayloadRule, ContractRule {
    static let description = RuleDescription(
        id: "app-channel-not-created",
        summary:
            "A channel that a payload names or the contract declares is never created by the app's code, or the app deletes it.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            Only the app can create a notification channel, and from Android 8.0 every notification is posted to \
            one (https://developer.android.com/develop/ui/views/notifications/channels). When the channel an FCM notification names does not exist on the device, FCM posts it on \
            the manifest's default channel if the app created that one, else on a channel it creates itself, \
            "Miscellaneous" at importance default, and logs a warning (https://github.com/firebase/firebase-android-sdk/blob/main/firebase-messaging/src/main/java/com/google/firebase/messaging/CommonNotificationBuilder.java \
            `CommonNotificationBuilder.getOrCreateChannel`): the notification is shown with \
            another sound and importance and under a channel the user did not choose, a warning. With Expo an \
            unknown `channelId` means the notification is not displayed (https://docs.expo.dev/push-notifications/sending-notifications/): an error. A channel the app \
            deletes (`deleteNotificationChannel`) no longer exists either.

            The rule reads the channels the app's sources create (`NotificationChannel`, \
            `NotificationChannelCompat.Builder`, Expo's `setNotificationChannelAsync`, Flutter's \
            `AndroidNotificationChannel`, as `pushlint app scan` reports them) and checks FCM \
            `android.notification.channel_id` (or `androidV2`'s), Expo `channelId`, and each channel of the \
            contract's `android.channels` (that finding sits in the contract). When the app also creates channels \
            whose id pushlint could not read, it cannot know, and only reminds (info). A placeholder in the \
            channel id is not judged. With the app's Android sources read this rule owns the payload's channel, \
            and `android-channel-exists` (the same check against the contract's list) stays silent. It runs only \
            when the config names the app folders (`app`) or `--app` is given, and only with Android sources.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": ↓"shipping"}}}}"#,
                app: ExampleApps.android,
                note: "The app creates `orders`, `promo` and `chat`: FCM falls back to the default channel."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Weekly deals", "channelId": ↓"deals"}"#,
                app: ExampleApps.android, note: "Expo: the notification is not displayed (an error)."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": ↓"orders_v1"}}}}"#,
                app: ExampleApps.android, note: "The app deletes `orders_v1`."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": "orders"}}}}"#,
                contract: """
                    {"android": {"channels": [{"id": "orders", "importance": "high"}, {"id": ↓"news", "importance": "low"}]}}
                    """,
                app: ExampleApps.android, note: "The contract declares `news`, which the app never creates."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order 48213 shipped"}, "android": {"notification": {"channel_id": "orders"}}}}"#,
                contract: ExampleContracts.channels, app: ExampleApps.android),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Weekly deals", "channelId": "promo"}"#,
                app: ExampleApps.android),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Order {{order_id}}"}, "android": {"notification": {"channel_id": "{{channel}}"}}}}"#,
                fileName: "order.json.tmpl", app: ExampleApps.android, note: "A placeholder: its value is not known."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Hi"}, "android": {"notification": {"channel_id": "shipping"}}}}"#,
                app: ExampleApps.ios, note: "Only the app's iOS sources were read."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Hi"}, "android": {"notification": {"channel_id": "shipping"}}}}"#,
                note: "No app folder configured."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let facts = App.facts(context.settings, .android), let view = context.payload.android,
            let node = view.channelId, let id = doc.stringValue(node), !id.isEmpty, !context.isTemplated(node),
            let problem = App.channelProblem(id, in: facts)
        else { return [] }
        let field = view.origin == .expo ? "channelId" : "channel_id"
        let effect =
            view.origin == .expo
            ? "the notification is not displayed" : "FCM posts the notification on \(App.fcmFallback(facts))"
        switch problem {
        case .deleted(let deletion):
            return [
                diagnostic(
                    Self.deletedChannel(field, id, at: deletion.location, effect: effect, facts), at: node, in: doc,
                    severity: view.origin == .expo ? .error : nil)
            ]
        case .notCreated(let unresolved):
            let severity: Severity? = unresolved.isEmpty ? (view.origin == .expo ? .error : nil) : .info
            return [
                diagnostic(
                    Self.neverCreated(field, id, effect: effect, facts, unresolved: unresolved), at: node, in: doc,
                    severity: severity)
            ]
        }
    }

    func checkContract(_ context: ContractContext) -> [Diagnostic] {
        guard let facts = App.facts(context.settings, .android), let channels = context.contract.android?.channels
        else { return [] }
        return channels.compactMap { channel in
            guard let node = channel.idNode, let problem = App.channelProblem(channel.id, in: facts) else {
                return nil
            }
            switch problem {
            case .deleted(let deletion):
                return diagnostic(
                    Self.declaredButDeleted(channel.id, at: deletion.location, fallback: App.fcmFallback(facts)),
                    at: node, in: context.document)
            case .notCreated(let unresolved):
                return diagnostic(
                    Self.declaredButNeverCreated(channel.id, facts, unresolved: unresolved), at: node,
                    in: context.document, severity: unresolved.isEmpty ? nil : .info)
            }
        }
    }

    // MARK: Messages

    /// What to write instead of a channel `id` the app does not create.
    static func createHelp(_ id: String, _ facts: AppFacts) -> String {
        let created = App.createdChannelIds(facts)
        let suggestion = Suggest.sameWordDifferentSpelling(id, in: created) ?? Suggest.closest(to: id, in: created)
        return suggestion.map { "write \"\($0)\", or create '\(id)' in the app" }
            ?? "create the channel '\(id)' in the app, or use one it creates"
    }

    static func neverCreated(
        _ field: String, _ id: String, effect: String, _ facts: AppFacts, unresolved: [AppFacts.Unresolved]
    ) -> FindingText {
        FindingText(
            App.sentences(
                "\(field) '\(id)' is a channel the app never creates, so on Android 8.0 and later \(effect)"
                    + App.createdNote(facts), Suggest.didYouMean(id, in: App.createdChannelIds(facts)),
                App.unresolvedNote(unresolved, "channel ids")),
            help: createHelp(id, facts))
    }

    static func deletedChannel(
        _ field: String, _ id: String, at location: AppFacts.Location, effect: String, _ facts: AppFacts
    ) -> FindingText {
        FindingText(
            App.sentences(
                "\(field) '\(id)' is a channel the app deletes at \(App.place(location)) (and never creates), so \(effect)"
                    + App.createdNote(facts), Suggest.didYouMean(id, in: App.createdChannelIds(facts))),
            help: createHelp(id, facts))
    }

    static func declaredButNeverCreated(_ id: String, _ facts: AppFacts, unresolved: [AppFacts.Unresolved])
        -> FindingText
    {
        FindingText(
            App.sentences(
                "the contract declares channel '\(id)', but the app never creates it: FCM notifications that name it go to \(App.fcmFallback(facts)), Expo ones are not displayed"
                    + App.createdNote(facts), App.unresolvedNote(unresolved, "channel ids")),
            help: "create the channel '\(id)' in the app, or remove it from the contract")
    }

    static func declaredButDeleted(_ id: String, at location: AppFacts.Location, fallback: String) -> FindingText {
        FindingText(
            "the contract declares channel '\(id)', but the app deletes it at \(App.place(location)): FCM notifications that name it go to \(fallback), Expo ones are not displayed",
            help: "create it in the app again under a new id, or remove it from the contract")
    }

}
