import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `app-loc-key-missing`: a localization key of the payload that the app's strings do not define, or define in only
/// some of its locales.
struct AppLocKeyMissing: PayloadRule {
    static let description = RuleDescription(
        id: "app-loc-key-missing",
        summary:
            "A loc-key, title-loc-key or title_loc_key/body_loc_key names a string the app does not define in every locale.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            APNs `alert.loc-key`, `title-loc-key` and `subtitle-loc-key` name a string of the app's \
            `Localizable.strings` (or `.stringsdict`, or String Catalog) that the device looks up in the user's \
            language (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification); \
            a key the app does not define is shown as the key itself, so the user reads `order_shipped_v2`. FCM \
            `android.notification.title_loc_key` and `body_loc_key` name a string resource; when the app has none \
            of that name the FCM SDK logs "resource not found … Default value will be used" and the notification \
            has no title or text (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#androidnotification, \
            firebase-android-sdk `NotificationParams.getLocalizedString`). A key defined in some locales only \
            shows another language's text (iOS falls back to the development language) or, on Android, \
            nothing where the default `res/values` lacks it. Both are warnings: the notification arrives, with \
            the wrong text. An Android key that `res/values` defines is an info where other locales lack it: \
            Android resolves each resource on its own and falls back to `res/values`, so those users read the \
            default text, untranslated (https://developer.android.com/guide/topics/resources/localization).

            The rule reads the strings `pushlint app scan` lists (`strings`) and checks the keys of APNs bodies, of \
            FCM `apns.payload` and `android.notification`. A key that is a placeholder is checked for every value \
            the contract's `enum` allows for it, else not judged. It runs only when the config names the app \
            (`app`, or `--app`), for a platform whose localizable strings the scan found.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": {"loc-key": ↓"order_shiped", "loc-args": ["48213"]}}}"#,
                app: ExampleApps.resources, note: "Misspelt: the device shows `order_shiped` as the text."),
            RuleExample(
                #"{"aps": {"alert": {"loc-key": ↓"order_delayed", "loc-args": ["48213", "Friday"]}}}"#,
                app: ExampleApps.resources, note: "Defined in `en` only: French users read English."),
            RuleExample(
                #"{"message": {"token": "t", "android": {"notification": {"title_loc_key": ↓"order_title"}}}}"#,
                app: ExampleApps.resources, note: "No string resource `order_title`: no title."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": {"loc-key": "order_shipped", "loc-args": ["48213"]}}}"#, app: ExampleApps.resources
            ),
            RuleExample(
                #"{"message": {"token": "t", "android": {"notification": {"title_loc_key": "order_shipped_title", "title_loc_args": ["48213"]}}}}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"aps": {"alert": {"loc-key": "{{key}}"}}}"#, fileName: "order.json.tmpl", app: ExampleApps.resources,
                note: "A placeholder the contract says nothing about: not judged."),
            RuleExample(
                #"{"aps": {"alert": {"loc-key": "order_shiped"}}}"#, note: "No app folder configured."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let facts = context.settings.app else { return [] }
        var result: [Diagnostic] = []
        if let apns = context.payload.apns, facts.platforms.contains(.ios),
            facts.strings.contains(where: { $0.platform == .ios })
        {
            for name in ["loc-key", "title-loc-key", "subtitle-loc-key"] {
                guard let field = apns.alertField(name) else { continue }
                result += check(field.value, field: name, platform: .ios, facts, context)
            }
        }
        if let android = context.payload.android, android.origin == .fcm, let notification = android.notification,
            facts.platforms.contains(.android), facts.strings.contains(where: { $0.platform == .android })
        {
            for name in ["title_loc_key", "body_loc_key"] {
                guard let node = context.document.member(notification, name) else { continue }
                result += check(node, field: name, platform: .android, facts, context)
            }
        }
        return result
    }

    func check(
        _ node: NodeID, field: String, platform: AppFacts.Platform, _ facts: AppFacts, _ context: PayloadContext
    ) -> [Diagnostic] {
        guard let keys = AppResourceValues.candidates(node, context) else { return [] }
        let strings = facts.strings.filter { $0.platform == platform }
        let appLocales = Set(strings.flatMap(\.locales)).sorted()
        for key in keys {
            guard let string = strings.first(where: { $0.key == key }) else {
                let known = strings.map(\.key)
                let file = strings.first?.location.path ?? "the app's strings"
                return [
                    diagnostic(
                        Self.missing(
                            field, key, platform: platform, file: file, origin: AppResourceValues.origin(node, context),
                            known: known),
                        at: node, in: context.document)
                ]
            }
            let lacking = appLocales.filter { !string.locales.contains($0) }
            if !lacking.isEmpty {
                // Android resolves each resource on its own, falling back to `res/values`: with the key there, the
                // users of a lacking locale read the default text, untranslated but whole.
                let fallsBack = platform == .android && string.locales.contains("default")
                return [
                    diagnostic(
                        Self.partial(
                            field, key, locales: string.locales, lacking: lacking, platform: platform,
                            fallsBack: fallsBack, at: string.location),
                        at: node, in: context.document, severity: fallsBack ? .info : nil)
                ]
            }
        }
        return []
    }

    // MARK: Messages

    /// `origin`: where a templated value came from (`AppResourceValues.origin`); `known`: the app's string keys.
    static func missing(
        _ field: String, _ key: String, platform: AppFacts.Platform, file: String, origin: String, known: [String]
    ) -> FindingText {
        let effect =
            platform == .ios
            ? "the device shows the key itself as the text"
            : "the FCM SDK finds no string resource and shows the notification without that text"
        return FindingText(
            App.sentences(
                "\(field) '\(key)' is not defined in the app's localizable strings (read from \(file) and beside it), so \(effect)"
                    + origin, Suggest.didYouMean(key, in: known)),
            help: "add \"\(key)\" to the app's strings, or use a key it defines")
    }

    static func partial(
        _ field: String, _ key: String, locales: [String], lacking: [String], platform: AppFacts.Platform,
        fallsBack: Bool, at location: AppFacts.Location
    ) -> FindingText {
        let effect =
            platform == .ios
            ? "users in those languages see the development language's text"
            : fallsBack
                ? "users in those languages see the default res/values text, untranslated"
                : "users in those languages see no text, as res/values lacks it"
        return FindingText(
            "\(field) '\(key)' is defined only in \(locales.joined(separator: ", ")) (\(App.place(location))), not in \(lacking.joined(separator: ", ")): \(effect)",
            help: "translate \"\(key)\" into \(lacking.joined(separator: ", "))")
    }

}
