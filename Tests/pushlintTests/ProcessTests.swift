import Foundation
import TestSupport
import Testing

/// The built executable in a subprocess, for what only a process shows: the exit status it really exits with, the
/// process's working directory and environment, standard input through a pipe, a closed standard output, and a
/// random hash seed per process. Everything else runs in memory (`Tests/PushLintCLITests`). Slow: a process per
/// run, and a build of the binary when `.build/debug/pushlint` is older than the sources (`BuiltBinary`).
@Suite(.tags(.slow), .whenSlowTestsAreOn) struct ProcessTests {
    static let clean = #"{"aps": {"alert": "Hi"}}"#

    /// 0, 1 and 2 are the process's exit status; a report named relatively is written in the process's working
    /// directory.
    @Test func exitStatusAndWorkingDirectory() throws {
        let folder = TempDirectory()
        folder.write("ok.json", Self.clean)
        folder.write("bad.json", #"{"aps": {"alert": "Hi"}"#)
        let ok = try BuiltBinary.pushlint(["ok.json", "-f", "json", "-o", "report.json"], cwd: folder.path)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(folder.read("report.json")?.contains(#""path": "ok.json""#) == true)
        let bad = try BuiltBinary.pushlint(["lint", "bad.json"], cwd: folder.path)
        #expect(bad.status == 1)
        #expect(bad.stdout.hasPrefix("bad.json:1:"), "\(bad.stdout)")
        let usage = try BuiltBinary.pushlint(["--fixx", "ok.json"], cwd: folder.path)
        #expect(usage.status == 2)
        #expect(
            usage.stderr
                == "pushlint: error: unknown option '--fixx'. Did you mean '--fix'?\nhint: see 'pushlint lint --help'\n"
        )
        #expect(usage.stdout.isEmpty)
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
        let inMemory = InProcess.pushlint(arguments, cwd: examples)
        #expect(stable(inMemory.stdout) == stable(first.stdout), "the process writes what the command line renders")
    }

    /// `--color auto` reads the environment and whether stdout is a terminal (a pipe here): `NO_COLOR`, `TERM=dumb`
    /// or a pipe each keep escapes out; `--color always` writes them anyway.
    @Test func colourFollowsTheEnvironment() throws {
        let folder = TempDirectory()
        folder.write("bad.json", #"{"aps": {"alert": "Hi"}"#)
        for environment: [String: String?] in [
            ["NO_COLOR": "1"], ["NO_COLOR": nil, "TERM": "dumb"], ["NO_COLOR": nil],
        ] {
            let plain = try BuiltBinary.pushlint(["bad.json"], cwd: folder.path, environment: environment)
            #expect(plain.status == 1)
            #expect(!plain.stdout.contains("\u{1B}["), "\(environment)")
        }
        let always = try BuiltBinary.pushlint(["--color", "always", "bad.json"], cwd: folder.path)
        #expect(always.stdout.contains("\u{1B}[1;31merror\u{1B}[0m"), "\(always.stdout)")
    }

    /// One payload on standard input through a pipe, bounded by --max-file-bytes.
    @Test func oneDocumentOnStandardInput() throws {
        let folder = TempDirectory()
        let named = try BuiltBinary.pushlint(
            ["--stdin", "--stdin-filename", "push/a.json"], cwd: folder.path, stdin: "{\"aps\": ")
        #expect(named.status == 1)
        #expect(named.stdout.contains("push/a.json:1:9"), "\(named.stdout)")
        let large = try BuiltBinary.pushlint(
            ["--stdin", "--max-file-bytes", "10"], cwd: folder.path, stdin: String(repeating: " ", count: 200_000))
        #expect(large.status == 2)
        #expect(large.stderr.contains("standard input is larger than --max-file-bytes (10 bytes)"), "\(large.stderr)")
    }

    /// JSON Lines on standard input, read from the pipe in chunks: hostile lines (garbage, 100 000 brackets, CRLF,
    /// invalid UTF-8, no final newline) are findings of their line; the stream goes on and the summary counts them.
    @Test func jsonLinesStreamFromStandardInput() throws {
        let folder = TempDirectory()
        let lines = [
            String(repeating: "%&*garbage}{", count: 834), String(repeating: "[", count: 100_000) + "\r",
            #"{"aps": {"alert": "Hi"}}"# + "\r", #"{"aps": {"alert": "caf\#u{FFFD}"}}"#,
            #"{"aps": {"alert": "Hi", "badge": "3"}}"#,
        ]
        let result = try BuiltBinary.pushlint(
            ["--stdin", "--stdin-format", "jsonl", "-f", "json"], cwd: folder.path,
            stdin: lines.joined(separator: "\n"))
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"path\": \"<stdin>\""))
        #expect(result.stderr.contains("pushlint: <stdin>: 5 lines"), "\(result.stderr)")
        #expect(result.stderr.contains("apns-aps-value"))
    }

    /// `pushlint ... | head -1` after head has exited: the first write raises SIGPIPE, which ends the process as
    /// it ends `cat` or `grep`, without a crash report or a hang.
    @Test func aClosedStandardOutputEndsTheProcessQuietly() throws {
        let examples = Paths.testdata.appendingPathComponent("examples").path
        let run = try BuiltBinary.runIntoClosedPipe(["lint", examples, "-f", "json"])
        #expect(run.ending.signal == SIGPIPE, "\(run.ending)")
        #expect(run.ending.status == nil)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
