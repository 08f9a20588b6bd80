import PushLintJSON
import PushLintModel

/// `pubnub-gcm-deprecated`: a PubNub message that carries its Android push in the deprecated `pn_gcm`.
struct PubNubGCMDeprecated: PayloadRule {
    static let description = RuleDescription(
        id: "pubnub-gcm-deprecated",
        summary:
            "A PubNub message uses the deprecated `pn_gcm`, which PubNub remaps to FCM HTTP v1 only in some cases.",
        family: .relay,
        defaultSeverity: .warning,
        rationale: """
            PubNub moved its FCM gateway "from pn_gcm (legacy HTTP FCM) to pn_fcm (new HTTP v1 FCM) objects that \
            require different payload structures". It keeps reading `pn_gcm` for simple payloads and "will attempt \
            to remap the payload to the new FCM spec", which "will only work in some cases": a payload that worked \
            before can now be rejected as an error \
            (https://www.pubnub.com/docs/general/resources/migration-guides/legacy-fcm-migration-guide). Write the \
            Android push as an FCM HTTP v1 Message (`notification`, `data`, `android`, ... without a target) under \
            `pn_fcm`. The payload under `pn_gcm` is still linted as legacy FCM.
            """,
        triggering: [
            RuleExample(#"{"text": "Hi", ↓"pn_gcm": {"notification": {"title": "Hi"}, "time_to_live": 3600}}"#)
        ],
        nonTriggering: [
            RuleExample(#"{"text": "Hi", "pn_fcm": {"notification": {"title": "Hi"}, "android": {"ttl": "3600s"}}}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .pubnub, let part = context.payload.relay?.part("pn_gcm") else { return [] }
        let hasFCM = context.payload.relay?.part("pn_fcm") != nil
        return [diagnostic(hasFCM ? Self.besideFCM : Self.deprecated, at: part.key, in: context.document)]
    }

    // MARK: Messages

    static let deprecated = FindingText(
        "'pn_gcm' is PubNub's deprecated legacy FCM key: PubNub remaps it to FCM HTTP v1 only for simple payloads and rejects the others; write the Android push as an FCM v1 Message under 'pn_fcm'",
        help: "move the message to pn_fcm in the FCM HTTP v1 shape")

    static let besideFCM = FindingText(
        "'pn_gcm' is PubNub's deprecated legacy FCM key, written beside 'pn_fcm': one Android push is enough, in the FCM v1 shape under 'pn_fcm'; remove 'pn_gcm'",
        help: "remove pn_gcm and keep pn_fcm")
}
