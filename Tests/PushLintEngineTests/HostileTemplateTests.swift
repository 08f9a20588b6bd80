import PushLintJSON
import PushLintModel
import TestSupport
import Testing

@testable import PushLintEngine

/// Templates whose renderings used to cost without bound (issue 33, reproducers T1 to T4): renderings are bounded
/// in work, a file's renderings share a budget, and trailing commas are described in linear time.
@Suite struct HostileTemplateTests {
    static func lint(_ source: String, _ fileName: String, contract: String? = nil) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: fileName, contract: contract).allDiagnostics
    }

    /// T1: 30 nested empty loops (under the 64-level limit) made 2^30 iterations of nothing.
    @Test(arguments: [
        ("{{#each xs}}", "{{/each}}", "nest.json.hbs"), ("{% for x in xs %}", "{% endfor %}", "nest.json.liquid"),
        ("{{range .Xs}}", "{{end}}", "nest.json.gotmpl"),
    ])
    func nestedEmptyLoopsAreBoundedInWork(_ open: String, _ close: String, _ fileName: String) throws {
        let source =
            #"{"aps":{"alert":"x"}}"# + String(repeating: open, count: 30) + String(repeating: close, count: 30)
        let found = try Self.lint(source, fileName)
        let limit = try #require(found.first { $0.ruleId == "template-branch-limit" }, "\(found.map(\.message))")
        #expect(limit.message.contains("steps"), "\(limit.message)")
    }

    /// T2: three nested loops over a list of maxItems 1000 are 10^9 iterations.
    @Test func loopsOverLargeMaximaAreBoundedInWork() throws {
        let found = try Self.lint(
            #"{"aps":{"alert":"x"}}{{#each xs}}{{#each xs}}{{#each xs}}{{/each}}{{/each}}{{/each}}"#, "t.json.hbs",
            contract: #"{"variables": {"xs": {"maxItems": 1000}}}"#)
        #expect(found.contains { $0.ruleId == "template-branch-limit" }, "\(found.map(\.message))")
    }

    /// T3: each trailing comma scanned every node of the rendering (quadratic); each is still described.
    @Test func everyTrailingCommaIsDescribed() throws {
        let n = 2000
        let members = (0..<n).map { #""k\#($0)":{"a":[1,]}"# }.joined(separator: ",")
        let source = #"{{#if x}}{{/if}}{"aps":{"alert":"x"},"# + members + "}"
        let found = try Self.lint(source, "tco.json.hbs")
        let commas = found.filter { $0.message.contains("a trailing comma follows") }
        #expect(commas.count == n, "\(found.prefix(3).map(\.message))")
        #expect(commas.first?.message.contains("`a`") == true, "\(commas.first?.message ?? "")")
    }

    /// The sweep names what each comma follows, as the scan did: the member before it, or the array it ends.
    @Test func trailingCommasNameTheirPlace() throws {
        let source = #"{{#if x}}{{/if}}{"aps":{"alert":"x",},"list":[1,2,],"deep":[[1,]]}"#
        let bytes = Array(source.utf8.dropFirst(16))
        let parse = JSONParser.parse(
            bytes,
            options: JSONParseOptions(
                mode: .defaultTemplate, maxDepth: 64, maxBytes: 1 << 20,
                recoversTrailingCommas: true))
        let commas = parse.issues.filter { $0.kind == .trailingComma }.map(\.span.start)
        #expect(commas.count == 3)
        let described = Engine.trailingCommas(at: commas.reversed(), in: parse.document)
        let expected: [TemplateAnalysis.InvalidRendering.Problem] = [
            .trailingComma(after: "alert", array: nil), .trailingComma(after: nil, array: "list"),
            .trailingComma(after: nil, array: ""),
        ]
        #expect(Array(described.reversed()) == expected)
    }

    /// T4: 256 renderings of a large template cost hundreds of times its size; the file's budget stops them, and
    /// template-branch-limit says that coverage was limited.
    @Test func aLargeTemplatesRenderingsShareABudget() throws {
        let conditions = (0..<8).map { "{{#if c\($0)}}x{{/if}}" }.joined()
        let source = #"{"aps":{"alert":""# + conditions + String(repeating: "y", count: 200_000) + #""}}"#
        let found = try Self.lint(source, "big.json.hbs")
        let limit = found.filter { $0.ruleId == "template-branch-limit" }
        #expect(limit.contains { $0.message.contains("budget") }, "\(limit.map(\.message))")
    }
}
