import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `expo-unknown-field`: a field that is not part of an Expo push message.
struct ExpoUnknownField: PayloadRule {
    static let description = RuleDescription(
        id: "expo-unknown-field",
        summary: "A field that is not part of an Expo push message.",
        family: .expo,
        defaultSeverity: .warning,
        rationale: """
            Expo documents a fixed set of message fields (https://docs.expo.dev/push-notifications/sending-notifications/ "Message request format", https://github.com/expo/expo-server-sdk-node/blob/main/src/ExpoClient.ts \
            `ExpoPushMessage`): `to`, `data`, `title`, `subtitle`, `body`, `sound`, \
            `ttl`, `expiration`, `priority`, `badge`, `interruptionLevel`, `channelId`, `icon`, \
            `richContent`, `categoryId`, `mutableContent`, `_contentAvailable`, the SDK's `collapseId` and \
            `tag`, and the legacy `_displayInForeground` that expo-server-sdk-python still sends. Expo does not \
            document what it does with any other field: the Python SDK's legacy field shows that the service \
            takes fields outside its table, and nothing says their values reach the device. A misspelt \
            `channelID` most likely leaves the notification on the default channel, a `content_available` most \
            likely gives no background launch. Names are \
            lowerCamelCase and exact; the finding suggests the closest field, and the Expo name of fields \
            copied from APNs or FCM. Custom values belong in `data`.
            """,
        triggering: [
            RuleExample(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", ↓"channelID": "orders"}"#),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", ↓"content_available": true, "data": {"sync": "inbox"}}"#,
                note: "The APNs/FCM spelling: Expo calls it _contentAvailable."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "sound": {"name": "chime.wav", ↓"volum": 0.5}}"#,
                note: "Inside the sound object."),
            RuleExample(
                #"[{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi"}, {"to": "ExponentPushToken[yyyyyyyyyyyyyyyyyyyyyy]", "title": "Hi", ↓"orderId": "48213"}]"#,
                note: "In a batch; custom values go in data."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "body": "There", "channelId": "orders", "_contentAvailable": true, "data": {"anything": {"goes": 1}}, "richContent": {"image": "https://example.com/a.png"}}"#
            ),
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "categoryId": "reply", "mutableContent": false, "_displayInForeground": true}"#,
                note: "What expo-server-sdk-python sends, legacy field included."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .expo else { return [] }
        return unknownFieldFindings(context, Self.unknownField)
    }

    // MARK: Messages

    static func unknownField(_ field: UnknownField) -> FindingText {
        let help = field.help(
            foreign: { "write \(MessageText.single($0))" }, unknown: "remove it, or move it into data")
        let notDocumented =
            "\(MessageText.single(field.key)) is not a field Expo documents for \(place(field.object)), so its value most likely never reaches the device"
        if case .foreign(let replacement) = field.advice {
            return FindingText(notDocumented + "; Expo calls it \(MessageText.single(replacement))", help: help)
        }
        return FindingText(notDocumented + field.hint, help: help)
    }

    private static func place(_ object: SchemaObject) -> String {
        object.path.isEmpty ? "an Expo push message" : "Expo's \(object.path)"
    }

}
