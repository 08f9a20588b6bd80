// The pushlint command line: parses arguments, calls the engine, picks the exit code. Nothing else.
import PushLintEngine
import PushLintModel
import PushLintReporters
import PushLintRules

enum ExitCode {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let usage: Int32 = 2
}

func fail(_ message: String, hint: String? = nil) -> Never {
    Terminal.writeError("pushlint: error: \(message)\n" + (hint.map { "hint: \($0)\n" } ?? ""))
    Terminal.exit(ExitCode.usage)
}

func runLint(_ arguments: [String]) -> Int32 {
    let command: LintCommand
    do {
        guard let parsed = try LintArguments.parse(arguments) else {
            Terminal.write(Help.lint)
            return ExitCode.clean
        }
        command = parsed
    } catch {
        fail(error.message, hint: error.hint)
    }
    let fileSystem = LocalFileSystem()
    let cwd = fileSystem.currentDirectory
    let project: Project
    do {
        project = try Project.load(
            configPath: command.config, contractPath: command.contract, cwd: cwd, paths: command.paths, fileSystem: fileSystem)
    } catch {
        fail(error.position.map { "\(error.path):\($0.line):\($0.column): \(error.message)" } ?? "\(error.path): \(error.message)", hint: error.hint)
    }
    let engine = Engine(
        project: project,
        options: LintOptions(kind: command.kind, ruleLevels: command.ruleLevels, jobs: command.jobs, maxFileBytes: command.maxFileBytes),
        fileSystem: fileSystem)
    var report: LintReport
    if command.stdin {
        guard let bytes = Terminal.readStandardInput(limit: command.maxFileBytes) else {
            fail("standard input is larger than --max-file-bytes (\(command.maxFileBytes) bytes)")
        }
        report = engine.lint(bytes: bytes, path: command.stdinFilename ?? "<stdin>")
    } else {
        var discovery = Discovery(config: project.config, baseDirectory: project.baseDirectory, cwd: cwd, fileSystem: fileSystem)
        discovery.ignoredFiles = project.ownFiles
        switch Result(catching: { () throws(Discovery.MissingPath) in try discovery.targets(for: command.paths) }) {
        case .success(let targets): report = engine.lint(targets)
        case .failure(let missing): fail("no such file or directory: \(missing.path)", hint: "check the path, or run from the folder that holds it")
        }
    }
    if command.quiet { report = report.onlyErrors() }

    let color = command.output == nil && (command.color == .always || (command.color == .auto && Terminal.wantsColor()))
    for (format, path) in command.reports {
        write(render(report, format, color: false), to: path, fileSystem)
    }
    let main = render(report, command.format, color: color)
    if let output = command.output {
        write(main, to: output, fileSystem)
    } else if !(command.quiet && report.allDiagnostics.isEmpty && report.project.isEmpty && command.format == .text) {
        Terminal.write(main)
    }
    return exitCode(report, command)
}

func render(_ report: LintReport, _ format: ReportFormat, color: Bool) -> String {
    guard let reporter = Reporters.make(format, options: ReportOptions(color: color)) else {
        fail("format '\(format.rawValue)' is not available")
    }
    return reporter.render(report)
}

func write(_ text: String, to path: String, _ fileSystem: LocalFileSystem) {
    do {
        try fileSystem.writeAtomically(path, Array(text.utf8))
    } catch {
        fail("cannot write the report to \(path): \(error.message)")
    }
}

func exitCode(_ report: LintReport, _ command: LintCommand) -> Int32 {
    let severities = report.allDiagnostics.map(\.severity) + report.project.map(\.severity)
    if severities.contains(where: { $0 >= command.failOn }) { return ExitCode.findings }
    if let max = command.maxWarnings, severities.filter({ $0 == .warning }).count > max { return ExitCode.findings }
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
            guard value == "json" || value == "text" else { fail("'pushlint rules' formats are text and json, got '\(value)'") }
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
        fail("unknown rule id '\(id)'." + Suggest.didYouMean(id, in: RuleRegistry.descriptions.map(\.id)), hint: "'pushlint rules' lists them")
    }
    Terminal.write(RuleDocumentation.page(rule.description))
    return ExitCode.clean
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
    default: Terminal.write(Help.root)
    }
    code = ExitCode.clean
case "lint":
    code = runLint(Array(arguments.dropFirst()))
case "rules":
    code = runRules(Array(arguments.dropFirst()))
case "explain":
    code = runExplain(Array(arguments.dropFirst()))
default:
    code = runLint(arguments)
}
Terminal.exit(code)
