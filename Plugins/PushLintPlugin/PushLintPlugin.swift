import Foundation
import PackagePlugin

/// `swift package pushlint [ARGS]`: runs the `pushlint` executable of this package, built for the host, in the
/// folder of the package the command runs in. Without arguments it runs `pushlint lint .`; arguments replace that
/// (`swift package pushlint lint push --fail-on warning`, `swift package pushlint explain payload-size`).
///
/// The same source is the plugin of the pushlint-plugins package that `scripts/package` writes (SwiftLintPlugins'
/// scheme): there the `pushlint` tool is the release binary of a `binaryTarget` artifact bundle, so nothing compiles.
///
/// pushlint's findings, exit status and errors pass through: exit 1 (findings) and 2 (usage or configuration) fail
/// the command. The plugin asks for no permission, so linting (which only reads) never prompts for one; writing
/// (`--fix`, `--report FILE`, `--write-baseline`, `init`) needs `swift package --disable-sandbox pushlint ...` on
/// macOS, where plugins run in a sandbox.
@main
struct PushLintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "pushlint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["lint", "."] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let what: String
            switch (process.terminationReason, process.terminationStatus) {
            case (.exit, 1): what = "found problems at or above the fail level (exit 1)"
            case (.exit, 2): what = "stopped on a usage or configuration error (exit 2)"
            case (.exit, let status): what = "exited with status \(status)"
            default: what = "was terminated by signal \(process.terminationStatus)"
            }
            Diagnostics.error("pushlint \(what)")
            return
        }
    }
}
