import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `fcm-legacy-format`: a message for the legacy FCM HTTP API, which was shut down in 2024.
struct FCMLegacyFormat: PayloadRule {
    static let description = RuleDescription(
        id: "fcm-legacy-format",
        summary: "The message is in the format of the legacy FCM HTTP API, which no longer sends anything.",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            The legacy HTTP and XMPP APIs (`https://fcm.googleapis.com/fcm/send` with `to`, \
            `registration_ids`, `priority`, `time_to_live`, ...) were deprecated on 2023-06-20 and shut down \
            from 2024-07-22 (https://firebase.google.com/docs/cloud-messaging/migrate-v1). Sent to HTTP v1, these fields are unknown and \
            rejected with INVALID_ARGUMENT (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). The finding lists, for every field of the file, the v1 field that takes its value, \
            following Firebase's migration guide (https://firebase.google.com/docs/cloud-messaging/migrate-v1 migrate-v1): `to` becomes `token` (or `topic`), \
            `priority` becomes `android.priority` and the `apns-priority` header, `time_to_live` becomes \
            `android.ttl` as `"3600s"`, `notification.android_channel_id` becomes \
            `android.notification.channel_id`, and so on, all inside `{"message": {...}}`.

            A v1 message that contains a single legacy field is not this rule's: `fcm-unknown-field` reports \
            that field with its replacement. Inside an envelope the rule is silent: an SNS `GCM` value and a \
            Pusher Beams `fcm` member take the legacy shape by their services' documentation, and PubNub remaps \
            `pn_gcm` (`pubnub-gcm-deprecated`).
            """,
        triggering: [
            RuleExample(
                #"{↓"to": "bk3RNwTe3H0:CI2k", "notification": {"title": "Order shipped", "android_channel_id": "orders"}, "priority": "high", "time_to_live": 3600}"#
            ),
            RuleExample(
                #"{↓"registration_ids": ["a", "b"], "data": {"order_id": "48213"}, "collapse_key": "orders"}"#),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "bk3RNwTe3H0:CI2k", "notification": {"title": "Order shipped"}, "android": {"priority": "HIGH", "ttl": "3600s", "notification": {"channel_id": "orders"}}}}"#
            )
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        // Inside an envelope the service, not the app, talks to Firebase: SNS documents the legacy shape inside its
        // `GCM` value (https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html),
        // Pusher Beams inside `fcm` (https://pusher.com/docs/beams/reference/publish-payloads/), and PubNub remaps
        // `pn_gcm` itself (`pubnub-gcm-deprecated` says when that fails).
        guard context.payload.kind == .fcmLegacy, context.enclosingKind == nil else { return [] }
        let doc = context.document
        let node = context.payload.node
        var moves: [(from: String, to: String)] = []
        for member in doc.members(node) {
            let key = doc.string(member.key)
            if key == "notification", doc.kind(member.value) == .object {
                for field in doc.members(member.value) {
                    let name = doc.string(field.key)
                    // Fields that keep their place need no word; only moves are listed.
                    if FCMSchema.notification.field(named: name) == nil,
                        let replacement = FCMSchema.notification.replacement(forForeign: name)
                    {
                        moves.append(("notification." + name, replacement))
                    }
                }
            } else if key == "to", let target = doc.stringValue(member.value) {
                moves.append(("to", target.hasPrefix("/topics/") ? Self.topic(String(target.dropFirst(8))) : "token"))
            } else if let replacement = FCMSchema.message.replacement(forForeign: key) {
                moves.append((key, replacement))
            } else if key == "data" {
                moves.append(("data", "data (string values only)"))
            }
        }
        let anchor = doc.members(node).first?.key ?? node
        return [diagnostic(Self.legacyAPI(moving: moves), at: anchor, in: doc)]
    }

    // MARK: Messages

    /// `moves`: each legacy field and the v1 field that takes its value, in the file's order.
    static func legacyAPI(moving moves: [(from: String, to: String)]) -> FindingText {
        let list = moves.isEmpty ? "" : ": " + moves.map { "\($0.from) -> \($0.to)" }.joined(separator: "; ")
        return FindingText(
            "this is a legacy FCM HTTP API message, and that API was shut down in 2024, so nothing is delivered; send it to HTTP v1 as {\"message\": {...}} with the fields moved (v1 paths inside message)\(list)",
            help: "wrap the message in {\"message\": {...}} and move each field to its v1 place")
    }

    /// Where `to: "/topics/<name>"` goes.
    static func topic(_ name: String) -> String {

        "topic (\(MessageText.json(name)), without /topics/)"
    }
}
