import Foundation
import Testing

extension Tag {
    /// Tests that cost seconds of CPU each: processes that run the built binary, SwiftPM or the venv's python
    /// validators, and the large differential and hostile sizes (the fast loop runs smaller ones in a twin test).
    /// Plain `swift test` (the fast loop) skips them; the test command `scripts/test` runs them (CONTRIBUTING.md
    /// "Testing: the fast loop and the slow tests").
    @Tag public static var slow: Self
}

/// The switch that turns the slow tests on: `scripts/test` sets it for its `swift test` step, so CI never skips
/// them (`SlowTestsSwitchTests` fails when the script stops setting it).
public enum SlowTests {
    public static let variable = "PUSHLINT_SLOW_TESTS"

    public static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    /// Why a slow test did not run, and how to run it.
    public static let skipReason: Comment =
        "slow test: scripts/test runs it, or PUSHLINT_SLOW_TESTS=1 swift test --filter <name>"
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when `PUSHLINT_SLOW_TESTS=1` (as `scripts/test` sets it); use with `.tags(.slow)`.
    public static var whenSlowTestsAreOn: Self { .enabled(if: SlowTests.enabled, SlowTests.skipReason) }
}
