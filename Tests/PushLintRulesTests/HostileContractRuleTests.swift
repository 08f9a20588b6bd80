import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// contract-field-value and template-worst-case-size on contracts that pass validation but used to crash, pass
/// unchecked values or quote without bound (issue 33, reproducers C1, C3, C4, C5).
@Suite struct HostileContractRuleTests {
    static func contract(_ field: String) -> String {
        #"{"events": {"e": {"files": ["*.json"], "urgency": "transactional", "fields": {"k": "# + field + "}}}}"
    }

    static func findings(_ value: String, _ field: String) throws -> [Diagnostic] {
        let payload = #"{"message": {"token": "t", "data": {"k": ""# + value + #""}}}"#
        return try ExampleLinter.lint(payload, fileName: "p.json", contract: contract(field)).allDiagnostics
            .filter { $0.ruleId == "contract-field-value" }
    }

    /// C3: 30 000 characters against the example contract's own pattern killed the run.
    @Test func aLongValueIsCheckedAgainstItsPattern() throws {
        let field = #"{"type": "string", "pattern": "^[0-9]+$"}"#
        #expect(try Self.findings(String(repeating: "1", count: 30_000), field).isEmpty)
        #expect(try Self.findings(String(repeating: "1", count: 30_000) + "x", field).count == 1)
    }

    /// C4: a value the matcher could not decide within its budget passed unchecked; it is now decided, and what
    /// is still too complex is a warning that says so.
    @Test func undecidedValuesAreSaidNotPassed() throws {
        let slug = #"{"type": "string", "pattern": "^([a-z0-9]+-?)+$"}"#
        let found = try Self.findings("summer-sale-2026-week-1-weekend_", slug)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("does not match the pattern") == true)
        let large = #"{"type": "string", "pattern": "[ab]{0,5000}c"}"#
        let complex = try #require(try Self.findings(String(repeating: "a", count: 3000), large).first)
        #expect(complex.message.contains("too complex to check"), "\(complex.message)")
        #expect(complex.severity == .warning)
    }

    /// C5: every finding quoted the whole enum (189 KB each for 20 000 values).
    @Test func aLongEnumIsQuotedByItsFirstValues() throws {
        let values = (0..<2000).map { "\"v\($0)\"" }.joined(separator: ", ")
        let found = try #require(try Self.findings("zz", #"{"type": "string", "enum": ["# + values + "]}").first)
        #expect(found.message.contains("'v0', 'v1'"))
        #expect(found.message.contains("and 1990 more"), "\(found.message)")
        #expect(!found.message.contains("'v10'"))
        #expect(found.message.utf8.count < 400)
    }

    /// C1 and C2: the worst-case size sum trapped; a saturated sum is reported as too large to count.
    @Test(arguments: [
        (
            #"{"variables": {"title": {"maxBytes": 9223372036854775807}}}"#, #"{"aps": {"alert": "{{title}}"}}"#,
            "t.json.tmpl"
        ),
        (
            #"{"variables": {"title": {"maxLength": 2305843009213693952}}}"#, #"{"aps": {"alert": "{{title}}"}}"#,
            "t.json.tmpl"
        ),
        (
            #"{"variables": {"other": {"maxLength": 1}}}"#,
            #"{"aps": {"alert": "{{ title | truncate(9223372036854775807) }}"}}"#, "t.json.j2"
        ),
        (
            #"{"variables": {"other": {"maxLength": 1}}}"#,
            #"{"aps": {"alert": "{{ title | truncate: 4611686018427387904 }}"}}"#, "t.json.liquid"
        ),
    ])
    func hugeDeclaredSizesAreFindingsNotTraps(_ contract: String, _ template: String, _ fileName: String) throws {
        let found = try ExampleLinter.lint(template, fileName: fileName, contract: contract).allDiagnostics
        let worst = try #require(found.first { $0.ruleId == "template-worst-case-size" })
        #expect(worst.message.contains("bytes on the wire"), "\(worst.message)")
    }
}
