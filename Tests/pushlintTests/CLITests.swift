import Foundation
import TestSupport
import Testing

/// Runs the built `pushlint` binary in a subprocess: exit codes (DESIGN.md §2), --fix, --fix-dry-run, the
/// baseline and init, as a user or CI sees them.
@Suite struct CLITests {
    static let clean = #"{"aps": {"alert": "Hi"}}"#
    static let bom = "\u{FEFF}{\"aps\": {\"alert\": \"Hi\"}}\n"
    static let broken = #"{"aps": {"alert": "Hi"}"#

    func run(_ arguments: [String], in folder: TempDirectory, stdin: String? = nil) throws -> BuiltBinary.Result {
        try BuiltBinary.pushlint(arguments, cwd: folder.path, stdin: stdin)
    }

    /// Every format renders the same bytes in two processes: each process hashes with its own random seed, so an
    /// output that followed a dictionary's order would differ here (one process could never show it).
    @Test(arguments: ["text", "json", "junit", "sarif", "github", "concise", "gitlab", "checkstyle", "rdjson"])
    func reportsAreTheSameInEveryProcess(_ format: String) throws {
        let examples = Paths.testdata.appendingPathComponent("examples").path
        let arguments = [".", "-f", format, "-j", "2"]
        let first = try BuiltBinary.pushlint(arguments, cwd: examples)
        let second = try BuiltBinary.pushlint(arguments, cwd: examples)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(!first.stdout.isEmpty)
        let stable = { (text: String) in
            // JUnit's timestamp and duration are the clock's.
            text.split(separator: "\n").filter { !$0.contains("timestamp=") }.joined(separator: "\n")
        }
        #expect(stable(first.stdout) == stable(second.stdout))
    }

    // MARK: JSON Lines

    /// The example log of testdata/examples lints as EXPECTED.md says: findings by line, a summary on stderr.
    @Test func theExampleLogLintsAsExpected() throws {
        let examples = Paths.testdata.appendingPathComponent("examples").path
        let result = try BuiltBinary.pushlint(["lint", "sent/2026-11-30.jsonl", "--color", "never"], cwd: examples)
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
        let limited = try BuiltBinary.pushlint(
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
        let plain = try run(["lint", ".", "-f", "json"], in: folder)
        #expect(plain.stderr.isEmpty, "\(plain.stderr)")
        let timed = try run(["lint", ".", "-f", "json", "--timing"], in: folder)
        #expect(timed.stdout == plain.stdout, "the report is the same")
        #expect(timed.status == plain.status)
        let lines = timed.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Rule ") == true, "\(timed.stderr)")
        #expect(lines.last?.hasPrefix("total ") == true, "\(timed.stderr)")
        #expect(lines.count == 2 + 10 + 1, "a header, the 10 most expensive, the total: \(timed.stderr)")
        #expect(timed.stderr.contains("payload-sensitive-data") || timed.stderr.contains("%"))
        let all = try run(["lint", ".", "--timing=all", "-f", "json"], in: folder)
        for id in ["payload-sensitive-data", "apns-aps-value", "(parse)", "(payload model)"] {
            #expect(all.stderr.contains(id), "\(id) in \(all.stderr)")
        }
        #expect(all.stderr.split(separator: "\n").count > 40, "every rule that ran")
        let three = try run(["lint", ".", "--timing=3", "-f", "json"], in: folder)
        #expect(three.stderr.split(separator: "\n").count == 2 + 3 + 1)
        #expect(try run(["lint", ".", "--timing=0"], in: folder).status == 2)
    }

    // MARK: Exit codes

    @Test func cleanIsZeroAndErrorsAreOne() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        folder.write("bad.json", Self.broken)
        let ok = try run(["ok.json"], in: folder)
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        let bad = try run(["lint", "bad.json"], in: folder)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("[json-syntax]"))
    }

    @Test func failOnAndMaxWarnings() throws {
        let folder = TempDirectory()
        folder.write("bom.json", Self.bom)
        #expect(try run(["bom.json"], in: folder).status == 0, "a warning does not fail by default")
        #expect(try run(["--fail-on", "warning", "bom.json"], in: folder).status == 1)
        #expect(try run(["--fail-on=info", "bom.json"], in: folder).status == 1)
        #expect(try run(["--max-warnings", "0", "bom.json"], in: folder).status == 1)
        #expect(try run(["--max-warnings", "1", "bom.json"], in: folder).status == 0)
        #expect(try run(["--rule", "json-bom=error", "bom.json"], in: folder).status == 1)
    }

    @Test func usageErrorsAreTwoWithADidYouMean() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        let option = try run(["--fixx", "ok.json"], in: folder)
        #expect(option.status == 2)
        #expect(
            option.stderr.contains("pushlint: error: unknown option '--fixx'. Did you mean '--fix'?"),
            "\(option.stderr)")
        let level = try run(["--fail-on", "warnings", "ok.json"], in: folder)
        #expect(level.status == 2)
        #expect(level.stderr.contains("Did you mean 'warning'?"))
        let subcommand = try run(["inti"], in: folder)
        #expect(subcommand.status == 2)
        #expect(subcommand.stderr.contains("Did you mean 'init'?"), "\(subcommand.stderr)")
        let rule = try run(["--rule", "json-bomb=off", "ok.json"], in: folder)
        #expect(rule.status == 2)
        #expect(rule.stderr.contains("Did you mean 'json-bom'?"))
        #expect(!option.stderr.contains("Fatal error"))
    }

    /// Short options take their value attached too, as getopt and make do (`-j4`, `-fjson`).
    @Test func shortOptionsTakeAttachedValues() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        let attached = try run(["-j1", "-fjson", "-oreport.json", "ok.json"], in: folder)
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(Paths.bytes(URL(fileURLWithPath: folder.path + "/report.json")).first == UInt8(ascii: "{"))
        let flag = try run(["-qx", "ok.json"], in: folder)
        #expect(flag.status == 2, "a flag takes no value: \(flag.stderr)")
        let bad = try run(["-jx", "ok.json"], in: folder)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--jobs"), "\(bad.stderr)")
    }

    /// Line excerpts are taken only for text reports; a text report beside a JSON one still shows them.
    @Test func textReportsShowTheLineBesideOtherFormats() throws {
        let folder = TempDirectory()
        folder.write("p.json", #"{"aps": {"alert": "Hi", "badge": "7"}}"#)
        let result = try run(
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
        let missing = try run(["push/nothing.json"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no such file or directory: push/nothing.json"))
        #expect(missing.stderr.contains("hint: "))
    }

    @Test func aConfigurationErrorIsTwoWithItsLocation() throws {
        let folder = TempDirectory()
        folder.write(".pushlint.json", "{\n  \"inclde\": []\n}")
        folder.write("ok.json", Self.clean)
        let result = try run(["ok.json"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains(".pushlint.json:2:3: unknown key 'inclde'"), "\(result.stderr)")
        #expect(result.stderr.contains("Did you mean 'include'?"))
    }

    @Test func optionsThatDoNotGoTogether() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        #expect(try run(["--unsafe-fixes", "ok.json"], in: folder).status == 2)
        #expect(try run(["--fix", "--fix-dry-run", "ok.json"], in: folder).status == 2)
        #expect(try run(["--strict-baseline", "ok.json"], in: folder).status == 2)
        #expect(try run(["--stdin", "--fix"], in: folder, stdin: Self.clean).status == 2)
    }

    // MARK: Fixes

    @Test func fixDryRunPrintsADiffAndChangesNothing() throws {
        let folder = TempDirectory()
        folder.write("push/bom.json", Self.bom)
        let result = try run(["--fix-dry-run", "push"], in: folder)
        #expect(result.status == 1, "a dry run with fixes to apply exits 1")
        #expect(
            result.stdout
                == "--- a/push/bom.json\n+++ b/push/bom.json\n@@ -1 +1 @@\n-\(Self.bom)+{\"aps\": {\"alert\": \"Hi\"}}\n",
            "\(result.stdout)")
        #expect(result.stderr.contains("1 fix would change 1 file"))
        #expect(folder.read("push/bom.json") == Self.bom)
        folder.write("push/bom.json", Self.clean)
        let nothing = try run(["--fix-dry-run", "push"], in: folder)
        #expect(nothing.status == 0)
        #expect(nothing.stdout.isEmpty)
    }

    @Test func fixWritesTheFileAndReportsWhatIsLeft() throws {
        let folder = TempDirectory()
        let path = folder.write("push/bom.json", Self.bom)
        #expect(chmod(path, 0o600) == 0)
        let result = try run(["--fix", "--fail-on", "warning", "push"], in: folder)
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
        let noFolder = try run(["--write-baseline", "ci/baseline.json", "push"], in: folder)
        #expect(noFolder.status == 2, "a baseline in a missing folder is an error, not a silent success")
        folder.mkdir("ci")
        let write = try run(["--write-baseline", "ci/baseline.json", "--fail-on", "warning", "push"], in: folder)
        #expect(write.status == 0, "\(write.stderr)")
        let baseline = try #require(folder.read("ci/baseline.json"))
        #expect(
            baseline.contains(#"{"path": "../push/a.json", "rule": "json-bom", "pointer": "", "count": 1}"#),
            "\(baseline)")
        let hidden = try run(["--baseline", "ci/baseline.json", "--fail-on", "warning", "push"], in: folder)
        #expect(hidden.status == 0, "\(hidden.stdout)")
        // Fix one file: its entry is reported as info, and as an error with --strict-baseline.
        folder.write("push/b.json", Self.clean)
        let pruned = try run(["--baseline", "ci/baseline.json", "--fail-on", "warning", "push"], in: folder)
        #expect(pruned.status == 0)
        #expect(pruned.stdout.contains("fixed, prune the baseline"), "\(pruned.stdout)")
        let strict = try run(["--baseline", "ci/baseline.json", "--strict-baseline", "push"], in: folder)
        #expect(strict.status == 1)
        // The same baseline from another working directory.
        let fromPush = try BuiltBinary.pushlint(
            ["--baseline", "../ci/baseline.json", "--fail-on", "warning", "a.json"], cwd: folder.path + "/push")
        #expect(fromPush.status == 0, "\(fromPush.stdout)")
    }

    @Test func aMissingOrBrokenBaselineIsTwo() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        #expect(try run(["--baseline", "nope.json", "ok.json"], in: folder).status == 2)
        folder.write("base.json", "{\"entries\": 3}")
        let broken = try run(["--baseline", "base.json", "ok.json"], in: folder)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("base.json:1:13"), "\(broken.stderr)")
    }

    // MARK: init

    @Test func initWritesOnceAndTheResultIsUsable() throws {
        let folder = TempDirectory()
        let examples = Paths.testdata.appendingPathComponent("examples/push").path
        try FileManager.default.copyItem(atPath: examples, toPath: folder.path + "/push")
        let first = try run(["init", "--contract"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("wrote .pushlint.json") && first.stderr.contains("wrote push-contract.json"))
        #expect(folder.read("push-contract.json")?.contains("\"orders\"") == true)
        let again = try run(["init"], in: folder)
        #expect(again.status == 2)
        #expect(again.stderr.contains("never overwrites"))
        // The written config and contract load: linting gives findings (1), not a configuration error (2).
        let lint = try run(["push"], in: folder)
        #expect(lint.status == 1, "\(lint.stderr)")
    }
}
