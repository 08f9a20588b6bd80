import PushLintJSON
import PushLintModel

enum WebPushRules {
    static let all: [any Rule] = [
        WebPushDeclarative(),
        WebPushFieldValue(),
        WebPushUnknownField(),
        WebPushNavigateHTTPS(),
        WebPushServiceSize(),
        WebPushVAPID(),
    ]
}

/// What the web push rules share about a payload.
enum WebPush {
    /// The sources the rules cite, by their public URLs.
    static let webKitParser =
        "https://github.com/WebKit/WebKit/blob/main/Source/WebCore/Modules/notifications/NotificationJSONParser.cpp"
    static let webKitExplainer = "https://github.com/WebKit/explainers/blob/main/DeclarativeWebPush/README.md"
    static let pushAPI = "https://w3c.github.io/push-api/ (\"declarative push message\", w3c/push-api#385)"
    static let notificationsSpec = "https://notifications.spec.whatwg.org/"

    /// A message that means to be declarative: it has a `web_push` key, whatever its value.
    static func claimsDeclarative(_ context: PayloadContext) -> Bool {
        context.payload.kind == .webpush
            && context.document.member(context.payload.node, WebPushSchema.markerKey) != nil
    }

    /// A message WebKit reads as declarative: `web_push` is the number 8030. WebKit drops such a message when it is
    /// not a well-formed notification ("dropped on the floor", WebKit's explainer), so its findings are errors;
    /// in any other web push message the JSON is the app's own, and they are warnings that state the risk.
    static func isDeclarative(_ context: PayloadContext) -> Bool {
        guard context.payload.kind == .webpush,
            let marker = context.document.member(context.payload.node, WebPushSchema.markerKey)
        else { return false }
        return WebPushSchema.isMarker(context.document, marker)
    }

    static func severity(_ context: PayloadContext) -> Severity { isDeclarative(context) ? .error : .warning }

    /// The notification objects of a payload as the Notifications API reads them, with their known and unknown
    /// members: a web push payload's walk, or FCM's `webpush.notification`, which FCM passes to the browser as a
    /// Notifications API object (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#webpushconfig,
    /// "Web Notification options as a JSON object"). FCM's own table takes it as any object, so the two never
    /// report the same key.
    struct NotificationFields {
        var objects: [SchemaObject]
        var members: [SchemaMember]
        var unknownMembers: [UnknownSchemaMember]
    }

    static func notificationFields(_ context: PayloadContext) -> NotificationFields? {
        let payload = context.payload
        switch payload.kind {
        case .webpush:
            return NotificationFields(
                objects: payload.schemaObjects, members: payload.schemaMembers,
                unknownMembers: payload.schemaUnknownMembers)
        case .fcm:
            guard let notification = payload.webpush?.notification else { return nil }
            let walk = WebPushSchema.notification.walk(
                context.document, at: notification, path: "webpush.notification", room: (2, 12))
            return NotificationFields(objects: walk.objects, members: walk.members, unknownMembers: walk.unknownMembers)
        default:
            return nil
        }
    }
}
