import PushLintModel
import TestSupport
import Testing

@testable import PushLintEngine

/// JSON Lines streams that used to shift locations or grow memory with their values (issue 33, J1 and J2).
@Suite struct HostileJSONLinesTests {
    /// J2: a bare CR inside a line is JSON whitespace, not a line break: the finding stays on its line, as the
    /// stream summary says.
    @Test func aBareCarriageReturnDoesNotShiftLocations() throws {
        let bytes =
            Array(#"{"aps":{"alert":"x"}}"#.utf8) + [0x0A]
            + Array(#"{"message":{"token":"t","#.utf8) + [0x0D] + Array(#""data":{"n":3}}}"#.utf8) + [0x0A]
            + Array(#"{"aps":{"alert":"y"}}"#.utf8) + [0x0A]
        let engine = try JSONLinesTests.engine(TempDirectory())
        let report = engine.lint(jsonLines: bytes, path: "crmid.jsonl")
        let data = try #require(report.allDiagnostics.first { $0.ruleId == "fcm-data-string-values" })
        #expect(data.location?.line == 2)
        #expect(data.location?.endLine == 2)
        #expect(data.location?.column == 38)
        let rule = try #require(engine.streamSummaries.first?.rules.first { $0.ruleId == "fcm-data-string-values" })
        #expect(rule.firstLines == [2])
    }

    /// J1: a summary per distinct collapse key (or custom field) grew with the log; past a cap they merge.
    @Test func summariesStayBoundedWhateverTheValues() {
        var state = StreamState(path: "sent.jsonl", maxPerRule: 100)
        for line in 1...5000 {
            let summary = PayloadSummary(
                path: "sent.jsonl", batchIndex: nil, kind: .fcm, wireBytes: 100, collapseKey: "order-\(line)",
                event: "e", fieldsByPlatform: ["android": ["type", "f\(line)"]])
            let report = FileReport(
                path: LintPath(named: "sent.jsonl"), kind: .fcm, wireBytes: 100, wireLimit: 4096, diagnostics: [])
            state.add(FileOutcome(report: report, summaries: [summary]), line: line)
        }
        #expect(state.summaries.count <= StreamState.maxExactSummaries + StreamState.maxCollapseKeys + 1)
        #expect(state.summaries.reduce(0) { $0 + $1.count } == 5000, "every message is counted")
        #expect(Set(state.summaries.compactMap(\.collapseKey)).count > 4, "fcm-collapse-key-limit still fires")
        let merged = state.summaries.filter { $0.count > 1 }
        #expect(merged.allSatisfy { $0.fieldsByPlatform["android"] == ["type"] }, "the common fields are exact")
    }

    @Test func theCollapseKeyRuleStillFiresOnALongLog() throws {
        let lines = (0..<3000).map {
            #"{"message": {"token": "t", "data": {"k": "v"}, "android": {"collapse_key": "order-\#($0)"}}}"#
        }
        let (report, _) = try JSONLinesTests.lint(lines.joined(separator: "\n"))
        #expect(report.project.contains { $0.ruleId == "fcm-collapse-key-limit" })
    }
}
