import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `sns-attribute-ttl`: an `AWS.SNS.MOBILE.<PLATFORM>.TTL` message attribute that SNS cannot use.
struct SNSAttributeTTL: PayloadRule {
    static let description = RuleDescription(
        id: "sns-attribute-ttl",
        summary:
            "An SNS TTL message attribute is not a whole number of seconds, or 0 where the platform gives 0 no meaning.",
        family: .sns,
        defaultSeverity: .error,
        rationale: """
            SNS takes a message's time to live per platform from the attribute `AWS.SNS.MOBILE.<PLATFORM>.TTL`, in \
            seconds (https://docs.aws.amazon.com/sns/latest/dg/sns-ttl.html). "If the TTL value is set to 0 and the \
            push notification service does not have a specific meaning for 0, then Amazon SNS will drop the \
            message": 0 means "now or never" to APNs and FCM only. A value that is no whole number of seconds is not \
            a TTL. The attributes are read from pushlint's `attributes` key beside the message (docs/sns.md).
            """,
        triggering: [
            RuleExample(
                #"{"default": "Hi", "ADM": "{\"data\": {\"m\": \"Hi\"}}", "attributes": {"AWS.SNS.MOBILE.ADM.TTL": ↓"0"}}"#
            ),
            RuleExample(
                #"{"APNS": "{\"aps\": {\"alert\": \"Hi\"}}", "attributes": {"AWS.SNS.MOBILE.APNS.TTL": ↓{"DataType": "String", "StringValue": "1h"}}}"#
            ),
        ],
        nonTriggering: [
            RuleExample(
                #"{"APNS": "{\"aps\": {\"alert\": \"Hi\"}}", "attributes": {"AWS.SNS.MOBILE.APNS.TTL": "0", "AWS.SNS.MOBILE.FCM.TTL": {"DataType": "String", "StringValue": "3600"}}}"#
            )
        ])

    /// The platforms whose service gives a TTL of 0 a meaning (deliver now or never): APNs and FCM.
    static let zeroMeaning: Set<String> = [
        "APNS", "APNS_SANDBOX", "APNS_VOIP", "APNS_VOIP_SANDBOX", "MACOS", "MACOS_SANDBOX", "GCM", "FCM",
    ]

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let object = context.payload.sns?.attributesNode else { return [] }
        let doc = context.document
        guard doc.kind(object) == .object else { return [] }
        var result: [Diagnostic] = []
        doc.forEachMember(object) { member in
            let name = doc.string(member.key)
            guard name.hasPrefix("AWS.SNS.MOBILE."), name.hasSuffix(".TTL") else { return }
            let platform = String(name.dropFirst("AWS.SNS.MOBILE.".count).dropLast(".TTL".count))
            let value =
                doc.stringValue(member.value)
                ?? (doc.kind(member.value) == .number ? doc.rawText(member.value) : nil)
                ?? (doc.kind(member.value) == .object ? doc.memberString(member.value, "StringValue") : nil)
            guard let value, !context.isTemplated(member.value) else { return }
            if value.isEmpty || !value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                result.append(diagnostic(Self.notSeconds(name, value), at: member.value, in: doc))
            } else if value.utf8.allSatisfy({ $0 == 0x30 }), !Self.zeroMeaning.contains(platform) {
                result.append(diagnostic(Self.zero(name, platform), at: member.value, in: doc))
            }
        }
        return result
    }

    // MARK: Messages

    static func notSeconds(_ name: String, _ value: String) -> FindingText {
        FindingText(
            "\(name) is \(MessageText.single(value)), but SNS takes the time to live as a whole number of seconds; write the seconds, for example \"3600\"",
            help: "write the TTL in whole seconds")
    }

    static func zero(_ name: String, _ platform: String) -> FindingText {
        FindingText(
            "\(name) is 0, and \(platform) gives a TTL of 0 no meaning, so SNS drops the message; give it the seconds it may wait",
            help: "set a TTL of at least 1 second")
    }
}
