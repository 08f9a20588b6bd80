import Foundation

/// Runs the built `pushlint` executable in a subprocess, as users and CI do. The binary is
/// `.build/debug/pushlint` below the package root when it is newer than every source file; otherwise (missing, or
/// stale: `swift test` builds only what the test targets import, not the executable) it is built once with
/// `swift build --product pushlint` into a scratch folder of its own, and a failure to build fails the test with
/// the build output.
public enum BuiltBinary {
    public typealias Result = CommandResult

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    public static let path = Paths.repo.appendingPathComponent(".build/debug/pushlint").path

    /// The newest modification time of the package's sources and manifest.
    static func newestSource() -> Date {
        let manager = FileManager.default
        var newest =
            (try? manager.attributesOfItem(atPath: Paths.repo.appendingPathComponent("Package.swift").path))?[
                .modificationDate] as? Date ?? .distantPast
        for file in Paths.allFiles(below: Paths.repo.appendingPathComponent("Sources"))
        where file.pathExtension == "swift" {
            if let date = (try? manager.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date, date > newest
            {
                newest = date
            }
        }
        return newest
    }

    static func isFresh(_ binary: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: binary),
            let built = (try? FileManager.default.attributesOfItem(atPath: binary))?[.modificationDate] as? Date
        else { return false }
        return built >= newestSource()
    }

    static let built: Swift.Result<String, Missing> = {
        if isFresh(path) { return .success(path) }
        // A separate build folder: the running `swift test` holds the lock of `.build`.
        let scratch = Paths.repo.appendingPathComponent(".build/cli-tests").path
        let build = run(
            "/usr/bin/env",
            ["swift", "build", "--product", "pushlint", "--package-path", Paths.repo.path, "--scratch-path", scratch],
            cwd: Paths.repo.path, stdin: nil)
        let built = scratch + "/debug/pushlint"
        guard build.status == 0, FileManager.default.isExecutableFile(atPath: built) else {
            return .failure(
                Missing(description: "\(path) is missing and building it failed:\n\(build.stdout)\n\(build.stderr)"))
        }
        return .success(built)
    }()

    /// Runs `pushlint arguments` in `cwd`; `NO_COLOR` is set so output is plain, unless `environment` says
    /// otherwise (a nil value removes a variable).
    public static func pushlint(
        _ arguments: [String], cwd: String, stdin: String? = nil, environment: [String: String?] = [:]
    ) throws -> Result {
        let binary = try built.get()
        return run(binary, arguments, cwd: cwd, stdin: stdin, environment: environment)
    }

    /// How a process ended: its exit status, or the signal that ended it.
    public struct Ending: Sendable, Equatable {
        public var status: Int32?
        public var signal: Int32?
    }

    /// Runs `pushlint arguments` with its standard output on a pipe that nobody reads (the read end is closed
    /// before it starts) and SIGPIPE at its default action, as in `pushlint ... | head -1` once head has exited.
    /// posix_spawn rather than `Process`: a child inherits ignored signals, and this test process ignores SIGPIPE.
    public static func runIntoClosedPipe(_ arguments: [String]) throws -> (ending: Ending, stderr: String) {
        let binary = try built.get()
        var output: [Int32] = [0, 0]
        var errors: [Int32] = [0, 0]
        guard pipe(&output) == 0, pipe(&errors) == 0 else { throw Missing(description: "pipe: \(errno)") }
        close(output[0])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, environ)
        close(output[1])
        close(errors[1])
        defer { close(errors[0]) }
        guard spawned == 0 else { throw Missing(description: "cannot run \(binary): \(spawned)") }
        let stderr = FileHandle(fileDescriptor: errors[0], closeOnDealloc: false).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let ending =
            signal == 0 ? Ending(status: (status >> 8) & 0xFF, signal: nil) : Ending(status: nil, signal: signal)
        return (ending, String(decoding: stderr, as: UTF8.self))
    }

    /// A child that exits before reading its standard input (a usage error) closes the pipe; writing to it must
    /// then fail with EPIPE instead of killing the test process with SIGPIPE.
    static let brokenPipesAreErrors: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs any executable the same way (the plugin test runs `swift package`).
    public static func run(
        _ executable: String, _ arguments: [String], cwd: String, stdin: String?, environment: [String: String?] = [:]
    ) -> Result {
        _ = brokenPipesAreErrors
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: cwd)
        var variables = ProcessInfo.processInfo.environment
        variables["NO_COLOR"] = "1"
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        do { try process.run() } catch {
            return Result(status: -1, stdout: "", stderr: "cannot run \(executable): \(error)")
        }
        // The throwing write: the old `write(_:)` traps on EPIPE.
        if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
