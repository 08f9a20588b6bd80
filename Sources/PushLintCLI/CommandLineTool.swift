// The pushlint command line: parses arguments, calls the engine (LintSession for a lint run), renders, writes
// and picks the exit code. `Sources/pushlint/main.swift` runs it on the process; tests run it in memory.
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

/// What the command line reads and writes: the standard streams (with what decides colour), the file system, the
/// folder relative paths start from, and the language server's loop. Nothing else of the process is read (no
/// `getcwd`, no environment variable, no file but through `fileSystem`), so runs in memory can go in parallel. The
/// executable (`Sources/pushlint/main.swift`) makes the real ones; tests make them in memory.
public struct CommandEnvironment: Sendable {
    public var terminal: any TerminalIO
    /// Every file the command line reads or writes, and every file the engine it calls reads.
    public var fileSystem: any FileSystem
    /// Absolute; relative paths of the arguments (files, `--output`, `--baseline`, ...) are read from here.
    public var workingDirectory: String
    /// `pushlint server`: the language server on the standard streams, until its client leaves; the exit code.
    public var languageServer: @Sendable () -> Int32

    public init(
        terminal: any TerminalIO, fileSystem: any FileSystem, workingDirectory: String,
        languageServer: @escaping @Sendable () -> Int32
    ) {
        self.terminal = terminal
        self.fileSystem = fileSystem
        self.workingDirectory = workingDirectory
        self.languageServer = languageServer
    }
}

/// How a command ended.
public struct CommandOutcome: Sendable {
    /// 0 clean, 1 findings at or above the fail level, 2 usage or configuration error (DESIGN.md §2).
    public var exitCode: Int32
    /// The report of a lint run, handed back so that the caller decides when it is released: the executable
    /// exits with it alive.
    public var report: LintReport?

    public init(exitCode: Int32, report: LintReport? = nil) {
        self.exitCode = exitCode
        self.report = report
    }
}

/// The command line's one entry point.
public enum CommandLineTool {
    /// Runs `pushlint ARGUMENTS` (without the program's name): writes what it writes to the environment's
    /// terminal and files, and returns the exit code instead of exiting.
    public static func run(_ arguments: [String], in environment: CommandEnvironment) -> CommandOutcome {
        let command = Command(
            terminal: environment.terminal, fileSystem: environment.fileSystem, cwd: environment.workingDirectory)
        do {
            return try command.run(arguments, languageServer: environment.languageServer)
        } catch {
            environment.terminal.writeError(
                "pushlint: error: \(error.message)\n" + (error.hint.map { "hint: \($0)\n" } ?? ""))
            return CommandOutcome(exitCode: ExitCode.usage)
        }
    }
}

/// One run of the command line: its subcommands, each of which parses, runs and writes, or throws a usage error
/// (exit 2) that `CommandLineTool.run` writes.
struct Command {
    let terminal: any TerminalIO
    let fileSystem: any FileSystem
    let cwd: String

    func run(_ arguments: [String], languageServer: () -> Int32) throws(UsageError) -> CommandOutcome {
        switch arguments.first {
        case "--version":
            terminal.write("pushlint \(PushLintInfo.version)\n")
        case "-h", "--help":
            terminal.write(Help.root)
        case "help":
            switch arguments.dropFirst().first {
            case "lint": terminal.write(Help.lint)
            case "rules": terminal.write(Help.rules)
            case "explain": terminal.write(Help.explain)
            case "init": terminal.write(Help.initCommand)
            case "schema": terminal.write(Help.schema)
            case "server": terminal.write(Help.server)
            case "app": terminal.write(Help.app)
            default: terminal.write(Help.root)
            }
        case "lint":
            return try runLint(Array(arguments.dropFirst()))
        case "rules":
            try runRules(Array(arguments.dropFirst()))
        case "explain":
            try runExplain(Array(arguments.dropFirst()))
        case "init":
            try runInit(Array(arguments.dropFirst()))
        case "schema":
            try runSchema(Array(arguments.dropFirst()))
        case "server":
            return CommandOutcome(exitCode: try runServer(Array(arguments.dropFirst()), languageServer))
        case "app":
            try runApp(Array(arguments.dropFirst()))
        default:
            return try runLint(arguments)
        }
        return CommandOutcome(exitCode: ExitCode.clean)
    }

    /// A path of the arguments as the file system takes it: relative ones start at the working directory.
    func absolute(_ path: String) -> String { PathText.absolute(path, cwd: cwd) }

    /// Parses a subcommand's arguments: nil when they asked for help (printed).
    func parseOrHelp<Parsed>(_ help: String, _ parse: () throws(UsageError) -> Parsed?) throws(UsageError) -> Parsed? {
        guard let parsed = try parse() else {
            terminal.write(help)
            return nil
        }
        return parsed
    }

    func runLint(_ arguments: [String]) throws(UsageError) -> CommandOutcome {
        guard let command = try parseOrHelp(Help.lint, { () throws(UsageError) in try LintArguments.parse(arguments) })
        else {
            return CommandOutcome(exitCode: ExitCode.clean)
        }
        let terminal = self.terminal
        let request = command.request(
            cwd: cwd, standardInput: try readStandardInput(command),
            standardInputLines: { body in terminal.readStandardInput(chunks: body) })
        let outcome: LintOutcome
        do {
            outcome = try LintSession.run(request, fileSystem: fileSystem)
        } catch {
            throw UsageError(error)
        }
        if let fixes = outcome.fixes { reportFixes(fixes, dryRun: command.fixDryRun) }
        if let recorded = outcome.recordedBaseline, let file = command.writeBaseline {
            try write(Array(recorded.render().utf8), to: file, as: .baseline)
            let findings = recorded.counts.values.reduce(0, +)
            terminal.writeError(
                "pushlint: wrote \(file): \(findings) \(findings == 1 ? "finding" : "findings") in \(recorded.counts.count) \(recorded.counts.count == 1 ? "entry" : "entries")\n"
            )
            return CommandOutcome(exitCode: ExitCode.clean, report: outcome.report)
        }
        let report = outcome.report
        for (format, path) in command.reports {
            try write(render(report, format, color: false, jobs: command.jobs), to: path)
        }
        if let fixes = outcome.fixes, command.fixDryRun {
            return CommandOutcome(
                exitCode: fixes.changedFiles.isEmpty ? ExitCode.clean : ExitCode.findings, report: report)
        }
        let color =
            command.output == nil && (command.color == .always || (command.color == .auto && terminal.wantsColor))
        let main = render(report, command.format, color: color, jobs: command.jobs)
        if let output = command.output {
            try write(main, to: output)
        } else if !(command.quiet && report.isClean && command.format == .text) {
            terminal.write(main)
        }
        // `-q` is quiet everywhere: only the errors of the report.
        if !command.quiet {
            for stream in outcome.streams { terminal.writeError(Self.streamSummary(stream)) }
            for note in outcome.notes { terminal.writeError("pushlint: note: \(note)\n") }
        }
        if let timing = outcome.timing { terminal.writeError(timing.table(top: command.timingTop)) }
        let exitCode = Self.exitCode(report, command)
        if let reason = Self.maxWarningsReason(report, command), exitCode == ExitCode.findings {
            terminal.writeError("pushlint: \(reason)\n")
        }
        return CommandOutcome(exitCode: exitCode, report: report)
    }

    /// Why the exit code is 1 when `--max-warnings` decided it (and not an error at the fail level): nothing else
    /// says so, since warnings alone do not fail a run.
    static func maxWarningsReason(_ report: LintReport, _ command: LintCommand) -> String? {
        guard !Severity.allCases.contains(where: { $0 >= command.failOn && report.count($0) > 0 }),
            let max = command.maxWarnings, report.count(.warning) > max
        else { return nil }
        let warnings = report.count(.warning)
        return
            "exit code 1: \(warnings) \(warnings == 1 ? "warning" : "warnings"), more than --max-warnings \(max) allows"
    }

    /// What a JSON Lines stream found, for stderr after the report: lines, lines that were not JSON, and per rule
    /// the count, the first lines and how many the report shows.
    static func streamSummary(_ stream: StreamSummary) -> String {
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

    /// Standard input for `--stdin`, at most --max-file-bytes; JSON Lines are streamed by the engine instead.
    func readStandardInput(_ command: LintCommand) throws(UsageError) -> (bytes: [UInt8], name: String)? {
        guard command.stdin, !command.stdinIsJSONLines else { return nil }
        guard let bytes = terminal.readStandardInput(limit: command.maxFileBytes) else {
            throw UsageError(
                message: "standard input is larger than --max-file-bytes (\(command.maxFileBytes) bytes)")
        }
        return (bytes, command.stdinFilename ?? "<stdin>")
    }

    /// What `--fix` and `--fix-dry-run` say besides the report: files left alone, the diff of a dry run, the count.
    func reportFixes(_ run: FixRun, dryRun: Bool) {
        for file in run.files {
            if let problem = file.problem {
                terminal.writeError("pushlint: warning: \(file.path.display) left unchanged: \(problem)\n")
            }
        }
        let changed = run.changedFiles
        let fixes = "\(run.appliedFixes) \(run.appliedFixes == 1 ? "fix" : "fixes")"
        let files = "\(changed.count) \(changed.count == 1 ? "file" : "files")"
        if dryRun {
            terminal.write(
                changed.map { UnifiedDiff.render(old: $0.original, new: $0.fixed, path: $0.path.display) }.joined())
            terminal.writeError("pushlint: \(fixes) would change \(files) (dry run: nothing written)\n")
        } else if !changed.isEmpty {
            terminal.writeError("pushlint: applied \(fixes) to \(files)\n")
        }
    }

    func runInit(_ arguments: [String]) throws(UsageError) {
        guard
            let command = try parseOrHelp(
                Help.initCommand, { () throws(UsageError) in try InitCommand.parse(arguments) })
        else {
            return
        }
        let directory = absolute(command.directory)
        guard let info = fileSystem.info(directory, followLinks: true), info.kind == .directory else {
            throw UsageError(message: "no such folder: \(command.directory)")
        }
        do {
            for outcome in try Initializer(directory: directory, fileSystem: fileSystem).run(
                contract: command.contract)
            {
                switch outcome {
                case .written(let name): terminal.writeError("pushlint: wrote \(name)\n")
                case .exists(let name): terminal.writeError("pushlint: \(name) exists; left unchanged\n")
                case .linked(let name):
                    terminal.writeError("pushlint: updated \(name): it names \(Initializer.contractFileName)\n")
                }
            }
            terminal.writeError(Initializer.nextSteps(contract: command.contract))
        } catch {
            throw UsageError(message: error.message, hint: "remove or rename the existing file to start over")
        }
    }

    func render(_ report: LintReport, _ format: ReportFormat, color: Bool, jobs: Int) -> [UInt8] {
        Reporters.make(format, options: ReportOptions(color: color, workingDirectory: cwd, jobs: jobs))
            .renderBytes(report)
    }

    /// What the CLI writes: a report can be made again, so it is not flushed to the disk; a baseline is kept.
    enum WrittenFile: String {
        case report, baseline
    }

    func write(_ bytes: [UInt8], to path: String, as kind: WrittenFile = .report)
        throws(UsageError)
    {
        // A report's folder is made (`-o reports/pushlint.sarif` in CI); a baseline's is not: a mistyped folder
        // would record one that the next run does not read.
        if kind == .report, let problem = OutputFolder.make(for: absolute(path), fileSystem) {
            throw UsageError(message: "cannot write the \(kind.rawValue) to \(path): \(problem)")
        }
        do {
            try fileSystem.writeAtomically(absolute(path), bytes, durable: kind == .baseline)
        } catch {
            throw UsageError(message: "cannot write the \(kind.rawValue) to \(path): \(error.message)")
        }
    }

    static func exitCode(_ report: LintReport, _ command: LintCommand) -> Int32 {
        if Severity.allCases.contains(where: { $0 >= command.failOn && report.count($0) > 0 }) {
            return ExitCode.findings
        }
        if let max = command.maxWarnings, report.count(.warning) > max { return ExitCode.findings }
        return ExitCode.clean
    }

    func runRules(_ arguments: [String]) throws(UsageError) {
        var json = false
        var cursor = ArgumentCursor(arguments)
        while let argument = cursor.next() {
            switch argument {
            case "-h", "--help":
                terminal.write(Help.rules)
                return
            case "-f", "--format", "--format=json", "--format=text":
                let value = argument.hasPrefix("--format=") ? String(argument.dropFirst(9)) : cursor.next() ?? ""
                guard value == "json" || value == "text" else {
                    throw UsageError(message: "'pushlint rules' formats are text and json, got '\(value)'")
                }
                json = value == "json"
            default:
                throw UsageError(
                    message: "unknown argument '\(argument)' for 'pushlint rules'", hint: "see 'pushlint rules --help'")
            }
        }
        let descriptions = RuleRegistry.descriptions
        terminal.write(json ? RuleListing.json(descriptions) : RuleListing.text(descriptions))
    }

    func runExplain(_ arguments: [String]) throws(UsageError) {
        if arguments.contains("-h") || arguments.contains("--help") {
            terminal.write(Help.explain)
            return
        }
        guard arguments.count == 1, let id = arguments.first else {
            throw UsageError(message: "'pushlint explain' takes one rule id", hint: "'pushlint rules' lists them")
        }
        guard let rule = RuleRegistry.rule(id) else {
            throw UsageError(
                message: "unknown rule id '\(id)'." + Suggest.didYouMean(id, in: RuleRegistry.descriptions.map(\.id)),
                hint: "'pushlint rules' lists them")
        }
        terminal.write(RuleDocumentation.page(rule.description))
    }

    func runSchema(_ arguments: [String]) throws(UsageError) {
        if arguments.contains("-h") || arguments.contains("--help") {
            terminal.write(Help.schema)
            return
        }
        let names = PayloadJSONSchema.names
        guard arguments.count == 1, let name = arguments.first, let text = PayloadJSONSchema.render(name) else {
            let given =
                arguments.first.map { "unknown schema '\($0)'." + Suggest.didYouMean($0, in: names) }
                ?? "'pushlint schema' takes one name"
            throw UsageError(message: given, hint: "the schemas are " + names.joined(separator: ", "))
        }
        terminal.write(text)
    }

    func runServer(_ arguments: [String], _ languageServer: () -> Int32) throws(UsageError) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            terminal.write(Help.server)
            return ExitCode.clean
        }
        guard arguments.isEmpty || arguments == ["--stdio"] else {
            throw UsageError(
                message: "unknown argument '\(arguments[0])' for 'pushlint server'",
                hint: "see 'pushlint server --help'")
        }
        return languageServer()
    }
}

extension UsageError {
    /// A run that could not start or finish: a configuration error with its location, a missing path (with a
    /// did-you-mean when it looks like a misspelt subcommand), a baseline that cannot be read.
    init(_ error: LintSessionError) {
        switch error {
        case .configuration(let error):
            self.init(
                message: error.position.map { "\(error.path):\($0.line):\($0.column): \(error.message)" }
                    ?? "\(error.path): \(error.message)", hint: error.hint)
        case .missingPath(let path):
            let subcommand =
                path.contains("/")
                ? ""
                : Suggest.didYouMean(path, in: ["lint", "rules", "explain", "init", "schema", "server", "app", "help"])
            self.init(
                message: "no such file or directory: \(path)" + (subcommand.isEmpty ? "" : ".") + subcommand,
                hint: "check the path, or run from the folder that holds it")
        case .baseline(_, let reason, let hint):
            self.init(message: reason, hint: hint)
        }
    }
}
