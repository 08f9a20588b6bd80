import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// FCM fixtures: Firebase's documented examples lint clean, the legacy message gets the mapping, every invalid
/// fixture gets exactly the findings it was written for.
@Suite struct FCMFixturesTests {
    static let folder = Paths.testdata.appendingPathComponent("fixtures/fcm")
    static let families: Set<RuleFamily> = [.fcm, .expo]

    static func lint(_ url: URL) throws -> LintReportSummary {
        let text = try String(contentsOf: url, encoding: .utf8)
        return LintReportSummary(try ExampleLinter.lint(text, fileName: url.lastPathComponent))
    }

    @Test func documentedExamplesLintClean() throws {
        let files = Paths.files(in: Self.folder.appendingPathComponent("clean"), withExtension: "json")
        #expect(files.count == 10)
        for url in files {
            let report = try Self.lint(url)
            #expect(report.kinds == [.fcm], "\(url.lastPathComponent) is not detected as FCM")
            // Every rule of the FCM and Expo packs, and the size rules, are silent.
            let found = report.diagnostics.filter {
                Self.families.contains($0.family) || $0.diagnostic.ruleId.hasPrefix("payload-size")
            }
            #expect(found.isEmpty, "\(url.lastPathComponent): \(found.map(\.diagnostic.message))")
        }
    }

    @Test func legacyMessageGetsTheV1FieldForEveryLegacyField() throws {
        let report = try Self.lint(Self.folder.appendingPathComponent("legacy/legacy.json"))
        #expect(report.kinds == [.fcmLegacy])
        let findings = report.all.filter { $0.ruleId == "fcm-legacy-format" }
        #expect(findings.count == 1)
        let message = try #require(findings.first?.message)
        for mapping in [
            "to -> token",
            "notification.android_channel_id -> android.notification.channel_id", "data -> data",
            "priority -> android.priority", "time_to_live -> android.ttl", "collapse_key -> android.collapse_key",
        ] {
            #expect(message.contains(mapping), "missing '\(mapping)' in: \(message)")
        }
        // Fields that keep their place are not listed as moves.
        #expect(!message.contains("notification.title -> notification.title"))
        #expect(findings.first?.pointer == "/to")
        #expect(report.all.filter { $0.ruleId == "fcm-unknown-field" }.isEmpty, "one mistake, one finding")
    }

    @Test func migratedMessageLintsClean() throws {
        let report = try Self.lint(Self.folder.appendingPathComponent("legacy/migrated.json"))
        #expect(report.kinds == [.fcm])
        // Silent from the FCM, Expo and size rules (other packs judge other things).
        let found = report.diagnostics.filter { Self.families.contains($0.family) || $0.family == .size }
        #expect(found.isEmpty, "\(found.map(\.diagnostic.message))")
    }

    /// file -> the findings it must produce, as "rule-id severity pointer".
    static let expected: [String: [String]] = [
        "legacy-fields-in-v1.json": [
            "fcm-unknown-field error /message/notification/click_action",
            "fcm-unknown-field error /message/notification/sound",
            "fcm-unknown-field error /message/priority",
            "fcm-unknown-field error /message/time_to_live",
            "fcm-unknown-field error /message/content_available",
        ],
        "data-values.json": [
            "fcm-data-string-values error /message/data/order_id",
            "fcm-data-string-values error /message/data/express",
            "fcm-data-string-values error /message/data/items",
            "fcm-data-reserved-key error /message/data/from",
            "fcm-data-reserved-key error /message/data/google.campaign",
            "fcm-data-reserved-key warning /message/data/collapse_key",
            "fcm-data-string-values error /message/android/data/cursor",
            "fcm-data-reserved-key error /message/android/data/gcm.notification.e",
            "fcm-data-string-values error /message/webpush/data/ratio",
        ],
        "field-values.json": [
            "fcm-field-value warning /message/android/priority",
            "fcm-field-value error /message/android/ttl",
            "fcm-field-value warning /message/android/notification/color",
            "fcm-field-value error /message/android/notification/visibility",
            "fcm-field-value error /message/android/notification/event_time",
            "fcm-field-value error /message/android/notification/notification_count",
            "fcm-field-value error /message/android/notification/vibrate_timings/1",
            "fcm-field-value warning /message/webpush/headers/TTL",
            "fcm-field-value warning /message/webpush/headers/Urgency",
            "fcm-field-value error /message/webpush/headers/Topic",
            "fcm-field-value error /message/webpush/fcm_options/link",
            "fcm-field-value warning /message/webpush/fcm_options/analytics_label",
        ],
        "targets.json": [
            "fcm-target error /message/topic",
            "fcm-field-value error /message/topic",
        ],
        "condition-six-topics.json": ["fcm-field-value error /message/condition"],
        "both-spellings.json": [
            "fcm-unknown-field warning /validateOnly",
            "fcm-unknown-field warning /message/android/collapseKey",
            "fcm-unknown-field error /message/android/notification/channelID",
        ],
        "data-placeholder.json.tmpl": ["fcm-data-string-values error /message/data/count"],
    ]

    @Test(arguments: expected.keys.sorted())
    func invalidFixtureGetsItsFindings(_ name: String) throws {
        let report = try Self.lint(Self.folder.appendingPathComponent("invalid").appendingPathComponent(name))
        let found = report.diagnostics.filter { Self.families.contains($0.family) }.map {
            "\($0.diagnostic.ruleId) \($0.diagnostic.severity.rawValue) \($0.diagnostic.pointer ?? "-")"
        }
        #expect(found.sorted() == (Self.expected[name] ?? []).sorted(), "\(name)")
    }

    @Test func everyInvalidFixtureHasExpectations() {
        let names = Paths.files(in: Self.folder.appendingPathComponent("invalid")).map(\.lastPathComponent).filter {
            $0 != "README.md"
        }
        #expect(Set(names) == Set(Self.expected.keys))
    }

    @Test func safeFixesRepairWhatTheyTouch() throws {
        let url = Self.folder.appendingPathComponent("invalid/field-values.json")
        let source = try String(contentsOf: url, encoding: .utf8)
        let fixed = try ExampleLinter.applyFixes(of: "fcm-field-value", RuleExample(source), includeUnsafe: false)
        #expect(fixed.contains(#""priority": "HIGH""#))
        #expect(fixed.contains(#""ttl": "3600s""#))
        #expect(fixed.contains(#""Urgency": "high""#))
        let after = try ExampleLinter.lint(fixed).allDiagnostics.filter { $0.ruleId == "fcm-field-value" }.compactMap(
            \.pointer)
        #expect(!after.contains("/message/android/priority"))
        #expect(!after.contains("/message/android/ttl"))
        #expect(after.count == 9)

        let data = try String(
            contentsOf: Self.folder.appendingPathComponent("invalid/data-values.json"), encoding: .utf8)
        let fixedData = try ExampleLinter.applyFixes(
            of: "fcm-data-string-values", RuleExample(data), includeUnsafe: false)
        #expect(
            fixedData.contains(#""order_id": "48213""#) && fixedData.contains(#""express": "true""#)
                && fixedData.contains(#""ratio": "0.5""#))
        #expect(fixedData.contains(#""items": ["a", "b"]"#), "arrays are not rewritten")
        #expect(JSONParser.parse(fixedData).document != nil)
    }

    /// payload-size for FCM: the message without its target, 4096 bytes, 2048 to a topic or condition.
    @Test(arguments: [
        ("token-4096.json", false), ("token-4097.json", true), ("topic-2048.json", false), ("topic-2049.json", true),
        ("condition-2049.json", true),
    ])
    func sizeLimits(_ name: String, _ over: Bool) throws {
        let report = try Self.lint(Self.folder.appendingPathComponent("size").appendingPathComponent(name))
        let size = report.all.filter { $0.ruleId == "payload-size" }
        #expect(size.count == (over ? 1 : 0), "\(name): \(size.map(\.message))")
        if over { #expect(size.first?.pointer == "/message") }
    }
}

/// A report flattened for assertions: each diagnostic with the family of its rule.
struct LintReportSummary {
    var all: [Diagnostic]
    var kinds: [PayloadKind?]
    var diagnostics: [(diagnostic: Diagnostic, family: RuleFamily)]

    init(_ report: LintReport) {
        all = report.allDiagnostics
        kinds = report.files.map(\.kind)
        diagnostics = all.map { d in (d, RuleRegistry.rule(d.ruleId)?.description.family ?? .json) }
    }
}
