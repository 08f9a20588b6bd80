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
    return results.withLock { $0.compactMap { $0 } }
}
