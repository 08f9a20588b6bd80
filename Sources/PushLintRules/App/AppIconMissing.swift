import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `app-icon-missing`: an FCM notification icon the app does not have, or a notification that falls back to the
/// launcher icon because the app's default notification icon (or colour) is missing.
struct AppIconMissing: PayloadRule {
    static let description = RuleDescription(
        id: "app-icon-missing",
        summary:
            "android.notification.icon is not a drawable or mipmap of the app, or the notification falls back to a missing default icon or colour.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            FCM `android.notification.icon` names a drawable (or mipmap) of the app \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#androidnotification). The FCM \
            SDK looks it up and, when the app has none of that name, logs "Icon resource … not found. \
            Notification will use default icon" and uses the manifest's \
            `com.google.firebase.messaging.default_notification_icon`, else the launcher icon \
            (firebase-android-sdk `CommonNotificationBuilder.getSmallIcon`). Android draws a small icon's alpha \
            channel only, so a full-colour launcher icon shows as a grey or white square \
            (https://firebase.google.com/docs/cloud-messaging/android/receive#edit-the-app-manifest, which asks \
            for the default icon and colour meta-data). The manifest's \
            `default_notification_color` names a `@color/` resource; when that resource is missing the SDK logs \
            "Cannot find the color resource" and sets no colour. Warnings: the notification is shown, with the \
            wrong icon or colour.

            The rule reads the drawables, mipmaps, colours and default icon and colour `pushlint app scan` lists \
            (Expo's expo-notifications `icon` and `color` count as both), and checks FCM messages that show a \
            notification on Android: the `icon` when given, else the default icon; the default colour when no \
            `color` is given. A placeholder icon is checked for every value the contract allows, else not \
            judged. It runs only when the config names the app (`app`, or `--app`), with Android sources.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"icon": ↓"ic_stat_box"}}}}"#,
                app: ExampleApps.resources, note: "The app has `ic_stat_bag`."),
            RuleExample(
                #"{"message": {"token": "t", "notification": ↓{"title": "Shipped"}}}"#,
                app: ExampleApps.changed(ExampleApps.resources) { $0.defaultIcon = nil },
                note: "The app's manifest names no default notification icon: the launcher icon shows as a square."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"icon": "ic_stat_bag"}}}}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}}}"#, app: ExampleApps.resources,
                note: "The default icon `ic_stat_bag` and colour `brand` exist."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"order": "48213"}}}"#, app: ExampleApps.android,
                note: "A data message: the app draws its own notification."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let facts = App.facts(context.settings, .android), let android = context.payload.android,
            android.origin == .fcm, android.hasVisibleNotification
        else { return [] }
        let doc = context.document
        let icons = facts.icons.filter { $0.platform == .android }.map(\.name)
        // Without any drawable read, the app's res folder was not among the scanned folders: nothing is known.
        guard !icons.isEmpty else { return [] }
        let colors = facts.colors.map(\.name)
        let notification = android.notification
        var result: [Diagnostic] = []
        if let notification, let node = doc.member(notification, "icon") {
            guard let names = AppResourceValues.candidates(node, context) else { return [] }
            for name in names where !name.isEmpty && !icons.contains(name) {
                result.append(
                    diagnostic(
                        Self.missingIcon(
                            name, fallback: fallback(facts, icons), origin: AppResourceValues.origin(node, context),
                            icons: icons),
                        at: node, in: doc))
                break
            }
        } else {
            let anchor = doc.member(context.payload.body, "notification") ?? notification ?? android.anchor
            if let icon = facts.defaultIcon {
                if !icons.contains(icon.id) {
                    result.append(
                        diagnostic(Self.missingDefaultIcon(icon), at: anchor, in: doc))
                }
            } else {
                result.append(diagnostic(Self.noDefaultIcon, at: anchor, in: doc))
            }
        }
        let hasColor = notification.flatMap { doc.member($0, "color") } != nil
        if !hasColor, let color = facts.defaultColor, !colors.contains(color.id) {
            let anchor = doc.member(context.payload.body, "notification") ?? notification ?? android.anchor
            result.append(
                diagnostic(Self.missingDefaultColor(color), at: anchor, in: doc))
        }
        return result
    }

    func fallback(_ facts: AppFacts, _ icons: [String]) -> String {
        if let icon = facts.defaultIcon, icons.contains(icon.id) {
            return "the manifest's default notification icon '\(icon.id)' (\(App.place(icon.location)))"
        }
        return "the launcher icon, which Android draws as a grey or white square"
    }

    // MARK: Messages

    /// `origin`: where a templated value came from (`AppResourceValues.origin`); `icons`: the app's drawables.
    static func missingIcon(_ name: String, fallback: String, origin: String, icons: [String]) -> FindingText {
        FindingText(
            App.sentences(
                "icon '\(name)' is not a drawable or mipmap of the app, so FCM shows \(fallback)" + origin,
                Suggest.didYouMean(name, in: icons)),
            help: "add a drawable '\(name)' to the app, or name one it has")
    }

    static func missingDefaultIcon(_ icon: AppFacts.Fact) -> FindingText {
        FindingText(
            "this notification has no icon, and the manifest's default notification icon '\(icon.id)' (\(App.place(icon.location))) is not a drawable or mipmap of the app, so FCM shows the launcher icon, which Android draws as a grey or white square",
            help: "add the drawable '\(icon.id)' to the app, or name an icon in the payload")
    }

    static let noDefaultIcon = FindingText(
        "this notification has no icon and the app's manifest names no default notification icon, so FCM shows the launcher icon, which Android draws as a grey or white square",
        help:
            "add <meta-data android:name=\"com.google.firebase.messaging.default_notification_icon\" android:resource=\"@drawable/…\"/> to the manifest, or set android.notification.icon"
    )

    static func missingDefaultColor(_ color: AppFacts.Fact) -> FindingText {
        FindingText(
            "the manifest's default notification colour '\(color.id)' (\(App.place(color.location))) is not a colour resource of the app, so FCM sets no colour on this notification",
            help: "add <color name=\"\(color.id)\"> to res/values, or set android.notification.color")
    }

}
