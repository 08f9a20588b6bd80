import Foundation
import TestSupport
import Testing

/// Plain `swift test` skips the slow tests; nothing may skip them in CI. `.ci/run` runs `scripts/test`, whose
/// `swift test` step turns them on, and every test that waits for the switch carries the tag that names it.
@Suite struct SlowTestsSwitchTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: Paths.repo.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theTestCommandRunsTheSlowTests() throws {
        let steps = try Self.text("scripts/test").split(separator: "\n").filter { $0.hasPrefix("step ") }
        let swiftTest = steps.filter { $0.contains(" swift test") }
        #expect(swiftTest.count == 1, "scripts/test runs swift test once: \(swiftTest)")
        #expect(
            swiftTest.allSatisfy { $0.contains("\(SlowTests.variable)=1 swift test") },
            "scripts/test's swift test step sets \(SlowTests.variable)=1: \(swiftTest)")
        let ci = try Self.text(".ci/run").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(ci.contains("exec scripts/test"), "CI runs the test command")
    }

    @Test func everySwitchedTestIsTaggedSlow() throws {
        var unpaired: [String] = []
        // The trait's declaration and this test name it without using it.
        let namers: Set = ["SlowTests.swift", "SlowTestsSwitchTests.swift"]
        for file in Paths.allFiles(below: Paths.repo.appendingPathComponent("Tests"))
        where file.pathExtension == "swift" && !namers.contains(file.lastPathComponent) {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            where line.contains(".whenSlowTestsAreOn") && !line.contains(".tags(.slow)") {
                unpaired.append("\(file.lastPathComponent): \(line)")
            }
        }
        #expect(unpaired.isEmpty, "use `.tags(.slow), .whenSlowTestsAreOn` together: \(unpaired)")
    }
}
