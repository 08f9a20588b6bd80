import PushLintJSON
import PushLintModel

/// `apns-push-type-mismatch`: the push type does not describe the body.
struct APNsPushTypeMismatch: PayloadRule {
    static let description = RuleDescription(
        id: "apns-push-type-mismatch",
        summary: "The `apns-push-type` header does not describe what the body carries.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            `apns-push-type` must describe the payload; a mismatch makes APNs return an error, delay the push \
            or drop it, and on watchOS the header is mandatory (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns):

            - `alert` needs something to show: an `alert`, `sound` or `badge`.
            - `background` must not show anything and must carry `content-available: 1` (https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app).
            - `liveactivity` needs the ActivityKit `event` (https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications); a body with `event` and \
            `content-state` is a Live Activity push and needs push type `liveactivity`.
            - `widgets` needs `content-changed: true` (https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications); `content-changed` belongs to a `widgets` \
            or `controls` push.

            A silent push (`content-available` only) with push type `alert` is `apns-background-headers`, not \
            this rule, and a misspelt key (`content_available`, `events`) is `apns-aps-unknown-key`'s. Expo derives the push type from the message, so Expo messages are not checked; a bare \
            body without known headers is not checked either.
            """,
        triggering: [
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": ↓"background", "apns-priority": "5"},
                  "payload": {"aps": {"alert": "Your order shipped", "content-available": 1}}
                }
                """, note: "Push type background on a visible notification."),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": ↓"alert", "apns-topic": "com.example.shop"},
                  "payload": {"aps": {"category": "ORDER_ACTIONS"}, "order_id": "1042"}
                }
                """, note: "Push type alert with nothing to show."),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": ↓"liveactivity", "apns-topic": "com.example.shop.push-type.liveactivity"},
                  "payload": {"aps": {"timestamp": 1764400000, "content-state": {"status": "packed"}}}
                }
                """, note: "Live Activity push without `event`."),
            RuleExample(
                """
                {"message": {"token": "t", "apns": {
                  "headers": {"apns-push-type": ↓"widgets", "apns-topic": "com.example.shop.push-type.widgets"},
                  "payload": {"aps": {}}}}}
                """, note: "FCM message: widgets push without `content-changed: true`."),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": ↓"alert"},
                  "payload": {"aps": {"alert": "Out for delivery", "event": "update", "timestamp": 1764400000, "content-state": {"stopsAway": 3}}}
                }
                """, note: "A Live Activity update sent as an alert."),
        ],
        nonTriggering: [
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": "alert", "apns-priority": "10"},
                  "payload": {"aps": {"badge": 3}}
                }
                """),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": "liveactivity", "apns-topic": "com.example.shop.push-type.liveactivity"},
                  "payload": {"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"status": "packed"}}}
                }
                """),
            RuleExample(
                """
                {"message": {"token": "t", "apns": {
                  "headers": {"apns-push-type": "widgets", "apns-topic": "com.example.shop.push-type.widgets"},
                  "payload": {"aps": {"content-changed": true}}}}}
                """),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": "alert", "apns-priority": "10"},
                  "payload": {"aps": {"content-available": 1}}
                }
                """, note: "A silent push sent as an alert is apns-background-headers' finding."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "data": {"cursor": "c_81"}}"#,
                note: "Expo derives the push type itself."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let header = APNs.headerValue("apns-push-type", in: context) else { return [] }
        let view = header.view
        let pushType = header.value
        let type = APNsPushType(rawValue: pushType)
        let at = header.at
        let origin = header.origin
        func finding(_ text: FindingText) -> [Diagnostic] {
            [diagnostic(text, at: at, in: doc)]
        }
        let isLiveActivityBody = view.field("event") != nil && view.field("content-state") != nil
        if isLiveActivityBody, type != .liveactivity {
            return finding(Self.notLiveActivityType(pushType, origin: origin))
        }
        if view.field("content-changed") != nil, type != .widgets, type != .controls {
            return finding(Self.notWidgetsType(pushType, origin: origin))
        }
        switch type {
        case .alert:
            guard !view.isVisible, !view.mayWantContentAvailable(doc)
            else {
                return []
            }
            return finding(Self.alertShowingNothing(origin: origin))
        case .background:
            if view.isVisible {
                let shown = APNs.visibleKeys.filter { view.field($0) != nil }.joined(separator: ", ")
                return finding(Self.backgroundShowing(shown, origin: origin))
            }
            if !view.mayWantContentAvailable(doc) {
                return finding(Self.backgroundWithoutContentAvailable(origin: origin))
            }
        case .liveactivity:
            if view.lookup("event").isAbsent {
                return finding(Self.liveActivityWithoutEvent(origin: origin))
            }
        case .widgets:
            // A wrong value of content-changed is apns-aps-value's finding.
            if view.lookup("content-changed").isAbsent {
                return finding(Self.widgetsWithoutContentChanged(origin: origin))
            }
        default:
            break
        }
        return []
    }

    // MARK: Messages

    static func notLiveActivityType(_ pushType: String, origin: String) -> FindingText {
        FindingText(
            "apns-push-type \(pushType) on a Live Activity payload (event and content-state)\(origin): ActivityKit only receives pushes of type liveactivity; send it with apns-push-type liveactivity and topic <bundle id>.push-type.liveactivity",
            help: "write \"liveactivity\"")
    }

    static func notWidgetsType(_ pushType: String, origin: String) -> FindingText {
        FindingText(
            "apns-push-type \(pushType) on a WidgetKit payload (content-changed)\(origin): widget reloads are pushes of type widgets; send it with apns-push-type widgets and topic <bundle id>.push-type.widgets",
            help: "write \"widgets\"")
    }

    static func alertShowingNothing(origin: String) -> FindingText {
        FindingText(
            "apns-push-type alert but aps has no alert, sound or badge\(origin): there is nothing to show and APNs may delay or drop it; add an alert, or send a silent push with content-available 1 and apns-push-type background",
            help: "add an alert, sound or badge")
    }

    static func backgroundShowing(_ shown: String, origin: String) -> FindingText {
        FindingText(
            "apns-push-type background on a notification that shows \(shown)\(origin): background pushes must not show anything and the device may drop it; send it with apns-push-type alert",
            help: "write \"alert\"")
    }

    static func backgroundWithoutContentAvailable(origin: String) -> FindingText {
        FindingText(
            "apns-push-type background without content-available 1 in aps\(origin): the app is not woken; add \"content-available\": 1",
            help: "add \"content-available\": 1 to aps")
    }

    static func liveActivityWithoutEvent(origin: String) -> FindingText {
        FindingText(
            "apns-push-type liveactivity but aps has no event\(origin): ActivityKit ignores the push; add \"event\": \"update\" (or start/end)",
            help: "add \"event\" to aps")
    }

    static func widgetsWithoutContentChanged(origin: String) -> FindingText {
        FindingText(
            "apns-push-type widgets without \"content-changed\": true in aps\(origin): WidgetKit does not reload the widget; send {\"aps\": {\"content-changed\": true}}",
            help: "set \"content-changed\": true in aps")
    }
}
