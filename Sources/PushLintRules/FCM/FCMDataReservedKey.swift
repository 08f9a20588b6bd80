import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `fcm-data-reserved-key`: a data key that FCM reserves or the Android client strips.
struct FCMDataReservedKey: PayloadRule {
    static let description = RuleDescription(
        id: "fcm-data-reserved-key",
        summary: "A key in an FCM data map is reserved by FCM or stripped by the Android client.",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            The description of `Message.data` in Google's discovery document (`fcm.v1`, revision 20261023; https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages) \
            reserves the keys `from` and `message_type` and every key that starts with `google.` or \
            `gcm.notification.`: a message that uses one is rejected with INVALID_ARGUMENT (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). The admin SDKs do not check this, so it surfaces only when sending.

            Other keys that start with `gcm.`, and `collapse_key`, are accepted, but the Android client leaves \
            them out of the data the app reads (`RemoteMessage.getData` skips `google.*`, `gcm.*`, `from`, \
            `message_type` and `collapse_key`; https://github.com/firebase/firebase-android-sdk/blob/main/firebase-messaging/src/main/java/com/google/firebase/messaging/CommonNotificationBuilder.java): a warning, since the value silently never arrives on \
            Android. To collapse messages, set `android.collapse_key`.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {↓"from": "support", ↓"google.campaign": "wk48", "order_id": "1"}}}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "android": {"data": {↓"message_type": "chat", ↓"gcm.notification.title": "Hi"}}}}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "data": {↓"collapse_key": "order-48213", ↓"gcm.n.e": "1"}}}"#,
                note: "Warnings: FCM accepts them, the Android client drops them before the app reads the data."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"sender": "support", "campaign": "wk48", "type": "chat"}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "android": {"collapse_key": "order-48213"}, "data": {"googleplay": "1", "gcm": "x"}}}"#,
                note: "The collapse key in its place; keys that only begin with 'google' or 'gcm' without the dot."),
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
                case .collapseKey:
                    result.append(diagnostic(Self.stripped(mapPath), at: member.key, in: doc, severity: .warning))
                case .clientPrefix:
                    let key = doc.string(member.key)
                    result.append(diagnostic(Self.dropped(mapPath, key), at: member.key, in: doc, severity: .warning))
                case .reserved(let prefix):
                    let key = doc.string(member.key)
                    result.append(diagnostic(Self.reserved(mapPath, key, prefix: prefix), at: member.key, in: doc))
                }
            }
        }
        return result
    }

    enum Reason {
        /// `collapse_key`: accepted by FCM, removed by the Android client.
        case collapseKey
        /// A `gcm.` key that FCM does not reserve: accepted, removed by the Android client.
        case clientPrefix
        /// Rejected by FCM: a reserved word (no prefix) or a key under a reserved prefix.
        case reserved(prefix: String?)
    }

    /// Why FCM or its Android client does not take a data key (its UTF-8), or nil for an ordinary key. The reserved
    /// words are those of the `Message.data` description (F-REF, revision 20261023).
    static func reason(_ key: UnsafeBufferPointer<UInt8>) -> Reason? {
        if ASCIIText.equals(key, "collapse_key") { return .collapseKey }
        if ASCIIText.equals(key, "from") || ASCIIText.equals(key, "message_type") { return .reserved(prefix: nil) }
        for prefix: StaticString in ["google.", "gcm.notification."] where ASCIIText.matches(key, at: 0, prefix) {
            return .reserved(prefix: "\(prefix)")
        }
        if ASCIIText.matches(key, at: 0, "gcm.") { return .clientPrefix }
        return nil
    }

    // MARK: Messages

    static func reserved(_ map: String, _ key: String, prefix: String?) -> FindingText {
        let reason = prefix.map { "starts with \(MessageText.single($0)), which is reserved" } ?? "is reserved"
        return FindingText(
            "\(map) key \(MessageText.single(key)) \(reason) by FCM, so FCM rejects the message with INVALID_ARGUMENT; rename the key",
            help: "rename \(MessageText.single(key))")
    }

    static func dropped(_ map: String, _ key: String) -> FindingText {
        FindingText(
            "\(map) key \(MessageText.single(key)) starts with 'gcm.': FCM accepts it, but the Android client drops such keys before the app reads the data, so the value never arrives on Android; rename the key",
            help: "rename \(MessageText.single(key))")
    }

    static func stripped(_ map: String) -> FindingText {
        FindingText(
            "\(map) key 'collapse_key' is removed by the Android client before the app reads the data; set android.collapse_key to collapse messages, or rename the key",
            help: "set android.collapse_key, or rename the data key")
    }

}
