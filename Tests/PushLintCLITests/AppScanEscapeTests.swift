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
            "fun f() { NotificationChannel(\"x\\u001b[2J\\u001b[31mPWNED\\u001b[0m\u{202E}\u{9B}\", \"n\", NotificationManager.IMPORTANCE_HIGH) }\n"
        )
        folder.write("push-contract.json", #"{"android": {"channels": []}}"#)
        let scan = InProcess.pushlint(["app", "scan", "app"], cwd: folder.path)
        #expect(scan.stdout.contains("x\\u{1b}[2J"), "\(scan.stdout)")
        for arguments in [["--write-contract", "--dry-run"], ["--write-contract"]] {
            let result = InProcess.pushlint(["app", "scan", "app"] + arguments, cwd: folder.path)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout.contains("added 'x\\u{1b}[2J\\u{1b}[31mPWNED\\u{1b}[0m\\u{202e}\\u{9b}'"),
                "\(result.stdout)")
            // The diff shows the contract's JSON, where the writer escapes every control character a terminal acts
            // on or hides (ESC as \u001b, the right-to-left override as \u202e).
            #expect(!result.stdout.unicodeScalars.contains { isHiddenControl($0) }, "\(result.stdout)")
        }
        let written = folder.read("push-contract.json") ?? ""
        #expect(written.contains(#"x\u001b[2J\u001b[31mPWNED\u001b[0m\u202e\u009b"#), "\(written)")
        #expect(!written.unicodeScalars.contains { isHiddenControl($0) }, "\(written)")
    }

    /// C0 controls, DEL, C1 controls and the bidirectional controls.
    func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 && v != 0x0A || v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v)
    }
}
