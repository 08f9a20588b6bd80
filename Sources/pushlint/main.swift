// The executable: the command line (PushLintCLI) on this process's arguments, standard streams and working
// directory.
import PushLintCLI
import PushLintEngine

let outcome = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), in: .process())
// Exiting while the outcome holds the report lets the operating system drop the report's heap at once: releasing
// 35 000 findings one by one took 0.15 s (BENCHMARKS.md).
withExtendedLifetime(outcome) { Terminal.exit(outcome.exitCode) }
