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

    let paths = Baseline.PathMapper(baselineFile: "/project/pushlint-baseline.json", MemoryFileSystem())

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

    /// Keys come from the absolute path discovery made, relative to the baseline's folder, whatever the working
    /// directory and however the file was named.
    @Test func pathsAreRelativeToTheBaselineFolderWhateverTheWorkingDirectory() throws {
        let fs = MemoryFileSystem(["/project/push/a.json": #"{"aps": {"sound": "a"}}"#])
        let mapper = Baseline.PathMapper(baselineFile: "/project/ci/baseline.json", fs)
        for (cwd, named) in [
            ("/project", "push/a.json"), ("/project/push", "a.json"), ("/project/push", "./a.json"),
            ("/project/ci", "../push/a.json"), ("/", "project/push/../push/a.json"),
            ("/elsewhere", "/project/push/a.json"),
        ] {
            let discovery = Discovery(config: .defaults, baseDirectory: "/project", cwd: cwd, fileSystem: fs)
            let path = try #require(try discovery.targets(for: [named]).first?.path)
            var resolved: [String: String] = [:]
            #expect(mapper.key(for: path, resolved: &resolved) == "../push/a.json", "\(named) from \(cwd)")
        }
        let stdin = Discovery(config: .defaults, baseDirectory: "/project", cwd: "/project/push", fileSystem: fs)
            .standardInput(named: "a.json")
        var resolved: [String: String] = [:]
        #expect(mapper.key(for: stdin, resolved: &resolved) == "../push/a.json", "standard input named as the file")
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

/// A baseline on disk, recorded in one working directory and applied from others, with the files and the baseline
/// named through `./`, `..` and symbolic links: it hides the same findings everywhere (`LintSession`, as the
/// command line runs it).
@Suite struct BaselinePathTests {
    static let finding = #"{"aps": {"alert": "Hi", "badge": "3"}}"#

    /// A project with two files that have findings and `ci/baseline.json` recorded from its root; `alias` links to
    /// the project, `linked-push` to its `push` folder and `ci-link` to its `ci` folder.
    static func project() throws -> (dir: TempDirectory, recorded: String) {
        let dir = TempDirectory()
        dir.write("project/push/a.json", finding)
        dir.write("project/push/sub/b.json", finding)
        dir.mkdir("project/ci")
        dir.mkdir("project/elsewhere")
        dir.symlink("alias", to: dir.path + "/project")
        dir.symlink("project/linked-push", to: dir.path + "/project/push")
        dir.symlink("project/ci-link", to: dir.path + "/project/ci")
        let run = try LintSession.run(
            LintRequest(paths: ["push"], workingDirectory: dir.path + "/project", writeBaseline: "ci/baseline.json"))
        let recorded = try #require(run.recordedBaseline).render()
        #expect(recorded.contains(#""path": "../push/a.json""#), "\(recorded)")
        #expect(recorded.contains(#""path": "../push/sub/b.json""#))
        dir.write("project/ci/baseline.json", recorded)
        return (dir, recorded)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        /// Relative to the temporary folder that holds `project` and `alias`.
        var cwd: String
        var paths: [String]
        var baseline: String
        var testDescription: String { "\(paths) from \(cwd) with \(baseline)" }
    }

    static let cases = [
        Case(cwd: "project/push", paths: ["a.json", "sub/b.json"], baseline: "../ci/baseline.json"),
        Case(cwd: "project/push/sub", paths: ["..", "b.json"], baseline: "../../ci/baseline.json"),
        Case(
            cwd: "project", paths: ["./push/./a.json", "push/../push/sub/b.json"], baseline: "./ci/../ci/baseline.json"),
        Case(cwd: "project/elsewhere", paths: ["../push"], baseline: "../ci/baseline.json"),
        // A working directory reached through a link: its paths are not those of the recording.
        Case(cwd: "alias", paths: ["push"], baseline: "ci/baseline.json"),
        Case(cwd: "alias/push", paths: ["."], baseline: "../ci/baseline.json"),
        // The files or the baseline named through a link.
        Case(cwd: "project", paths: ["linked-push"], baseline: "ci/baseline.json"),
        Case(cwd: "project", paths: ["push"], baseline: "ci-link/baseline.json"),
        Case(cwd: "project/push", paths: ["."], baseline: "../../alias/ci/baseline.json"),
    ]

    @Test(arguments: cases)
    func aBaselineAppliesFromAnyWorkingDirectory(_ run: Case) throws {
        let (dir, _) = try Self.project()
        let outcome = try LintSession.run(
            LintRequest(paths: run.paths, workingDirectory: dir.path + "/" + run.cwd, baseline: run.baseline))
        #expect(outcome.report.files.count == 2, "\(outcome.report.files.map(\.path.display))")
        #expect(outcome.report.allDiagnostics.isEmpty, "\(outcome.report.allDiagnostics.map(\.message))")
        #expect(outcome.report.project.isEmpty, "no entry left over: \(outcome.report.project.map(\.message))")
    }

    /// Recording through a link writes the same file as recording from the project itself.
    @Test func recordingThroughALinkWritesTheSameBaseline() throws {
        let (dir, recorded) = try Self.project()
        for (cwd, paths, file) in [
            ("alias", ["push"], "ci/baseline.json"), ("project/push", ["."], "../ci-link/baseline.json"),
            ("project", ["linked-push"], "ci/baseline.json"),
        ] {
            let run = try LintSession.run(
                LintRequest(paths: paths, workingDirectory: dir.path + "/" + cwd, writeBaseline: file))
            #expect(try #require(run.recordedBaseline).render() == recorded, "\(paths) from \(cwd)")
        }
    }

    /// Standard input named after a file of the baseline is that file.
    @Test func standardInputNamedAsAFileMatchesItsEntries() throws {
        let (dir, _) = try Self.project()
        let outcome = try LintSession.run(
            LintRequest(
                paths: [], workingDirectory: dir.path + "/project/push",
                standardInput: (Array(Self.finding.utf8), "a.json"), baseline: "../ci/baseline.json"))
        #expect(outcome.report.files.map(\.path.display) == ["a.json"])
        #expect(outcome.report.allDiagnostics.isEmpty)
        // b.json's entry is not in this run: reported as fixed.
        #expect(outcome.report.project.map(\.related) == [["../push/sub/b.json"]])
    }
}
