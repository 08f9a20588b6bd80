import PushLintJSON
import PushLintModel

/// `payload-size-headroom`: close to the limit.
struct PayloadSizeHeadroom: PayloadRule {
    static let ratio = OptionKey(
        "ratio", default: 0.9,
        "Share of the limit above which the rule reports (0 to 1).", range: 0...1)

    static let description = RuleDescription(
        id: "payload-size-headroom",
        summary: "The payload's wire size is over a share (default 90%) of its limit.",
        family: .size,
        defaultSeverity: .warning,
        rationale: """
            A template at 95% of the limit fails as soon as a name, a translation or an emoji makes a rendered \
            value longer, and the failure shows up at send time, in production. Measured like `payload-size`: the \
            wire bytes against the limit of what receives them (APNs 4096/5120, FCM 4096/2048, Expo 4096, web \
            push 3993). A payload over the limit itself is `payload-size` only.
            """,
        options: [ratio.declaration],
        triggering: [
            RuleExample(
                "↓{\"aps\": {\"alert\": \"Your receipt\"}, \"receipt\": \"" + ASCIIText.repeated("x", 3800) + "\"}",
                note: "3833 of 4096 bytes.")
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Your order shipped"}, "order_id": "1042"}"#),
            RuleExample(
                "{\"aps\": {\"alert\": \"Your receipt\"}, \"receipt\": \"" + ASCIIText.repeated("x", 3800) + "\"}",
                config: #"{"options": {"payload-size-headroom": {"ratio": 0.95}}}"#, note: "With ratio 0.95."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let ratio = context[Self.ratio]
        return context.payload.sizes.compactMap { size in
            // Compared as Doubles: the product of a limit and a ratio need not fit an Int (the reader keeps the
            // ratio in 0...1; a ratio given through the API is clamped the same way).
            let threshold = Double(size.limit) * min(max(ratio, 0), 1)
            guard Double(size.bytes) > threshold, size.bytes <= size.limit else { return nil }
            return diagnostic(Self.nearLimit(size), at: size.anchor, in: context.document)
        }
    }

    // MARK: Messages

    static func nearLimit(_ size: SizeMeasurement) -> FindingText {
        FindingText(
            "\(size.label) is \(size.bytes) bytes on the wire, \(size.bytes * 100 / size.limit)% of the \(size.limit)-byte limit: a longer rendered value will push it over",
            help: "leave room: send references instead of content")
    }

}
