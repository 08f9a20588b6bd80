import PushLintEngine
import Synchronization

/// An in-memory `FileSystem` for tests: absolute paths, folders implied by the files in them. `failWrites`
/// makes every `writeAtomically` fail the way a full disk would, after the temporary file was begun, so tests can
/// prove that the old content stays intact.
public final class MemoryFileSystem: FileSystem, Sendable {
    struct Entry {
        var bytes: [UInt8]
        var mode: UInt32
    }
    let files: Mutex<[String: Entry]>
    let failing: Mutex<Bool> = Mutex(false)
    let handedOut: Mutex<Int> = Mutex(0)
    public let currentDirectory: String

    public init(_ files: [String: String] = [:], cwd: String = "/project") {
        self.files = Mutex(files.mapValues { Entry(bytes: Array($0.utf8), mode: 0o644) })
        currentDirectory = cwd
    }

    /// How many bytes of files the reads have handed over so far.
    public var bytesRead: Int { handedOut.withLock { $0 } }

    public var failWrites: Bool {
        get { failing.withLock { $0 } }
        set { failing.withLock { $0 = newValue } }
    }

    public func set(_ path: String, _ bytes: [UInt8], mode: UInt32 = 0o644) {
        files.withLock { $0[path] = Entry(bytes: bytes, mode: mode) }
    }

    public func bytes(_ path: String) -> [UInt8]? { files.withLock { $0[path]?.bytes } }
    public func text(_ path: String) -> String? { bytes(path).map { String(decoding: $0, as: UTF8.self) } }
    public func mode(_ path: String) -> UInt32? { files.withLock { $0[path]?.mode } }
    public var paths: [String] { files.withLock { $0.keys.sorted() } }

    func isDirectory(_ path: String) -> Bool {
        let prefix = path == "/" ? "/" : path + "/"
        return files.withLock { $0.keys.contains { $0.hasPrefix(prefix) } }
    }

    public func info(_ path: String, followLinks: Bool) -> FileInfo? {
        if let entry = files.withLock({ $0[path] }) {
            return FileInfo(
                kind: .file, size: entry.bytes.count, device: 1, inode: UInt64(abs(path.hashValue) % 1_000_000),
                mode: entry.mode)
        }
        if isDirectory(path) {
            return FileInfo(
                kind: .directory, size: 0, device: 1, inode: UInt64(abs(path.hashValue) % 1_000_000 + 1_000_000),
                mode: 0o755)
        }
        return nil
    }

    public func list(_ directory: String) throws(FileSystemError) -> [String] {
        let prefix = directory == "/" ? "/" : directory + "/"
        let names = files.withLock { $0.keys.filter { $0.hasPrefix(prefix) } }.map { path -> String in
            let rest = path.dropFirst(prefix.count)
            return String(rest.prefix { $0 != "/" })
        }
        return Array(Set(names)).sorted()
    }

    public func read(_ path: String, limit: Int) -> ReadOutcome {
        guard let entry = files.withLock({ $0[path] }) else { return .failed("no such file or directory") }
        if entry.bytes.count > limit { return .tooLarge(size: entry.bytes.count) }
        handedOut.withLock { $0 += entry.bytes.count }
        return .bytes(entry.bytes)
    }

    public func readChunks(_ path: String, upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        guard let entry = files.withLock({ $0[path] }) else { return "no such file or directory" }
        let head = Array(entry.bytes.prefix(max(0, limit)))
        handedOut.withLock { $0 += head.count }
        forEachChunk(of: head, body)
        return nil
    }

    public func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        if failWrites { throw FileSystemError("cannot write \(path): no space left on device") }
        files.withLock { files in
            let mode = files[path]?.mode ?? 0o644
            files[path] = Entry(bytes: bytes, mode: mode)
        }
    }

    /// Folders are implied by the files in them: nothing to make.
    public func makeFolder(_ path: String) throws(FileSystemError) {}

    public func realPath(_ path: String) -> String? { path }
}
