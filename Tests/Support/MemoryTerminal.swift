import PushLintCLI
import PushLintEngine
import Synchronization

/// A terminal in memory for the command line: standard input given up front, what is written kept for the test.
public final class MemoryTerminal: TerminalIO {
    let input: [UInt8]
    let output = Mutex<[UInt8]>([])
    let errors = Mutex<String>("")
    public let wantsColor: Bool

    public init(stdin: [UInt8] = [], wantsColor: Bool = false) {
        input = stdin
        self.wantsColor = wantsColor
    }

    public var stdout: String { output.withLock { String(decoding: $0, as: UTF8.self) } }
    public var stdoutBytes: [UInt8] { output.withLock { $0 } }
    public var stderr: String { errors.withLock { $0 } }

    public func write(_ bytes: [UInt8]) { output.withLock { $0 += bytes } }
    public func writeError(_ text: String) { errors.withLock { $0 += text } }

    public func readStandardInput(limit: Int) -> [UInt8]? { input.count > limit ? nil : input }

    /// In small chunks, so lines cross their edges as they do on a pipe.
    public func readStandardInput(chunks body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        forEachChunk(of: input, body)
        return nil
    }
}

/// What a run of the command line wrote and returned, in memory or as a process.
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs the command line in this process (`CommandLineTool.run`) on a memory terminal: no build, no process, no
/// stale binary, and runs go in parallel, since the working directory is a parameter and colour is the terminal's.
public enum InProcess {
    /// Runs `pushlint arguments` in `cwd`, with `stdin` on standard input, on `fileSystem` (the disk unless a test
    /// gives one in memory); a plain terminal (no colour) unless `wantsColor`. `pushlint server` does not start a
    /// language server here: it exits 0.
    public static func pushlint(
        _ arguments: [String], cwd: String, stdin: String? = nil, wantsColor: Bool = false,
        fileSystem: any FileSystem = LocalFileSystem()
    ) -> CommandResult {
        let terminal = MemoryTerminal(stdin: Array((stdin ?? "").utf8), wantsColor: wantsColor)
        let outcome = CommandLineTool.run(
            arguments,
            in: CommandEnvironment(
                terminal: terminal, fileSystem: fileSystem, workingDirectory: cwd, languageServer: { 0 }))
        return CommandResult(status: outcome.exitCode, stdout: terminal.stdout, stderr: terminal.stderr)
    }
}
