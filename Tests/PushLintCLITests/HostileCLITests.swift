import Foundation
import TestSupport
import Testing

/// Command lines a CI script can get wrong (issue 9): each is a clear usage error (exit 2) or a finding, never a
/// crash, a hang or a half-written file.
@Suite struct HostileCLITests {
    static let valueOptions = [
        "--format", "-f", "--output", "-o", "--report", "--config", "-c", "--contract", "--kind", "--stdin-filename",
        "--rule", "--fail-on", "--max-warnings", "--jobs", "-j", "--max-file-bytes", "--color", "--baseline",
        "--write-baseline", "--stdin-format", "--max-findings-per-rule",
    ]

    func run(_ arguments: [String], stdin: String? = nil, in folder: TempDirectory) -> CommandResult {
        InProcess.pushlint(arguments, cwd: folder.path, stdin: stdin)
    }

    @Test(arguments: valueOptions)
    func everyOptionWithoutItsValueIsAUsageError(_ option: String) throws {
        let folder = TempDirectory()
        folder.write("ok.json", #"{"aps": {"alert": "Hi"}}"#)
        for arguments in [["ok.json", option], [option, "--quiet", "ok.json"]] {
            let result = run(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("pushlint: error: "), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test func badValuesAndUnknownFlags() throws {
        let folder = TempDirectory()
        folder.write("ok.json", #"{"aps": {"alert": "Hi"}}"#)
        let cases: [[String]] = [
            ["--jobs", "0", "ok.json"], ["--jobs", "-3", "ok.json"], ["--max-file-bytes", "lots", "ok.json"],
            ["--max-warnings", "-1", "ok.json"], ["--format", "xml", "ok.json"], ["--kind", "gcm", "ok.json"],
            ["--color", "sometimes", "ok.json"], ["--report", "sarif", "ok.json"],
            ["--rule", "payload-size", "ok.json"],
            ["--frobnicate", "ok.json"], ["-x", "ok.json"], ["--stdin", "ok.json"],
            ["--stdin-filename", "a.json", "ok.json"],
        ]
        for arguments in cases {
            let result = run(arguments, in: folder)
            #expect(result.status == 2, "\(arguments): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.hasPrefix("pushlint: error: "), "\(arguments): \(result.stderr)")
        }
    }

    @Test func outputThatCannotBeWrittenIsAUsageErrorAndLeavesNothing() throws {
        let folder = TempDirectory()
        folder.write("ok.json", #"{"aps": {"alert": "Hi"}}"#)
        // A missing folder is made; a file where a folder should be is an error that says so.
        let missing = run(["ok.json", "-o", "no/such/folder/report.txt"], in: folder)
        #expect(missing.status == 0)
        #expect(folder.exists("no/such/folder/report.txt"))
        let blocked = run(["ok.json", "-o", "ok.json/report.txt"], in: folder)
        #expect(blocked.status == 2)
        #expect(blocked.stderr.contains("cannot write the report to ok.json/report.txt"), "\(blocked.stderr)")
        // /proc refuses new files even for root.
        let readOnly = run(["ok.json", "--report", "json=/proc/pushlint-report.json"], in: folder)
        #expect(readOnly.status == 2)
        #expect(!FileManager.default.fileExists(atPath: "/proc/pushlint-report.json"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains(".pushlint-")
        }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test func stdinWithNothingOrGarbage() throws {
        let folder = TempDirectory()
        let empty = run(["--stdin"], stdin: "", in: folder)
        #expect(empty.status == 1)
        #expect(empty.stdout.contains("<stdin>:1:1: error:"))
        let named = run(["--stdin", "--stdin-filename", "push/a.json"], stdin: "{\"aps\": ", in: folder)
        #expect(named.status == 1)
        #expect(named.stdout.contains("push/a.json:1:9"))
        let clean = run(["--stdin"], stdin: #"{"aps": {"alert": "Hi"}}"#, in: folder)
        #expect(clean.status == 0)
    }

    /// JSON Lines on standard input: hostile lines (garbage, 100 000 brackets, CRLF, invalid UTF-8, no final
    /// newline) are findings of their line; the stream goes on and the summary counts them.
    @Test func jsonLinesOnStandardInputWithHostileLines() throws {
        let folder = TempDirectory()
        let lines = [
            String(repeating: "%&*garbage}{", count: 834), String(repeating: "[", count: 100_000) + "\r",
            #"{"aps": {"alert": "Hi"}}"# + "\r", #"{"aps": {"alert": "caf\#u{FFFD}"}}"#,
            #"{"aps": {"alert": "Hi", "badge": "3"}}"#,
        ]
        let result = run(
            ["--stdin", "--stdin-format", "jsonl", "-f", "json"], stdin: lines.joined(separator: "\n"), in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"path\": \"<stdin>\""))
        #expect(result.stderr.contains("pushlint: <stdin>: 5 lines"), "\(result.stderr)")
        #expect(result.stderr.contains("apns-aps-value"))
        #expect(
            run(["--stdin-format", "jsonl", "x.jsonl"], in: folder).status == 2, "--stdin-format without --stdin")
        #expect(run(["--stdin", "--stdin-format", "yaml"], stdin: "", in: folder).status == 2)
    }

    @Test func controlCharactersInPayloadsCannotReachTheTerminal() throws {
        let folder = TempDirectory()
        // A key with an escape sequence that would turn the terminal red and clear the screen.
        folder.write("evil.json", "{\"aps\": {\"alert\": \"Hi\", \"\\u001b[31m\\u001b[2J\": 1}}")
        let result = run(["--color", "never", "evil.json"], in: folder)
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B })
        let github = run(["-f", "github", "evil.json"], in: folder)
        #expect(github.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::") })
    }
}
