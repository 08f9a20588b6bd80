#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process-level I/O the CLI needs, kept here so the executable stays free of platform code.
public enum Terminal {
    /// Colour is on for `auto` when stdout is a terminal, `NO_COLOR` is unset or empty and `TERM` is not `dumb`.
    public static func wantsColor() -> Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return isatty(1) == 1
    }

    public static func write(_ text: String, to fd: Int32 = 1) { write(bytes: Array(text.utf8), to: fd) }

    public static func write(bytes: [UInt8], to fd: Int32 = 1) {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { systemWrite(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
        bytes.removeAll()
    }

    public static func writeError(_ text: String) { write(text, to: 2) }

    /// Reads standard input up to `limit` bytes; nil when there is more.
    public static func readStandardInput(limit: Int) -> [UInt8]? {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if n == 0 { break }
            result.append(contentsOf: buffer[0..<n])
            if result.count > limit { return nil }
        }
        return result
    }

    public static var isStandardInputTerminal: Bool { isatty(0) == 1 }

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
