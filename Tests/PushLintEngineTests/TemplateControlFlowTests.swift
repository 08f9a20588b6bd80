import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import TestSupport
import Testing

/// Templates with control flow (issue 18): each dialect's blocks, the renderings, branch findings at template
/// locations with their condition, the bound on renderings and hostile templates.
@Suite struct TemplateControlFlowTests {
    static func lint(_ source: String, _ fileName: String, config: String? = nil, contract: String? = nil) throws
        -> [Diagnostic]
    {
        try ExampleLinter.lint(source, fileName: fileName, config: config, contract: contract).allDiagnostics
    }

    static func offset(of needle: String, in source: String) -> Int {
        let bytes = Array(source.utf8)
        let n = Array(needle.utf8)
        for i in 0...(bytes.count - n.count) where Array(bytes[i..<(i + n.count)]) == n { return i }
        return -1
    }

    // MARK: Dialects

    @Test func dialectComesFromTheExtensionAndFromTheConfig() throws {
        let config = try Config.read(
            path: ".pushlint.json",
            bytes: Array(
                #"{"templates": ["plain/**", {"files": ["braze/**"], "dialect": "liquid"}, {"files": "go/*.tmpl", "dialect": "go"}]}"#
                    .utf8),
            rules: [])
        #expect(config.templateDialect("a.json.hbs") == .handlebars)
        #expect(config.templateDialect("a.json.handlebars") == .handlebars)
        #expect(config.templateDialect("a.json.mustache") == .handlebars)
        #expect(config.templateDialect("a.json.liquid") == .liquid)
        #expect(config.templateDialect("a.json.j2") == .jinja)
        #expect(config.templateDialect("a.json.jinja") == .jinja)
        #expect(config.templateDialect("a.json.njk") == .jinja)
        #expect(config.templateDialect("a.json.gotmpl") == .go)
        #expect(config.templateDialect("a.json.tmpl") == .placeholders, ".tmpl keeps meaning plain placeholders")
        #expect(config.templateDialect("go/a.tmpl") == .go)
        #expect(config.templateDialect("braze/a.json") == .liquid)
        #expect(config.templateDialect("plain/a.json") == .placeholders)
        #expect(config.templateDialect("a.json") == nil)
        #expect(config.isTemplate("braze/a.json"))
        // An old config (globs only) stays valid; a wrong dialect is a located error with a did-you-mean.
        #expect(throws: ConfigurationError.self) {
            try Config.read(
                path: "c", bytes: Array(#"{"templates": [{"files": "x/**", "dialect": "liqiud"}]}"#.utf8), rules: [])
        }
        do {
            _ = try Config.read(
                path: "c", bytes: Array(#"{"templates": [{"files": "x/**", "dialect": "liqiud"}]}"#.utf8), rules: [])
        } catch {
            #expect(error.description.contains("Did you mean 'liquid'?"))
        }
    }

    @Test(arguments: [
        ("{\"aps\": { {{#if badge}}\"badge\": {{badge}}, {{/if}}\"alert\": \"Hi\"}}", "t.json.hbs"),
        (
            "{\"aps\": { {{#badge}}\"badge\": {{badge}}, {{/badge}}{{^badge}}\"sound\": \"x\", {{/badge}}\"alert\": \"Hi\"}}",
            "t.json.mustache"
        ),
        (
            "{\"aps\": {\"alert\": \"Hi\"}, \"ks\": [{{~#each xs~}}\"k{{@index}}\"{{#unless @last}}, {{/unless}}{{~/each~}}] {{!-- a }} comment --}}{{! short }}}",
            "t.json.hbs"
        ),
        (
            "{\"aps\": {\"alert\": \"{% if vip %}VIP{% elsif new %}New{% else %}Hi{% endif %}\"{% unless quiet %}, \"sound\": \"default\"{% endunless %}}}",
            "t.json.liquid"
        ),
        (
            "{\"aps\": {\"alert\": \"{% case tier %}{% when 'gold' %}Gold{% when 'silver' %}Silver{% else %}Hi{% endcase %}\"{% comment %} {% if %} {% endcomment %}}}",
            "t.json.liquid"
        ),
        (
            "{% assign n = 1 %}{% capture x %}junk{% endcapture %}{\"aps\": {\"alert\": \"{% raw %}{{literal}}{% endraw %}\"}}",
            "t.json.liquid"
        ),
        (
            "{# note #}{\"aps\": {\"alert\": \"{{- title | default('Hi') -}}\"{%- if badge %}, \"badge\": {{ badge }}{% endif -%}}}",
            "t.json.j2"
        ),
        (
            "{\"ids\": [{% for id in ids %}\"{{ id }}\"{{ \",\" if not loop.last }}{% endfor %}], \"aps\": {\"alert\": \"{{ 'VIP' if vip else 'Hi' }}\"}}",
            "t.json.j2"
        ),
        (
            "{% set x = 1 %}{\"ids\": [{% for id in ids %}\"{{ id }}\"{% if not loop.last %},{% endif %}{% else %}{% endfor %}], \"aps\": {\"alert\": \"x\"}}",
            "t.json.njk"
        ),
        (
            "{{/* note */}}{\"aps\": { {{- if .Badge }}\"badge\": {{ .Badge }}, {{ else if .Count }}\"badge\": {{.Count}}, {{ end -}} \"alert\": \"Hi\"}}",
            "t.json.gotmpl"
        ),
        (
            "{{$n := 1}}{\"ids\": [{{range $i, $e := .IDs}}{{if $i}},{{end}}\"{{$e}}\"{{end}}], \"aps\": {{with .Aps}}{\"alert\": \"x\"}{{else}}{\"alert\": \"y\"}{{end}}}",
            "t.json.gotmpl"
        ),
    ])
    func blocksOfEveryDialectRenderValidJSON(_ source: String, _ fileName: String) throws {
        let found = try Self.lint(source, fileName)
        #expect(found.isEmpty, "\(found.map { "\($0.ruleId): \($0.message)" })")
    }

    // MARK: template-syntax

    @Test func syntaxProblemsAreLocatedAtTheirTag() throws {
        let unclosed = "{\"aps\": {\"alert\": \"Hi\"{% if badge %}, \"badge\": 1}}"
        let a = try Self.lint(unclosed, "t.json.liquid").filter { $0.ruleId == "template-syntax" }
        #expect(a.map(\.span.start) == [Self.offset(of: "{% if", in: unclosed)])
        #expect(a.first?.message.contains("{% endif %}") == true)
        let stray = "{\"aps\": {\"alert\": \"Hi\"}}{{/each}}"
        let b = try Self.lint(stray, "t.json.hbs")
        #expect(b.map(\.ruleId) == ["template-syntax"])
        let misplaced = "{\"aps\": {\"alert\": \"Hi\"}}{% else %}"
        #expect(try Self.lint(misplaced, "t.json.j2").map(\.ruleId) == ["template-syntax"])
        let open = "{\"aps\": {\"alert\": \"x\"}}{% if x"
        #expect(try Self.lint(open, "t.json.j2").map(\.ruleId) == ["template-syntax"])
        let comment = "{\"aps\": {\"alert\": \"x\"}}{{!-- never closed }}"
        #expect(try Self.lint(comment, "t.json.hbs").map(\.ruleId) == ["template-syntax"])
        let unknown = try Self.lint("{% frobnicate %}{\"aps\": {\"alert\": \"x\"}}", "t.json.j2")
        #expect(unknown.map(\.ruleId) == ["template-syntax"])
        #expect(unknown.first?.severity == .warning)
    }

    // MARK: Renderings

    @Test func aTrailingCommaInOneBranchNamesTheBranchAtTheTemplateComma() throws {
        let source =
            "{\"aps\": {\"alert\": {\"title\": \"{{title}}\"},\n  \"sound\": \"default\",\n  {{#if badge}}\"badge\": {{badge}}{{/if}}\n}}"
        let found = try Self.lint(source, "t.json.hbs")
        #expect(found.map(\.ruleId) == ["template-render-invalid"])
        let finding = try #require(found.first)
        #expect(finding.message.hasPrefix("when `badge` is unset, a trailing comma follows `sound`"))
        #expect(finding.span.start == Self.offset(of: ",\n  {{#if", in: source))
        #expect(finding.location?.line == 2)
    }

    @Test func aMissingCommaNamesTheBranch() throws {
        let source = "{\"aps\": {\"alert\": \"Hi\" {% if badge %}\"badge\": {{ badge }}{% endif %}}}"
        let found = try Self.lint(source, "t.json.j2")
        #expect(found.map(\.ruleId) == ["template-render-invalid"])
        #expect(found.first?.message.hasPrefix("when `badge` is set, the rendered payload is not JSON") == true)
        #expect(found.first?.span.start == Self.offset(of: "\"badge\":", in: source))
    }

    @Test func loopsRenderZeroOneAndTwoItems() throws {
        let source = "{\"aps\": {\"alert\": \"Hi\"}, \"ids\": [{{#each ids}}\"{{this}}\",{{/each}}]}"
        let found = try Self.lint(source, "t.json.hbs")
        #expect(found.map(\.ruleId) == ["template-render-invalid"])
        #expect(
            found.first?.message.hasPrefix("when `ids` has items, a trailing comma follows the last item of `ids`")
                == true)
    }

    @Test func aValueRuleFiresOnlyInItsBranchWithTheCondition() throws {
        let fcm = "{\"message\": {\"token\": \"t\", \"data\": {\"count\": {% if n %}3{% else %}\"0\"{% endif %}}}}"
        let found = try Self.lint(fcm, "t.json.liquid")
        #expect(found.map(\.ruleId) == ["fcm-data-string-values"])
        #expect(found.first?.message.hasSuffix("(only when `n` is set)") == true)
        #expect(found.first?.span.start == Self.offset(of: "3{% else", in: fcm))
        #expect(found.first?.fix == nil, "a rendering's fix is no edit of the template")
        let placeholder =
            "{\"message\": {\"token\": \"t\", \"data\": {\"count\": {{ count }}}{% if x %}, \"android\": {}{% endif %}}}"
        let unquoted = try #require(try Self.lint(placeholder, "t.json.liquid").first)
        #expect(
            unquoted.span
                == ByteSpan(
                    Self.offset(of: "{{ count }}", in: placeholder),
                    Self.offset(of: "{{ count }}", in: placeholder) + 11))

        let silent =
            "{\"headers\": {\"apns-push-type\": \"background\", \"apns-priority\": \"{{#if urgent}}10{{else}}5{{/if}}\"}, \"payload\": {\"aps\": {\"content-available\": 1}}}"
        let high = try Self.lint(silent, "t.json.hbs")
        #expect(high.map(\.ruleId) == ["apns-background-headers"])
        #expect(high.first?.message.contains("only when `urgent` is set") == true)
    }

    @Test func aFindingInEveryRenderingCarriesNoCondition() throws {
        let source =
            "{\"message\": {\"token\": \"t\", \"data\": {\"count\": 3}{% if x %}, \"android\": {\"priority\": \"NORMAL\"}{% endif %}}}"
        let found = try Self.lint(source, "t.json.j2").filter { $0.ruleId == "fcm-data-string-values" }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("only when") == false)
    }

    @Test func worstCaseSizeTakesTheLargestBranch() throws {
        let contract = #"{"variables": {"body": {"maxLength": 200}, "story": {"maxBytes": 4100}}}"#
        let source = "{\"aps\": {\"alert\": {\"body\": \"{% if long %}{{ story }}{% else %}{{ body }}{% endif %}\"}}}"
        let found = try Self.lint(source, "t.json.j2", contract: contract).filter {
            $0.ruleId == "template-worst-case-size"
        }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("only when `long` is set") == true)
        #expect(found.first?.message.contains("story +") == true)
    }

    // MARK: Filters

    @Test func aLoopsTemplatedKeysAreNotDuplicates() throws {
        let source =
            "{\"message\": {\"topic\": \"news\", \"data\": { {% for k, v in fields.items() %}\"{{ k }}\": \"{{ v }}\"{% if not loop.last %}, {% endif %}{% endfor %} }}}"
        #expect(try Self.lint(source, "t.json.j2").isEmpty)
        // A literal key in a loop is a duplicate as soon as the loop has two items.
        let literal =
            "{\"message\": {\"topic\": \"news\", \"data\": { {% for v in vs %}\"k\": \"{{ v }}\"{% if not loop.last %}, {% endif %}{% endfor %} }}}"
        let found = try Self.lint(literal, "t.json.j2")
        #expect(found.map(\.ruleId) == ["json-duplicate-key"])
        #expect(found.first?.message.contains("only when `vs` has 2 items") == true, "\(found.map(\.message))")
    }

    @Test func quotesInsideAPlaceholderDoNotEndItsString() throws {
        // Braze writes `default: "there"` inside JSON strings: the engine replaces the whole placeholder.
        let source =
            "{\"aps\": {\"alert\": \"Hi {{ first_name | default: \"there\" }}\"{% if badge %}, \"badge\": {{ badge }}{% endif %}}}"
        #expect(try Self.lint(source, "t.json.liquid").isEmpty)
        // Custom delimiters of plain templates do not change how renderings are read.
        let link = "{\"aps\": {\"alert\": \"Hi\"}, \"link\": \"{{ url }}\"{% if x %}, \"x\": 1{% endif %}}"
        let config = #"{"placeholders": {"open": "<%=", "close": "%>"}}"#
        #expect(try Self.lint(link, "t.json.liquid", config: config).isEmpty)
    }

    @Test func jsonFiltersAreUnderstood() throws {
        let inString =
            "{\"aps\": {\"alert\": {\"title\": \"{{ title | tojson }}\"}{% if badge %}, \"badge\": {{ badge }}{% endif %}}}"
        let a = try Self.lint(inString, "t.json.j2")
        #expect(a.map(\.ruleId) == ["template-render-invalid"])
        #expect(
            a.first?.message.contains(
                "in every rendering, `{{ title | tojson }}` writes its value as JSON inside a string") == true)
        let inValue =
            "{\"aps\": {\"alert\": {\"title\": {{ title | tojson }}}{% if badge %}, \"badge\": {{ badge }}{% endif %}}}"
        #expect(try Self.lint(inValue, "t.json.j2").isEmpty)
        let liquid = "{\"aps\": {\"alert\": \"{{ t | json }}\"}{% if x %}{% endif %}}"
        #expect(try Self.lint(liquid, "t.json.liquid").map(\.ruleId) == ["template-render-invalid"])
    }

    @Test func truncateIsADeclaredMaximum() throws {
        let placeholder = { (text: String) in PlaceholderDelimiters.mustache.find(in: "{{" + text + "}}")[0] }
        #expect(placeholder("body | truncate: 120").declaredMaximumLength == 120)
        #expect(placeholder("body | truncate(100) | upper").declaredMaximumLength == 105)
        #expect(placeholder("body | truncate(length=50)").declaredMaximumLength == 55)
        #expect(placeholder("body|truncatechars:30").declaredMaximumLength == 30)
        #expect(placeholder("body | upcase").declaredMaximumLength == nil)
        #expect(placeholder("body | tojson").rendersJSON)
        #expect(!placeholder("body | escape").rendersJSON)
        // 1000 bytes of body would be over the limit; `truncate: 120` bounds it to 480 bytes.
        let contract = #"{"variables": {"title": {"maxLength": 60}, "body": {"maxBytes": 5000}}}"#
        let bounded =
            "{\"aps\": {\"alert\": {\"title\": \"{{ title }}\", \"body\": \"{{ body | truncate: 120 }}\"}{% if x %}, \"badge\": 1{% endif %}}}"
        let found = try Self.lint(bounded, "t.json.liquid", contract: contract)
        #expect(found.filter { $0.ruleId == "template-worst-case-size" }.isEmpty)
        let unbounded = bounded.replacingOccurrences(of: " | truncate: 120", with: "")
        #expect(
            try Self.lint(unbounded, "t.json.liquid", contract: contract).contains {
                $0.ruleId == "template-worst-case-size"
            })
        // Without a contract entry, the filter alone bounds the variable.
        let only = try Self.lint(bounded, "t.json.liquid", contract: #"{"variables": {"title": {"maxLength": 60}}}"#)
        #expect(only.filter { $0.ruleId == "template-unbounded-variable" }.isEmpty)
    }

    @Test func aLoopRendersItsDeclaredMaximumToo() throws {
        // 30 lines of 200 bytes: far over 4096 at the declared maximum, well under it with two items.
        let line = String(repeating: "x", count: 200)
        let source =
            "{\"aps\": {\"alert\": \"Hi\"}, \"lines\": [{% for l in lines %}\"\(line)\"{% unless forloop.last %},{% endunless %}{% endfor %}]}"
        let contract = #"{"variables": {"lines": {"maxItems": 30}}}"#
        let found = try Self.lint(source, "t.json.liquid", contract: contract).filter { $0.severity == .error }
        #expect(found.map(\.ruleId) == ["payload-size"], "\(found.map(\.message))")
        #expect(
            found.first?.message.contains("only when `lines` has 30 items (its maxItems)") == true,
            "\(found.map(\.message))")
        #expect(try Self.lint(source, "t.json.liquid").filter { $0.severity == .error }.isEmpty, "two items fit")
        #expect(throws: ConfigurationError.self) {
            try Contract.read(path: "c", bytes: Array(#"{"variables": {"l": {"maxItems": 5000}}}"#.utf8))
        }
    }

    @Test func sameConditionTwiceIsOneChoice() throws {
        // The comma and the member are guarded by the same condition: never a trailing comma.
        let source = "{\"aps\": {\"alert\": \"Hi\"{{#if badge}},{{/if}}{{#if badge}}\"badge\": {{badge}}{{/if}}}}"
        #expect(try Self.lint(source, "t.json.hbs").isEmpty)
        let unless =
            "{\"aps\": {\"alert\": \"Hi\"{{#if badge}}, \"badge\": {{badge}}{{/if}}{{#unless badge}}, \"sound\": \"x\"{{/unless}}}}"
        let program = TemplateProgram(Array(unless.utf8), dialect: .handlebars)
        #expect(program.choices.count == 1)
    }

    // MARK: The bound

    static func conditions(_ k: Int) -> String {
        var s = "{\"aps\": {\"alert\": \"Hi\"}"
        for i in 0..<k { s += "{{#if c\(i)}}, \"k\(i)\": \(i){{/if}}" }
        return s + "}"
    }

    @Test func thirtyConditionsArePairwiseAndSaySo() throws {
        let source = Self.conditions(30)
        let program = TemplateProgram(Array(source.utf8), dialect: .handlebars)
        #expect(program.choices.count == 30)
        let selections = TemplateSelections(domains: program.choices.map(\.optionCount), limit: 256)
        #expect(selections.coverage == .pairwise)
        #expect(selections.rows.count <= 256)
        #expect(selections.rows.count >= 4)
        // Every option pair of every two conditions appears in some row.
        for i in 0..<30 {
            for j in (i + 1)..<30 {
                for a in 0..<2 {
                    for b in 0..<2 {
                        #expect(
                            selections.rows.contains { Int($0[i]) == a && Int($0[j]) == b }, "pair \(i)=\(a) \(j)=\(b)")
                    }
                }
            }
        }
        let found = try Self.lint(source, "t.json.hbs")
        #expect(found.map(\.ruleId) == ["template-branch-limit"])
        #expect(found.first?.severity == .info)
        #expect(found.first?.message.contains("1073741824 combinations") == true)
        // A mistake behind one of the 30 conditions is still found, with its condition.
        let broken = source.replacingOccurrences(of: "{{#if c17}}, \"k17\": 17", with: "{{#if c17}}, \"k17\": 17,")
        let invalid = try Self.lint(broken, "t.json.hbs").filter { $0.ruleId == "template-render-invalid" }
        #expect(!invalid.isEmpty)
        #expect(
            invalid.first?.message.hasPrefix("when `c17` is set and `c18` is set") == true, "\(invalid.map(\.message))")
        #expect(invalid.allSatisfy { $0.message.contains("`c17` is set") }, "\(invalid.map(\.message))")
    }

    @Test func eightConditionsAreRenderedExhaustively() throws {
        let found = try Self.lint(Self.conditions(8), "t.json.hbs")
        #expect(found.isEmpty)
        let selections = TemplateSelections(domains: [Int](repeating: 2, count: 8), limit: 256)
        #expect(selections.coverage == .every && selections.rows.count == 256)
    }

    // MARK: Hostile templates

    /// 10 000 tags in the fast loop, far past every limit (256 renderings, 20 problems); the slow test
    /// (`scripts/test`) runs the 100 000 of the reproducers.
    @Test func hostileTemplatesGiveAClearFindingQuickly() throws { try Self.hostileTemplates(tags: 10_000) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func hostileTemplatesGiveAClearFindingQuicklyInFull() throws {
        try Self.hostileTemplates(tags: 100_000)
    }

    static func hostileTemplates(tags: Int) throws {
        let start = ContinuousClock.now
        let deep =
            String(repeating: "{% if x %}", count: tags) + "{\"aps\": {\"alert\": \"x\"}}"
            + String(repeating: "{% endif %}", count: tags)
        let a = try Self.lint(deep, "t.json.j2")
        #expect(a.map(\.ruleId) == ["template-branch-limit"])
        let unclosed = String(repeating: "{{#if x}}", count: tags) + "{\"aps\": {\"alert\": \"x\"}}"
        let b = try Self.lint(unclosed, "t.json.hbs")
        #expect(b.contains { $0.ruleId == "template-syntax" })
        #expect(b.filter { $0.ruleId == "template-syntax" }.count <= TemplateProgram.maximumProblems)
        // Loops in loops: 2^40 items would be rendered; the rendering stops at its byte limit.
        let loops =
            String(repeating: "{% for x in xs %}", count: 40) + "\"a\"," + String(repeating: "{% endfor %}", count: 40)
        let c = try Self.lint("{\"aps\": {\"alert\": \"x\"}, \"l\": [" + loops + "1]}", "t.json.j2")
        #expect(c.contains { $0.ruleId == "template-branch-limit" })
        let many = (0..<tags / 5).map { "{% for x in xs\($0) %}\"a\",{% endfor %}" }.joined()
        let d = try Self.lint("{\"aps\": {\"alert\": \"x\"}, \"l\": [" + many + "1]}", "t.json.j2")
        #expect(d.contains { $0.ruleId == "template-branch-limit" })
        // A case of `tags` `when`s, and one of exactly 256 options: rendered option by option, never a crash.
        for whens in [tags, 255] {
            let cases =
                "{% case x %}" + (0..<whens).map { "{% when \($0) %}\"v\($0)\"" }.joined()
                + "{% else %}\"other\"{% endcase %}"
            let e = try Self.lint("{\"aps\": {\"alert\": " + cases + "}}", "t.json.liquid")
            #expect(e.allSatisfy { $0.ruleId == "template-branch-limit" }, "\(e.map(\.message))")
        }
        for tag in ["{{", "{%", "{#", "{{!--", "{{/*"] {
            for name in ["t.json.hbs", "t.json.liquid", "t.json.j2", "t.json.gotmpl"] {
                _ = try Self.lint("{\"aps\": " + tag, name)
            }
        }
        #expect(ContinuousClock.now - start < .seconds(60))
    }
}
