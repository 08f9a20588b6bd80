import Dispatch
import Synchronization

/// Runs `body` for indexes `0..<count` on up to `jobs` threads and returns the results in index order, whatever
/// the scheduling: workers take the next index from a shared counter, so a slow file does not hold up a batch.
public func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
    // One item or one job: no threads to start.
    if count <= 1 || jobs <= 1 { return (0..<count).map(body) }
    let results = Mutex<[T?]>(Array(repeating: nil, count: count))
    let next = Atomic<Int>(0)
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < count else { break }
            let result = body(index)
            results.withLock { $0[index] = result }
        }
    }
    return results.withLock { takeAll(&$0) }
}

/// The results in their slots, moved out: mapping the optionals copied each result (10 000 files' reports, with a
/// reference count on each of their arrays and strings) before the slots were released.
func takeAll<T>(_ slots: inout [T?]) -> [T] {
    slots.indices.compactMap { slots[$0].take() }
}

/// Fewer files or messages than this are handled on the calling thread: starting threads costs more than they
/// save. One threshold for the engine (a batch's messages) and the reporters (a run's files).
public let minimumItemsForThreads = 64

/// The items of `parts` in order, as one array: a lone part's as they are (the one run of a file of one message,
/// nearly every file), several parts' in one allocation sized once.
func joined<Part, T>(_ parts: [Part], _ items: (Part) -> [T]) -> [T] {
    if parts.count == 1 { return items(parts[0]) }
    var all: [T] = []
    all.reserveCapacity(parts.reduce(0) { $0 + items($1).count })
    for part in parts { all += items(part) }
    return all
}

/// `0..<count` in runs of consecutive items for `parallelMap`, so that each thread gathers a run's results instead of
/// handing back one per item: at most `maximumSize` items a run, fewer when there would not be four runs per thread
/// (a few hundred heavy items still spread over every thread); one run below `minimumItemsForThreads`. The
/// engine checks a batch's messages in these runs, the reporters write a report's files in them.
public func workRuns(_ count: Int, jobs: Int, maximumSize: Int = 64) -> [Range<Int>] {
    guard count >= minimumItemsForThreads else { return count == 0 ? [] : [0..<count] }
    return consecutiveRanges(count, size: min(maximumSize, count / max(1, 4 * jobs)))
}

/// `0..<count` cut into consecutive ranges of `size` (the last one shorter).
public func consecutiveRanges(_ count: Int, size: Int) -> [Range<Int>] {
    stride(from: 0, to: count, by: max(1, size)).map { $0..<min($0 + max(1, size), count) }
}

/// Consecutive slices of `0..<count` for `parallelMap`, when there are enough items (a large batch's findings) and
/// threads to share them; nil when they are better handled in one go on this thread. One size for every stage that
/// splits a file's findings (locating them, writing the reports).
public func workSlices(_ count: Int, jobs: Int, size: Int = 2048) -> [Range<Int>]? {
    isWorthSlicing(count, jobs: jobs, size: size) ? consecutiveRanges(count, size: size) : nil
}

/// Whether `workSlices` would cut `count` items, without building the slices.
public func isWorthSlicing(_ count: Int, jobs: Int, size: Int = 2048) -> Bool { jobs > 1 && count >= 2 * size }

/// Items emitted so far, a result slot for each, how many a worker has taken, and whether the rest are skipped.
struct PipelineQueue<Item, Result> {
    var items: [Item] = []
    var results: [Result?] = []
    var taken = 0
    var cancelled = false
}

/// Like `parallelMap`, but the items arrive while `produce` runs (a directory walk): workers take each item as
/// soon as it is emitted, so producing and processing overlap. A worker starts with each of the first items, up to
/// `jobs` and the number of cores (one file starts one thread). `produce` runs on the calling thread; results come
/// back in emission order. When `produce` throws, items not yet started are skipped and the error is rethrown.
func pipelinedMap<Item: Sendable, T: Sendable, Failure: Error>(
    jobs: Int, produce: ((Item) -> Void) throws(Failure) -> Void, _ body: @escaping @Sendable (Item) -> T
) throws(Failure) -> [T] {
    let queue = Mutex(PipelineQueue<Item, T>())
    // One signal per item, then one per worker when production ends: a worker that wakes to an empty queue
    // after the end has been signalled leaves. Signals and waits balance, so no worker waits forever.
    let available = DispatchSemaphore(value: 0)
    let workers = DispatchGroup()
    // More workers than cores only wait; an absurd --jobs must not queue millions of blocks.
    let maxWorkers = max(1, min(jobs, Engine.activeProcessors))
    var started = 0
    func startWorker() {
        started += 1
        DispatchQueue.global(qos: .userInitiated).async(group: workers) {
            while true {
                available.wait()
                let next: (index: Int, item: Item)? = queue.withLock { q in
                    guard q.taken < q.items.count, !q.cancelled else { return nil }
                    defer { q.taken += 1 }
                    return (q.taken, q.items[q.taken])
                }
                guard let next else { break }
                let result = body(next.item)
                queue.withLock { $0.results[next.index] = result }
            }
        }
    }
    // The workers wait on the producer only, and the producer is this thread, outside the pool they run in.
    func finish() {
        for _ in 0..<started { available.signal() }
        workers.wait()
    }
    do throws(Failure) {
        try produce { item in
            queue.withLock { q in
                q.items.append(item)
                q.results.append(nil)
            }
            if started < maxWorkers { startWorker() }
            available.signal()
        }
    } catch {
        queue.withLock { $0.cancelled = true }
        finish()
        throw error
    }
    finish()
    return queue.withLock { takeAll(&$0.results) }
}
