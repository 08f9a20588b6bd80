// The executable: the command line (PushLintCLI) on this process's arguments, standard streams, file system and
// working directory. The one place that makes the real terminal and file system: everything below takes them as
// parameters.
import PushLintCLI
import PushLintEngine
import PushLintServer

let fileSystem = LocalFileSystem()
let environment = CommandEnvironment(
    terminal: ProcessTerminal(), fileSystem: fileSystem, workingDirectory: fileSystem.currentDirectory,
    languageServer: { StdioServer.run(fileSystem: fileSystem) })
let outcome = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), in: environment)
// Exiting while the outcome holds the report lets the operating system drop the report's heap at once instead of
// releasing every finding one by one.
withExtendedLifetime(outcome) { Terminal.exit(outcome.exitCode) }
