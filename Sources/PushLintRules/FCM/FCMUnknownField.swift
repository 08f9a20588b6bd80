import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `fcm-unknown-field`: a field the HTTP v1 schema does not have at that path.
struct FCMUnknownField: PayloadRule {
    static let description = RuleDescription(
        id: "fcm-unknown-field",
        summary: "A field that the FCM HTTP v1 message schema does not have at that place.",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            FCM parses a v1 request with the proto3 JSON mapping: a field the `Message` schema does not know is \
            not ignored but rejected, and the whole message is not sent (400 INVALID_ARGUMENT "Invalid JSON \
            payload received. Unknown name ...: Cannot find field", https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode; https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages \
            `projects.messages`). The schema is that of Google's discovery document (`fcm.v1`, revision \
            20261023), from which pushlint's table is generated, `androidV2` included. The usual cause is a field of the legacy HTTP API (`to`, `priority`, \
            `time_to_live`, `content_available`, `click_action` in `notification`): the finding names the v1 \
            field that takes the value (https://firebase.google.com/docs/cloud-messaging/migrate-v1 migrate-v1). Custom values belong in `data`.

            Every field may be written in snake_case (`collapse_key`) or lowerCamelCase (`collapseKey`), as FCM \
            accepts both (proto3 JSON, protobuf.dev/programming-guides/json). The same field under both \
            spellings in one object is a warning: only one of the two values can be used, and no Google source \
            says which one, or whether FCM rejects the message. `apns.payload` (checked by the APNs rules), `webpush.notification`, the \
            `data` maps and header maps are free-form and not looked into.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "bk3RNwTe3H0:CI2k", "notification": {"title": "Order shipped"}, ↓"time_to_live": 3600}}"#,
                note: "A legacy field: v1 takes the TTL as android.ttl."),
            RuleExample(
                #"{"message": {"topic": "news", "notification": {"title": "Hi", ↓"click_action": "OPEN_NEWS"}}}"#,
                note: "click_action belongs to android.notification in v1."),
            RuleExample(
                #"{"message": {"token": "t", "android": {"notification": {↓"chanel_id": "orders"}}}}"#,
                note: "A typo, with a did-you-mean."),
            RuleExample(
                #"{"message": {"token": "t", "android": {"collapse_key": "a", ↓"collapseKey": "b"}}}"#,
                note: "Both spellings of one field: a warning."),
            RuleExample(
                #"{↓"dry_run": true, "message": {"token": "t", "data": {"k": "v"}}}"#,
                note: "The send request takes validate_only."),
            RuleExample(
                #"{"token": "t", "notification": {"title": "Hi"}, ↓"priority": "high"}"#,
                note: "A bare message without the envelope."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Hi"}, "android": {"ttl": "3600s", "priority": "HIGH", "notification": {"click_action": "OPEN_NEWS", "channel_id": "news"}}}}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "android": {"collapseKey": "a", "notification": {"channelId": "orders"}}, "fcmOptions": {"analyticsLabel": "x"}}}"#,
                note: "lowerCamelCase spellings."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"anything": "goes"}, "apns": {"payload": {"aps": {"badge": 1}, "custom": "x"}}, "webpush": {"notification": {"requireInteraction": true}}}}"#,
                note: "Free-form maps and objects are not looked into."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .fcm else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        // The payload's schema walk has looked every key up: known fields that come twice, then the other keys
        // (`UnknownField`). A templated key is unknown until rendered (with custom delimiters, such as `_`, a field
        // name can hold a placeholder); outside templates asking costs nothing.
        let known = context.payload.schemaMembers
        // The fields seen so far, per object; a field seen again is looked up back to its first spelling (rare).
        var seen: [(object: NodeID, positions: FieldPositions)] = []
        for (index, member) in known.enumerated() where !context.isTemplated(member.member.key) {
            let object = member.object
            let slot: Int
            if let found = seen.firstIndex(where: { $0.object == object.node }) {
                slot = found
            } else {
                seen.append((object.node, FieldPositions()))
                slot = seen.count - 1
            }
            guard !seen[slot].positions.insert(member.position),
                let first = known[..<index].first(where: {
                    $0.object.node == object.node && $0.position == member.position
                        && !context.isTemplated($0.member.key)
                })
            else { continue }
            let key = doc.string(member.member.key)
            let firstSpelling = doc.string(first.member.key)
            if key != firstSpelling {
                result.append(
                    diagnostic(
                        Self.bothSpellings(key, firstSpelling, object), at: member.member.key, in: doc,
                        severity: .warning))
            }
        }
        result += unknownFieldFindings(context, Self.unknownField)
        return result
    }

    /// Field positions of one object, as bits. Positions past 63 (no schema has more than 27 fields) would go in a
    /// list.
    struct FieldPositions {
        private var low: UInt64 = 0
        private var high: [Int] = []

        /// Adds `position`; false when it was there already.
        mutating func insert(_ position: Int) -> Bool {
            if position < 64 {
                let bit = UInt64(1) << UInt64(position)
                defer { low |= bit }
                return low & bit == 0
            }
            if high.contains(position) { return false }
            high.append(position)
            return true
        }
    }

    // MARK: Messages

    private static func place(_ object: SchemaObject) -> String {
        object.path.isEmpty ? "the \(object.schema.name)" : "\(object.path) (\(object.schema.name))"
    }

    static func unknownField(_ field: UnknownField) -> FindingText {
        let help = field.help(foreign: { "move the value to \($0)" }, unknown: "remove it; custom values go in data")
        if case .foreign(let replacement) = field.advice {
            return FindingText(
                "\(MessageText.single(field.key)) belongs to the legacy FCM API, not to \(place(field.object)), so FCM v1 rejects the message; write \(replacement) instead",
                help: help)
        }
        return FindingText(
            "\(MessageText.single(field.key)) is not a field of \(place(field.object)), so FCM rejects the message (Unknown name)\(field.hint)",
            help: help)
    }

    static func bothSpellings(_ key: String, _ first: String, _ object: SchemaObject) -> FindingText {
        FindingText(
            "\(MessageText.single(key)) and \(MessageText.single(first)) are the same field of \(place(object)) in two spellings; only one value can be used and which one is not documented, so write it once",
            help: "keep one of \(MessageText.single(first)) and \(MessageText.single(key))")
    }

}
