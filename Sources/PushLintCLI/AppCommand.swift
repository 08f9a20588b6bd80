import PushLintEngine
import PushLintModel
import PushLintReporters

/// `pushlint app scan [PATH...] [--format text|json] [--config FILE] [--jobs N]`.
struct AppScanCommand {
    var paths: [String] = []
    var json = false
    var config: String?
    var jobs = Engine.activeProcessors

    static let subcommands = ["scan"]
    static let options = ["--format", "--config", "--jobs", "--help"]
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
        var onlyPaths = false
        while let argument = cursor.next() {
            if onlyPaths || !argument.hasPrefix("-") || argument == "-" {
                command.paths.append(argument)
                continue
            }
            if argument == "--" {
                onlyPaths = true
                continue
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
            name = shortOptions[name] ?? name
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
            default:
                throw UsageError(
                    message: "unknown option '\(argument)' for 'pushlint app scan'."
                        + Suggest.didYouMean(name, in: options),
                    hint: "see 'pushlint app scan --help'")
            }
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
        let facts: AppFacts
        do {
            facts = try AppScan.run(
                AppScanRequest(
                    paths: command.paths, configPath: command.config, workingDirectory: cwd, jobs: command.jobs))
        } catch {
            throw UsageError(error)
        }
        if command.json {
            terminal.write(AppFactsReporter.json(facts))
        } else {
            terminal.write(AppFactsReporter.text(facts, scanned: command.paths))
        }
    }
}
