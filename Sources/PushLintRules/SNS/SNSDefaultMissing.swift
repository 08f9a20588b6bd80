import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `sns-default-missing`: an SNS message with no `default` and no platform entry SNS can use.
struct SNSDefaultMissing: PayloadRule {
    static let toTopic = OptionKey(
        "toTopic", default: false,
        "The messages are published to a topic: one without a string `default` is reported, since a topic's subscribers without an entry of their own get `default`."
    )

    static let description = RuleDescription(
        id: "sns-default-missing",
        summary: "An SNS message has neither a string `default` nor a usable platform key, so SNS rejects the publish.",
        family: .sns,
        defaultSeverity: .error,
        rationale: """
            With `MessageStructure: json` the message must "contain at least a top-level JSON key of `default` \
            with a value that is a string" (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html). A \
            publish to a topic needs `default` ("must be present when publishing a message to a topic"); a \
            publish to one platform endpoint accepts that platform's key alone, as every example of \
            https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html \
            does, and otherwise answers `InvalidParameter` ("JSON must contain an entry for 'default' or 'APNS'"). \
            A file does not say where it is published, so this rule reports only what fails everywhere: no string \
            `default` and no platform key written exactly with a string value (a `gcm` or `FCM` key is ignored, \
            `sns-unknown-key`). A `default` that is not a string is reported too. When the files are published to \
            a topic, turn on the option `toTopic`: then a message without a string `default` is reported, as SNS \
            needs it for every subscriber whose protocol has no entry of its own.
            """,
        options: [toTopic.declaration],
        triggering: [
            RuleExample(#"{↓"FCM": "{\"data\": {\"message\": \"Hi\"}}"}"#),
            RuleExample(#"{↓"default": {"text": "Hi"}, "APNS": "{\"aps\": {}}"}"#),
            RuleExample(
                #"{↓"APNS": "{\"aps\": {\"alert\": \"Hi\"}}"}"#,
                config: #"{"options": {"sns-default-missing": {"toTopic": true}}}"#,
                note: "Published to a topic: default is needed."),
        ],
        nonTriggering: [
            RuleExample(#"{"GCM": "{\"fcmV1Message\": {\"message\": {\"data\": {\"a\": \"b\"}}}}"}"#),
            RuleExample(#"{"default": "Hi", "APNS": "{\"aps\": {\"alert\": \"Hi\"}}"}"#),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let sns = context.payload.sns else { return [] }
        let doc = context.document
        if let value = sns.defaultValue {
            guard doc.kind(value) != .string, doc.kind(value) != .placeholder, let key = doc.keyNode(ofValue: value)
            else { return [] }
            return [diagnostic(Self.defaultNotString, at: key, in: doc)]
        }
        let anchor = doc.members(context.payload.node).first?.key ?? context.payload.node
        if context[Self.toTopic] { return [diagnostic(Self.topicWithoutDefault, at: anchor, in: doc)] }
        let usable = sns.parts.contains { $0.platform != nil && doc.kind($0.value) == .string }
        guard !usable else { return [] }
        return [diagnostic(Self.nothingUsable, at: anchor, in: doc)]
    }

    // MARK: Messages

    static let nothingUsable = FindingText(
        "the SNS message has no string 'default' and no platform key with a string value, so SNS rejects the publish with InvalidParameter; add \"default\" and the platform's key (APNS, GCM, ...) in upper case",
        help: "add a \"default\" string and the exact platform key")

    static let topicWithoutDefault = FindingText(
        "the SNS message has no string 'default', which a publish to a topic must have (toTopic is on), so SNS rejects the publish; add \"default\" with the text for subscribers without an entry of their own",
        help: "add a \"default\" string")

    static let defaultNotString = FindingText(
        "'default' is not a string, but SNS needs the default message as a string and rejects the publish otherwise; write it as a string",
        help: "write default as a string")
}
