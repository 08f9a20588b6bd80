import PushLintEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The standard streams the command line reads and writes, and what it asks of the terminal behind them: the
/// terminal is the command line's, never the engine's, which returns values. The command line takes one as a parameter, so tests run it in memory (`Tests/Support`), in parallel, without a
/// process; `ProcessTerminal` is the real one.
public protocol TerminalIO: Sendable {
    /// Writes to standard output.
    func write(_ bytes: [UInt8])
    /// Writes to standard error.
    func writeError(_ text: String)
    /// Standard input, up to `limit` bytes; nil when there is more.
    func readStandardInput(limit: Int) -> [UInt8]?
    /// Standard input in chunks, in order, never holding more than one (a JSON Lines stream of any length); why
    /// reading stopped when it failed, nil at the end.
    func readStandardInput(chunks body: (UnsafeBufferPointer<UInt8>) -> Void) -> String?
    /// Whether `--color auto` colours standard output.
    var wantsColor: Bool { get }
}

extension TerminalIO {
    public func write(_ text: String) { write(Array(text.utf8)) }
}

/// The process's own standard streams (file descriptors 0, 1 and 2) and environment.
public struct ProcessTerminal: TerminalIO {
    public init() {}

    /// Colour is on for `auto` when stdout is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    public var wantsColor: Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(1) == 1
    }

    public func write(_ bytes: [UInt8]) { Self.write(bytes, to: 1) }

    public func writeError(_ text: String) { Self.write(Array(text.utf8), to: 2) }

    /// Writes everything, through short writes and interruptions; a closed stream ends the writing silently (a
    /// closed pipe raises SIGPIPE first, which ends the process as `pushlint | head` expects).
    static func write(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let n = systemWrite(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    public func readStandardInput(limit: Int) -> [UInt8]? {
        var result: [UInt8] = []
        _ = Self.readStandardInput { chunk in
            result.append(contentsOf: chunk)
            return result.count <= limit
        }
        return result.count > limit ? nil : result
    }

    public func readStandardInput(chunks body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        Self.readStandardInput { chunk in
            body(chunk)
            return true
        }
    }

    /// Reads file descriptor 0 in chunks until its end, a failure (the reason) or `body` returning false. Blocking:
    /// standard input may be a pipe whose writer is slower than the lint.
    static func readStandardInput(_ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> String? {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { buffer.deallocate() }
        while true {
            let n = systemRead(0, buffer.baseAddress!, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                return errno == EISDIR ? "it is a directory" : String(cString: strerror(errno))
            }
            if n == 0 { return nil }
            guard body(UnsafeBufferPointer(rebasing: buffer[0..<n])) else { return nil }
        }
    }
}

/// Ending the process, for the executable.
public enum Terminal {
    public static func exit(_ code: Int32) -> Never {
        #if canImport(Glibc)
            Glibc.exit(code)
        #elseif canImport(Musl)
            Musl.exit(code)
        #else
            Darwin.exit(code)
        #endif
    }
}
