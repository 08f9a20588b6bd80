import PushLintEngine
import PushLintModel
import PushLintReporters

/// `pushlint app scan [PATH...] [--format text|json] [--config FILE] [--jobs N]`.
struct AppScanCommand {
    var paths: [String] = []
    var json = false
    var config: String?
    var jobs = Engine.activeProcessors
    /// `--write-contract`: merge the facts into the contract (shown as a diff, then written).
    var writeContract = false
    /// `--dry-run`: with `--write-contract`, show the diff and write nothing.
    var dryRun = false
    var contract: String?

    static let subcommands = ["scan"]
    static let options = ["--format", "--config", "--jobs", "--write-contract", "--dry-run", "--contract", "--help"]
    static let shortOptions = ["-f": "--format", "-c": "--config", "-j": "--jobs", "-h": "--help"]

    /// Nil when the arguments ask for help.
    static func parse(_ arguments: [String]) throws(UsageError) -> AppScanCommand? {
        guard let subcommand = arguments.first else {
            throw UsageError(message: "'pushlint app' needs a subcommand: scan", hint: "see 'pushlint app --help'")
        }
        if subcommand == "-h" || subcommand == "--help" { return nil }
        guard subcommand == "scan" else {
            throw UsageError(
                message: "unknown subcommand '\(subcommand)' for 'pushlint app'."
                    + Suggest.didYouMean(subcommand, in: subcommands),
                hint: "see 'pushlint app --help'")
        }
        var command = AppScanCommand()
        var cursor = ArgumentCursor(Array(arguments.dropFirst()))
        while let (name, inline, argument) = cursor.nextOption(shortOptions: shortOptions, paths: &command.paths) {
            switch name {
            case "--help":
                return nil
            case "--format":
                let value = try value(name, inline, &cursor)
                guard value == "text" || value == "json" else {
                    throw UsageError(
                        message: "'pushlint app scan' formats are text and json, got '\(value)'."
                            + Suggest.didYouMean(value, in: ["text", "json"]))
                }
                command.json = value == "json"
            case "--config":
                command.config = try value(name, inline, &cursor)
            case "--jobs":
                command.jobs = try LintArguments.integer(name, try value(name, inline, &cursor), minimum: 1)
            case "--write-contract":
                command.writeContract = true
            case "--dry-run":
                command.dryRun = true
            case "--contract":
                command.contract = try value(name, inline, &cursor)
            default:
                throw UsageError(
                    message: "unknown option '\(argument)' for 'pushlint app scan'."
                        + Suggest.didYouMean(name, in: options),
                    hint: "see 'pushlint app scan --help'")
            }
        }
        if command.dryRun && !command.writeContract {
            throw UsageError(
                message: "'--dry-run' goes with '--write-contract'",
                hint: "pushlint app scan --write-contract --dry-run")
        }
        if command.contract != nil && !command.writeContract {
            throw UsageError(
                message: "'--contract' names the contract '--write-contract' updates",
                hint: "pushlint app scan --write-contract --contract FILE")
        }
        return command
    }

    static func value(_ option: String, _ inline: String?, _ cursor: inout ArgumentCursor) throws(UsageError) -> String
    {
        if let inline { return inline }
        guard let value = cursor.next(), !value.hasPrefix("-") || value == "-" else {
            throw UsageError(message: "option '\(option)' needs a value", hint: "see 'pushlint app scan --help'")
        }
        return value
    }
}

extension Command {
    /// `pushlint app scan`: reads the app, writes its facts; exit 0 whatever they are (facts are not findings),
    /// 2 for a usage or configuration error or a named path that does not exist.
    func runApp(_ arguments: [String]) throws(UsageError) {
        guard let command = try parseOrHelp(Help.app, { () throws(UsageError) in try AppScanCommand.parse(arguments) })
        else { return }
        var request = AppScanRequest(
            paths: command.paths, configPath: command.config, workingDirectory: cwd, jobs: command.jobs,
            contractPath: command.contract)
        request.writeContract = command.writeContract
        let outcome: AppScanOutcome
        do {
            outcome = try AppScan.outcome(request, fileSystem: fileSystem)
        } catch {
            throw UsageError(error)
        }
        if let update = outcome.contractUpdate {
            try write(update, dryRun: command.dryRun)
        } else if command.json {
            terminal.write(AppFactsReporter.json(outcome.facts))
        } else {
            terminal.write(AppFactsReporter.text(outcome.facts, scanned: command.paths))
        }
    }

    /// `--write-contract`: the diff first, then what was added and what was left as written, then the file, written
    /// atomically and only when something changed.
    func write(_ update: ContractUpdate, dryRun: Bool) throws(UsageError) {
        let merge = update.merge
        var out = merge.diff(path: update.path)
        // The lines quote ids from the app's sources: escaped as `app scan` prints them (an ESC sequence in a
        // repository's code must not clear or recolour a CI log).
        if !merge.changes.isEmpty {
            out += "\nadded:\n" + merge.changes.map { "  \(Escape.terminal($0))\n" }.joined()
        }
        if !merge.kept.isEmpty {
            out +=
                "\nleft as written (the app says otherwise; decide by hand):\n"
                + merge.kept.map { "  \(Escape.terminal($0))\n" }.joined()
        }
        if !merge.isChanged {
            out += "\(update.path) is up to date with the app: nothing to write\n"
        } else if dryRun {
            out += "\n--dry-run: \(update.path) not written\n"
        } else {
            do {
                try fileSystem.writeAtomically(update.absolutePath, merge.bytes, durable: true)
            } catch {
                throw UsageError(message: "cannot write the contract to \(update.path): \(error.message)")
            }
            out += "\nwrote \(update.path)\n"
        }
        terminal.write(out)
        if update.isUnusedByConfig {
            terminal.writeError(
                "hint: pushlint lint reads this contract once .pushlint.json names it: \"contract\": \"\(update.path)\"\n"
            )
        }
    }
}
