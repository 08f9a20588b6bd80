import PushLintModel
import TestSupport
import Testing

@testable import PushLintEngine

/// JSON Lines input ("linting what you actually sent"): one payload per line, located by line, the stream goes on
/// past lines that are not JSON, limits per line, a bounded report with a summary per rule, project rules over the
/// stream.
@Suite struct JSONLinesTests {
    static func engine(_ dir: TempDirectory, _ options: LintOptions = LintOptions(jobs: 2)) throws -> Engine {
        Engine(project: try Project.load(configPath: nil, contractPath: nil, cwd: dir.path), options: options)
    }

    static func lint(_ text: String, options: LintOptions = LintOptions(jobs: 2)) throws -> (LintReport, StreamSummary)
    {
        let engine = try engine(TempDirectory(), options)
        let report = engine.lint(jsonLines: Array(text.utf8), path: "sent.jsonl")
        return (report, try #require(engine.streamSummaries.first))
    }

    static let clean = #"{"aps": {"alert": "Hi"}}"#
    static let badBadge = #"{"aps": {"alert": "Hi", "badge": "3"}}"#

    @Test func findingsAreLocatedByLineWithPointersInTheLine() throws {
        let text =
            [Self.clean, Self.clean, Self.badBadge, #"{"message": {"token": "t", "data": {"n": 1}}}"#].joined(
                separator: "\n") + "\n"
        let (report, summary) = try Self.lint(text)
        let found = report.allDiagnostics
        #expect(report.files.map(\.path.display) == ["sent.jsonl"])
        let badge = try #require(found.first { $0.ruleId == "apns-aps-value" })
        #expect(badge.location?.line == 3)
        #expect(badge.location?.column == 34)
        #expect(badge.pointer == "/aps/badge")
        let data = try #require(found.first { $0.ruleId == "fcm-data-string-values" })
        #expect(data.location?.line == 4)
        #expect(data.pointer == "/message/data/n")
        #expect(summary.lines == 4)
        #expect(summary.notJSON == 0)
    }

    @Test func aLineThatIsNotJSONIsAFindingAndTheStreamGoesOn() throws {
        let text = [Self.clean, "", #"{"aps": {"alert": "#, "   ", Self.badBadge].joined(separator: "\n")
        let (report, summary) = try Self.lint(text)
        let syntax = report.allDiagnostics.filter { $0.ruleId == "json-syntax" }
        #expect(syntax.map { $0.location?.line } == [2, 3, 4])
        #expect(
            report.allDiagnostics.contains { $0.ruleId == "apns-aps-value" && $0.location?.line == 5 },
            "the line after them is linted")
        #expect(summary.notJSON == 3)
        #expect(summary.lines == 5)
    }

    @Test func theReportKeepsTheFirstFindingsOfEachRuleAndTheSummaryCountsAll() throws {
        let text = Array(repeating: Self.badBadge, count: 250).joined(separator: "\n")
        let (report, summary) = try Self.lint(text, options: LintOptions(jobs: 2, maxFindingsPerRule: 7))
        let kept = report.allDiagnostics.filter { $0.ruleId == "apns-aps-value" }
        #expect(kept.map { $0.location?.line } == Array(1...7).map { Optional($0) })
        let rule = try #require(summary.rules.first { $0.ruleId == "apns-aps-value" })
        #expect(rule.count == 250)
        #expect(rule.shown == 7)
        #expect(rule.firstLines == [1, 2, 3, 4, 5])
        // The default keeps 100.
        let (all, _) = try Self.lint(text)
        #expect(all.allDiagnostics.filter { $0.ruleId == "apns-aps-value" }.count == Engine.defaultMaxFindingsPerRule)
    }

    @Test func limitsArePerLine() throws {
        let long = #"{"aps": {"alert": ""# + String(repeating: "a", count: 3000) + #""}}"#
        let (report, summary) = try Self.lint(
            [Self.clean, long, Self.badBadge].joined(separator: "\n"), options: LintOptions(jobs: 1, maxFileBytes: 1000)
        )
        #expect(report.allDiagnostics.filter { $0.ruleId == "json-limit" }.map { $0.location?.line } == [2])
        #expect(report.allDiagnostics.contains { $0.ruleId == "apns-aps-value" && $0.location?.line == 3 })
        #expect(summary.oversize == 1)
    }

    /// Hostile lines: garbage, deep nesting, CRLF, no final newline, invalid UTF-8; each is its line's finding.
    @Test func hostileLinesAreFindingsOfTheirLine() throws {
        var bytes: [UInt8] = []
        var state: UInt64 = 42
        let garbage = (0..<10_000).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1
            let b = UInt8(truncatingIfNeeded: state >> 33)
            return b == 0x0A ? 0x20 : b
        }
        bytes += garbage + [0x0A]
        bytes += Array(repeating: UInt8(ascii: "["), count: 100_000) + [0x0D, 0x0A]
        bytes += Array(Self.clean.utf8) + [0x0D, 0x0A]
        bytes += Array(#"{"aps": {"alert": "caf"#.utf8) + [0xC3, 0x28] + Array(#""}}"#.utf8) + [0x0A]
        bytes += Array(Self.badBadge.utf8)
        let engine = try Self.engine(TempDirectory())
        let report = engine.lint(jsonLines: bytes, path: "hostile.jsonl")
        let byLine = Dictionary(grouping: report.allDiagnostics, by: { $0.location?.line ?? 0 })
        #expect(byLine[1]?.isEmpty == false, "garbage")
        #expect(
            byLine[2]?.contains { $0.ruleId == "json-limit" } == true,
            "100 000 brackets: \(byLine[2]?.map(\.ruleId) ?? [])")
        #expect(byLine[3] == nil, "a clean CRLF line")
        #expect(
            byLine[4]?.contains { $0.ruleId == "json-encoding" } == true,
            "invalid UTF-8: \(byLine[4]?.map(\.ruleId) ?? [])")
        #expect(byLine[5]?.contains { $0.ruleId == "apns-aps-value" } == true, "the last line, without a newline")
        #expect(engine.streamSummaries.first?.lines == 5)
    }

    @Test func projectRulesSeeEveryMessageOfTheStream() throws {
        let high = #"{"message": {"token": "t", "notification": {"title": "Sale"}, "android": {"priority": "HIGH"}}}"#
        let normal =
            #"{"message": {"token": "t", "notification": {"title": "News"}, "android": {"priority": "NORMAL"}}}"#
        let (mostlyHigh, _) = try Self.lint(
            (Array(repeating: high, count: 30) + Array(repeating: normal, count: 10)).joined(separator: "\n"))
        let ratio = try #require(mostlyHigh.project.first { $0.ruleId == "priority-high-ratio" })
        #expect(ratio.message.contains("30"), "\(ratio.message)")
        let (mostlyNormal, _) = try Self.lint(
            (Array(repeating: high, count: 10) + Array(repeating: normal, count: 30)).joined(separator: "\n"))
        #expect(!mostlyNormal.project.contains { $0.ruleId == "priority-high-ratio" })
        let keys = (0..<6).map {
            #"{"message": {"token": "t", "data": {"k": "v"}, "android": {"collapse_key": "key-\#($0)"}}}"#
        }
        let (collapse, _) = try Self.lint((keys + keys).joined(separator: "\n"))
        #expect(collapse.project.contains { $0.ruleId == "fcm-collapse-key-limit" })
    }

    @Test func discoveryFindsJSONLinesAndSkipsLinesThatAreNoPayload() throws {
        let dir = TempDirectory()
        dir.write("logs/sent.jsonl", [Self.clean, Self.badBadge].joined(separator: "\n"))
        dir.write(
            "logs/other.ndjson", #"{"level": "info", "msg": "started"}"# + "\n" + #"{"level": "warn", "msg": "slow"}"#)
        let outcome = try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path))
        #expect(outcome.report.files.map(\.path.display) == ["logs/sent.jsonl"])
        #expect(outcome.report.skipped == 1, "a walked log of something else is skipped")
        #expect(outcome.report.allDiagnostics.map(\.ruleId) == ["apns-aps-value"])
        // ... without a summary on stderr either (docs/discovery.md).
        #expect(outcome.streams.map(\.path) == ["logs/sent.jsonl"])
        let named = try LintSession.run(LintRequest(paths: ["logs/other.ndjson"], workingDirectory: dir.path))
        #expect(named.report.allDiagnostics.map(\.ruleId) == ["payload-kind-unknown", "payload-kind-unknown"])
    }
}
