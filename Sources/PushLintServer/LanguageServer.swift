import PushLintEngine
import PushLintJSON
import PushLintModel

/// The pushlint language server, without I/O: message bodies in (`receive`), message bodies out (`outbox`).
/// One thread drives it (the stdio loop, or a test). Documents are linted by the same engine, config and contract
/// resolution as `pushlint lint` for their path. Changes are debounced: a document is linted `debounceSeconds`
/// (5 ms) after its last change (`lintDue`), and the stdio loop lints only when no more input is waiting, so a burst
/// of changes is linted once; the budget is 20 ms from a change to its diagnostics (BENCHMARKS.md).
public final class LanguageServer {
    public enum ErrorCode {
        public static let parseError = -32700
        public static let invalidRequest = -32600
        public static let methodNotFound = -32601
        public static let invalidParams = -32602
        public static let serverNotInitialized = -32002
        public static let requestCancelled = -32800
    }

    public static let disableRuleCommand = "pushlint.disableRuleForFile"

    /// Bodies to send, in order.
    public var outbox: [[UInt8]] = []
    /// Set by `exit`: the process ends with this code (0 after `shutdown`, else 1).
    public private(set) var exitCode: Int32?
    public let debounceSeconds: Double
    let fileSystem: LocalFileSystem

    var initialized = false
    var shuttingDown = false
    var supportsWatchRegistration = false
    var nextRequestID = 1

    struct Document {
        var uri: String
        var path: String
        var version: Int
        var text: TextPositions
        /// The last lint of this version, nil when a lint is due.
        var findings: [Diagnostic]?
        var rules: [String: RuleDescription] = [:]
        /// When the debounced lint is due (seconds on the server's clock).
        var due: Double?
    }

    var documents: [String: Document] = [:]
    /// The findings of project rules (priority ratio, platform parity, collapse keys) by config folder, from the
    /// last lint of that folder on save.
    var projectFindings: [String: [ProjectDiagnostic]] = [:]
    /// Loaded projects by the folder of the linted file.
    var projects: [String: Result<Project, ConfigurationError>] = [:]
    /// The clock the debounce reads: seconds.
    let now: () -> Double

    /// Whether `workspace/executeCommand` may write `.pushlint.json` (the fuzz target turns it off).
    public var allowsWrites = true

    public init(debounceSeconds: Double = 0.005, now: @escaping () -> Double) {
        self.debounceSeconds = debounceSeconds
        self.now = now
        fileSystem = LocalFileSystem()
    }

    // MARK: Input

    /// Handles every message read so far, in order; a `$/cancelRequest` among them cancels a request of the same
    /// batch that comes before its handling.
    public func receive(batch bodies: [[UInt8]]) {
        let messages = bodies.map { LSPValue.parse($0) }
        var cancelled: Set<String> = []
        for case let message? in messages where message["method"]?.stringValue == "$/cancelRequest" {
            if let id = message["params"]?["id"] { cancelled.insert(Self.key(id)) }
        }
        for (body, message) in zip(bodies, messages) {
            guard let message else {
                respondError(id: .null, ErrorCode.parseError, "the message is not JSON (\(body.count) bytes)")
                continue
            }
            if let id = message["id"], message["method"] != nil, cancelled.contains(Self.key(id)) {
                respondError(id: id, ErrorCode.requestCancelled, "cancelled")
                continue
            }
            handle(message)
        }
    }

    public func receive(_ body: [UInt8]) { receive(batch: [body]) }

    static func key(_ id: LSPValue) -> String { String(decoding: id.bytes, as: UTF8.self) }

    func handle(_ message: LSPValue) {
        guard message.isObject else {
            return respondError(id: .null, ErrorCode.invalidRequest, "a message is a JSON object")
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (client/registerCapability), or nonsense.
            if id != nil, message["result"] != nil || message["error"] != nil { return }
            return respondError(id: id ?? .null, ErrorCode.invalidRequest, "a request needs a method")
        }
        if let id {
            switch id {
            case .string, .number: break
            default: return respondError(id: .null, ErrorCode.invalidRequest, "a request id is a number or a string")
            }
        }
        let params = message["params"] ?? .null
        if method == "exit" {
            exitCode = shuttingDown ? 0 : 1
            return
        }
        guard initialized || method == "initialize" else {
            if let id { respondError(id: id, ErrorCode.serverNotInitialized, "the server is not initialized") }
            return
        }
        if let id {
            if shuttingDown { return respondError(id: id, ErrorCode.invalidRequest, "the server is shutting down") }
            request(id: id, method: method, params: params)
        } else {
            notification(method: method, params: params)
        }
    }

    func request(id: LSPValue, method: String, params: LSPValue) {
        switch method {
        case "initialize":
            initialized = true
            supportsWatchRegistration =
                params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue
                ?? false
            respond(id: id, Self.initializeResult)
        case "shutdown":
            shuttingDown = true
            respond(id: id, .null)
        case "textDocument/codeAction":
            withDocument(id, params) { respond(id: id, codeActions($0, params)) }
        case "textDocument/hover":
            withDocument(id, params) { respond(id: id, hover($0, params)) }
        case "textDocument/completion":
            withDocument(id, params) { respond(id: id, completion($0, params)) }
        case "workspace/executeCommand":
            executeCommand(id: id, params)
        default:
            respondError(id: id, ErrorCode.methodNotFound, "unknown method '\(method)'")
        }
    }

    func notification(method: String, params: LSPValue) {
        switch method {
        case "initialized":
            if supportsWatchRegistration { registerWatchers() }
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue,
                let text = item["text"]?.stringValue
            else { return }
            documents[uri] = Document(
                uri: uri, path: Self.path(of: uri), version: item["version"]?.intValue ?? 0,
                text: TextPositions(Array(text.utf8)),
                findings: nil, due: now())
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else { return }
            for change in params["contentChanges"]?.arrayValue ?? [] {
                guard let text = change["text"]?.stringValue else { continue }
                if let range = change["range"], let start = Self.offset(range["start"], in: document.text),
                    let end = Self.offset(range["end"], in: document.text), start <= end
                {
                    var bytes = document.text.bytes
                    bytes.replaceSubrange(start..<end, with: Array(text.utf8))
                    document.text = TextPositions(bytes)
                } else {
                    document.text = TextPositions(Array(text.utf8))
                }
            }
            document.version = params["textDocument"]?["version"]?.intValue ?? document.version + 1
            document.findings = nil
            document.due = now() + debounceSeconds
            documents[uri] = document
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let saved = documents[uri] else { return }
            if isConfigOrContract(saved.path) {
                // Saved in this editor: clients without file watching send no didChangeWatchedFiles for it.
                relintAll()
                return
            }
            documents[uri]?.due = now()
            runProjectRules(for: uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, documents.removeValue(forKey: uri) != nil
            else { return }
            publish(uri: uri, version: nil, [])
        case "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration":
            relintAll()
        default:
            break  // $/cancelRequest (handled per batch), $/setTrace, unknown notifications: ignored, as LSP says.
        }
    }

    /// Runs a document request on an open document, linting it first when a lint is due; an unknown document is
    /// an empty answer.
    func withDocument(_ id: LSPValue, _ params: LSPValue, _ answer: (Document) -> Void) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            return respondError(id: id, ErrorCode.invalidParams, "params.textDocument.uri is missing")
        }
        guard documents[uri] != nil else { return respond(id: id, .null) }
        if documents[uri]?.findings == nil { lint(uri) }
        guard let document = documents[uri] else { return respond(id: id, .null) }
        answer(document)
    }

    // MARK: Linting

    /// When the next debounced lint is due, if one is.
    public var nextDue: Double? { documents.values.compactMap(\.due).min() }

    /// Lints every document whose lint is due by now.
    public func lintDue() {
        let time = now()
        for uri in documents.keys.sorted() where (documents[uri]?.due).map({ $0 <= time }) ?? false { lint(uri) }
    }

    func isConfigOrContract(_ path: String) -> Bool {
        path.hasSuffix("/" + Project.configFileName)
            || projects.values.contains {
                if case .success(let p) = $0 { return p.contractFile == path } else { return false }
            }
    }

    func relintAll() {
        projects = [:]
        for uri in documents.keys {
            documents[uri]?.findings = nil
            documents[uri]?.due = now()
        }
    }

    func project(forFolder folder: String) -> Result<Project, ConfigurationError> {
        if let cached = projects[folder] { return cached }
        let result: Result<Project, ConfigurationError>
        do {
            let project = try Project.load(configPath: nil, contractPath: nil, cwd: folder, fileSystem: fileSystem)
            // The app's sources, as `pushlint lint` reads them: the app-* rules judge in the editor as on the command
            // line (they are read again when the configuration changes).
            do throws(Discovery.MissingPath) {
                result = .success(try project.readingApp(cwd: folder, fileSystem: fileSystem, jobs: 1))
            } catch {
                result = .failure(
                    ConfigurationError(
                        path: project.config.path ?? folder, position: nil,
                        message: "the app folder '\(error.path)' does not exist",
                        hint: "fix the 'app' folders of the configuration"))
            }
        } catch {
            result = .failure(error)
        }
        projects[folder] = result
        return result
    }

    func lint(_ uri: String) {
        guard var document = documents[uri] else { return }
        document.due = nil
        let folder = Self.parent(document.path)
        switch project(forFolder: folder) {
        case .failure(let error):
            document.findings = []
            documents[uri] = document
            let location = error.position.map { "\(error.path):\($0.line):\($0.column)" } ?? error.path
            let item: LSPValue = .object([
                ("range", document.text.range(0, 0)), ("severity", .int(1)), ("source", .string("pushlint")),
                (
                    "message",
                    .string("pushlint cannot lint this file: configuration error in \(location): \(error.message)")
                ),
            ])
            return publish(uri: uri, version: document.version, [item])
        case .success(let project):
            let engine = Engine(project: project, options: LintOptions(jobs: 1), fileSystem: fileSystem)
            let report = engine.lint(
                editorText: document.text.bytes, absolutePath: document.path, displayPath: document.path)
            document.findings = report.files.first?.diagnostics ?? []
            for rule in report.rules { document.rules[rule.id] = rule }
        }
        documents[uri] = document
        var items = (document.findings ?? []).map { lspDiagnostic($0, document) }
        if case .success(let project) = project(forFolder: folder) {
            items += projectItems(document, base: project.baseDirectory)
        }
        publish(uri: uri, version: document.version, items)
    }

    // MARK: Project rules, on save

    /// Lints the saved document's whole config folder as `pushlint lint` does there and keeps the project
    /// findings; the open documents of that folder show the ones that name them.
    func runProjectRules(for uri: String) {
        guard let document = documents[uri], document.path.hasPrefix("/"),
            case .success(let project) = project(forFolder: Self.parent(document.path))
        else { return }
        let base = project.baseDirectory
        let request = LintRequest(paths: [base], workingDirectory: base, options: LintOptions(jobs: 2))
        guard let outcome = try? LintSession.run(request, fileSystem: fileSystem) else { return }
        projectFindings[base] = outcome.report.project
        for (other, open) in documents where open.path.hasPrefix(base + "/") { documents[other]?.due = now() }
    }

    /// The project findings that name the document, at its start, with the other files as related information.
    func projectItems(_ document: Document, base: String) -> [LSPValue] {
        guard document.path.hasPrefix(base + "/") else { return [] }
        let relative = String(document.path.dropFirst(base.count + 1))
        return (projectFindings[base] ?? []).filter { $0.related.contains(relative) }.map { finding in
            let zero = document.text.range(0, 0)
            let others: [LSPValue] = finding.related.filter { $0 != relative }.map { path in
                .object([
                    ("location", .object([("uri", .string(Self.uri(ofPath: base + "/" + path))), ("range", zero)])),
                    ("message", .string("also part of this \(finding.ruleId) finding")),
                ])
            }
            var members: [(String, LSPValue)] = [
                ("range", zero), ("severity", .int(Self.severity(finding.severity))), ("code", .string(finding.ruleId)),
                ("codeDescription", .object([("href", .string(RuleDocumentation.pageURL(finding.ruleId)))])),
                ("source", .string("pushlint")),
                ("message", .string(finding.message + (finding.help.map { " (help: \($0))" } ?? ""))),
            ]
            if !others.isEmpty { members.append(("relatedInformation", .array(others))) }
            return .object(members)
        }
    }

    /// A `file://` URI of an absolute path, percent-encoding what is not unreserved or `/`.
    static func uri(ofPath path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let digits = Array("0123456789ABCDEF")
                out += "%" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
            }
        }
        return out
    }

    func lspDiagnostic(_ d: Diagnostic, _ document: Document) -> LSPValue {
        var members: [(String, LSPValue)] = [
            ("range", document.text.range(d.span.start, d.span.end)),
            ("severity", .int(Self.severity(d.severity))),
            ("code", .string(d.ruleId)),
            ("codeDescription", .object([("href", .string(RuleDocumentation.pageURL(d.ruleId)))])),
            ("source", .string("pushlint")),
            ("message", .string(d.message + (d.help.map { " (help: \($0))" } ?? ""))),
        ]
        if d.fix != nil { members.append(("data", .object([("fixable", .bool(true))]))) }
        return .object(members)
    }

    static func severity(_ s: Severity) -> Int {
        switch s {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        }
    }

    func publish(uri: String, version: Int?, _ diagnostics: [LSPValue]) {
        var params: [(String, LSPValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .int(version))) }
        params.append(("diagnostics", .array(diagnostics)))
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
                ("params", .object(params)),
            ]))
    }

    // MARK: Code actions, hover

    /// The findings whose range meets `range` (LSP positions), with their byte spans.
    func findings(_ document: Document, meeting range: LSPValue?) -> [Diagnostic] {
        let start = Self.offset(range?["start"], in: document.text) ?? 0
        let end = Self.offset(range?["end"], in: document.text) ?? start
        return (document.findings ?? []).filter { $0.span.start <= end && start <= $0.span.end }
    }

    func codeActions(_ document: Document, _ params: LSPValue) -> LSPValue {
        var actions: [LSPValue] = []
        let found = findings(document, meeting: params["range"])
        for d in found {
            guard let fix = d.fix else { continue }
            let edits: [LSPValue] = fix.edits.map {
                .object([
                    ("range", document.text.range($0.offset, $0.offset + $0.length)), ("newText", .string($0.text)),
                ])
            }
            let title = (fix.isSafe ? "Fix: " : "Fix (unsafe, check the result): ") + (d.help ?? d.message)
            actions.append(
                .object([
                    ("title", .string(title)), ("kind", .string("quickfix")),
                    ("diagnostics", .array([lspDiagnostic(d, document)])),
                    ("isPreferred", .bool(fix.isSafe)),
                    ("edit", .object([("changes", .object([(document.uri, .array(edits))]))])),
                ]))
        }
        var disabled: Set<String> = []
        for d in found where document.path.hasPrefix("/") && disabled.insert(d.ruleId).inserted {
            actions.append(
                .object([
                    ("title", .string("Disable \(d.ruleId) for this file (in .pushlint.json)")),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([lspDiagnostic(d, document)])),
                    (
                        "command",
                        .object([
                            ("title", .string("Disable \(d.ruleId) for this file")),
                            ("command", .string(Self.disableRuleCommand)),
                            ("arguments", .array([.string(document.uri), .string(d.ruleId)])),
                        ])
                    ),
                ]))
        }
        return .array(actions)
    }

    func hover(_ document: Document, _ params: LSPValue) -> LSPValue {
        let position = params["position"]
        let found = findings(document, meeting: .object([("start", position ?? .null), ("end", position ?? .null)]))
        guard !found.isEmpty else { return .null }
        var ids: [String] = []
        for d in found where !ids.contains(d.ruleId) { ids.append(d.ruleId) }
        let pages = ids.map { id in
            document.rules[id].map(RuleDocumentation.page) ?? EditorSchemas.ruleDescriptions.first { $0.id == id }.map(
                RuleDocumentation.page) ?? id
        }
        let first = found[0]
        return .object([
            (
                "contents",
                .object([("kind", .string("markdown")), ("value", .string(pages.joined(separator: "\n---\n\n")))])
            ),
            ("range", document.text.range(first.span.start, first.span.end)),
        ])
    }

    // MARK: Disable a rule for a file

    func executeCommand(id: LSPValue, _ params: LSPValue) {
        guard params["command"]?.stringValue == Self.disableRuleCommand,
            let arguments = params["arguments"]?.arrayValue,
            arguments.count == 2, let uri = arguments[0].stringValue, let rule = arguments[1].stringValue
        else {
            return respondError(id: id, ErrorCode.invalidParams, "unknown command or arguments")
        }
        guard allowsWrites else {
            return respondError(id: id, ErrorCode.invalidRequest, "this server does not write files")
        }
        guard EditorSchemas.ruleDescriptions.contains(where: { $0.id == rule }) else {
            return respondError(id: id, ErrorCode.invalidParams, "unknown rule id '\(rule)'")
        }
        let path = Self.path(of: uri)
        let folder = Self.parent(path)
        let loaded: Project
        switch project(forFolder: folder) {
        case .failure(let error):
            return respondError(id: id, ErrorCode.invalidParams, "the configuration does not load: \(error.message)")
        case .success(let p): loaded = p
        }
        do {
            try ConfigEditor.disable(rule: rule, forFile: path, project: loaded, folder: folder, fileSystem: fileSystem)
        } catch {
            return respondError(id: id, ErrorCode.invalidParams, error.message)
        }
        relintAll()
        respond(id: id, .null)
    }

    // MARK: Output

    func send(_ value: LSPValue) { outbox.append(value.bytes) }

    func respond(id: LSPValue, _ result: LSPValue) {
        send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    func respondError(id: LSPValue, _ code: Int, _ message: String) {
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("id", id),
                ("error", .object([("code", .int(code)), ("message", .string(message))])),
            ]))
    }

    func registerWatchers() {
        let watchers: LSPValue = .array(
            ["**/.pushlint.json", "**/*contract*.json"].map { .object([("globPattern", .string($0))]) })
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("id", .string("pushlint-\(nextRequestID)")),
                ("method", .string("client/registerCapability")),
                (
                    "params",
                    .object([
                        (
                            "registrations",
                            .array([
                                .object([
                                    ("id", .string("pushlint-watch")),
                                    ("method", .string("workspace/didChangeWatchedFiles")),
                                    ("registerOptions", .object([("watchers", watchers)])),
                                ])
                            ])
                        )
                    ])
                ),
            ]))
        nextRequestID += 1
    }

    static let initializeResult: LSPValue = .object([
        (
            "capabilities",
            .object([
                ("positionEncoding", .string("utf-16")),
                (
                    "textDocumentSync",
                    .object([
                        ("openClose", .bool(true)), ("change", .int(1)),
                        ("save", .object([("includeText", .bool(false))])),
                    ])
                ),
                ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                ("hoverProvider", .bool(true)),
                ("completionProvider", .object([("triggerCharacters", .array([.string("\""), .string(":")]))])),
                ("executeCommandProvider", .object([("commands", .array([.string(disableRuleCommand)]))])),
            ])
        ),
        ("serverInfo", .object([("name", .string("pushlint")), ("version", .string(PushLintInfo.version))])),
    ])

    // MARK: Helpers

    static func offset(_ position: LSPValue?, in text: TextPositions) -> Int? {
        guard let line = position?["line"]?.intValue, let character = position?["character"]?.intValue else {
            return nil
        }
        return text.offset(line: line, character: character)
    }

    /// The file path of a `file://` URI (percent-decoded); other URIs are their own name.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = Array(uri.utf8.dropFirst(7))
        // file://host/path: only the local host is a path here.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) }
        var out: [UInt8] = []
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let h = hexValue(rest[i + 1]),
                let l = hexValue(rest[i + 2])
            {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(rest[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func parent(_ path: String) -> String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
