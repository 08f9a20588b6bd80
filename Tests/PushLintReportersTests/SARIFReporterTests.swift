import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintReporters
import PushLintRules
import TestSupport
import Testing

@Suite struct SARIFReporterTests {
    static func run(_ report: LintReport, workingDirectory: String? = "/work/project") throws -> [String: Any] {
        let text = SARIFReporter(workingDirectory: workingDirectory).render(report)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == SARIFReporter.schemaURI)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return runs[0]
    }

    static func results(_ run: [String: Any]) -> [[String: Any]] { run["results"] as? [[String: Any]] ?? [] }
    static func rules(_ run: [String: Any]) -> [[String: Any]] {
        ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
    }
    static func artifactURI(_ result: [String: Any]) -> String? {
        let locations = result["locations"] as? [[String: Any]]
        let physical = locations?.first?["physicalLocation"] as? [String: Any]
        return (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
    }
    static func fingerprint(_ result: [String: Any]) -> String? {
        (result["partialFingerprints"] as? [String: String])?["\(SARIFReporter.fingerprintKey)"]
    }

    @Test func resultsPointAtTheirRuleAndFile() throws {
        let report = ReportFixtures.findings
        let run = try Self.run(report)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let rules = Self.rules(run)
        let results = Self.results(run)
        let diagnostics = report.files.flatMap { file in file.diagnostics.map { (path: file.path.display, d: $0) } }
        #expect(results.count == diagnostics.count + report.project.count)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
        for (result, (path, d)) in zip(results, diagnostics) {
            #expect(
                (result["message"] as? [String: Any])?["text"] as? String == d.message, "messages are carried verbatim")
            #expect(
                result["level"] as? String
                    == ["error": "error", "warning": "warning", "info": "note"][d.severity.rawValue])
            let uri = try #require(Self.artifactURI(result))
            #expect(uri.removingPercentEncoding == path)
            #expect(!uri.contains(" ") && !uri.contains("\"") && !uri.contains(","))
            let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect((physical?["artifactLocation"] as? [String: Any])?["uriBaseId"] as? String == "%SRCROOT%")
            if let loc = d.location {
                let region = try #require(physical?["region"] as? [String: Int])
                #expect(
                    region == [
                        "startLine": loc.line, "startColumn": loc.column, "endLine": loc.endLine,
                        "endColumn": loc.endColumn,
                    ])
            }
            #expect((result["fixes"] != nil) == (d.fix != nil))
        }
        let base = (run["originalUriBaseIds"] as? [String: Any])?["%SRCROOT%"] as? [String: String]
        #expect(base?["uri"] == "file:///work/project/")
    }

    @Test func rulesCarryTheirDocumentation() throws {
        let run = try Self.run(ReportFixtures.findings)
        let rules = Self.rules(run)
        #expect(rules.compactMap { $0["id"] as? String } == ReportFixtures.rules.map(\.id))
        for (rule, description) in zip(rules, ReportFixtures.rules) {
            #expect((rule["help"] as? [String: String])?["markdown"] == RuleDocumentation.page(description))
            #expect(rule["helpUri"] as? String == "\(PushLintInfo.informationURI)/blob/main/rules/\(description.id).md")
            #expect((rule["shortDescription"] as? [String: String])?["text"] == description.summary)
            #expect((rule["fullDescription"] as? [String: String])?["text"] == description.rationale)
            #expect((rule["properties"] as? [String: Any])?["tags"] as? [String] == [description.family.slug])
        }
        #expect((rules[2]["defaultConfiguration"] as? [String: String])?["level"] == "note")
    }

    @Test func aRuleOnlyAResultNamesIsStillDescribed() throws {
        var report = ReportFixtures.findings
        report.rules = []
        let run = try Self.run(report)
        let ids = Self.rules(run).compactMap { $0["id"] as? String }
        #expect(Set(ids) == Set(ReportFixtures.rules.map(\.id)))
        for result in Self.results(run) {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == result["ruleId"] as? String)
        }
    }

    @Test func fingerprintsIgnoreLinesButNotRulePathOrPointer() throws {
        let report = ReportFixtures.findings
        var moved = report
        for f in moved.files.indices {
            for d in moved.files[f].diagnostics.indices {
                moved.files[f].diagnostics[d].location?.line += 10
                moved.files[f].diagnostics[d].location?.endLine += 10
                moved.files[f].diagnostics[d].message += " (reworded)"
            }
        }
        let before = Self.results(try Self.run(report)).map(Self.fingerprint)
        let after = Self.results(try Self.run(moved, workingDirectory: "/elsewhere")).map(Self.fingerprint)
        #expect(before == after)
        #expect(Set(before.compactMap { $0 }).count == before.count, "fingerprints are unique within a run")
        var renamed = report
        renamed.files[2].diagnostics[0].pointer = "/message/data/other"
        #expect(Self.results(try Self.run(renamed)).map(Self.fingerprint) != before)
    }

    @Test func fixesAreByteReplacements() throws {
        let results = Self.results(try Self.run(ReportFixtures.findings))
        let withFix = try #require(results.first { $0["fixes"] != nil })
        let fix = try #require((withFix["fixes"] as? [[String: Any]])?.first)
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try #require((change["replacements"] as? [[String: Any]])?.first)
        #expect(replacement["deletedRegion"] as? [String: Int] == ["byteOffset": 40, "byteLength": 1])
        #expect((replacement["insertedContent"] as? [String: String])?["text"] == "\"3\" <&> 通知")
        #expect((fix["description"] as? [String: String])?["text"] == "write \"3\" <quoted> & done: 100%")
    }

    @Test func projectFindingsNameTheirFiles() throws {
        let report = ReportFixtures.findings
        let result = try #require(Self.results(try Self.run(report)).last)
        #expect(result["ruleId"] as? String == "fixture-project")
        #expect(Self.artifactURI(result)?.removingPercentEncoding == report.project[0].related[0])
        let related = try #require(result["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 3)
        #expect(related.compactMap { $0["id"] as? Int } == [0, 1, 2])
        var alone = report
        alone.project[0].related = []
        let bare = try #require(Self.results(try Self.run(alone)).last)
        #expect(bare["locations"] == nil)
    }

    @Test func absolutePathsBecomeFileURIs() throws {
        var report = ReportFixtures.clean
        report.files[0].path = LintPath(named: "/tmp/a b.json")
        report.files[0].diagnostics = [
            ReportFixtures.diagnostic(ReportFixtures.note, "m", span: ByteSpan(0, 1), pointer: "", location: nil)
        ]
        let result = try #require(Self.results(try Self.run(report)).first)
        #expect(Self.artifactURI(result) == "file:///tmp/a%20b.json")
        #expect(SARIFReporter.ruleName("fcm-data-string-values") == "FCMDataStringValues")
        #expect(SARIFReporter.ruleName("apns-background-headers") == "APNSBackgroundHeaders")
    }

    /// A real lint (the bundled examples, default config): every rule that ran is described with its real page.
    /// (Checked on the raw text: Foundation's JSON reader on Linux drops U+FEFF, which `json-bom`'s page holds.)
    @Test func realRulesUseTheirPages() throws {
        let report = try SchemaValidationTests.examplesReport()
        let text = SARIFReporter().render(report)
        let rules = Self.rules(try Self.run(report))
        #expect(rules.count >= report.rules.count)
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            let description = try #require(RuleRegistry.rule(id)?.description)
            #expect(
                text.contains("\"markdown\": " + JSONDocument.quoted(RuleDocumentation.page(description))),
                "help of \(id)")
        }
    }
}
