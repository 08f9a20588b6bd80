import PushLintJSON
import PushLintModel

/// `fcm-target`: a v1 message names more than one of token, topic, condition and fid.
struct FCMTarget: PayloadRule, DescribedByType {
    static let description = RuleDescription(
        id: "fcm-target",
        summary: "An FCM v1 message names more than one target (token, topic, condition, fid).",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            A v1 `Message` is sent to exactly one of `token`, `topic`, `condition` or `fid`; with two, FCM \
            rejects the request and the admin SDKs throw "Exactly one of fid, token, topic or condition is \
            required" before sending (F-REF `Message`, ADM-N `validateMessage`; platform-rules.md §2.2). To \
            reach several targets, send one message per target (v1 has no multicast in one request).

            The target also decides the size limit that `payload-size` applies: FCM counts the message without \
            its target (`token`, `topic`, `condition`, `fid`) and `name`, compactly serialized, against 4096 \
            bytes, or 2048 bytes when it goes to a topic or condition (F-ERR; §2.4).

            A template often leaves the target out and the sender fills it in, so a message with no target is \
            fine unless the option `requireTarget` is on. The legacy `to` field is reported by \
            `fcm-unknown-field`.
            """,
        options: [
            RuleOption(
                "requireTarget", .boolean, default: "false",
                "Also report a message with no target (for files that are complete requests, not templates).")
        ],
        triggering: [
            RuleExample(
                #"{"message": {"token": "bk3RNwTe3H0:CI2k", ↓"topic": "news", "notification": {"title": "Hi"}}}"#),
            RuleExample(
                #"{"message": {"topic": "news", ↓"condition": "'news' in topics", ↓"fid": "f1", "data": {"k": "v"}}}"#,
                note: "Every target after the first is reported."),
            RuleExample(
                #"{"message": ↓{"notification": {"title": "Hi"}}}"#, config: #"{"options": {"fcm-target": {"requireTarget": true}}}"#,
                note: "With requireTarget, a message without a target."),
        ],
        nonTriggering: [
            RuleExample(#"{"message": {"topic": "news", "notification": {"title": "Hi"}}}"#),
            RuleExample(#"{"message": {"notification": {"title": "Hi"}}}"#, note: "No target: the sender adds it."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .fcm else { return [] }
        let doc = context.document
        let message = context.payload.body
        let targets = doc.members(message).filter { member in FCMSchema.targets.contains { doc.keyEquals(member.key, $0) } }
        if targets.isEmpty {
            guard context.options(for: id).bool("requireTarget", default: false) else { return [] }
            return [diagnostic(Self.noTarget, at: message, in: doc, help: "add \"token\": \"...\" (or topic, condition, fid)")]
        }
        let first = doc.string(targets[0].key)
        return targets.dropFirst().map {
            diagnostic(second(doc.string($0.key), first), at: $0.key, in: doc, help: "keep one target and send one message per target")
        }
    }

    // MARK: Messages

    private func second(_ name: String, _ first: String) -> String {
        "'\(name)' is a second target beside '\(first)': a v1 message goes to exactly one of token, topic, condition or fid, so FCM rejects it; send one message per target"
    }

    private static let noTarget =
        "the message has no target: FCM needs exactly one of token, topic, condition or fid and rejects it; add the target"
}
