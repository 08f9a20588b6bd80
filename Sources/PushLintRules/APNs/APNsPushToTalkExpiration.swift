import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-pushtotalk-expiration`: a push-to-talk push that APNs may store and deliver late.
struct APNsPushToTalkExpiration: PayloadRule {
    static let description = RuleDescription(
        id: "apns-pushtotalk-expiration",
        summary: "A push-to-talk push is sent without `apns-expiration: 0`, so APNs may store it and deliver it late.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            Apple's push-to-talk documentation has the server send every `pushtotalk` push with `apns-expiration: 0` \
            (and priority 10, which `apns-priority-value` checks): the push tells the device who is speaking now \
            (https://developer.apple.com/documentation/pushtotalk/creating-a-push-to-talk-app). With a nonzero \
            expiration APNs stores a push it cannot deliver at once and tries again until that date, and without the \
            header it stores it as its storage policy allows; only `0` makes APNs try once and store nothing \
            (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns). A \
            device that comes back online is then told of a speaker who finished long ago. APNs accepts the \
            request, so this is a warning. A value with a placeholder is not judged; a misspelt header and a value \
            that is not a string are `apns-header-format`'s findings.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": ↓"pushtotalk", "apns-priority": "10", "apns-topic": "com.example.shop.voip-ptt"}, "payload": {"activeSpeaker": "Anna"}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": "10", "apns-expiration": ↓"1764486400", "apns-topic": "com.example.shop.voip-ptt"}, "payload": {"activeSpeaker": "Anna"}}"#,
                note: "An expiration date: APNs keeps the push until then."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": "10", "apns-expiration": "0", "apns-topic": "com.example.shop.voip-ptt"}, "payload": {"activeSpeaker": "Anna"}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-priority": "10"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "Another push type."),
            RuleExample(
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": "10", "apns-expiration": "{{expires_at}}"}, "payload": {"activeSpeaker": "Anna"}}"#,
                fileName: "speaker.json.tmpl", note: "A placeholder is not judged."),
            RuleExample(
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": "10", "apns-expiraton": "0"}, "payload": {"activeSpeaker": "Anna"}}"#,
                note: "A misspelt header is apns-header-format's finding."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let view = context.payload.apns, let headers = view.headers, headers.origin != .expo,
            headers.pushType == .pushtotalk
        else { return [] }
        let origin = APNs.origin(headers)
        switch headers.lookup("apns-expiration") {
        case .present(let expiration):
            guard let value = expiration.value, value != "0" else { return [] }
            if let node = expiration.valueNode, context.isTemplated(node) { return [] }
            let at = expiration.valueNode ?? view.anchor
            return [diagnostic(Self.storedUntil(value, origin: origin), at: at, in: doc)]
        case .absent:
            let at = headers.entry("apns-push-type")?.valueNode ?? headers.object ?? view.anchor
            return [diagnostic(Self.noExpiration(origin: origin), at: at, in: doc)]
        case .misspelt:
            return []
        }
    }

    // MARK: Messages

    static func noExpiration(origin: String) -> FindingText {
        FindingText(
            "push-to-talk push without apns-expiration\(origin): APNs stores it and may deliver it late, naming a speaker who has finished; add \"apns-expiration\": \"0\"",
            help: "add \"apns-expiration\": \"0\"")
    }

    static func storedUntil(_ value: String, origin: String) -> FindingText {
        FindingText(
            "apns-expiration \(MessageText.json(value)) on a push-to-talk push\(origin): APNs stores it until then and may deliver it late, naming a speaker who has finished; write \"0\"",
            help: "write \"0\"")
    }
}
