import Foundation
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Web push fixtures (documented examples and their errata) and the edge cases of the webpush rules.
@Suite struct WebPushTests {
    static let folder = Paths.testdata.appendingPathComponent("fixtures/webpush")
    static let forced = #"{"kinds": {"*.json": "webpush"}}"#

    func lint(_ url: URL) throws -> LintReport {
        try ExampleLinter.lint(String(contentsOf: url, encoding: .utf8), fileName: url.lastPathComponent)
    }

    func findings(_ source: String, config: String? = nil) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: "m.json", config: config).allDiagnostics
    }

    @Test func documentedExamplesLintClean() throws {
        let files = Paths.files(in: Self.folder.appendingPathComponent("clean"), withExtension: "json")
        #expect(files.count == 1)
        for url in files {
            let report = try lint(url)
            #expect(report.files.map(\.kind) == [.webpush], "\(url.lastPathComponent) is not detected as web push")
            #expect(report.allDiagnostics.isEmpty, "\(url.lastPathComponent): \(report.allDiagnostics.map(\.message))")
        }
    }

    /// The first draft's example (9001, `url`): what the errata README says pushlint gives.
    @Test func theDraftExampleGetsItsFindings() throws {
        let url = Self.folder.appendingPathComponent("errata/push-api-declarative-draft-2024-08.json")
        let report = try lint(url)
        #expect(report.files.map(\.kind) == [.webpush])
        let found = report.allDiagnostics.map { "\($0.ruleId) \($0.pointer ?? "-") \($0.severity)" }
        #expect(
            found.sorted()
                == [
                    "webpush-declarative /notification warning", "webpush-declarative /web_push warning",
                    "webpush-unknown-field /notification/url warning",
                ])
        #expect(report.allDiagnostics.contains { $0.message.contains("rename it to 'navigate'") })
    }

    @Test func theBundledExampleIsCleanWebPush() throws {
        let url = Paths.testdata.appendingPathComponent("examples/push/web/orders/shipped.json")
        let report = try lint(url)
        #expect(report.files.map(\.kind) == [.webpush])
        #expect(report.allDiagnostics.isEmpty, "\(report.allDiagnostics.map(\.message))")
    }

    /// In a message WebKit reads as declarative a missing navigate drops it (error); with another marker the same
    /// mistake is a warning.
    @Test func severityFollowsTheMarker() throws {
        let declarative = try findings(#"{"web_push": 8030, "notification": {"title": "Hi"}}"#)
        #expect(declarative.map(\.severity) == [.error])
        let other = try findings(#"{"web_push": 1, "notification": {"title": "Hi"}}"#)
        #expect(other.filter { $0.ruleId == "webpush-declarative" }.map(\.severity) == [.warning, .warning])
    }

    /// A plain message is web push only when the config says so, and then only its notification is checked.
    @Test func plainMessagesAreCheckedOnlyWhenForced() throws {
        let plain = #"{"title": "Hi", "notification": {"title": "Hi", "dir": "sideways"}}"#
        #expect(try findings(plain).filter { $0.ruleId.hasPrefix("webpush-") }.isEmpty)
        let forced = try findings(plain, config: Self.forced)
        #expect(forced.map(\.ruleId) == ["webpush-field-value"])
        #expect(forced.first?.severity == .warning)
        #expect(forced.first?.message.contains("\"sideways\"") == true)
    }

    /// 3993 octets of plaintext fit an aes128gcm record; 3994 do not. Above 2641 Firefox's bridged endpoints
    /// may refuse it.
    @Test(arguments: [
        (2641, [String]()), (2642, ["webpush-service-size"]),
        (3993, ["payload-size-headroom", "webpush-service-size"]),
        (3994, ["payload-size"]),
    ])
    func sizeLimits(_ bytes: Int, _ expected: [String]) throws {
        let head = #"{"web_push":8030,"notification":{"title":"Hi","navigate":"https://example.com/","body":""#
        let tail = #""}}"#
        let body = String(repeating: "x", count: bytes - head.utf8.count - tail.utf8.count)
        let found = try findings(head + body + tail).map(\.ruleId).filter { $0.contains("size") }
        #expect(found == expected, "\(bytes)")
    }

    @Test func actionsAreCheckedAsActions() throws {
        let found = try findings(
            #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "actions": [{"action": "a", "title": "A", "navigate": "http://example.com/a", "url": "x"}, {"title": 3}]}}"#
        )
        let described = found.map { "\($0.ruleId) \($0.pointer ?? "-")" }.sorted()
        #expect(
            described == [
                "webpush-field-value /notification/actions/1", "webpush-field-value /notification/actions/1/title",
                "webpush-navigate-https /notification/actions/0/navigate",
                "webpush-unknown-field /notification/actions/0/url",
            ])
    }

    /// Placeholders of a template are unknown until rendered.
    @Test func templatedValuesAreLeftAlone() throws {
        let found = try ExampleLinter.lint(
            #"{"web_push": 8030, "notification": {"title": "{{title}}", "navigate": "{{url}}", "dir": "{{dir}}"}}"#,
            fileName: "m.json.tmpl"
        ).allDiagnostics.filter { $0.ruleId.hasPrefix("webpush-") }
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    /// Hostile shapes: thousands of actions, deeply nested data, a navigate of megabytes. Each finishes with findings
    /// per action, not a crash (a quadratic walk would not finish here).
    @Test func hostileMessagesFinish() throws {
        let actions = Array(repeating: #"{"action": "a", "title": 1, "navigate": "http://x"}"#, count: 5000)
        let many = try findings(
            #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://e.com/", "actions": ["#
                + actions.joined(separator: ",") + "]}}")
        #expect(many.filter { $0.ruleId == "webpush-navigate-https" }.count == 5000)
        let deep = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
        _ = try findings(
            #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://e.com/", "data": \#(deep)}}"#)
        let long = String(repeating: "a", count: 1 << 20)
        let huge = try findings(
            #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://e.com/\#(long)"}}"#)
        #expect(huge.contains { $0.ruleId == "payload-size" })
        #expect(huge.allSatisfy { $0.message.utf8.count < 2000 }, "a message echoes the whole value")
    }

    /// Kind-agnostic content rules run on web push payloads too.
    @Test func contentRulesSeeWebPushData() throws {
        let found = try findings(
            #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "data": {"password": "hunter2hunter2"}}}"#
        )
        #expect(found.contains { $0.ruleId == "payload-sensitive-data" }, "\(found.map(\.ruleId))")
    }
}

/// The config's `vapid`: claims are read, key material is refused without being echoed.
@Suite struct VAPIDConfigTests {
    func read(_ text: String) throws(ConfigurationError) -> Config {
        try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: RuleRegistry.descriptions)
    }

    @Test func claimsAreRead() throws {
        let config = try read(#"{"vapid": {"subject": "mailto:push@shop-mail.net", "expiresIn": 43200}}"#)
        #expect(config.vapid?.subject == "mailto:push@shop-mail.net")
        #expect(config.vapid?.expiresIn == 43200)
        #expect(try read("{}").vapid == nil)
    }

    @Test(arguments: [
        #"{"vapid": {"subject": "mailto:a@b.net", "privateKey": "SECRETVALUE-not-echoed"}}"#,
        #"{"vapid": {"subject": "mailto:a@b.net", "private_key": "SECRETVALUE"}}"#,
        #"{"vapid": {"subject": "mailto:a@b.net", "pem": "-----BEGIN EC PRIVATE KEY-----SECRETVALUE"}}"#,
        #"{"vapid": {"subject": "mailto:a@b.net", "other": "SECRETVALUEabcdefghijabcdefghijabcdefghij12"}}"#,
        #"{"vapid": {"d": "SECRETVALUE", "subject": "mailto:a@b.net"}}"#,
    ])
    func keyMaterialIsRefusedAndNeverPrinted(_ text: String) {
        do {
            _ = try read(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.message.contains("looks like a private key"), "\(error.message)")
            #expect(!error.description.contains("SECRETVALUE"), "\(error.description)")
        }
    }

    @Test(arguments: [
        #"{"vapid": "mailto:a@b.net"}"#, #"{"vapid": {"expiresIn": "3600"}}"#, #"{"vapid": {"expiresIn": -1}}"#,
        #"{"vapid": {"expiresIn": 1.5}}"#, #"{"vapid": {"subject": 3}}"#, #"{"vapid": {"subjekt": "mailto:a@b.net"}}"#,
        #"{"vapid": {"expiresIn": 1e400}}"#,
    ])
    func badClaimsAreClearErrors(_ text: String) {
        #expect(throws: ConfigurationError.self) { try read(text) }
    }
}

/// FCM's `webpush.notification` is a Notifications API object: the same checks, as warnings, and nothing new for
/// FCM messages whose web push notification is right.
@Suite struct FCMWebPushNotificationTests {
    func findings(_ source: String) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: "m.json").allDiagnostics.filter { $0.ruleId.hasPrefix("webpush-") }
    }

    @Test func wrongFieldsAreWarnings() throws {
        let found = try findings(
            #"{"message": {"token": "t", "webpush": {"notification": {"title": "Hi", "dir": "up", "silent": true, "vibrate": 200, "navigate": "http://example.com/", "requireInteracton": true}}}}"#
        )
        #expect(
            found.map { "\($0.ruleId) \($0.pointer ?? "-")" }.sorted() == [
                "webpush-field-value /message/webpush/notification/dir",
                "webpush-field-value /message/webpush/notification/silent",
                "webpush-navigate-https /message/webpush/notification/navigate",
                "webpush-unknown-field /message/webpush/notification/requireInteracton",
            ])
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(found.contains { $0.message.contains("webpush.notification.dir") })
    }

    @Test func aRightNotificationIsSilent() throws {
        let found = try findings(
            #"{"message": {"token": "t", "notification": {"title": "Hi"}, "webpush": {"headers": {"TTL": "60"}, "notification": {"body": "There", "icon": "https://example.com/i.png", "requireInteraction": true, "actions": [{"action": "open", "title": "Open"}]}, "fcm_options": {"link": "https://example.com/"}}}}"#
        )
        #expect(found.isEmpty, "\(found.map(\.message))")
        // No declarative rule for FCM: title and navigate are optional there.
        #expect(try findings(#"{"message": {"token": "t", "webpush": {"notification": {}}}}"#).isEmpty)
    }
}

/// A VAPID sidecar beside a web push payload file (`NAME.vapid.json`): its claims are checked once per sidecar and
/// named by it; key material in it is reported by its name, never its value.
@Suite struct VAPIDSidecarTests {
    static let message = #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#

    func project(_ sidecar: String?, config: String? = nil, payload: String = Self.message) throws
        -> [ProjectDiagnostic]
    {
        let folder = TempDirectory()
        if let sidecar { folder.write("shipped.vapid.json", sidecar) }
        return try ExampleLinter.lint(payload, fileName: folder.path + "/shipped.json", config: config).project
    }

    @Test func sidecarClaimsAreCheckedAndNamed() throws {
        let found = try project(#"{"subject": "admin@shop.com", "expiresIn": 172800}"#)
        #expect(found.map(\.ruleId) == ["webpush-vapid", "webpush-vapid"], "\(found.map(\.message))")
        #expect(found.allSatisfy { $0.related.first?.hasSuffix("shipped.vapid.json") == true })
        #expect(
            found.contains { $0.message.contains("('subject' in '") && $0.message.contains("shipped.vapid.json')") },
            "\(found.map(\.message))")
        // Good claims, comments allowed: nothing.
        #expect(
            try project("// the shop's sender\n{\"subject\": \"mailto:push@shop-mail.net\", \"expiresIn\": 43200}")
                .isEmpty)
        // No sidecar and no config claims: nothing to check.
        #expect(try project(nil).isEmpty)
    }

    @Test func sidecarAndConfigAreCheckedEach() throws {
        let found = try project(
            #"{"subject": "mailto:push@localhost"}"#,
            config: #"{"vapid": {"subject": "mailto:push@shop-mail.net", "expiresIn": 90000}}"#)
        #expect(found.count == 2, "\(found.map(\.message))")
        #expect(found.contains { $0.message.contains("config 'vapid.expiresIn'") })
        #expect(found.contains { $0.message.contains("localhost") && $0.severity == .warning })
    }

    @Test(arguments: [
        #"{"subject": "mailto:a@b.net", "privateKey": "SECRETVALUE-not-echoed"}"#,
        #"{"subject": "SECRETVALUEabcdefghijabcdefghijabcdefghij12"}"#,
        #"{"unknown": 1, "pem": "-----BEGIN EC PRIVATE KEY-----SECRETVALUE"}"#,
    ])
    func keyMaterialIsNamedNotEchoed(_ sidecar: String) throws {
        let found = try project(sidecar)
        #expect(found.count == 1, "\(found.map(\.message))")
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("private key or secret") == true)
        #expect(!(found.first.map { $0.message + ($0.help ?? "") } ?? "").contains("SECRETVALUE"))
    }

    @Test(arguments: [
        ("[1, 2]", "not a JSON object"), (#"{"sub": "mailto:a@b.net"}"#, "\"sub\" is no key"),
        (#"{"expiresIn": "3600"}"#, "expiresIn"), (String(repeating: "[", count: 100_000), "not a JSON object"),
    ])
    func unreadableSidecarIsAFinding(_ sidecar: String, _ says: String) throws {
        let found = try project(sidecar)
        #expect(found.map(\.ruleId) == ["webpush-vapid"], "\(found.map(\.message))")
        #expect(found.first?.message.contains(says) == true, "\(found.first?.message ?? "")")
    }

    /// Only web push payloads read a sidecar: an APNs body beside one draws nothing.
    @Test func otherKindsDoNotReadIt() throws {
        #expect(try project(#"{"subject": "x"}"#, payload: #"{"aps": {"alert": "Hi"}}"#).isEmpty)
    }
}
