// The pushlint command line: parses arguments, calls the engine (LintSession for a lint run), renders, writes
// and picks the exit code.
import PushLintEngine
import PushLintModel
import PushLintReporters
import PushLintRules
import PushLintServer

enum ExitCode {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
}

func fail(_ message: String, hint: String? = nil) -> Never {
    Terminal.writeError("pushlint: error: \(message)\n" + (hint.map { "hint: \($0)\n" } ?? ""))
    Terminal.exit(ExitCode.usage)
}

/// Parses a subcommand's arguments: nil when they asked for help (printed), a usage error ends the process.
func parseOrHelp<Command>(_ help: String, _ parse: () throws(UsageError) -> Command?) -> Command? {
    do {
        guard let command = try parse() else {
            Terminal.write(help)
            return nil
        }
        return command
    } catch {
        fail(error.message, hint: error.hint)
    }
}

func runLint(_ arguments: [String]) -> Int32 {
    guard let command = parseOrHelp(Help.lint, { () throws(UsageError) in try LintArguments.parse(arguments) }) else {
        return ExitCode.clean
    }
    let fileSystem = LocalFileSystem()
    let cwd = fileSystem.currentDirectory
    let outcome: LintOutcome
    do {
        outcome = try LintSession.run(
            command.request(cwd: cwd, standardInput: readStandardInput(command)), fileSystem: fileSystem)
    } catch {
        fail(error)
    }
    if let fixes = outcome.fixes { reportFixes(fixes, dryRun: command.fixDryRun) }
    if let recorded = outcome.recordedBaseline, let file = command.writeBaseline {
        write(Array(recorded.render().utf8), to: file, fileSystem, as: .baseline)
        let findings = recorded.counts.values.reduce(0, +)
        Terminal.writeError(
            "pushlint: wrote \(file): \(findings) \(findings == 1 ? "finding" : "findings") in \(recorded.counts.count) \(recorded.counts.count == 1 ? "entry" : "entries")\n"
        )
        return ExitCode.clean
    }
    let report = outcome.report
    for (format, path) in command.reports {
        write(render(report, format, color: false, jobs: command.jobs, workingDirectory: cwd), to: path, fileSystem)
    }
    if let fixes = outcome.fixes, command.fixDryRun {
        return fixes.changedFiles.isEmpty ? ExitCode.clean : ExitCode.findings
    }
    let color = command.output == nil && (command.color == .always || (command.color == .auto && Terminal.wantsColor()))
    let main = render(report, command.format, color: color, jobs: command.jobs, workingDirectory: cwd)
    if let output = command.output {
        write(main, to: output, fileSystem)
    } else if !(command.quiet && report.isClean && command.format == .text) {
        Terminal.write(bytes: main)
    }
    for stream in outcome.streams { Terminal.writeError(streamSummary(stream)) }
    if let timing = outcome.timing { Terminal.writeError(timing.table(top: command.timingTop)) }
    // Exiting here lets the operating system drop the report's heap at once: releasing 35 000 findings one by one
    // took 0.15 s (BENCHMARKS.md).
    withExtendedLifetime(report) { Terminal.exit(exitCode(report, command)) }
}

/// What a JSON Lines stream found, for stderr after the report: lines, lines that were not JSON, and per rule the
/// count, the first lines and how many the report shows.
func streamSummary(_ stream: StreamSummary) -> String {
    var text = "pushlint: \(stream.path): \(stream.lines) \(stream.lines == 1 ? "line" : "lines")"
    if stream.notJSON > 0 { text += ", \(stream.notJSON) not JSON" }
    if stream.oversize > 0 { text += ", \(stream.oversize) over the line limit" }
    if stream.rules.isEmpty { return text + ", no findings\n" }
    text += "; findings by rule:\n"
    let width = stream.rules.map(\.ruleId.count).max() ?? 0
    for rule in stream.rules {
        let lines =
            rule.firstLines.map(String.init).joined(separator: ", ")
            + (rule.count > rule.firstLines.count ? ", ..." : "")
        let shown = rule.shown < rule.count ? " (the report shows the first \(rule.shown))" : ""
        text +=
            "  " + rule.ruleId + String(repeating: " ", count: width - rule.ruleId.count)
            + "  \(rule.count) at \(rule.firstLines.count == 1 && rule.count == 1 ? "line" : "lines") \(lines)\(shown)\n"
    }
    return text
}

/// Standard input for `--stdin`, at most --max-file-bytes.
func readStandardInput(_ command: LintCommand) -> (bytes: [UInt8], name: String)? {
    guard command.stdin, !command.stdinIsJSONLines else { return nil }
    guard let bytes = Terminal.readStandardInput(limit: command.maxFileBytes) else {
        fail("standard input is larger than --max-file-bytes (\(command.maxFileBytes) bytes)")
    }
    return (bytes, command.stdinFilename ?? "<stdin>")
}

func fail(_ error: LintSessionError) -> Never {
    switch error {
    case .configuration(let error):
        fail(
            error.position.map { "\(error.path):\($0.line):\($0.column): \(error.message)" }
                ?? "\(error.path): \(error.message)", hint: error.hint)
    case .missingPath(let path):
        let subcommand =
            path.contains("/")
            ? "" : Suggest.didYouMean(path, in: ["lint", "rules", "explain", "init", "schema", "server", "help"])
        fail(
            "no such file or directory: \(path)" + (subcommand.isEmpty ? "" : ".") + subcommand,
            hint: "check the path, or run from the folder that holds it")
    case .baseline(_, let reason, let hint):
        fail(reason, hint: hint)
    }
}

/// What `--fix` and `--fix-dry-run` say besides the report: files left alone, the diff of a dry run, the count.
func reportFixes(_ run: FixRun, dryRun: Bool) {
    for file in run.files {
        if let problem = file.problem {
            Terminal.writeError("pushlint: warning: \(file.path) left unchanged: \(problem)\n")
        }
    }
    let changed = run.changedFiles
    let fixes = "\(run.appliedFixes) \(run.appliedFixes == 1 ? "fix" : "fixes")"
    let files = "\(changed.count) \(changed.count == 1 ? "file" : "files")"
    if dryRun {
        Terminal.write(changed.map { UnifiedDiff.render(old: $0.original, new: $0.fixed, path: $0.path) }.joined())
        Terminal.writeError("pushlint: \(fixes) would change \(files) (dry run: nothing written)\n")
    } else if !changed.isEmpty {
        Terminal.writeError("pushlint: applied \(fixes) to \(files)\n")
    }
}

func runInit(_ arguments: [String]) -> Int32 {
    guard let command = parseOrHelp(Help.initCommand, { () throws(UsageError) in try InitCommand.parse(arguments) })
    else {
        return ExitCode.clean
    }
    let fileSystem = LocalFileSystem()
    let cwd = fileSystem.currentDirectory
    let directory = command.directory.hasPrefix("/") ? command.directory : cwd + "/" + command.directory
    guard let info = fileSystem.info(directory, followLinks: true), info.kind == .directory else {
        fail("no such folder: \(command.directory)")
    }
    do {
        for outcome in try Initializer(directory: directory, fileSystem: fileSystem).run(contract: command.contract) {
            switch outcome {
            case .written(let name): Terminal.writeError("pushlint: wrote \(name)\n")
            case .exists(let name): Terminal.writeError("pushlint: \(name) exists; left unchanged\n")
            }
        }
    } catch {
        fail(error.message, hint: "remove or rename the existing file to start over")
    }
    return ExitCode.clean
}

func render(_ report: LintReport, _ format: ReportFormat, color: Bool, jobs: Int, workingDirectory: String) -> [UInt8] {
    Reporters.make(format, options: ReportOptions(color: color, workingDirectory: workingDirectory, jobs: jobs))
        .renderBytes(report)
}

/// What the CLI writes: a report can be made again, so it is not flushed to the disk; a baseline is kept.
enum WrittenFile: String {
    case report, baseline
}

func write(_ bytes: [UInt8], to path: String, _ fileSystem: LocalFileSystem, as kind: WrittenFile = .report) {
    do {
        try fileSystem.writeAtomically(path, bytes, durable: kind == .baseline)
    } catch {
        fail("cannot write the \(kind.rawValue) to \(path): \(error.message)")
    }
}

func exitCode(_ report: LintReport, _ command: LintCommand) -> Int32 {
    if Severity.allCases.contains(where: { $0 >= command.failOn && report.count($0) > 0 }) { return ExitCode.findings }
    if let max = command.maxWarnings, report.count(.warning) > max { return ExitCode.findings }
    return ExitCode.clean
}

func runRules(_ arguments: [String]) -> Int32 {
    var json = false
    var cursor = ArgumentCursor(arguments)
    while let argument = cursor.next() {
        switch argument {
        case "-h", "--help":
            Terminal.write(Help.rules)
            return ExitCode.clean
        case "-f", "--format", "--format=json", "--format=text":
            let value = argument.hasPrefix("--format=") ? String(argument.dropFirst(9)) : cursor.next() ?? ""
            guard value == "json" || value == "text" else {
                fail("'pushlint rules' formats are text and json, got '\(value)'")
            }
            json = value == "json"
        default:
            fail("unknown argument '\(argument)' for 'pushlint rules'", hint: "see 'pushlint rules --help'")
        }
    }
    let descriptions = RuleRegistry.descriptions
    Terminal.write(json ? RuleListing.json(descriptions) : RuleListing.text(descriptions))
    return ExitCode.clean
}

func runExplain(_ arguments: [String]) -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
        Terminal.write(Help.explain)
        return ExitCode.clean
    }
    guard arguments.count == 1, let id = arguments.first else {
        fail("'pushlint explain' takes one rule id", hint: "'pushlint rules' lists them")
    }
    guard let rule = RuleRegistry.rule(id) else {
        fail(
            "unknown rule id '\(id)'." + Suggest.didYouMean(id, in: RuleRegistry.descriptions.map(\.id)),
            hint: "'pushlint rules' lists them")
    }
    Terminal.write(RuleDocumentation.page(rule.description))
    return ExitCode.clean
}

func runSchema(_ arguments: [String]) -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
        Terminal.write(Help.schema)
        return ExitCode.clean
    }
    let names = PayloadJSONSchema.names
    guard arguments.count == 1, let name = arguments.first, let text = PayloadJSONSchema.render(name) else {
        let given =
            arguments.first.map { "unknown schema '\($0)'." + Suggest.didYouMean($0, in: names) }
            ?? "'pushlint schema' takes one name"
        fail(given, hint: "the schemas are " + names.joined(separator: ", "))
    }
    Terminal.write(text)
    return ExitCode.clean
}

func runServer(_ arguments: [String]) -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
        Terminal.write(Help.server)
        return ExitCode.clean
    }
    guard arguments.isEmpty || arguments == ["--stdio"] else {
        fail("unknown argument '\(arguments[0])' for 'pushlint server'", hint: "see 'pushlint server --help'")
    }
    return StdioServer.run()
}

let arguments = Array(CommandLine.arguments.dropFirst())
let code: Int32
switch arguments.first {
case "--version":
    Terminal.write("pushlint \(PushLintInfo.version)\n")
    code = ExitCode.clean
case "-h", "--help":
    Terminal.write(Help.root)
    code = ExitCode.clean
case "help":
    switch arguments.dropFirst().first {
    case "lint": Terminal.write(Help.lint)
    case "rules": Terminal.write(Help.rules)
    case "explain": Terminal.write(Help.explain)
    case "init": Terminal.write(Help.initCommand)
    case "schema": Terminal.write(Help.schema)
    case "server": Terminal.write(Help.server)
    default: Terminal.write(Help.root)
    }
    code = ExitCode.clean
case "lint":
    code = runLint(Array(arguments.dropFirst()))
case "rules":
    code = runRules(Array(arguments.dropFirst()))
case "explain":
    code = runExplain(Array(arguments.dropFirst()))
case "init":
    code = runInit(Array(arguments.dropFirst()))
case "schema":
    code = runSchema(Array(arguments.dropFirst()))
case "server":
    code = runServer(Array(arguments.dropFirst()))
default:
    code = runLint(arguments)
}
Terminal.exit(code)
