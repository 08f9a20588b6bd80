import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Channel rules on every kind that carries an Android channel.
@Suite struct AndroidRulesTests {
    static let contract = #"{"android": {"channels": [{"id": "orders"}, {"id": "promo", "importance": "low"}]}}"#

    static func findings(_ source: String, fileName: String = "a.json", contract: String? = contract, rule: String)
        throws -> [Diagnostic]
    {
        try ExampleLinter.lint(source, fileName: fileName, contract: contract).allDiagnostics.filter {
            $0.ruleId == rule
        }
    }

    @Test func channelExistsOnFCMExpoAndBatches() throws {
        let batch =
            #"[{"to": "ExponentPushToken[a]", "title": "x", "channelId": "orders"}, {"to": "ExponentPushToken[b]", "title": "x", "channelId": "order"}]"#
        let found = try Self.findings(batch, rule: "android-channel-exists")
        #expect(found.map(\.pointer) == ["/1/channelId"])
        #expect(found.first?.message.contains("the notification is not displayed") == true)
        let camel =
            #"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"notification": {"channelId": "promos"}}}}"#
        #expect(try Self.findings(camel, rule: "android-channel-exists").first?.help == "write \"promo\"")
    }

    @Test func templatedChannelsAreNotJudged() throws {
        let source =
            #"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"notification": {"channel_id": "{{channel}}"}}}}"#
        #expect(try Self.findings(source, fileName: "a.json.tmpl", rule: "android-channel-exists").isEmpty)
        #expect(try Self.findings(source, fileName: "a.json.tmpl", rule: "android-channel-missing").isEmpty)
    }

    @Test func channelMissingNeedsChannelsAndNoDefault() throws {
        let source = #"{"message": {"token": "t", "notification": {"title": "x"}}}"#
        #expect(try Self.findings(source, rule: "android-channel-missing").count == 1)
        #expect(try Self.findings(source, contract: nil, rule: "android-channel-missing").isEmpty)
        #expect(
            try Self.findings(source, contract: #"{"ios": {"bundleId": "x"}}"#, rule: "android-channel-missing").isEmpty
        )
        let legacy = #"{"to": "abc", "notification": {"title": "x"}}"#
        #expect(
            try Self.findings(legacy, rule: "android-channel-missing").isEmpty,
            "legacy messages are fcm-legacy-format's")
    }
}
