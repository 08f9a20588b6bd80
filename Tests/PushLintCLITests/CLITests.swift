import Foundation
import PushLintCLI
import PushLintEngine
import Synchronization
import TestSupport
import Testing

/// The command line in memory (`CommandLineTool.run` on a memory terminal): exit codes (DESIGN.md §2), --fix,
/// --fix-dry-run, the baseline and init, as a user or CI sees them. `Tests/pushlintTests/ProcessTests.swift` runs
/// the built binary for what needs a process.
@Suite struct CLITests {
    static let clean = #"{"aps": {"alert": "Hi"}}"#
    static let bom = "\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}\n"
    static let broken = #"{"aps": {"alert": "Hi"}"#

    func run(_ arguments: [String], in folder: TempDirectory, stdin: String? = nil) -> CommandResult {
        InProcess.pushlint(arguments, cwd: folder.path, stdin: stdin)
    }

    // MARK: The terminal

    /// `--color auto` asks the terminal; `always` and `never` do not; a report written to a file has no colour.
    @Test func colourIsTheTerminals() throws {
        let folder = TempDirectory()
        folder.write("bad.json", Self.broken)
        let red = "\u{1B}[1;31merror\u{1B}[0m"
        let auto = InProcess.pushlint(["bad.json"], cwd: folder.path, wantsColor: true)
        #expect(auto.stdout.contains(red), "\(auto.stdout)")
        #expect(!InProcess.pushlint(["bad.json"], cwd: folder.path).stdout.contains("\u{1B}"))
        #expect(InProcess.pushlint(["--color", "always", "bad.json"], cwd: folder.path).stdout.contains(red))
        let never = InProcess.pushlint(["--color", "never", "bad.json"], cwd: folder.path, wantsColor: true)
        #expect(!never.stdout.contains("\u{1B}"))
        let file = InProcess.pushlint(["-o", "report.txt", "bad.json"], cwd: folder.path, wantsColor: true)
        #expect(file.stdout.isEmpty)
        #expect(folder.read("report.txt")?.contains("bad.json:1:") == true)
        #expect(folder.read("report.txt")?.contains("\u{1B}") == false)
    }

    /// `pushlint server` hands the terminal to the language server's loop and exits with its code; what it does not
    /// take is a usage error before the loop starts.
    @Test func serverRunsTheLanguageServer() {
        let terminal = MemoryTerminal()
        let started = Mutex(0)
        let environment = CommandEnvironment(
            terminal: terminal, fileSystem: MemoryFileSystem(), workingDirectory: "/",
            languageServer: {
                started.withLock { $0 += 1 }
                return 7
            })
        #expect(CommandLineTool.run(["server"], in: environment).exitCode == 7)
        #expect(CommandLineTool.run(["server", "--stdio"], in: environment).exitCode == 7)
        #expect(CommandLineTool.run(["server", "--tcp"], in: environment).exitCode == 2)
        #expect(CommandLineTool.run(["server", "--help"], in: environment).exitCode == 0)
        #expect(started.withLock { $0 } == 2)
        #expect(terminal.stderr.contains("unknown argument '--tcp' for 'pushlint server'"))
        #expect(terminal.stdout.hasPrefix("OVERVIEW:"), "\(terminal.stdout)")
    }

    /// A lint run hands its report back with the exit code (the executable exits with it alive).
    @Test func aLintRunReturnsItsReport() {
        let folder = TempDirectory()
        folder.write("bad.json", Self.broken)
        let environment = CommandEnvironment(
            terminal: MemoryTerminal(), fileSystem: LocalFileSystem(), workingDirectory: folder.path,
            languageServer: { 0 })
        let outcome = CommandLineTool.run(["bad.json", "-f", "json"], in: environment)
        #expect(outcome.exitCode == 1)
        #expect(outcome.report?.files.count == 1)
        #expect(CommandLineTool.run(["rules"], in: environment).report == nil)
    }

    // MARK: JSON Lines

    /// The example log of testdata/examples lints as EXPECTED.md says: findings by line, a summary on stderr.
    @Test func theExampleLogLintsAsExpected() throws {
        let examples = Paths.testdata.appendingPathComponent("examples").path
        let result = InProcess.pushlint(["lint", "sent/2026-11-30.jsonl", "--color", "never"], cwd: examples)
        #expect(result.status == 1)
        let found = result.stdout.split(separator: "\n").filter {
            $0.hasPrefix("sent/2026-11-30.jsonl:") && $0.contains("[")
        }
        .map { line -> String in
            let parts = line.split(separator: ":")
            return "\(parts[1]) " + String(line[line.lastIndex(of: "[")!...])
        }
        #expect(
            found == [
                "2 [fcm-data-string-values]", "4 [payload-sensitive-data]", "5 [json-syntax]", "7 [json-syntax]",
            ], "\(result.stdout)")
        #expect(
            result.stderr.hasPrefix("pushlint: sent/2026-11-30.jsonl: 8 lines, 2 not JSON; findings by rule:"),
            "\(result.stderr)")
        #expect(result.stderr.contains("json-syntax             2 at lines 5, 7"))
        let limited = InProcess.pushlint(
            ["lint", "sent/2026-11-30.jsonl", "--max-findings-per-rule", "1", "-f", "json"], cwd: examples)
        #expect(limited.stdout.components(separatedBy: "\"json-syntax\"").count == 2, "one json-syntax finding kept")
        #expect(limited.stderr.contains("(the report shows the first 1)"))
    }

    // MARK: --timing

    /// `--timing` prints, to stderr and after the report, a table of the rules that cost most, with their share;
    /// without it stderr stays empty; `--timing=all` lists every rule that ran.
    @Test func timingPrintsATableOfRules() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        folder.write("bad.json", #"{"aps": {"alert": "Mail anna.mueller@gmail.com"}, "badge": "1"}"#)
        let plain = run(["lint", ".", "-f", "json"], in: folder)
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
        let timed = run(["lint", ".", "-f", "json", "--timing"], in: folder)
        #expect(timed.stdout == plain.stdout, "the report is the same")
        #expect(timed.status == plain.status)
        let lines = timed.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Rule ") == true, "\(timed.stderr)")
        #expect(lines.last?.hasPrefix("total ") == true, "\(timed.stderr)")
        #expect(lines.count == 2 + 10 + 1, "a header, the 10 most expensive, the total: \(timed.stderr)")
        #expect(timed.stderr.contains("payload-sensitive-data") || timed.stderr.contains("%"))
        let all = run(["lint", ".", "--timing=all", "-f", "json"], in: folder)
        for id in ["payload-sensitive-data", "apns-aps-value", "(parse)", "(payload model)"] {
            #expect(all.stderr.contains(id), "\(id) in \(all.stderr)")
        }
        #expect(all.stderr.split(separator: "\n").count > 40, "every rule that ran")
        let three = run(["lint", ".", "--timing=3", "-f", "json"], in: folder)
        #expect(three.stderr.split(separator: "\n").count == 2 + 3 + 1)
        #expect(run(["lint", ".", "--timing=0"], in: folder).status == 2)
    }

    // MARK: Exit codes

    @Test func cleanIsZeroAndErrorsAreOne() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        folder.write("bad.json", Self.broken)
        let ok = run(["ok.json"], in: folder)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let bad = run(["lint", "bad.json"], in: folder)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("[json-syntax]"))
    }

    @Test func failOnAndMaxWarnings() throws {
        let folder = TempDirectory()
        folder.write("bom.json", Self.bom)
        #expect(run(["bom.json"], in: folder).status == 0, "a warning does not fail by default")
        #expect(run(["--fail-on", "warning", "bom.json"], in: folder).status == 1)
        #expect(run(["--fail-on=info", "bom.json"], in: folder).status == 1)
        #expect(run(["--max-warnings", "0", "bom.json"], in: folder).status == 1)
        #expect(run(["--max-warnings", "1", "bom.json"], in: folder).status == 0)
        #expect(run(["--rule", "json-bom=error", "bom.json"], in: folder).status == 1)
    }

    @Test func usageErrorsAreTwoWithADidYouMean() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        let option = run(["--fixx", "ok.json"], in: folder)
        #expect(option.status == 2)
        #expect(
            option.stderr.contains("pushlint: error: unknown option '--fixx'. Did you mean '--fix'?"),
            "\(option.stderr)")
        let level = run(["--fail-on", "warnings", "ok.json"], in: folder)
        #expect(level.status == 2)
        #expect(level.stderr.contains("Did you mean 'warning'?"))
        let subcommand = run(["inti"], in: folder)
        #expect(subcommand.status == 2)
        #expect(subcommand.stderr.contains("Did you mean 'init'?"), "\(subcommand.stderr)")
        let rule = run(["--rule", "json-bomb=off", "ok.json"], in: folder)
        #expect(rule.status == 2)
        #expect(rule.stderr.contains("Did you mean 'json-bom'?"))
        #expect(!option.stderr.contains("Fatal error"))
    }

    /// Short options take their value attached too, as getopt and make do (`-j4`, `-fjson`).
    @Test func shortOptionsTakeAttachedValues() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        let attached = run(["-j1", "-fjson", "-oreport.json", "ok.json"], in: folder)
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(Paths.bytes(URL(fileURLWithPath: folder.path + "/report.json")).first == UInt8(ascii: "{"))
        let flag = run(["-qx", "ok.json"], in: folder)
        #expect(flag.status == 2, "a flag takes no value: \(flag.stderr)")
        let bad = run(["-jx", "ok.json"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--jobs"), "\(bad.stderr)")
    }

    /// Line excerpts are taken only for text reports; a text report beside a JSON one still shows them.
    @Test func textReportsShowTheLineBesideOtherFormats() throws {
        let folder = TempDirectory()
        folder.write("p.json", #"{"aps": {"alert": "Hi", "badge": "7"}}"#)
        let result = run(
            ["p.json", "-f", "json", "--report", "text=report.txt", "--fail-on", "warning"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        let text = try #require(folder.read("report.txt"))
        #expect(text.contains(#"{"aps": {"alert": "Hi", "badge": "7"}}"#), "the code frame quotes the line: \(text)")
        #expect(
            result.stdout.contains(#""ruleId" : "apns-aps-value""#)
                || result.stdout.contains(#""ruleId": "apns-aps-value""#))
    }

    @Test func aMissingPathIsTwo() throws {
        let folder = TempDirectory()
        let missing = run(["push/nothing.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or directory: push/nothing.json"))
        #expect(missing.stderr.contains("hint: "))
    }

    @Test func aConfigurationErrorIsTwoWithItsLocation() throws {
        let folder = TempDirectory()
        folder.write(".pushlint.json", "{\n  \"inclde\": []\n}")
        folder.write("ok.json", Self.clean)
        let result = run(["ok.json"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".pushlint.json:2:3: unknown key 'inclde'"), "\(result.stderr)")
        #expect(result.stderr.contains("Did you mean 'include'?"))
    }

    @Test func optionsThatDoNotGoTogether() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        #expect(run(["--unsafe-fixes", "ok.json"], in: folder).status == 2)
        #expect(run(["--fix", "--fix-dry-run", "ok.json"], in: folder).status == 2)
        #expect(run(["--strict-baseline", "ok.json"], in: folder).status == 2)
        #expect(run(["--stdin", "--fix"], in: folder, stdin: Self.clean).status == 2)
    }

    // MARK: Fixes

    @Test func fixDryRunPrintsADiffAndChangesNothing() throws {
        let folder = TempDirectory()
        folder.write("push/bom.json", Self.bom)
        let result = run(["--fix-dry-run", "push"], in: folder)
        #expect(result.status == 1, "a dry run with fixes to apply exits 1")
        #expect(
            result.stdout
                == "--- a/push/bom.json\n+++ b/push/bom.json\n@@ -1 +1 @@\n-\(Self.bom)+{\"aps\": {\"alert\": \"Hi\"}}\n",
            "\(result.stdout)")
        #expect(result.stderr.contains("1 fix would change 1 file"))
        #expect(folder.read("push/bom.json") == Self.bom)
        folder.write("push/bom.json", Self.clean)
        let nothing = run(["--fix-dry-run", "push"], in: folder)
        #expect(nothing.status == 0)
        #expect(nothing.stdout.isEmpty)
    }

    @Test func fixWritesTheFileAndReportsWhatIsLeft() throws {
        let folder = TempDirectory()
        let path = folder.write("push/bom.json", Self.bom)
        #expect(chmod(path, 0o600) == 0)
        let result = run(["--fix", "--fail-on", "warning", "push"], in: folder)
        #expect(result.status == 0, "nothing is left after the fix: \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("applied 1 fix to 1 file"))
        #expect(folder.read("push/bom.json") == "{\"aps\": {\"alert\": \"Hi\"}}\n")
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }

    // MARK: Baseline

    @Test func baselineRecordsHidesAndAsksToBePruned() throws {
        let folder = TempDirectory()
        folder.write("push/a.json", Self.bom)
        folder.write("push/b.json", Self.bom)
        let noFolder = run(["--write-baseline", "ci/baseline.json", "push"], in: folder)
        #expect(noFolder.status == 2, "a baseline in a missing folder is an error, not a silent success")
        folder.mkdir("ci")
        let write = run(["--write-baseline", "ci/baseline.json", "--fail-on", "warning", "push"], in: folder)
        #expect(write.status == 0, "\(write.stderr)")
        let baseline = try #require(folder.read("ci/baseline.json"))
        #expect(
            baseline.contains(#"{"path": "../push/a.json", "rule": "json-bom", "pointer": "", "count": 1}"#),
            "\(baseline)")
        let hidden = run(["--baseline", "ci/baseline.json", "--fail-on", "warning", "push"], in: folder)
        #expect(hidden.status == 0, "\(hidden.stdout)")
        // Fix one file: its entry is reported as info, and as an error with --strict-baseline.
        folder.write("push/b.json", Self.clean)
        let pruned = run(["--baseline", "ci/baseline.json", "--fail-on", "warning", "push"], in: folder)
        #expect(pruned.status == 0)
        #expect(pruned.stdout.contains("fixed, prune the baseline"), "\(pruned.stdout)")
        let strict = run(["--baseline", "ci/baseline.json", "--strict-baseline", "push"], in: folder)
        #expect(strict.status == 1)
        // The same baseline from another working directory.
        let fromPush = InProcess.pushlint(
            ["--baseline", "../ci/baseline.json", "--fail-on", "warning", "a.json"], cwd: folder.path + "/push")
        #expect(fromPush.status == 0, "\(fromPush.stdout)")
    }

    @Test func aMissingOrBrokenBaselineIsTwo() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        #expect(run(["--baseline", "nope.json", "ok.json"], in: folder).status == 2)
        folder.write("base.json", "{\"entries\": 3}")
        let broken = run(["--baseline", "base.json", "ok.json"], in: folder)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("base.json:1:13"), "\(broken.stderr)")
    }

    // MARK: init

    @Test func initWritesOnceAndTheResultIsUsable() throws {
        let folder = TempDirectory()
        let examples = Paths.testdata.appendingPathComponent("examples/push").path
        try FileManager.default.copyItem(atPath: examples, toPath: folder.path + "/push")
        let first = run(["init", "--contract"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("wrote .pushlint.json") && first.stderr.contains("wrote push-contract.json"))
        #expect(folder.read("push-contract.json")?.contains("\"orders\"") == true)
        let again = run(["init"], in: folder)
        #expect(again.status == 2)
        #expect(again.stderr.contains("never overwrites"))
        // The written config and contract load: linting gives findings (1), not a configuration error (2).
        let lint = run(["push"], in: folder)
        #expect(lint.status == 1, "\(lint.stderr)")
    }
}
