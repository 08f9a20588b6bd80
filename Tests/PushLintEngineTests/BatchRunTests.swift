import PushLintModel
import PushLintParallel
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

    /// A finding as it reads when its message is linted alone, moved to where the message stands in a batch (its
    /// pointer under the message's index, its lines and offsets after the lines before it).
    struct Placed: Equatable, CustomStringConvertible {
        var ruleId: String
        var severity: Severity
        var message: String
        var pointer: String?
        var help: String?
        var location: [Int]
        var byteRange: [Int]
        var fix: [TextEdit]
        var isSafe: Bool?
        var fixByteRanges: [[Int]]

        init(_ d: Diagnostic, index: Int? = nil, lineOffset: Int = 0, byteOffset: Int = 0) {
            ruleId = d.ruleId
            severity = d.severity
            message = d.message
            pointer = index.map { i in d.pointer.map { "/\(i)" + $0 } } ?? d.pointer
            help = d.help
            let l = d.location
            location = [
                (l?.line ?? 0) + lineOffset, l?.column ?? 0, (l?.endLine ?? 0) + lineOffset, l?.endColumn ?? 0,
            ]
            let b = d.byteRange
            byteRange = [
                (b?.startLine ?? 0) + lineOffset, b?.startColumn ?? 0, (b?.endLine ?? 0) + lineOffset,
                b?.endColumn ?? 0,
            ]
            fix = (d.fix?.edits ?? []).map {
                TextEdit(offset: $0.offset + byteOffset, length: $0.length, text: $0.text)
            }
            isSafe = d.fix?.isSafe
            fixByteRanges = (d.fixByteRanges ?? []).map {
                [$0.startLine + lineOffset, $0.startColumn, $0.endLine + lineOffset, $0.endColumn]
            }
        }

        var description: String { "\(ruleId) \(pointer ?? "-") \(location)" }
    }

    /// A batch of several runs keeps its findings in a compact form until the whole batch is checked
    /// (`BatchFindings`): each message's findings still come out as linting that message alone gives them, under the
    /// message's pointer and on its lines, in the report's order, whatever the number of threads.
    @Test func batchFindingsAreThoseOfEachMessageAlone() throws {
        let note = String(repeating: "shipped from Z\u{fc}rich, ", count: 30)
        let messages = (0..<150).map { i -> String in
            switch i % 5 {
            case 0: return #"{"message": {"data": {"count": \#(i), "urgent": true, "id": "\#(i)"}}}"#
            case 1:
                return
                    #"{"headers": {"apns-priority": "5"}, "payload": {"aps": {"alert": {"title": "Order \#(i)"}}, "note": "\#(note)"}}"#
            case 2: return #"{"to": "ExponentPushToken[\#(i)]", "title": "\#(i)", "priority": "urgent", "ttl": -\#(i)}"#
            case 3: return #"{"aps": {"alert": "Your order \#(i) shipped", "sound": "ping.mp3"}, "order_id": "\#(i)"}"#
            default: return #"{"message": {"token": "t\#(i)", "notification": {"title": "Hi \#(i)"}}}"#
            }
        }
        // One message a line: message i is on line i + 2, from column 1.
        let batch = "[\n" + messages.joined(separator: ",\n") + "\n]\n"
        var expected: [Placed] = []
        var offset = 2
        for (index, message) in messages.enumerated() {
            let alone = try #require(try outcome(message, jobs: 1).report)
            expected += alone.diagnostics.map { Placed($0, index: index, lineOffset: index + 1, byteOffset: offset) }
            offset += message.utf8.count + 2
        }
        #expect(Set(expected.map(\.ruleId)).count >= 5, "the messages trigger several rules")
        #expect(expected.contains { !$0.fix.isEmpty }, "and fixes")
        #expect(workRuns(messages.count, jobs: 1).count > 1, "the batch is checked in several runs")
        for jobs in [1, 2] {
            let report = try #require(try outcome(batch, jobs: jobs).report)
            let found = report.diagnostics.map { Placed($0) }
            #expect(found.count == expected.count, "jobs \(jobs)")
            for (got, want) in zip(found, expected) where got != want {
                Issue.record("jobs \(jobs): \(got) is not \(want)")
                break
            }
        }
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
}
