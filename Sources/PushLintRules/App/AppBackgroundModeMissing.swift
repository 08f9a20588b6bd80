import PushLintJSON
import PushLintModel

/// `app-background-mode-missing`: background pushes to an app without the `remote-notification` background mode,
/// VoIP pushes to an app without PushKit or the `voip` mode.
struct AppBackgroundModeMissing: PayloadRule {
    static let description = RuleDescription(
        id: "app-background-mode-missing",
        summary:
            "A background push goes to an app without the `remote-notification` background mode, or a VoIP push to an app without PushKit or the `voip` mode.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            `content-available: 1` (and `apns-push-type: background`) asks iOS to wake the app in the background; \
            Apple: "To receive background notifications, you must add the remote notifications background mode to \
            your app", that is `remote-notification` in the Info.plist's `UIBackgroundModes` (https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app). Without it the app is not woken: a silent push does nothing, a visible one \
            shows but the app does not refresh. VoIP pushes (`apns-push-type: voip`) are delivered to a \
            `PKPushRegistry` the app creates (developer.apple.com/documentation/pushkit), and PushKit VoIP needs \
            the Voice over IP background mode (`voip`); without either the call never rings. Apple \
            documents the capability as a requirement of the app, not as a reason to drop the push, so this is a \
            warning that states what is lost.

            The rule reads `UIBackgroundModes` and PushKit use from the app's sources (Info.plist, Expo's \
            `ios.infoPlist`, as `pushlint app scan` reports them) and checks APNs bodies, FCM `apns` blocks and \
            Expo `_contentAvailable`. It runs only when the config names the app folders (`app`) or `--app` is \
            given, and only with iOS sources.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {↓"content-available": 1}, "cursor": "c_81"}"#,
                app: ExampleApps.ios { $0.backgroundModes = [] },
                note: "A silent push; the app has no background modes."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", ↓"_contentAvailable": true, "priority": "normal", "data": {"cursor": "c_81"}}"#,
                app: ExampleApps.ios {
                    $0.backgroundModes = [
                        AppFacts.Fact(id: "fetch", location: ExampleApps.at(ExampleApps.infoPlist, 44))
                    ]
                }, note: "Expo; the app has `fetch` only."),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": ↓"voip", "apns-topic": "com.example.shop.voip", "apns-priority": "10"},
                  "payload": {"call_id": "c-1912", "caller": "Lena"}
                }
                """, app: ExampleApps.ios, note: "A VoIP push; the app uses no PushKit."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"content-available": 1}, "cursor": "c_81"}"#, app: ExampleApps.ios),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": "voip", "apns-topic": "com.example.shop.voip", "apns-priority": "10"},
                  "payload": {"call_id": "c-1912", "caller": "Lena"}
                }
                """,
                app: ExampleApps.ios {
                    $0.backgroundModes.append(
                        AppFacts.Fact(id: "voip", location: ExampleApps.at(ExampleApps.infoPlist, 45)))
                    $0.pushKit = [ExampleApps.at("ios/Shop/CallManager.swift", 17)]
                }),
            RuleExample(
                #"{"aps": {"alert": "Order 48213 shipped"}}"#, app: ExampleApps.ios { $0.backgroundModes = [] },
                note: "A visible push without content-available."),
            RuleExample(
                #"{"aps": {"content-available": 1}, "cursor": "c_81"}"#,
                app: ExampleApps.android, note: "Only the app's Android sources were read."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let facts = App.facts(context.settings, .ios), let view = context.payload.apns else { return [] }
        let modes = facts.backgroundModes.map(\.id)
        let pushType = view.headers?.entry("apns-push-type")
        let typeValue = pushType.flatMap { entry in
            entry.valueNode.map { context.isTemplated($0) } == true ? nil : entry.value
        }.flatMap(APNsPushType.init(rawValue:))
        var result: [Diagnostic] = []
        let contentAvailable = view.field("content-available")
        let isBackground =
            view.wantsContentAvailable(doc) || (view.headers?.origin != .expo && typeValue == .background)
        if isBackground, !modes.contains("remote-notification") {
            let node =
                contentAvailable.map { $0.key ?? $0.value } ?? pushType?.valueNode ?? view.anchor
            let written = view.origin == .expo ? "_contentAvailable" : "content-available"
            result.append(
                diagnostic(
                    Self.notWoken(
                        contentAvailable != nil ? written : "apns-push-type background", silent: !view.isVisible,
                        modes: facts.backgroundModes),
                    at: node, in: doc))
        }
        if typeValue == .voip {
            var missing: [String] = []
            if facts.pushKit.isEmpty { missing.append("the app never creates a PKPushRegistry (PushKit)") }
            if !modes.contains("voip") {
                missing.append("UIBackgroundModes lacks voip" + Self.modesNote(facts.backgroundModes))
            }
            if !missing.isEmpty {
                result.append(
                    diagnostic(Self.voipNotReceived(missing), at: pushType?.valueNode ?? view.anchor, in: doc))
            }
        }
        return result
    }

    /// " (Info.plist:44 lists 'fetch')" or "".
    static func modesNote(_ modes: [AppFacts.Fact]) -> String {
        guard let first = modes.min(by: { $0.location < $1.location }) else { return " (the app declares none)" }
        return " (\(App.place(first.location)) lists " + App.quotedList(App.unique(modes.map(\.id))) + ")"
    }

    // MARK: Messages

    static func notWoken(_ what: String, silent: Bool, modes: [AppFacts.Fact]) -> FindingText {
        let effect =
            silent
            ? "iOS does not wake the app for it and this push does nothing"
            : "the notification shows, but iOS does not wake the app to refresh"
        return FindingText(
            "\(what) asks iOS to wake the app, but the app's UIBackgroundModes lacks remote-notification\(modesNote(modes)): \(effect)",
            help:
                "add remote-notification to UIBackgroundModes (Signing & Capabilities > Background Modes > Remote notifications)"
        )
    }

    static func voipNotReceived(_ missing: [String]) -> FindingText {
        FindingText(
            "apns-push-type voip is delivered through PushKit, but " + missing.joined(separator: " and ")
                + ": the app is not woken and the call never rings",
            help:
                "register for VoIP pushes with PKPushRegistry and add the Voice over IP background mode (voip), or send an alert push"
        )
    }

}
