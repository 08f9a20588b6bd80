import Dispatch
import PushLintModel
import PushLintParallel
import Synchronization

/// The items of `parts` in order, as one array: a lone part's as they are (the one run of a file of one message,
/// nearly every file), several parts' in one allocation sized once.
func joined<Part, T>(_ parts: [Part], _ items: (Part) -> [T]) -> [T] {
    if parts.count == 1 { return items(parts[0]) }
    var all: [T] = []
    all.reserveCapacity(parts.reduce(0) { $0 + items($1).count })
    for part in parts { all += items(part) }
    return all
}

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

/// Work handed out in submission order and results not yet consumed, for `orderedMap(jobs:window:produce:_:consume:)`:
/// one signal on `available` per item (and one per worker at the end), one on `done` per result.
final class OrderedWork<Item: Sendable, Result: Sendable>: Sendable {
    struct State {
        /// Submitted and not yet taken by a worker: a taken item is dropped at once, so that the window bounds what
        /// is held (a chunk of lines is a MiB).
        var items: [(index: Int, item: Item)] = []
        var results: [Int: Result] = [:]
        /// No more items come: a worker that wakes to none stops.
        var finished = false
    }
    let state = Mutex(State())
    let available = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)

    func submit(_ item: Item, index: Int) {
        state.withLock { $0.items.append((index, item)) }
        available.signal()
    }

    /// A worker: runs `body` on the next item until it wakes to no item after the end. It may also wake to none
    /// before the end, when the producer ran the item its signal was for (`runNext`).
    func work(_ body: @Sendable (Item) -> Result) {
        while true {
            available.wait()
            let (next, finished) = state.withLock { q in (q.items.isEmpty ? nil : q.items.removeFirst(), q.finished) }
            guard let next else {
                if finished { break }
                continue
            }
            run(next, body)
        }
    }

    /// Runs the oldest item no worker has taken, on the calling thread: false when there is none.
    func runNext(_ body: (Item) -> Result) -> Bool {
        guard let next = state.withLock({ q in q.items.isEmpty ? nil : q.items.removeFirst() }) else { return false }
        run(next, body)
        return true
    }

    private func run(_ next: (index: Int, item: Item), _ body: (Item) -> Result) {
        let result = body(next.item)
        state.withLock { $0.results[next.index] = result }
        done.signal()
    }

    /// Ends the workers: each stops when it next wakes to no item.
    func finish(workers: Int) {
        state.withLock { $0.finished = true }
        for _ in 0..<workers { available.signal() }
    }

    /// The result of item `index` when it is ready.
    func take(_ index: Int) -> Result? {
        state.withLock { $0.results.removeValue(forKey: index) }
    }
}

/// A bounded, ordered pipeline: `produce` runs on the calling thread and submits items; up to `jobs` workers run
/// `body` on them while `produce` goes on; `consume` gets every result on the calling thread, in submission order.
/// At most `window` items are submitted and not yet consumed: a submission waits for the oldest result past that,
/// so the memory held is `window` items and results, whatever the length of the stream (a log of gigabytes).
func orderedMap<Item: Sendable, T: Sendable>(
    jobs: Int, window: Int, produce: (_ submit: (Item) -> Void) -> Void, _ body: @escaping @Sendable (Item) -> T,
    consume: @escaping (T) -> Void
) {
    guard jobs > 1 else {
        produce { consume(body($0)) }
        return
    }
    let work = OrderedWork<Item, T>()
    let workers = DispatchGroup()
    let workerCount = max(1, min(jobs, Engine.activeProcessors))
    for _ in 0..<workerCount {
        DispatchQueue.global(qos: .userInitiated).async(group: workers) { work.work(body) }
    }
    var submitted = 0
    var consumed = 0
    // Consumes the results that are ready, in order; with `waiting`, waits for each until all are consumed.
    func drain(waiting: Bool) {
        while consumed < submitted {
            guard let ready = work.take(consumed) else {
                guard waiting else { return }
                if !work.runNext(body) { work.done.wait() }
                continue
            }
            consumed += 1
            consume(ready)
        }
    }
    produce { item in
        work.submit(item, index: submitted)
        submitted += 1
        drain(waiting: false)
        // A full window: the producer runs the oldest waiting item itself rather than wait. The workers are
        // tasks of the shared pool, where the producer may hold one of the threads: waiting, it would leave a core
        // idle.
        while submitted - consumed >= window {
            if !work.runNext(body) { work.done.wait() }
            drain(waiting: false)
        }
    }
    drain(waiting: true)
    work.finish(workers: workerCount)
    workers.wait()
}
