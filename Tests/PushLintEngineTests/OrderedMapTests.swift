import Dispatch
import Synchronization
import Testing

@testable import PushLintEngine

/// `orderedMap`: every item's result reaches `consume` once, in submission order, with at most `window` items
/// submitted and not consumed, whoever runs an item: a worker of the pool, or the producer when the window is full.
@Suite struct OrderedMapTests {
    @Test(arguments: [(jobs: 1, window: 1), (jobs: 2, window: 1), (jobs: 2, window: 6), (jobs: 4, window: 3)])
    func resultsComeInOrderWithinTheWindow(jobs: Int, window: Int) {
        var consumed: [Int] = []
        var submitted = 0
        var mostInFlight = 0
        orderedMap(
            jobs: jobs, window: window,
            produce: { submit in
                for item in 0..<500 {
                    submitted += 1
                    mostInFlight = max(mostInFlight, submitted - consumed.count)
                    submit(item)
                }
            },
            Self.unevenWork,
            consume: { consumed.append($0) })
        #expect(consumed == (0..<500).map { $0 * 2 })
        #expect(mostInFlight <= window)
    }

    /// Streams linted at once from tasks of the shared pool (as files are, by the file-level parallel map), so that
    /// the pool's threads are taken by producers: every stream still gets all its results, in order.
    @Test func streamsInsideThePoolEachGetEveryResultInOrder() {
        let streams = 6
        let results = Mutex<[[Int]]>(Array(repeating: [], count: streams))
        DispatchQueue.concurrentPerform(iterations: streams) { stream in
            var consumed: [Int] = []
            orderedMap(
                jobs: 2, window: 2, produce: { submit in (0..<300).forEach(submit) }, Self.unevenWork,
                consume: { consumed.append($0) })
            results.withLock { $0[stream] = consumed }
        }
        for consumed in results.withLock({ $0 }) { #expect(consumed == (0..<300).map { $0 * 2 }) }
    }

    /// Work of uneven length, so that later items often finish before earlier ones.
    @Sendable static func unevenWork(_ item: Int) -> Int {
        var sum = 0
        for value in 0..<((item % 7) * 2000) { sum &+= value }
        return item * 2 + (sum == -1 ? 1 : 0)
    }
}
