import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Worst-case arithmetic of `template-worst-case-size` and the reach of `template-unbounded-variable`.
@Suite struct TemplateRulesTests {
    static func wire(_ source: String) throws -> Int {
        let document = try #require(
            JSONParser.parse(source, options: JSONParseOptions(mode: .defaultTemplate)).document)
        return document.wireSize(document.root)
    }

    static func worstCase(_ source: String, variables: String) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: "t.json.tmpl", contract: #"{"variables": "# + variables + "}")
            .allDiagnostics.filter { $0.ruleId == "template-worst-case-size" }
    }

    /// A plain `.json` file whose strings name declared variables is a template: its worst case is measured. One
    /// whose placeholders the contract does not declare stays a plain payload.
    @Test func plainJSONNamingDeclaredVariablesIsMeasuredAsATemplate() throws {
        let source = #"{"aps": {"alert": {"title": "{{title}}", "body": "{{review}}"}}}"#
        let contract = #"{"variables": {"title": {"maxLength": 60}, "review": {"maxLength": 1000}}}"#
        let plain = try ExampleLinter.lint(source, fileName: "review.json", contract: contract).allDiagnostics
        #expect(plain.map(\.ruleId) == ["template-worst-case-size"])
        let undeclared = try ExampleLinter.lint(
            source, fileName: "review.json", contract: #"{"variables": {"name": {"maxBytes": 10}}}"#)
        #expect(undeclared.allDiagnostics.isEmpty)
        #expect(try ExampleLinter.lint(source, fileName: "review.json").allDiagnostics.isEmpty)
    }

    @Test func maxLengthCountsFourBytesPerCharacter() throws {
        let source = #"{"aps": {"alert": "{{body}}"}}"#
        let literal = try Self.wire(source)
        // Exactly at the limit: silent; one byte over: reported with the exact worst case.
        let atLimit = (4096 - literal + "{{body}}".utf8.count)
        let chars = atLimit / 4
        let under = try Self.worstCase(source, variables: #"{"body": {"maxLength": \#(chars)}}"#)
        #expect(under.isEmpty)
        let over = try Self.worstCase(source, variables: #"{"body": {"maxLength": \#(chars + 1)}}"#)
        let expected = literal - "{{body}}".utf8.count + (chars + 1) * 4
        #expect(over.count == 1)
        #expect(over.first?.message.contains("APNs payload is \(expected) bytes") == true)
        #expect(over.first?.message.contains("body +\((chars + 1) * 4 - 8) B") == true)
    }

    @Test func maxBytesIsTakenAsEncodedBytesAndEveryUseCounts() throws {
        let source =
            #"{"aps": {"alert": {"title": "{{name}}", "body": "Hi {{name}}, {{{name}}}"}}, "badge_text": {{n}}}"#
        let literal = try Self.wire(source)
        let found = try Self.worstCase(source, variables: #"{"name": {"maxBytes": 1400}, "n": {"maxLength": 2}}"#)
        let expected = literal + 3 * 1400 - "{{name}}".utf8.count * 2 - "{{{name}}}".utf8.count + 8 - "{{n}}".utf8.count
        #expect(found.count == 1)
        #expect(found.first?.message.contains("is \(expected) bytes") == true)
        #expect(found.first?.message.contains("name +") == true)
    }

    @Test func aTemplateAlreadyOverTheLimitIsLeftToPayloadSize() throws {
        let source = "{\"aps\": {\"alert\": \"{{body}}\"}, \"x\": \"" + String(repeating: "a", count: 4100) + "\"}"
        #expect(try Self.worstCase(source, variables: #"{"body": {"maxLength": 100}}"#).isEmpty)
    }

    @Test func fcmTopicLimitAndTheAPNsViewAreMeasuredSeparately() throws {
        let source = #"{"message": {"topic": "news", "notification": {"title": "{{t}}"}}}"#
        let found = try Self.worstCase(source, variables: #"{"t": {"maxBytes": 2100}}"#)
        #expect(found.count == 1, "over FCM's 2048 for topics, under the APNs view's 4096")
        #expect(found.first?.pointer == "/message")
    }

    @Test func unboundedVariablesAreReportedOncePerVariableAtTheirFirstUse() throws {
        let source =
            #"{"aps": {"alert": "{{greeting}} {{name}}", "badge": {{count}}}, "n": "{{name}}", "x": "{{#if vip}}{{/if}}"}"#
        let report = try ExampleLinter.lint(
            source, fileName: "t.json.tmpl", contract: #"{"variables": {"greeting": {"maxLength": 20}}}"#)
        let found = report.allDiagnostics.filter { $0.ruleId == "template-unbounded-variable" }
        #expect(found.map { $0.location?.column ?? 0 } == [33, 53])
        #expect(found.first?.message.contains("variable 'name' (used 2 times)") == true)
        #expect(found.allSatisfy { $0.severity == .info })
        let noContract = try ExampleLinter.lint(source, fileName: "t.json.tmpl")
        #expect(noContract.allDiagnostics.filter { $0.ruleId == "template-unbounded-variable" }.isEmpty)
    }
}
