import PushLintJSON
import PushLintModel

/// `webpush-service-size`: a web push message that fits the RFC's plaintext limit but not the smaller body some push
/// services document.
struct WebPushServiceSize: PayloadRule {
    static let description = RuleDescription(
        id: "webpush-service-size",
        summary:
            "A web push message is larger than the body some push services document (Firefox through FCM or APNs).",
        family: .webpush,
        defaultSeverity: .warning,
        rationale: """
            A push service must accept 4096 octets of body (RFC 8030 §7.2, \
            https://www.rfc-editor.org/rfc/rfc8030#section-7.2); with `Content-Encoding: aes128gcm` one record \
            spends 86 octets on its header, 16 on the tag and 1 on padding, which leaves 3993 octets of \
            plaintext (RFC 8291 §4, https://www.rfc-editor.org/rfc/rfc8291#section-4): over that \
            `payload-size` reports an error. (4078 is the legacy `aesgcm` figure, whose salt and key travel in \
            headers.)

            Some push services document less. Mozilla's autopush bridges Firefox on Android and iOS through FCM \
            and APNs and base64-encodes the body, so "data may be limited to only 2744 bytes instead of the \
            normal 4096 bytes" (https://mozilla-services.github.io/autopush-rs/http.html): 2641 octets of \
            aes128gcm plaintext. Which subscription is bridged is not visible in the message, so a message over \
            2641 octets is a warning that Firefox users on mobile may not receive it. Send an id and let the \
            service worker fetch the rest.
            """,
        triggering: [
            RuleExample(
                "↓{\"web_push\": 8030, \"notification\": {\"title\": \"Digest\", \"navigate\": \"https://example.com/\", \"body\": \""
                    + ASCIIText.repeated("x", 2700) + "\"}}",
                note: "About 2.8 KB of plaintext.")
        ],
        nonTriggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Digest", "navigate": "https://example.com/digest/7"}}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .webpush, let size = context.payload.sizes.first else { return [] }
        // Over the RFC limit the error of payload-size says it all.
        guard size.bytes > WebPushSchema.bridgedPlaintextLimit, size.bytes <= size.limit else { return [] }
        return [diagnostic(Self.overBridgedLimit(size.bytes), at: size.anchor, in: context.document)]
    }

    // MARK: Messages

    static func overBridgedLimit(_ bytes: Int) -> FindingText {
        FindingText(
            "this web push message is \(bytes) bytes of plaintext: it fits the 3993 of an aes128gcm record, but Mozilla's push service limits Firefox on Android and iOS (bridged through FCM and APNs) to a \(WebPushSchema.bridgedBodyLimit)-byte body, \(WebPushSchema.bridgedPlaintextLimit) bytes of plaintext; send an id and fetch the rest in the service worker",
            help: "keep the message under \(WebPushSchema.bridgedPlaintextLimit) bytes")
    }
}
