import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Expo fixtures and the edge cases of the Expo rules.
@Suite struct ExpoTests {
    static let folder = Paths.testdata.appendingPathComponent("fixtures/expo")
    static let families: Set<RuleFamily> = [.fcm, .expo]

    func lint(_ url: URL) throws -> LintReport {
        try ExampleLinter.lint(String(contentsOf: url, encoding: .utf8), fileName: url.lastPathComponent)
    }

    func findings(_ id: String, _ source: String, fileName: String = "m.json") throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: fileName).allDiagnostics.filter { $0.ruleId == id }
    }

    func packFindings(_ report: LintReport) -> [Diagnostic] {
        report.allDiagnostics.filter { d in
            let family = RuleRegistry.rule(d.ruleId)?.description.family
            return family.map { Self.families.contains($0) || $0 == .size } ?? false
        }
    }

    @Test func documentedExamplesLintClean() throws {
        let files = Paths.files(in: Self.folder.appendingPathComponent("clean"), withExtension: "json")
        #expect(files.count == 12)
        for url in files {
            let report = try lint(url)
            #expect(report.files.map(\.kind) == [.expo], "\(url.lastPathComponent) is not detected as Expo")
            // The docs' tokens are placeholders (`ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]`): info that names
            // them, nothing else.
            let found = packFindings(report).filter {
                !($0.severity == .info && $0.message.contains("documentation placeholder"))
            }
            #expect(found.isEmpty, "\(url.lastPathComponent): \(found.map(\.message))")
            #expect(report.allDiagnostics.allSatisfy { $0.severity == .info }, "\(url.lastPathComponent)")
        }
    }

    static let expected: [String: [String]] = [
        "fields.json": [
            "expo-field-value /to", "expo-unknown-field /channelID", "expo-field-value /priority",
            "expo-field-value /badge",
            "expo-field-value /ttl", "expo-field-value /sound/volume", "expo-field-value /interruptionLevel",
            "expo-unknown-field /content_available",
        ],
        "priority-case.json": ["expo-field-value /priority", "expo-field-value /mutableContent"],
        "batch-101.json": ["expo-field-value /100"],
        "recipients-101.json": ["expo-field-value /2/to"],
    ]

    @Test(arguments: expected.keys.sorted())
    func invalidFixtureGetsItsFindings(_ name: String) throws {
        let report = try lint(Self.folder.appendingPathComponent("invalid").appendingPathComponent(name))
        let found = packFindings(report).map { "\($0.ruleId) \($0.pointer ?? "-")" }
        #expect(found.sorted() == (Self.expected[name] ?? []).sorted(), "\(name)")
    }

    @Test func everyInvalidFixtureHasExpectations() {
        let names = Paths.files(in: Self.folder.appendingPathComponent("invalid")).map(\.lastPathComponent).filter {
            $0 != "README.md"
        }
        #expect(Set(names) == Set(Self.expected.keys))
    }

    /// Known fields are recognised on their decoded bytes: an escaped key is its field, a misspelt one is not.
    @Test func escapedKeysAreTheirFields() throws {
        let message = #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "\u0074itle": "Hi", "bodyy": "x"}"#
        #expect(try findings("expo-unknown-field", message).map(\.message).count == 1)
        #expect(try findings("expo-unknown-field", message).first?.message.contains("'bodyy'") == true)
    }

    @Test func didYouMeanAndForeignNames() throws {
        let found = try findings(
            "expo-unknown-field",
            #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "subtitel": "Hi", "channel_id": "a", "notification": {"title": "x"}}"#
        )
        #expect(found.count == 3)
        #expect(found[0].message.contains("'subtitle'"))
        #expect(found[1].message.contains("'channelId'"))
        #expect(found[2].message.contains("title and body at the top level"))
    }

    @Test(arguments: [
        ("ExponentPushToken[abc]", true), ("ExpoPushToken[abc]", true), ("a1b2c3d4-e5f6-a7b8-c9d0-e1f2a3b4c5d6", true),
        ("ExponentPushToken[abc", false), ("bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", false), ("", false),
    ])
    func tokenFormat(_ token: String, _ valid: Bool) throws {
        #expect(ExpoSchema.isPushToken(token) == valid)
        let source = #"{"to": [""# + token + #""], "title": "Hi", "channelId": "a"}"#
        #expect(try findings("expo-field-value", source).isEmpty == valid, "\(token)")
    }

    @Test func soundAndNulls() throws {
        #expect(try findings("expo-field-value", #"{"to": "ExpoPushToken[a]", "sound": null, "title": "Hi"}"#).isEmpty)
        #expect(
            try findings("expo-field-value", #"{"to": "ExpoPushToken[a]", "sound": "default", "title": "Hi"}"#).isEmpty)
        #expect(try findings("expo-field-value", #"{"to": "ExpoPushToken[a]", "sound": 1, "title": "Hi"}"#).count == 1)
        #expect(
            try findings("expo-field-value", #"{"to": "ExpoPushToken[a]", "title": null}"#).count == 1,
            "only sound may be null")
        #expect(
            try findings(
                "expo-unknown-field",
                #"{"to": "ExpoPushToken[a]", "title": "t", "sound": {"name": "a.wav", "loud": true}}"#
            ).count == 1)
    }

    @Test func fixesEnumSpellings() throws {
        let source =
            #"{"to": "ExpoPushToken[a]", "title": "Hi", "priority": "High", "interruptionLevel": "timeSensitive"}"#
        let fixed = try ExampleLinter.applyFixes(of: "expo-field-value", RuleExample(source), includeUnsafe: false)
        #expect(
            fixed
                == #"{"to": "ExpoPushToken[a]", "title": "Hi", "priority": "high", "interruptionLevel": "time-sensitive"}"#
        )
    }

    @Test func batchLimitsCountMessagesAndRecipients() throws {
        func batch(_ messages: Int, recipientsEach: Int) -> String {
            let to = "[" + Array(repeating: #""ExpoPushToken[a]""#, count: recipientsEach).joined(separator: ",") + "]"
            return "["
                + Array(repeating: #"{"to": "# + to + #", "title": "Hi"}"#, count: messages).joined(separator: ",")
                + "]"
        }
        #expect(try findings("expo-field-value", batch(100, recipientsEach: 1)).isEmpty)
        #expect(try findings("expo-field-value", batch(1, recipientsEach: 100)).isEmpty)
        #expect(try findings("expo-field-value", batch(1, recipientsEach: 101)).map(\.pointer) == ["/0/to/100"])
        #expect(try findings("expo-field-value", batch(4, recipientsEach: 30)).map(\.pointer) == ["/3/to/10"])
        let messages = try findings("expo-field-value", batch(150, recipientsEach: 1))
        #expect(messages.map(\.pointer) == ["/100"], "one finding for the batch, not also one for its recipients")
        #expect(messages.first?.message.contains("150 messages") == true)
        let single =
            #"{"to": ["# + Array(repeating: #""ExpoPushToken[a]""#, count: 101).joined(separator: ",")
            + #"], "title": "Hi"}"#
        #expect(try findings("expo-field-value", single).map(\.pointer) == ["/to/100"])
    }

    /// An Expo batch is one request: one mistake repeated in its 1 000 messages is one finding with the count, and
    /// its fix mends every message (issue 28). A batch of mixed kinds is no request and keeps each message's.
    @Test func aRepeatedMistakeInABatchIsReportedOnceWithTheCount() throws {
        let message = #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "priority": "HIGH"}"#
        let batch = "[" + Array(repeating: message, count: 1000).joined(separator: ",") + "]"
        let found = try findings("expo-field-value", batch)
        #expect(found.map(\.pointer) == ["/0/priority", "/100"], "\(found.map(\.message))")
        #expect(found.first?.message.hasSuffix("(the same in 999 more messages of this request)") == true)
        #expect(found.first?.fix?.edits.count == 1000)
        let fixed = try ExampleLinter.applyFixes(of: "expo-field-value", RuleExample(batch))
        #expect(!fixed.contains(#""HIGH""#))
        let mixed = "[" + message + "," + message + #",{"aps": {"alert": "Hi"}}]"#
        #expect(try findings("expo-field-value", mixed).count == 2)
    }

    @Test func templatesSkipUnknownValues() throws {
        let source =
            #"{"to": {{tokens}}, "title": "{{title}}", "badge": {{badge}}, "priority": "{{p}}", "ttl": {{ttl}}}"#
        #expect(try findings("expo-field-value", source, fileName: "m.json.tmpl").isEmpty)
    }
}

extension ExpoTests {
    @Test func missingRecipientWhenTheKindIsForced() throws {
        let config = #"{"kinds": {"*.json": "expo"}}"#
        let report = try ExampleLinter.lint(#"{"title": "Hi", "body": "There"}"#, fileName: "m.json", config: config)
        let found = report.allDiagnostics.filter { $0.ruleId == "expo-field-value" }
        #expect(found.map(\.pointer) == [""])
        #expect(found.first?.message.contains("no 'to'") == true)
    }
}

/// Expo's 4096-byte limit is on what one device receives (EXPO-D "MessageTooBig"): the recipients are not counted.
extension ExpoTests {
    static func tokens(_ count: Int) -> String {
        (0..<count).map { #""ExponentPushToken[N1Xk3vQ9bY2mT7pLd4"# + String(1000 + $0) + #"]""# }.joined(
            separator: ", ")
    }

    @Test func sizeLeavesOutTheRecipients() throws {
        let message = #"{"to": ["# + Self.tokens(100) + #"], "title": "Sale", "body": "20% off"}"#
        let report = try ExampleLinter.lint(message, fileName: "m.json")
        #expect(report.allDiagnostics.filter { $0.ruleId.hasPrefix("payload-size") }.isEmpty)
        // {"title":"Sale","body":"20% off"}
        #expect(report.files.first?.wireBytes == 33)
        let single = try ExampleLinter.lint(
            #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd41000]", "title": "Sale", "body": "20% off"}"#,
            fileName: "m.json")
        #expect(single.files.first?.wireBytes == 33, "one token or a hundred: the same bytes reach each device")
    }

    @Test func sizeStillCountsWhatTheDeviceReceives() throws {
        let data = #"{"text": ""# + String(repeating: "x", count: 4080) + #""}"#
        let message = #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd41000]", "title": "Hi", "data": "# + data + "}"
        let found = try findings("payload-size", message)
        #expect(found.count == 2, "the Expo message and its APNs view are both over 4096 bytes")
        #expect(found.contains { $0.message.contains("without its recipients") }, "\(found.map(\.message))")
    }
}

/// Severities follow what Expo documents: errors for a refused request or message, warnings for undocumented
/// ranges, info for a documentation placeholder in `to`.
extension ExpoTests {
    static let token = "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]"

    func severities(_ source: String) throws -> [String] {
        try findings("expo-field-value", source).map { "\($0.severity) \($0.pointer ?? "-")" }
    }

    @Test func placeholdersInToAreTheirOwnRulesInfo() throws {
        #expect(try findings("expo-field-value", #"{"to": "ExponentPushToken[xxx]", "title": "Hi"}"#).isEmpty)
        let found = try findings("payload-target-placeholder", #"{"to": "ExponentPushToken[xxx]", "title": "Hi"}"#)
        #expect(found.map(\.severity) == [.info])
        #expect(
            found.first?.message
                == "`to` holds the documentation placeholder 'ExponentPushToken[xxx]'; the real token is filled in at send time"
        )
        let array =
            #"{"to": ["ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "YOUR_EXPO_PUSH_TOKEN", "<token>", ""# + Self.token
            + #""], "title": "Hi"}"#
        let inArray = try findings("payload-target-placeholder", array)
        #expect(inArray.map { "\($0.severity) \($0.pointer ?? "-")" } == ["info /to/0", "info /to/1", "info /to/2"])
        #expect(inArray[1].message.contains("`to[1]` holds the documentation placeholder 'YOUR_EXPO_PUSH_TOKEN'"))
        #expect(try severities(array).isEmpty)
    }

    /// Raising the rule that judges `to` to error must not make a documentation placeholder an error (issue 28).
    @Test func raisingExpoFieldValueLeavesPlaceholdersAtInfo() throws {
        let config = #"{"rules": {"expo-field-value": "error", "fcm-target": "error"}}"#
        for source in [
            #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi"}"#,
            #"{"message": {"token": "{{device_token}}", "notification": {"title": "Hi"}}}"#,
        ] {
            let report = try ExampleLinter.lint(source, fileName: "m.json", config: config)
            #expect(
                report.allDiagnostics.map { "\($0.ruleId) \($0.severity)" } == ["payload-target-placeholder info"],
                "\(source)")
        }
    }

    @Test func notATokenIsStillAnError() throws {
        let found = try findings(
            "expo-field-value", #"{"to": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "title": "Hi"}"#)
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("not a registered push notification recipient") == true)
        #expect(try severities(#"{"to": 42, "title": "Hi"}"#) == ["error /to"])
        #expect(try severities(#"{"to": ["ExpoPushToken[a]", true], "title": "Hi"}"#) == ["error /to/1"])
    }

    @Test func undocumentedRangesAreWarnings() throws {
        let source =
            #"{"to": ""# + Self.token
            + #"", "title": "Hi", "badge": -1, "ttl": -60, "expiration": -5, "sound": {"name": "a.wav", "volume": 1.5}}"#
        #expect(
            try severities(source) == [
                "warning /badge", "warning /ttl", "warning /expiration", "warning /sound/volume",
            ])
        let found = try findings("expo-field-value", source)
        #expect(found.allSatisfy { !$0.message.contains("rejects") }, "\(found.map(\.message))")
        let milliseconds = try findings(
            "expo-field-value", #"{"to": ""# + Self.token + #"", "expiration": 1767225600000}"#)
        #expect(milliseconds.map(\.severity) == [.warning])
        #expect(milliseconds.first?.help == "write 1767225600 (seconds)")
        // Too large for an Int in seconds: a warning without a number to suggest, not a trap.
        let huge = try findings("expo-field-value", #"{"to": ""# + Self.token + #"", "expiration": 1e300}"#)
        #expect(huge.map(\.severity) == [.warning])
        #expect(huge.first?.help == "write a Unix time in seconds")
    }

    @Test func documentedValuesAndTypesStay() throws {
        let valid =
            #"{"to": ""# + Self.token
            + #"", "title": "Hi", "badge": 0, "ttl": 0, "expiration": 1767225600, "sound": {"volume": 0}}"#
        #expect(try findings("expo-field-value", valid).isEmpty)
        // A wrong type is a malformed payload: Expo answers the request with HTTP 400 (EXPO-D).
        let wrong = #"{"to": ""# + Self.token + #"", "title": "Hi", "badge": "-1", "ttl": "60", "priority": "urgent"}"#
        #expect(try severities(wrong) == ["error /badge", "error /ttl", "error /priority"])
        #expect(try findings("expo-field-value", wrong).allSatisfy { $0.message.contains("HTTP 400") })
    }

    @Test func pythonSDKOutputLintsClean() throws {
        // exponent_server_sdk `PushMessage.get_payload` with every argument set, legacy `_displayInForeground` included.
        let source =
            #"{"to": ""# + Self.token
            + #"", "data": {"order": "1042"}, "title": "Hi", "body": "There", "ttl": 60, "expiration": 1767225600, "priority": "high", "subtitle": "s", "sound": "default", "badge": 2, "channelId": "orders", "categoryId": "reply", "mutableContent": true, "_displayInForeground": true}"#
        let report = try ExampleLinter.lint(source, fileName: "m.json")
        #expect(packFindings(report).isEmpty, "\(packFindings(report).map(\.message))")
    }
}
