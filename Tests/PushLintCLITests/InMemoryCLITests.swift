import PushLintCLI
import PushLintEngine
import TestSupport
import Testing

/// The command line on a file system in memory: everything it reads and writes goes through the `FileSystem` of
/// its environment, so a run touches no file of the machine (the folder `/project` exists only in memory).
@Suite struct InMemoryCLITests {
    static let broken = #"{"aps": {"alert": "Hi"}"#
    static let clean = #"{"aps": {"alert": "Hi"}}"#

    func run(_ arguments: [String], _ fileSystem: MemoryFileSystem) -> CommandResult {
        InProcess.pushlint(arguments, cwd: "/project", fileSystem: fileSystem)
    }

    /// A lint reads its payloads from memory, and a report written with `-o` into a missing folder lands there too.
    @Test func aLintReadsAndWritesInMemory() throws {
        let fileSystem = MemoryFileSystem([
            "/project/push/bad.json": Self.broken, "/project/push/good.json": Self.clean,
        ])
        #expect(LocalFileSystem().info("/project", followLinks: true) == nil, "the folder is not on the machine")
        let text = run(["lint", "push/bad.json", "push/good.json"], fileSystem)
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stdout.contains("push/bad.json:1:"), "\(text.stdout)")
        #expect(!text.stdout.contains("good.json"))

        let written = run(["lint", "push", "-f", "json", "-o", "reports/pushlint.json"], fileSystem)
        #expect(written.status == 1, "\(written.stderr)")
        #expect(written.stdout.isEmpty)
        let report = try #require(fileSystem.text("/project/reports/pushlint.json"))
        #expect(report.contains("\"push/bad.json\""), "\(report)")
        #expect(LocalFileSystem().info("/project", followLinks: true) == nil, "nothing was written to the disk")
    }

    /// A folder that is not in memory is missing for the command line, whatever the disk holds.
    @Test func aPathOnlyOnTheDiskIsMissing() {
        let result = run(["lint", "/etc/hostname"], MemoryFileSystem(["/project/a.json": Self.clean]))
        #expect(result.status == 2)
        #expect(result.stderr.contains("no such file or directory: /etc/hostname"), "\(result.stderr)")
    }

    /// `init` writes its config into memory; a write that fails (a full disk) is a clear error, exit 2.
    @Test func initWritesItsConfigThroughTheFileSystem() {
        let fileSystem = MemoryFileSystem(["/project/push/a.json": Self.clean])
        let result = run(["init"], fileSystem)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(fileSystem.text("/project/.pushlint.json")?.contains("\"include\"") == true, "\(fileSystem.paths)")

        let full = MemoryFileSystem(["/project/push/a.json": Self.clean])
        full.failWrites = true
        let failed = run(["lint", "push", "-o", "report.txt"], full)
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("cannot write the report to report.txt: "), "\(failed.stderr)")
        #expect(full.text("/project/report.txt") == nil)
    }
}
