import PushLintJSON
import PushLintModel

/// `expo-field-value`: wrong type, enum value or token format in an Expo push message, or a batch too large.
struct ExpoFieldValue: PayloadRule, DescribedByType {
    static let description = RuleDescription(
        id: "expo-field-value",
        summary: "A field of an Expo push message has the wrong type or value, or a batch is over 100 messages or recipients.",
        family: .expo,
        defaultSeverity: .error,
        rationale: """
            Expo's push API takes each field with one type (EXPO-D "Message request format", EXPO-S \
            `ExpoPushMessage`; platform-rules.md §4): `to` a push token or an array of them; `title`, \
            `subtitle`, `body`, `channelId`, `categoryId`, `icon` strings; `ttl`, `expiration` and `badge` \
            numbers (not strings); `priority` one of `default`, `normal`, `high`; `interruptionLevel` one of \
            `active`, `critical`, `passive`, `time-sensitive`; `sound` a string, the SDK's \
            `{critical, name, volume}` object (volume 0 to 1) or null; `mutableContent` and \
            `_contentAvailable` booleans; `richContent` `{image}`. A push token is what \
            `getExpoPushTokenAsync` returns, `ExponentPushToken[...]` or `ExpoPushToken[...]` (or the bare \
            UUID form that `Expo.isExpoPushToken` also accepts, EXPO-S); a raw FCM or APNs device token is \
            not one.

            One request carries at most 100 messages and 100 recipients in all, counting each entry of an \
            array `to`; beyond that Expo rejects the whole request with PUSH_TOO_MANY_NOTIFICATIONS (EXPO-D, \
            EXPO-S `chunkPushNotifications`). A file that is a batch (a top-level array) is checked as one \
            request. `data` is free JSON and not checked here.
            """,
        triggering: [
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "priority": ↓"urgent", "badge": ↓"1", "ttl": ↓"3600"}"#),
            RuleExample(
                #"{"to": ↓"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "title": "Hi", "channelId": "orders"}"#,
                note: "An FCM device token is not an Expo push token."),
            RuleExample(
                #"{"to": ["ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", ↓42], "title": "Hi", "sound": {"name": "chime.wav", "volume": ↓2}, "interruptionLevel": ↓"Time-Sensitive"}"#),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "sound": ↓true, "mutableContent": ↓1}"#),
            RuleExample(
                "[" + Array(repeating: #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi"}"#, count: 100).joined(separator: ", ")
                    + #", ↓{"to": "ExponentPushToken[yyyyyyyyyyyyyyyyyyyyyy]", "title": "Hi"}]"#,
                note: "A batch of 101 messages."),
            RuleExample(
                #"[{"to": ["#
                    + Array(repeating: #""ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]""#, count: 60).joined(separator: ", ")
                    + #"], "title": "Hi"}, {"to": ["#
                    + Array(repeating: #""ExponentPushToken[yyyyyyyyyyyyyyyyyyyyyy]""#, count: 40).joined(separator: ", ")
                    + #", ↓"ExponentPushToken[zzzzzzzzzzzzzzzzzzzzzz]"], "title": "Hi"}]"#,
                note: "Two messages with 101 recipients in all."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"to": ["ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "ExpoPushToken[yyyyyyyyyyyyyyyyyyyyyy]"], "title": "Hi", "priority": "high", "badge": 1, "ttl": 3600, "sound": null, "interruptionLevel": "time-sensitive", "data": {"count": 3}}"#),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "sound": {"critical": true, "name": "alarm.wav", "volume": 0.8}, "mutableContent": true}"#),
            RuleExample(
                #"{"to": "{{token}}", "title": "Hi", "badge": {{count}}, "priority": "{{priority}}", "channelId": "orders"}"#,
                fileName: "promo.json.tmpl", note: "Placeholders are unknown until rendering."),
        ],
        corrections: [
            RuleCorrection(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "priority": "HIGH"}"#,
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "priority": "high"}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .expo else { return [] }
        let doc = context.document
        let node = context.payload.node
        let checker = SchemaValueChecker(context: context, rejection: Self.rejection, nullMeansUnset: false)
        var result: [Diagnostic] = []
        for known in context.payload.schemaMembers {
            let field = known.field
            let path = FieldPath.field(parent: known.object.path, name: field.name)
            for problem in checker.check(known.member.value, as: field.type, path: path) {
                result.append(diagnostic(problem.message, at: problem.node, in: doc, help: problem.help, fix: problem.fix))
            }
        }
        for field in ExpoSchema.message.fields where field.isRequired && doc.member(node, field.name) == nil {
            result.append(diagnostic(missing(field), at: node, in: doc, help: "add \"\(field.name)\""))
        }
        result += batchLimits(context)
        return result
    }

    /// A batch file is one request: at most 100 messages and 100 recipients in all.
    func batchLimits(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let index = context.payload.batchIndex, doc.kind(doc.root) == .array else {
            return recipientLimit(context, before: 0)
        }
        // Only the first 101 elements matter, and a hostile batch may have millions: do not list them all per message.
        if index > ExpoSchema.maxMessagesPerRequest { return [] }
        let messages = firstElements(of: doc.root, in: doc, upTo: ExpoSchema.maxMessagesPerRequest + 1)
        if messages.count > ExpoSchema.maxMessagesPerRequest {
            guard index == ExpoSchema.maxMessagesPerRequest else { return [] }
            return [
                diagnostic(
                    tooManyMessages(doc.count(doc.root)), at: context.payload.node, in: doc,
                    help: "split the batch into requests of at most \(ExpoSchema.maxMessagesPerRequest) messages")
            ]
        }
        let before = messages.prefix(index).reduce(0) { $0 + recipients(of: $1, in: doc).count }
        return recipientLimit(context, before: before)
    }

    func recipientLimit(_ context: PayloadContext, before: Int) -> [Diagnostic] {
        let doc = context.document
        let limit = ExpoSchema.maxRecipientsPerRequest
        let own = recipients(of: context.payload.node, in: doc)
        guard before <= limit, before + own.count > limit else { return [] }
        let crossing = own[limit - before]
        let total = totalRecipients(context)
        return [
            diagnostic(
                tooManyRecipients(total), at: crossing, in: doc,
                help: "split the recipients into requests of at most \(limit) (the SDK's chunkPushNotifications does this)")
        ]
    }

    func firstElements(of array: NodeID, in doc: JSONDocument, upTo limit: Int) -> [NodeID] {
        var result: [NodeID] = []
        var child = array + 1
        let end = Int(doc.nodes[array].next)
        while child < end, result.count < limit {
            result.append(child)
            child = Int(doc.nodes[child].next)
        }
        return result
    }

    func recipients(of message: NodeID, in doc: JSONDocument) -> [NodeID] {
        guard let to = doc.member(message, "to") else { return [] }
        return doc.kind(to) == .array ? doc.elements(to) : [to]
    }

    func totalRecipients(_ context: PayloadContext) -> Int {
        let doc = context.document
        guard context.payload.batchIndex != nil, doc.kind(doc.root) == .array else {
            return recipients(of: context.payload.node, in: doc).count
        }
        return doc.elements(doc.root).reduce(0) { $0 + recipients(of: $1, in: doc).count }
    }

    // MARK: Messages

    private static let rejection = "Expo's push service rejects the message"

    private func missing(_ field: SchemaField) -> String {
        "the message has no '\(field.name)', which Expo requires (\(field.type.summary)), so Expo rejects it; add '\(field.name)'"
    }

    private func tooManyMessages(_ count: Int) -> String {
        "this batch has \(count) messages, and Expo accepts at most \(ExpoSchema.maxMessagesPerRequest) per request and rejects the whole request (PUSH_TOO_MANY_NOTIFICATIONS); split it into requests of \(ExpoSchema.maxMessagesPerRequest)"
    }

    private func tooManyRecipients(_ count: Int) -> String {
        "this request has \(count) recipients in all, and Expo accepts at most \(ExpoSchema.maxRecipientsPerRequest) per request and rejects the whole request (PUSH_TOO_MANY_NOTIFICATIONS); split it into requests of \(ExpoSchema.maxRecipientsPerRequest)"
    }
}
