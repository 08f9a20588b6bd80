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
        func report(_ text: FindingText, _ node: NodeID, severity: Severity? = nil) {
            result.append(diagnostic(text, at: node, in: doc, severity: severity))
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
                    report(Self.unknownEvent(value, suggesting: Suggest.closest(to: value, in: Self.events)), node)
                }
            } else if doc.kind(node) != .string, doc.kind(node) != .placeholder {
                report(Self.eventNotAString(doc.typeNameWithArticle(node)), node)
            }
        } else if pushType != .liveactivity, eventLookup.isAbsent {
            report(Self.noEvent, view.field("content-state")?.key ?? aps)
        }

        if let field = view.field("timestamp") {
            checkSeconds("timestamp", field.value, isTimestamp: true, doc) { report($0, $1) }
        } else {
            report(Self.noTimestamp, aps)
        }
        for name in ["stale-date", "dismissal-date"] {
            if let field = view.field(name) {
                checkSeconds(name, field.value, isTimestamp: false, doc) { report($0, $1) }
            }
        }

        let at = view.field("event")?.value ?? aps
        if event == "start" || event == "update", view.field("content-state") == nil {
            report(Self.noContentState(event ?? ""), at)
        }
        if event == "start" {
            var missing: [String] = []
            if view.field("attributes-type") == nil { missing.append("attributes-type") }
            if view.field("attributes") == nil { missing.append("attributes") }
            if view.field("alert") == nil { missing.append("alert") }
            if missing == ["alert"] {
                // Apple's examples carry an alert; only APNSwift requires it and an Apple forum answer calls a start
                // without one undefined: a warning.
                report(Self.startWithoutAlert, at, severity: .warning)
            } else if !missing.isEmpty {
                report(Self.startWithout(missing), at)
            }
        }
        return result
    }

    func checkSeconds(
        _ name: String, _ node: NodeID, isTimestamp: Bool, _ doc: JSONDocument,
        _ report: (FindingText, NodeID) -> Void
    ) {
        guard let value = doc.doubleValue(node), value >= APNs.millisecondsThreshold else { return }
        let seconds = doc.intValue(node).map { String($0 / 1000) } ?? "the value divided by 1000"
        report(Self.inMilliseconds(name, doc.rawText(node), isTimestamp: isTimestamp, seconds: seconds), node)
    }

    // MARK: Messages

    static func unknownEvent(_ value: String, suggesting guess: String?) -> FindingText {
        FindingText(
            "event \(MessageText.single(value)) is not an ActivityKit event: the push is ignored; "
                + (guess.map { "write \(MessageText.json($0))" } ?? "write \"start\", \"update\" or \"end\""),
            help: guess.map { "write \(MessageText.json($0))" } ?? "write start, update or end")
    }

    static func eventNotAString(_ type: String) -> FindingText {
        FindingText(
            "event is \(type), but ActivityKit expects \"start\", \"update\" or \"end\": the push is ignored; write \"update\"",
            help: "write \"update\"")
    }

    static let noEvent = FindingText(
        "Live Activity payload without event: ActivityKit does not know whether to start, update or end the activity; add \"event\": \"update\" (or start/end)",
        help: "add \"event\"")

    static let noTimestamp = FindingText(
        "Live Activity push without timestamp: ActivityKit cannot order updates and ignores the push; add \"timestamp\": <UNIX seconds of the content>",
        help: "add \"timestamp\" in UNIX seconds")

    static func noContentState(_ event: String) -> FindingText {
        FindingText(
            "Live Activity \(event) without content-state: there is no state to show; add \"content-state\": {...} with the fields of the app's ContentState",
            help: "add \"content-state\"")
    }

    static let startWithoutAlert = FindingText(
        "push-to-start Live Activity without an alert: Apple's examples carry one and without it the start may not show; add \"alert\": {\"title\": ..., \"body\": ...}",
        help: "add an alert")

    static func startWithout(_ missing: [String]) -> FindingText {
        FindingText(
            "push-to-start Live Activity without \(missing.joined(separator: ", ")): ActivityKit cannot create the activity (start needs attributes-type, attributes and an alert); add \(missing.map { "\(MessageText.json($0))" }.joined(separator: " and "))",
            help: "add " + missing.joined(separator: ", "))
    }

    /// `seconds`: the value divided by 1000, or words saying so when it is no integer.
    static func inMilliseconds(_ name: String, _ written: String, isTimestamp: Bool, seconds: String) -> FindingText {
        let effect =
            isTimestamp
            ? "ActivityKit reads seconds, so this update lies thousands of years ahead and every later update in seconds looks older and is ignored"
            : "ActivityKit reads seconds, a date thousands of years ahead"
        return FindingText(
            "\(name) \(written) is in milliseconds: \(effect); write \(seconds)", help: "write \(seconds)")
    }

}
