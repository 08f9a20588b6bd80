import PushLintJSON
import PushLintModel

/// `app-entitlement-missing`: a push that needs an entitlement the app's entitlements do not grant, or a contract
/// entitlement the app lacks.
struct AppEntitlementMissing: PayloadRule, ContractRule {
    static let description = RuleDescription(
        id: "app-entitlement-missing",
        summary:
            "A push needs an entitlement (time-sensitive, critical alerts, push to talk, location push) that the app's entitlements do not have, or the contract lists one the app lacks.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            Some pushes do what they ask only for an app with the matching entitlement: \
            `interruption-level: time-sensitive` breaks through Focus with \
            `com.apple.developer.usernotifications.time-sensitive`, `critical` and a critical sound \
            (`"sound": {"critical": 1, ...}`) break through Do Not Disturb and the mute switch with Apple's approved \
            `com.apple.developer.usernotifications.critical-alerts`; without them iOS delivers the notification at \
            a lower level, APNs does not complain (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, UNNotificationInterruptionLevel: \
            DEGRADE). Push to Talk pushes (`apns-push-type: pushtotalk`) reach the PushToTalk framework only with \
            `com.apple.developer.push-to-talk`, and location pushes (`location`) start the location push service \
            extension only with `com.apple.developer.location.push` (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns, \
            developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.location.push). A \
            warning that says what is lost.

            The rule reads the entitlement keys of the app's `.entitlements` files (and Expo's \
            `ios.entitlements`, as `pushlint app scan` reports them) and checks APNs bodies and headers, FCM \
            `apns` blocks, Expo `interruptionLevel` and critical sounds, and each entry of the contract's \
            `ios.entitlements` (that finding sits in the contract). With the app's iOS sources read the app is the \
            evidence: this rule owns the interruption levels and critical sounds, and \
            `apns-interruption-entitlement` (which can only compare with the contract's list) stays silent. It \
            runs only when the config names the app folders (`app`) or `--app` is given, and only with iOS sources.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": "Recall notice", "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.8}, "interruption-level": ↓"critical"}}"#,
                app: ExampleApps.ios, note: "The app has the time-sensitive entitlement, not critical alerts."),
            RuleExample(
                #"{"aps": {"alert": "Your courier is 5 minutes away", "interruption-level": ↓"time-sensitive"}}"#,
                app: ExampleApps.ios { $0.entitlements.removeAll { $0.id.hasSuffix("time-sensitive") } }),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": ↓"pushtotalk", "apns-topic": "com.example.shop.voip-ptt", "apns-priority": "10", "apns-expiration": "0"},
                  "payload": {"activeSpeaker": "Lena"}
                }
                """, app: ExampleApps.ios, note: "Push to Talk."),
            RuleExample(
                #"{"aps": {"alert": "Your courier is 5 minutes away", "interruption-level": "time-sensitive"}}"#,
                contract: #"{"ios": {"entitlements": ["time-sensitive", ↓"critical-alerts"]}}"#, app: ExampleApps.ios,
                note: "The contract lists critical-alerts, which the app lacks."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": "Your courier is 5 minutes away", "interruption-level": "time-sensitive"}}"#,
                contract: #"{"ios": {"entitlements": ["time-sensitive"]}}"#, app: ExampleApps.ios),
            RuleExample(#"{"aps": {"alert": "Weekly deals", "interruption-level": "passive"}}"#, app: ExampleApps.ios),
            RuleExample(
                #"{"aps": {"alert": "Recall notice", "interruption-level": "critical"}}"#, app: ExampleApps.android,
                note: "Only the app's Android sources were read."),
        ])

    /// What a push needs: the entitlement key, where the need is written, and what needs it (for the message).
    struct Need {
        var key: String
        var node: NodeID
        var what: String
        var loss: String
    }

    static let timeSensitive = "com.apple.developer.usernotifications.time-sensitive"
    static let criticalAlerts = "com.apple.developer.usernotifications.critical-alerts"
    static let pushToTalk = "com.apple.developer.push-to-talk"
    static let locationPush = "com.apple.developer.location.push"

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let facts = App.facts(context.settings, .ios), let view = context.payload.apns else { return [] }
        var needs: [Need] = []
        if let level = view.field("interruption-level"), !context.isTemplated(level.value),
            let value = doc.stringValue(level.value)
        {
            if value == "time-sensitive" {
                needs.append(
                    Need(
                        key: Self.timeSensitive, node: level.value, what: "interruption-level time-sensitive",
                        loss: "iOS delivers it without breaking through Focus"))
            } else if value == "critical" {
                needs.append(
                    Need(
                        key: Self.criticalAlerts, node: level.value, what: "interruption-level critical",
                        loss: "iOS delivers it without breaking through Do Not Disturb and the mute switch"))
            }
        }
        if !needs.contains(where: { $0.key == Self.criticalAlerts }), let sound = view.field("sound"),
            let critical = doc.member(sound.value, "critical"), APNs.isOneLike(doc, critical)
        {
            needs.append(
                Need(
                    key: Self.criticalAlerts, node: doc.keyNode(ofValue: critical) ?? critical,
                    what: "a critical sound",
                    loss: "iOS plays it as an ordinary sound, silenced by the mute switch"))
        }
        if let header = view.headers?.entry("apns-push-type"), view.headers?.origin != .expo,
            header.valueNode.map({ context.isTemplated($0) }) != true
        {
            let node = header.valueNode ?? view.anchor
            let type = header.value.flatMap(APNsPushType.init(rawValue:))
            if type == .pushtotalk {
                needs.append(
                    Need(
                        key: Self.pushToTalk, node: node, what: "apns-push-type pushtotalk",
                        loss: "the PushToTalk framework never hands it to the app"))
            } else if type == .location {
                needs.append(
                    Need(
                        key: Self.locationPush, node: node, what: "apns-push-type location",
                        loss: "the location push service extension is never started"))
            }
        }
        return needs.filter { !App.hasEntitlement($0.key, facts) }.map { need in
            diagnostic(
                Self.lacks(need.what, need.key, loss: need.loss, lack: App.entitlementsLack(facts)), at: need.node,
                in: doc)
        }
    }

    func checkContract(_ context: ContractContext) -> [Diagnostic] {
        guard let facts = App.facts(context.settings, .ios), let ios = context.contract.ios,
            let listed = ios.entitlements
        else { return [] }
        return zip(listed, ios.entitlementNodes).compactMap { name, node in
            guard let key = App.entitlementKeys[name], !App.hasEntitlement(key, facts) else { return nil }
            return diagnostic(
                Self.contractLists(name, key, lack: App.entitlementsLack(facts)), at: node, in: context.document)
        }
    }

    // MARK: Messages

    /// `lack`: "which the app's entitlements (path) do not grant" (`App.entitlementsLack`).
    static func lacks(_ what: String, _ key: String, loss: String, lack: String) -> FindingText {
        FindingText(
            "\(what) needs the \(key) entitlement, \(lack): \(loss)",
            help: "add \(key) to the app's entitlements (its capability), or do not ask for it")
    }

    static func contractLists(_ name: String, _ key: String, lack: String) -> FindingText {
        FindingText(
            "the contract lists the \(name) entitlement, \(key), \(lack): the pushes that rely on it are delivered without interrupting",
            help: "add \(key) to the app's entitlements, or remove \"\(name)\" from the contract")
    }

}
