import Foundation
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// The APNs fixtures: clean payloads stay clean, each deliberate mistake is one finding at the right place, and
/// the size boundaries hold (testdata/fixtures/apns/*/README.md).
@Suite struct APNsFixtureTests {
    static let apns = Paths.testdata.appendingPathComponent("fixtures/apns")
    static let apnsRuleIds = Set(RuleRegistry.descriptions.filter { $0.family == .apns }.map(\.id))
    static let bothEntitlements =
        #"{"ios": {"bundleId": "com.example.shop", "entitlements": ["time-sensitive", "critical-alerts"]}}"#

    static func lint(_ url: URL, contract: String? = nil, config: String? = nil) throws -> [Diagnostic] {
        let source = try String(contentsOf: url, encoding: .utf8)
        return try ExampleLinter.lint(source, fileName: url.lastPathComponent, config: config, contract: contract)
            .allDiagnostics
    }

    static func describe(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map {
            "\($0.ruleId) \($0.pointer ?? "-") \($0.location.map { "\($0.line):\($0.column)" } ?? ""): \($0.message)"
        }
        .joined(separator: "\n")
    }

    // MARK: Clean

    @Test func cleanFixturesProduceNoFindingWithTheEntitlementsListed() throws {
        let files = Paths.files(in: Self.apns.appendingPathComponent("clean"), withExtension: "json")
        #expect(files.count >= 17)
        for file in files {
            let found = try Self.lint(file, contract: Self.bothEntitlements)
            #expect(found.isEmpty, "\(file.lastPathComponent):\n\(Self.describe(found))")
        }
    }

    /// Without a contract the only findings are the entitlement reminders, as info.
    @Test func cleanFixturesWithoutContractOnlyRemindOfEntitlements() throws {
        let files = Paths.files(in: Self.apns.appendingPathComponent("clean"), withExtension: "json")
        let expected = ["critical-alert.json": 1, "time-sensitive.json": 1]
        for file in files {
            let found = try Self.lint(file)
            let reminders = found.filter { $0.ruleId == "apns-interruption-entitlement" && $0.severity == .info }
            #expect(reminders.count == found.count, "\(file.lastPathComponent):\n\(Self.describe(found))")
            #expect(reminders.count == expected[file.lastPathComponent, default: 0], "\(file.lastPathComponent)")
        }
    }

    @Test(arguments: ["fcm/clean", "expo/clean", "fcm/legacy"])
    func otherKindsProduceNoAPNsFinding(_ folder: String) throws {
        let files = Paths.files(in: Paths.testdata.appendingPathComponent("fixtures/\(folder)"), withExtension: "json")
        #expect(!files.isEmpty)
        for file in files {
            let found = try Self.lint(file).filter { Self.apnsRuleIds.contains($0.ruleId) }
            #expect(found.isEmpty, "\(folder)/\(file.lastPathComponent):\n\(Self.describe(found))")
        }
    }

    // MARK: One mistake, one finding

    struct Expected: Sendable, CustomStringConvertible {
        var file: String
        var findings: [(rule: String, pointer: String, line: Int, column: Int)]
        var description: String { file }
    }

    static let expectations: [Expected] = [
        Expected(file: "header-case.json", findings: [("apns-background-headers", "/headers/Apns-Priority", 4, 22)]),
        Expected(
            file: "header-duplicate-case.json", findings: [("apns-header-format", "/headers/APNS-Priority", 5, 5)]),
        Expected(file: "envelope-badge-string.json", findings: [("apns-aps-value", "/payload/aps/badge", 9, 16)]),
        Expected(file: "bare-badge-string.json", findings: [("apns-aps-value", "/aps/badge", 4, 14)]),
        Expected(file: "simulator-badge-string.json", findings: [("apns-aps-value", "/aps/badge", 5, 14)]),
        Expected(file: "batch.json", findings: [("apns-aps-unknown-key", "/1/aps/content_available", 10, 7)]),
        Expected(
            file: "fcm-background-priority.json",
            findings: [("apns-background-headers", "/message/apns/headers/apns-priority", 10, 26)]),
        Expected(
            file: "fcm-header-number.json",
            findings: [("apns-header-format", "/message/apns/headers/apns-priority", 7, 26)]),
        Expected(file: "expo-background-high.json", findings: [("apns-background-headers", "/priority", 4, 15)]),
        Expected(
            file: "expo-batch-background.json", findings: [("apns-background-headers", "/1/_contentAvailable", 9, 5)]),
        Expected(
            file: "live-activity-milliseconds.json",
            findings: [
                ("apns-topic-suffix", "/headers/apns-topic", 5, 19),
                ("apns-live-activity", "/payload/aps/timestamp", 9, 20),
            ]),
    ]

    @Test(arguments: expectations)
    func eachMistakeIsOneFindingAtTheRightPlace(_ expected: Expected) throws {
        let url = Self.apns.appendingPathComponent("findings/\(expected.file)")
        let relevant = try Self.lint(url).filter {
            Self.apnsRuleIds.contains($0.ruleId) || $0.ruleId.hasPrefix("payload-size")
        }
        let got = relevant.map {
            "\($0.ruleId) \($0.pointer ?? "-") \($0.location?.line ?? 0):\($0.location?.column ?? 0)"
        }.sorted()
        let want = expected.findings.map { "\($0.rule) \($0.pointer) \($0.line):\($0.column)" }.sorted()
        #expect(got == want, "\(expected.file):\n\(Self.describe(relevant))")
    }

    @Test func everyFindingsFixtureHasAnExpectation() {
        let files = Set(
            Paths.files(in: Self.apns.appendingPathComponent("findings"), withExtension: "json").map(
                \.lastPathComponent))
        #expect(files == Set(Self.expectations.map(\.file)))
    }

    // MARK: Size

    @Test(arguments: [
        ("alert-4096.json", false), ("alert-4097.json", true), ("multibyte-4096.json", false),
        ("multibyte-4097.json", true), ("voip-5120.json", false), ("voip-5121.json", true),
    ])
    func sizeBoundaries(_ name: String, _ over: Bool) throws {
        let found = try Self.lint(Self.apns.appendingPathComponent("size/\(name)"))
        let size = found.filter { $0.ruleId == "payload-size" }
        #expect(size.count == (over ? 1 : 0), "\(name):\n\(Self.describe(found))")
        if !over {
            #expect(found.contains { $0.ruleId == "payload-size-headroom" }, "\(name): expected the headroom warning")
        }
        #expect(found.filter { Self.apnsRuleIds.contains($0.ruleId) }.isEmpty, "\(name):\n\(Self.describe(found))")
    }
}
