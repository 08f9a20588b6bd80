import Foundation

/// A temporary folder on disk for a test (fix, init and CLI tests write real files), removed when released.
public final class ScratchFolder: @unchecked Sendable {
    /// Absolute, with symlinks resolved so it compares equal to what pushlint reports.
    public let path: String

    public init() {
        let base = NSTemporaryDirectory() + "pushlint-scratch-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    public func write(_ relative: String, _ text: String) -> String { write(relative, Array(text.utf8)) }

    @discardableResult
    public func write(_ relative: String, _ bytes: [UInt8]) -> String {
        let full = path + "/" + relative
        let folder = URL(fileURLWithPath: full).deletingLastPathComponent().path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
        return full
    }

    public func mkdir(_ relative: String) {
        try? FileManager.default.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
    }

    public func read(_ relative: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path + "/" + relative))).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + relative) }
}
