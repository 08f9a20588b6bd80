import Foundation
import PushLintEngine
import PushLintModel
import PushLintReporters
import PushLintRules
import TestSupport
import Testing

/// The JUnit and SARIF outputs checked by the formats' own schemas (`testdata/conformance`), with the real
/// validators: python `xmlschema` (XSD 1.0) and `jsonschema[format-nongpl]`, pinned in `scripts/requirements.txt`
/// and installed in `.venv/` by the test command `scripts/test`. Without that venv these tests FAIL with the
/// command to run (they do not skip).
@Suite(.serialized) struct SchemaValidationTests {
    static let junitSchemas = ["junit-10.xsd", "JUnit.xsd"].map {
        Paths.conformance.appendingPathComponent("junit/\($0)")
    }

    /// The bundled example project, linted with the default configuration (its own `.pushlint.json` may name
    /// rules of other families; the schema check is about the reporters).
    static func examplesReport() throws -> LintReport {
        let root = Paths.testdata.appendingPathComponent("examples").path
        let project = Project(config: .defaults, contract: nil, baseDirectory: root)
        let discovery = Discovery(config: .defaults, baseDirectory: root, cwd: Paths.repo.path)
        let targets = try discovery.targets(for: [root])
        let report = Engine(project: project, options: LintOptions(jobs: 1)).lint(targets)
        #expect(report.files.count > 10, "the examples were not found under \(root)")
        return report
    }

    static func inputs() throws -> [(name: String, report: LintReport)] {
        ReportFixtures.all + [("examples", try examplesReport())]
    }

    @Test(.tags(.slow), .whenSlowTestsAreOn) func validatorsRejectTheKitsInvalidSamples() throws {
        let invalid = try String(
            contentsOf: Paths.conformance.appendingPathComponent("junit/sample-invalid.xml"), encoding: .utf8)
        for schema in Self.junitSchemas {
            #expect(
                try ExternalTool.validateJUnit(invalid, schema: schema) != nil,
                "xmlschema accepted sample-invalid.xml against \(schema.lastPathComponent)")
        }
    }

    @Test(.tags(.slow), .whenSlowTestsAreOn) func junitValidatesAgainstBothSchemas() throws {
        var inputs = try Self.inputs().map {
            ($0.name, JUnitReporter(timestamp: "2026-01-02T03:04:05", hostname: "ci-host").render($0.report))
        }
        inputs.append(("machine clock and name", Reporters.make(.junit).render(ReportFixtures.findings)))
        for (name, _) in ReportFixtures.all {
            inputs.append(
                ("golden \(name).junit.xml", try String(contentsOf: Golden.url("\(name).junit.xml"), encoding: .utf8)))
        }
        // One python run per schema (its start-up and the schema's parse dominate).
        for schema in Self.junitSchemas {
            let problems = try ExternalTool.validateJUnit(inputs.map { (name: $0.0, xml: $0.1) }, schema: schema)
            #expect(
                problems.isEmpty,
                "against \(schema.lastPathComponent):\n\(problems.sorted { $0.key < $1.key }.map { "\($0.key):\n\($0.value)" }.joined())"
            )
        }
    }

    /// One python run for all logs (its start-up dominates): fixtures, the examples, the committed goldens, an
    /// absolute working directory with a space and non-ASCII, and the kit's invalid sample, which must fail.
    @Test(.tags(.slow), .whenSlowTestsAreOn) func sarifValidatesAgainstTheSchema() throws {
        var logs = try Self.inputs().map {
            (name: $0.name, json: SARIFReporter(workingDirectory: "/work/project dir/ü").render($0.report))
        }
        for (name, _) in ReportFixtures.all {
            logs.append(
                (
                    name: "golden \(name).sarif",
                    json: try String(contentsOf: Golden.url("\(name).sarif"), encoding: .utf8)
                ))
        }
        logs.append(
            (
                name: "invalid sample",
                json: try String(
                    contentsOf: Paths.conformance.appendingPathComponent("sarif/sample-invalid.sarif"), encoding: .utf8)
            ))
        var problems = try ExternalTool.validateSARIF(logs)
        #expect(problems.removeValue(forKey: "invalid sample") != nil, "jsonschema accepted sample-invalid.sarif")
        #expect(problems.isEmpty, "\(problems.sorted { $0.key < $1.key }.map { "\($0.key):\n\($0.value)" }.joined())")
    }
}
