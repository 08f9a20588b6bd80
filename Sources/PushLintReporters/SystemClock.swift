import PushLintModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two facts about the machine a report may carry (JUnit `timestamp` and `hostname`). Tests pass fixed values
/// instead, so goldens do not depend on them.
enum SystemClock {
    /// Now, UTC, as `yyyy-MM-ddTHH:mm:ss` (the form the strict JUnit schema accepts: no zone, no fraction).
    static func utcTimestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard gmtime_r(&now, &parts) != nil else { return "1970-01-01T00:00:00" }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : String(n) }
        let year = String(parts.tm_year + 1900)
        return
            "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
