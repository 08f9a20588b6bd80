import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-topic-suffix`: the topic lacks the suffix its push type needs.
struct APNsTopicSuffix: PayloadRule {
    static let description = RuleDescription(
        id: "apns-topic-suffix",
        summary: "The `apns-topic` header lacks the suffix its push type needs, or has another push type's.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            Most push types go to a topic of their own: the bundle id plus `.voip`, `.complication`, \
            `.pushkit.fileprovider`, `.push-type.liveactivity`, `.location-query`, `.voip-ptt`, \
            `.push-type.widgets` or `.push-type.controls`; `alert` and `background` go to the bundle id itself. \
            A wrong topic is rejected with 400 `DeviceTokenNotForTopic` or `TopicDisallowed` (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns, \
            https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications, https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications); libraries that do not switch the topic per push type are a \
            known cause of failed Live Activity pushes \
            (https://github.com/parse-community/parse-server-push-adapter/issues/348). `mdm` topics are a certificate UID and are \
            not checked; neither is a topic with a placeholder.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "liveactivity", "apns-topic": ↓"com.example.shop"}, "payload": {"aps": {"event": "update", "timestamp": 1764400000, "content-state": {}}}}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "voip", "apns-topic": ↓"com.example.shop"}, "payload": {"aps": {}}}}}"#,
                note: "FCM message."),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-topic": ↓"com.example.shop.voip"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "An alert sent to the VoIP topic."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.shop.push-type.liveactivity"}, "payload": {"aps": {"event": "update", "timestamp": 1764400000, "content-state": {}}}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.shop"}, "payload": {"aps": {"alert": "Hi"}}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": "voip", "apns-topic": "{{bundle_id}}"}, "payload": {"aps": {}}}"#,
                fileName: "call.json.tmpl", note: "A placeholder is not checked."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let header = APNs.headerValue("apns-topic", in: context), let pushType = header.headers.pushType,
            pushType != .mdm
        else { return [] }
        let topic = header.value
        let at = header.at
        let origin = header.origin
        let other = APNs.topicSuffixes.filter { topic.hasSuffix($0) }.max { $0.count < $1.count }
        if let suffix = pushType.topicSuffix {
            guard !topic.hasSuffix(suffix) else { return [] }
            let bundle = other.map { String(topic.dropLast($0.count)) } ?? topic
            return [
                diagnostic(
                    Self.missingSuffix(topic, suffix, for: pushType.rawValue, origin: origin, write: bundle + suffix),
                    at: at, in: context.document)
            ]
        }
        guard let other else { return [] }
        let bundle = String(topic.dropLast(other.count))
        return [
            diagnostic(
                Self.otherTypesSuffix(topic, other, for: pushType.rawValue, origin: origin, write: bundle),
                at: at, in: context.document)
        ]
    }

    // MARK: Messages

    static func missingSuffix(
        _ topic: String, _ suffix: String, for pushType: String, origin: String, write fixed: String
    ) -> FindingText {
        FindingText(
            "apns-topic \(MessageText.single(topic)) lacks \(MessageText.single(suffix)), which \(pushType) pushes need\(origin): APNs rejects it with DeviceTokenNotForTopic or TopicDisallowed; write \(MessageText.json(fixed))",
            help: "write \"\(fixed)\"")
    }

    static func otherTypesSuffix(
        _ topic: String, _ other: String, for pushType: String, origin: String, write bundle: String
    ) -> FindingText {
        FindingText(
            "apns-topic \(MessageText.single(topic)) is the topic of another push type (\(MessageText.single(other))) but the push type is \(pushType)\(origin): \(pushType) pushes go to the bundle id; write \(MessageText.json(bundle))",
            help: "write \(MessageText.json(bundle))")
    }

}
