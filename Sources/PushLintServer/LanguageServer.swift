import PushLintEngine
import PushLintJSON
import PushLintModel

/// The pushlint language server, without I/O: message bodies in (`receive`), message bodies out (`outbox`).
/// One thread drives it (the stdio loop, or a test); the heavy work (linting a document, the project rules on save)
/// runs off that thread (`BackgroundWork`), so that every request is answered at once whatever a document costs.
/// Documents are linted by the same engine, config and contract resolution as `pushlint lint` for their path.
/// Changes are debounced: a document is linted `debounceSeconds` (5 ms) after its last change (`lintDue`), and the
/// stdio loop lints only when no more input is waiting, so a burst of changes is linted once; a newer version of a
/// document cancels the lint of the older one. The budget is 20 ms from a change to its diagnostics (BENCHMARKS.md).
/// Finished work is published by `collectFinished`.
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
    let fileSystem: any FileSystem

    var initialized = false
    var shuttingDown = false
    var supportsWatchRegistration = false
    var nextRequestID = 1
    /// The workspace folders the client opened (absolute paths): project rules run in them when no config is above
    /// a document, and `.pushlint.json` is written only inside them.
    var workspaceFolders: [String] = []

    struct Document {
        var uri: String
        var path: String
        var version: Int
        var text: TextPositions
        /// The findings of the last lint of this version, nil while a lint is due or running.
        var findings: [Diagnostic]?
        /// `findings` as LSP diagnostics.
        var items: [LSPValue] = []
        var rules: [String: RuleDescription] = [:]
        /// When the debounced lint is due (seconds on the server's clock).
        var due: Double?
        /// The running lint of this document: its number, and what cancels it.
        var lint: (generation: Int, cancellation: Cancellation)?
    }

    var documents: [String: Document] = [:]
    /// The findings of project rules (priority ratio, platform parity, collapse keys) by project folder, from the
    /// last run of the project rules on save.
    var projectFindings: [String: [ProjectDiagnostic]] = [:]
    /// The running project rules: their number, and what cancels them (a newer save, shutdown).
    var projectRun: (generation: Int, cancellation: Cancellation)?
    /// Loaded projects by the folder of the linted file; `projectsGeneration` counts the times the cache was
    /// emptied (a config changed), so that a project loaded before that is not cached after it.
    var projects: [String: Result<Project, ConfigurationError>] = [:]
    var projectsGeneration = 0
    var nextGeneration = 1
    /// The clock the debounce reads: seconds.
    let now: () -> Double
    let work: BackgroundWork<Finished>

    /// Whether `workspace/executeCommand` may write `.pushlint.json` (the fuzz target turns it off).
    public var allowsWrites = true

    /// `wake` is called (from a worker thread) when background work has finished: the stdio loop then calls
    /// `collectFinished`. `inlineWork` runs the work on the calling thread instead (the fuzz target).
    public init(
        debounceSeconds: Double = 0.005, now: @escaping () -> Double, fileSystem: any FileSystem,
        inlineWork: Bool = false, wake: @escaping @Sendable () -> Void = {}
    ) {
        self.debounceSeconds = debounceSeconds
        self.now = now
        self.fileSystem = fileSystem
        work = BackgroundWork(maxRunning: 2, inline: inlineWork, wake: wake)
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
        collectFinished()
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
            cancelAllWork()
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
            workspaceFolders = Self.workspaceFolders(params)
            respond(id: id, Self.initializeResult)
        case "shutdown":
            shuttingDown = true
            cancelAllWork()
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
            documents[uri]?.lint?.cancellation.cancel()
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
            // The lint of the older text is of no use any more.
            document.lint?.cancellation.cancel()
            document.lint = nil
            documents[uri] = document
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let saved = documents[uri] else { return }
            if isConfigOrContract(saved.path) {
                // Saved in this editor: clients without file watching send no didChangeWatchedFiles for it.
                relintAll()
                return
            }
            if saved.findings == nil, saved.due == nil, saved.lint == nil { documents[uri]?.due = now() }
            runProjectRules(for: uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let closed = documents.removeValue(forKey: uri)
            else { return }
            closed.lint?.cancellation.cancel()
            publish(uri: uri, version: nil, [])
        case "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration":
            relintAll()
        case "workspace/didChangeWorkspaceFolders":
            let event = params["event"]
            let removed = Set(Self.folderPaths(event?["removed"]))
            workspaceFolders.removeAll { removed.contains($0) }
            for folder in Self.folderPaths(event?["added"]) where !workspaceFolders.contains(folder) {
                workspaceFolders.append(folder)
            }
        default:
            break  // $/cancelRequest (handled per batch), $/setTrace, unknown notifications: ignored, as LSP says.
        }
    }

    /// Runs a document request on an open document with the findings of its last finished lint (none while its
    /// lint runs: a request never waits for one); an unknown document is an empty answer.
    func withDocument(_ id: LSPValue, _ params: LSPValue, _ answer: (Document) -> Void) {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            return respondError(id: id, ErrorCode.invalidParams, "params.textDocument.uri is missing")
        }
        guard let document = documents[uri] else { return respond(id: id, .null) }
        answer(document)
    }

    /// The workspace folders of `initialize`: `workspaceFolders`, else `rootUri`, else `rootPath`; only `file:`
    /// URIs of absolute paths, never the root of the file system.
    static func workspaceFolders(_ params: LSPValue) -> [String] {
        let folders = folderPaths(params["workspaceFolders"])
        if !folders.isEmpty { return folders }
        if let root = params["rootUri"]?.stringValue, let path = localPath(ofFileURI: root), path != "/" {
            return [path]
        }
        if let root = params["rootPath"]?.stringValue, root.hasPrefix("/") {
            let path = PathText.normalize(root)
            return path == "/" ? [] : [path]
        }
        return []
    }

    static func folderPaths(_ list: LSPValue?) -> [String] {
        (list?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.flatMap(localPath(ofFileURI:)) }.filter {
            $0 != "/"
        }
    }

    /// The normalized absolute path of a `file:` URI; nil for any other URI (`untitled:`, `vscode-notebook:`).
    static func localPath(ofFileURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        let path = path(of: uri)
        guard path.hasPrefix("/"), !path.utf8.contains(0) else { return nil }
        return PathText.normalize(path)
    }

    /// The workspace folder that holds `path` (the innermost), if one does.
    func workspaceFolder(holding path: String) -> String? {
        Self.workspaceFolder(in: workspaceFolders, holding: path)
    }

    /// The folder of `folders` that holds `path` (the innermost), if one does.
    static func workspaceFolder(in folders: [String], holding path: String) -> String? {
        folders.filter { path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
    }

    // MARK: Linting

    /// When the next debounced lint is due, if one is.
    public var nextDue: Double? { documents.values.compactMap(\.due).min() }

    /// Starts the lint of every document whose lint is due by now.
    public func lintDue() {
        let time = now()
        for uri in documents.keys.sorted() where (documents[uri]?.due).map({ $0 <= time }) ?? false { lint(uri) }
    }

    /// Whether no background work waits or runs.
    public var isIdle: Bool { work.isIdle }

    /// Publishes what background work has finished (a stale result, of an older version or a cancelled run, is
    /// dropped).
    public func collectFinished() {
        for finished in work.takeFinished() {
            switch finished {
            case .lint(let result): apply(result)
            case .projectRules(let result): apply(result)
            }
        }
    }

    func cancelAllWork() {
        for uri in documents.keys {
            documents[uri]?.lint?.cancellation.cancel()
            documents[uri]?.lint = nil
        }
        projectRun?.cancellation.cancel()
        projectRun = nil
    }

    func isConfigOrContract(_ path: String) -> Bool {
        path.hasSuffix("/" + Project.configFileName)
            || projects.values.contains {
                if case .success(let p) = $0 { return p.contractFile == path } else { return false }
            }
    }

    func relintAll() {
        projects = [:]
        projectsGeneration += 1
        for uri in documents.keys {
            documents[uri]?.lint?.cancellation.cancel()
            documents[uri]?.lint = nil
            documents[uri]?.findings = nil
            documents[uri]?.due = now()
        }
    }

    /// The project of a folder as `pushlint lint` loads it there: the config and contract above it, and the app's
    /// sources (the app-* rules judge in the editor as on the command line; they are read again when the
    /// configuration changes).
    static func loadProject(folder: String, fileSystem: any FileSystem) -> Result<Project, ConfigurationError> {
        do {
            let project = try Project.load(configPath: nil, contractPath: nil, cwd: folder, fileSystem: fileSystem)
            do throws(Discovery.MissingPath) {
                return .success(try project.readingApp(cwd: folder, fileSystem: fileSystem, jobs: 1))
            } catch {
                return .failure(
                    ConfigurationError(
                        path: project.config.path ?? folder, position: nil,
                        message: "the app folder '\(error.path)' does not exist",
                        hint: "fix the 'app' folders of the configuration"))
            }
        } catch {
            return .failure(error)
        }
    }

    /// The project of a folder for a command (no app sources: the command needs the config only), from the cache
    /// when a lint loaded it.
    func commandProject(forFolder folder: String) -> Result<Project, ConfigurationError> {
        if let cached = projects[folder] { return cached }
        do {
            return .success(try Project.load(configPath: nil, contractPath: nil, cwd: folder, fileSystem: fileSystem))
        } catch {
            return .failure(error)
        }
    }

    /// What a piece of background work hands back.
    enum Finished: Sendable {
        case lint(LintResult)
        case projectRules(ProjectRulesResult)
    }

    struct LintResult: Sendable {
        var uri: String
        var generation: Int
        var folder: String
        /// The project as loaded for the lint, with the cache generation it was loaded in (nil: it came from the
        /// cache).
        var loaded: (project: Result<Project, ConfigurationError>, cacheGeneration: Int)?
        var findings: [Diagnostic]
        var items: [LSPValue]
        var rules: [RuleDescription]
        var base: String?
    }

    struct ProjectRulesResult: Sendable {
        var generation: Int
        var base: String
        var findings: [ProjectDiagnostic]
    }

    /// Starts the lint of a document off the request thread, cancelling the lint of its older text.
    func lint(_ uri: String) {
        guard var document = documents[uri] else { return }
        document.due = nil
        document.lint?.cancellation.cancel()
        let generation = nextGeneration
        nextGeneration += 1
        let cancellation = Cancellation()
        document.lint = (generation, cancellation)
        documents[uri] = document
        let folder = PathText.parent(document.path)
        let cached = projects[folder]
        let cacheGeneration = projectsGeneration
        let fileSystem = CancellableFileSystem(base: self.fileSystem, cancellation: cancellation)
        let text = document.text
        let path = document.path
        work.submit(cancellation) {
            let project = cached ?? Self.loadProject(folder: folder, fileSystem: fileSystem)
            guard !cancellation.isCancelled else { return nil }
            var result = LintResult(
                uri: uri, generation: generation, folder: folder,
                loaded: cached == nil ? (project, cacheGeneration) : nil, findings: [], items: [], rules: [])
            switch project {
            case .failure(let error):
                let location = error.position.map { "\(error.path):\($0.line):\($0.column)" } ?? error.path
                result.items = [
                    .object([
                        ("range", text.range(0, 0)), ("severity", .int(1)), ("source", .string("pushlint")),
                        (
                            "message",
                            .string(
                                "pushlint cannot lint this file: configuration error in \(location): \(error.message)")
                        ),
                    ])
                ]
            case .success(let project):
                let report = Self.lintReport(text: text, path: path, project: project, fileSystem: fileSystem)
                result.findings = report.findings
                result.rules = report.rules
                result.items = Self.lspDiagnostics(result.findings, text)
                result.base = project.baseDirectory
            }
            return cancellation.isCancelled ? nil : .lint(result)
        }
    }

    /// A document's findings as `pushlint lint` finds them in the file at `path`: a `.jsonl`/`.ndjson` document
    /// line by line (its findings' spans, which count from their line's start, moved to the document's), any other
    /// as one JSON text.
    static func lintReport(text: TextPositions, path: String, project: Project, fileSystem: any FileSystem) -> (
        findings: [Diagnostic], rules: [RuleDescription]
    ) {
        let engine = Engine(project: project, options: LintOptions(jobs: 1), fileSystem: fileSystem)
        guard Engine.isJSONLines(path) else {
            let report = engine.lint(editorText: text.bytes, absolutePath: path, displayPath: path)
            return (report.files.first?.diagnostics ?? [], report.rules)
        }
        let bytes = text.bytes
        let report = engine.lint(
            editorJSONLines: { sink in
                bytes.withUnsafeBufferPointer { sink($0) }
                return nil
            }, absolutePath: path, displayPath: path)
        // JSON Lines lines end at `\n` (JSONLinesSplitter), whatever LSP counts as a line.
        var lineStarts = [0]
        for (i, b) in bytes.enumerated() where b == 10 { lineStarts.append(i + 1) }
        let diagnostics = report.files.first { $0.path.absolute == path }?.diagnostics ?? []
        let moved = diagnostics.map { finding -> Diagnostic in
            guard let line = finding.location?.line, line >= 1, line <= lineStarts.count else { return finding }
            let start = lineStarts[line - 1]
            var moved = finding
            moved.span = ByteSpan(start + finding.span.start, start + finding.span.end)
            if var fix = moved.fix {
                for i in fix.edits.indices { fix.edits[i].offset += start }
                moved.fix = fix
            }
            return moved
        }
        return (moved, report.rules)
    }

    func apply(_ result: LintResult) {
        if let loaded = result.loaded, loaded.cacheGeneration == projectsGeneration {
            projects[result.folder] = loaded.project
        }
        guard var document = documents[result.uri], document.lint?.generation == result.generation else { return }
        document.lint = nil
        document.findings = result.findings
        document.items = result.items
        for rule in result.rules { document.rules[rule.id] = rule }
        documents[result.uri] = document
        var items = result.items
        if let base = result.base { items += projectItems(document, base: base) }
        publish(uri: result.uri, version: document.version, items)
    }

    // MARK: Project rules, on save

    /// Lints the saved document's project folder as `pushlint lint` does there, off the request thread, and keeps
    /// the project findings; the open documents of that folder show the ones that name them. The folder is the
    /// config's; with no config above the document, the workspace folder that holds it. The folder must be a
    /// workspace folder the client gave or inside one, else the project rules do not run: the walk covers the
    /// whole folder, and a config outside the workspace (`~/.pushlint.json`) would make that all of `$HOME`, a
    /// document outside every workspace folder `/`. A newer save or shutdown cancels the run.
    func runProjectRules(for uri: String) {
        guard let document = documents[uri], document.path.hasPrefix("/"), uri.hasPrefix("file://") else { return }
        let folders = workspaceFolders
        let workspace = workspaceFolder(holding: document.path)
        let folder = PathText.parent(document.path)
        projectRun?.cancellation.cancel()
        let generation = nextGeneration
        nextGeneration += 1
        let cancellation = Cancellation()
        projectRun = (generation, cancellation)
        let fileSystem = CancellableFileSystem(base: self.fileSystem, cancellation: cancellation)
        work.submit(cancellation) {
            guard
                let project = try? Project.load(
                    configPath: nil, contractPath: nil, cwd: folder, fileSystem: fileSystem)
            else { return nil }
            guard let base = project.configFile != nil ? project.baseDirectory : workspace,
                Self.workspaceFolder(in: folders, holding: base + "/") != nil
            else { return nil }
            let request = LintRequest(paths: [base], workingDirectory: base, options: LintOptions(jobs: 1))
            guard let outcome = try? LintSession.run(request, fileSystem: fileSystem), !cancellation.isCancelled
            else { return nil }
            return .projectRules(
                ProjectRulesResult(generation: generation, base: base, findings: outcome.report.project))
        }
    }

    func apply(_ result: ProjectRulesResult) {
        guard projectRun?.generation == result.generation else { return }
        projectRun = nil
        projectFindings[result.base] = result.findings
        // The open documents of the folder whose lint is current show the new project findings now.
        for uri in documents.keys.sorted() {
            guard let document = documents[uri], document.path.hasPrefix(result.base + "/"),
                document.findings != nil
            else { continue }
            publish(
                uri: uri, version: document.version, document.items + projectItems(document, base: result.base))
        }
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

    /// Findings as LSP diagnostics, their ranges found in one sweep of the text.
    static func lspDiagnostics(_ findings: [Diagnostic], _ text: TextPositions) -> [LSPValue] {
        let ranges = text.ranges(findings.map { ($0.span.start, $0.span.end) })
        return zip(findings, ranges).map { d, range in
            var members: [(String, LSPValue)] = [
                ("range", range),
                ("severity", .int(Self.severity(d.severity))),
                ("code", .string(d.ruleId)),
                ("codeDescription", .object([("href", .string(RuleDocumentation.pageURL(d.ruleId)))])),
                ("source", .string("pushlint")),
                ("message", .string(d.message + (d.help.map { " (help: \($0))" } ?? ""))),
            ]
            if d.fix != nil { members.append(("data", .object([("fixable", .bool(true))]))) }
            return .object(members)
        }
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

    /// The indexes of the findings whose range meets `range` (LSP positions).
    func findings(_ document: Document, meeting range: LSPValue?) -> [Int] {
        let start = Self.offset(range?["start"], in: document.text) ?? 0
        let end = Self.offset(range?["end"], in: document.text) ?? start
        return (document.findings ?? []).indices.filter {
            let span = document.findings![$0].span
            return span.start <= end && start <= span.end
        }
    }

    func codeActions(_ document: Document, _ params: LSPValue) -> LSPValue {
        guard let findings = document.findings, document.items.count == findings.count else { return .array([]) }
        var actions: [LSPValue] = []
        let found = self.findings(document, meeting: params["range"])
        let fixed = found.filter { findings[$0].fix != nil }
        let edits = fixed.flatMap { findings[$0].fix!.edits }
        var ranges = document.text.ranges(edits.map { ($0.offset, $0.offset + $0.length) })[...]
        for index in fixed {
            let d = findings[index]
            let fix = d.fix!
            let edits: [LSPValue] = zip(fix.edits, ranges.prefix(fix.edits.count)).map { edit, range in
                .object([("range", range), ("newText", .string(edit.text))])
            }
            ranges = ranges.dropFirst(fix.edits.count)
            let title = (fix.isSafe ? "Fix: " : "Fix (unsafe, check the result): ") + (d.help ?? d.message)
            actions.append(
                .object([
                    ("title", .string(title)), ("kind", .string("quickfix")),
                    ("diagnostics", .array([document.items[index]])),
                    ("isPreferred", .bool(fix.isSafe)),
                    ("edit", .object([("changes", .object([(document.uri, .array(edits))]))])),
                ]))
        }
        var disabled: Set<String> = []
        let writable = configFolderRefusal(uri: document.uri) == nil
        for index in found where writable && disabled.insert(findings[index].ruleId).inserted {
            let id = findings[index].ruleId
            actions.append(
                .object([
                    ("title", .string("Disable \(id) for this file (in .pushlint.json)")),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([document.items[index]])),
                    (
                        "command",
                        .object([
                            ("title", .string("Disable \(id) for this file")),
                            ("command", .string(Self.disableRuleCommand)),
                            ("arguments", .array([.string(document.uri), .string(id)])),
                        ])
                    ),
                ]))
        }
        return .array(actions)
    }

    func hover(_ document: Document, _ params: LSPValue) -> LSPValue {
        let position = params["position"]
        let found = findings(document, meeting: .object([("start", position ?? .null), ("end", position ?? .null)]))
            .map { document.findings![$0] }
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
        if let refusal = configFolderRefusal(uri: uri) {
            return respondError(id: id, ErrorCode.invalidParams, refusal)
        }
        let path = Self.localPath(ofFileURI: uri)!
        let folder = PathText.parent(path)
        let loaded: Project
        switch commandProject(forFolder: folder) {
        case .failure(let error):
            return respondError(id: id, ErrorCode.invalidParams, "the configuration does not load: \(error.message)")
        case .success(let p): loaded = p
        }
        let file = loaded.configFile ?? folder + "/" + Project.configFileName
        guard workspaceFolder(holding: file) != nil else {
            return respondError(
                id: id, ErrorCode.invalidParams,
                "the configuration '\(file)' is outside the workspace folders; pushlint writes only inside them")
        }
        do {
            try ConfigEditor.disable(rule: rule, forFile: path, project: loaded, folder: folder, fileSystem: fileSystem)
        } catch {
            return respondError(id: id, ErrorCode.invalidParams, error.message)
        }
        relintAll()
        respond(id: id, .null)
    }

    /// Why "disable for this file" may not write a config for the document at `uri`, or nil when it may: only a
    /// `file:` document inside one of the workspace folders the client opened (an `untitled:` document has no
    /// folder, and the root taken for it would receive `/.pushlint.json`).
    func configFolderRefusal(uri: String) -> String? {
        guard let path = Self.localPath(ofFileURI: uri) else {
            return "'\(uri)' is not a file on disk (a file: URI); save it in a workspace folder first"
        }
        guard workspaceFolder(holding: path) != nil else {
            return workspaceFolders.isEmpty
                ? "the editor opened no workspace folder; pushlint writes .pushlint.json only inside one"
                : "'\(path)' is outside the workspace folders; pushlint writes .pushlint.json only inside them"
        }
        return nil
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

}
