import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-push-type-value`: a push type APNs does not know.
struct APNsPushTypeValue: PayloadRule {
    static let description = RuleDescription(
        id: "apns-push-type-value",
        summary: "The `apns-push-type` header is not one of the push types APNs accepts.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            APNs answers 400 `InvalidPushType` to a push type it does not know (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns, https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns). The values are lowercase: `alert`, `background`, `location`, `voip`, `complication`, \
            `fileprovider`, `mdm`, `liveactivity`, `pushtotalk`, `widgets`, `controls` (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns; `widgets` for \
            WidgetKit push on iOS 26, `controls` for ControlPushHandler on iOS 18). Checked in an envelope's \
            `headers`, in `.pushlint.json` headers and in `apns.headers` of an FCM message; a value with a \
            placeholder is not checked, a non-string value is `apns-header-format`'s finding.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": ↓"silent", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": ↓"Alert"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "Push types are lowercase."),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": ↓"live-activity"}, "payload": {"aps": {"event": "update", "timestamp": 1764400000, "content-state": {}}}}}}"#,
                note: "FCM message."),
        ],
        nonTriggering: [
            RuleExample(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            RuleExample(
                #"{"headers": {"apns-push-type": "controls", "apns-topic": "com.example.shop.push-type.controls"}, "payload": {"aps": {"content-changed": true}}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": "{{push_type}}"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                fileName: "alert.json.tmpl", note: "A placeholder is not checked."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let header = APNs.headerValue("apns-push-type", in: context), APNsPushType(rawValue: header.value) == nil
        else {
            return []
        }
        let value = header.value
        return [diagnostic(Self.unknownPushType(value, origin: header.origin), at: header.at, in: context.document)]
    }

    // MARK: Messages

    static func unknownPushType(_ value: String, origin: String) -> FindingText {
        let suggestion =
            Suggest.sameWordDifferentSpelling(value, in: APNs.pushTypeNames)
            ?? Suggest.closest(to: value, in: APNs.pushTypeNames)
        // The help: the likely push type, or the list of them.
        let instead =
            suggestion.map { "write \(MessageText.json($0))" }
            ?? "use one of \(APNs.pushTypeNames.joined(separator: ", "))"
        return FindingText(
            "apns-push-type \(MessageText.single(value)) is not a push type APNs knows\(origin): APNs rejects the request with 400 InvalidPushType; \(instead)",
            help: instead)
    }

}
