import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A source file deeper than PATH_MAX (made and removed through folder descriptors, as no path reaches it): `app
/// scan` lists the folder it cannot look at as unreadable, with the reason, instead of dropping it silently.
@Suite struct AppScanHostileTreeTests {
    static let levels = Int(PATH_MAX) / 3 + 10

    /// Makes `levels` nested `dd` folders under `root` with `Channels.kt` at the bottom.
    static func makeDeepTree(_ root: String) throws {
        var fd = open(root, O_RDONLY)
        try #require(fd >= 0)
        for _ in 0..<levels {
            try #require(mkdirat(fd, "dd", 0o755) == 0)
            let next = openat(fd, "dd", O_RDONLY)
            close(fd)
            fd = next
            try #require(fd >= 0)
        }
        let file = openat(fd, "Channels.kt", O_WRONLY | O_CREAT, 0o644)
        let text = Array(
            "val c = NotificationChannel(\"orders\", \"n\", NotificationManager.IMPORTANCE_HIGH)\n".utf8)
        _ = text.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        close(fd)
    }

    /// Removes the tree from the bottom up, one level's descriptor at a time.
    static func removeDeepTree(_ root: String) {
        var fds = [open(root, O_RDONLY)]
        for _ in 0..<levels {
            let next = openat(fds.last!, "dd", O_RDONLY)
            guard next >= 0 else { break }
            fds.append(next)
        }
        unlinkat(fds.last!, "Channels.kt", 0)
        while fds.count > 1 {
            close(fds.removeLast())
            unlinkat(fds.last!, "dd", AT_REMOVEDIR)
        }
        close(fds[0])
    }

    @Test(.tags(.slow), .whenSlowTestsAreOn) func aPathPastPathMaxIsListedAsUnreadable() throws {
        let folder = TempDirectory()
        folder.write(
            "shallow/Ok.kt", "val c = NotificationChannel(\"chat\", \"n\", NotificationManager.IMPORTANCE_HIGH)\n")
        // Registered first: a tree that fails half-built past PATH_MAX is still removed (no path reaches it).
        defer { Self.removeDeepTree(folder.path + "/shallow") }
        try Self.makeDeepTree(folder.path + "/shallow")
        let facts = try AppScan.scan(folders: ["shallow"], cwd: folder.path, jobs: 1)
        #expect(facts.channels.map(\.id) == ["chat"])
        #expect(facts.unreadable.count == 1, "\(facts.unreadable)")
        let entry = try #require(facts.unreadable.first)
        #expect(entry.location.path.hasPrefix("shallow/dd/dd/"))
        #expect(entry.what.contains("PATH_MAX"), "\(entry.what)")
    }
}
