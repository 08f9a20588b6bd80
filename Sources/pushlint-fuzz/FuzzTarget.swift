import Foundation
import PushLintApp
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintReporters
import PushLintServer

/// One fuzz input goes through everything pushlint does with untrusted bytes: the parser in each mode, a full
/// lint with the example contract, and every reporter. Invariants that must hold are checked with
/// `preconditionFailure`, so the fuzzer reports a violation as a crash; time per input is bounded by libFuzzer's
/// `-timeout` (a hang is reported as one).
///
/// A mode (`PUSHLINT_FUZZ_MODE`, or `--mode=NAME` when replaying) aims the input at one surface, so that the
/// fuzzer's coverage feedback works on it alone; each has a seed corpus in testdata/fuzz/<mode>/:
/// - `all` (the default): everything below at once, less deeply;
/// - `contract`: the bytes up to the first `\n---\n` as a contract, the rest as a payload it checks;
/// - `template`: the bytes as a template of each dialect, checked against a contract with variables;
/// - `jsonl`: the bytes as a JSON Lines log, under the contract;
/// - `lsp`: the bytes as JSON-RPC messages (framed, or one JSON text a line) fed to the language server;
/// - `app`: the bytes as each kind of app source file (plist, manifest, strings, Swift, Kotlin, JS, Dart, Expo);
/// - `sns`: the bytes as an AWS SNS envelope and as the escaped platform values of one, as a PubNub message and a
///   Pusher Beams body, and as each sidecar file (SNS attributes, VAPID claims) (`sns(_:)`).
enum FuzzTarget {
    enum Mode: String, CaseIterable {
        case all, contract, template, jsonl, lsp, app, sns
    }

    static let mode: Mode = {
        guard let name = ProcessInfo.processInfo.environment["PUSHLINT_FUZZ_MODE"], !name.isEmpty else { return .all }
        guard let mode = Mode(rawValue: name) else {
            FileHandle.standardError.write(
                Data(
                    "PUSHLINT_FUZZ_MODE=\(name): one of \(Mode.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8
                ))
            exit(2)
        }
        return mode
    }()

    static func run(_ bytes: [UInt8], mode: Mode) {
        switch mode {
        case .all: run(bytes)
        case .contract: contract(bytes)
        case .template: template(bytes)
        case .jsonl: jsonLines(bytes, engine)
        case .lsp: messages(bytes)
        case .app: app(bytes)
        case .sns: sns(bytes)
        }
    }

    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let engine: Engine = {
        let contractPath = repo.appendingPathComponent("testdata/examples/push-contract.json").path
        let contract = (FileManager.default.contents(atPath: contractPath)).flatMap {
            try? Contract.read(path: "push-contract.json", bytes: [UInt8]($0))
        }
        return Engine(
            project: Project(contract: contract, baseDirectory: "/"),
            options: LintOptions(jobs: 1, maxFileBytes: 1 << 20), fileSystem: NoFileSystem())
    }()

    static func run(_ bytes: [UInt8]) {
        for mode in [JSONParseOptions.Mode.strict, .jsonc, .defaultTemplate] {
            for recovers in [false, true] {
                let options = JSONParseOptions(
                    mode: mode, maxDepth: 512, maxBytes: 1 << 20, recoversTrailingCommas: recovers)
                let whole = JSONParser.parse(bytes, options: options)
                check(whole, bytes, mode)
                // The parse in parts (large batches, on every core) must give the same, whatever the bytes.
                for parts in 2...4 {
                    let inParts = JSONParser.parse(bytes, options: options, parts: parts, minimumBytes: 0) {
                        count, body in
                        for part in 0..<count { body(part) }
                    }
                    precondition(
                        inParts.error == whole.error && inParts.issues == whole.issues
                            && inParts.document?.nodes == whole.document?.nodes
                            && inParts.document?.lineStarts == whole.document?.lineStarts,
                        "the parse in \(parts) parts differs from the whole parse")
                }
            }
        }
        for dialect in TemplateDialect.allCases { checkTemplate(TemplateProgram(bytes, dialect: dialect), bytes) }
        // The file name decides template mode and the template dialect; lint every way.
        for name in [
            "fuzz.json", "fuzz.json.tmpl", "fuzz.json.hbs", "fuzz.json.liquid", "fuzz.json.j2", "fuzz.json.gotmpl",
        ] {
            let report = engine.lint(bytes: bytes, path: name)
            checkReport(report, bytes)
        }
        // And as JSON Lines (a sent-message log): each line is a payload, located by its line.
        jsonLines(bytes, engine)
        server(bytes)
        app(bytes)
        sns(bytes)
    }

    /// Engines that read every input as an envelope of one kind.
    static let envelopeEngines = [PayloadKind.sns, .pubnub, .pusherBeams].map { kind in
        Engine(
            project: Project(baseDirectory: "/"), options: LintOptions(kind: kind, jobs: 1, maxFileBytes: 1 << 20),
            fileSystem: NoFileSystem())
    }
    static let snsEngine = envelopeEngines[0]

    /// The bytes as the sidecar files read beside payloads: they never keep a value that looks like key material.
    static func sidecars(_ bytes: [UInt8]) {
        _ = SNSEnvelope.attributes(sidecar: bytes)
        let vapid = VAPIDSidecar.read(path: "fuzz.vapid.json", bytes: bytes)
        if let subject = vapid.claims.subject {
            precondition(!VAPIDClaims.looksLikeSecret(key: "subject", value: subject), "a secret kept as the subject")
        }
    }

    /// Escaped JSON inside JSON (issue 32): the bytes linted as an SNS envelope; written raw between the quotes of
    /// platform values (the input's own escapes) and escaped as a string (the input as the inner document); every
    /// string of the input decoded with its source map, which must agree with the decoder and stay in the literal.
    static func sns(_ bytes: [UInt8]) {
        for envelopeEngine in envelopeEngines {
            checkReport(envelopeEngine.lint(bytes: bytes, path: "fuzz.json"), bytes)
        }
        sidecars(bytes)
        let raw =
            Array(#"{"default": "x", "APNS": ""#.utf8) + bytes + Array(#"", "GCM": ""#.utf8) + bytes
            + Array(#""}"#.utf8)
        checkReport(snsEngine.lint(bytes: raw, path: "fuzz.json"), raw)
        var escaped: [UInt8] = []
        JSONDocument.writeString(bytes, to: &escaped)
        let wrapped = Array(#"{"APNS": "#.utf8) + escaped + Array(#", "GCM": "#.utf8) + escaped + Array("}".utf8)
        checkReport(engine.lint(bytes: wrapped, path: "fuzz.json"), wrapped)
        guard let doc = JSONParser.parse(raw).document else { return }
        for node in doc.nodes.indices where doc.kind(node) == .string || doc.kind(node) == .key {
            let decoded = DecodedJSONString(doc, node)
            let span = doc.span(node)
            precondition(decoded.bytes == doc.stringBytes(node), "the mapped decoding differs from the decoder")
            var previous = span.start
            for offset in 0...decoded.bytes.count {
                let source = decoded.sourceOffset(offset)
                precondition(source >= previous && source < span.end, "a decoded byte maps outside its literal")
                previous = source
            }
        }
    }

    /// The bytes as JSON Lines: every finding on a line the input has, its span inside that line.
    static func jsonLines(_ bytes: [UInt8], _ engine: Engine) {
        let lines = engine.lint(jsonLines: bytes, path: "fuzz.jsonl")
        checkReport(lines, bytes)
        var lineLengths: [Int] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            lineLengths.append(i - start)
            start = i + 1
        }
        lineLengths.append(bytes.count - start)
        for d in lines.allDiagnostics {
            guard let line = d.location?.line, line >= 1, line <= lineLengths.count else {
                preconditionFailure("\(d.ruleId) at a line the input does not have")
            }
            precondition(
                d.span.start >= 0 && d.span.end <= max(lineLengths[line - 1], d.span.start),
                "\(d.ruleId) past the end of its line \(line): \(d.span.start)..<\(d.span.end)")
        }
    }

    // MARK: Contracts and templates

    static let contractSeparator = Array("\n---\n".utf8)

    /// The bytes up to the first `\n---\n` read as a contract (a contract with variables, patterns, enums and
    /// sizes); when it reads, the rest is linted under it as a payload, a placeholder template and JSON Lines.
    static func contract(_ bytes: [UInt8]) {
        var cut = bytes.count
        if bytes.count >= contractSeparator.count {
            for i in 0...(bytes.count - contractSeparator.count)
            where bytes[i] == 0x0A && bytes[i..<(i + contractSeparator.count)].elementsEqual(contractSeparator) {
                cut = i
                break
            }
        }
        let contractBytes = Array(bytes[..<cut])
        let payload = cut < bytes.count ? Array(bytes[(cut + contractSeparator.count)...]) : []
        guard let contract = try? Contract.read(path: "fuzz-contract.json", bytes: contractBytes) else { return }
        let engine = Engine(
            project: Project(contract: contract, baseDirectory: "/"),
            options: LintOptions(jobs: 1, maxFileBytes: 1 << 20), fileSystem: NoFileSystem())
        for name in ["fuzz.json", "fuzz.json.tmpl"] { checkReport(engine.lint(bytes: payload, path: name), payload) }
        jsonLines(payload, engine)
    }

    /// The bytes as a template of each dialect, under the example contract (its variables give the placeholders
    /// types, lengths and patterns): the template's own problems and every rendering stay in range.
    static func template(_ bytes: [UInt8]) {
        for dialect in TemplateDialect.allCases { checkTemplate(TemplateProgram(bytes, dialect: dialect), bytes) }
        for name in ["fuzz.json.tmpl", "fuzz.json.hbs", "fuzz.json.liquid", "fuzz.json.j2", "fuzz.json.gotmpl"] {
            checkReport(engine.lint(bytes: bytes, path: name), bytes)
        }
    }

    // MARK: The language server

    /// A file system with nothing in it: the server under fuzzing never reads or walks the machine's files (a
    /// fuzzed `didSave` in a fuzzed workspace folder would walk it).
    struct NoFileSystem: FileSystem {
        func info(_ path: String, followLinks: Bool) -> FileInfo? { nil }
        func list(_ directory: String) throws(FileSystemError) -> [String] { throw FileSystemError("no files") }
        func read(_ path: String, limit: Int) -> ReadOutcome { .failed("no files") }
        func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
            throw FileSystemError("no files")
        }
        func realPath(_ path: String) -> String? { nil }
        var currentDirectory: String { "/" }
    }

    /// The bytes as a sequence of JSON-RPC messages: LSP framing when they start with a header, else one JSON text
    /// a line. They go to an initialized server (work inline, no files), each message's answers are JSON, every
    /// published range is ordered and non-negative, and after them the server still answers a request (unless the
    /// messages ended it).
    static func messages(_ bytes: [UInt8]) {
        var bodies: [[UInt8]] = []
        if bytes.starts(with: Array("Content-Length".utf8)) {
            var framer = MessageFramer()
            framer.append(bytes)
            while case .message(let body) = framer.next(), bodies.count < 256 { bodies.append(body) }
        } else {
            bodies = bytes.split(separator: 0x0A, omittingEmptySubsequences: true).prefix(256).map(Array.init)
        }
        var time = 0.0
        let server = LanguageServer(debounceSeconds: 0.01, now: { time }, fileSystem: NoFileSystem(), inlineWork: true)
        server.allowsWrites = false
        server.receive(
            LSPValue.object([
                ("jsonrpc", .string("2.0")), ("id", .int(0)), ("method", .string("initialize")),
                (
                    "params",
                    .object([
                        ("capabilities", .object([])),
                        (
                            "workspaceFolders",
                            .array([.object([("uri", .string("file:///w")), ("name", .string("w"))])])
                        ),
                    ])
                ),
            ]).bytes)
        for body in bodies {
            server.receive(body)
            time += 0.005
            server.lintDue()
            server.collectFinished()
            checkServerOutput(server)
            if server.exitCode != nil { return }
        }
        time += 1
        server.lintDue()
        server.collectFinished()
        checkServerOutput(server)
        server.receive(Array(#"{"jsonrpc":"2.0","id":"fuzz-ping","method":"pushlint/ping"}"#.utf8))
        let answers = server.outbox.compactMap { LSPValue.parse($0) }
        precondition(
            answers.contains { $0["id"] == .string("fuzz-ping") && $0["error"] != nil },
            "the server did not answer a request after the messages")
    }

    static func checkServerOutput(_ server: LanguageServer) {
        for body in server.outbox {
            guard let message = LSPValue.parse(body) else {
                preconditionFailure("the server wrote a message that is not JSON")
            }
            guard message["method"]?.stringValue == "textDocument/publishDiagnostics" else { continue }
            for diagnostic in message["params"]?["diagnostics"]?.arrayValue ?? [] {
                let range = diagnostic["range"]
                guard let sl = range?["start"]?["line"]?.intValue, let sc = range?["start"]?["character"]?.intValue,
                    let el = range?["end"]?["line"]?.intValue, let ec = range?["end"]?["character"]?.intValue
                else { preconditionFailure("a diagnostic without a range") }
                precondition(sl >= 0 && sc >= 0 && (sl, sc) <= (el, ec), "a diagnostic range out of order")
            }
        }
        server.outbox.removeAll()
    }

    /// The app scanners take the bytes as each kind of app file: every fact they read lies on a line of
    /// the input, joining them resolves without trouble, and both renderings of the facts are well-formed.
    static let appFileNames = [
        "A.kt", "A.java", "A.swift", "A.m", "a.ts", "a.dart", "AndroidManifest.xml", "res/values/strings.xml",
        "Info.plist", "A.entitlements", "app.json", "app.config.js",
    ]

    static func app(_ bytes: [UInt8]) {
        let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        var scans: [AppSourceScan] = []
        for name in appFileNames {
            guard let scan = AppSourceScanner.scan(bytes, path: name) else {
                preconditionFailure("\(name) is no app file name")
            }
            for line in scan.lines {
                precondition(line >= 1 && line <= lineCount, "\(name): a fact at line \(line) of \(lineCount)")
            }
            scans.append(scan)
        }
        let facts = AppFactsAssembler.assemble(scans)
        let json = AppFactsReporter.json(facts)
        precondition(
            JSONParser.parse(json, options: JSONParseOptions(maxBytes: Int.max)).document != nil, "app facts JSON")
        precondition(
            !AppFactsReporter.text(facts).unicodeScalars.contains { $0.value == 0x1B }, "app facts text with an escape")
        // The resource scanners (strings, sounds, icons, links, Live Activity types) with their own invariants.
        AppResourceFuzz.run(bytes)
    }

    /// The language server's input paths: the bytes as a framed stream, as one message body, and as the text of an
    /// open document that is linted, hovered, fixed and completed at every line. Every answer must be JSON.
    static func server(_ bytes: [UInt8]) {
        var framer = MessageFramer()
        framer.append(bytes)
        var bodies: [[UInt8]] = []
        while case .message(let body) = framer.next(), bodies.count < 64 { bodies.append(body) }
        let server = LanguageServer(debounceSeconds: 0, now: { 0 }, fileSystem: NoFileSystem(), inlineWork: true)
        server.allowsWrites = false
        func send(_ value: LSPValue) { server.receive(value.bytes) }
        func request(_ id: Int, _ method: String, _ params: LSPValue) {
            send(
                .object([
                    ("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params),
                ]))
        }
        request(1, "initialize", .object([("capabilities", .object([]))]))
        server.receive(batch: bodies + [bytes])
        let uri = "untitled:fuzz.json"
        let text = String(decoding: bytes, as: UTF8.self)
        send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
                (
                    "params",
                    .object([
                        (
                            "textDocument",
                            .object([
                                ("uri", .string(uri)), ("languageId", .string("json")), ("version", .int(1)),
                                ("text", .string(text)),
                            ])
                        )
                    ])
                ),
            ]))
        server.lintDue()
        server.collectFinished()
        let lines = min(bytes.filter { $0 == 10 }.count + 1, 8)
        for line in 0..<lines {
            for character in [0, 3, 17] {
                let position: LSPValue = .object([("line", .int(line)), ("character", .int(character))])
                let document: LSPValue = .object([("uri", .string(uri))])
                request(10, "textDocument/hover", .object([("textDocument", document), ("position", position)]))
                request(11, "textDocument/completion", .object([("textDocument", document), ("position", position)]))
                request(
                    12, "textDocument/codeAction",
                    .object([
                        ("textDocument", document), ("range", .object([("start", position), ("end", position)])),
                        ("context", .object([])),
                    ]))
            }
        }
        for body in server.outbox {
            precondition(JSONParser.parse(body).document != nil, "the server wrote a message that is not JSON")
        }
    }

    /// A template's problems lie in its bytes; its renderings stay within their limit and map into the template.
    static func checkTemplate(_ program: TemplateProgram, _ bytes: [UInt8]) {
        for problem in program.problems {
            precondition(
                problem.span.start >= 0 && problem.span.end <= bytes.count, "template problem outside the input")
        }
        let selections = TemplateSelections(domains: program.choices.map(\.optionCount), limit: 8)
        precondition(selections.rows.count <= 8, "more selections than the limit")
        for row in selections.rows {
            guard let rendering = program.render(row, limit: 1 << 16) else { continue }
            precondition(rendering.bytes.count <= 1 << 16, "rendering over its limit")
            for offset in stride(from: 0, through: rendering.bytes.count, by: max(1, rendering.bytes.count / 16)) {
                let source = rendering.map.sourceOffset(offset)
                precondition(source >= 0 && source <= bytes.count, "rendered offset maps outside the template")
            }
        }
    }

    static func check(_ result: JSONParseResult, _ bytes: [UInt8], _ mode: JSONParseOptions.Mode) {
        guard let doc = result.document else {
            guard let error = result.error, error.offset >= 0, error.offset <= bytes.count, !error.message.isEmpty
            else {
                preconditionFailure("rejected without a located error")
            }
            return
        }
        for (index, node) in doc.nodes.enumerated() {
            precondition(node.start <= node.end && Int(node.end) <= bytes.count, "node range out of the input")
            precondition(Int(node.next) > index && Int(node.next) <= doc.nodes.count, "bad subtree end")
            _ = doc.pointer(of: index)
            if node.kind == .string || node.kind == .key { _ = doc.string(index) }
        }
        // The compact writer's output is JSON again, of exactly the measured size.
        let wire = doc.wireBytes(doc.root)
        precondition(wire.count == doc.wireSize(doc.root), "wireSize disagrees with wireBytes")
        if mode == .strict || mode == .jsonc {
            let again = JSONParser.parse(wire)
            precondition(again.document != nil, "compact output does not parse: \(again.error?.message ?? "")")
            precondition(again.document?.wireBytes(0) == wire, "compact output is not stable")
        }
    }

    static func checkReport(_ fullReport: LintReport, _ bytes: [UInt8]) {
        // SARIF describes every rule that ran; rendering all of their pages for each input would spend the
        // fuzzer's time on constant text, so only the rules that reported are kept.
        var report = fullReport
        let used = Set(report.allDiagnostics.map(\.ruleId) + report.project.map(\.ruleId))
        report.rules = report.rules.filter { used.contains($0.id) }
        for d in report.allDiagnostics {
            precondition(
                d.span.start >= 0 && d.span.end <= max(bytes.count, d.span.start),
                "\(d.ruleId) outside the file: \(d.span.start)..<\(d.span.end) of \(bytes.count) bytes")
            precondition(d.location != nil, "unresolved location")
        }
        for format in ReportFormat.allCases {
            let reporter = Reporters.make(format)
            let output = reporter.render(report)
            switch format {
            case .json, .sarif, .gitlab, .rdjson:
                let parsed = JSONParser.parse(output, options: JSONParseOptions(maxBytes: Int.max))
                precondition(
                    parsed.document != nil,
                    "\(format) output does not parse: \(parsed.error?.message ?? "") at \(parsed.error?.offset ?? -1)")
            case .text:
                precondition(
                    !output.unicodeScalars.contains { $0.value == 0x1B }, "text output carries an escape sequence")
            case .github:
                for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                    precondition(line.hasPrefix("::"), "annotation line injected: \(line)")
                }
            case .junit, .checkstyle:
                precondition(
                    !output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" },
                    "XML carries a forbidden control character")
            case .concise:
                precondition(
                    !output.unicodeScalars.contains { $0.value == 0x1B || $0 == "\r" },
                    "concise output carries an escape sequence or CR")
                let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                let findings = report.allDiagnostics.count + report.project.count
                precondition(
                    lines.count == findings,
                    "concise output is not one line per finding: \(lines.count) lines, \(findings) findings")
            }
        }
    }
}
