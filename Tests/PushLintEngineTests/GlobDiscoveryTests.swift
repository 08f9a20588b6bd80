import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// Globs as a run uses them (issue 28: `include: ["*.{json,hbs}"]` was accepted and matched nothing; issue 33:
/// globs that backtracked for minutes).
@Suite struct GlobDiscoveryTests {
    @Test func braceGlobsInIncludeFindTheirFiles() throws {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{"include": ["push/*.{json,hbs}"]}"#)
        dir.write("push/a.json", #"{"aps": {"alert": "Hi", "badge": "3"}}"#)
        dir.write("push/b.json.hbs", #"{"aps": {"alert": "{{title}}", "badge": "3"}}"#)
        dir.write("push/c.liquid", #"{"aps": {"alert": "Hi"}}"#)
        let outcome = try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path))
        #expect(outcome.report.files.map(\.path.display).sorted() == ["push/a.json", "push/b.json.hbs"])
    }

    @Test func anUnsupportedGlobIsAConfigError() throws {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{"exclude": ["!push/keep.json"]}"#)
        dir.write("push/keep.json", #"{"aps": {"alert": "Hi"}}"#)
        #expect(throws: (any Error).self) {
            _ = try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path))
        }
    }

    /// The reproducer's sizes: 6 stars against a 200-character name, 5 `**` against a path 100 folders deep.
    @Test func backtrackingGlobsAnswer() throws {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{"exclude": ["*a*a*a*a*a*a*b.json", "**/a/**/a/**/a/**/a/**/a/**/b.json"]}"#)
        dir.write(String(repeating: "a", count: 200) + ".json", #"{"aps": {"alert": "x"}}"#)
        dir.write(Array(repeating: "a", count: 100).joined(separator: "/") + "/x.json", #"{"aps": {"alert": "x"}}"#)
        let outcome = try LintSession.run(LintRequest(paths: ["."], workingDirectory: dir.path))
        #expect(outcome.report.files.count == 2)
    }
}
