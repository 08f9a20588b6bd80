import PushLintJSON
import PushLintModel
import PushLintReporters
import Testing

/// The text report's per-file line gives the wire size of a message with content; a message with only its target
/// has a body of `{}` once FCM leaves the target out, and "wire size 2 B" would mislead (issue 28).
@Suite struct WireSizeLineTests {
    func line(wireBytes: Int) -> String {
        let finding = ReportFixtures.diagnostic(
            ReportFixtures.note, "a note", span: ByteSpan(0, 1), pointer: "",
            location: ResolvedLocation(line: 1, column: 1, endLine: 1, endColumn: 2, lineText: "{", lineTextColumn: 1))
        let file = FileReport(
            path: ReportFixtures.path("t.json"), kind: .fcm, wireBytes: wireBytes, wireLimit: 2048,
            diagnostics: [finding])
        let report = LintReport(files: [file], skipped: 0, project: [], rules: ReportFixtures.rules)
        let text = Reporters.make(.text, options: ReportFixtures.options).render(report)
        return text.split(separator: "\n").first { $0.hasPrefix("t.json:") && !$0.contains("a note") }.map(String.init)
            ?? ""
    }

    @Test func onlyAMessageWithContentShowsItsWireSize() {
        #expect(line(wireBytes: 2) == "t.json: 1 info")
        #expect(line(wireBytes: 120) == "t.json: 1 info (wire size 120 B / 2048)")
    }
}
