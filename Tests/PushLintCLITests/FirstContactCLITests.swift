import PushLintCLI
import TestSupport
import Testing

/// The command line's manners on a first run (issue 28): an exit code of 1 says why, `-q` is quiet everywhere,
/// `-` is standard input, `-o` makes its folder, nothing found is said, `init` prints the next steps.
@Suite struct FirstContactCLITests {
    static let warning = #"{"aps": {"alert": "Hi", "content_available": 1}}"#

    @Test func maxWarningsSaysWhyTheRunFailed() {
        let folder = TempDirectory()
        folder.write("a.json", Self.warning)
        let failed = InProcess.pushlint(["--max-warnings", "0", "a.json"], cwd: folder.path)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("exit code 1: 1 warning, more than --max-warnings 0 allows"), "\(failed.stderr)")
        let passed = InProcess.pushlint(["--max-warnings", "1", "a.json"], cwd: folder.path)
        #expect(passed.status == 0)
        #expect(!passed.stderr.contains("--max-warnings"))
        // An error decides the exit code by itself: nothing more to say.
        folder.write("b.json", #"{"aps": }"#)
        let error = InProcess.pushlint(["--max-warnings", "0", "a.json", "b.json"], cwd: folder.path)
        #expect(error.status == 1)
        #expect(!error.stderr.contains("--max-warnings"))
    }

    @Test func quietIsQuietEverywhere() {
        let folder = TempDirectory()
        folder.write("sent.jsonl", Self.warning + "\n" + #"{"aps": {"alert": "Hi"}}"# + "\n")
        let loud = InProcess.pushlint(["sent.jsonl"], cwd: folder.path)
        #expect(loud.stderr.contains("sent.jsonl: 2 lines"), "\(loud.stderr)")
        let quiet = InProcess.pushlint(["-q", "sent.jsonl"], cwd: folder.path)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(quiet.stdout.isEmpty, "\(quiet.stdout)")
        let streamed = InProcess.pushlint(
            ["-q", "--stdin", "--stdin-filename", "x.jsonl"], cwd: folder.path, stdin: Self.warning + "\n")
        #expect(streamed.stderr.isEmpty, "\(streamed.stderr)")
    }

    @Test func dashReadsStandardInput() {
        let folder = TempDirectory()
        let result = InProcess.pushlint(["-f", "concise", "-"], cwd: folder.path, stdin: #"{"aps": {"badge": "1"}}"#)
        #expect(result.status == 0)
        #expect(result.stdout.contains("<stdin>:"), "\(result.stdout)")
        let mixed = InProcess.pushlint(["-", "a.json"], cwd: folder.path, stdin: "{}")
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("'-' reads one payload from standard input"))
    }

    @Test func outputMakesItsFolderOrSaysWhy() {
        let folder = TempDirectory()
        folder.write("a.json", Self.warning)
        let made = InProcess.pushlint(["-f", "json", "-o", "reports/ci/pushlint.json", "a.json"], cwd: folder.path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(folder.read("reports/ci/pushlint.json")?.contains("\"warnings\": 1") == true)
        folder.write("blocked", "a file where a folder should be")
        let blocked = InProcess.pushlint(["-o", "blocked/report.txt", "a.json"], cwd: folder.path)
        #expect(blocked.status == 2)
        #expect(blocked.stderr.contains("cannot write the report to blocked/report.txt"), "\(blocked.stderr)")
    }

    @Test func anEmptyFolderIsNoSuccessInSilence() {
        let folder = TempDirectory()
        let empty = InProcess.pushlint([], cwd: folder.path)
        #expect(empty.status == 0)
        #expect(empty.stderr.contains("no file to lint"), "\(empty.stderr)")
        folder.write("package.json", #"{"name": "api"}"#)
        folder.write("tsconfig.json", "{\n  // strict\n  \"compilerOptions\": {},\n}\n")
        let none = InProcess.pushlint([], cwd: folder.path)
        #expect(none.status == 0)
        #expect(none.stderr.contains("no payload found: the 2 files found"), "\(none.stderr)")
        #expect(InProcess.pushlint(["-q"], cwd: folder.path).stderr.isEmpty)
    }

    @Test func initPrintsTheNextStepsAndLinksTheContract() {
        let folder = TempDirectory()
        folder.write("push/ios/welcome.json", #"{"aps": {"alert": "Welcome"}, "type": "welcome"}"#)
        let first = InProcess.pushlint(["init"], cwd: folder.path)
        #expect(first.status == 0)
        #expect(first.stderr.contains("next steps:"))
        #expect(first.stderr.contains("pushlint init --contract"))
        let second = InProcess.pushlint(["init", "--contract"], cwd: folder.path)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("updated .pushlint.json: it names push-contract.json"), "\(second.stderr)")
        let lint = InProcess.pushlint(["-f", "concise"], cwd: folder.path)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.isEmpty, "\(lint.stdout)")
    }

    /// Pre-commit names pushlint's own files when they change: they never fail the hook as payloads.
    @Test func ownFilesNamedOnTheCommandLineNeverFail() {
        let folder = TempDirectory()
        folder.write("push/a.json", #"{"aps": {"alert": "Hi"}}"#)
        #expect(InProcess.pushlint(["init", "--contract"], cwd: folder.path).status == 0)
        #expect(InProcess.pushlint(["--write-baseline", "pushlint-baseline.json"], cwd: folder.path).status == 0)
        let named = InProcess.pushlint(
            ["--force-exclude", ".pushlint.json", "push-contract.json", "pushlint-baseline.json", "push/a.json"],
            cwd: folder.path)
        #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
        #expect(!named.stdout.contains("warning"), "\(named.stdout)")
    }
}
