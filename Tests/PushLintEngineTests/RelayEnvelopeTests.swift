import Foundation
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

@testable import PushLintEngine

/// Relay publish bodies (issue 32): PubNub's `pn_apns`/`pn_fcm`/`pn_gcm` and Pusher Beams' `apns`/`fcm`/`web` are
/// checked as envelopes, and every payload rule runs on the platform payloads inside them, located in place.
@Suite struct RelayEnvelopeTests {
    static func lint(_ source: String, fileName: String = "message.json", config: String? = nil) throws
        -> [Diagnostic]
    {
        try ExampleLinter.lint(source, fileName: fileName, config: config).allDiagnostics
    }

    static func text(_ source: String, _ span: ByteSpan) -> String {
        String(decoding: Array(source.utf8)[span.start..<span.end], as: UTF8.self)
    }

    /// The providers' documented examples, as copied with their sources into testdata: each lints clean, except
    /// PubNub's two legacy forms, which the page itself calls older (the certificate gateway without `pn_push`,
    /// the `pn_gcm` key of the page's older copy).
    @Test(arguments: [
        ("pubnub/docs/introduction-11-1.json", PayloadKind.pubnub, ["pubnub-gcm-deprecated"]),
        ("pubnub/docs/mobile-push-notifications-introduction-1.json", .pubnub, []),
        ("pubnub/docs/mobile-push-notifications-introduction-2.json", .pubnub, ["pubnub-push-config"]),
        ("pubnub/docs/mobile-push-notifications-introduction-3.json", .pubnub, []),
        ("pubnub/docs/when-does-pubnub-send-a-message-vs-push-notification-1.json", .pubnub, []),
        ("pusher-beams/docs/concepts-insights-1.json", .pusherBeams, []),
        ("pusher-beams/docs/concepts-webhooks-1.json", .pusherBeams, []),
        ("pusher-beams/docs/getting-started-android-publish-notifications-1.json", .pusherBeams, []),
        ("pusher-beams/docs/getting-started-ios-publish-notifications-1.json", .pusherBeams, []),
        ("pusher-beams/docs/publish-payloads-fcm-1.json", .pusherBeams, []),
        ("pusher-beams/docs/publish-payloads-web-1.json", .pusherBeams, []),
        ("pusher-beams/docs/publishing-to-multiple-devices-1.json", .pusherBeams, []),
        ("pusher-beams/docs/publishing-to-multiple-devices-2.json", .pusherBeams, []),
        ("pusher-beams/docs/publishing-to-multiple-devices-3.json", .pusherBeams, []),
    ])
    func documentedExamplesLintAsDocumented(_ name: String, _ kind: PayloadKind, _ expected: [String]) throws {
        let source = try String(contentsOf: Paths.testdata.appendingPathComponent(name), encoding: .utf8)
        let report = try ExampleLinter.lint(source, fileName: name)
        #expect(report.files.first?.kind == kind)
        #expect(report.allDiagnostics.map(\.ruleId).sorted() == expected, "\(report.allDiagnostics.map(\.message))")
    }

    /// Beams' one broken example puts `alert` beside `aps`'s place: as a Beams body it is an APNs payload
    /// without `aps`, which shows nothing.
    @Test func beamsErratumGivesItsFinding() throws {
        let name = "pusher-beams/docs/errata/publish-payloads-apns-1.json.txt"
        let source = try String(contentsOf: Paths.testdata.appendingPathComponent(name), encoding: .utf8)
        let found = try Self.lint(source, config: #"{"kinds": {"*.json": "pusher-beams"}}"#)
        #expect(
            found.contains { $0.ruleId.hasPrefix("apns-") && $0.pointer?.hasPrefix("/apns") == true },
            "\(found.map(\.ruleId))")
    }

    @Test func innerFindingsPointIntoTheFileAndKeepTheirFixes() throws {
        let source = #"{"text": "hi", "pn_fcm": {"data": {"count": 3}}}"#
        let found = try Self.lint(source)
        let data = try #require(found.first { $0.ruleId == "fcm-data-string-values" }, "\(found.map(\.ruleId))")
        #expect(data.pointer == "/pn_fcm/data/count")
        #expect(Self.text(source, data.span) == "3")
        // The payload is written in place, so its fix edits the file's own bytes.
        let fixed = try ExampleLinter.applyFixes(of: "fcm-data-string-values", RuleExample(source))
        #expect(fixed == #"{"text": "hi", "pn_fcm": {"data": {"count": "3"}}}"#)
    }

    /// PubNub's own keys inside the payloads are not the platform's fields or the app's data.
    @Test func pubnubKeysInsideThePayloadsAreNotFindings() throws {
        let source = """
            {"pn_apns": {"aps": {"alert": "Hi"}, "pn_push": [{"version": "v2", "targets": [{"environment": "production", "topic": "com.example.app"}]}]},
             "pn_fcm": {"notification": {"title": "Hi"}, "pn_exceptions": ["device-token1"]}}
            """
        #expect(try Self.lint(source).isEmpty)
    }

    @Test func pnPushSetsTheAPNsHeaders() throws {
        let source = """
            {"pn_apns": {"aps": {"content-available": 1}, "pn_push": [{"version": "v2", "push_type": "alert", "targets": [{"environment": "production", "topic": "com.example.app"}]}]}}
            """
        let found = try Self.lint(source)
        let header = try #require(found.first { $0.ruleId == "apns-background-headers" }, "\(found.map(\.ruleId))")
        #expect(header.pointer == "/pn_apns/pn_push/0/push_type")
        #expect(header.message.contains("pn_push"), "\(header.message)")
        // pn_push names no priority and PubNub documents none: only the push type is reported.
        #expect(found.filter { $0.ruleId == "apns-background-headers" }.count == 1)
    }

    @Test func legacyFCMInsideARelayIsNotTheLegacyAPI() throws {
        let beams = try Self.lint(#"{"fcm": {"notification": {"title": "Hi"}, "time_to_live": 60}}"#)
        #expect(!beams.contains { $0.ruleId == "fcm-legacy-format" }, "\(beams.map(\.ruleId))")
        let pubnub = try Self.lint(#"{"pn_gcm": {"notification": {"title": "Hi"}}}"#)
        #expect(pubnub.map(\.ruleId) == ["pubnub-gcm-deprecated"], "\(pubnub.map(\.message))")
    }

    @Test func pubnubMessageOverItsLimitAndPayloadOverAPNsLimit() throws {
        let alert = String(repeating: "a", count: 5000)
        let chat = String(repeating: "b", count: RelayEnvelope.pubnubMessageLimit)
        let found = try Self.lint(
            #"{"chat": "\#(chat)", "pn_apns": {"aps": {"alert": "\#(alert)"}, "pn_push": [{"version": "v2", "targets": [{"environment": "production", "topic": "t"}]}]}}"#
        )
        let sizes = found.filter { $0.ruleId == "payload-size" }
        #expect(sizes.contains { $0.message.contains("32768") && $0.pointer == "" }, "\(sizes.map(\.message))")
        #expect(sizes.contains { $0.message.contains("4096") && $0.pointer?.hasPrefix("/pn_apns") == true })
    }

    @Test func beamsLimitDependsOnTheTarget() throws {
        let body = String(repeating: "x", count: 20_000)
        let toInterests = try Self.lint(#"{"interests": ["a"], "web": {"data": {"blob": "\#(body)"}}}"#)
        #expect(toInterests.contains { $0.ruleId == "payload-size" && $0.message.contains("10240") })
        let toUsers = try Self.lint(#"{"users": ["u1"], "web": {"data": {"blob": "\#(body)"}}}"#)
        #expect(!toUsers.contains { $0.ruleId == "payload-size" }, "\(toUsers.map(\.message))")
    }

    /// Project rules see the platform payloads of a relay's body, as they see an SNS message's.
    @Test func summaryJoinsThePlatformPayloads() throws {
        let source = """
            {"interests": ["a"], "apns": {"aps": {"alert": "Hi", "interruption-level": "time-sensitive"}, "order_id": "1"},
             "fcm": {"notification": {"title": "Hi"}, "data": {"cursor": "c"}}}
            """
        let doc = try #require(JSONParser.parse(source).document)
        let context = PayloadContext(
            path: "m.json", document: doc, payload: PayloadBuilder.build(doc, node: doc.root, kind: .pusherBeams),
            isTemplate: false, settings: LintSettings())
        let summary = PayloadSummarizer.summarize(context)
        #expect(summary.kind == .pusherBeams)
        #expect(summary.views.contains(.apns))
        #expect(summary.highPriority.contains(.apns))
    }

    @Test func initLearnsFromThePayloadsInsideARelay() throws {
        let fs = MemoryFileSystem([
            "/project/push/shipped.json":
                #"{"text": "Shipped", "pn_apns": {"aps": {"alert": "Shipped", "category": "ORDER"}, "order_id": "42", "pn_push": [{"version": "v2", "targets": [{"environment": "production", "topic": "com.example.shop"}]}]}}"#
        ])
        _ = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        let text = try #require(fs.text("/project/push-contract.json"))
        let contract = try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
        #expect(contract.ios?.categories == ["ORDER"])
        let fields = try #require(contract.events.first?.fields)
        #expect(fields.map(\.name) == ["order_id"], "pn_push is PubNub's, not the app's data")
    }

    @Test func forcedKindChecksAnyObjectAsARelayBody() throws {
        let found = try Self.lint(#"{"web": {"ttl": 60}}"#, config: #"{"kinds": {"*.json": "pusher-beams"}}"#)
        #expect(found.map(\.ruleId) == ["beams-web-format"], "\(found.map(\.message))")
    }

    // MARK: Hostile input

    @Test func tenThousandCopiesOfARelayKey() throws {
        let member = #""pn_apns": {"aps": {"alert": "Hi", "sound": "x.mp3"}}"#
        let members = Array(repeating: member, count: 10_000).joined(separator: ",")
        let found = try Self.lint("{" + members + "}")
        #expect(found.filter { $0.ruleId == "json-duplicate-key" }.count == 9_999)
        // The member PubNub would read (the last) is linted once.
        #expect(found.filter { $0.ruleId == "apns-sound-format" }.count == 1)
    }

    @Test func tenThousandInterestsAndTargets() throws {
        let interests = (0..<10_000).map { #""i\#($0) x""# }.joined(separator: ",")
        let targets = Array(repeating: #"{"environment": "staging"}"#, count: 10_000).joined(separator: ",")
        let beams = try Self.lint(#"{"interests": [\#(interests)], "apns": {"aps": {"alert": "Hi"}}}"#)
        #expect(beams.filter { $0.ruleId == "beams-target" }.count == 1, "one finding for the count")
        let pubnub = try Self.lint(
            #"{"pn_apns": {"aps": {"alert": "Hi"}, "pn_push": [{"version": "v2", "targets": [\#(targets)]}]}}"#)
        #expect(pubnub.filter { $0.ruleId == "pubnub-push-config" }.count == 20_000)
    }
}
