import PushLintEngine
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set when work is no longer wanted: a newer version of its document, a newer save, shutdown.
public final class Cancellation: Sendable {
    let flag = Atomic<Bool>(false)
    public init() {}
    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// A file system that fails every call once its work is cancelled: a walk of a large folder, a stream of a large
/// log or the read of an app's sources ends at its next entry or file instead of running to the end for nothing.
/// Background work only reads.
struct CancellableFileSystem: FileSystem {
    let base: any FileSystem
    let cancellation: Cancellation

    static let cancelled = "the work was cancelled"

    func info(_ path: String, followLinks: Bool) -> FileInfo? {
        cancellation.isCancelled ? nil : base.info(path, followLinks: followLinks)
    }

    func list(_ directory: String) throws(FileSystemError) -> [String] {
        if cancellation.isCancelled { throw FileSystemError(Self.cancelled) }
        return try base.list(directory)
    }

    func entries(_ directory: String) throws(FileSystemError) -> [(name: String, kind: FileInfo.Kind?)] {
        if cancellation.isCancelled { throw FileSystemError(Self.cancelled) }
        return try base.entries(directory)
    }

    func read(_ path: String, limit: Int) -> ReadOutcome {
        cancellation.isCancelled ? .failed(Self.cancelled) : base.read(path, limit: limit)
    }

    func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileSystemError) {
        throw FileSystemError("background work does not write files")
    }

    func realPath(_ path: String) -> String? { cancellation.isCancelled ? nil : base.realPath(path) }

    var currentDirectory: String { base.currentDirectory }

    func readChunks(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        if cancellation.isCancelled { return Self.cancelled }
        let failure = base.readChunks(path) { chunk in
            if !cancellation.isCancelled { body(chunk) }
        }
        return cancellation.isCancelled ? Self.cancelled : failure
    }

    func readChunks(_ path: String, upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String? {
        if cancellation.isCancelled { return Self.cancelled }
        let failure = base.readChunks(path, upTo: limit) { chunk in
            if !cancellation.isCancelled { body(chunk) }
        }
        return cancellation.isCancelled ? Self.cancelled : failure
    }
}

/// Runs the server's heavy work (linting a document, the project rules) on threads of its own, so that the request
/// thread always answers (a ping, `shutdown`) whatever a document costs. At most `maxRunning` wanted pieces run at
/// once; a piece cancelled while it waits for a thread never starts, and one cancelled while it runs has its result
/// dropped (its file system fails from then on). A cancelled piece that is still computing (the engine cannot be
/// interrupted inside a check) no longer holds a thread's place, so a stale lint of a pathological document does not
/// hold up the lint of the next version; `maxThreads` bounds them all. Results wait in `finished` until the request
/// thread takes them; `wake` tells the stdio loop there are some.
///
/// `inline` runs every piece on the caller instead (the fuzz target: deterministic, one thread).
final class BackgroundWork<Result: Sendable>: Sendable {
    struct Piece: Sendable {
        let cancellation: Cancellation
        let body: @Sendable () -> Result?
    }

    struct State {
        var waiting: [Piece] = []
        /// The cancellations of the running pieces.
        var running: [Cancellation] = []
        var finished: [Result] = []
    }

    let state = Mutex(State())
    let maxRunning: Int
    let maxThreads: Int
    let inline: Bool
    let wake: @Sendable () -> Void

    init(maxRunning: Int = 2, maxThreads: Int = 6, inline: Bool = false, wake: @escaping @Sendable () -> Void = {}) {
        self.maxRunning = max(1, maxRunning)
        self.maxThreads = max(self.maxRunning, maxThreads)
        self.inline = inline
        self.wake = wake
    }

    func submit(_ cancellation: Cancellation, _ body: @escaping @Sendable () -> Result?) {
        let piece = Piece(cancellation: cancellation, body: body)
        if inline {
            if !cancellation.isCancelled, let result = body() { state.withLock { $0.finished.append(result) } }
            return
        }
        state.withLock { $0.waiting.append(piece) }
        startWaiting()
    }

    /// The results finished so far, in the order they finished.
    func takeFinished() -> [Result] {
        state.withLock { state in
            defer { state.finished.removeAll() }
            return state.finished
        }
    }

    /// No piece waits or runs (finished results may still be waiting to be taken).
    var isIdle: Bool { state.withLock { $0.waiting.isEmpty && $0.running.isEmpty } }

    /// Drops every waiting piece that was cancelled, and starts waiting pieces while threads are free.
    func startWaiting() {
        let starting: [Piece] = state.withLock { state in
            state.waiting.removeAll { $0.cancellation.isCancelled }
            var out: [Piece] = []
            var wanted = state.running.filter { !$0.isCancelled }.count
            while wanted < maxRunning, state.running.count < maxThreads, !state.waiting.isEmpty {
                let piece = state.waiting.removeFirst()
                out.append(piece)
                state.running.append(piece.cancellation)
                wanted += 1
            }
            return out
        }
        for piece in starting {
            WorkerThread.start { [self] in
                let result = piece.cancellation.isCancelled ? nil : piece.body()
                state.withLock { state in
                    if let index = state.running.firstIndex(where: { $0 === piece.cancellation }) {
                        state.running.remove(at: index)
                    }
                    // Cancelled while it ran: its document or save is stale, and its reads may have failed on the
                    // cancelled file system, so the result is not the document's.
                    if let result, !piece.cancellation.isCancelled { state.finished.append(result) }
                }
                startWaiting()
                wake()
            }
        }
    }
}

/// Threads of the server's background work.
enum WorkerThread {
    /// More than the stack of a process's main thread (8 MiB on Linux and macOS): the parser and the checks recurse
    /// as deep on a worker as they do in `pushlint lint`.
    static let stackBytes = 16 << 20

    final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Runs `body` on a detached thread with `stackBytes` of stack; on a system that refuses one, on the caller.
    static func start(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, &attributes, runBody, context)
        if started != 0 { Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run() }
    }
}

#if canImport(Darwin)
    private func runBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<WorkerThread.Body>.fromOpaque(context).takeRetainedValue().run()
        return nil
    }
#else
    private func runBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        Unmanaged<WorkerThread.Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }
#endif
