import PushLintParallel
import Testing

@Suite struct WorkRunsTests {
    /// Runs hold at most 64 items, and there are four runs per thread when the items are fewer than that; below 64
    /// items, one run on the calling thread.
    @Test func runsAreSizedForTheThreads() {
        #expect(workRuns(0, jobs: 4).isEmpty)
        #expect(workRuns(63, jobs: 4) == [0..<63])
        #expect(workRuns(64, jobs: 2).count == 8)
        #expect(workRuns(10_000, jobs: 2).allSatisfy { $0.count <= 64 })
        let runs = workRuns(130, jobs: 4)
        #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == 130)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }

    /// Whatever the scheduling, the results come back in index order, each computed once.
    @Test(arguments: [1, 2, 4])
    func parallelMapKeepsIndexOrder(jobs: Int) {
        #expect(parallelMap(0, jobs: jobs) { $0 }.isEmpty)
        #expect(parallelMap(1000, jobs: jobs) { $0 * 3 } == (0..<1000).map { $0 * 3 })
    }

    /// Slices only when there are threads to share them and at least two slices' worth of items.
    @Test func slicesCoverTheItemsWhenWorthIt() throws {
        #expect(workSlices(4095, jobs: 2) == nil)
        #expect(workSlices(100_000, jobs: 1) == nil)
        let slices = try #require(workSlices(5000, jobs: 2))
        #expect(slices == [0..<2048, 2048..<4096, 4096..<5000])
        #expect(consecutiveRanges(5, size: 0) == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
    }
}
