import PushLintJSON
import PushLintModel

/// `payload-size`: wire size over the limit of what receives it.
struct PayloadSize: PayloadRule {
    static let description = RuleDescription(
        id: "payload-size",
        summary: "The payload's wire size is over the limit of the service that receives it.",
        family: .size,
        defaultSeverity: .error,
        rationale: """
            Limits are counted on the bytes sent, minified and UTF-8 encoded, so pushlint measures the minimal \
            compact serialization, not the file on disk (a pretty-printed 5 KB file may be a 3 KB payload). \
            What is counted and the limits:

            - APNs body (an envelope's `payload`): 4096 bytes, 5120 for `apns-push-type: voip` and for \
            broadcast Live Activity pushes (headers with `apns-channel-id`, Apple "Sending broadcast push \
            notification requests to APNs"); over it APNs answers 413 PayloadTooLarge (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). A simulator file's `Simulator Target Bundle` key is not counted.
            - FCM v1: the `message` without its target (`token`, `topic`, `condition`, `fid`) and `name`: 4096 \
            bytes, 2048 when sent to a topic or condition; over it FCM answers INVALID_ARGUMENT "message too big" \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode).
            - The APNs view of an FCM message (`apns.payload` with `notification.title/body` merged into the \
            alert and the `data` keys beside `aps`) and of an Expo message: 4096 bytes.
            - Expo: what one device receives, 4096 bytes: the message without its recipients `to`. Expo \
            answers with the push receipt error MessageTooBig, "the total payload must be at most 4096 bytes" \
            (https://docs.expo.dev/push-notifications/sending-notifications/ "Individual errors"); a receipt is per recipient, and the token list \
            reaches no device, so a message to 100 tokens has the size of one to a single token.
            - Web push through FCM `webpush`, and a web push message (the `webpush` kind, the whole JSON the \
            server encrypts): 3993 bytes of plaintext, what fits a 4096-byte aes128gcm record (RFC 8291 §4, \
            https://www.rfc-editor.org/rfc/rfc8291#section-4; 4078 is the legacy aesgcm figure).

            Send an id and a cursor and let the app fetch the content.
            """,
        triggering: [
            RuleExample(
                "↓{\"aps\": {\"alert\": \"Your receipt\"}, \"receipt\": \"" + ASCIIText.repeated("x", 4070) + "\"}",
                note: "A 4103-byte APNs body."),
            RuleExample(
                "{\"message\": ↓{\"topic\": \"news\", \"data\": {\"story\": \"" + ASCIIText.repeated("x", 2040)
                    + "\"}}}",
                note: "Over 2048 bytes to a topic."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Your order shipped"}, "order_id": "1042", "cursor": "c_81"}"#),
            RuleExample(
                "{\"message\": {\"token\": \"t\", \"data\": {\"story\": \"" + ASCIIText.repeated("x", 2040) + "\"}}}",
                note: "The same 2 KB message to a device token."),
            RuleExample(
                #"{"to": ["#
                    + (0..<100).map { #""ExponentPushToken[N1Xk3vQ9bY2mT7pLd4s\#(100 + $0)]""# }.joined(separator: ", ")
                    + #"], "title": "Sale", "body": "Everything 20% off until midnight"}"#,
                note:
                    "An Expo message to 100 tokens: the 4.5 KB token list reaches no device, each receives about 80 bytes."
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        context.payload.sizes.compactMap { size in
            guard size.bytes > size.limit else { return nil }
            return diagnostic(Self.overLimit(size), at: size.anchor, in: context.document)
        }
    }

    // MARK: Messages

    static func overLimit(_ size: SizeMeasurement) -> FindingText {
        FindingText(
            "\(size.label) is \(size.bytes) bytes on the wire, over the \(size.limit)-byte limit (\(size.limitReason)); the provider rejects it",
            help: "send an id and a cursor and let the app fetch the content; move long text out of the payload")
    }

}
