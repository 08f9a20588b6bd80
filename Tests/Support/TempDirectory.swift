import Foundation

/// A temporary folder on disk for a test (fix, init and CLI tests write real files), removed when released.
public final class TempDirectory: @unchecked Sendable {
    public let path: String

    public init() {
        let base = NSTemporaryDirectory() + "pushlint-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        // Resolve /tmp links so paths compare equal to what the engine reports.
        path = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    public func write(_ relative: String, _ text: String) -> String {
        write(relative, Array(text.utf8))
    }

    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) -> String {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }

    public func symlink(_ relative: String, to destination: String) {
        try? FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: destination)
    }

    public func read(_ relative: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path + "/" + relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }

    public func mkdir(_ relative: String) {
        try? FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }
}
