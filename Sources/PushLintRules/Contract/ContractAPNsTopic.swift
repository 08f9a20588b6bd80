import PushLintJSON
import PushLintModel

/// `contract-apns-topic`: `apns-topic` is not the app's bundle id.
struct ContractAPNsTopic: PayloadRule {
    static let description = RuleDescription(
        id: "contract-apns-topic",
        summary: "The `apns-topic` header is not the contract's bundle id (with the suffix a push type may add).",
        family: .contract,
        defaultSeverity: .error,
        rationale: """
            `apns-topic` is the app's bundle id, plus a suffix for some push types (`.voip`, `.complication`, \
            `.pushkit.fileprovider`, `.push-type.liveactivity`, `.location-query`, `.voip-ptt`, \
            `.push-type.widgets`, `.push-type.controls`). A topic of another app, a staging bundle id or a typo \
            is rejected with 400 `BadTopic`, `TopicDisallowed` or `DeviceTokenNotForTopic` (https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns). The rule compares the topic without its suffix with the contract's \
            `ios.bundleId`; whether the suffix fits the push type is `apns-topic-suffix`'s job. MDM pushes, \
            whose topic is a certificate UID, are not checked.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-topic": ↓"com.example.shop.staging"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                contract: ExampleContracts.shop),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-topic": ↓"com.example.shoop"}, "payload": {"aps": {"alert": "Hi"}}}}}"#,
                contract: ExampleContracts.shop),
        ],
        nonTriggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.shop"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                contract: ExampleContracts.shop),
            RuleExample(
                #"{"headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.shop.push-type.liveactivity"}, "payload": {"aps": {"timestamp": 1764400000, "event": "end", "content-state": {}}}}"#,
                contract: ExampleContracts.shop),
        ])

    static let suffixes = [
        ".push-type.liveactivity", ".push-type.widgets", ".push-type.controls", ".pushkit.fileprovider",
        ".location-query",
        ".complication", ".voip-ptt", ".voip",
    ]

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let bundleId = context.contract?.ios?.bundleId, let headers = context.payload.apns?.headers,
            headers.pushType != .mdm, let entry = headers.entry("apns-topic"), let node = entry.valueNode,
            let topic = entry.value, !context.isTemplated(node)
        else { return [] }
        var base = topic
        if let suffix = Self.suffixes.first(where: { topic.hasSuffix($0) && topic.count > $0.count }) {
            base = String(topic.dropLast(suffix.count))
        }
        guard base != bundleId else { return [] }
        let fixed = bundleId + String(topic.dropFirst(base.count))
        return [diagnostic(Self.notTheBundleId(topic, bundleId, fixed: fixed), at: node, in: context.document)]
    }

    // MARK: Messages

    /// `fixed`: the topic with the bundle id in place of what it starts with.
    static func notTheBundleId(_ topic: String, _ bundleId: String, fixed: String) -> FindingText {
        FindingText(
            "apns-topic '\(topic)' is not the app's bundle id '\(bundleId)' (plus a push-type suffix): APNs rejects it with BadTopic or DeviceTokenNotForTopic",
            help: "write \"\(fixed)\"")
    }

}
