import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `app-link-unhandled`: a tap that goes nowhere: a `click_action` no activity declares, a deep link whose custom
/// scheme the app does not register, an https link whose host the app does not claim.
struct AppLinkUnhandled: PayloadRule {
    static let description = RuleDescription(
        id: "app-link-unhandled",
        summary:
            "A click_action no intent filter declares, or a link whose scheme the app does not register or whose https host it does not claim.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            FCM `android.notification.click_action` makes the tap start an activity of the app with an intent of \
            that action (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#androidnotification, \
            firebase-android-sdk `CommonNotificationBuilder.createTargetIntent`): when no `<intent-filter>` of \
            the manifest declares the action, nothing opens. A link opens the app only for a URL scheme it \
            registers (iOS `CFBundleURLTypes`, https://developer.apple.com/documentation/xcode/defining-a-custom-url-scheme-for-your-app; \
            Android `<data android:scheme>`, Expo `scheme`), and an https link opens the app instead of the \
            browser only for a host it claims (iOS `applinks:` associated domains, \
            https://developer.apple.com/documentation/xcode/supporting-associated-domains; Android \
            `autoVerify` intent filters: from Android 12 a web link whose host no app verified opens in the \
            browser, https://developer.android.com/training/app-links/verify-android-applinks). Warnings: the \
            tap opens nothing, or the browser.

            Links are the data values whose key says link (`url`, `link`, `deeplink`, `deep_link`, in any case, \
            with or without `_` or `-`) or that the contract declares in `links.fields`, in FCM `data` and \
            `android.data`, APNs custom keys and Expo `data`, and `click_action`; `webpush.fcm_options.link` \
            opens in the browser by design and is not checked. Each is checked on the platforms that receive it, \
            for a platform whose app files registered schemes (or claimed hosts, or declared actions): a scheme \
            of the system (`tel`, `mailto`, `sms`, `geo`, `market`, `itms-apps`, …) and a relative path are \
            fine. A placeholder is checked for every value the contract allows, else not judged. It runs only \
            when the config names the app (`app`, or `--app`).
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"click_action": ↓"OPEN_ORDERS"}}}}"#,
                app: ExampleApps.resources, note: "The manifest declares `OPEN_ORDER`."),
            RuleExample(
                #"{"aps": {"alert": "Shipped"}, "deeplink": ↓"shopapp://orders/48213"}"#, app: ExampleApps.resources,
                note: "The app registers the scheme `shop`."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"url": ↓"https://www.example.com/orders/48213"}}}"#,
                app: ExampleApps.resources, note: "The app claims `shop.example.com` only: the browser opens."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"target_url": ↓"shopapp://orders/48213"}}}"#,
                contract: #"{"links": {"fields": ["target_url"]}}"#, app: ExampleApps.resources,
                note: "The contract declares `target_url` a link field."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"click_action": "OPEN_ORDER"}}}}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"aps": {"alert": "Shipped"}, "deeplink": "shop://orders/48213", "url": "https://shop.example.com/o/1"}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"message": {"token": "t", "data": {"link": "tel:+15555550100", "url": "/orders/48213"}}}"#,
                app: ExampleApps.resources, note: "A system scheme and a relative path."),
        ])

    static let systemSchemes: Set<String> = [
        "tel", "telprompt", "mailto", "sms", "facetime", "facetime-audio", "geo", "maps", "market", "itms-apps",
        "itms-services", "intent", "content", "file", "data", "about", "app-settings",
    ]

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let facts = context.settings.app else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        if facts.platforms.contains(.android), let android = context.payload.android, android.origin == .fcm,
            let notification = android.notification, let node = doc.member(notification, "click_action"),
            let actions = Optional(links(facts, .action, .android)), !actions.isEmpty,
            let values = AppResourceValues.candidates(node, context)
        {
            for value in values where !value.isEmpty && !actions.contains(where: { $0.value == value }) {
                result.append(
                    diagnostic(
                        Self.unknownAction(
                            value, at: actions[0].location, origin: AppResourceValues.origin(node, context),
                            declared: actions.map(\.value)),
                        at: node, in: doc))
                break
            }
        }
        var seen: Set<NodeID> = []
        for set in CustomData.sets(context) {
            let platforms = AppResourceValues.platforms(of: set).filter { facts.platforms.contains($0) }
            for field in set.fields where LinkFields.isLink(doc.string(field.key), context.contract) {
                guard seen.insert(field.value).inserted,
                    let values = AppResourceValues.candidates(field.value, context)
                else { continue }
                for value in values {
                    if let diagnostic = check(value, field.value, platforms, facts, context) {
                        result.append(diagnostic)
                        break
                    }
                }
            }
        }
        return result
    }

    func links(_ facts: AppFacts, _ kind: AppFacts.Link.Kind, _ platform: AppFacts.Platform) -> [AppFacts.Link] {
        // A host counts when verified: iOS opens universal links of `applinks:` domains only, and from Android 12
        // a web link opens the browser unless an `autoVerify` filter of the app verified its host.
        facts.links.filter { $0.kind == kind && $0.platform == platform && (kind != .host || $0.verified) }
    }

    func check(
        _ value: String, _ node: NodeID, _ platforms: [AppFacts.Platform], _ facts: AppFacts, _ context: PayloadContext
    ) -> Diagnostic? {
        guard let (scheme, host) = Self.schemeAndHost(value), !Self.systemSchemes.contains(scheme) else { return nil }
        for platform in platforms {
            if scheme == "http" || scheme == "https" {
                let claimed = links(facts, .host, platform)
                guard !claimed.isEmpty, let host, !claimed.contains(where: { Self.matches(host, $0.value) }) else {
                    continue
                }
                return diagnostic(
                    Self.unclaimedHost(value, host, platform, claimed, origin: AppResourceValues.origin(node, context)),
                    at: node, in: context.document)
            }
            let registered = links(facts, .scheme, platform).filter { $0.value != "http" && $0.value != "https" }
            guard !registered.isEmpty, !registered.contains(where: { $0.value == scheme }) else { continue }
            return diagnostic(
                Self.unregisteredScheme(
                    value, scheme, platform, registered, origin: AppResourceValues.origin(node, context)),
                at: node, in: context.document)
        }
        return nil
    }

    /// The lowercased scheme and host of an absolute URL; nil for a relative one.
    static func schemeAndHost(_ url: String) -> (String, String?)? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        let rest = url[url.index(after: colon)...]
        guard rest.hasPrefix("//") else { return (scheme.lowercased(), nil) }
        var authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let host = authority.prefix { $0 != ":" }
        return (scheme.lowercased(), host.isEmpty ? nil : host.lowercased())
    }

    /// `shop.example.com` matches itself and `*.example.com`.
    static func matches(_ host: String, _ claimed: String) -> Bool {
        if claimed == host { return true }
        if claimed.hasPrefix("*.") { return host.hasSuffix(claimed.dropFirst(1)) }
        return false
    }

    // MARK: Messages

    /// `origin`: where a templated value came from (`AppResourceValues.origin`); `declared`: the app's actions.
    static func unknownAction(_ action: String, at location: AppFacts.Location, origin: String, declared: [String])
        -> FindingText
    {
        FindingText(
            App.sentences(
                "click_action '\(action)' is an action no intent filter of the app declares (\(location.path)), so tapping the notification opens nothing"
                    + origin, Suggest.didYouMean(action, in: declared)),
            help: "declare <action android:name=\"\(action)\"/> in an intent filter of the activity to open")
    }

    static func unclaimedHost(
        _ url: String, _ host: String, _ platform: AppFacts.Platform, _ claimed: [AppFacts.Link], origin: String
    ) -> FindingText {
        let claimer = platform == .ios ? "its associated domains" : "its intent filters"
        return FindingText(
            App.sentences(
                "link '\(url)' goes to \(host), which the \(platform == .ios ? "iOS" : "Android") app does not claim (\(claimer) at \(claimed[0].location.path) claim \(App.quotedList(App.unique(claimed.map(\.value))))), so it opens in the browser"
                    + origin, Suggest.didYouMean(host, in: claimed.map(\.value))),
            help:
                "claim \(host) in the app (\(platform == .ios ? "applinks:\(host)" : "an autoVerify intent filter")), or link to a host it claims"
        )
    }

    static func unregisteredScheme(
        _ url: String, _ scheme: String, _ platform: AppFacts.Platform, _ registered: [AppFacts.Link], origin: String
    ) -> FindingText {
        FindingText(
            App.sentences(
                "link '\(url)' uses the scheme '\(scheme)', which the \(platform == .ios ? "iOS" : "Android") app does not register (it registers \(App.quotedList(App.unique(registered.map(\.value)))) at \(registered[0].location.path)), so it opens nothing unless another app handles it"
                    + origin, Suggest.didYouMean(scheme, in: registered.map(\.value))),
            help: "register the scheme '\(scheme)' in the app, or use one it registers")
    }

}
