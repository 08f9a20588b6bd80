import PushLintJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What pushlint needs from the file system. The engine takes it as a parameter so tests can inject failures.
public protocol FileSystem: Sendable {
    func info(_ path: String, followLinks: Bool) -> FileInfo?
    func list(_ directory: String) throws(FileSystemError) -> [String]
    /// Names with their kind when the directory listing tells it without a stat (nil: ask `info`).
    func entries(_ directory: String) throws(FileSystemError) -> [(name: String, kind: FileInfo.Kind?)]
    /// Reads a regular file, refusing to read beyond `limit` bytes.
    func read(_ path: String, limit: Int) -> ReadOutcome
    /// Replaces a file atomically: a temporary file in the same folder, flushed to the disk, then renamed; keeps
    /// the mode of an existing file. A symbolic link stays: the file it points to is replaced. A device, pipe or
    /// socket (`/dev/null`, `/dev/stdout`, a FIFO) is written to, never replaced.
    func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError)
    /// The same, flushed to the disk only when `durable`: files the user keeps (`--fix`, baselines, `init`, the
    /// contract) are; a report, which can be made again, is not.
    func writeAtomically(_ path: String, _ bytes: [UInt8], durable: Bool) throws(FileSystemError)
    /// Makes the folder `path`, whose parent exists; a folder already there is no error.
    func makeFolder(_ path: String) throws(FileSystemError)
    func realPath(_ path: String) -> String?
    var currentDirectory: String { get }
    /// Reads a file (or a pipe: `/dev/stdin`) in chunks, in order, never holding more than one; returns why it
    /// stopped when reading failed, nil at the end.
    func readChunks(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String?
    /// Reads at most the first `limit` bytes of a file in chunks (the head of a walked file too large to lint shows
    /// whether it is a payload; the rest is never read); returns why it stopped when reading failed, nil otherwise.
    func readChunks(_ path: String, upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String?
}

extension FileSystem {
    /// Reads the whole file, then hands it over in chunks (file systems of tests).
    public func readChunks(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        switch read(path, limit: Int.max) {
        case .bytes(let bytes):
            forEachChunk(of: bytes, body)
            return nil
        case .tooLarge: return "it is too large"
        case .failed(let reason): return reason
        }
    }

    /// Hands over the first `limit` bytes of `readChunks` (file systems of tests, wrappers).
    public func readChunks(_ path: String, upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        var left = max(0, limit)
        return readChunks(path) { chunk in
            guard left > 0 else { return }
            let head = UnsafeBufferPointer(rebasing: chunk.prefix(left))
            left -= head.count
            body(head)
        }
    }

    public func entries(_ directory: String) throws(FileSystemError) -> [(name: String, kind: FileInfo.Kind?)] {
        try list(directory).map { ($0, nil) }
    }

    /// A file system without a disk cache to flush writes every file the same way.
    public func writeAtomically(_ path: String, _ bytes: [UInt8], durable: Bool) throws(FileSystemError) {
        try writeAtomically(path, bytes)
    }

    /// A file system that cannot make folders says so (one that implies its folders makes nothing).
    public func makeFolder(_ path: String) throws(FileSystemError) {
        throw FileSystemError("cannot make the folder \(path): this file system makes no folders")
    }
}

public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public struct FileInfo: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case file, directory, symlink
        case other(String)
    }
    public var kind: Kind
    public var size: Int
    public var device: UInt64
    public var inode: UInt64
    public var mode: UInt32

    public init(kind: Kind, size: Int, device: UInt64, inode: UInt64, mode: UInt32) {
        self.kind = kind
        self.size = size
        self.device = device
        self.inode = inode
        self.mode = mode
    }
}

public enum ReadOutcome: Sendable {
    case bytes([UInt8])
    case tooLarge(size: Int)
    case failed(String)
}

/// The real file system, through POSIX calls (no Foundation on this path: it is the hot loop).
public struct LocalFileSystem: FileSystem {
    public init() {}

    public var currentDirectory: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func info(_ path: String, followLinks: Bool) -> FileInfo? {
        var st = stat()
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        guard rc == 0 else { return nil }
        return FileInfo(
            kind: Self.kind(UInt32(st.st_mode)), size: Int(st.st_size), device: UInt64(st.st_dev),
            inode: UInt64(st.st_ino),
            mode: UInt32(st.st_mode))
    }

    static func kind(_ mode: UInt32) -> FileInfo.Kind {
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFREG): return .file
        case UInt32(S_IFDIR): return .directory
        case UInt32(S_IFLNK): return .symlink
        case UInt32(S_IFIFO): return .other("a FIFO")
        case UInt32(S_IFSOCK): return .other("a socket")
        case UInt32(S_IFCHR), UInt32(S_IFBLK): return .other("a device")
        default: return .other("not a regular file")
        }
    }

    public func list(_ directory: String) throws(FileSystemError) -> [String] {
        guard let dir = opendir(directory) else { throw FileSystemError(Self.errorText(errno)) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// readdir's d_type saves one lstat per file on file systems that fill it in.
    public func entries(_ directory: String) throws(FileSystemError) -> [(name: String, kind: FileInfo.Kind?)] {
        guard let dir = opendir(directory) else { throw FileSystemError(Self.errorText(errno)) }
        defer { closedir(dir) }
        var result: [(name: String, kind: FileInfo.Kind?)] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name != "." && name != ".." else { continue }
            let kind: FileInfo.Kind?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = nil
            default: kind = .other("not a regular file")
            }
            result.append((name, kind))
        }
        return result
    }

    public func readChunks(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        readChunks(path, upTo: Int.max, body)
    }

    public func readChunks(_ path: String, upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        // Blocking: standard input may be a pipe whose writer is slower than the lint.
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return Self.errorText(errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return Self.errorText(errno) }
        if case .directory = Self.kind(UInt32(st.st_mode)) { return "it is a directory" }
        let capacity = 1 << 20
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var left = max(0, limit)
        while left > 0 {
            let n = Self.readRetrying(fd, buffer.baseAddress!, min(capacity, left))
            if n < 0 { return Self.errorText(errno) }
            if n == 0 { return nil }
            left -= n
            body(UnsafeBufferPointer(rebasing: buffer[0..<n]))
        }
        return nil
    }

    public func read(_ path: String, limit: Int) -> ReadOutcome {
        // O_NONBLOCK: opening a FIFO must not wait for a writer. `withCString` lends the string's own bytes; passing
        // the String would convert it through a new array for every file.
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { return .failed(Self.errorText(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failed(Self.errorText(errno)) }
        switch Self.kind(UInt32(st.st_mode)) {
        case .file: break
        case .directory: return .failed("it is a directory")
        case .symlink: return .failed("it is a symbolic link")
        case .other(let what): return .failed("it is \(what), not a regular file")
        }
        let size = Int(st.st_size)
        if size > limit { return .tooLarge(size: size) }
        if size > 0 {
            // Read what fstat announced (a file that grows after fstat is read as it was then, one that shrinks as
            // it is now): a small file into scratch memory, then copied into its array; a large one straight into
            // the array (zeroing it first would touch every page twice).
            var read = (count: 0, failure: Int32(0))
            let bytes: [UInt8]
            if size <= ScratchMemory.maximumCount(of: UInt8.self) {
                bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size) { scratch in
                    read = Self.readFully(fd, into: scratch)
                    return ScratchMemory.array(scratch, count: read.count)
                }
            } else {
                bytes = [UInt8](unsafeUninitializedCapacity: size) { storage, initialized in
                    // A large file's pages are first touched here: one fault per 2 MB instead of per 4 KB.
                    PageHints.preferHugePages(UnsafeMutableRawBufferPointer(storage))
                    read = Self.readFully(fd, into: storage)
                    initialized = read.count
                }
            }
            return read.failure == 0 ? .bytes(bytes) : .failed(Self.errorText(read.failure))
        }
        // A file that announces no size (those of /proc) is read to its end, up to one byte past the limit.
        var bytes = [UInt8](repeating: 0, count: min(4096, limit + 1))
        var total = 0
        while true {
            let read = bytes.withUnsafeMutableBufferPointer {
                Self.readFully(fd, into: UnsafeMutableBufferPointer(rebasing: $0[total...]))
            }
            if read.failure != 0 { return .failed(Self.errorText(read.failure)) }
            total += read.count
            // Room left: the file ended. Full: twice the room, until it holds more than the limit.
            guard total == bytes.count, bytes.count <= limit else { break }
            bytes.append(contentsOf: repeatElement(0, count: min(limit + 1, bytes.count * 2) - bytes.count))
        }
        if total > limit { return .tooLarge(size: max(size, total)) }
        bytes.removeSubrange(total...)
        return .bytes(bytes)
    }

    /// Reads until `buffer` is full or the file ends: how many bytes were read, and the error that stopped it (0
    /// for none).
    static func readFully(_ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> (count: Int, failure: Int32) {
        var count = 0
        while count < buffer.count, let base = buffer.baseAddress {
            let n = readRetrying(fd, base + count, buffer.count - count)
            if n < 0 { return (count, errno) }
            if n == 0 { break }
            count += n
        }
        return (count, 0)
    }

    /// `read(2)` again when a signal interrupts it: the bytes read (0 at the end), or -1 with `errno` set.
    static func readRetrying(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        while true {
            let n = systemRead(fd, buffer, count)
            if n >= 0 || errno != EINTR { return n }
        }
    }

    public func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        try writeAtomically(path, bytes, durable: true)
    }

    /// Without the flush a reader still never sees a half-written file, but a power loss right after the rename may
    /// leave it empty.
    public func writeAtomically(_ path: String, _ bytes: [UInt8], durable: Bool) throws(FileSystemError) {
        var target = path
        var info = stat()
        // A link stays a link: what it points to is replaced (a dangling link is replaced by the file).
        if lstat(path, &info) == 0, Self.kind(UInt32(info.st_mode)) == .symlink, let real = realPath(path) {
            target = real
        }
        let exists = stat(target, &info) == 0
        if exists, Self.kind(UInt32(info.st_mode)) != .file {
            // Renaming over /dev/null (as root) would turn the device into a file for every program: a device, a
            // pipe or a socket is written to in place; a directory is refused by open.
            let fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileSystemError("cannot write \(path): \(Self.errorText(errno))") }
            defer { close(fd) }
            try Self.writeAll(fd, bytes, path: path)
            return
        }
        let directory = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
        let name = PathText.lastComponent(target)
        let mode: mode_t = exists ? info.st_mode & 0o7777 : 0o644
        var template = ((directory.isEmpty ? "" : directory) + "/.\(name).pushlint-XXXXXX").utf8CString.map { $0 }
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw FileSystemError("cannot create a temporary file in \(directory): \(Self.errorText(errno))")
        }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        do {
            try Self.writeAll(fd, bytes, path: path)
        } catch {
            close(fd)
            throw error
        }
        fchmod(fd, mode)
        // A report can be made again, so only what cannot (a baseline) waits for the disk (BENCHMARKS.md).
        guard !durable || fsync(fd) == 0 || errno == EINVAL else {
            let error = Self.errorText(errno)
            close(fd)
            throw FileSystemError("cannot write \(path): \(error)")
        }
        close(fd)
        guard rename(tempPath, target) == 0 else {
            throw FileSystemError("cannot replace \(path): \(Self.errorText(errno))")
        }
        ok = true
    }

    /// Writes all of `bytes` to `fd`, through short writes and interruptions.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileSystemError) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileSystemError("cannot write \(path): \(Self.errorText(errno))")
            }
            written += n
        }
    }

    public func makeFolder(_ path: String) throws(FileSystemError) {
        guard mkdir(path, 0o777) == 0 || errno == EEXIST else {
            throw FileSystemError("cannot make the folder \(path): \(Self.errorText(errno))")
        }
    }

    public func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func errorText(_ code: Int32) -> String {
        switch code {
        case EACCES: return "permission denied"
        case ENOENT: return "no such file or directory"
        case EISDIR: return "it is a directory"
        case ELOOP: return "too many levels of symbolic links"
        case ENOTDIR: return "a part of the path is not a directory"
        default: return String(cString: strerror(code))
        }
    }
}

/// `read(2)` of the platform's C library (the terminal of the command line reads its standard input with it too).
@inline(__always) package func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
    #else
        return Darwin.read(fd, buffer, count)
    #endif
}

/// `write(2)` of the platform's C library.
@inline(__always) package func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
        return Musl.write(fd, buffer, count)
    #else
        return Darwin.write(fd, buffer, count)
    #endif
}

/// Hands `bytes` to `body` in chunks of at most `size` bytes, in order: how a reader that has the whole text at once
/// feeds a consumer written for streams (JSON Lines).
public func forEachChunk(of bytes: [UInt8], size: Int = 4096, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    bytes.withUnsafeBufferPointer { all in
        var start = 0
        while start < all.count {
            let end = min(all.count, start + size)
            body(UnsafeBufferPointer(rebasing: all[start..<end]))
            start = end
        }
    }
}
