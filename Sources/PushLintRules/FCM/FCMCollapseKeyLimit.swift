import PushLintDetectors
import PushLintModel

/// `fcm-collapse-key-limit`: more than 4 distinct Android collapse keys across the templates.
struct FCMCollapseKeyLimit: ProjectRule {
    static let description = RuleDescription(
        id: "fcm-collapse-key-limit",
        summary: "The templates use more than 4 distinct Android collapse keys, and a device keeps only 4.",
        family: .fcm,
        defaultSeverity: .warning,
        rationale: """
            FCM stores at most 4 collapsible messages per device, one per collapse key; with a fifth key in \
            flight it keeps an arbitrary 4 and discards the rest (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `AndroidConfig.collapse_key`). Templates that use more than 4 distinct `android.collapse_key` values \
            can lose pending messages while the device is offline. Reuse a few keys (one per kind of update), \
            or send the rest as non-collapsible messages.

            This is a project rule: it counts the literal collapse keys of every FCM message linted in one \
            run (a key with a placeholder counts as one key).
            """,
        triggering: [
            RuleExample(
                #"""
                [
                  {"message": {"token": "t", "notification": {"title": "Order shipped"}, "android": {"collapse_key": "order_status"}}},
                  {"message": {"token": "t", "notification": {"title": "New message"}, "android": {"collapse_key": "chat"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekend sale"}, "android": {"collapse_key": "promo"}}},
                  {"message": {"token": "t", "notification": {"title": "Goal!"}, "android": {"collapse_key": "score"}}},
                  {"message": {"token": "t", "notification": {"title": "Rain at 5 pm"}, "android": {"collapse_key": "weather"}}}
                ]
                """#, note: "Five collapse keys across the run (a batch stands for its messages).")
        ],
        nonTriggering: [
            RuleExample(
                #"""
                [
                  {"message": {"token": "t", "notification": {"title": "Order shipped"}, "android": {"collapse_key": "order_status"}}},
                  {"message": {"token": "t", "notification": {"title": "Order delivered"}, "android": {"collapse_key": "order_status"}}},
                  {"message": {"token": "t", "notification": {"title": "New message"}, "android": {"collapse_key": "chat"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekend sale"}, "android": {"collapse_key": "promo"}}},
                  {"message": {"token": "t", "notification": {"title": "Goal!"}, "android": {"collapse_key": "score"}}}
                ]
                """#, note: "Two updates of an order share one key: four keys in all.")
        ])

    static let deviceLimit = 4

    func checkProject(_ project: ProjectContext) -> [ProjectDiagnostic] {
        var filesByKey: [String: [String]] = [:]
        for summary in project.summaries where summary.kind == .fcm {
            guard let key = summary.collapseKey else { continue }
            filesByKey[key, default: []].append(summary.path)
        }
        guard filesByKey.count > Self.deviceLimit else { return [] }
        let keys = filesByKey.keys.sorted()
        let related = Array(Set(filesByKey.values.joined())).sorted()
        return [
            diagnostic(Self.tooManyKeys(keys), related: related)
        ]
    }

    // MARK: Messages

    static func tooManyKeys(_ keys: [String]) -> FindingText {
        let shown =
            keys.prefix(10).map { "\(MessageText.single($0))" }.joined(separator: ", ")
            + (keys.count > 10 ? ", ..." : "")
        return FindingText(
            "the templates use \(keys.count) distinct Android collapse keys (\(shown)), but a device keeps only \(Self.deviceLimit) pending collapsible messages and FCM discards the others; reuse at most \(Self.deviceLimit) keys",
            help: "use at most \(Self.deviceLimit) collapse keys, one per kind of update")
    }

}
