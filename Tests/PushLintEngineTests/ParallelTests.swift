import Testing

@testable import PushLintEngine

@Suite struct ParallelTests {
    /// Items arrive while they are produced and are taken by whichever worker is free; each result comes back at
    /// its item's place.
    @Test(arguments: [1, 2, 4])
    func pipelinedResultsAreInItemOrder(_ jobs: Int) {
        let results = pipelinedMap(
            jobs: jobs,
            produce: { (emit: (Int) -> Void) in
                for item in 0..<5_000 { emit(item) }
            },
            { item in
                // Uneven work, so that workers finish out of order.
                (0..<(item % 7) * 50).reduce(item) { $0 &+ $1 &* 0 }
            }
        )
        #expect(results == Array(0..<5_000))
    }

    @Test func nothingProducedIsAnEmptyResult() {
        let results = pipelinedMap(jobs: 2, produce: { (_: (Int) -> Void) in }, { $0 })
        #expect(results.isEmpty)
    }
}
