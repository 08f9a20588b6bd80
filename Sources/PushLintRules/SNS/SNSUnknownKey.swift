import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `sns-unknown-key`: a key of an SNS message that is no platform, `default` or protocol key.
struct SNSUnknownKey: PayloadRule {
    static let description = RuleDescription(
        id: "sns-unknown-key",
        summary: "A key of an SNS message is not a platform or protocol key (`gcm`, `FCM`), so SNS ignores it.",
        family: .sns,
        defaultSeverity: .error,
        rationale: """
            "Keys that do not correspond to supported transport protocols are ignored" \
            (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html, `Message`). AWS names the platform keys \
            in upper case: `APNS`, `APNS_SANDBOX`, `APNS_VOIP`, `APNS_VOIP_SANDBOX`, `MACOS`, `MACOS_SANDBOX`, `GCM` \
            (Firebase Cloud Messaging), `ADM`, `BAIDU`, `MPNS`, `WNS` \
            (https://docs.aws.amazon.com/sns/latest/api/API_CreatePlatformApplication.html, \
            https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html). \
            A key in another letter case (`gcm`, `Apns`), the name `FCM` (on AWS's 2019 page; FCM's key is `GCM`) or \
            a name that is no platform (`APNS_PLATFORM`) is not one of them: the publish succeeds and the platform's \
            devices get the `default` message, or the publish fails when nothing else is left. The keys of a \
            topic's other protocols (`email`, `sqs`, `sms`, `http`, `https`, `lambda`, `firehose`, `application`, \
            `email-json`) and pushlint's own `attributes` (docs/sns.md) are not reported.
            """,
        triggering: [
            RuleExample(#"{"default": "Hi", ↓"gcm": "{\"notification\": {\"title\": \"Hi\"}}"}"#),
            RuleExample(#"{"default": "Hi", ↓"FCM": "{\"data\": {\"message\": \"Hi\"}}"}"#),
            RuleExample(#"{"default": "Hi", ↓"APNS_PLATFORM": "{\"aps\": {}}", "APNS": "{\"aps\": {}}"}"#),
        ],
        nonTriggering: [
            RuleExample(#"{"default": "Hi", "email": "Hello", "GCM": "{\"notification\": {\"title\": \"Hi\"}}"}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .sns else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        doc.forEachMember(context.payload.node) { member in
            let key = doc.string(member.key)
            guard SNSPlatform(rawValue: key) == nil, key != "default", key != SNSEnvelope.attributesKey,
                !SNSEnvelope.protocolKeys.contains(key)
            else { return }
            let text =
                SNSPlatform.meant(by: key).map { Self.misspelt(key, meant: $0.rawValue) } ?? Self.unknown(key)
            result.append(diagnostic(text, at: member.key, in: doc))
        }
        return result
    }

    // MARK: Messages

    static func misspelt(_ key: String, meant: String) -> FindingText {
        FindingText(
            "key \(MessageText.single(key)) is not an SNS platform key, so SNS ignores it and \(meant) devices get the default message or nothing; write \(MessageText.single(meant))",
            help: "rename the key to \(MessageText.single(meant))")
    }

    static func unknown(_ key: String) -> FindingText {
        FindingText(
            "key \(MessageText.single(key)) is no SNS platform or protocol key, so SNS ignores it; use APNS, APNS_SANDBOX, APNS_VOIP, APNS_VOIP_SANDBOX, MACOS, MACOS_SANDBOX, GCM, ADM, BAIDU, MPNS, WNS or default",
            help: "rename the key to the platform it is for, or remove it")
    }
}
