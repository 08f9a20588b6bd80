import PushLintKit
import Testing

@Suite struct PushLintKitTests {
    @Test func lintsAPayloadInMemory() throws {
        let linter = PushLint()
        #expect(linter.lint(json: #"{"aps": {"alert": "Hi"}}"#).isEmpty)
        let big = "{\"aps\": {\"alert\": \"x\"}, \"pad\": \"" + String(repeating: "y", count: 4100) + "\"}"
        // payload-data-not-link stays silent on an oversized payload: payload-size is its one finding.
        #expect(linter.lint(json: big).map(\.ruleId).filter { $0.hasPrefix("payload-size") } == ["payload-size"])
        #expect(linter.lint(json: "{").map(\.ruleId) == ["json-syntax"])
    }

    @Test func forcedKindAndLevels() throws {
        let linter = PushLint(configuration: try .init(configJSON: #"{"rules": {"payload-kind-unknown": "error"}}"#))
        #expect(linter.lint(json: #"{"alert": "Hi"}"#).map(\.severity) == [.error])
        #expect(linter.lint(json: #"{"payload": {}}"#, kind: .apns).allSatisfy { $0.ruleId != "payload-kind-unknown" })
        #expect(throws: ConfigurationError.self) { try PushLint.Configuration(configJSON: #"{"rule": {}}"#) }
    }
}
