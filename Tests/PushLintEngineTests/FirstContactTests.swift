import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// A new user's first run (issue 28): `pushlint` at the root of a backend repository with no configuration, then
/// `init` and `init --contract`. The repository is `testdata/first-contact` (ordinary JSON and JSONC that is no
/// payload, whether it parses or not) beside the example project's payloads, logs and app (`testdata/examples`
/// without its config and contract).
@Suite struct FirstContactTests {
    /// A scratch repository: the non-payload files at its root, the example project's folders beside them.
    static func repository() throws -> TempDirectory {
        let dir = TempDirectory()
        let manager = FileManager.default
        let firstContact = Paths.testdata.appendingPathComponent("first-contact")
        for name in try manager.contentsOfDirectory(atPath: firstContact.path) where name != "README.md" {
            try manager.copyItem(
                atPath: firstContact.appendingPathComponent(name).path, toPath: dir.path + "/" + name)
        }
        for name in ["push", "sent", "app"] {
            try manager.copyItem(
                atPath: Paths.testdata.appendingPathComponent("examples/" + name).path, toPath: dir.path + "/" + name)
        }
        return dir
    }

    /// Every file of `testdata/first-contact`, as a path from the repository's root.
    static var nonPayloads: [String] {
        let root = Paths.testdata.appendingPathComponent("first-contact")
        return Paths.allFiles(below: root).map { String($0.path.dropFirst(root.path.count + 1)) }
            .filter { $0 != "README.md" }
    }

    func lint(_ dir: TempDirectory, _ paths: [String] = ["."]) throws -> LintOutcome {
        try LintSession.run(LintRequest(paths: paths, workingDirectory: dir.path, options: LintOptions(jobs: 2)))
    }

    /// Errors and warnings by file and rule (infos are notes, not verdicts).
    static func verdicts(_ report: LintReport) -> Set<String> {
        var found: Set<String> = []
        for file in report.files {
            for d in file.diagnostics where d.severity != .info { found.insert(file.path.display + " " + d.ruleId) }
        }
        for d in report.project where d.severity != .info { found.insert("(project) " + d.ruleId) }
        return found
    }

    @Test func noFindingOnAFileThatIsNoPayloadAndEveryPayloadHasItsKind() throws {
        let dir = try Self.repository()
        let report = try lint(dir).report
        let paths = Set(report.files.map(\.path.display))
        let nonPayloads = Self.nonPayloads
        #expect(nonPayloads.count >= 14)
        for file in nonPayloads {
            #expect(!paths.contains(file), "\(file) is no payload, yet it is in the report")
        }
        // Every payload file of the example project is found, with the kind its platform folder says.
        let kinds = Dictionary(report.files.map { ($0.path.display, $0.kind) }, uniquingKeysWith: { a, _ in a })
        let push = Paths.testdata.appendingPathComponent("examples/push")
        let examples = Paths.allFiles(below: push).map { "push/" + $0.path.dropFirst(push.path.count + 1) }
        #expect(examples.count > 25)
        for file in examples {
            let expected: PayloadKind? =
                file.contains("/ios/")
                ? .apns
                : file.contains("/legacy/")
                    ? .fcmLegacy
                    : file.contains("/android/") || file.contains("/drafts/")
                        ? .fcm
                        : file.contains("/expo/") ? .expo : nil
            guard let expected else { continue }
            #expect(kinds[file] == expected, "\(file)")
        }
        // Templates are found too; one that the engine refuses (a stray block end) has no kind, but is reported.
        for template in examples where template.contains("/templates/") {
            #expect(paths.contains(template), "\(template)")
        }
    }

    /// `init`, `init --contract`, then the same lint: nothing the starter files cause. Every error and warning
    /// after is one of before, except `contract-platform-parity`, which compares an event's payloads across
    /// platforms and so needs events: a draft in the example project lacks a field its event carries elsewhere.
    @Test func initAndInitContractLeaveNoSelfInflictedFinding() throws {
        let dir = try Self.repository()
        let before = Self.verdicts(try lint(dir).report)
        _ = try Initializer(directory: dir.path).run(contract: false)
        _ = try Initializer(directory: dir.path).run(contract: true)
        let outcome = try lint(dir)
        #expect(outcome.report.files.allSatisfy { !$0.path.display.hasSuffix(".pushlint.json") })
        let after = Self.verdicts(outcome.report)
        let new = after.subtracting(before).filter { $0 != "(project) contract-platform-parity" }
        #expect(new.isEmpty, "\(new.sorted())")
        // The contract is read (the config names it), and every payload maps to one of its events.
        let rules = outcome.report.allDiagnostics.map(\.ruleId)
        for id in ["contract-event-unknown", "contract-field-value", "contract-required-field", "json-syntax"] {
            #expect(!rules.contains(id) || before.contains { $0.hasSuffix(" " + id) }, "\(id)")
        }
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path)
        #expect(project.contract?.events.isEmpty == false)
    }

    /// pushlint's own files are read by their readers, walked or named, and never linted as payloads; a broken one
    /// named on the command line is a configuration error.
    @Test func pushlintFilesAreNeverPayloads() throws {
        let dir = TempDirectory()
        _ = try Initializer(directory: dir.path).run(contract: true)
        dir.write("push/a.json", #"{"aps": {"alert": "Hi", "badge": "1"}}"#)
        let findings = try lint(dir).report
        let baseline = Baseline.record(
            findings, paths: Baseline.PathMapper(baselineFile: dir.path + "/pushlint-baseline.json", LocalFileSystem()))
        #expect(!baseline.counts.isEmpty)
        dir.write("pushlint-baseline.json", baseline.render())
        // A contract under another name, with comments: known by its `$schema`.
        dir.write(
            "config/shop-contract.json",
            "// ours\n{\"$schema\": \"../schemas/push-contract.schema.json\", \"android\": {\"channels\": [{\"id\": \"orders\"}]}, \"events\": {},}"
        )
        let named = try lint(
            dir, [".pushlint.json", "push-contract.json", "pushlint-baseline.json", "config/shop-contract.json"])
        #expect(named.report.files.isEmpty, "\(named.report.files.map(\.path.display))")
        let walked = try lint(dir).report
        #expect(walked.files.map(\.path.display) == ["push/a.json"])
        dir.write("config/shop-contract.json", #"{"$schema": "push-contract.schema.json", "events": {"x": 1}}"#)
        #expect(throws: LintSessionError.self) { try lint(dir, ["config/shop-contract.json"]) }
    }

    /// What does not parse and is named is reported with its cause, in one line for a binary file.
    @Test(arguments: [
        ("empty.json", "", "empty file"),
        ("text.json", "hello world", "not JSON: a payload file starts with '{'"),
        ("comment.json", "{\"aps\": {\"alert\": \"Hi\"} // x\n}", "found a comment"),
        ("hbs.json", #"{"aps": {"alert": "Hi"{{#if b}}, "badge": 1{{/if}}}}"#, "Handlebars"),
        ("go.json", #"{"aps": {"alert": {{.Name}}}}"#, "Go template"),
        ("liquid.json", #"{"aps": {"badge": {% if x %}1{% else %}0{% endif %}}}"#, "Liquid"),
        ("binary.json", "\u{7F}ELF\u{0}\u{1}", "binary file"),
    ])
    func syntaxFindingsSayTheCause(_ name: String, _ text: String, _ expected: String) throws {
        let dir = TempDirectory()
        dir.write(name, text)
        let findings = try lint(dir, [name]).report.allDiagnostics.filter { $0.ruleId == "json-syntax" }
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(
            (finding.message + " " + (finding.help ?? "")).contains(expected),
            "\(finding.message) \(finding.help ?? "")")
        #expect(
            !(finding.help ?? "").contains("*.json.tmpl") || name == "hbs.json" || name == "go.json"
                || name == "liquid.json")
        if name == "binary.json" { #expect(finding.location?.lineText == "") }
        // Walked, none of them shows a payload but the comment and the templates, whose keys are a payload's.
        let walked = try lint(dir).report
        #expect(walked.files.isEmpty == !["comment.json", "hbs.json", "go.json", "liquid.json"].contains(name))
    }

    /// `--force-exclude`: a named file under `exclude` is skipped as a walk skips it; a named folder or an
    /// `include` glob that finds nothing is said.
    @Test func forceExcludeAndNotesOfWhatWasNotFound() throws {
        let dir = TempDirectory()
        dir.write(
            ".pushlint.json", #"{"include": ["push/**/*.json", "missing/**/*.json"], "exclude": ["push/old/**"]}"#)
        dir.write("push/old/a.json", #"{"aps": {"alert": "Hi", "badge": "1"}}"#)
        dir.write("push/new/b.json", #"{"aps": {"alert": "Hi"}}"#)
        dir.mkdir("empty")
        var request = LintRequest(paths: ["push/old/a.json", "push/new/b.json"], workingDirectory: dir.path)
        #expect(try LintSession.run(request).report.files.count == 2)
        request.forceExclude = true
        #expect(try LintSession.run(request).report.files.map(\.path.display) == ["push/new/b.json"])
        let notes = try LintSession.run(LintRequest(paths: [".", "empty"], workingDirectory: dir.path)).notes
        #expect(notes.contains { $0.contains("no file to lint in empty") }, "\(notes)")
        #expect(notes.contains { $0.contains("'missing/**/*.json'") }, "\(notes)")
        #expect(!notes.contains { $0.contains("'push/**/*.json'") }, "\(notes)")
        let bare = TempDirectory()
        let none = try LintSession.run(LintRequest(paths: ["."], workingDirectory: bare.path)).notes
        #expect(none.contains { $0.contains("no file to lint") }, "\(none)")
    }

    /// A walked file larger than --max-file-bytes is reported (`json-limit`) only when its first MiB shows a payload:
    /// a large package-lock.json is not, a large batch is.
    @Test func aLargeFileIsReportedOnlyWhenItShowsAPayload() throws {
        let dir = TempDirectory()
        let packages = (0..<200).map { #""node_modules/p\#($0)": {"version": "1.0.\#($0)"}"# }
        dir.write("package-lock.json", #"{"name": "api", "packages": {"# + packages.joined(separator: ", ") + "}}")
        dir.write(
            "push/batch.json", "[" + (0..<200).map { #"{"aps": {"alert": "n\#($0)"}}"# }.joined(separator: ",") + "]")
        let report = try LintSession.run(
            LintRequest(paths: ["."], workingDirectory: dir.path, options: LintOptions(maxFileBytes: 2000))
        ).report
        #expect(report.files.map(\.path.display) == ["push/batch.json"])
        #expect(report.allDiagnostics.map(\.ruleId) == ["json-limit"])
    }

    /// Telling whether a walked file too large to lint is a payload reads its first MiB, never the rest: a
    /// multi-gigabyte dump in the tree costs one MiB, not the whole file.
    @Test func aLargeWalkedFileIsReadOnlyAsFarAsItsFirstMiB() throws {
        let size = 3 << 20
        let lock = #"{"name": "api", "packages": {"# + String(repeating: " ", count: size) + "}}"
        let batch = "[" + String(repeating: #"{"aps": {"alert": "n"}},"#, count: size / 24) + #"{"aps": {}}]"#
        let fileSystem = MemoryFileSystem(["/project/package-lock.json": lock, "/project/push/batch.json": batch])
        let report = try LintSession.run(
            LintRequest(paths: ["."], workingDirectory: "/project", options: LintOptions(maxFileBytes: 2000)),
            fileSystem: fileSystem
        ).report
        #expect(report.files.map(\.path.display) == ["push/batch.json"])
        #expect(report.allDiagnostics.map(\.ruleId) == ["json-limit"])
        #expect(fileSystem.bytesRead == 2 << 20)
    }
}
