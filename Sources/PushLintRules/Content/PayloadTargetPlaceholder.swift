import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `payload-target-placeholder`: a delivery target holds a documentation placeholder, not a device token.
///
/// Its own rule, at info, so that a level set for a real check (`expo-field-value`, `fcm-target`) never turns a
/// placeholder into an error: the placeholder is the sender's to fill in, not a mistake of the payload.
struct PayloadTargetPlaceholder: PayloadRule {
    static let description = RuleDescription(
        id: "payload-target-placeholder",
        summary:
            "A delivery target (FCM `token` or `fid`, Expo `to`) holds a documentation placeholder that the sender replaces with a real token.",
        family: .content,
        defaultSeverity: .info,
        rationale: """
            Documentation, READMEs and sample payloads write a stand-in where the device token goes: \
            `ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]` (the token in Expo's own examples, \
            https://docs.expo.dev/push-notifications/sending-notifications/), `YOUR_DEVICE_TOKEN`, `<token>`, \
            `{{device_token}}` in a file that is not a template, a token cut short with `...`. A file that keeps \
            one is a template in all but name: the sender fills in the real token at send time. Sent as it is, \
            no device receives it (Expo answers DeviceNotRegistered, FCM an unregistered or invalid token), so \
            pushlint names it, at info: a reminder, not a mistake of the payload.

            It is a rule of its own, not a level of the rules that judge targets, so that raising \
            `expo-field-value` or `fcm-target` to error never turns a placeholder into an error. Those rules \
            stay silent on a placeholder. A real token of the wrong platform (an FCM token in Expo `to`) is \
            `expo-field-value`'s finding. A value with a template placeholder in a template file (`"to": \
            "{{token}}"` in `.json.tmpl`) is a template variable, not a documentation placeholder, and is not \
            reported. Topics and conditions are names the team chose, not tokens to fill in.
            """,
        triggering: [
            RuleExample(
                #"{"to": ↓"ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi"}"#,
                note: "The token of Expo's own examples."),
            RuleExample(
                #"{"to": [↓"YOUR_EXPO_PUSH_TOKEN", "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", ↓"<token>"], "title": "Hi"}"#
            ),
            RuleExample(
                #"{"message": {"token": ↓"{{device_token}}", "notification": {"title": "Hi"}}}"#,
                note: "A template placeholder in a file that is not a template."),
            RuleExample(
                #"{"message": {"token": ↓"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1...", "data": {"k": "v"}}}"#,
                note: "A token cut short for print, as Firebase's docs show one."),
        ],
        nonTriggering: [
            RuleExample(#"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi"}"#),
            RuleExample(
                #"{"message": {"token": "{{device_token}}", "notification": {"title": "Hi"}}}"#,
                fileName: "chat.json.tmpl", note: "A template variable: the template fills it in."),
            RuleExample(
                #"{"message": {"topic": "news", "notification": {"title": "Hi"}}}"#,
                note: "A topic is a name, not a token."),
            RuleExample(
                #"{"to": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "title": "Hi"}"#,
                note: "A real token of another platform: expo-field-value's finding."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        let body = context.payload.body
        var result: [Diagnostic] = []
        func judge(_ node: NodeID, field: String, longest: Int = .max) {
            guard doc.kind(node) == .string, !context.isTemplated(node),
                doc.withStringBytes(node, { $0.count <= longest && TargetPlaceholders.isPlaceholder($0) })
            else { return }
            result.append(diagnostic(Self.placeholder(field: field, value: doc.string(node)), at: node, in: doc))
        }
        switch context.payload.kind {
        case .fcm:
            // Device targets only: a topic or condition is a name the team chose, not a token to fill in.
            // Real FCM tokens are long; the placeholders of documentation are short words, masks and cut tokens.
            if let token = doc.member(body, "token") {
                judge(token, field: "token", longest: Self.longestFCMPlaceholder)
            }
            if let fid = doc.member(body, "fid") { judge(fid, field: "fid", longest: Self.longestFCMPlaceholder) }
        case .expo:
            guard let to = doc.member(body, "to") else { break }
            if doc.kind(to) == .array {
                for (index, element) in doc.elements(to).enumerated() { judge(element, field: "to[\(index)]") }
            } else {
                judge(to, field: "to")
            }
        default:
            break
        }
        return result
    }

    /// The longest target value judged as a documentation placeholder (`YOUR_FCM_REGISTRATION_TOKEN_HERE`, a token
    /// cut short with `...`); FCM registration tokens are well over 100 characters.
    static let longestFCMPlaceholder = 64

    // MARK: Messages

    static func placeholder(field: String, value: String) -> FindingText {
        FindingText(
            TargetPlaceholders.message(field: field, value: value),
            help:
                "the sender fills in the real token; name the file *.json.tmpl and write {{token}} to make it a template"
        )
    }

}
