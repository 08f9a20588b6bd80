import PushLintEngine
import PushLintModel
import Synchronization
import TestSupport
import Testing

@Suite struct EngineTests {
    func lint(_ dir: TempDirectory, _ paths: [String] = ["."], options: LintOptions = LintOptions()) throws
        -> LintReport
    {
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path)
        var discovery = Discovery(config: project.config, baseDirectory: project.baseDirectory, cwd: dir.path)
        discovery.ignoredFiles = project.ownFiles
        return Engine(project: project, options: options).lint(try discovery.targets(for: paths))
    }

    static let big = "{\"aps\": {\"alert\": \"x\"}, \"pad\": \"" + String(repeating: "y", count: 4100) + "\"}"

    @Test func walkedNonPayloadsAreSkippedAndBrokenFilesReported() throws {
        let dir = TempDirectory()
        dir.write("package.json", #"{"name": "app"}"#)
        dir.write("ok.json", #"{"aps": {"alert": "Hi"}}"#)
        dir.write("broken.json", #"{"aps": }"#)
        let report = try lint(dir)
        #expect(report.skipped == 1)
        #expect(report.files.map(\.path.display) == ["broken.json", "ok.json"])
        #expect(report.files[0].diagnostics.map(\.ruleId) == ["json-syntax"])
        #expect(report.files[0].diagnostics.first?.location?.column == 9)
        #expect(report.files[1].diagnostics.isEmpty)
        #expect(report.files[1].wireBytes == #"{"aps":{"alert":"Hi"}}"#.utf8.count)
        // Named explicitly, a non-payload is a finding.
        let named = try lint(dir, ["package.json"])
        #expect(named.files.first?.diagnostics.map(\.ruleId) == ["payload-kind-unknown"])
    }

    /// A trailing comma is a `json-syntax` error at the comma, and every other rule still checks the file.
    @Test func rulesRunBehindATrailingComma() throws {
        let dir = TempDirectory()
        dir.write("count.json", #"{"message": {"token": "t", "data": {"count": 3,},}}"#)
        let report = try lint(dir)
        let found = report.files.first?.diagnostics ?? []
        #expect(found.map(\.ruleId) == ["fcm-data-string-values", "json-syntax", "json-syntax"])
        #expect(found.filter { $0.ruleId == "json-syntax" }.map { $0.location?.column } == [47, 49])
        #expect(found.filter { $0.ruleId == "json-syntax" }.allSatisfy { $0.fix?.isSafe == true })
        #expect(report.files.first?.kind == .fcm)
    }

    /// A bare FCM v1 message whose target is added at send time is recognised; a walked file with push keys that
    /// matches no kind is reported as info instead of skipped without a word; other JSON stays quiet.
    @Test func bareMessagesAreRecognisedAndPushLookingFilesAreNamed() throws {
        let dir = TempDirectory()
        dir.write(
            "bare.json",
            #"{"android": {"priority": "HIGH", "notification": {"channel_id": "orders"}}, "data": {"id": "1"}}"#)
        dir.write("odd.json", #"{"notification": {"title": "Hi"}, "tokens": ["a"]}"#)
        dir.write("package.json", #"{"name": "app", "data": {"x": 1}}"#)
        let report = try lint(dir)
        #expect(report.skipped == 1)
        #expect(report.files.map(\.path.display) == ["bare.json", "odd.json"])
        #expect(report.files.first?.kind == .fcm)
        #expect(report.files.last?.diagnostics.map(\.ruleId) == ["payload-kind-unknown"])
        #expect(report.files.last?.diagnostics.first?.severity == .info)
    }

    @Test func configLevelsOverridesAndCommandLineApply() throws {
        let dir = TempDirectory()
        dir.write(
            ".pushlint.json",
            #"{"rules": {"payload-size": "warning"}, "overrides": [{"files": ["legacy/**"], "rules": {"payload-size": "off"}}]}"#
        )
        dir.write("a.json", Self.big)
        dir.write("legacy/b.json", Self.big)
        let report = try lint(dir)
        // Only payload-size's levels matter here.
        #expect(
            report.files.map { $0.diagnostics.filter { $0.ruleId == "payload-size" }.map(\.severity) } == [
                [.warning], [],
            ])
        let cli = try lint(dir, options: LintOptions(ruleLevels: ["payload-size": .on(.info)]))
        #expect(
            cli.files.map { $0.diagnostics.filter { $0.ruleId == "payload-size" }.map(\.severity) } == [
                [.info], [.info],
            ])
    }

    @Test func configIsFoundWalkingUpAndItsFilesAreNotLinted() throws {
        let dir = TempDirectory()
        dir.write(".pushlint.json", "// jsonc\n{\"contract\": \"contract.json\",}")
        dir.write("contract.json", "{ /* jsonc */ }")
        dir.write("push/a.json", #"{"aps": {"alert": "Hi"}}"#)
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path + "/push")
        #expect(project.baseDirectory == dir.path)
        #expect(project.contract != nil)
        let report = try lint(dir)
        #expect(report.files.map(\.path.display) == ["push/a.json"])
    }

    @Test func badConfigIsAConfigurationError() {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{"rules": {"no-such-rule": "off"}}"#)
        #expect(throws: ConfigurationError.self) { try Project.load(configPath: nil, contractPath: nil, cwd: dir.path) }
        dir.write(".pushlint.json", #"{"contract": "missing.json"}"#)
        #expect(throws: ConfigurationError.self) { try Project.load(configPath: nil, contractPath: nil, cwd: dir.path) }
    }

    @Test func parallelRunsAreDeterministic() throws {
        let dir = TempDirectory()
        for i in 0..<60 { dir.write("p\(i).json", i % 3 == 0 ? Self.big : #"{"aps": {"alert": "\#(i)"}}"#) }
        let one = try lint(dir, options: LintOptions(jobs: 1))
        let many = try lint(dir, options: LintOptions(jobs: 4))
        #expect(one.files.map(\.path.display) == many.files.map(\.path.display))
        #expect(one.allDiagnostics == many.allDiagnostics)
        #expect(
            one.files.map(\.path.display)
                == one.files.map(\.path.display).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// Linting while the walk goes on gives the report of walking first, on any number of threads, with files in
    /// several folders, skipped non-payloads, broken files and overlapping paths.
    @Test func lintingDuringTheWalkGivesTheSameReport() throws {
        let dir = TempDirectory()
        for i in 0..<90 {
            let body = i % 3 == 0 ? Self.big : #"{"aps": {"alert": "\#(i)"}}"#
            dir.write("f\(i % 4)/p\(i).json", i % 17 == 0 ? #"{"aps": }"# : i % 19 == 0 ? #"{"name": "app"}"# : body)
        }
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path)
        let discovery = Discovery(config: project.config, baseDirectory: project.baseDirectory, cwd: dir.path)
        for paths in [["."], ["f1", ".", "f2/p2.json"], ["f3"]] {
            let expected = Engine(project: project, options: LintOptions(jobs: 1)).lint(
                try discovery.targets(for: paths))
            for jobs in [1, 2, 7] {
                let report = try Engine(project: project, options: LintOptions(jobs: jobs)).lint(
                    paths: paths, discovery: discovery)
                #expect(
                    report.files.map(\.path.display) == expected.files.map(\.path.display), "\(paths), \(jobs) jobs")
                #expect(report.allDiagnostics == expected.allDiagnostics)
                #expect(report.skipped == expected.skipped)
                #expect(report.project == expected.project)
            }
        }
        #expect(try lint(dir).skipped > 0)
    }

    @Test func aMissingPathStopsTheLintDuringTheWalk() throws {
        let dir = TempDirectory()
        for i in 0..<50 { dir.write("p\(i).json", #"{"aps": {"alert": "x"}}"#) }
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path)
        let discovery = Discovery(config: project.config, baseDirectory: project.baseDirectory, cwd: dir.path)
        let engine = Engine(project: project, options: LintOptions(jobs: 3))
        #expect(throws: Discovery.MissingPath.self) {
            try engine.lint(paths: [".", "nope.json"], discovery: discovery)
        }
        // Still usable afterwards (no worker left waiting).
        #expect(try engine.lint(paths: ["."], discovery: discovery).files.count == 50)
    }

    /// A batch of 64 or more messages is checked on several threads, each with its own handle on the document; one
    /// of 2 048 or more is also detected in slices. Elements that are no message keep the indexes of the others.
    @Test(arguments: [200, 2600])
    func parallelBatchesAreDeterministic(count: Int) throws {
        let dir = TempDirectory()
        // Records over payload-data-not-link's 256 bytes: one content finding per APNs message.
        let records = #"[{"a": ""# + String(repeating: "x", count: 260) + #""}, {"b": 2}]"#
        let messages = (0..<count).map { i in
            i % 97 == 5
                ? "42"
                : i % 4 == 0
                    ? #"{"message": {"token": "t\#(i)", "data": {"n": \#(i), "mail": "user\#(i)@gmail.com"}}}"#
                    : #"{"aps": {"alert": "order \#(i)"}, "items": "# + records + "}"
        }
        dir.write("batch.json", "[" + messages.joined(separator: ",\n") + "]")
        let one = try lint(dir, options: LintOptions(jobs: 1))
        let many = try lint(dir, options: LintOptions(jobs: 4))
        #expect(one.allDiagnostics.count > count)
        #expect(one.allDiagnostics == many.allDiagnostics)
        let fcmData = one.allDiagnostics.filter { $0.ruleId == "fcm-data-string-values" }
        #expect(fcmData.count == (0..<count).filter { $0 % 4 == 0 && $0 % 97 != 5 }.count)
        #expect(fcmData.last.map(\.pointer) == "/\((count - 1) / 4 * 4)/message/data/n")
    }

    /// More than 4096 findings in one file are located in slices on several threads: same locations, same order.
    @Test func thousandsOfFindingsAreLocatedTheSameOnAnyNumberOfThreads() throws {
        let dir = TempDirectory()
        let messages = (0..<4500).map { i in #"{"aps": {"alert": "n\#(i)", "badge": "\#(i % 7)"}}"# }
        dir.write("batch.json", "[\n" + messages.joined(separator: ",\n") + "\n]")
        let one = try lint(dir, options: LintOptions(jobs: 1))
        let many = try lint(dir, options: LintOptions(jobs: 3))
        let found = one.allDiagnostics.filter { $0.ruleId == "apns-aps-value" }
        #expect(found.count == 4500)
        #expect(found.last?.location?.line == 4501)
        #expect(one.allDiagnostics == many.allDiagnostics)
        #expect(one.allDiagnostics.map(\.location) == many.allDiagnostics.map(\.location))
    }

    /// Without line excerpts (reports other than text), findings are located at the same lines and columns.
    @Test func findingsWithoutLineExcerptsKeepTheirLocations() throws {
        let dir = TempDirectory()
        dir.write(
            "batch.json",
            "[\n"
                + (0..<20).map { #"  {"aps": {"alert": "Zürich \#($0)", "badge": "\#($0)"}}"# }.joined(separator: ",\n")
                + "\n]")
        let with = try lint(dir, options: LintOptions(jobs: 1))
        let without = try lint(dir, options: LintOptions(jobs: 1, lineExcerpts: false))
        #expect(with.allDiagnostics.count == 20)
        #expect(with.allDiagnostics.allSatisfy { $0.location?.lineText.isEmpty == false })
        #expect(without.allDiagnostics.allSatisfy { $0.location?.lineText.isEmpty == true })
        #expect(
            with.allDiagnostics.map { $0.location.map { [$0.line, $0.column, $0.endLine, $0.endColumn] } }
                == without.allDiagnostics.map { $0.location.map { [$0.line, $0.column, $0.endLine, $0.endColumn] } })
    }

    /// A batch's size is its largest message's; of equally large ones, the first gives the limit (an FCM message to
    /// a token and one to a topic weigh the same, the target is not counted, but their limits differ).
    @Test func theFirstOfEquallyLargeMessagesGivesTheLimit() throws {
        let token = #"{"message": {"token": "abcde", "data": {"k": "v"}}}"#
        let topic = #"{"message": {"topic": "abcde", "data": {"k": "v"}}}"#
        for (batch, limit) in [("[\(token), \(topic)]", 4096), ("[\(topic), \(token)]", 2048)] {
            let dir = TempDirectory()
            dir.write("batch.json", batch)
            let file = try #require(try lint(dir, options: LintOptions(jobs: 1)).files.first)
            #expect(file.wireBytes == #"{"data":{"k":"v"}}"#.utf8.count)
            #expect(file.wireLimit == limit, "\(batch)")
        }
    }

    /// A large file that parses is located from the line starts its parse recorded: findings far into it are on
    /// the same lines and columns with any number of threads.
    @Test func aLargeFileIsLocatedTheSameOnAnyNumberOfThreads() throws {
        let dir = TempDirectory()
        let padding = String(repeating: String(repeating: " ", count: 100) + "\r\n", count: 11_000)
        let message = #"{"aps": {"alert": "Zürich", "badge": "7"}}"#
        dir.write("batch.json", "[\n" + message + "," + padding + message + ",\r" + padding + message + "\n]")
        let one = try lint(dir, options: LintOptions(jobs: 1, maxFileBytes: 8 << 20))
        let many = try lint(dir, options: LintOptions(jobs: 3, maxFileBytes: 8 << 20))
        let found = one.allDiagnostics.filter { $0.ruleId == "apns-aps-value" }
        #expect(found.map { $0.location?.line } == [2, 11_002, 22_003])
        #expect(found.map { $0.location?.column } == [38, 38, 38])
        #expect(one.allDiagnostics == many.allDiagnostics)
        #expect(one.allDiagnostics.map(\.location) == many.allDiagnostics.map(\.location))
    }

    /// A file of 1 MiB and more that does not parse has its lines found by a scan in ranges on several threads
    /// (a range may end between the `\r` and the `\n` of a line end): its syntax error, far into it, is located as
    /// with one thread.
    @Test func aLargeFileThatDoesNotParseIsLocatedTheSameOnAnyNumberOfThreads() throws {
        let dir = TempDirectory()
        let padding = String(repeating: String(repeating: " ", count: 100) + "\r\n", count: 11_000)
        dir.write("broken.json", "[\n" + padding + "1,\r" + padding + "2,\n" + padding + "x]")
        // Named: found by a walk, a file that does not parse and shows no payload is skipped (docs/discovery.md).
        let one = try lint(dir, ["broken.json"], options: LintOptions(jobs: 1, maxFileBytes: 8 << 20))
        let many = try lint(dir, ["broken.json"], options: LintOptions(jobs: 3, maxFileBytes: 8 << 20))
        let errors = one.allDiagnostics.filter { $0.ruleId == "json-syntax" }
        #expect(errors.map { $0.location?.line } == [33_004])
        #expect(errors.map { $0.location?.column } == [1])
        #expect(one.allDiagnostics.map(\.location) == many.allDiagnostics.map(\.location))
    }

    @Test func batchPointersStartAtTheIndex() throws {
        let report = try ExampleLinter.lint("[" + #"{"aps": {"alert": "a"}}, "# + Self.big + "]")
        let finding = try #require(report.allDiagnostics.first { $0.ruleId == "payload-size" })
        #expect(finding.pointer == "/1")
    }
}

/// Inputs that must give a clear finding, never a crash or a hang (issue 2, "Done when").
@Suite struct HostileInputTests {
    func lintFile(_ bytes: [UInt8], options: LintOptions = LintOptions(jobs: 1)) throws -> [Diagnostic] {
        let dir = TempDirectory()
        dir.write("f.json", bytes)
        let project = Project(baseDirectory: dir.path)
        let targets = try Discovery(config: project.config, baseDirectory: dir.path, cwd: dir.path).targets(for: [
            "f.json"
        ])
        return Engine(project: project, options: options).lint(targets).allDiagnostics
    }

    @Test func hundredThousandLevelsOfNesting() throws {
        let d = try lintFile(
            Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8))
        #expect(d.map(\.ruleId) == ["json-limit"])
        #expect(d.first?.location?.column == 513)
    }

    @Test func fiftyMegabytesOverTheLimitAreNotRead() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 50 << 20)
        let d = try lintFile(bytes)
        #expect(d.map(\.ruleId) == ["json-limit"])
        #expect(d.first?.message.contains("52428800 bytes") == true)
    }

    @Test func randomBytesEmptyAndWhitespace() throws {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(!(try lintFile(random)).isEmpty)
        #expect(try lintFile([]).map(\.ruleId) == ["json-syntax"])
        #expect(try lintFile(Array("  \n\t ".utf8)).map(\.ruleId) == ["json-syntax"])
        #expect(try lintFile([0, 0, 0, 0]).map(\.ruleId) == ["json-syntax"])
    }

    @Test func utf16IsAnEncodingFinding() throws {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array(#"{"aps":{}}"#.utf8).flatMap { [$0, UInt8(0)] }
        #expect(try lintFile(utf16).map(\.ruleId) == ["json-encoding"])
    }

    @Test func aDirectoryOrFIFONamedAsFileIsAnIOError() throws {
        let dir = TempDirectory()
        dir.mkdir("folder.json")
        let project = Project(baseDirectory: dir.path)
        let targets = [
            LintTarget(
                path: LintPath(
                    display: "folder.json", absolute: dir.path + "/folder.json", configRelative: "folder.json"),
                isExplicit: true)
        ]
        let report = Engine(project: project).lint(targets)
        #expect(report.allDiagnostics.map(\.ruleId) == ["io-error"])
        #expect(report.allDiagnostics.first?.message.contains("directory") == true)
    }
}

/// A payload rule that counts its runs, to see which rules the engine runs.
private struct CountingRule: PayloadRule {
    static let runs = Mutex(0)
    static let description = RuleDescription(
        id: "counting-rule", summary: "Counts.", family: .json, defaultSeverity: .warning, rationale: "r")
    func check(_ context: PayloadContext) -> [Diagnostic] {
        Self.runs.withLock { $0 += 1 }
        return []
    }
}

/// A rule that is off is not run: for every file when the config or `--rule` turns it off, and for the files an
/// override turns it off for.
@Suite(.serialized) struct RuleLevelRunTests {
    func runs(config: String?, commandLine: [String: RuleLevel] = [:]) throws -> Int {
        let dir = TempDirectory()
        if let config { dir.write(".pushlint.json", config) }
        dir.write("push/a.json", #"{"aps": {"alert": "Hi"}}"#)
        dir.write("push/legacy/b.json", #"{"aps": {"alert": "Hi"}}"#)
        let project = try Project.load(
            configPath: nil, contractPath: nil, cwd: dir.path, rules: [CountingRule.description])
        var discovery = Discovery(config: project.config, baseDirectory: project.baseDirectory, cwd: dir.path)
        discovery.ignoredFiles = project.ownFiles
        let engine = Engine(
            project: project, options: LintOptions(ruleLevels: commandLine, jobs: 1), rules: [CountingRule()])
        CountingRule.runs.withLock { $0 = 0 }
        _ = engine.lint(try discovery.targets(for: ["."]))
        return CountingRule.runs.withLock { $0 }
    }

    @Test func offRulesAreNotRun() throws {
        #expect(try runs(config: nil) == 2)
        #expect(try runs(config: #"{"rules": {"counting-rule": "off"}}"#) == 0)
        #expect(try runs(config: nil, commandLine: ["counting-rule": .off]) == 0)
        #expect(
            try runs(config: #"{"overrides": [{"files": ["push/legacy/**"], "rules": {"counting-rule": "off"}}]}"#) == 1
        )
        #expect(
            try runs(
                config:
                    #"{"rules": {"counting-rule": "off"}, "overrides": [{"files": ["push/legacy/**"], "rules": {"counting-rule": "error"}}]}"#
            ) == 1)
    }
}
