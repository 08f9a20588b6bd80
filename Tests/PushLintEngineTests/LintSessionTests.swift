import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// The engine's one entry point for a run: config, discovery, lint or fix, baseline and `--quiet`, as a value.
@Suite struct LintSessionTests {
    @Test func lintsAFolderAndKeepsOnlyErrorsWhenAsked() throws {
        let dir = TempDirectory()
        dir.write("a.json", #"{"aps": {"alert": "Hi", "badge": "3"}}"#)
        dir.write("b.json", #"{"aps": }"#)
        let all = try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path))
        #expect(Set(all.report.allDiagnostics.map(\.severity)) == [.warning, .error])
        let quiet = try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path, onlyErrors: true))
        #expect(quiet.report.allDiagnostics.map(\.ruleId) == ["json-syntax"])
    }

    /// `--timing`: the run measures every rule that ran (merged from every worker), the parse and the payload
    /// model; without it there is no timing at all.
    @Test func timingNamesEveryRuleThatRanOnlyWhenAsked() throws {
        let dir = TempDirectory()
        for i in 0..<40 {
            dir.write("p\(i).json", #"{"aps": {"alert": "Hi anna@gmail.com", "badge": 1}, "id": "\#(i)"}"#)
        }
        dir.write("batch.json", "[" + (0..<300).map { #"{"aps": {"alert": "n\#($0)"}}"# }.joined(separator: ",") + "]")
        let plain = try LintSession.run(
            LintRequest(paths: ["."], workingDirectory: dir.path, options: LintOptions(jobs: 2)))
        #expect(plain.timing == nil)
        let timed = try LintSession.run(
            LintRequest(paths: ["."], workingDirectory: dir.path, options: LintOptions(jobs: 2, timing: true)))
        let timing = try #require(timed.timing)
        let names = Set(timing.entries.map(\.name))
        for id in ["payload-sensitive-data", "apns-aps-value", "json-syntax", "(parse)", "(payload model)"] {
            #expect(names.contains(id), "\(id)")
        }
        #expect(timing.entries.first { $0.name == "payload-sensitive-data" }!.nanoseconds > 0)
        #expect(
            timing.entries.map(\.nanoseconds) == timing.entries.map(\.nanoseconds).sorted(by: >), "most expensive first"
        )
        #expect(timed.report.allDiagnostics.count == plain.report.allDiagnostics.count)
        let table = timing.table(top: 5)
        #expect(table.split(separator: "\n").count == 2 + 5 + 1)
        #expect(table.contains("| Time (ms) | Relative"))
    }

    @Test func aMissingPathIsAnErrorThatNamesIt() {
        let dir = TempDirectory()
        #expect {
            try LintSession.run(LintRequest(paths: ["push/none.json"], workingDirectory: dir.path))
        } throws: { error in
            guard case .missingPath(let path) = error as? LintSessionError else { return false }
            return path == "push/none.json"
        }
    }

    @Test func aBadConfigIsAConfigurationError() {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{"rulez": {}}"#)
        #expect {
            try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path))
        } throws: { error in
            guard case .configuration(let config) = error as? LintSessionError else { return false }
            return config.message.contains("rulez")
        }
    }

    @Test func aRecordedBaselineHidesTodaysFindings() throws {
        let dir = TempDirectory()
        dir.write("a.json", #"{"aps": {"alert": "Hi", "badge": "3"}}"#)
        let recorded = try LintSession.run(
            LintRequest(paths: ["."], workingDirectory: dir.path, writeBaseline: "baseline.json"))
        let baseline = try #require(recorded.recordedBaseline)
        #expect(baseline.counts.values.reduce(0, +) == recorded.report.allDiagnostics.count)
        dir.write("baseline.json", baseline.render())
        let applied = try LintSession.run(
            LintRequest(paths: ["a.json"], workingDirectory: dir.path, baseline: "baseline.json"))
        #expect(applied.report.allDiagnostics.isEmpty)
        #expect {
            try LintSession.run(LintRequest(paths: ["a.json"], workingDirectory: dir.path, baseline: "missing.json"))
        } throws: { error in
            guard case .baseline(let path, _, let hint) = error as? LintSessionError else { return false }
            return path == "missing.json" && hint?.contains("--write-baseline") == true
        }
    }

    @Test func aDryRunFixesWithoutWriting() throws {
        let dir = TempDirectory()
        let original = #"{"aps": {"alert": "Hi",}}"#
        dir.write("a.json", original)
        let run = try LintSession.run(LintRequest(paths: ["a.json"], workingDirectory: dir.path, fix: .dryRun))
        let fixes = try #require(run.fixes)
        #expect(fixes.changedFiles.map(\.path.display) == ["a.json"])
        #expect(dir.read("a.json") == original)
    }
}
