import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `fcm-target`: a v1 message names more than one of token, topic, condition and fid.
struct FCMTarget: PayloadRule {
    static let requireTarget = OptionKey(
        "requireTarget", default: false,
        "Also report a message with no target (for files that are complete requests, not templates).")

    static let description = RuleDescription(
        id: "fcm-target",
        summary: "An FCM v1 message names more than one target (token, topic, condition, fid).",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            A v1 `Message` is sent to exactly one of `token`, `topic`, `condition` or `fid` (a union field \
            marked Required in the reference, https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `Message`); with two, FCM rejects the request \
            (INVALID_ARGUMENT, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode) and the admin SDKs throw "Exactly one of fid, token, topic or condition is \
            required" before sending (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `Message`, https://github.com/firebase/firebase-admin-node/blob/master/src/messaging/messaging-internal.ts `validateMessage`). To \
            reach several targets, send one message per target (v1 has no multicast in one request).

            The target also decides the size limit that `payload-size` applies: FCM counts the message without \
            its target (`token`, `topic`, `condition`, `fid`) and `name`, compactly serialized, against 4096 \
            bytes, or 2048 bytes when it goes to a topic or condition (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode).

            A target that is `null` or the empty string is not set: proto3 JSON reads `null` as "not set" \
            and a string field's default, `""`, as absent (protobuf.dev/programming-guides/json), so \
            `"token": null` beside a `topic` is no second target, and `"token": ""` is no target at all.

            A template often leaves the target out (or empty) and the sender fills it in, so a message with no \
            target is fine unless the option `requireTarget` is on. The legacy `to` field is reported by \
            `fcm-unknown-field`.

            A device target that holds a documentation placeholder (`YOUR_DEVICE_TOKEN`, `<token>`, `xxx`, a \
            token cut short with `...`) is `payload-target-placeholder`'s (info), whatever level this rule has.
            """,
        options: [requireTarget.declaration],
        triggering: [
            RuleExample(
                #"{"message": {"token": "bk3RNwTe3H0:CI2k", ↓"topic": "news", "notification": {"title": "Hi"}}}"#),
            RuleExample(
                #"{"message": {"topic": "news", ↓"condition": "'news' in topics", ↓"fid": "f1", "data": {"k": "v"}}}"#,
                note: "Every target after the first is reported."),
            RuleExample(
                #"{"message": ↓{"notification": {"title": "Hi"}}}"#,
                config: #"{"options": {"fcm-target": {"requireTarget": true}}}"#,
                note: "With requireTarget, a message without a target."),
            RuleExample(
                #"{"message": {"token": ↓"", "notification": {"title": "Hi"}}}"#,
                config: #"{"options": {"fcm-target": {"requireTarget": true}}}"#,
                note: "An empty token is no target (proto3 default)."),
        ],
        nonTriggering: [
            RuleExample(#"{"message": {"topic": "news", "notification": {"title": "Hi"}}}"#),
            RuleExample(#"{"message": {"notification": {"title": "Hi"}}}"#, note: "No target: the sender adds it."),
            RuleExample(
                #"{"message": {"token": null, "fid": "", "topic": "news", "notification": {"title": "Hi"}}}"#,
                note: "null and \"\" are not set: one target."),
            RuleExample(
                #"{"message": {"token": "YOUR_DEVICE_TOKEN", "notification": {"title": "Hi"}}}"#,
                note: "A documentation placeholder: payload-target-placeholder's info."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .fcm else { return [] }
        let doc = context.document
        let message = context.payload.body
        // Asked of every message: the members are walked in place, and names are built only for findings.
        var written: [Member] = []
        doc.forEachMember(message) { member in
            if FCMSchema.targets.contains(where: { doc.keyEquals(member.key, $0) }) { written.append(member) }
        }
        let targets =
            written.count == 1 && Self.isSet(written[0].value, in: doc)
            ? written : written.filter { Self.isSet($0.value, in: doc) }
        if targets.isEmpty {
            guard context[Self.requireTarget] else { return [] }
            if let unset = written.first {
                let name = doc.string(unset.key)
                return [
                    diagnostic(Self.unsetTarget(name, isNull: doc.kind(unset.value) == .null), at: unset.value, in: doc)
                ]
            }
            return [diagnostic(Self.noTarget, at: message, in: doc)]
        }
        guard targets.count > 1 else { return [] }
        let first = doc.string(targets[0].key)
        return targets.dropFirst().map {
            diagnostic(Self.secondTarget(doc.string($0.key), after: first), at: $0.key, in: doc)
        }
    }

    /// proto3 JSON: `null` is "not set", and `""`, a string field's default, is not sent as a value.
    static func isSet(_ node: NodeID, in doc: JSONDocument) -> Bool {
        switch doc.kind(node) {
        case .null: return false
        case .string: return !doc.withStringBytes(node) { $0.isEmpty }
        default: return true
        }
    }

    // MARK: Messages

    static func unsetTarget(_ name: String, isNull: Bool) -> FindingText {
        let value = isNull ? "null" : "empty"
        return FindingText(
            "the message has no target: \(MessageText.single(name)) is \(value), which FCM reads as not set, and FCM needs exactly one of token, topic, condition or fid and rejects it; give \(MessageText.single(name)) a value",
            help: "give \(MessageText.single(name)) a value (or use topic, condition, fid)")
    }

    static func secondTarget(_ name: String, after first: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) is a second target beside \(MessageText.single(first)): a v1 message goes to exactly one of token, topic, condition or fid, so FCM rejects it; send one message per target",
            help: "keep one target and send one message per target")
    }

    static let noTarget = FindingText(
        "the message has no target: FCM needs exactly one of token, topic, condition or fid and rejects it; add the target",
        help: "add \"token\": \"...\" (or topic, condition, fid)")

}
