import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// `priority-high-ratio` (a project rule) and the priority facts that summaries carry.
@Suite struct PriorityRulesTests {
    static let rule = RuleRegistry.rule("priority-high-ratio") as? any ProjectRule

    static func summary(_ path: String, _ kind: PayloadKind, bytes: Int, high: [String], apns: Bool = false)
        -> PayloadSummary
    {
        PayloadSummary(
            path: path, batchIndex: nil, kind: kind, wireBytes: bytes,
            highPriority: high.reduce(into: PlatformSet()) { $0.insert(PlatformSet(name: $1)) },
            views: kind == .apns ? [.apns] : apns || kind == .expo ? [.android, .apns] : [.android])
    }

    static func run(_ summaries: [PayloadSummary], options: [String: OptionValue] = [:]) throws -> [ProjectDiagnostic] {
        let rule = try #require(Self.rule)
        let settings = LintSettings(ruleOptions: ["priority-high-ratio": RuleOptions(options)])
        return rule.checkProject(ProjectContext(summaries: summaries, settings: settings))
    }

    static let androidSet = [
        summary("push/a.json", .fcm, bytes: 300, high: ["android"]),
        summary("push/b.json", .fcm, bytes: 900, high: ["android"]),
        summary("push/c.json", .fcm, bytes: 600, high: ["android"]),
        summary("push/d.json", .fcm, bytes: 200, high: []),
        summary("push/e.json", .fcm, bytes: 100, high: []),
    ]

    @Test func overTheRatioNamesTheHeaviestHighPriorityTemplates() throws {
        let found = try Self.run(Self.androidSet)
        #expect(found.count == 1)
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("3 of 5 FCM templates for Android (60%) go at high priority, more than maxRatio 0.5"))
        #expect(message.hasSuffix("heaviest: push/b.json (900 B), push/c.json (600 B), push/a.json (300 B)"))
        #expect(found.first?.related == ["push/a.json", "push/b.json", "push/c.json"])
        #expect(found.first?.severity == .warning)
    }

    @Test func heaviestAreTheLargestWithTiesByPath() throws {
        // Sizes repeat, so ties are decided by path; the three named are those a full sort puts first.
        let set = (0..<40).map { i in
            Self.summary(
                "push/\(String(format: "%02d", (i * 7) % 40)).json", .fcm, bytes: (i * 37) % 11 * 100, high: ["android"]
            )
        }
        let expected = set.sorted { ($0.wireBytes, $1.path) > ($1.wireBytes, $0.path) }.prefix(3)
            .map { "\($0.path) (\($0.wireBytes) B)" }.joined(separator: ", ")
        let message = try #require(try Self.run(set).first?.message)
        #expect(message.hasSuffix("heaviest: " + expected))
    }

    @Test func maxRatioAndMinTemplatesAreOptions() throws {
        #expect(try Self.run(Self.androidSet, options: ["maxRatio": .number(0.6)]).isEmpty)
        #expect(try Self.run(Array(Self.androidSet.prefix(3))).isEmpty, "3 templates are fewer than minTemplates 4")
        #expect(try Self.run(Array(Self.androidSet.prefix(3)), options: ["minTemplates": .number(3)]).count == 1)
    }

    @Test func platformsAreCountedSeparately() throws {
        // Every template goes to APNs, none at high priority there; Android: 3 of 5.
        let set = Self.androidSet.map { s in
            var copy = s
            copy.views.insert(.apns)
            return copy
        }
        let found = try Self.run(set)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("Android") == true)
        let apnsHeavy = (0..<4).map {
            Self.summary("ios/\($0).json", .apns, bytes: 100 * $0, high: $0 < 3 ? ["apns"] : [])
        }
        let apnsFound = try Self.run(apnsHeavy)
        #expect(apnsFound.map { $0.message.hasPrefix("3 of 4 APNs templates (75%)") } == [true])
    }

    /// Kinds and log lines are counted apart (issue 28): Expo messages are not "FCM templates for Android", and the
    /// lines of a JSON Lines log are messages that were sent, not templates; the message says what it counted.
    @Test func kindsAndLogLinesAreCountedApart() throws {
        let fcm = (0..<4).map { Self.summary("push/\($0).json", .fcm, bytes: 100, high: $0 < 2 ? ["android"] : []) }
        let expo = (0..<4).map { Self.summary("expo/\($0).json", .expo, bytes: 100, high: ["android"]) }
        var log = Self.summary("logs/sent.jsonl", .fcm, bytes: 100, high: ["android"])
        log.count = 40
        log.isLogLine = true
        #expect(try Self.run(fcm).isEmpty, "2 of 4 FCM templates is not over one half")
        let found = try Self.run(fcm + expo + [log]).map(\.message)
        #expect(found.count == 2, "\(found)")
        #expect(found.first?.hasPrefix("40 of 40 FCM log lines for Android (100%)") == true, "\(found)")
        #expect(found.last?.hasPrefix("4 of 4 Expo templates for Android (100%)") == true, "\(found)")
        #expect(!found.contains { $0.contains("FCM templates") }, "the log and Expo do not tip the FCM templates")
    }

    /// Batch files give several summaries with one path, not always next to each other: each path is listed once,
    /// in order.
    @Test func relatedPathsAreSortedOnce() throws {
        let paths = ["b.json", "b.json", "a.json", "c.json", "a.json", "b.json", "a.json"]
        let set = paths.enumerated().map { Self.summary($0.element, .fcm, bytes: 100 + $0.offset, high: ["android"]) }
        let found = try Self.run(set)
        #expect(found.first?.related == ["a.json", "b.json", "c.json"])
    }

    /// A summary lists the platform views its payload has: what priority-high-ratio counts templates by.
    @Test(arguments: [
        (#"{"aps": {"alert": "x"}}"#, ["apns"]),
        (#"{"message": {"token": "t", "data": {"k": "v"}}}"#, ["android"]),
        (#"{"message": {"token": "t", "notification": {"title": "x"}}}"#, ["android", "apns"]),
        (#"{"message": {"token": "t", "webpush": {"data": {"k": "v"}}}}"#, ["android", "webpush"]),
        (#"{"to": "ExponentPushToken[x]", "title": "x"}"#, ["android", "apns"]),
        (#"{"to": "abc", "notification": {"title": "x"}}"#, []),
    ])
    func summariesListTheViewsOfTheirPayload(_ source: String, _ views: [String]) throws {
        let document = try #require(JSONParser.parse(source).document)
        let kind = try #require(PayloadKind.detect(document, document.root))
        let payload = PayloadBuilder.build(document, node: document.root, kind: kind)
        let context = PayloadContext(
            path: "p.json", document: document, payload: payload, isTemplate: false, settings: LintSettings())
        #expect(PayloadSummarizer.summarize(context).views.names == views)
    }

    @Test func summariesMarkHighPriorityPerPlatform() throws {
        func high(_ source: String) throws -> [String] {
            let document = try #require(JSONParser.parse(source).document)
            let kind = try #require(PayloadKind.detect(document, document.root))
            let payload = PayloadBuilder.build(document, node: document.root, kind: kind)
            let context = PayloadContext(
                path: "p.json", document: document, payload: payload, isTemplate: false, settings: LintSettings())
            return PayloadSummarizer.summarize(context).highPriority.names
        }
        #expect(
            try high(#"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"priority": "HIGH"}}}"#)
                == ["android"])
        #expect(
            try high(#"{"message": {"token": "t", "notification": {"title": "x"}}}"#) == [],
            "APNs priority 10 alone is not high")
        #expect(
            try high(
                #"{"to": "ExponentPushToken[x]", "title": "x", "priority": "high", "interruptionLevel": "time-sensitive"}"#
            ) == ["android", "apns"])
        #expect(
            try high(
                #"{"headers": {"apns-priority": "5"}, "payload": {"aps": {"alert": "x", "interruption-level": "critical"}}}"#
            ) == [])
        #expect(try high(#"{"aps": {"alert": "x", "interruption-level": "time-sensitive"}}"#) == ["apns"])
    }

    @Test func nonUrgentChecksTheEventOrTheChannel() throws {
        let contract = """
            {"android": {"defaultChannel": "promo", "channels": [{"id": "promo", "importance": "min"}, {"id": "orders", "importance": "high"}]},
             "events": {"sync": {"files": ["sync/**"], "urgency": "background"}, "orders": {"files": ["orders/**"], "channel": "orders"}}}
            """
        func count(_ source: String, _ path: String) throws -> Int {
            try ExampleLinter.lint(source, fileName: path, contract: contract).allDiagnostics.filter {
                $0.ruleId == "priority-high-non-urgent"
            }.count
        }
        let high = #"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"priority": "HIGH"}}}"#
        #expect(try count(high, "orders/a.json") == 0, "the event's channel orders is of importance high")
        #expect(try count(high, "other/a.json") == 1, "no event: the default channel promo is of importance min")
        let dataOnly = #"{"to": "ExponentPushToken[x]", "data": {"k": "v"}, "priority": "high"}"#
        #expect(try count(dataOnly, "sync/a.json") == 1)
        let both = try ExampleLinter.lint(dataOnly, fileName: "sync/a.json", contract: contract).allDiagnostics.map(
            \.ruleId)
        #expect(
            !both.contains("priority-high-without-notification"), "one mistake, one finding: the contract's reason wins"
        )
        let noContract = try ExampleLinter.lint(dataOnly, fileName: "sync/a.json").allDiagnostics.map(\.ruleId)
        #expect(noContract.contains("priority-high-without-notification"))
    }
}

/// The priority fixture project, through the engine.
@Suite struct PriorityFixturesTests {
    @Test func ratioIsReportedOnceWithTheHeaviestTemplatesFirst() throws {
        let report = try FolderLinter.lint(Paths.testdata.appendingPathComponent("fixtures/priority"))
        #expect(report.files.count == 4)
        #expect(ContractPackRules.findings(report).isEmpty)
        let found = report.project.filter { $0.ruleId == "priority-high-ratio" }
        #expect(found.count == 1)
        #expect(found.first?.related == ["high-1.json", "high-2.json", "high-3.json"])
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("3 of 4 FCM templates for Android (75%)"))
        let order = ["high-3.json", "high-2.json", "high-1.json"].compactMap { message.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted())
    }
}
