import Foundation
import PushLintEngine
import Synchronization
import TestSupport
import Testing

@testable import PushLintServer

/// A file system whose every call waits while `closed`: a lint that reads through it (its project's config) stands
/// still until the test opens the gate, as a lint of a pathological document would.
final class GateFileSystem: FileSystem, Sendable {
    let base: any FileSystem
    let isClosed = Mutex(true)
    let waiting = Atomic<Int>(0)

    init(_ base: any FileSystem) { self.base = base }

    func open() { isClosed.withLock { $0 = false } }

    /// Waits while the gate is closed, at most `seconds`: a test that fails before opening it leaves no thread
    /// spinning for good.
    func pass(seconds: Double = 10) {
        guard isClosed.withLock({ $0 }) else { return }
        waiting.add(1, ordering: .relaxed)
        _ = Self.wait(seconds: seconds) { !isClosed.withLock { $0 } }
        waiting.subtract(1, ordering: .relaxed)
    }

    /// Whether some call stands at the gate within `seconds`.
    func hasWaiter(within seconds: Double = 5) -> Bool {
        Self.wait(seconds: seconds) { waiting.load(ordering: .relaxed) > 0 }
    }

    /// Polls `condition` until it holds (true) or `seconds` pass (false).
    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() >= deadline { return false }
            usleep(200)
        }
        return true
    }

    func info(_ path: String, followLinks: Bool) -> FileInfo? {
        pass()
        return base.info(path, followLinks: followLinks)
    }
    func list(_ directory: String) throws(FileSystemError) -> [String] {
        pass()
        return try base.list(directory)
    }
    func read(_ path: String, limit: Int) -> ReadOutcome {
        pass()
        return base.read(path, limit: limit)
    }
    func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try base.writeAtomically(path, bytes)
    }
    func realPath(_ path: String) -> String? {
        pass()
        return base.realPath(path)
    }
    var currentDirectory: String { base.currentDirectory }
}

/// A file system that records the folders listed through it (a walk).
final class RecordingFileSystem: FileSystem, Sendable {
    let base: any FileSystem
    let listed = Mutex<[String]>([])

    init(_ base: any FileSystem) { self.base = base }

    func info(_ path: String, followLinks: Bool) -> FileInfo? { base.info(path, followLinks: followLinks) }
    func list(_ directory: String) throws(FileSystemError) -> [String] {
        listed.withLock { $0.append(directory) }
        return try base.list(directory)
    }
    func entries(_ directory: String) throws(FileSystemError) -> [(name: String, kind: FileInfo.Kind?)] {
        listed.withLock { $0.append(directory) }
        return try base.entries(directory)
    }
    func read(_ path: String, limit: Int) -> ReadOutcome { base.read(path, limit: limit) }
    func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try base.writeAtomically(path, bytes)
    }
    func realPath(_ path: String) -> String? { base.realPath(path) }
    var currentDirectory: String { base.currentDirectory }
}

/// The hostile-input reproducers of the language server at small sizes: the server answers while its
/// work runs, ranges on a long line are right, save never walks past the workspace, the "disable" command never
/// writes outside it, JSON Lines are linted as the command line lints them, and the model's crashers are answered.
@Suite final class ServerReliabilityTests {
    private var folders: [URL] = []

    deinit { for folder in folders { try? FileManager.default.removeItem(at: folder) } }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushlint-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    static func ping(_ client: Client) -> LSPValue? { client.request("pushlint/ping", .object([]))["error"]?["code"] }

    static func published(_ messages: [LSPValue], _ uri: String) -> [LSPValue] {
        messages.filter {
            $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
        }
    }

    // MARK: L1: work off the request thread, cancelled by a newer version

    /// While a document's lint stands still, requests are answered at once; the newer version's lint supersedes
    /// the older one, whose result is never published; shutdown is answered while work runs.
    @Test func requestsAreAnsweredWhileALintRunsAndANewVersionCancelsTheOld() throws {
        let dir = try folder()
        let gate = GateFileSystem(LocalFileSystem())
        let client = Client(fileSystem: gate)
        let uri = dir.appendingPathComponent("bad.json").absoluteString
        client.notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(1)),
                        ("text", .string(LanguageServerTests.badFCM)),
                    ])
                )
            ]))
        defer { gate.open() }
        client.time += 1
        client.server.lintDue()
        try #require(gate.hasWaiter(), "the lint never reached the file system")
        #expect(Self.ping(client) == .int(LanguageServer.ErrorCode.methodNotFound))
        #expect(!client.server.isIdle, "the lint is not running in the background")
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("text", .string(#"{"aps": {"alert": "fine"}}"#))])])),
            ]))
        client.time += 1
        client.server.lintDue()
        #expect(Self.ping(client) == .int(LanguageServer.ErrorCode.methodNotFound))
        gate.open()
        let published = client.settle()
        #expect(published.count == 1, "\(published)")
        #expect(published.first?["params"]?["version"] == .int(2))
        #expect(published.first?["params"]?["diagnostics"] == .array([]))
    }

    @Test func shutdownIsAnsweredWhileALintRuns() throws {
        let dir = try folder()
        let gate = GateFileSystem(LocalFileSystem())
        let client = Client(fileSystem: gate)
        _ = client.notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(dir.appendingPathComponent("a.json").absoluteString)),
                        ("version", .int(1)), ("text", .string(LanguageServerTests.badFCM)),
                    ])
                )
            ]))
        defer { gate.open() }
        client.time += 1
        client.server.lintDue()
        try #require(gate.hasWaiter(), "the lint never reached the file system")
        #expect(client.request("shutdown", .null)["result"] == .null)
        gate.open()
        #expect(client.server.waitUntilIdle())
        #expect(Self.published(client.take(), dir.appendingPathComponent("a.json").absoluteString).isEmpty)
        client.notify("exit", .null)
        #expect(client.server.exitCode == 0)
    }

    /// A piece cancelled while it runs has its result dropped, as one cancelled while it waits never runs: the
    /// result is of a stale version or save, read through a file system that failed from the cancellation on.
    @Test func aPieceCancelledWhileItRunsHasItsResultDropped() {
        let work = BackgroundWork<Int>(maxRunning: 1)
        let stale = Cancellation()
        work.submit(stale) {
            stale.cancel()
            return 1
        }
        let wanted = Cancellation()
        work.submit(wanted) { 2 }
        #expect(GateFileSystem.wait(seconds: 5) { work.isIdle }, "the background work did not finish")
        #expect(work.takeFinished() == [2])
    }

    // MARK: L2: ranges on one long line

    /// Thousands of findings on one line (a minified payload): every range is where the finding is, in UTF-16
    /// code units (the line has a character outside the BMP before them).
    @Test func rangesOnOneLongLineWithManyFindings() throws {
        let dir = try folder()
        let count = 4000
        let text =
            "{\"message\":{\"token\":\"t\",\"notification\":{\"title\":\"😀\"},\"data\":{"
            + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}}}"
        let published = Client().open(dir.appendingPathComponent("one.json").absoluteString, text)
        let diagnostics = try #require(published.last?["params"]?["diagnostics"]?.arrayValue)
        let values = diagnostics.filter { $0["code"] == .string("fcm-data-string-values") }
        #expect(values.count == count)
        let utf16 = Array(text.utf16)
        for finding in values {
            let start = try #require(finding["range"]?["start"]?["character"]?.intValue)
            let end = try #require(finding["range"]?["end"]?["character"]?.intValue)
            #expect(finding["range"]?["start"]?["line"] == .int(0))
            let value = String(decoding: utf16[start..<end], as: UTF16.self)
            #expect(Int(value) != nil, "\(value)")
            #expect(String(decoding: utf16[(start - 2)..<start], as: UTF16.self) == "\":")
        }
    }

    /// One sweep gives the positions one walk per offset gives, with LSP's line ends (`\n`, `\r\n`, a lone `\r`)
    /// and characters of one to four bytes, offsets inside characters included.
    @Test func positionsInOneSweepAgreeWithOneByOne() {
        let text = Array("a\r\nbé😀\rc\n\n😀x\r".utf8) + [0x80, 0x41]
        let positions = TextPositions(text)
        let offsets = Array((0...text.count).reversed()) + [3, 3, 0]
        let swept = positions.positions(of: offsets)
        for (offset, found) in zip(offsets, swept) {
            let one = positions.position(of: offset)
            #expect(found.line == one.line && found.character == one.character, "offset \(offset)")
        }
        #expect(positions.position(of: 3) == (1, 0))
        #expect(positions.position(of: 10) == (1, 4))  // after "bé😀": 1 + 1 + 2 units
        #expect(positions.position(of: 11) == (2, 0))  // after the lone \r
        #expect(positions.position(of: 20) == (5, 0))  // after the last lone \r
        #expect(positions.offset(line: 1, character: 99) == 10)
    }

    // MARK: L3: project rules on save stay in the workspace

    /// With no config above the document and no workspace folder, saving runs no walk at all (it walked `/` for a
    /// document there); with a workspace folder, the walk stays inside it.
    @Test func saveWalksNothingWithoutConfigOrWorkspace() throws {
        let dir = try folder()
        try Data(LanguageServerTests.badFCM.utf8).write(to: dir.appendingPathComponent("x.json"))
        for uri in [dir.appendingPathComponent("x.json").absoluteString, "file:///x.json"] {
            let recording = RecordingFileSystem(LocalFileSystem())
            let client = Client(fileSystem: recording)
            _ = client.open(uri, LanguageServerTests.badFCM)
            client.notify("textDocument/didSave", .object([("textDocument", Client.document(uri))]))
            _ = client.settle()
            #expect(Self.ping(client) == .int(LanguageServer.ErrorCode.methodNotFound))
            #expect(recording.listed.withLock { $0 } == [], "\(uri)")
        }
        let recording = RecordingFileSystem(LocalFileSystem())
        let client = Client(workspace: dir, fileSystem: recording)
        let uri = dir.appendingPathComponent("x.json").absoluteString
        _ = client.open(uri, LanguageServerTests.badFCM)
        client.notify("textDocument/didSave", .object([("textDocument", Client.document(uri))]))
        _ = client.settle()
        let listed = recording.listed.withLock { $0 }
        #expect(!listed.isEmpty)
        #expect(listed.allSatisfy { $0.hasPrefix(dir.path) }, "\(listed)")
    }

    // MARK: L4: the disable command writes only inside the workspace

    /// An `untitled:` document, a file outside the workspace folders (or in none), a path that climbs out with
    /// `..`: each is refused with a clear error and nothing is written (a memory file system: a write would show).
    @Test func disableCommandNeverWritesOutsideTheWorkspace() throws {
        let memory = MemoryFileSystem(["/work/app/push/a.json": "{}", "/elsewhere/b.json": "{}"], cwd: "/")
        let before = memory.paths
        let cases: [(workspace: URL?, uri: String, says: String)] = [
            (nil, "untitled:1", "not a file on disk"),
            (URL(fileURLWithPath: "/work/app"), "untitled:1", "not a file on disk"),
            (nil, "file:///work/app/push/a.json", "no workspace folder"),
            (URL(fileURLWithPath: "/work/app"), "file:///elsewhere/b.json", "outside the workspace folders"),
            (URL(fileURLWithPath: "/work/app"), "file:///work/app/../../elsewhere/b.json", "outside the workspace"),
            (URL(fileURLWithPath: "/"), "file:///x.json", "no workspace folder"),
        ]
        for (workspace, uri, says) in cases {
            let client = Client(workspace: workspace, fileSystem: memory)
            _ = client.open(uri, "\u{FEFF}{\"aps\":{\"alert\":\"x\"}}")
            let answer = client.request(
                "workspace/executeCommand",
                .object([
                    ("command", .string(LanguageServer.disableRuleCommand)),
                    ("arguments", .array([.string(uri), .string("json-bom")])),
                ]))
            #expect(answer["error"]?["code"] == .int(LanguageServer.ErrorCode.invalidParams), "\(uri)")
            let message = answer["error"]?["message"]?.stringValue ?? ""
            #expect(message.contains(says), "\(uri): \(message)")
            let actions = client.request(
                "textDocument/codeAction",
                .object([
                    ("textDocument", Client.document(uri)),
                    ("range", .object([("start", Client.position(0, 0)), ("end", Client.position(1, 0))])),
                    ("context", .object([])),
                ]))
            #expect(
                !(actions["result"]?.arrayValue ?? []).contains { $0["command"] != nil },
                "a disable action is offered for \(uri)")
        }
        #expect(memory.paths == before, "something was written")
        // Inside the workspace it writes, there.
        let client = Client(workspace: URL(fileURLWithPath: "/work/app"), fileSystem: memory)
        _ = client.open("file:///work/app/push/a.json", "\u{FEFF}{\"aps\":{\"alert\":\"x\"}}")
        let answer = client.request(
            "workspace/executeCommand",
            .object([
                ("command", .string(LanguageServer.disableRuleCommand)),
                ("arguments", .array([.string("file:///work/app/push/a.json"), .string("json-bom")])),
            ]))
        #expect(answer["error"] == nil, "\(answer)")
        #expect(Set(memory.paths) == Set(before + ["/work/app/push/.pushlint.json"]))
    }

    // MARK: L5: JSON Lines in the editor as on the command line

    /// A `.jsonl` document gets the findings `pushlint lint` reports for the file, at the same lines and columns.
    @Test func jsonLinesDocumentAgreesWithTheLintCommand() throws {
        let dir = try folder()
        let text = "{\"message\":{\"token\":\"t\",\"data\":{\"n\":3}}}\n\n{\"aps\":\n  {\"aps\": {\"badge\": \"x\"}}\n"
        let file = dir.appendingPathComponent("a.jsonl")
        try Data(text.utf8).write(to: file)
        let outcome = try LintSession.run(LintRequest(paths: [file.path], workingDirectory: dir.path))
        let expected = (outcome.report.files.first?.diagnostics ?? []).compactMap { d in
            d.location.map { "\(d.ruleId) \($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }
        }
        #expect(expected.count >= 3)
        let published = Client().open(file.absoluteString, text)
        let diagnostics = try #require(published.last?["params"]?["diagnostics"]?.arrayValue)
        let found = diagnostics.compactMap { d -> String? in
            guard let code = d["code"]?.stringValue, let s = d["range"]?["start"], let e = d["range"]?["end"],
                let sl = s["line"]?.intValue, let sc = s["character"]?.intValue, let el = e["line"]?.intValue,
                let ec = e["character"]?.intValue
            else { return nil }
            return "\(code) \(sl + 1):\(sc + 1)-\(el + 1):\(ec + 1)"
        }
        #expect(found.sorted() == expected.sorted())
    }

    // MARK: L6: documents that crashed the model

    /// A template `truncate` bound of 2^62 and a contract pattern on a 40 000-character value (the crashers C2 and
    /// C3 at their reproducers' sizes: SIGILL and SIGSEGV before the model's sizes saturated and its pattern
    /// matcher stopped recursing per character): the server answers after each.
    @Test func crasherDocumentsAreAnswered() throws {
        let dir = try folder()
        try Data(#"{"contract": "c.json"}"#.utf8).write(to: dir.appendingPathComponent(".pushlint.json"))
        try Data(
            #"{"variables": {"other": {"maxLength": 1}}, "events": {"e": {"files": ["*.json"], "urgency": "transactional", "fields": {"k": {"type": "string", "pattern": "^[0-9]+$"}}}}}"#
                .utf8
        ).write(to: dir.appendingPathComponent("c.json"))
        let documents = [
            ("t.json.liquid", #"{"aps":{"alert":"{{ title | truncate: 4611686018427387904 }}"}}"#),
            ("p.json", #"{"message":{"token":"t","data":{"k":""# + String(repeating: "1", count: 40_000) + #""}}}"#),
        ]
        for (name, text) in documents {
            let client = Client()
            _ = client.open(dir.appendingPathComponent(name).absoluteString, text)
            #expect(Self.ping(client) == .int(LanguageServer.ErrorCode.methodNotFound), "\(name)")
        }
    }
}
