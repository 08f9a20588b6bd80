import PushLintReporters
import Testing

@Suite struct RenderBytesTests {
    /// The CLI writes `renderBytes`; tests and goldens read `render`: both must be the same output.
    @Test(arguments: ReportFormat.allCases)
    func bytesAreTheRenderedText(_ format: ReportFormat) throws {
        let reporter = try #require(Reporters.make(format, options: ReportFixtures.options))
        for report in [ReportFixtures.findings, ReportFixtures.clean] {
            #expect(reporter.renderBytes(report) == Array(reporter.render(report).utf8))
        }
    }
}
