import Dispatch
import Synchronization

/// Runs `body` for indexes `0..<count` on up to `jobs` threads and returns the results in index order, whatever
/// the scheduling: workers take the next index from a shared counter, so a slow file does not hold up a batch.
/// Inlinable, so that each caller gets it specialized for its result type: a generic copy looks up the metadata of
/// its arrays, optionals and ranges on every call, and it is called once per file and per batch run.
@inlinable
public func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
    // One item or one job: no threads to start.
    if count <= 1 || jobs <= 1 {
        var results: [T] = []
        results.reserveCapacity(count)
        var index = 0
        while index < count {
            results.append(body(index))
            index += 1
        }
        return results
    }
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

/// The results in their slots, moved out: mapping the optionals would copy each result (a file's report, with a
/// reference count on each of its arrays and strings) before the slots are released.
@inlinable
public func takeAll<T>(_ slots: inout [T?]) -> [T] {
    slots.indices.compactMap { slots[$0].take() }
}

/// Fewer files or messages than this are handled on the calling thread: starting threads costs more than they
/// save. One threshold for the engine (a batch's messages) and the reporters (a run's files).
public let minimumItemsForThreads = 64

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
