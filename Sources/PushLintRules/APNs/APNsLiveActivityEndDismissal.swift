import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-live-activity-end-dismissal`: an `end` Live Activity push without `dismissal-date`.
struct APNsLiveActivityEndDismissal: PayloadRule {
    static let description = RuleDescription(
        id: "apns-live-activity-end-dismissal",
        summary: "A Live Activity `end` push has no `dismissal-date`, so the ended activity can stay up to four hours.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            A push with `"event": "end"` ends a Live Activity, but does not remove it: without `dismissal-date` \
            the system applies its default policy and the ended activity, with the last content it was sent, can \
            stay on the Lock Screen for up to four hours. `dismissal-date` (UNIX seconds) says when it goes; a date \
            in the past, or the `timestamp` itself, removes it at once \
            (https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications, \
            "End the Live Activity with a push notification"). APNs delivers the push either way, so this is a \
            warning about what the user keeps seeing ("arriving in 2 minutes" after the delivery). An `event` \
            with a placeholder is not judged; `dismissal_date` or `dismissalDate` is `apns-aps-unknown-key`'s \
            finding.

            """,
        triggering: [
            RuleExample(
                #"{"aps": {"timestamp": 1764410800, "event": ↓"end", "content-state": {"status": "delivered"}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1764410800, "event": ↓"end", "content-state": {"status": "delivered"}}}}}}"#,
                note: "An FCM message's APNs payload."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"timestamp": 1764410800, "event": "end", "dismissal-date": 1764414400, "content-state": {"status": "delivered"}}}"#
            ),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"eta": 5}}}"#,
                note: "An update stays until the next push."),
            RuleExample(
                #"{"aps": {"timestamp": 1764410800, "event": "end", "dismissal_date": 1764414400}}"#,
                note: "Another spelling of the key is apns-aps-unknown-key's finding."),
            RuleExample(
                #"{"aps": {"timestamp": 1764410800, "event": "{{event}}"}}"#, fileName: "activity.json.tmpl",
                note: "A placeholder is not judged."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let view = context.payload.apns, let event = view.field("event"),
            doc.stringValue(event.value) == "end", !context.isTemplated(event.value),
            view.lookup("dismissal-date").isAbsent
        else { return [] }
        return [diagnostic(Self.staysAfterEnd, at: event.value, in: doc)]
    }

    // MARK: Messages

    static let staysAfterEnd = FindingText(
        "Live Activity end push without dismissal-date: the ended activity, with its last content, can stay on the Lock Screen for up to four hours; add \"dismissal-date\": <UNIX seconds> (a past date removes it at once)",
        help: "add \"dismissal-date\" in UNIX seconds")
}
