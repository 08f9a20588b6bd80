import Foundation
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// One parameterized test drives every rule's description (DESIGN.md §7): triggering examples fire exactly at
/// their markers, non-triggering ones stay silent, corrections give their expected text and still parse.
@Suite struct RuleExamplesTests {
    static let ids = RuleRegistry.descriptions.map(\.id)

    @Test(arguments: ids)
    func triggeringExamplesFireAtTheirMarkers(_ id: String) throws {
        let description = try #require(RuleRegistry.rule(id)).description
        for example in description.triggering {
            let (marked, report) = try ExampleLinter.lint(example)
            if description.scope == .project {
                // A finding about the set of payloads has no place in the file: the example must draw one.
                #expect(report.project.contains { $0.ruleId == id }, "\(id): example did not trigger")
                continue
            }
            // A contract rule's findings sit in the contract, and its example marks them there.
            let contract = ExampleLinter.stripMarkers(example.contract ?? "")
            func starts(inContract: Bool) -> [Int] {
                report.files.filter { ($0.path.display == ExampleLinter.contractPath) == inContract }.flatMap(
                    \.diagnostics
                )
                .filter { $0.ruleId == id }.map(\.span.start).sorted()
            }
            let inPayload = starts(inContract: false)
            let inContract = starts(inContract: true)
            if marked.markers.isEmpty && contract.markers.isEmpty {
                #expect(!(inPayload + inContract).isEmpty, "\(id): example did not trigger:\n\(marked.source)")
            } else {
                #expect(
                    inPayload == marked.markers.sorted(),
                    "\(id): expected findings at \(marked.markers), got \(inPayload) in:\n\(marked.source.prefix(400))")
                #expect(
                    inContract == contract.markers.sorted(),
                    "\(id): expected contract findings at \(contract.markers), got \(inContract) in:\n\(contract.source.prefix(400))"
                )
            }
        }
    }

    @Test(arguments: ids)
    func nonTriggeringExamplesStaySilent(_ id: String) throws {
        let description = try #require(RuleRegistry.rule(id)).description
        for example in description.nonTriggering {
            let (marked, report) = try ExampleLinter.lint(example)
            let found =
                report.allDiagnostics.filter { $0.ruleId == id }.map(\.message)
                + report.project.filter { $0.ruleId == id }.map(\.message)
            #expect(found.isEmpty, "\(id): unexpected \(found) in:\n\(marked.source.prefix(400))")
        }
    }

    @Test(arguments: ids)
    func correctionsGiveTheirExpectedText(_ id: String) throws {
        let description = try #require(RuleRegistry.rule(id)).description
        for correction in description.corrections {
            let fixed = try ExampleLinter.applyFixes(of: id, correction.before)
            #expect(fixed == correction.after, "\(id): fix gave\n\(fixed)\nexpected\n\(correction.after)")
            let reparsed = JSONParser.parse(
                fixed,
                options: JSONParseOptions(
                    mode: correction.before.fileName.contains(".json.") ? .defaultTemplate : .strict))
            #expect(reparsed.document != nil, "\(id): fixed text does not parse")
            let again = try ExampleLinter.lint(
                fixed, fileName: correction.before.fileName, config: correction.before.config,
                contract: correction.before.contract, app: correction.before.app)
            #expect(again.allDiagnostics.filter { $0.ruleId == id }.isEmpty, "\(id): still reported after the fix")
        }
    }

    @Test func idsAreKebabCaseAndUnique() {
        #expect(Set(Self.ids).count == Self.ids.count)
        for id in Self.ids {
            #expect(id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(id) is not kebab-case")
        }
    }

    /// Rules whose findings cannot be produced by a payload text alone.
    static let withoutTriggeringExamples: Set<String> = ["io-error"]

    @Test(arguments: ids)
    func descriptionsAreComplete(_ id: String) throws {
        let d = try #require(RuleRegistry.rule(id)).description
        #expect(!d.summary.isEmpty && d.summary.hasSuffix("."), "\(id): summary should be one sentence")
        #expect(d.rationale.count > 80, "\(id): the rationale should say why, with the source")
        if !Self.withoutTriggeringExamples.contains(id) {
            #expect(!d.triggering.isEmpty, "\(id) has no triggering example")
            #expect(!d.nonTriggering.isEmpty, "\(id) has no non-triggering example")
        }
    }
}
