import Foundation
import TestSupport
import Testing

/// `app scan --write-contract` quotes ids from the app's sources in its "added:" lines: escaped as `app scan`
/// prints them, so that an ESC sequence in a repository's code cannot clear or recolour a CI log.
@Suite struct AppScanEscapeTests {
    @Test func writeContractEscapesControlCharactersOfIds() {
        let folder = TempDirectory()
        folder.write(
            "app/Ch.kt",
            "fun f() { NotificationChannel(\"x\\u001b[2J\\u001b[31mPWNED\\u001b[0m\u{202E}\", \"n\", NotificationManager.IMPORTANCE_HIGH) }\n"
        )
        folder.write("push-contract.json", #"{"android": {"channels": []}}"#)
        let scan = InProcess.pushlint(["app", "scan", "app"], cwd: folder.path)
        #expect(scan.stdout.contains("x\\u{1b}[2J"), "\(scan.stdout)")
        for arguments in [["--write-contract", "--dry-run"], ["--write-contract"]] {
            let result = InProcess.pushlint(["app", "scan", "app"] + arguments, cwd: folder.path)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout.contains("added 'x\\u{1b}[2J\\u{1b}[31mPWNED\\u{1b}[0m\\u{202e}'"), "\(result.stdout)")
            // (The diff shows the contract's JSON, where the writer escapes control characters as \u001b.)
            #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" }, "\(result.stdout)")
        }
    }
}
