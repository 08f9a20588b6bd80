import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport
import Testing

@Suite struct BaselineTests {
    /// Flags every `aps.sound` value: one finding per file per sound key.
    static let sound = SyntheticRule("test-sound") { doc, aps in
        doc.members(aps).filter { doc.string($0.key) == "sound" }.map { ($0.value, "\"x\"", true) }
    }

    func lint(_ fs: MemoryFileSystem) throws -> LintReport {
        let targets = try Discovery(config: .defaults, baseDirectory: "/project", cwd: "/project", fileSystem: fs)
            .targets(for: ["."])
        return Engine(
            project: Project(baseDirectory: "/project"), options: LintOptions(jobs: 1), fileSystem: fs,
            rules: [Self.sound]
        )
        .lint(targets)
    }

    let paths = Baseline.PathMapper(cwd: "/project", baselineFile: "pushlint-baseline.json")

    @Test func recordsSortedStableJSONKeyedByPathRuleAndPointer() throws {
        let fs = MemoryFileSystem([
            "/project/b.json": #"{"aps": {"sound": "a"}}"#,
            "/project/a.json": #"{"aps": {"sound": "a", "alert": {"sound": "b"}}}"#,
        ])
        let baseline = Baseline.record(try lint(fs), paths: paths)
        let text = baseline.render()
        #expect(
            text == """
                {
                  "version": 1,
                  "tool": "pushlint",
                  "entries": [
                    {"path": "a.json", "rule": "test-sound", "pointer": "/aps/sound", "count": 1},
                    {"path": "b.json", "rule": "test-sound", "pointer": "/aps/sound", "count": 1}
                  ]
                }

                """)
        #expect(try Baseline.read(path: "b.json", bytes: Array(text.utf8)) == baseline, "what is written reads back")
        #expect(!text.contains("line"), "never keyed by line")
    }

    @Test func hidesRecordedFindingsEvenAfterReformatting() throws {
        let fs = MemoryFileSystem(["/project/a.json": #"{"aps": {"sound": "a"}}"#])
        let baseline = Baseline.record(try lint(fs), paths: paths)
        // Reformat: the finding moves to another line and column.
        fs.set(
            "/project/a.json",
            Array("{\n\n  \"aps\": {\n      \"alert\": \"Hi\",\n      \"sound\": \"a\"\n  }\n}\n".utf8))
        let report = baseline.apply(to: try lint(fs), paths: paths, strict: false)
        #expect(report.allDiagnostics.isEmpty)
        #expect(report.project.isEmpty)
    }

    @Test func newFindingsOfTheSameKeyBeyondTheCountStay() throws {
        let fs = MemoryFileSystem(["/project/a.json": #"{"aps": {"sound": "a"}}"#])
        let baseline = Baseline.record(try lint(fs), paths: paths)
        fs.set(
            "/project/a.json",
            Array(#"[{"aps": {"sound": "a"}}, {"aps": {"sound": "b"}}, {"aps": {"sound": "c"}}]"#.utf8))
        // Pointers are /0/aps/sound..., none recorded: all three are new.
        #expect(baseline.apply(to: try lint(fs), paths: paths, strict: false).allDiagnostics.count == 3)
        let counted = Baseline(counts: [Baseline.Key(path: "a.json", ruleId: "test-sound", pointer: "/1/aps/sound"): 1])
        let report = counted.apply(to: try lint(fs), paths: paths, strict: false)
        #expect(report.allDiagnostics.map(\.pointer) == ["/0/aps/sound", "/2/aps/sound"])
    }

    @Test func disappearedEntriesAreReportedAsInfoOrStrictErrors() throws {
        let fs = MemoryFileSystem([
            "/project/a.json": #"{"aps": {"sound": "a"}}"#, "/project/b.json": #"{"aps": {"sound": "a"}}"#,
        ])
        let baseline = Baseline.record(try lint(fs), paths: paths)
        fs.set("/project/b.json", Array(#"{"aps": {"alert": "fixed"}}"#.utf8))
        let report = baseline.apply(to: try lint(fs), paths: paths, strict: false)
        #expect(report.allDiagnostics.isEmpty)
        let note = try #require(report.project.first)
        #expect(report.project.count == 1)
        #expect(note.severity == .info)
        #expect(note.ruleId == "test-sound")
        #expect(
            note.message.contains("fixed, prune the baseline") && note.message.contains("b.json at /aps/sound"),
            "\(note.message)")
        #expect(note.related == ["b.json"])
        let strict = baseline.apply(to: try lint(fs), paths: paths, strict: true)
        #expect(strict.project.map(\.severity) == [.error])
    }

    @Test func pathsAreRelativeToTheBaselineFolderWhateverTheWorkingDirectory() {
        let fromRoot = Baseline.PathMapper(cwd: "/project", baselineFile: "ci/baseline.json")
        #expect(fromRoot.key(for: "push/a.json") == "../push/a.json")
        let fromPush = Baseline.PathMapper(cwd: "/project/push", baselineFile: "../ci/baseline.json")
        #expect(fromPush.key(for: "a.json") == "../push/a.json")
    }

    @Test func invalidBaselinesAreConfigurationErrors() {
        #expect(throws: ConfigurationError.self) { try Baseline.read(path: "b.json", bytes: Array("[]".utf8)) }
        #expect(throws: ConfigurationError.self) {
            try Baseline.read(path: "b.json", bytes: Array(#"{"version": 2, "entries": []}"#.utf8))
        }
        #expect(throws: ConfigurationError.self) {
            try Baseline.read(
                path: "b.json", bytes: Array(#"{"version": 1, "entries": [{"path": "a", "rule": "r", "cnt": 1}]}"#.utf8)
            )
        }
    }
}
