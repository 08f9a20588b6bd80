import Foundation

/// A temporary folder for a test, removed when the value is released.
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
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }

    public func symlink(_ relative: String, to destination: String) {
        try? FileManager.default.createSymbolicLink(atPath: path + "/" + relative, withDestinationPath: destination)
    }

    public func mkdir(_ relative: String) {
        try? FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }
}
