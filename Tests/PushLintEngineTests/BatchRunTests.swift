import PushLintModel
import TestSupport
import Testing

@testable import PushLintEngine

/// A batch's messages are checked in runs of consecutive messages (`workRuns`), each run gathered on its worker.
@Suite struct BatchRunTests {
    func outcome(_ batch: String, jobs: Int) throws -> FileOutcome {
        let dir = TempDirectory()
        dir.write("batch.json", batch)
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: dir.path)
        let target = LintTarget(
            path: LintPath(display: "batch.json", absolute: dir.path + "/batch.json", configRelative: "batch.json"),
            isExplicit: true)
        return Engine(project: project, options: LintOptions(jobs: jobs)).lintFile(target)
    }

    /// Whatever the number of threads, and so wherever the runs end, the summaries come in message order and the
    /// first of two equally large messages gives the batch its limit (a message to a topic has half the limit of
    /// one to a token, and the target is not counted in the size).
    @Test(arguments: [65, 130])
    func runsKeepMessageOrderAndTheFirstLargest(count: Int) throws {
        let small = #"{"message": {"token": "t", "data": {"k": "v"}}}"#
        let large = { (target: String) in
            #"{"message": {"\#(target)": "abcde", "data": {"k": "\#(String(repeating: "v", count: 40))"}}}"#
        }
        for first in [7, 15, 31, 63] where first + 1 < count {
            for (targets, limit) in [(["topic", "token"], 2048), (["token", "topic"], 4096)] {
                var messages = Array(repeating: small, count: count)
                messages[first] = large(targets[0])
                messages[first + 1] = large(targets[1])
                for jobs in [1, 2, 4] {
                    let result = try outcome("[" + messages.joined(separator: ",\n") + "]", jobs: jobs)
                    #expect(result.summaries.map(\.batchIndex) == Array(0..<count).map { Optional($0) }, "jobs \(jobs)")
                    #expect(result.report?.wireLimit == limit, "large at \(first), jobs \(jobs)")
                }
            }
        }
    }

    /// Runs hold at most 64 messages, and there are four runs per thread when the batch is smaller than that;
    /// below 64 messages, one run on the calling thread.
    @Test func runsAreSizedForTheThreads() {
        #expect(workRuns(0, jobs: 4).isEmpty)
        #expect(workRuns(63, jobs: 4) == [0..<63])
        #expect(workRuns(64, jobs: 2).count == 8)
        #expect(workRuns(10_000, jobs: 2).allSatisfy { $0.count <= 64 })
        let runs = workRuns(130, jobs: 4)
        #expect(runs.first?.lowerBound == 0 && runs.last?.upperBound == 130)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }
}
