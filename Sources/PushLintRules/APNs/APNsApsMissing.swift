import PushLintJSON
import PushLintModel

/// `apns-aps-missing`: an APNs body without an `aps` object.
struct APNsApsMissing: PayloadRule {
    static let description = RuleDescription(
        id: "apns-aps-missing",
        summary: "An APNs body has no `aps` object.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            An APNs body is a JSON object with an `aps` dictionary: that is where Apple reads the alert, sound, \
            badge, `content-available` and every other system key; custom keys go beside it (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). A body without `aps`, or with `aps` that is not an object, shows nothing \
            and wakes nothing. Checked on an envelope's `payload` and on `apns.payload` of an FCM message \
            (unless FCM builds the alert from the message's `notification`).

            Push types whose body another framework reads need no `aps`, and are not reported: `pushtotalk` \
            (PushToTalk reads `activeSpeaker` at the top level), `fileprovider` (`container-identifier`, \
            `domain`), `voip` (PushKit hands the app its call data), `mdm` (`{"mdm": PushMagic}` at the top \
            level) and `location` (Core Location's location push service extension) (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). \
            Without headers, a top-level `mdm`, `activeSpeaker` or `container-identifier` identifies such a body.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "alert"}, "payload": ↓{"alert": "Your order shipped", "order_id": "1042"}}"#,
                note: "Envelope whose payload forgot `aps`."),
            RuleExample(#"{"aps": ↓"Your order shipped"}"#, note: "`aps` is a string."),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": ↓{"content-available": 1}}}}"#,
                note: "FCM message: `content-available` outside `aps`."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Your order shipped"}, "order_id": "1042"}"#),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "apns": {"payload": {"order_id": "1042"}}}}"#,
                note: "FCM adds `aps` with the alert from `notification`."),
            RuleExample(#"{"message": {"token": "t", "data": {"order_id": "1042"}}}"#, note: "No APNs payload at all."),
            RuleExample(
                #"{"headers": {"apns-push-type": "pushtotalk", "apns-priority": "10"}, "payload": {"activeSpeaker": "Anna"}}"#,
                note: "Push-to-talk: PushToTalk reads the top level."),
            RuleExample(
                #"{"headers": {"apns-push-type": "voip"}, "payload": {"caller": "Anna", "call_id": "c-81"}}"#,
                note: "VoIP: PushKit hands the body to the app."),
            RuleExample(
                #"{"headers": {"apns-topic": "com.apple.mgmt.External.1b2c"}, "payload": {"mdm": "7d3e-magic"}}"#,
                note: "MDM."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let view = context.payload.apns, view.origin != .expo, let body = view.body else { return [] }
        if let aps = view.aps {
            guard doc.kind(aps) != .object, doc.kind(aps) != .placeholder else { return [] }
            return [diagnostic(Self.apsNotAnObject(doc.typeNameWithArticle(aps)), at: aps, in: doc)]
        }
        // FCM builds `aps` itself when the message has a notification.
        if view.origin == .fcm, !view.alertFields.isEmpty { return [] }
        if let pushType = view.headers?.pushType, APNs.pushTypesWithoutAps.contains(pushType) { return [] }
        if PayloadKind.apnsBodyKeysWithoutAps.contains(where: { doc.member(body, $0) != nil }) { return [] }
        let stray = doc.members(body).map { doc.string($0.key) }.filter { APNsSchema.apsKeys.contains($0) }
        return [diagnostic(Self.noAps(straying: stray), at: body, in: doc)]
    }

    // MARK: Messages

    static func apsNotAnObject(_ type: String) -> FindingText {
        FindingText(
            "aps is \(type), not an object: the device reads nothing from it; write \"aps\": {\"alert\": ...} with Apple's keys inside",
            help: "make aps an object")
    }

    /// `stray`: keys of `aps` written beside it, at the top level of the body.
    static func noAps(straying stray: [String]) -> FindingText {
        let hint =
            stray.isEmpty ? "" : " (\(stray.joined(separator: ", ")) belong\(stray.count == 1 ? "s" : "") inside it)"
        return FindingText(
            "the APNs body has no aps object\(hint): the device shows nothing and wakes nothing; add \"aps\": {...} with the alert, sound, badge or content-available",
            help: "add an aps object")
    }

}
