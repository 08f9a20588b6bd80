import PushLintJSON
import PushLintModel

/// `fcm-data-reserved-key`: a data key that FCM reserves or the Android client strips.
struct FCMDataReservedKey: PayloadRule, DescribedByType {
    static let description = RuleDescription(
        id: "fcm-data-reserved-key",
        summary: "A key in an FCM data map is reserved by FCM or stripped by the Android client.",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            FCM reserves the data keys `from` and `message_type` and every key that starts with `google.` or \
            `gcm.`: a message that uses one is rejected with INVALID_ARGUMENT (F-REF `data`, F-ERR; \
            platform-rules.md §2.3). The admin SDKs do not check this, so it surfaces only when sending.

            `collapse_key` is accepted, but the Android client removes it (with the reserved keys) before the \
            app sees the data (FAND `Constants.MessagePayloadKeys`): a warning, since the value silently never \
            arrives. To collapse messages, set `android.collapse_key`.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {↓"from": "support", ↓"google.campaign": "wk48", "order_id": "1"}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "android": {"data": {↓"message_type": "chat", ↓"gcm.n.e": "1"}}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "data": {↓"collapse_key": "order-48213"}}}"#,
                note: "A warning: Android strips it before the app reads the data."),
        ],
        nonTriggering: [
            RuleExample(#"{"message": {"token": "t", "data": {"sender": "support", "campaign": "wk48", "type": "chat"}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "android": {"collapse_key": "order-48213"}, "data": {"googleplay": "1"}}}"#,
                note: "The collapse key in its place; a key that only begins with 'google' without the dot."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .fcm else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        for (mapPath, map) in FCMSchema.dataMaps(of: context.payload, in: doc) {
            doc.forEachMember(map) { member in
                // Decided on the key's bytes: nearly every data key is an ordinary one, not worth decoding.
                guard let reason = doc.withStringBytes(member.key, Self.reason),
                    !context.isTemplated(member.key)
                else { return }
                switch reason {
                case .stripped:
                    result.append(
                        diagnostic(
                            stripped(mapPath), at: member.key, in: doc, severity: .warning,
                            help: "set android.collapse_key, or rename the data key"))
                case .reserved(let why):
                    let key = doc.string(member.key)
                    result.append(diagnostic(reserved(mapPath, key, why), at: member.key, in: doc, help: "rename '\(key)'"))
                }
            }
        }
        return result
    }

    enum Reason {
        /// Accepted by FCM, removed by the Android client.
        case stripped
        /// Rejected by FCM, and why ("is reserved").
        case reserved(String)
    }

    /// Why FCM or its Android client does not take a data key (its UTF-8), or nil for an ordinary key.
    static func reason(_ key: UnsafeBufferPointer<UInt8>) -> Reason? {
        if ASCIIText.equals(key, "collapse_key") { return .stripped }
        if ASCIIText.equals(key, "from") || ASCIIText.equals(key, "message_type") { return .reserved("is reserved") }
        for prefix: StaticString in ["google.", "gcm."] where ASCIIText.matches(key, at: 0, prefix) {
            return .reserved("starts with '\(prefix)', which is reserved")
        }
        return nil
    }

    // MARK: Messages

    private func reserved(_ map: String, _ key: String, _ reason: String) -> String {
        "\(map) key '\(key)' \(reason) by FCM, so FCM rejects the message with INVALID_ARGUMENT; rename the key"
    }

    private func stripped(_ map: String) -> String {
        "\(map) key 'collapse_key' is removed by the Android client before the app reads the data; set android.collapse_key to collapse messages, or rename the key"
    }
}
