import Foundation
import TestSupport
import Testing

/// The CI formats from the command line: `--format` and `--report FORMAT=FILE` take them, and the rdjson report
/// gets byte columns from the engine (which computes them only when a byte-counting report is asked for).
@Suite struct CIFormatsCLITests {
    @Test func formatAndReportTakeTheCIFormats() throws {
        let folder = TempDirectory()
        folder.write("push/a.json", "{\"message\": {\"topic\": \"news\", \"data\": {\"通知\": 3}}}\n")
        let run = InProcess.pushlint(
            [
                "lint", "push", "-f", "concise", "--report", "gitlab=cq.json", "--report", "checkstyle=cs.xml",
                "--report", "rdjson=rd.json",
            ],
            cwd: folder.path)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.stdout
                == "push/a.json:1:46: error: \(try #require(run.stdout.split(separator: ": error: ", maxSplits: 1).last))"
        )
        #expect(run.stdout.hasSuffix(" [fcm-data-string-values]\n"))
        let gitlab = try String(contentsOfFile: folder.path + "/cq.json", encoding: .utf8)
        #expect(gitlab.contains("\"check_name\": \"fcm-data-string-values\""))
        #expect(gitlab.contains("\"severity\": \"major\""))
        let checkstyle = try String(contentsOfFile: folder.path + "/cs.xml", encoding: .utf8)
        #expect(checkstyle.contains("<file name=\"push/a.json\">"))
        #expect(checkstyle.contains("line=\"1\" column=\"46\" severity=\"error\""))
        let rdjson = try String(contentsOfFile: folder.path + "/rd.json", encoding: .utf8)
        // Column 46 in scalars is byte 50: 通 and 知 take three bytes each.
        #expect(rdjson.contains("\"column\": 50"), "\(rdjson)")
        #expect(rdjson.contains("\"suggestions\""))
    }

    @Test func anUnknownFormatNamesTheNewOnes() throws {
        let folder = TempDirectory()
        folder.write("a.json", #"{"aps": {"alert": "Hi"}}"#)
        let run = InProcess.pushlint(["-f", "checkstyl", "a.json"], cwd: folder.path)
        #expect(run.status == 2)
        #expect(run.stderr.contains("checkstyle"))
        #expect(run.stderr.contains("rdjson"))
    }
}
