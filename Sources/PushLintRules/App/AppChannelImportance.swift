import PushLintJSON
import PushLintModel

/// `app-channel-importance`: the contract's importance of a channel is not the one the app's code creates it with.
struct AppChannelImportance: ContractRule {
    static let description = RuleDescription(
        id: "app-channel-importance",
        summary: "The contract declares a channel with another importance than the app's code creates it with.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            A channel's importance decides whether its notifications make a sound, peek on screen (heads-up needs \
            high) or stay silent in the shade; from Android 8.0 the message's own priority is ignored \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages). Once a channel exists on a device the app cannot change its behaviour: \
            "you can't change the importance after you create the channel", only its name and description (https://developer.android.com/develop/ui/views/notifications/channels). \
            `createNotificationChannel` on an existing id lowers the importance at most, and only while the user \
            has not changed the channel's settings; it never raises it \
            (developer.android.com/reference/android/app/NotificationManager#createNotificationChannel). So when \
            the code and the contract disagree, one of them is wrong, and raising the importance in code does not \
            reach installed apps: that takes a new channel id (and deleting the old channel).

            The rule compares each channel of the contract's `android.channels` that declares an `importance` \
            with the importance the app's sources create it with (`IMPORTANCE_HIGH`, \
            `NotificationManagerCompat.IMPORTANCE_LOW`, Expo's `AndroidImportance.MAX`, ... as the contract spells \
            them: none, min, low, default, high, max), and reports in the contract, naming the code's line. A \
            creation whose importance is not a known constant is not judged; a channel the app never creates is \
            `app-channel-not-created`'s. `pushlint app scan --write-contract` fills a missing importance but \
            leaves a differing one for you to decide.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Weekly deals"}, "android": {"notification": {"channel_id": "promo"}}}}"#,
                contract: """
                    {"android": {"channels": [{"id": "orders", "importance": "high"}, {"id": "promo", "importance": ↓"default"}]}}
                    """,
                app: ExampleApps.android, note: "The app creates `promo` with importance low.")
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Weekly deals"}, "android": {"notification": {"channel_id": "promo"}}}}"#,
                contract: ExampleContracts.channels, app: ExampleApps.android),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Weekly deals"}, "android": {"notification": {"channel_id": "promo"}}}}"#,
                contract: #"{"android": {"channels": [{"id": "orders"}, {"id": "promo"}]}}"#,
                app: ExampleApps.android, note: "The contract declares no importance."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Weekly deals"}, "android": {"notification": {"channel_id": "promo"}}}}"#,
                contract: #"{"android": {"channels": [{"id": "promo", "importance": "default"}]}}"#,
                note: "No app folder configured."),
        ])

    func checkContract(_ context: ContractContext) -> [Diagnostic] {
        guard let facts = App.facts(context.settings, .android), let channels = context.contract.android?.channels
        else { return [] }
        return channels.compactMap { channel in
            guard let declared = channel.importance, let node = channel.importanceNode else { return nil }
            let differing = facts.channels.filter {
                $0.id == channel.id && $0.importance != nil && $0.importance != declared
            }
            guard let first = differing.first, let actual = first.importance else { return nil }
            let others = differing.dropFirst().map { "\($0.importance?.rawValue ?? "?") at \(App.place($0.location))" }
            return diagnostic(
                Self.differs(channel.id, declared: declared, actual: actual, at: first.location, others: others),
                at: node, in: context.document)
        }
    }

    // MARK: Messages

    static func differs(
        _ id: String, declared: Contract.Importance, actual: Contract.Importance, at location: AppFacts.Location,
        others: [String]
    ) -> FindingText {
        let also = others.isEmpty ? "" : " (and with " + others.joined(separator: ", ") + ")"
        return FindingText(
            "channel '\(id)' is declared with importance \(declared.rawValue), but the app creates it with importance \(actual.rawValue) at \(App.place(location))\(also): a channel keeps the importance it was created with on every device that already has it (the app can only lower it, and only until the user changes the channel), so only a new channel id changes it for installed apps",
            help:
                "if the code is right, write \"\(actual.rawValue)\"; to give installed apps another importance, create the channel under a new id and delete the old one"
        )
    }

}
