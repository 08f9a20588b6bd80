import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-priority-value`: a priority APNs does not accept, or the wrong one for the push type.
struct APNsPriorityValue: PayloadRule {
    static let description = RuleDescription(
        id: "apns-priority-value",
        summary: "The `apns-priority` header is not 10, 5 or 1, or not what the push type needs.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            APNs accepts only `10` (send now; the default), `5` (power-aware) and `1` (never wake the device); \
            anything else is 400 `BadPriority` (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns, pushy `DeliveryPriority`). \
            Push-to-talk pushes must use priority 10 (Apple's PushToTalk documentation). A background push with \
            priority 10 is `apns-background-headers`' finding; a non-string value is `apns-header-format`'s.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-priority": ↓"high"}, "payload": {"aps": {"alert": "Hi"}}}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": ↓"0"}, "payload": {"aps": {"alert": "Hi"}}}}}"#,
                note: "FCM message."),
            RuleExample(
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": ↓"5", "apns-topic": "com.example.shop.voip-ptt"}, "payload": {"aps": {}}}"#,
                note: "Push-to-talk needs priority 10."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-priority": "5"}, "payload": {"aps": {"alert": "Hi"}}}"#),
            RuleExample(
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": "10", "apns-expiration": "0"}, "payload": {"aps": {}}}"#
            ),
            RuleExample(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "priority": "normal"}"#),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let header = APNs.headerValue("apns-priority", in: context) else { return [] }
        let value = header.value
        let at = header.at
        let origin = header.origin
        if !APNs.priorities.contains(value) {
            return [
                diagnostic(Self.unknownPriority(value, origin: origin), at: at, in: context.document)
            ]
        }
        if header.headers.pushType == .pushtotalk, value != "10" {
            return [
                diagnostic(Self.pushToTalkPriority(value, origin: origin), at: at, in: context.document)
            ]
        }
        return []
    }

    // MARK: Messages

    /// `origin` names the config glob when .pushlint.json set the headers (`APNs.origin`), else it is empty.
    static func unknownPriority(_ value: String, origin: String) -> FindingText {
        FindingText(
            "apns-priority \(MessageText.single(value)) is not a priority APNs accepts\(origin): APNs rejects the request with 400 BadPriority; write \"10\" (immediate), \"5\" (power-aware) or \"1\"",
            help: "write \"10\", \"5\" or \"1\"")
    }

    static func pushToTalkPriority(_ value: String, origin: String) -> FindingText {
        FindingText(
            "apns-priority \(value) on a pushtotalk push\(origin): Apple requires priority 10 for push-to-talk so the channel starts at once; write \"10\"",
            help: "write \"10\"")
    }

}
