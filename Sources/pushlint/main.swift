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
    let project: Project
    do {
        project = try Project.load(
            configPath: command.config, contractPath: command.contract, cwd: cwd, paths: command.paths, fileSystem: fileSystem)
    } catch {
        fail(error.position.map { "\(error.path):\($0.line):\($0.column): \(error.message)" } ?? "\(error.path): \(error.message)", hint: error.hint)
    }
    let engine = Engine(
        project: project,
        options: LintOptions(
            kind: command.kind, ruleLevels: command.ruleLevels, jobs: command.jobs, maxFileBytes: command.maxFileBytes,
            lineExcerpts: command.format.showsLineText || command.reports.contains { $0.0.showsLineText },
            byteRanges: command.format.countsBytes || command.reports.contains { $0.0.countsBytes }),
        fileSystem: fileSystem)
    var discovery = Discovery(config: project.config, baseDirectory: project.baseDirectory, cwd: cwd, fileSystem: fileSystem)
    discovery.ignoredFiles = project.ownFiles
    var baseline: Baseline?
    if let file = command.baseline {
        baseline = loadBaseline(file, cwd: cwd, fileSystem)
    }
    var report: LintReport
    if command.stdin {
        guard let bytes = Terminal.readStandardInput(limit: command.maxFileBytes) else {
            fail("standard input is larger than --max-file-bytes (\(command.maxFileBytes) bytes)")
        }
        report = engine.lint(bytes: bytes, path: command.stdinFilename ?? "<stdin>")
    } else {
        func missing(_ missing: Discovery.MissingPath) -> Never {
            let subcommand = missing.path.contains("/") ? "" : Suggest.didYouMean(missing.path, in: ["lint", "rules", "explain", "init", "help"])
            fail("no such file or directory: \(missing.path)" + (subcommand.isEmpty ? "" : ".") + subcommand, hint: "check the path, or run from the folder that holds it")
        }
        if command.fix || command.fixDryRun {
            let targets: [LintTarget]
            switch Result(catching: { () throws(Discovery.MissingPath) in try discovery.targets(for: command.paths) }) {
            case .success(let found): targets = found
            case .failure(let error): missing(error)
            }
            let run = engine.fix(targets, options: FixOptions(includeUnsafe: command.unsafeFixes, write: command.fix))
            report = run.report
            for file in run.files {
                if let problem = file.problem { Terminal.writeError("pushlint: warning: \(file.path) left unchanged: \(problem)\n") }
            }
            let changed = run.changedFiles
            if command.fixDryRun {
                Terminal.write(changed.map { UnifiedDiff.render(old: $0.original, new: $0.fixed, path: $0.path) }.joined())
                Terminal.writeError(
                    "pushlint: \(run.appliedFixes) \(run.appliedFixes == 1 ? "fix" : "fixes") would change \(changed.count) "
                        + "\(changed.count == 1 ? "file" : "files") (dry run: nothing written)\n")
                for (format, path) in command.reports { write(render(report, format, color: false, jobs: command.jobs, workingDirectory: cwd), to: path, fileSystem) }
                return changed.isEmpty ? ExitCode.clean : ExitCode.findings
            }
            if !changed.isEmpty {
                Terminal.writeError(
                    "pushlint: applied \(run.appliedFixes) \(run.appliedFixes == 1 ? "fix" : "fixes") to \(changed.count) "
                        + "\(changed.count == 1 ? "file" : "files")\n")
            }
        } else {
            // Linting starts while the walk goes on.
            switch Result(catching: { () throws(Discovery.MissingPath) in try engine.lint(paths: command.paths, discovery: discovery) }) {
            case .success(let linted): report = linted
            case .failure(let error): missing(error)
            }
        }
    }
    if let file = command.writeBaseline {
        let recorded = Baseline.record(report, paths: Baseline.PathMapper(cwd: cwd, baselineFile: file))
        write(Array(recorded.render().utf8), to: file, fileSystem, as: .baseline)
        let findings = recorded.counts.values.reduce(0, +)
        Terminal.writeError("pushlint: wrote \(file): \(findings) \(findings == 1 ? "finding" : "findings") in \(recorded.counts.count) \(recorded.counts.count == 1 ? "entry" : "entries")\n")
        return ExitCode.clean
    }
    if let baseline, let file = command.baseline {
        report = baseline.apply(to: report, paths: Baseline.PathMapper(cwd: cwd, baselineFile: file), strict: command.strictBaseline)
    }
    if command.quiet { report = report.onlyErrors() }

    let color = command.output == nil && (command.color == .always || (command.color == .auto && Terminal.wantsColor()))
    for (format, path) in command.reports {
        write(render(report, format, color: false, jobs: command.jobs, workingDirectory: cwd), to: path, fileSystem)
    }
    let main = render(report, command.format, color: color, jobs: command.jobs, workingDirectory: cwd)
    if let output = command.output {
        write(main, to: output, fileSystem)
    } else if !(command.quiet && report.isClean && command.format == .text) {
        Terminal.write(bytes: main)
    }
    // The process ends here: releasing a large report finding by finding took longer (0.15 s for 35 000 findings)
    // than the operating system takes to drop the whole heap.
    // (Kept alive explicitly: the optimizer may otherwise release it after its last use, before the exit.)
    withExtendedLifetime(report) { Terminal.exit(exitCode(report, command)) }
}

func loadBaseline(_ file: String, cwd: String, _ fileSystem: LocalFileSystem) -> Baseline {
    switch fileSystem.read(file.hasPrefix("/") ? file : cwd + "/" + file, limit: 64 << 20) {
    case .bytes(let bytes):
        do {
            return try Baseline.read(path: file, bytes: bytes)
        } catch {
            fail(error.position.map { "\(error.path):\($0.line):\($0.column): \(error.message)" } ?? "\(error.path): \(error.message)", hint: error.hint)
        }
    case .tooLarge: fail("the baseline \(file) is larger than 64 MiB")
    case .failed(let reason): fail("cannot read the baseline \(file): \(reason)", hint: "create it with --write-baseline \(file)")
    }
}

func runInit(_ arguments: [String]) -> Int32 {
    guard let command = parseOrHelp(Help.initCommand, { () throws(UsageError) in try InitCommand.parse(arguments) }) else {
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
    Reporters.make(format, options: ReportOptions(color: color, workingDirectory: workingDirectory, jobs: jobs)).renderBytes(report)
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
    case "init": Terminal.write(Help.initCommand)
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
default:
    code = runLint(arguments)
}
Terminal.exit(code)
