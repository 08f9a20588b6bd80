import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-interruption-entitlement`: critical and time-sensitive notifications need an entitlement.
struct APNsInterruptionEntitlement: PayloadRule {
    static let description = RuleDescription(
        id: "apns-interruption-entitlement",
        summary: "A critical or time-sensitive notification needs an entitlement the contract does not list.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            `interruption-level: critical` and a critical sound (`"sound": {"critical": 1, ...}`) break through \
            Do Not Disturb and the mute switch only for apps with Apple's approved entitlement \
            `com.apple.developer.usernotifications.critical-alerts`; `time-sensitive` needs the Time Sensitive \
            Notifications capability (`com.apple.developer.usernotifications.time-sensitive`). Without them iOS \
            delivers the notification at a lower level: APNs does not complain, the device just does not \
            interrupt (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, UNNotificationInterruptionLevel).

            The contract says what the app has: list `critical-alerts` and/or `time-sensitive` in \
            `ios.entitlements`. The rule is silent when the entitlement is listed, reports an error when the \
            contract lists entitlements without this one, and a warning when the contract lists none. With no \
            contract at all it cannot know, and Apple's own examples use these levels, so it only reminds (info). \
            Expo's `interruptionLevel` and critical sound count too.

            When the app's iOS sources are read (config `app`, `--app`), its entitlements are known rather than \
            declared: `app-entitlement-missing` reports a level the app lacks the entitlement for (and a contract \
            entitlement the app lacks, in the contract), and this rule stays silent, whatever the contract lists.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": "Your courier is 5 minutes away", "interruption-level": ↓"time-sensitive"}}"#,
                note: "No contract: a reminder (info)."),
            RuleExample(
                #"{"aps": {"alert": "Recall notice", "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.8}, "interruption-level": ↓"critical"}}"#,
                contract: #"{"ios": {"bundleId": "com.example.shop", "entitlements": ["time-sensitive"]}}"#,
                note: "The contract lists entitlements, but not critical-alerts: an error."),
            RuleExample(
                #"{"aps": {"alert": "Recall notice", "sound": {↓"critical": 1, "name": "alarm.caf"}}}"#,
                note: "A critical sound."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Courier nearby", "interruptionLevel": ↓"time-sensitive"}"#,
                note: "Expo message."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": "Your courier is 5 minutes away", "interruption-level": "time-sensitive"}}"#,
                contract: #"{"ios": {"bundleId": "com.example.shop", "entitlements": ["time-sensitive"]}}"#),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Recall", "sound": {"critical": 1, "name": "alarm.caf"}, "interruption-level": "critical"}}}}}"#,
                contract: #"{"ios": {"entitlements": ["critical-alerts"]}}"#),
            RuleExample(#"{"aps": {"alert": "Weekly deals", "interruption-level": "passive"}}"#),
            RuleExample(
                #"{"aps": {"alert": "Your courier is 5 minutes away", "interruption-level": "time-sensitive"}}"#,
                app: ExampleApps.ios,
                note: "The app's sources were read, and its entitlements have time-sensitive (app-entitlement-missing)."
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard App.facts(context.settings, .ios) == nil, let view = context.payload.apns else { return [] }
        var needs: [(entitlement: String, node: NodeID, what: String)] = []
        if let level = view.field("interruption-level"), let value = doc.stringValue(level.value),
            value == "critical" || value == "time-sensitive"
        {
            needs.append(
                (value == "critical" ? "critical-alerts" : "time-sensitive", level.value, "interruption-level \(value)")
            )
        }
        if !needs.contains(where: { $0.entitlement == "critical-alerts" }), let sound = view.field("sound"),
            let critical = doc.member(sound.value, "critical"), APNs.isOneLike(doc, critical)
        {
            needs.append(("critical-alerts", doc.keyNode(ofValue: critical) ?? critical, "a critical sound"))
        }
        let listed = context.contract?.ios?.entitlements
        return needs.compactMap { need in
            if listed?.contains(need.entitlement) == true { return nil }
            let full = "com.apple.developer.usernotifications.\(need.entitlement)"
            if let listed, !listed.isEmpty {
                return diagnostic(
                    Self.notInContract(need.what, need.entitlement, full: full), at: need.node, in: doc,
                    severity: .error)
            }
            return diagnostic(
                Self.needsEntitlement(need.what, need.entitlement, full: full), at: need.node, in: doc,
                severity: context.contract == nil ? .info : nil)
        }
    }

    // MARK: Messages

    /// `what` is the level or sound that needs `entitlement` (short name; `full` is Apple's identifier).
    static func notInContract(_ what: String, _ entitlement: String, full: String) -> FindingText {
        FindingText(
            "\(what) needs the \(entitlement) entitlement, which the contract's ios.entitlements does not list: iOS delivers it without interrupting; request \(full) or use interruption-level active",
            help: "add \(MessageText.json(entitlement)) to ios.entitlements once the app has it, or lower the level")
    }

    static func needsEntitlement(_ what: String, _ entitlement: String, full: String) -> FindingText {
        FindingText(
            "\(what) needs the \(full) entitlement: without it iOS delivers the notification without interrupting; list \(MessageText.json(entitlement)) in the contract's ios.entitlements if the app has it",
            help: "add \"ios\": {\"entitlements\": [\(MessageText.json(entitlement))]} to the contract")
    }

}
