import PushLintEngine
import PushLintModel
import PushLintReporters
import TestSupport
import Testing

/// Every format on the fixed inputs of `ReportFixtures`, compared with `testdata/golden/`. Regenerate (then review
/// the diff) with `PUSHLINT_UPDATE_GOLDEN=1 swift test --filter GoldenTests`.
@Suite struct GoldenTests {
    static let extensions: [ReportFormat: String] = [
        .text: "txt", .json: "json", .junit: "junit.xml", .sarif: "sarif", .github: "github.txt",
        .concise: "concise.txt", .gitlab: "gitlab.json", .checkstyle: "checkstyle.xml", .rdjson: "rdjson.json",
    ]

    static func render(_ report: LintReport, _ format: ReportFormat) throws -> String {
        let reporter = Reporters.make(format, options: ReportFixtures.options)
        return reporter.render(report)
    }

    static func goldenName(_ input: String, _ format: ReportFormat) -> String {
        "\(input).\(extensions[format] ?? format.rawValue)"
    }

    @Test(arguments: ReportFormat.allCases)
    func matchesGolden(_ format: ReportFormat) throws {
        for (name, report) in ReportFixtures.all {
            let output = try Self.render(report, format)
            let problem = Golden.check(output, name: Self.goldenName(name, format))
            #expect(problem == nil, "\(problem ?? "")")
        }
    }

}
