import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintReporters
import TestSupport
import Testing

/// Inputs the fuzzer once crashed on (testdata/fuzz/regressions): each goes through the parser in every mode, a
/// lint as payload and as template (placeholders and each dialect), and every reporter, whose JSON outputs must parse again.
@Suite struct FuzzRegressionTests {
    static let inputs = Paths.files(in: Paths.testdata.appendingPathComponent("fuzz/regressions")).filter {
        !$0.lastPathComponent.hasPrefix(".")
    }

    @Test func thereAreRegressions() { #expect(!Self.inputs.isEmpty) }

    @Test(arguments: inputs)
    func replays(_ file: URL) throws {
        let bytes = Paths.bytes(file)
        for mode in [JSONParseOptions.Mode.strict, .jsonc, .defaultTemplate] {
            let result = JSONParser.parse(bytes, options: JSONParseOptions(mode: mode))
            if let error = result.error {
                #expect(error.offset >= 0 && error.offset + error.length <= bytes.count)
            }
        }
        // As the fuzz target does: with the example contract, so that contract and template rules run too.
        let contract = try Contract.read(
            path: "push-contract.json",
            bytes: Paths.bytes(Paths.testdata.appendingPathComponent("examples/push-contract.json")))
        for name in [
            "regression.json", "regression.json.tmpl", "regression.json.hbs", "regression.json.liquid",
            "regression.json.j2", "regression.json.gotmpl",
        ] {
            let project = Project(contract: contract, baseDirectory: "/")
            let report = Engine(project: project, options: LintOptions(jobs: 1)).lint(bytes: bytes, path: name)
            for d in report.allDiagnostics {
                #expect(
                    d.span.start >= 0 && d.span.end <= max(bytes.count, d.span.start),
                    "\(d.ruleId): \(d.span.start)..<\(d.span.end)")
            }
            for format in ReportFormat.allCases {
                let output = Reporters.make(format).render(report)
                if format == .json || format == .sarif {
                    #expect(JSONParser.parse(output).document != nil, "\(format) output does not parse")
                }
            }
        }
    }
}
