import PushLintJSON
import PushLintModel

/// `app-service-extension-missing`: `mutable-content` for an app without a Notification Service Extension.
struct AppServiceExtensionMissing: PayloadRule {
    static let description = RuleDescription(
        id: "app-service-extension-missing",
        summary:
            "`mutable-content` (or Expo `richContent`) is sent to an app that has no Notification Service Extension.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            `mutable-content: 1` hands an alert to the app's Notification Service Extension \
            (`UNNotificationServiceExtension`) before it is shown, to attach an image, decrypt the text or change \
            the title (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification); Expo's `mutableContent: true` becomes that flag, and Expo's \
            `richContent` image needs the same extension on iOS (https://docs.expo.dev/push-notifications/sending-notifications/). An app without \
            such an extension gets the notification as sent: no image, the encrypted or placeholder text shown to \
            the user. Nothing is rejected: a warning that states what the user sees.

            The rule reads the app's extension targets (an Info.plist with `NSExtensionPointIdentifier` \
            `com.apple.usernotifications.service`, or a `UNNotificationServiceExtension` subclass, as \
            `pushlint app scan` reports them). A push without an alert title or body never reaches an extension \
            at all: that is `apns-mutable-content-without-alert`'s finding, and this rule stays silent on it. It \
            runs only when the config names the app folders (`app`) or `--app` is given, and only with iOS sources.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": {"title": "Anna", "body": "sent a photo"}, ↓"mutable-content": 1}, "image_url": "https://cdn.example.com/p/81.jpg"}"#,
                app: ExampleApps.ios { $0.serviceExtensions = [] }),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Anna", "body": "sent a photo", ↓"richContent": {"image": "https://cdn.example.com/p/81.jpg"}}"#,
                app: ExampleApps.ios { $0.serviceExtensions = [] }, note: "Expo's rich content image."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": {"title": "Anna", "body": "sent a photo"}, "mutable-content": 1}}"#,
                app: ExampleApps.ios),
            RuleExample(
                #"{"aps": {"badge": 2, "mutable-content": 1}}"#, app: ExampleApps.ios { $0.serviceExtensions = [] },
                note: "No alert text: the extension would never run (apns-mutable-content-without-alert)."),
            RuleExample(
                #"{"aps": {"alert": {"title": "Anna", "body": "sent a photo"}, "mutable-content": 1}}"#,
                app: ExampleApps.android, note: "Only the app's Android sources were read."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let facts = App.facts(context.settings, .ios), !facts.hasServiceExtension,
            let view = context.payload.apns, view.hasAlertText(doc)
        else { return [] }
        if let field = view.field("mutable-content"), field.mapped != nil || APNs.isOneLike(doc, field.value) {
            let name = view.origin == .expo ? "mutableContent" : "mutable-content"
            return [
                diagnostic(Self.noExtension(name, instead: "remove \(name)"), at: field.key ?? field.value, in: doc)
            ]
        }
        if view.origin == .expo, let rich = doc.member(context.payload.body, "richContent"),
            doc.kind(rich) == .object, doc.member(rich, "image") != nil
        {
            return [
                diagnostic(
                    Self.noExtension("richContent", instead: "send the image another way"),
                    at: doc.keyNode(ofValue: rich) ?? rich, in: doc)
            ]
        }
        return []
    }

    // MARK: Messages

    /// `instead`: the fix that does without an extension.
    static func noExtension(_ name: String, instead: String) -> FindingText {
        FindingText(
            "\(name) asks the app's Notification Service Extension to change the notification before it is shown, but the app has none (no extension with NSExtensionPointIdentifier com.apple.usernotifications.service): iOS shows it as sent",
            help: "add a Notification Service Extension target to the app, or \(instead)")
    }

}
