import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Event mapping, field sets per platform and value checks of the contract rules.
@Suite struct ContractRulesTests {
    static let contract = """
        {
          "ios": {"bundleId": "com.example.shop"},
          "android": {"channels": [{"id": "orders", "importance": "high"}]},
          "events": {
            "order.updated": {
              "files": ["push/orders/**"], "channel": "orders",
              "fields": {
                "order_id": {"required": true, "type": "string", "minLength": 3},
                "count": {"type": "integer"},
                "gift": {"type": "boolean"},
                "meta": {"type": "object"}
              }
            },
            "build": {"match": {"version": 2}}
          }
        }
        """

    static func findings(_ source: String, path: String = "push/orders/a.json", rule: String) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: path, contract: contract).allDiagnostics.filter { $0.ruleId == rule }
    }

    @Test func eachPlatformsFieldSetIsChecked() throws {
        // android.data replaces data on Android; data still goes to iOS beside aps.
        let source =
            #"{"message": {"token": "t", "notification": {"title": "x"}, "data": {"count": "1"}, "android": {"data": {"order_id": "123"}, "notification": {"channel_id": "orders"}}}}"#
        let found = try Self.findings(source, rule: "contract-required-field")
        #expect(found.map(\.pointer) == ["/message/data"])
        #expect(found.first?.message.contains("in `data`") == true)
    }

    @Test func matchComparesNumbersByTheirText() throws {
        let source = #"{"aps": {"content-available": 1}, "version": 2}"#
        #expect(try Self.findings(source, path: "other/a.json", rule: "contract-event-unknown").isEmpty)
        let other = #"{"aps": {"content-available": 1}, "version": 3}"#
        #expect(try Self.findings(other, path: "other/a.json", rule: "contract-event-unknown").count == 1)
        let templated = #"{"aps": {"content-available": 1}, "version": {{v}}}"#
        #expect(try Self.findings(templated, path: "other/a.json.tmpl", rule: "contract-event-unknown").count == 1)
    }

    /// A JSON Lines log is not mapped to events line by line (issue 28): lines no event claims draw no
    /// contract-event-unknown, where the same message as a file does; a line an event claims is still checked.
    @Test func jsonLinesLogsAreNotMappedLineByLine() throws {
        let unclaimed = #"{"message": {"token": "t", "notification": {"title": "Sale"}, "data": {"type": "promo"}}}"#
        let claimed = #"{"aps": {"content-available": 1}, "version": 2}"#
        let log = Array(([unclaimed, unclaimed, claimed, unclaimed].joined(separator: "\n") + "\n").utf8)
        let engine = Engine(
            project: try ExampleLinter.project(config: nil, contract: Self.contract), options: LintOptions(jobs: 1))
        let report = engine.lint(jsonLines: log, path: "logs/sent.jsonl")
        #expect(report.allDiagnostics.filter { $0.ruleId == "contract-event-unknown" }.isEmpty)
        #expect(try Self.findings(unclaimed, path: "logs/sent.json", rule: "contract-event-unknown").count == 1)
        #expect(try Self.findings(unclaimed, path: "logs/sent.ndjson", rule: "contract-event-unknown").isEmpty)
    }

    @Test func typesInFCMDataAreReadFromTheStringContent() throws {
        func values(_ data: String) throws -> [String?] {
            let source = #"{"message": {"token": "t", "data": {"order_id": "123", "# + data + "}}}"
            return try Self.findings(source, rule: "contract-field-value").map(\.pointer)
        }
        #expect(try values(#""count": "3", "gift": "true", "meta": "{\"a\":1}""#).isEmpty)
        #expect(try values(#""count": "3.5""#) == ["/message/data/count"])
        #expect(try values(#""gift": "yes""#) == ["/message/data/gift"])
        #expect(try values(#""count": 3"#).isEmpty, "a non-string in FCM data is fcm-data-string-values' finding")
    }

    @Test func typesBesideAPSAreJSONTypes() throws {
        func values(_ fields: String, path: String = "push/orders/a.json") throws -> [String] {
            let source = #"{"aps": {"alert": "x"}, "order_id": "123", "# + fields + "}"
            return try Self.findings(source, path: path, rule: "contract-field-value").map(\.message)
        }
        #expect(try values(#""count": 3, "gift": false, "meta": {}"#).isEmpty)
        #expect(try values(#""count": 3.0"#).first?.contains("must be an integer, found the number 3.0") == true)
        #expect(
            try values(#""count": "{{count}}""#, path: "push/orders/a.json.tmpl").first?.contains("found the string")
                == true)
        #expect(try values(#""count": {{count}}"#, path: "push/orders/a.json.tmpl").isEmpty)
        let short = #"{"aps": {"alert": "x"}, "order_id": "12"}"#
        #expect(
            try Self.findings(short, rule: "contract-field-value").first?.message.contains("less than its minLength 3")
                == true)
    }

    @Test func apnsTopicAcceptsEverySuffixAndSkipsMDMAndConfiguredHeaders() throws {
        func count(_ topic: String, type: String = "alert") throws -> Int {
            let source =
                #"{"headers": {"apns-push-type": ""# + type + #"", "apns-topic": ""# + topic
                + #""}, "payload": {"aps": {"alert": "x"}, "order_id": "123"}}"#
            return try Self.findings(source, rule: "contract-apns-topic").count
        }
        #expect(try count("com.example.shop.voip", type: "voip") == 0)
        #expect(try count("com.example.shop.push-type.widgets", type: "widgets") == 0)
        #expect(try count("com.example.other.voip", type: "voip") == 1)
        #expect(try count("6b2f2b8e-0000-4000-8000-000000000000", type: "mdm") == 0)
        let config = #"{"apns": {"headers": {"push/**": {"apns-topic": "com.other.app"}}}}"#
        let bare = #"{"aps": {"alert": "x"}, "order_id": "123"}"#
        let report = try ExampleLinter.lint(
            bare, fileName: "push/orders/a.json", config: config, contract: Self.contract)
        #expect(
            report.allDiagnostics.filter { $0.ruleId == "contract-apns-topic" }.isEmpty,
            "no node in the file to point at")
    }

    @Test func channelMissingSuggestsTheEventsChannel() throws {
        let source = #"{"message": {"token": "t", "notification": {"title": "x"}, "data": {"order_id": "123"}}}"#
        let found = try Self.findings(source, rule: "android-channel-missing")
        #expect(found.map(\.pointer) == ["/message/notification"])
        #expect(found.first?.help?.contains("\"orders\", the channel of this template's event") == true)
    }

    @Test func configurationErrorsInTheContractStopTheRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushlint-contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"contract": "c.json"}"#.write(
            to: folder.appendingPathComponent(".pushlint.json"), atomically: true, encoding: .utf8)
        try "{\n  \"android\": {\"channels\": [{\"id\": \"a\", \"importance\": \"urgent\"}]}\n}".write(
            to: folder.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) { try FolderLinter.lint(folder) }
        do {
            _ = try Project.load(configPath: nil, contractPath: nil, cwd: folder.path)
            Issue.record("the contract should not load")
        } catch {
            #expect(error.description.hasPrefix("c.json:2:54: unknown importance 'urgent'"))
        }
    }
}
