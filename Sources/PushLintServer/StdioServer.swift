import PushLintEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The language server on standard input and output: reads whatever bytes are there (poll), handles every
/// complete message, starts the lints that are due when the input is quiet, publishes finished background work
/// (a worker wakes the loop through a pipe), and writes the answers framed. Ends on `exit`, on the end of its input
/// (the client went away), or on input that is not LSP framing; work still running then is abandoned with the
/// process.
public enum StdioServer {
    /// Reads and writes the workspace's files through `fileSystem`.
    public static func run(fileSystem: any FileSystem, debounceSeconds: Double = 0.005) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var wakePipe: [Int32] = [-1, -1]
        guard pipe(&wakePipe) == 0 else {
            writeError("pushlint server: cannot make a pipe; stopping\n")
            return 1
        }
        for fd in wakePipe { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        let wakeWrite = wakePipe[1]
        let server = LanguageServer(
            debounceSeconds: debounceSeconds, now: monotonicSeconds, fileSystem: fileSystem,
            wake: {
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
            })
        var drain = [UInt8](repeating: 0, count: 256)
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var open = true
        while open {
            // Wait for input, or until the next lint is due.
            var timeout: Int32 = -1
            if let due = server.nextDue {
                timeout = Int32(max(0, min(60_000, ((due - monotonicSeconds()) * 1000).rounded(.up))))
            }
            var fds = [
                pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return 1
            }
            if fds[1].revents != 0 {
                while drain.withUnsafeMutableBytes({ read(wakePipe[0], $0.baseAddress, $0.count) }) > 0 {}
            }
            if fds[0].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return 1
                }
                if count == 0 { open = false }  // EOF: the client is gone
                framer.append(buffer[0..<count])
                var batch: [[UInt8]] = []
                loop: while true {
                    switch framer.next() {
                    case .message(let body): batch.append(body)
                    case .needMore: break loop
                    case .broken(let reason):
                        writeError("pushlint server: \(reason); stopping\n")
                        server.receive(batch: batch)
                        flush(server)
                        return 1
                    }
                }
                if !batch.isEmpty { server.receive(batch: batch) }
                if let code = server.exitCode {
                    flush(server)
                    return code
                }
                // More input waiting: read it before linting (changes coalesce).
                var more = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                if open, poll(&more, 1, 0) > 0, server.outbox.isEmpty { continue }
            }
            server.lintDue()
            server.collectFinished()
            if !flush(server) { return 1 }
        }
        return server.exitCode ?? 1
    }

    /// Writes the outbox; false when the client is gone.
    @discardableResult
    static func flush(_ server: LanguageServer) -> Bool {
        defer { server.outbox.removeAll() }
        for body in server.outbox {
            let framed = MessageFramer.frame(body)
            var written = 0
            while written < framed.count {
                let n = framed.withUnsafeBytes { write(1, $0.baseAddress! + written, $0.count - written) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
        }
        return true
    }

    static func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }

    public static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
