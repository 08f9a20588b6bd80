import Foundation
import PushLintEngine
import PushLintModel
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file system whose reads fail or whose files vanish, to reach the errors a real disk gives rarely.
struct FaultyFileSystem: FileSystem {
    var base = LocalFileSystem()
    var failingReads: [String: String] = [:]

    func info(_ path: String, followLinks: Bool) -> FileInfo? { base.info(path, followLinks: followLinks) }
    func list(_ directory: String) throws(FileSystemError) -> [String] { try base.list(directory) }
    func read(_ path: String, limit: Int) -> ReadOutcome {
        if let reason = failingReads[(path as NSString).lastPathComponent] { return .failed(reason) }
        return base.read(path, limit: limit)
    }
    func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try base.writeAtomically(path, bytes)
    }
    func realPath(_ path: String) -> String? { base.realPath(path) }
    var currentDirectory: String { base.currentDirectory }
}

@Suite struct HostileFileSystemTests {
    func lint(
        _ dir: TempDirectory, _ paths: [String], fileSystem: any FileSystem = LocalFileSystem(), maxBytes: Int = 8 << 20
    ) throws -> LintReport {
        let project = Project(baseDirectory: dir.path)
        let targets = try Discovery(
            config: project.config, baseDirectory: dir.path, cwd: dir.path, fileSystem: fileSystem
        ).targets(for: paths)
        return Engine(project: project, options: LintOptions(maxFileBytes: maxBytes), fileSystem: fileSystem).lint(
            targets)
    }

    @Test func permissionDeniedIsAnIOErrorFinding() throws {
        let dir = TempDirectory()
        dir.write("locked.json", "{}")
        let report = try lint(
            dir, ["locked.json"], fileSystem: FaultyFileSystem(failingReads: ["locked.json": "permission denied"]))
        #expect(report.allDiagnostics.map(\.ruleId) == ["io-error"])
        #expect(report.allDiagnostics.first?.message == "cannot read the file: permission denied")
    }

    @Test func aFileThatVanishesAfterDiscoveryIsAnIOError() throws {
        let dir = TempDirectory()
        let path = dir.write("push/gone.json", #"{"aps": {}}"#)
        let project = Project(baseDirectory: dir.path)
        let targets = try Discovery(config: project.config, baseDirectory: dir.path, cwd: dir.path).targets(for: ["."])
        try FileManager.default.removeItem(atPath: path)
        let report = Engine(project: project).lint(targets)
        #expect(report.allDiagnostics.map(\.ruleId) == ["io-error"])
        #expect(report.allDiagnostics.first?.message.contains("no such file") == true)
    }

    @Test func aFIFOIsNotWaitedFor() throws {
        let dir = TempDirectory()
        #expect(mkfifo(dir.path + "/pipe.json", 0o644) == 0)
        let report = try lint(dir, ["pipe.json"])
        #expect(report.allDiagnostics.map(\.ruleId) == ["io-error"])
        #expect(report.allDiagnostics.first?.message.contains("FIFO") == true)
        // Walking a folder skips it.
        #expect(try lint(dir, ["."]).files.isEmpty)
    }

    @Test func aBrokenSymlinkNamedExplicitlyIsAnIOError() throws {
        let dir = TempDirectory()
        dir.symlink("dangling.json", to: dir.path + "/nowhere.json")
        let report = try lint(dir, ["dangling.json"])
        #expect(report.allDiagnostics.map(\.ruleId) == ["io-error"])
    }

    @Test func unusualNamesAreReportedAsTheyAre() throws {
        let dir = TempDirectory()
        for name in ["with space.json", "ünïcødé 通知.json", "new\nline.json"] {
            dir.write("push/" + name, #"{"aps": {"badge": -1}}"#)
        }
        let report = try lint(dir, ["."])
        #expect(
            report.files.map(\.path.display).sorted()
                == ["push/new\nline.json", "push/with space.json", "push/ünïcødé 通知.json"].sorted())
    }

    @Test func aSparseTwoGigabyteFileIsNotRead() throws {
        let dir = TempDirectory()
        let path = dir.write("huge.json", "")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let clock = ContinuousClock()
        var report: LintReport?
        let elapsed = try clock.measure { report = try lint(dir, ["huge.json"]) }
        #expect(report?.allDiagnostics.map(\.ruleId) == ["json-limit"])
        // Not reading 2 GB is what makes this fast; a generous bound only guards against reading it.
        #expect(elapsed < .seconds(5))
    }

    @Test func filesAreReadWhole() throws {
        let dir = TempDirectory()
        let text = String(repeating: "{\"aps\": {\"alert\": \"Zürich\"}}\n", count: 5000)
        let path = dir.write("big.json", text)
        guard case .bytes(let bytes) = LocalFileSystem().read(path, limit: 1 << 20) else {
            Issue.record("not read")
            return
        }
        #expect(bytes == Array(text.utf8))
        #expect(LocalFileSystem().read(path, limit: 100).isTooLarge)
    }

    /// Files up to 64 KiB are read through scratch memory, larger ones straight into their array: both whole, on
    /// either side of the edge.
    @Test(arguments: [1, 65_535, 65_536, 65_537, 200_000])
    func filesOnEitherSideOfTheScratchLimitAreReadWhole(size: Int) throws {
        let dir = TempDirectory()
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let path = dir.path + "/f.bin"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        guard case .bytes(let read) = LocalFileSystem().read(path, limit: 1 << 20) else {
            Issue.record("not read")
            return
        }
        #expect(read == bytes)
    }

    /// `-o /dev/null` (a common way to discard a report) run as root renamed a temporary file over the device:
    /// every program's /dev/null became a regular file. A device is written to in place.
    @Test func writingToADeviceLeavesTheDevice() throws {
        try LocalFileSystem().writeAtomically("/dev/null", Array("{}".utf8))
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFCHR), "/dev/null is still a character device")
        #if os(Linux)
            // A full device is an error with the device's reason, not a crash or a replaced file.
            #expect(throws: FileSystemError.self) {
                try LocalFileSystem().writeAtomically("/dev/full", Array("{}".utf8))
            }
            #expect(stat("/dev/full", &info) == 0 && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFCHR))
        #endif
    }

    /// A FIFO (`-o` pointing at a pipe another program reads) receives the bytes and stays a FIFO.
    @Test func writingToAFIFOWritesIntoThePipe() throws {
        let dir = TempDirectory()
        let pipe = dir.path + "/report.fifo"
        #expect(mkfifo(pipe, 0o644) == 0)
        let received = Mutex<[UInt8]>([])
        let reader = DispatchGroup()
        DispatchQueue.global().async(group: reader) {
            let fd = open(pipe, O_RDONLY)
            guard fd >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 64) }
                if n <= 0 { break }
                received.withLock { $0 += buffer[0..<n] }
            }
            close(fd)
        }
        try LocalFileSystem().writeAtomically(pipe, Array("{\"version\": 1}".utf8))
        reader.wait()
        #expect(received.withLock { $0 } == Array("{\"version\": 1}".utf8))
        var info = stat()
        #expect(lstat(pipe, &info) == 0 && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFIFO))
    }

    /// Flushed to the disk or not (a report is not), a replaced file gets the whole new content and keeps its
    /// mode, and no temporary file is left beside it.
    @Test(arguments: [true, false]) func replacingAFileKeepsItsModeAndLeavesNoTemporaryFile(durable: Bool) throws {
        let dir = TempDirectory()
        dir.write("report.json", "old")
        #expect(chmod(dir.path + "/report.json", 0o600) == 0)
        try LocalFileSystem().writeAtomically(dir.path + "/report.json", Array("new".utf8), durable: durable)
        var info = stat()
        #expect(stat(dir.path + "/report.json", &info) == 0 && info.st_mode & 0o7777 == 0o600)
        #expect(Paths.bytes(URL(fileURLWithPath: dir.path + "/report.json")) == Array("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report.json"])
    }

    /// A report path that is a symbolic link stays one: the file it points to gets the new content.
    @Test func writingThroughASymlinkKeepsTheLink() throws {
        let dir = TempDirectory()
        dir.write("reports/real.json", "old")
        dir.symlink("latest.json", to: dir.path + "/reports/real.json")
        try LocalFileSystem().writeAtomically(dir.path + "/latest.json", Array("new".utf8))
        var info = stat()
        #expect(
            lstat(dir.path + "/latest.json", &info) == 0 && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK))
        #expect(Paths.bytes(URL(fileURLWithPath: dir.path + "/reports/real.json")) == Array("new".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.path + "/reports") == ["real.json"],
            "no temporary file left")
    }

    #if os(Linux)
        /// Files of /proc announce a size of 0 and have content: they are read until the end, not as empty.
        @Test func aFileThatAnnouncesNoSizeIsReadToTheEnd() {
            guard case .bytes(let bytes) = LocalFileSystem().read("/proc/self/status", limit: 1 << 20) else {
                Issue.record("not read")
                return
            }
            #expect(String(decoding: bytes, as: UTF8.self).contains("Name:"))
        }
    #endif
}

extension ReadOutcome {
    var isTooLarge: Bool {
        if case .tooLarge = self { return true }
        return false
    }
}

@Suite struct HostileContentTests {
    func lint(_ bytes: [UInt8], maxBytes: Int = 8 << 20) -> [Diagnostic] {
        Engine(project: Project(baseDirectory: "/"), options: LintOptions(jobs: 1, maxFileBytes: maxBytes)).lint(
            bytes: bytes, path: "f.json"
        ).allDiagnostics
    }

    func ids(_ text: String) -> [String] { lint(Array(text.utf8)).map(\.ruleId) }

    @Test func aMillionLevelsOfArraysObjectsAndBoth() {
        let n = 1_000_000
        #expect(ids(String(repeating: "[", count: n)) == ["json-limit"])
        #expect(ids(String(repeating: "{\"a\":", count: n)) == ["json-limit"])
        #expect(ids(String(repeating: "[{\"a\":", count: n / 2)) == ["json-limit"])
    }

    @Test func encodingsAndBrokenUTF8() {
        let utf16BE: [UInt8] = Array(#"{"aps":{}}"#.utf8).flatMap { [UInt8(0), $0] }
        #expect(lint(utf16BE).map(\.ruleId) == ["json-encoding"])
        #expect(lint([0xFE, 0xFF] + utf16BE).map(\.ruleId) == ["json-encoding"])
        // An overlong encoding of '/' inside a string.
        let overlong = Array(#"{"aps": {"alert": ""#.utf8) + [0xC0, 0xAF] + Array(#""}}"#.utf8)
        #expect(lint(overlong).map(\.ruleId) == ["json-encoding", "json-encoding"])
        #expect(ids(#"{"aps": {"alert": "\udc00"}}"#) == ["json-encoding"])
        #expect(lint([0, 0, 0]).map(\.ruleId) == ["json-syntax"])
    }

    @Test func hugeNumbers() {
        let digits = "{\"aps\": {}, \"n\": " + String(repeating: "9", count: 100_000) + "}"
        let found = lint(Array(digits.utf8)).filter { $0.ruleId == "json-number-precision" }
        #expect(found.count == 1)
        #expect(found.first?.message.count ?? 0 < 200)
        #expect(ids(#"{"aps": {}, "n": 1e999999}"#).contains("json-number-precision"))
    }

    @Test func aFiftyMegabyteString() {
        let text = "{\"aps\": {\"alert\": \"" + String(repeating: "x", count: 50 << 20) + "\"}}"
        let found = lint(Array(text.utf8), maxBytes: 64 << 20)
        #expect(found.map(\.ruleId).contains("payload-size"))
        #expect(found.allSatisfy { ($0.location?.lineText.count ?? 0) < 1000 })
    }

    /// A tenth of the sizes in the fast loop (a quadratic duplicate search would still take minutes); the slow
    /// test (`scripts/test`) runs the full ones.
    @Test func aHundredThousandKeysAndTenThousandDuplicates() { manyKeys(100_000, duplicates: 10_000) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func aMillionKeysAndAHundredThousandDuplicates() {
        manyKeys(1_000_000, duplicates: 100_000)
    }

    func manyKeys(_ keys: Int, duplicates count: Int) {
        var many = "{\"aps\": {}"
        for i in 0..<keys { many += ",\"k\(i)\":1" }
        many += "}"
        #expect(!lint(Array(many.utf8), maxBytes: 64 << 20).contains { $0.ruleId == "json-duplicate-key" })
        let duplicates = "{\"aps\": {}" + String(repeating: ",\"k\":1", count: count) + "}"
        #expect(lint(Array(duplicates.utf8)).filter { $0.ruleId == "json-duplicate-key" }.count == count - 1)
    }
}
