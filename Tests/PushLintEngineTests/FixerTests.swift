import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Synthetic rules with fixes, to test the fix machinery independently of the built-in rules.
struct SyntheticRule: PayloadRule {
    static let description = RuleDescription(
        id: "synthetic", summary: "Synthetic.", family: .apns, defaultSeverity: .warning, rationale: "Made at run time."
    )
    /// Each synthetic rule has an id of its own.
    let description: RuleDescription
    /// Returns (node, replacement text, safe) for the APNs `aps` object of a payload.
    let find: @Sendable (JSONDocument, NodeID) -> [(NodeID, String, Bool)]

    init(_ id: String, find: @escaping @Sendable (JSONDocument, NodeID) -> [(NodeID, String, Bool)]) {
        description = RuleDescription(
            id: id, summary: "Synthetic.", family: .apns, defaultSeverity: .warning,
            rationale: "A rule made up for the fix machinery tests.")
        self.find = find
    }

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let aps = doc.member(context.payload.body, "aps"), doc.kind(aps) == .object else { return [] }
        return find(doc, aps).map { node, text, safe in
            diagnostic(
                FindingText("synthetic finding"), at: node, in: doc,
                fix: Fix(edits: [TextEdit(replacing: doc.span(node), with: text)], isSafe: safe))
        }
    }

    /// `aps.<key>` equal to `from` (raw JSON text) is replaced by `to`.
    static func replace(_ id: String, key: String, from: String, to: String, safe: Bool = true) -> SyntheticRule {
        SyntheticRule(id) { doc, aps in
            guard let node = doc.member(aps, key), doc.rawText(node) == from else { return [] }
            return [(node, to, safe)]
        }
    }
}

@Suite struct FixerTests {
    static let bom = RuleRegistry.rule("json-bom")!

    func engine(_ fs: MemoryFileSystem, _ rules: [any Rule]) -> Engine {
        Engine(project: Project(baseDirectory: "/project"), options: LintOptions(jobs: 2), fileSystem: fs, rules: rules)
    }

    func targets(_ fs: MemoryFileSystem, _ paths: [String] = ["."]) throws -> [LintTarget] {
        try Discovery(config: .defaults, baseDirectory: "/project", cwd: "/project", fileSystem: fs).targets(for: paths)
    }

    @Test func appliesSafeFixesAndLeavesEverythingElseByteIdentical() throws {
        // CRLF, tabs, odd spacing and key order must survive untouched.
        let before = "{\r\n\t\"zeta\" :  1,\r\n\t\"aps\": {\"badge\": true ,  \"sound\":\"a\"}\r\n}"
        let fs = MemoryFileSystem(["/project/a.json": before])
        let rule = SyntheticRule.replace("test-badge", key: "badge", from: "true", to: "1")
        let run = engine(fs, [rule]).fix(try targets(fs), options: FixOptions())
        #expect(
            fs.text("/project/a.json") == "{\r\n\t\"zeta\" :  1,\r\n\t\"aps\": {\"badge\": 1 ,  \"sound\":\"a\"}\r\n}")
        #expect(run.appliedFixes == 1)
        #expect(run.files.first?.written == true)
        #expect(run.report.allDiagnostics.isEmpty, "the fixed finding is gone from the report")
    }

    @Test func unsafeFixesNeedTheOptIn() throws {
        let source = #"{"aps": {"sound": "x"}}"#
        let fs = MemoryFileSystem(["/project/a.json": source])
        let rule = SyntheticRule.replace("test-unsafe", key: "sound", from: #""x""#, to: #""y""#, safe: false)
        let safeOnly = engine(fs, [rule]).fix(try targets(fs), options: FixOptions())
        #expect(fs.text("/project/a.json") == source)
        #expect(safeOnly.appliedFixes == 0)
        #expect(safeOnly.report.allDiagnostics.map(\.ruleId) == ["test-unsafe"])
        _ = engine(fs, [rule]).fix(try targets(fs), options: FixOptions(includeUnsafe: true))
        #expect(fs.text("/project/a.json") == #"{"aps": {"sound": "y"}}"#)
    }

    @Test func passesRepeatUntilNothingIsLeftToFix() throws {
        let fs = MemoryFileSystem(["/project/a.json": #"{"aps": {"alert": "a"}}"#])
        let ab = SyntheticRule.replace("test-ab", key: "alert", from: #""a""#, to: #""b""#)
        let bc = SyntheticRule.replace("test-bc", key: "alert", from: #""b""#, to: #""c""#)
        let run = engine(fs, [ab, bc]).fix(try targets(fs), options: FixOptions())
        #expect(fs.text("/project/a.json") == #"{"aps": {"alert": "c"}}"#)
        #expect(run.files.first?.passes == 2)
        #expect(run.appliedFixes == 2)
    }

    @Test func stopsAfterTenPassesWhenFixesNeverSettle() throws {
        let fs = MemoryFileSystem(["/project/a.json": #"{"aps": {"alert": "x"}}"#])
        let xy = SyntheticRule.replace("test-xy", key: "alert", from: #""x""#, to: #""y""#)
        let yx = SyntheticRule.replace("test-yx", key: "alert", from: #""y""#, to: #""x""#)
        let run = engine(fs, [xy, yx]).fix(try targets(fs), options: FixOptions())
        #expect(run.files.first?.passes == 10)
        #expect(fs.text("/project/a.json") == #"{"aps": {"alert": "x"}}"#, "ten flips end where they began")
    }

    @Test func overlappingFixesAreNeverMixed() throws {
        // Two fixes on the same value: the first wins; the other one no longer applies after it.
        let fs = MemoryFileSystem(["/project/a.json": #"{"aps": {"badge": true}}"#])
        let one = SyntheticRule.replace("test-one", key: "badge", from: "true", to: "1")
        let two = SyntheticRule.replace("test-two", key: "badge", from: "true", to: "2")
        let run = engine(fs, [one, two]).fix(try targets(fs), options: FixOptions())
        let text = fs.text("/project/a.json")
        #expect(text == #"{"aps": {"badge": 1}}"# || text == #"{"aps": {"badge": 2}}"#)
        #expect(run.appliedFixes == 1)
    }

    @Test func aResultThatDoesNotParseIsNeverWritten() throws {
        let source = #"{"aps": {"badge": true}}"#
        let fs = MemoryFileSystem(["/project/a.json": source])
        let breaker = SyntheticRule.replace("test-break", key: "badge", from: "true", to: "{")
        let run = engine(fs, [breaker]).fix(try targets(fs), options: FixOptions())
        #expect(fs.text("/project/a.json") == source)
        let file = try #require(run.files.first)
        #expect(!file.written && !file.changed)
        #expect(file.problem?.contains("does not parse") == true, "\(file.problem ?? "")")
        let finding = try #require(run.report.allDiagnostics.first)
        #expect(finding.ruleId == "test-break")
        #expect(
            finding.help?.contains("not fixed") == true && finding.help?.contains("test-break") == true,
            "\(finding.help ?? "")")
    }

    @Test func dryRunComputesTheFixAndWritesNothing() throws {
        let source = "\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}\n"
        let fs = MemoryFileSystem(["/project/a.json": source])
        let run = engine(fs, [Self.bom]).fix(try targets(fs), options: FixOptions(write: false))
        #expect(fs.text("/project/a.json") == source)
        let file = try #require(run.changedFiles.first)
        #expect(!file.written)
        #expect(String(decoding: file.fixed, as: UTF8.self) == "{\"aps\": {\"alert\": \"Hi\"}}\n")
        let diff = UnifiedDiff.render(old: file.original, new: file.fixed, path: file.path.display)
        #expect(
            diff
                == "--- a/a.json\n+++ b/a.json\n@@ -1 +1 @@\n-\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}\n+{\"aps\": {\"alert\": \"Hi\"}}\n"
        )
    }

    @Test func aFailingWriteLeavesTheOldContentIntact() throws {
        let source = "\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}"
        let fs = MemoryFileSystem(["/project/a.json": source])
        fs.failWrites = true
        let run = engine(fs, [Self.bom]).fix(try targets(fs), options: FixOptions())
        #expect(fs.text("/project/a.json") == source)
        let file = try #require(run.files.first)
        #expect(!file.written && !file.changed)
        #expect(file.problem?.contains("no space left on device") == true)
        let finding = try #require(run.report.allDiagnostics.first { $0.ruleId == "json-bom" })
        #expect(finding.help?.contains("not fixed: cannot write the fixed file") == true, "\(finding.help ?? "")")
    }

    @Test func filesWithoutFixesAreNotTouched() throws {
        let fs = MemoryFileSystem([
            "/project/a.json": #"{"aps": {"alert": "Hi"}}"#, "/project/b.json": "\u{FEFF}{\"aps\": {}}",
        ])
        let run = engine(fs, [Self.bom]).fix(try targets(fs), options: FixOptions())
        #expect(run.files.map(\.path.display) == ["b.json"])
        #expect(run.report.files.map(\.path.display) == ["a.json", "b.json"])
        #expect(fs.text("/project/b.json") == #"{"aps": {}}"#)
    }

    @Test func rulesSwitchedOffDoNotFix() throws {
        let fs = MemoryFileSystem(["/project/a.json": "\u{FEFF}{\"aps\": {}}"])
        let engine = Engine(
            project: Project(baseDirectory: "/project"), options: LintOptions(ruleLevels: ["json-bom": .off], jobs: 1),
            fileSystem: fs,
            rules: [Self.bom])
        let run = engine.fix(try targets(fs), options: FixOptions())
        #expect(run.files.isEmpty)
        #expect(fs.text("/project/a.json") == "\u{FEFF}{\"aps\": {}}")
    }

    // MARK: On disk

    @Test func writesOnDiskAreAtomicAndKeepTheFileMode() throws {
        let folder = TempDirectory()
        let path = folder.write("push/a.json", "\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}\r\n")
        #expect(chmod(path, 0o640) == 0)
        let fs = LocalFileSystem()
        let targets = try Discovery(config: .defaults, baseDirectory: folder.path, cwd: folder.path, fileSystem: fs)
            .targets(for: ["push"])
        let engine = Engine(
            project: Project(baseDirectory: folder.path), options: LintOptions(jobs: 1), fileSystem: fs,
            rules: [Self.bom])
        let run = engine.fix(targets, options: FixOptions())
        #expect(run.appliedFixes == 1)
        #expect(Paths.bytes(URL(fileURLWithPath: path)) == Array("{\"aps\": {\"alert\": \"Hi\"}}\r\n".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/push")
        #expect(left == ["a.json"], "no temporary file is left behind: \(left)")
    }

    @Test func aFolderInTheWayIsRefusedAndKept() throws {
        let folder = TempDirectory()
        folder.mkdir("push/taken")
        folder.write("push/taken/x", "keep")
        // A folder is not a file to replace: the write fails, the folder and its content stay, no temp file is left.
        #expect(throws: FileSystemError.self) {
            try LocalFileSystem().writeAtomically(folder.path + "/push/taken", Array("{}".utf8))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/push") == ["taken"])
        #expect(Paths.bytes(URL(fileURLWithPath: folder.path + "/push/taken/x")) == Array("keep".utf8))
    }
}
