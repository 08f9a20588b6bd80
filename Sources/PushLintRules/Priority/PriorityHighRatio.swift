import PushLintModel

/// `priority-high-ratio`: too many templates go at high priority.
struct PriorityHighRatio: ProjectRule {
    static let maxRatio = OptionKey(
        "maxRatio", default: 0.5,
        "Share of a platform's templates (0 to 1) that may go at high priority.", range: 0...1)
    static let minTemplates = OptionKey(
        "minTemplates", default: 4,
        "Fewest templates for a platform before the share is judged.")

    static let description = RuleDescription(
        id: "priority-high-ratio",
        summary: "More than a share (default half) of the templates for a platform go at high priority.",
        family: .priority,
        defaultSeverity: .warning,
        rationale: """
            When most messages are high priority, none of them is. FCM deprioritises apps whose high-priority \
            messages do not lead to user-visible notifications, App Standby Buckets cap how many high-priority \
            messages an app receives, and the per-device quotas are shared by every message the app sends \
            (https://firebase.google.com/docs/cloud-messaging/android/message-priority). On iOS, `time-sensitive` and `critical` interruptions break through \
            Focus; users who see them for everything turn notifications off. The rule counts, per platform view, \
            the templates that go at high priority: Android (FCM `android.priority: HIGH`, Expo `priority: high`) \
            and APNs (priority 10 with `interruption-level` `time-sensitive` or `critical`; priority 10 alone is \
            Apple's normal for alerts). Above `maxRatio` it names the heaviest high-priority templates, the first \
            candidates to move to normal priority. Sets of fewer than `minTemplates` templates are not judged.

            Each set is one platform view of one kind of payload, and the message says which: FCM messages, \
            legacy FCM messages, Expo messages and APNs payloads are counted apart (an Expo message is not an FCM \
            template for Android, though Expo sends it through FCM), and so are the lines of JSON Lines logs \
            (`.jsonl`, `.ndjson`), which are messages that were sent, not templates.
            """,
        options: [maxRatio.declaration, minTemplates.declaration],
        triggering: [
            RuleExample(
                #"""
                [
                  {"message": {"token": "t", "notification": {"title": "Your code is 4821"}, "android": {"priority": "HIGH"}}},
                  {"message": {"token": "t", "notification": {"title": "Driver arriving"}, "android": {"priority": "HIGH"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekend sale"}, "android": {"priority": "HIGH"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekly digest"}}}
                ]
                """#, note: "A batch stands for four templates: three of four go at high priority on Android.")
        ],
        nonTriggering: [
            RuleExample(
                #"""
                [
                  {"message": {"token": "t", "notification": {"title": "Your code is 4821"}, "android": {"priority": "HIGH"}}},
                  {"message": {"token": "t", "notification": {"title": "Order shipped"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekend sale"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekly digest"}}}
                ]
                """#, note: "Only the one-time code goes at high priority."),
            RuleExample(
                #"""
                [
                  {"message": {"token": "t", "notification": {"title": "Your code is 4821"}, "android": {"priority": "HIGH"}}},
                  {"message": {"token": "t", "notification": {"title": "Driver arriving"}, "android": {"priority": "HIGH"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekend sale"}}},
                  {"message": {"token": "t", "notification": {"title": "Weekly digest"}}},
                  {"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Call incoming", "priority": "high"},
                  {"to": "ExponentPushToken[hT2kQm9ZrX4bV7nLc1sW0e]", "title": "Call incoming", "priority": "high"}
                ]
                """#,
                note:
                    "Two of four FCM messages, and two Expo messages counted apart (fewer than minTemplates): Expo messages are not FCM templates."
            ),
        ])

    static let platforms: [(id: PlatformSet, name: String)] = [(.android, "Android"), (.apns, "APNs")]

    func checkProject(_ project: ProjectContext) -> [ProjectDiagnostic] {
        let maxRatio = project[Self.maxRatio]
        let minimum = max(1, project[Self.minTemplates])
        var result: [ProjectDiagnostic] = []
        let summaries = project.summaries
        // The sets that occur, in a fixed order: platform, then kind, then templates before log lines.
        var sets: [CountedSet] = []
        for summary in summaries {
            for platform in Self.platforms where Self.hasView(platform.id, summary) {
                let set = CountedSet(platform: platform, kind: summary.kind, isLog: summary.isLogLine)
                if !sets.contains(set) { sets.append(set) }
            }
        }
        sets.sort { $0.order < $1.order }
        for set in sets {
            let platform = set.platform
            // Indexes, not filtered copies: a run of 100 000 templates has as many summaries.
            var views = 0
            var high: [Int] = []
            var highCount = 0
            for index in summaries.indices
            where Self.hasView(platform.id, summaries[index]) && summaries[index].kind == set.kind
                && summaries[index].isLogLine == set.isLog
            {
                views += summaries[index].count
                if summaries[index].highPriority.contains(platform.id) {
                    high.append(index)
                    highCount += summaries[index].count
                }
            }
            guard views >= minimum else { continue }
            let ratio = Double(highCount) / Double(views)
            guard ratio > maxRatio else { continue }
            let heaviest = Self.heaviest(3, of: high, in: summaries).map { summaries[$0] }
            // Sorted, each path once: the messages of a batch file all name it.
            let related = high.map { summaries[$0].path }.sorted().reduce(into: [String]()) {
                if $0.last != $1 { $0.append($1) }
            }
            result.append(
                diagnostic(
                    Self.tooManyHigh(set.label, high: highCount, total: views, maxRatio: maxRatio, heaviest: heaviest),
                    related: related))
        }
        return result
    }

    /// The `count` largest payloads (ties by path), largest first, in one pass instead of a sort of them all.
    static func heaviest(_ count: Int, of indexes: [Int], in summaries: [PayloadSummary]) -> [Int] {
        func heavier(_ a: Int, _ b: Int) -> Bool {
            (summaries[a].wireBytes, summaries[b].path) > (summaries[b].wireBytes, summaries[a].path)
        }
        var top: [Int] = []
        for index in indexes {
            guard top.count < count || heavier(index, top[top.count - 1]) else { continue }
            let at = top.firstIndex { heavier(index, $0) } ?? top.count
            top.insert(index, at: at)
            if top.count > count { top.removeLast() }
        }
        return top
    }

    static func hasView(_ platform: PlatformSet, _ summary: PayloadSummary) -> Bool { summary.views.contains(platform) }

    /// What is counted together: one platform view of one kind of payload, in templates or in log lines.
    struct CountedSet: Equatable {
        var platform: (id: PlatformSet, name: String)
        var kind: PayloadKind
        var isLog: Bool

        static func == (a: CountedSet, b: CountedSet) -> Bool {
            a.platform.id == b.platform.id && a.kind == b.kind && a.isLog == b.isLog
        }

        var order: Int {
            let platformIndex = PriorityHighRatio.platforms.firstIndex { $0.id == platform.id } ?? 0
            let kindIndex = PayloadKind.allCases.firstIndex(of: kind) ?? 0
            return (platformIndex * 16 + kindIndex) * 2 + (isLog ? 1 : 0)
        }

        /// "FCM templates for Android", "Expo log lines for APNs", "APNs templates".
        var label: String {
            let what: String
            switch kind {
            case .fcm: what = "FCM"
            case .fcmLegacy: what = "legacy FCM"
            case .expo: what = "Expo"
            case .apns: what = "APNs"
            case .sns: what = "SNS"
            case .webpush: what = "web push"
            case .pubnub: what = "PubNub"
            case .pusherBeams: what = "Pusher Beams"
            }
            let items = isLog ? "log lines" : "templates"
            return kind == .apns ? "\(what) \(items)" : "\(what) \(items) for \(platform.name)"
        }
    }

    // MARK: Messages

    /// `counted`: what was counted, "FCM templates for Android".
    static func tooManyHigh(_ counted: String, high: Int, total: Int, maxRatio: Double, heaviest: [PayloadSummary])
        -> FindingText
    {
        let percent = high * 100 / total
        let names = heaviest.map { "\($0.place) (\($0.wireBytes) B)" }
        return FindingText(
            "\(high) of \(total) \(counted) (\(percent)%) go at high priority, more than maxRatio \(maxRatio): "
                + "the high-priority budget is spent on messages that can wait; heaviest: "
                + names.joined(separator: ", "),
            help:
                "send messages that can wait at normal priority (FCM NORMAL, Expo \"normal\", APNs interruption-level active)"
        )
    }

}
