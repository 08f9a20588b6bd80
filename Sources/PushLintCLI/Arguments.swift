import PushLintEngine
import PushLintModel
import PushLintReporters
import PushLintRules

/// A usage error: exit 2 with a message and a hint.
struct UsageError: Error {
    var message: String
    var hint: String?
}

/// Everything `pushlint lint` was asked to do.
struct LintCommand {
    var paths: [String] = []
    var format: ReportFormat = .text
    var output: String?
    var reports: [(ReportFormat, String)] = []
    var config: String?
    var contract: String?
    /// `--app PATH` (repeatable): the app folders the app-* rules read instead of the config's `app`.
    var app: [String] = []
    var kind: PayloadKind?
    var stdin = false
    var stdinFilename: String?
    var ruleLevels: [String: RuleLevel] = [:]
    var failOn: Severity = .error
    var maxWarnings: Int?
    var jobs: Int = Engine.activeProcessors
    var maxFileBytes = 8 << 20
    var color: ColorChoice = .auto
    var quiet = false
    var fix = false
    var fixDryRun = false
    var unsafeFixes = false
    var baseline: String?
    var writeBaseline: String?
    var strictBaseline = false
    /// `--force-exclude`: paths named on the command line that `exclude` matches are skipped too (as a pre-commit
    /// hook names every changed file).
    var forceExclude = false
    /// `--timing[=N|all]`: print the time of each rule to stderr; the N most expensive (10), nil for all.
    var timing = false
    /// `--stdin-format json|jsonl` (default: jsonl when --stdin-filename ends in .jsonl or .ndjson).
    var stdinFormat: String?
    var maxFindingsPerRule: Int?
    var timingTop: Int? = 10

    enum ColorChoice: String { case auto, always, never }

    /// `--stdin` as JSON Lines.
    var stdinIsJSONLines: Bool {
        stdin && (stdinFormat.map { $0 == "jsonl" } ?? stdinFilename.map(Engine.isJSONLines) ?? false)
    }

    /// The engine's request for this command; `standardInputLines` reads standard input when it is JSON Lines.
    func request(cwd: String, standardInput: (bytes: [UInt8], name: String)?, standardInputLines: @escaping ChunkReader)
        -> LintRequest
    {
        var request = LintRequest(
            paths: paths, configPath: config, contractPath: contract, workingDirectory: cwd,
            standardInput: standardInput,
            options: LintOptions(
                kind: kind, ruleLevels: ruleLevels, jobs: jobs, maxFileBytes: maxFileBytes,
                lineExcerpts: format.showsLineText || reports.contains { $0.0.showsLineText },
                byteRanges: format.countsBytes || reports.contains { $0.0.countsBytes }, timing: timing,
                maxFindingsPerRule: maxFindingsPerRule),
            fix: fix ? .apply : fixDryRun ? .dryRun : .none, unsafeFixes: unsafeFixes, baseline: baseline,
            strictBaseline: strictBaseline, writeBaseline: writeBaseline, onlyErrors: quiet)
        request.appPaths = app
        request.forceExclude = forceExclude
        if stdinIsJSONLines { request.standardInputLines = (stdinFilename ?? "<stdin>", standardInputLines) }
        return request
    }
}

/// A hand-written parser: `--flag value`, `--flag=value`, `-f value`, `--` ends options.
struct ArgumentCursor {
    var arguments: [String]
    var index = 0
    /// After `--`: every argument is a path.
    var onlyPaths = false

    /// An argument as a command reads it.
    enum Argument {
        case path(String)
        /// `name` is the long name (a short option is mapped); `inline` the value written with it; `written` the
        /// argument as given, for messages.
        case option(name: String, inline: String?, written: String)
    }

    init(_ arguments: [String]) { self.arguments = arguments }

    mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        defer { index += 1 }
        return arguments[index]
    }

    /// The next argument as a path or an option. `--` makes every later argument a path (and `-` is one);
    /// `--name=value`, and a short option with its value attached as getopt reads it (`-j4`, `-fjson`,
    /// `-oreport.json`), carry their value inline.
    mutating func nextArgument(shortOptions: [String: String]) -> Argument? {
        guard let argument = next() else { return nil }
        if onlyPaths || !argument.hasPrefix("-") || argument == "-" { return .path(argument) }
        if argument == "--" {
            onlyPaths = true
            return nextArgument(shortOptions: shortOptions)
        }
        var name = argument
        var inline: String?
        if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            name = String(argument[..<eq])
            inline = String(argument[argument.index(after: eq)...])
        } else if !argument.hasPrefix("--"), argument.count > 2, shortOptions[String(argument.prefix(2))] != nil {
            name = String(argument.prefix(2))
            inline = String(argument.dropFirst(2))
        }
        return .option(name: shortOptions[name] ?? name, inline: inline, written: argument)
    }

    /// The next option, with every path before it appended to `paths`; nil at the end.
    mutating func nextOption(shortOptions: [String: String], paths: inout [String]) -> (
        name: String, inline: String?, written: String
    )? {
        while let next = nextArgument(shortOptions: shortOptions) {
            switch next {
            case .path(let path): paths.append(path)
            case .option(let name, let inline, let written): return (name, inline, written)
            }
        }
        return nil
    }

    /// The value of an option, from `--name=value` or the next argument.
    mutating func value(for option: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw UsageError(message: "option '\(option)' needs a value", hint: "see 'pushlint lint --help'")
        }
        let value = arguments[index]
        index += 1
        return value
    }
}

enum LintArguments {
    static let options = [
        "--format", "--output", "--report", "--config", "--contract", "--app", "--kind", "--stdin", "--stdin-filename",
        "--rule",
        "--fail-on", "--max-warnings", "--jobs", "--max-file-bytes", "--color", "--quiet", "--help",
        "--fix", "--fix-dry-run", "--unsafe-fixes", "--baseline", "--write-baseline", "--strict-baseline", "--timing",
        "--stdin-format", "--max-findings-per-rule", "--force-exclude",
    ]
    static let shortOptions = [
        "-f": "--format", "-o": "--output", "-c": "--config", "-j": "--jobs", "-q": "--quiet", "-h": "--help",
    ]

    static func parse(_ arguments: [String]) throws(UsageError) -> LintCommand? {
        var command = LintCommand()
        var cursor = ArgumentCursor(arguments)
        while let (name, inline, argument) = cursor.nextOption(shortOptions: shortOptions, paths: &command.paths) {
            switch name {
            case "--help":
                return nil
            case "--format":
                command.format = try format(try cursor.value(for: name, inline: inline))
            case "--output":
                command.output = try cursor.value(for: name, inline: inline)
            case "--report":
                let value = try cursor.value(for: name, inline: inline)
                guard let eq = value.firstIndex(of: "="), eq != value.startIndex,
                    value.index(after: eq) != value.endIndex
                else {
                    throw UsageError(
                        message: "--report takes FORMAT=FILE, got '\(value)'",
                        hint: "for example --report sarif=pushlint.sarif")
                }
                command.reports.append((try format(String(value[..<eq])), String(value[value.index(after: eq)...])))
            case "--config":
                command.config = try cursor.value(for: name, inline: inline)
            case "--contract":
                command.contract = try cursor.value(for: name, inline: inline)
            case "--app":
                command.app.append(try cursor.value(for: name, inline: inline))
            case "--kind":
                let value = try cursor.value(for: name, inline: inline)
                if value != "auto" {
                    guard let kind = PayloadKind(rawValue: value) else {
                        throw UsageError(
                            message: "unknown kind '\(value)'."
                                + Suggest.didYouMean(value, in: ["auto"] + PayloadKind.allCases.map(\.rawValue)),
                            hint: "kinds: auto, " + PayloadKind.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    command.kind = kind
                }
            case "--stdin":
                try noValue(name, inline)
                command.stdin = true
            case "--stdin-filename":
                command.stdinFilename = try cursor.value(for: name, inline: inline)
            case "--rule":
                let value = try cursor.value(for: name, inline: inline)
                guard let eq = value.firstIndex(of: "=") else {
                    throw UsageError(
                        message: "--rule takes ID=LEVEL, got '\(value)'",
                        hint: "for example --rule payload-size-headroom=off")
                }
                let id = String(value[..<eq])
                let levelText = String(value[value.index(after: eq)...])
                let ids = RuleRegistry.descriptions.map(\.id)
                guard ids.contains(id) else {
                    throw UsageError(
                        message: "unknown rule id '\(id)'." + Suggest.didYouMean(id, in: ids),
                        hint: "'pushlint rules' lists every rule")
                }
                guard let level = RuleLevel(levelText) else {
                    throw UsageError(
                        message: "unknown level '\(levelText)' for '\(id)'", hint: "levels: off, info, warning, error")
                }
                command.ruleLevels[id] = level
            case "--fail-on":
                let value = try cursor.value(for: name, inline: inline)
                guard let severity = Severity(rawValue: value) else {
                    throw UsageError(
                        message: "--fail-on takes error, warning or info, got '\(value)'."
                            + Suggest.didYouMean(value, in: ["error", "warning", "info"]))
                }
                command.failOn = severity
            case "--max-warnings":
                command.maxWarnings = try integer(name, try cursor.value(for: name, inline: inline), minimum: 0)
            case "--jobs":
                command.jobs = try integer(name, try cursor.value(for: name, inline: inline), minimum: 1)
            case "--max-file-bytes":
                command.maxFileBytes = try integer(name, try cursor.value(for: name, inline: inline), minimum: 1)
            case "--color":
                let value = try cursor.value(for: name, inline: inline)
                guard let choice = LintCommand.ColorChoice(rawValue: value) else {
                    throw UsageError(message: "--color takes auto, always or never, got '\(value)'")
                }
                command.color = choice
            case "--quiet":
                try noValue(name, inline)
                command.quiet = true
            case "--fix":
                try noValue(name, inline)
                command.fix = true
            case "--fix-dry-run":
                try noValue(name, inline)
                command.fixDryRun = true
            case "--unsafe-fixes":
                try noValue(name, inline)
                command.unsafeFixes = true
            case "--baseline":
                command.baseline = try cursor.value(for: name, inline: inline)
            case "--write-baseline":
                command.writeBaseline = try cursor.value(for: name, inline: inline)
            case "--strict-baseline":
                try noValue(name, inline)
                command.strictBaseline = true
            case "--force-exclude":
                try noValue(name, inline)
                command.forceExclude = true
            case "--stdin-format":
                let value = try cursor.value(for: name, inline: inline)
                guard value == "json" || value == "jsonl" else {
                    throw UsageError(
                        message: "--stdin-format takes json or jsonl, got '\(value)'",
                        hint: "jsonl: one payload per line")
                }
                command.stdinFormat = value
            case "--max-findings-per-rule":
                command.maxFindingsPerRule = try integer(name, try cursor.value(for: name, inline: inline), minimum: 1)
            case "--timing":
                // Only `--timing=N`: a separate word after --timing is a path.
                command.timing = true
                if let inline {
                    command.timingTop = inline == "all" ? nil : try integer(name, inline, minimum: 1)
                }
            default:
                throw UsageError(
                    message: "unknown option '\(argument)'." + Suggest.didYouMean(name, in: options),
                    hint: "see 'pushlint lint --help'")
            }
        }
        // `-` is standard input, as for most command-line tools.
        if command.paths.contains("-") {
            guard command.paths == ["-"], !command.stdin else {
                throw UsageError(message: "'-' reads one payload from standard input; do not name other paths with it")
            }
            command.paths = []
            command.stdin = true
        }
        if command.stdin && !command.paths.isEmpty {
            throw UsageError(message: "--stdin reads one payload from standard input; do not name paths as well")
        }
        if command.stdinFormat != nil && !command.stdin {
            throw UsageError(message: "--stdin-format goes with --stdin")
        }
        if command.stdinFilename != nil && !command.stdin {
            throw UsageError(message: "--stdin-filename goes with --stdin")
        }
        if command.fix && command.fixDryRun {
            throw UsageError(message: "--fix writes the fixes and --fix-dry-run only prints them; choose one")
        }
        if command.unsafeFixes && !command.fix && !command.fixDryRun {
            throw UsageError(
                message: "--unsafe-fixes goes with --fix or --fix-dry-run",
                hint: "for example pushlint --fix --unsafe-fixes push/")
        }
        if command.stdin && (command.fix || command.fixDryRun) {
            throw UsageError(message: "--fix and --fix-dry-run change files; they do not work with --stdin")
        }
        if command.strictBaseline && command.baseline == nil {
            throw UsageError(
                message: "--strict-baseline goes with --baseline FILE",
                hint: "for example pushlint --baseline pushlint-baseline.json --strict-baseline")
        }
        if command.paths.isEmpty && !command.stdin { command.paths = ["."] }
        return command
    }

    static func format(_ text: String) throws(UsageError) -> ReportFormat {
        guard let format = ReportFormat(rawValue: text) else {
            throw UsageError(
                message: "unknown format '\(text)'."
                    + Suggest.didYouMean(text, in: ReportFormat.allCases.map(\.rawValue)),
                hint: "formats: " + ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return format
    }

    static func integer(_ option: String, _ text: String, minimum: Int) throws(UsageError) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw UsageError(message: "\(option) takes a whole number of at least \(minimum), got '\(text)'")
        }
        return value
    }

    static func noValue(_ option: String, _ inline: String?) throws(UsageError) {
        if inline != nil { throw UsageError(message: "\(option) takes no value") }
    }
}

/// `pushlint init [--contract] [FOLDER]`.
struct InitCommand {
    var contract = false
    var directory = "."

    static func parse(_ arguments: [String]) throws(UsageError) -> InitCommand? {
        var command = InitCommand()
        var folders: [String] = []
        for argument in arguments {
            switch argument {
            case "-h", "--help": return nil
            case "--contract": command.contract = true
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(
                        message: "unknown option '\(argument)' for 'pushlint init'."
                            + Suggest.didYouMean(argument, in: ["--contract", "--help"]),
                        hint: "see 'pushlint init --help'")
                }
                folders.append(argument)
            }
        }
        guard folders.count <= 1 else {
            throw UsageError(message: "'pushlint init' takes at most one folder", hint: "see 'pushlint init --help'")
        }
        command.directory = folders.first ?? "."
        return command
    }
}
