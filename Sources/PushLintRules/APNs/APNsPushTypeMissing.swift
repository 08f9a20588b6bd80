import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-push-type-missing`: headers are known but have no push type.
struct APNsPushTypeMissing: PayloadRule {
    static let description = RuleDescription(
        id: "apns-push-type-missing",
        summary: "The APNs headers have no `apns-push-type`.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            Apple requires `apns-push-type` on watchOS 6 and later and recommends it everywhere; without it APNs \
            may return an error, delay the notification or drop it (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns). The rule \
            fires when the file has headers (an envelope's `headers`, `apns.headers` of an FCM message) or \
            `.pushlint.json` configures headers for a bare body, and they lack the push type. It never guesses: \
            a bare body without configured headers and an FCM message without `apns.headers` are not checked, \
            and Expo's service always sets the push type itself. A background notification without push type \
            is `apns-background-headers`' finding, a misspelt header name `apns-header-format`'s.
            """,
        triggering: [
            RuleExample(
                #"{"headers": ↓{"apns-priority": "10", "apns-topic": "com.example.shop"}, "payload": {"aps": {"alert": "Your order shipped"}}}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": ↓{"apns-priority": "10"}, "payload": {"aps": {"badge": 2}}}}}"#,
                note: "FCM message with apns.headers."),
            RuleExample(
                #"{"aps": ↓{"alert": "Your order shipped"}}"#, fileName: "push/ios/shipped.json",
                config: #"{"apns": {"headers": {"push/ios/**": {"apns-priority": "10"}}}}"#,
                note: "Bare body with configured headers."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Your order shipped"}}}"#),
            RuleExample(#"{"aps": {"alert": "Your order shipped"}}"#, note: "No headers known."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped", "body": "On its way"}}}"#,
                note: "FCM message without apns.headers."),
            RuleExample(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Shipped"}"#),
            RuleExample(
                #"{"headers": {"apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}"#,
                note: "A silent push: apns-background-headers reports it."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let view = context.payload.apns, let headers = view.headers, headers.origin != .expo,
            !view.isBackgroundNotification(doc), headers.lookup("apns-push-type").isAbsent
        else { return [] }
        if headers.origin == .fcm, headers.object == nil { return [] }
        let suggestion = suggestedType(view, doc)
        return [
            diagnostic(
                Self.noPushType(in: APNs.headersName(headers), origin: APNs.origin(headers), suggesting: suggestion),
                at: headers.object ?? view.anchor, in: doc)
        ]
    }

    func suggestedType(_ view: APNsView, _ doc: JSONDocument) -> String {
        if view.field("event") != nil { return "liveactivity" }
        if view.field("content-changed") != nil { return "widgets" }
        return "alert"
    }

    // MARK: Messages

    static func noPushType(in headers: String, origin: String, suggesting suggestion: String) -> FindingText {
        FindingText(
            "\(headers) has no apns-push-type\(origin): APNs may delay or drop the push, and watchOS requires it; add \"apns-push-type\": \(MessageText.json(suggestion))",
            help: "add \"apns-push-type\": \(MessageText.json(suggestion))")
    }

}
