import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `fcm-data-string-values`: a value in `data`, `android.data` or `webpush.data` that is not a string.
struct FCMDataStringValues: PayloadRule {
    static let description = RuleDescription(
        id: "fcm-data-string-values",
        summary: "A value in an FCM data map is not a string.",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            `data`, `android.data` and `webpush.data` are `map<string, string>` in the v1 API. A number, \
            boolean, null, array or object value makes FCM reject the whole message with 400 INVALID_ARGUMENT \
            "Invalid value at 'message.data[0].value' (TYPE_STRING)" (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode); \
            the admin SDKs throw before sending (https://github.com/firebase/firebase-admin-node/blob/master/src/messaging/messaging-internal.ts, https://github.com/firebase/firebase-admin-python/blob/master/firebase_admin/_messaging_encoder.py). The legacy API accepted any JSON here, so \
            migrated templates often still carry `"count": 3`.

            The fix quotes numbers and booleans (`3` becomes `"3"`); the app then reads a string, which is \
            what it receives from FCM anyway. Objects and arrays are not rewritten: flatten them into string \
            keys, or send an id and let the app fetch the rest. In a template, a placeholder in value \
            position (`"count": {{count}}`) renders a bare number or object and is reported; a quoted one \
            (`"count": "{{count}}"`) is fine, and so is one with a filter that writes JSON (`"name": {{ name | \
            json }}`, `tojson`, `dump`): a string variable renders a JSON string. Expo's `data` is JSON, not a string map, and is not checked.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"order_id": "48213", "count": ↓3, "urgent": ↓true}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "android": {"data": {"status": ↓{"code": "shipped"}}}, "webpush": {"data": {"ids": ↓[1, 2]}}}}"#
            ),
            RuleExample(
                #"{"message": {"token": "t", "data": {"count": ↓{{count}}}}}"#, fileName: "order.json.tmpl",
                note: "An unquoted placeholder renders a non-string."),
        ],
        nonTriggering: [
            RuleExample(#"{"message": {"token": "t", "data": {"order_id": "48213", "count": "3", "urgent": "true"}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "data": {"count": "{{count}}"}}}"#, fileName: "order.json.tmpl",
                note: "A quoted placeholder renders a string."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"name": {{ name | json }}}}}"#, fileName: "order.json.liquid",
                note: "`json` writes a string variable as a JSON string."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "data": {"count": 3, "status": {"code": "shipped"}}}"#,
                note: "Expo data is JSON."),
        ],
        corrections: [
            RuleCorrection(
                #"{"message": {"token": "t", "data": {"count": 3, "ratio": 0.5, "urgent": true}}}"#,
                #"{"message": {"token": "t", "data": {"count": "3", "ratio": "0.5", "urgent": "true"}}}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .fcm else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        for (mapPath, map) in FCMSchema.dataMaps(of: context.payload, in: doc) {
            for member in doc.members(map) {
                let value = member.value
                // Every value of every data map passes here, and nearly all are strings: the key is decoded only
                // for a finding.
                lazy var key = doc.string(member.key)
                switch doc.kind(value) {
                case .string:
                    continue
                case .number, .bool:
                    let text = doc.rawText(value)
                    result.append(
                        diagnostic(
                            Self.scalar(mapPath, key, doc.typeName(value), text), at: value, in: doc,
                            fix: Fix(edits: [TextEdit(replacing: doc.span(value), with: JSONDocument.quoted(text))])))
                case .placeholder:
                    let text = doc.rawText(value)
                    // `{{ name | json }}` writes the value as JSON: a string variable renders a string.
                    if context.settings.placeholders.find(in: text).first?.rendersJSON == true { continue }
                    result.append(
                        diagnostic(
                            Self.placeholder(mapPath, key, text), at: value, in: doc,
                            fix: Fix(
                                edits: [TextEdit(replacing: doc.span(value), with: JSONDocument.quoted(text))],
                                isSafe: false)))
                case .object, .array:
                    result.append(diagnostic(Self.structured(mapPath, key, doc.typeName(value)), at: value, in: doc))
                case .null, .key:
                    result.append(diagnostic(Self.null(mapPath, key), at: value, in: doc))
                }
            }
        }
        return result
    }

    // MARK: Messages

    static func scalar(_ map: String, _ key: String, _ type: String, _ text: String) -> FindingText {
        FindingText(
            "\(map) value \(MessageText.single(key)) is the \(type) \(text), but FCM data values are strings and FCM rejects the message with INVALID_ARGUMENT; write \(MessageText.json(text))",
            help: "write \(MessageText.json(text))")
    }

    static func placeholder(_ map: String, _ key: String, _ text: String) -> FindingText {
        FindingText(
            "\(map) value \(MessageText.single(key)) is the unquoted placeholder \(text), which renders a non-string that FCM rejects; write \(MessageText.json(text))",
            help: "write \(MessageText.json(text))")
    }

    static func structured(_ map: String, _ key: String, _ type: String) -> FindingText {
        FindingText(
            "\(map) value \(MessageText.single(key)) is an \(type), but FCM data values are strings and FCM rejects the message with INVALID_ARGUMENT; flatten it into string keys",
            help: "flatten it into string keys, or send an id and let the app fetch the rest")
    }

    static func null(_ map: String, _ key: String) -> FindingText {
        FindingText(
            "\(map) value \(MessageText.single(key)) is null, but FCM data values are strings and FCM rejects the message with INVALID_ARGUMENT; write a string or remove the key",
            help: "write a string, or remove \(MessageText.single(key))")
    }

}
