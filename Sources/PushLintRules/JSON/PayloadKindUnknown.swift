import PushLintJSON
import PushLintModel

/// `payload-kind-unknown`: a named file that is no known payload.
struct PayloadKindUnknown: FileRule {
    static let description = RuleDescription(
        id: "payload-kind-unknown",
        summary: "A file named on the command line is not an APNs, FCM or Expo payload.",
        family: .json,
        defaultSeverity: .warning,
        rationale: """
            pushlint recognises payloads by their shape (docs/discovery.md): `aps` or an envelope for APNs, \
            `message` or a target with content for FCM v1, `registration_ids`/`to` with legacy fields for the \
            legacy FCM API, an Expo push token or Expo-only fields for Expo. A file named explicitly that matches \
            none of them was probably meant to be one. A file found by walking a folder is skipped, and said so \
            (as info) only when it carries keys that only push payloads have, with their shape (`notification`, \
            `android`, `apns` or `webpush` objects, a `registration_ids` array, an `alert` with a `badge` or \
            `sound`): a `package.json` or a locale whose `android` is a string stays quiet. \
            Force the kind with `--kind` or the config's `kinds` when detection cannot tell.
            """,
        triggering: [RuleExample(#"↓{"alert": "Hi", "badge": 1}"#)],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Hi", "badge": 1}}"#),
            RuleExample(
                #"{"android": {"priority": "high", "notification": {"channel_id": "orders"}}, "data": {"order_id": "1042"}}"#,
                note: "A bare FCM v1 message whose target is added at send time."),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard file.isUnknownKind, let document = file.document else { return [] }
        if file.isExplicit { return [diagnostic(Self.notAPayload, at: document.root, in: document)] }
        return [diagnostic(Self.skipped, at: document.root, in: document, severity: .info)]
    }

    // MARK: Messages

    static let notAPayload = FindingText(
        "not a recognisable APNs, FCM or Expo payload, so no payload rule checked it",
        help: "an APNs body needs 'aps'; an FCM v1 request 'message'; or set --kind / the config's 'kinds'")

    static let skipped = FindingText(
        "skipped: this file has keys of a push payload but matches no APNs, FCM or Expo shape, so no payload rule checked it",
        help: "an APNs body needs 'aps'; an FCM v1 request 'message'; or set the kind in the config's 'kinds'")

}
