import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `app-sound-missing`: a custom notification sound the app does not ship.
struct AppSoundMissing: PayloadRule {
    static let description = RuleDescription(
        id: "app-sound-missing",
        summary: "A payload's custom sound is not a sound file the app ships.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            iOS plays a custom `sound` only when the file is in the app's main bundle or its `Library/Sounds` \
            folder, as a `.caf`, `.aiff` or `.wav` (a `.caf` or `.aiff` written by the app at run time counts \
            too); otherwise the default sound plays \
            (https://developer.apple.com/documentation/usernotifications/unnotificationsound). FCM `android.notification.sound` names a file of the app's `res/raw` \
            without its extension; the FCM SDK looks it up (`getIdentifier(name, "raw", …)`) and plays the \
            default sound when there is none (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#androidnotification, \
            firebase-android-sdk `CommonNotificationBuilder.getSound`). On Android 8.0 and later the channel's \
            sound plays whatever the payload says: the payload's sound only matters below 8.0 \
            (https://developer.android.com/develop/ui/views/notifications/channels). A warning: the \
            notification arrives with another sound.

            The rule reads the sounds `pushlint app scan` lists: iOS sound files of the app's folders, Android \
            `res/raw` files, and Expo's expo-notifications `sounds` (copied into both). It checks APNs \
            `aps.sound` (a string, or the `name` of a critical-alert dictionary) of APNs bodies, FCM \
            `apns.payload` and Expo messages, and FCM `android.notification.sound`; `default` is always fine. A \
            placeholder is checked for every value the contract allows, else not judged. It runs for a platform \
            whose sources were read (the config names the app: `app`, or `--app`), or whose sounds the contract \
            lists (`ios.sounds`, `android.sounds`): with both, a sound must be shipped by the app and allowed by \
            the contract (a sound the app ships but the contract leaves out is reported, naming the app's file, \
            so that the contract stays the list the team reviews; `app scan --write-contract` adds the app's \
            sounds to it).
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": "Your order shipped", "sound": ↓"chime.wav"}}"#, app: ExampleApps.resources,
                note: "The app ships `chime.caf`."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"sound": ↓"chime.ogg"}}}}"#,
                app: ExampleApps.resources, note: "Android names raw resources without their extension."),
            RuleExample(
                #"{"aps": {"alert": "Your order shipped", "sound": ↓"chime.caf"}}"#,
                contract: #"{"ios": {"sounds": ["ding.caf"]}}"#,
                note: "No app folder: the contract's sounds are the ones the app ships."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Your order shipped", "sound": "chime.caf"}}"#, app: ExampleApps.resources),
            RuleExample(#"{"aps": {"alert": "Your order shipped", "sound": "default"}}"#, app: ExampleApps.resources),
            RuleExample(
                #"{"aps": {"alert": "Your order shipped", "sound": "chime.caf"}}"#,
                contract: #"{"ios": {"sounds": ["chime.caf", "ding.caf"]}, "android": {"sounds": ["chime"]}}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"sound": "chime"}}}}"#,
                app: ExampleApps.resources),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        var result: [Diagnostic] = []
        if let apns = context.payload.apns, let field = apns.field("sound"),
            let allowed = Allowed(.ios, context)
        {
            var node = field.value
            if doc.kind(node) == .object, let name = doc.member(node, "name") { node = name }
            if let diagnostic = check(node, allowed, context) { result.append(diagnostic) }
        }
        if let android = context.payload.android, android.origin == .fcm,
            let notification = android.notification, let node = doc.member(notification, "sound"),
            let allowed = Allowed(.android, context)
        {
            if let diagnostic = check(node, allowed, context) { result.append(diagnostic) }
        }
        return result
    }

    /// The sounds of one platform a payload may name: the ones the app ships (when its sources of that platform
    /// were read) and the ones the contract allows (`ios.sounds`, `android.sounds`); nil when neither is known.
    struct Allowed {
        var platform: AppFacts.Platform
        var shipped: [AppFacts.Resource]?
        var declared: [String]?
        var contractPath: String

        init?(_ platform: AppFacts.Platform, _ context: PayloadContext) {
            self.platform = platform
            shipped = App.facts(context.settings, platform)?.sounds.filter { $0.platform == platform }
            declared = platform == .ios ? context.contract?.ios?.sounds : context.contract?.android?.sounds
            contractPath = context.contract?.path ?? "the contract"
            if shipped == nil && declared == nil { return nil }
        }
    }

    func check(_ node: NodeID, _ allowed: Allowed, _ context: PayloadContext) -> Diagnostic? {
        guard let names = AppResourceValues.candidates(node, context) else { return nil }
        let platform = allowed.platform
        for name in names where !name.isEmpty && name != "default" {
            if let shipped = allowed.shipped {
                let shippedNames = shipped.map(\.name)
                guard shippedNames.contains(name) else {
                    return diagnostic(
                        Self.missing(
                            name, platform: platform, shipped: shippedNames,
                            origin: AppResourceValues.origin(node, context)),
                        at: node, in: context.document)
                }
            }
            if let declared = allowed.declared, !declared.contains(name) {
                let shippedAt = allowed.shipped?.first { $0.name == name }?.location
                return diagnostic(
                    Self.notDeclared(
                        name, platform: platform, declared: declared, shippedAt: shippedAt,
                        contractPath: allowed.contractPath, origin: AppResourceValues.origin(node, context)),
                    at: node, in: context.document)
            }
        }
        return nil
    }

    /// `chime.ogg` for a `res/raw/chime.ogg` the app ships as `chime`.
    static func androidName(_ name: String, _ shipped: [String]) -> String? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let base = String(name[..<dot])
        return shipped.contains(base) ? base : nil
    }

    // MARK: Messages

    /// `origin`: where a templated value came from (`AppResourceValues.origin`).
    static func missing(_ name: String, platform: AppFacts.Platform, shipped: [String], origin: String) -> FindingText {
        let list = shipped.isEmpty ? "the app ships no sound" : "the app ships " + App.quotedList(App.unique(shipped))
        let sentence =
            switch platform {
            case .ios: "sound '\(name)' is not a sound file of the app (\(list)), so iOS plays the default sound"
            case .android:
                "sound '\(name)' is not a res/raw resource of the app (\(list)), so Android 7 and earlier play the default sound (from Android 8.0 the channel's sound plays)"
            }
        let suggestion = platform == .android ? androidName(name, shipped) : nil
        return FindingText(
            App.sentences(sentence + origin, suggestion == nil ? Suggest.didYouMean(name, in: shipped) : ""),
            help: suggestion.map { "write \"\($0)\": Android names raw resources without their extension" }
                ?? "add \(name) to the app (\(platform == .ios ? "its bundle" : "res/raw")), or name a sound it ships")
    }

    /// `shippedAt`: where the app ships the sound, if it does.
    static func notDeclared(
        _ name: String, platform: AppFacts.Platform, declared: [String], shippedAt: AppFacts.Location?,
        contractPath: String, origin: String
    ) -> FindingText {
        let key = "\(platform == .ios ? "ios" : "android").sounds"
        let list = declared.isEmpty ? "it allows none" : "it allows " + App.quotedList(App.unique(declared))
        let fallback =
            platform == .ios
            ? "iOS plays the default sound" : "Android 7 and earlier play the default sound"
        let sentence =
            shippedAt.map {
                "sound '\(name)' is not one of the contract's \(key) (\(list)), though the app ships it (\($0.path))"
            }
            ?? "sound '\(name)' is not one of the contract's \(key) (\(list)), the sounds the app ships, so \(fallback) when the app does not ship it"
        let suggestion = platform == .android ? androidName(name, declared) : nil
        return FindingText(
            App.sentences(sentence + origin, suggestion == nil ? Suggest.didYouMean(name, in: declared) : ""),
            help: suggestion.map { "write \"\($0)\": Android names raw resources without their extension" }
                ?? "add \"\(name)\" to \(key) of \(contractPath), or name a sound it allows")
    }

}
