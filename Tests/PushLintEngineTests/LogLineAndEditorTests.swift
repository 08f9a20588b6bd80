import PushLintModel
import TestSupport
import Testing

@testable import PushLintEngine

/// A JSON Lines line is a log line because the engine streams it, whatever its name (standard input has none);
/// and the editor holds a file to the standard the walk of `pushlint lint` holds it to.
@Suite struct LogLineAndEditorTests {
    static let highLine =
        #"{"message": {"token": "t", "notification": {"title": "Hi"}, "android": {"priority": "HIGH"}}}"#

    /// `pushlint lint --stdin --stdin-format jsonl` without `--stdin-filename` is named `<stdin>`: its lines were
    /// each a template of no event, and were counted as templates.
    @Test func unnamedJSONLinesAreLogLinesLikeANamedLog() throws {
        let dir = TempDirectory()
        let contract = dir.write("push-contract.json", #"{"events": {"order": {"match": {"type": "order"}}}}"#)
        let project = try Project.load(configPath: nil, contractPath: contract, cwd: dir.path)
        let bytes = Array(Array(repeating: Self.highLine, count: 12).joined(separator: "\n").utf8)
        let named = Engine(project: project, options: LintOptions(jobs: 1)).lint(jsonLines: bytes, path: "sent.jsonl")
        let unnamed = Engine(project: project, options: LintOptions(jobs: 1)).lint(
            jsonLines: { sink in
                bytes.withUnsafeBufferPointer { sink($0) }
                return nil
            }, at: LintPath(named: "<stdin>"))
        #expect(!named.allDiagnostics.contains { $0.ruleId == "contract-event-unknown" })
        #expect(unnamed.allDiagnostics.map(\.ruleId) == named.allDiagnostics.map(\.ruleId))
        #expect(named.project.map(\.ruleId) == ["priority-high-ratio"])
        #expect(unnamed.project.map(\.ruleId) == ["priority-high-ratio"])
        #expect(unnamed.project.allSatisfy { $0.message.contains("log lines") }, "\(unnamed.project.map(\.message))")
    }

    static func walked(_ dir: TempDirectory) throws -> [String: [String]] {
        let outcome = try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path))
        return Dictionary(
            uniqueKeysWithValues: outcome.report.files.map { ($0.path.display, $0.diagnostics.map(\.ruleId)) })
    }

    /// A broken file matched by a specific `include` glob is held to the payload standard by the walk; the editor
    /// held it to the walked-file standard and said nothing.
    @Test func editorAndWalkAgreeOnABrokenFileUnderASpecificInclude() throws {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{"include": ["push/**/*.json"]}"#)
        let text = #"{"greeting": "hello""#
        dir.write("push/welcome.json", text)
        let walked = try Self.walked(dir)["push/welcome.json"]
        #expect(walked?.contains("json-syntax") == true, "\(String(describing: walked))")
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path)
        let editor = Engine(project: project, options: LintOptions(jobs: 1)).lint(
            editorText: Array(text.utf8), absolutePath: dir.path + "/push/welcome.json",
            displayPath: "push/welcome.json")
        #expect(editor.files.first?.diagnostics.map(\.ruleId) == walked)
    }

    /// A log of something else, found by the generic `**/*.jsonl`: the walk skips it; the editor linted it as
    /// named, a finding on every line.
    @Test func editorAndWalkAgreeOnALogThatIsNoPushLog() throws {
        let dir = TempDirectory()
        let text = #"{"level": "info", "msg": "started"}"# + "\n" + #"{"level": "warn", "msg": "slow"}"# + "\n"
        dir.write("logs/app.jsonl", text)
        dir.write("logs/sent.jsonl", #"{"aps": {"alert": "Hi", "badge": "3"}}"# + "\n")
        let walked = try Self.walked(dir)
        #expect(walked["logs/app.jsonl"] == nil)
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path)
        for name in ["logs/app.jsonl", "logs/sent.jsonl"] {
            let bytes = Array(
                (name == "logs/app.jsonl" ? text : #"{"aps": {"alert": "Hi", "badge": "3"}}"# + "\n").utf8)
            let editor = Engine(project: project, options: LintOptions(jobs: 1)).lint(
                editorJSONLines: { sink in
                    bytes.withUnsafeBufferPointer { sink($0) }
                    return nil
                }, absolutePath: dir.path + "/" + name, displayPath: name)
            #expect(editor.files.first?.diagnostics.map(\.ruleId) == walked[name], "\(name)")
        }
    }
}

extension LogLineAndEditorTests {
    /// A blank line of unnamed JSON Lines is a line, not an empty file to delete.
    @Test func aBlankLineOfUnnamedJSONLinesIsReportedAsALine() throws {
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: TempDirectory().path)
        let bytes = Array((#"{"aps": {"alert": "Hi"}}"# + "\n\n" + #"{"aps": {"alert": "Hi"}}"# + "\n").utf8)
        let named = Engine(project: project, options: LintOptions(jobs: 1)).lint(jsonLines: bytes, path: "sent.jsonl")
        let unnamed = Engine(project: project, options: LintOptions(jobs: 1)).lint(
            jsonLines: { sink in
                bytes.withUnsafeBufferPointer { sink($0) }
                return nil
            }, at: LintPath(named: "<stdin>"))
        #expect(named.allDiagnostics.map(\.ruleId) == ["json-syntax"])
        #expect(unnamed.allDiagnostics.map(\.message) == named.allDiagnostics.map(\.message))
        #expect(unnamed.allDiagnostics.map(\.help) == named.allDiagnostics.map(\.help))
    }
}
