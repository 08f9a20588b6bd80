import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintServer
import TestSupport
import Testing

/// The language server driven in memory: requests written into it, responses and notifications read from its
/// outbox, a fake clock for the debounce; `settle` waits for the background work. `workspace` is the workspace
/// folder the client opens (none by default, as `rootUri: null`).
final class Client {
    let server: LanguageServer
    var time = 100.0
    var nextID = 1

    init(initialize: Bool = true, workspace: URL? = nil, fileSystem: (any FileSystem)? = nil) {
        var clock: (() -> Double)!
        server = LanguageServer(
            debounceSeconds: 0.01, now: { clock() }, fileSystem: fileSystem ?? LocalFileSystem())
        clock = { [unowned self] in self.time }
        if initialize {
            _ = request(
                "initialize",
                .object([
                    ("processId", .null), ("rootUri", workspace.map { .string($0.absoluteString) } ?? .null),
                    ("capabilities", .object([])),
                ]))
            notify("initialized", .object([]))
        }
    }

    func take() -> [LSPValue] {
        defer { server.outbox.removeAll() }
        return server.outbox.map { LSPValue.parse($0)! }
    }

    func send(_ message: LSPValue) -> [LSPValue] {
        server.receive(message.bytes)
        return take()
    }

    @discardableResult
    func request(_ method: String, _ params: LSPValue) -> LSPValue {
        let id = nextID
        nextID += 1
        let out = send(
            .object([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params)]))
        return out.first { $0["id"] == .int(id) } ?? .null
    }

    func notify(_ method: String, _ params: LSPValue) {
        server.receive(
            LSPValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).bytes)
    }

    /// Lets the debounce pass and returns the diagnostics published.
    func settle() -> [LSPValue] {
        time += 1
        server.lintDue()
        #expect(server.waitUntilIdle(), "the background work did not finish")
        return take().filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" }
    }

    func open(_ uri: String, _ text: String) -> [LSPValue] {
        notify(
            "textDocument/didOpen",
            .object([
                (
                    "textDocument",
                    .object([
                        ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(1)),
                        ("text", .string(text)),
                    ])
                )
            ]))
        return settle()
    }

    static func position(_ line: Int, _ character: Int) -> LSPValue {
        .object([("line", .int(line)), ("character", .int(character))])
    }

    static func document(_ uri: String) -> LSPValue { .object([("uri", .string(uri))]) }
}

// A class, so that the folders a test makes are removed when the test's instance goes (Swift Testing makes one per
// test).
@Suite final class LanguageServerTests {
    static let badFCM = """
        {
          "message": {
            "token": "abc",
            "data": { "count": 3 }
          }
        }
        """

    private var folders: [URL] = []

    deinit { for folder in folders { try? FileManager.default.removeItem(at: folder) } }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushlint-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        folders.append(url)
        return url
    }

    @Test func initializeAnswersCapabilities() {
        let client = Client(initialize: false)
        let answer = client.request("initialize", .object([("capabilities", .object([]))]))
        #expect(answer["result"]?["capabilities"]?["hoverProvider"] == .bool(true))
        #expect(answer["result"]?["capabilities"]?["textDocumentSync"]?["change"] == .int(1))
        #expect(answer["result"]?["serverInfo"]?["name"] == .string("pushlint"))
    }

    @Test func beforeInitializeRequestsAreRefused() {
        let client = Client(initialize: false)
        let answer = client.request("textDocument/hover", .object([]))
        #expect(answer["error"]?["code"] == .int(LanguageServer.ErrorCode.serverNotInitialized))
    }

    @Test func diagnosticsAtTheFindingsRangeWithCodeAndLink() throws {
        let dir = try folder()
        let uri = dir.appendingPathComponent("bad.json").absoluteString
        let published = Client().open(uri, Self.badFCM)
        let diagnostics = try #require(published.last?["params"]?["diagnostics"]?.arrayValue)
        let finding = try #require(diagnostics.first { $0["code"] == .string("fcm-data-string-values") })
        #expect(finding["severity"] == .int(1))
        #expect(finding["range"]?["start"] == Client.position(3, 23))
        #expect(finding["range"]?["end"] == Client.position(3, 24))
        #expect(finding["codeDescription"]?["href"]?.stringValue?.hasSuffix("rules/fcm-data-string-values.md") == true)
    }

    @Test func quickFixThenCleanDiagnostics() throws {
        let dir = try folder()
        let uri = dir.appendingPathComponent("bad.json").absoluteString
        let client = Client(workspace: dir)
        _ = client.open(uri, Self.badFCM)
        let actions = try #require(
            client.request(
                "textDocument/codeAction",
                .object([
                    ("textDocument", Client.document(uri)),
                    ("range", .object([("start", Client.position(3, 23)), ("end", Client.position(3, 24))])),
                    ("context", .object([("diagnostics", .array([]))])),
                ]))["result"]?.arrayValue)
        let fix = try #require(actions.first { $0["edit"] != nil })
        #expect(fix["isPreferred"] == .bool(true))
        let edit = try #require(fix["edit"]?["changes"]?[uri]?.arrayValue?.first)
        #expect(edit["newText"] == .string("\"3\""))
        #expect(actions.contains { $0["command"]?["command"] == .string(LanguageServer.disableRuleCommand) })
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("range", edit["range"]!), ("text", edit["newText"]!)])])),
            ]))
        let after = client.settle()
        #expect(after.last?["params"]?["diagnostics"] == .array([]))
        #expect(after.last?["params"]?["version"] == .int(2))
    }

    @Test func hoverShowsTheRulePage() throws {
        let dir = try folder()
        let uri = dir.appendingPathComponent("bad.json").absoluteString
        let client = Client()
        _ = client.open(uri, Self.badFCM)
        let hover = client.request(
            "textDocument/hover",
            .object([("textDocument", Client.document(uri)), ("position", Client.position(3, 23))]))
        let text = try #require(hover["result"]?["contents"]?["value"]?.stringValue)
        #expect(text.contains("fcm-data-string-values"))
        let nothing = client.request(
            "textDocument/hover",
            .object([("textDocument", Client.document(uri)), ("position", Client.position(0, 0))]))
        #expect(nothing["result"] == .null)
    }

    @Test func changesAreDebounced() throws {
        let dir = try folder()
        let uri = dir.appendingPathComponent("bad.json").absoluteString
        let client = Client()
        _ = client.open(uri, Self.badFCM)
        for version in 2...5 {
            client.notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(uri)), ("version", .int(version))])),
                    ("contentChanges", .array([.object([("text", .string(Self.badFCM))])])),
                ]))
        }
        client.server.lintDue()
        #expect(client.take().isEmpty, "linted before the debounce passed")
        let published = client.settle()
        #expect(published.count == 1)
        #expect(published.first?["params"]?["version"] == .int(5))
    }

    @Test func utf16Positions() throws {
        let dir = try folder()
        let uri = dir.appendingPathComponent("emoji.json").absoluteString
        // "😀" is two UTF-16 code units and four UTF-8 bytes; "é" one and two.
        let text = "{\"message\": {\"token\": \"x\", \"notification\": {\"title\": \"😀é\"}, \"data\": {\"n\": 1}}}"
        let diagnostics = try #require(Client().open(uri, text).last?["params"]?["diagnostics"]?.arrayValue)
        let finding = try #require(diagnostics.first { $0["code"] == .string("fcm-data-string-values") })
        let utf16 = Array(text.utf16)
        let column = try #require(finding["range"]?["start"]?["character"]?.intValue)
        #expect(String(decoding: utf16[column..<(column + 1)], as: UTF16.self) == "1")
    }

    @Test func configDecidesLikeTheLintCommand() throws {
        let dir = try folder()
        try Data(#"{ "rules": { "fcm-data-string-values": "off" } }"#.utf8).write(
            to: dir.appendingPathComponent(".pushlint.json"))
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("push"), withIntermediateDirectories: true)
        let uri = dir.appendingPathComponent("push/bad.json").absoluteString
        let client = Client()
        let first = client.open(uri, Self.badFCM).last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(!first.contains { $0["code"] == .string("fcm-data-string-values") })
        // The config changes: the watched-files notification re-lints.
        try Data(#"{ "rules": { } }"#.utf8).write(to: dir.appendingPathComponent(".pushlint.json"))
        client.notify("workspace/didChangeWatchedFiles", .object([("changes", .array([]))]))
        let second = client.settle().last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(second.contains { $0["code"] == .string("fcm-data-string-values") })
        // Saving the config in the editor re-lints too (for clients that do not watch files).
        try Data(#"{ "rules": { "fcm-data-string-values": "off" } }"#.utf8).write(
            to: dir.appendingPathComponent(".pushlint.json"))
        let config = dir.appendingPathComponent(".pushlint.json").absoluteString
        _ = client.open(config, #"{ "rules": { "fcm-data-string-values": "off" } }"#)
        client.notify("textDocument/didSave", .object([("textDocument", Client.document(config))]))
        let third =
            client.settle().filter { $0["params"]?["uri"] == .string(uri) }.last?["params"]?["diagnostics"]?.arrayValue
            ?? []
        #expect(!third.contains { $0["code"] == .string("fcm-data-string-values") })
    }

    /// With the config's `app` folders, the editor reads the app as `pushlint lint` does: the app-* rules judge the
    /// payload (and the contract-only rule stays silent); an app folder that does not exist is a configuration error.
    @Test func theAppIsReadAsTheLintCommandReadsIt() throws {
        let dir = try folder()
        let write = { (relative: String, text: String) throws in
            let url = dir.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try write(".pushlint.json", #"{ "app": "app" }"#)
        try write(
            "app/App.kt",
            #"val orders = NotificationChannel("orders", "Orders", NotificationManager.IMPORTANCE_HIGH)"# + "\n")
        let payload =
            #"{"message": {"token": "t", "notification": {"title": "Hi"}, "android": {"notification": {"channel_id": "order"}}}}"#
        let uri = dir.appendingPathComponent("shipped.json").absoluteString
        let diagnostics = Client().open(uri, payload).last?["params"]?["diagnostics"]?.arrayValue ?? []
        let finding = try #require(diagnostics.first { $0["code"] == .string("app-channel-not-created") })
        #expect(finding["message"]?.stringValue?.contains("app/App.kt:1") == true, "\(finding)")
        #expect(!diagnostics.contains { $0["code"] == .string("android-channel-exists") })

        try write(".pushlint.json", #"{ "app": "mobile" }"#)
        let client = Client()
        let broken = client.open(uri, payload).last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(
            broken.first?["message"]?.stringValue?.contains("the app folder 'mobile' does not exist") == true,
            "\(broken)")
    }

    /// A file that `pushlint lint` skips when it walks the folder (excluded, not included, a non-payload JSON file)
    /// gets no diagnostics in the editor either.
    @Test func filesTheWalkSkipsGetNoDiagnostics() throws {
        let dir = try folder()
        try Data(#"{ "include": ["push/**/*.json"], "exclude": ["push/drafts/**"] }"#.utf8).write(
            to: dir.appendingPathComponent(".pushlint.json"))
        let client = Client()
        for path in ["push/drafts/bad.json", "other/bad.json"] {
            let published = client.open(dir.appendingPathComponent(path).absoluteString, Self.badFCM)
            #expect(published.last?["params"]?["diagnostics"] == .array([]), "\(path)")
        }
        // A JSON file under a specific `include` glob is held to the payload standard, by the walk and the editor alike.
        let package = client.open(
            dir.appendingPathComponent("push/package.json").absoluteString, #"{"name": "app", "version": "1.0.0"}"#)
        #expect(
            package.last?["params"]?["diagnostics"]?.arrayValue?.map { $0["code"] } == [.string("payload-kind-unknown")]
        )
        let linted = client.open(dir.appendingPathComponent("push/orders/bad.json").absoluteString, Self.badFCM)
        #expect(linted.last?["params"]?["diagnostics"]?.arrayValue?.isEmpty == false)
    }

    static let highPriority =
        #"{"message": {"token": "t", "notification": {"title": "a", "body": "b"}, "android": {"priority": "HIGH"}}}"#

    /// Project rules run over the config's folder when a document is saved; their findings show in the open
    /// documents they name, with the other files as related information.
    @Test func projectRulesOnSave() throws {
        let dir = try folder()
        try Data("{}".utf8).write(to: dir.appendingPathComponent(".pushlint.json"))
        let high = Self.highPriority
        for i in 1...5 { try Data(high.utf8).write(to: dir.appendingPathComponent("p\(i).json")) }
        let uri = dir.appendingPathComponent("p1.json").absoluteString
        let client = Client(workspace: dir)
        let opened = client.open(uri, high).last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(!opened.contains { $0["code"] == .string("priority-high-ratio") }, "project rules ran on open")
        client.notify("textDocument/didSave", .object([("textDocument", Client.document(uri))]))
        let saved = client.settle().last?["params"]?["diagnostics"]?.arrayValue ?? []
        let finding = try #require(saved.first { $0["code"] == .string("priority-high-ratio") })
        let related = finding["relatedInformation"]?.arrayValue ?? []
        #expect(related.count == 4)
        #expect(related.first?["location"]?["uri"]?.stringValue?.hasSuffix("/p2.json") == true)
    }

    /// A config above every workspace folder (a `~/.pushlint.json`) or a document outside every workspace folder
    /// runs no project rules on save: their folder would be walked whole, all of `$HOME` for that config.
    @Test(arguments: [true, false]) func projectRulesStayInsideTheWorkspace(configAboveWorkspace: Bool) throws {
        let home = try folder()
        let project = home.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: home.appendingPathComponent(".pushlint.json"))
        for i in 1...5 { try Data(Self.highPriority.utf8).write(to: project.appendingPathComponent("p\(i).json")) }
        let uri = project.appendingPathComponent("p1.json").absoluteString
        let client = configAboveWorkspace ? Client(workspace: project) : Client()
        _ = client.open(uri, Self.highPriority)
        client.notify("textDocument/didSave", .object([("textDocument", Client.document(uri))]))
        let saved = client.settle().last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(!saved.contains { $0["code"] == .string("priority-high-ratio") }, "project rules walked '\(home.path)'")
    }

    @Test func disableRuleWritesAnOverride() throws {
        let dir = try folder()
        try Data("{\n  // JSONC\n  \"rules\": {}\n}\n".utf8).write(to: dir.appendingPathComponent(".pushlint.json"))
        let uri = dir.appendingPathComponent("bad.json").absoluteString
        let client = Client(workspace: dir)
        _ = client.open(uri, Self.badFCM)
        let answer = client.request(
            "workspace/executeCommand",
            .object([
                ("command", .string(LanguageServer.disableRuleCommand)),
                ("arguments", .array([.string(uri), .string("fcm-data-string-values")])),
            ]))
        #expect(answer["error"] == nil)
        let config = try String(contentsOf: dir.appendingPathComponent(".pushlint.json"), encoding: .utf8)
        #expect(config.contains("// JSONC"))
        #expect(
            config.contains(#""overrides": [{ "files": ["bad.json"], "rules": { "fcm-data-string-values": "off" } }]"#))
        let after = client.settle().last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(!after.contains { $0["code"] == .string("fcm-data-string-values") })
    }

    @Test func completionInsideApsAndFCM() throws {
        let client = Client()
        let uri = "untitled:Untitled-1"
        let aps = "{\"aps\": {\"interruption-level\": \"\", \"}}"
        _ = client.open(uri, aps)
        let keys = client.request(
            "textDocument/completion",
            .object([("textDocument", Client.document(uri)), ("position", Client.position(0, 37))]))
        let keyLabels = keys["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(keyLabels.contains("content-available"))
        let values = client.request(
            "textDocument/completion",
            .object([("textDocument", Client.document(uri)), ("position", Client.position(0, 32))]))
        let valueLabels = values["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(valueLabels == ["passive", "active", "time-sensitive", "critical"])

        let fcm = "{\"message\": {\"android\": {\"priority\": "
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("text", .string(fcm))])])),
            ]))
        let priorities = client.request(
            "textDocument/completion",
            .object([("textDocument", Client.document(uri)), ("position", Client.position(0, fcm.utf16.count))]))
        let labels = priorities["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(labels.contains("HIGH"))
    }

    /// `.pushlint.json` completes from the config's table (`ConfigSchema`), as the reader reads it: the keys of the
    /// file and of its nested objects, and the values of an enumeration.
    @Test func completionInTheConfigComesFromItsTable() throws {
        let client = Client()
        let uri = try folder().appendingPathComponent(".pushlint.json").absoluteString
        func labels(_ text: String) -> [String] { completionLabels(client, uri, text) }
        _ = client.open(uri, "{}")
        #expect(labels("{\"") == Config.knownKeys)
        #expect(labels("{\"placeholders\": {\"") == Config.placeholderKeys)
        #expect(labels("{\"apns\": {\"") == Config.apnsKeys)
        #expect(labels("{\"overrides\": [{\"") == Config.overrideKeys)
        #expect(labels("{\"templates\": [{\"") == Config.templateEntryKeys)
        #expect(labels("{\"templates\": [{\"dialect\": ") == TemplateDialect.names.map(\.name))
    }

    /// A contract completes from its table (`ContractSchema`): the keys of every object of it, also inside an
    /// array and under a name the team chose, and the values of an enumeration. A contract is known by its file name
    /// or by the schema it names.
    @Test func completionInTheContractComesFromItsTable() throws {
        let client = Client()
        let named = try folder().appendingPathComponent("push-contract.json").absoluteString
        let other = try folder().appendingPathComponent("contract.json").absoluteString
        func labels(_ uri: String, _ text: String) -> [String] { completionLabels(client, uri, text) }
        _ = client.open(named, "{}")
        for (path, record) in ContractSchema.records {
            // The text up to a key of the object at `path`: `{"events": {"x": {"`, `{"android": {"channels": [{"`.
            var text = "{"
            for (index, step) in path.enumerated() {
                if step == "[]" {
                    text += "[{"
                } else {
                    text +=
                        "\"\(step == "NAME" ? "x" : step)\": "
                        + (index + 1 < path.count && path[index + 1] == "[]" ? "" : "{")
                }
            }
            text += "\""
            #expect(labels(named, text) == record.names, "\(text)")
        }
        #expect(labels(named, "{\"events\": {\"x\": {\"urgency\": ") == Contract.Urgency.allCases.map(\.rawValue))
        #expect(
            labels(named, "{\"android\": {\"channels\": [{\"importance\": ")
                == Contract.Importance.allCases.map(\.rawValue))
        _ = client.open(other, "{}")
        #expect(!labels(other, "{\"").contains("events"))
        #expect(labels(other, "{\"$schema\": \"../schemas/push-contract.schema.json\", \"") == Contract.knownKeys)
    }

    /// Values come from Apple's `aps` table: a flag completes to the number 1, not a string, and a Live Activity's
    /// localized title completes its keys.
    @Test func completionOfApsValuesAndDictionaries() throws {
        let client = Client()
        let uri = "untitled:Untitled-2"
        let flag = "{\"aps\": {\"content-available\": "
        _ = client.open(uri, flag)
        let values = client.request(
            "textDocument/completion",
            .object([("textDocument", Client.document(uri)), ("position", Client.position(0, flag.utf16.count))]))
        let items = values["result"]?["items"]?.arrayValue ?? []
        #expect(items.compactMap { $0["label"]?.stringValue } == ["1"])
        #expect(items.first?["insertText"]?.stringValue == "1")

        let title = "{\"aps\": {\"event\": \"update\", \"alert\": {\"title\": {"
        client.notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", .int(2))])),
                ("contentChanges", .array([.object([("text", .string(title))])])),
            ]))
        let keys = client.request(
            "textDocument/completion",
            .object([("textDocument", Client.document(uri)), ("position", Client.position(0, title.utf16.count))]))
        let labels = keys["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(labels == ["loc-key", "loc-args"])
    }

    // MARK: Hostile input

    @Test func malformedAndUnknownMessagesGetErrorsNotCrashes() {
        let client = Client()
        client.server.receive(Array("{not json".utf8))
        #expect(client.take().first?["error"]?["code"] == .int(LanguageServer.ErrorCode.parseError))
        client.server.receive(Array("[1,2]".utf8))
        #expect(client.take().first?["error"]?["code"] == .int(LanguageServer.ErrorCode.invalidRequest))
        client.server.receive(Array(#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#.utf8))
        #expect(client.take().first?["error"]?["code"] == .int(LanguageServer.ErrorCode.invalidRequest))
        #expect(
            client.request("no/such/method", .null)["error"]?["code"] == .int(LanguageServer.ErrorCode.methodNotFound))
        #expect(
            client.request("textDocument/hover", .object([]))["error"]?["code"]
                == .int(LanguageServer.ErrorCode.invalidParams))
        client.notify("textDocument/didOpen", .string("nonsense"))
        client.notify("no/such/notification", .null)
        #expect(client.take().isEmpty)
    }

    @Test func cancelledRequestsAnswerRequestCancelled() {
        let client = Client()
        let hover: LSPValue = .object([
            ("jsonrpc", .string("2.0")), ("id", .int(77)), ("method", .string("textDocument/hover")),
            ("params", .object([])),
        ])
        let cancel: LSPValue = .object([
            ("jsonrpc", .string("2.0")), ("method", .string("$/cancelRequest")),
            ("params", .object([("id", .int(77))])),
        ])
        client.server.receive(batch: [hover.bytes, cancel.bytes])
        let out = client.take()
        #expect(out.count == 1)
        #expect(out.first?["error"]?["code"] == .int(LanguageServer.ErrorCode.requestCancelled))
    }

    @Test func brokenAndHugeDocuments() throws {
        let dir = try folder()
        let client = Client()
        // Cut while typed: it shows a payload's keys (a broken file without them is no payload, as in a walk).
        let broken = client.open(dir.appendingPathComponent("broken.json").absoluteString, "{\"aps\": {\"alert\": ")
        #expect(
            broken.last?["params"]?["diagnostics"]?.arrayValue?.contains { $0["code"] == .string("json-syntax") }
                == true)
        let huge = "{\"aps\": {\"alert\": \"" + String(repeating: "a", count: 10_000_000) + "\"}}"
        let big = client.open(dir.appendingPathComponent("huge.json").absoluteString, huge)
        #expect(
            big.last?["params"]?["diagnostics"]?.arrayValue?.contains { $0["code"] == .string("json-limit") } == true)
    }

    @Test func shutdownThenExit() {
        let client = Client()
        #expect(client.request("shutdown", .null)["result"] == .null)
        #expect(
            client.request("textDocument/hover", .object([]))["error"]?["code"]
                == .int(LanguageServer.ErrorCode.invalidRequest))
        client.notify("exit", .null)
        #expect(client.server.exitCode == 0)
        let rude = Client()
        rude.notify("exit", .null)
        #expect(rude.server.exitCode == 1)
    }

    @Test func framing() {
        var framer = MessageFramer()
        let body = Array(#"{"a":"é"}"#.utf8)
        let framed = MessageFramer.frame(body)
        framer.append(framed.prefix(5))
        #expect(framer.next() == .needMore)
        framer.append(framed.dropFirst(5) + MessageFramer.frame(body))
        #expect(framer.next() == .message(body))
        #expect(framer.next() == .message(body))
        #expect(framer.next() == .needMore)
        var bad = MessageFramer()
        bad.append(Array("Content-Length: x\r\n\r\n".utf8))
        if case .broken = bad.next() {} else { Issue.record("a bad length is not broken framing") }
        var noLength = MessageFramer()
        noLength.append(Array("Content-Type: a\r\n\r\n{}".utf8))
        if case .broken = noLength.next() {} else { Issue.record("no Content-Length is not broken framing") }
        var huge = MessageFramer()
        huge.append(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        if case .broken = huge.next() {} else { Issue.record("an oversized length is accepted") }
    }
}

/// The labels the server completes at the end of `text`, a one-line document sent as the new text of `uri`.
private func completionLabels(_ client: Client, _ uri: String, _ text: String) -> [String] {
    client.notify(
        "textDocument/didChange",
        .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", .int(text.utf16.count))])),
            ("contentChanges", .array([.object([("text", .string(text))])])),
        ]))
    let answer = client.request(
        "textDocument/completion",
        .object([("textDocument", Client.document(uri)), ("position", Client.position(0, text.utf16.count))]))
    return answer["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
}
