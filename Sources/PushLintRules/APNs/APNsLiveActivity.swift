import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-live-activity`: a Live Activity push ActivityKit cannot apply.
struct APNsLiveActivity: PayloadRule {
    static let description = RuleDescription(
        id: "apns-live-activity",
        summary: "A Live Activity push lacks what ActivityKit needs, or uses milliseconds where it reads seconds.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            ActivityKit applies a push only when (https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications):

            - `event` is `start` (push-to-start, iOS 17.2), `update` or `end`;
            - `timestamp` is present, in UNIX **seconds**: the system ignores an update older than the one it \
            shows, so a single push in milliseconds makes every later, correct update look older;
            - `content-state` is there for `start` and `update` (it must decode into the app's `ContentState`, \
            istornz/flutter_live_activities#118);
            - a `start` push also carries `attributes-type` and `attributes`, and an `alert` (APNSwift makes the \
            alert mandatory and an Apple forum answer calls a start without one undefined, thread 799195: a \
            missing alert alone is a warning);
            - `stale-date` and `dismissal-date` are UNIX seconds as well.

            The rule applies to pushes of type `liveactivity` and to bodies with `event` or `content-state`. A \
            `liveactivity` push without `event` is `apns-push-type-mismatch`'s finding; wrong JSON types are \
            `apns-aps-value`'s.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": ↓1764400000000, "event": "update", "content-state": {"eta": 5}}}}"#,
                note: "Timestamp in milliseconds."),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": ↓"started", "content-state": {"eta": 5}}}"#),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": ↓"start", "content-state": {"eta": 5}, "alert": {"title": "Tracking"}}}"#,
                note: "A start without attributes-type and attributes."),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": ↓{"event": "update", "content-state": {"eta": 5}}}}}}"#,
                note: "FCM message without timestamp."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"eta": 5}, "stale-date": 1764403600}}}"#
            ),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": "start", "content-state": {"eta": 5}, "attributes-type": "DeliveryAttributes", "attributes": {"orderId": "1042"}, "alert": {"title": "Tracking", "body": "Order 1042"}}}"#
            ),
            RuleExample(#"{"aps": {"timestamp": 1764410800, "event": "end", "dismissal-date": 1764414400}}"#),
            RuleExample(#"{"aps": {"alert": "Your order shipped"}}"#, note: "Not a Live Activity."),
        ])

    static let events = APNsSchema.liveActivityEvents

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let view = context.payload.apns, let aps = view.aps, doc.kind(aps) == .object else { return [] }
        let pushType = view.headers?.pushType
        guard pushType == .liveactivity || view.field("event") != nil || view.field("content-state") != nil else {
            return []
        }
        var result: [Diagnostic] = []
        func report(_ message: String, _ node: NodeID, _ help: String, severity: Severity? = nil) {
            result.append(diagnostic(message, at: node, in: doc, severity: severity, help: help))
        }

        var event: String?
        let eventLookup = view.lookup("event")
        if let field = eventLookup.found {
            let node = field.value
            if doc.kind(node) == .string, !context.isTemplated(node) {
                let value = doc.string(node)
                if Self.events.contains(value) {
                    event = value
                } else {
                    let guess = Suggest.closest(to: value, in: Self.events)
                    report(
                        unknownEvent(value, suggesting: guess), node,
                        guess.map { "write \(MessageText.json($0))" } ?? "write start, update or end")
                }
            } else if doc.kind(node) != .string, doc.kind(node) != .placeholder {
                report(eventNotAString(doc.typeNameWithArticle(node)), node, "write \"update\"")
            }
        } else if pushType != .liveactivity, eventLookup.isAbsent {
            report(
                noEvent(), view.field("content-state")?.key ?? aps, "add \"event\"")
        }

        if let field = view.field("timestamp") {
            checkSeconds("timestamp", field.value, isTimestamp: true, doc) { report($0, $1, $2) }
        } else {
            report(
                noTimestamp(), aps, "add \"timestamp\" in UNIX seconds")
        }
        for name in ["stale-date", "dismissal-date"] {
            if let field = view.field(name) {
                checkSeconds(name, field.value, isTimestamp: false, doc) { report($0, $1, $2) }
            }
        }

        let at = view.field("event")?.value ?? aps
        if event == "start" || event == "update", view.field("content-state") == nil {
            report(
                noContentState(event ?? ""), at, "add \"content-state\"")
        }
        if event == "start" {
            var missing: [String] = []
            if view.field("attributes-type") == nil { missing.append("attributes-type") }
            if view.field("attributes") == nil { missing.append("attributes") }
            if view.field("alert") == nil { missing.append("alert") }
            if missing == ["alert"] {
                // Apple's examples carry an alert; only APNSwift requires it and an Apple forum answer calls a start
                // without one undefined: a warning.
                report(
                    startWithoutAlert(), at, "add an alert", severity: .warning)
            } else if !missing.isEmpty {
                report(
                    startWithout(missing), at, "add " + missing.joined(separator: ", "))
            }
        }
        return result
    }

    func checkSeconds(
        _ name: String, _ node: NodeID, isTimestamp: Bool, _ doc: JSONDocument,
        _ report: (String, NodeID, String) -> Void
    ) {
        guard let value = doc.doubleValue(node), value >= APNs.millisecondsThreshold else { return }
        let seconds = doc.intValue(node).map { String($0 / 1000) } ?? "the value divided by 1000"
        report(
            inMilliseconds(name, doc.rawText(node), isTimestamp: isTimestamp, seconds: seconds), node,
            "write \(seconds)")
    }

    // MARK: Messages

    func unknownEvent(_ value: String, suggesting guess: String?) -> String {
        "event \(MessageText.single(value)) is not an ActivityKit event: the push is ignored; "
            + (guess.map { "write \(MessageText.json($0))" } ?? "write \"start\", \"update\" or \"end\"")
    }

    func eventNotAString(_ type: String) -> String {
        "event is \(type), but ActivityKit expects \"start\", \"update\" or \"end\": the push is ignored; write \"update\""
    }

    func noEvent() -> String {
        "Live Activity payload without event: ActivityKit does not know whether to start, update or end the activity; add \"event\": \"update\" (or start/end)"
    }

    func noTimestamp() -> String {
        "Live Activity push without timestamp: ActivityKit cannot order updates and ignores the push; add \"timestamp\": <UNIX seconds of the content>"
    }

    func noContentState(_ event: String) -> String {
        "Live Activity \(event) without content-state: there is no state to show; add \"content-state\": {...} with the fields of the app's ContentState"
    }

    func startWithoutAlert() -> String {
        "push-to-start Live Activity without an alert: Apple's examples carry one and without it the start may not show; add \"alert\": {\"title\": ..., \"body\": ...}"
    }

    func startWithout(_ missing: [String]) -> String {
        "push-to-start Live Activity without \(missing.joined(separator: ", ")): ActivityKit cannot create the activity (start needs attributes-type, attributes and an alert); add \(missing.map { "\(MessageText.json($0))" }.joined(separator: " and "))"
    }

    /// `seconds`: the value divided by 1000, or words saying so when it is no integer.
    func inMilliseconds(_ name: String, _ written: String, isTimestamp: Bool, seconds: String) -> String {
        let effect =
            isTimestamp
            ? "ActivityKit reads seconds, so this update lies thousands of years ahead and every later update in seconds looks older and is ignored"
            : "ActivityKit reads seconds, a date thousands of years ahead"
        return "\(name) \(written) is in milliseconds: \(effect); write \(seconds)"
    }
}
