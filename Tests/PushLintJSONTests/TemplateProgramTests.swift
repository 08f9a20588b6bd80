import PushLintJSON
import Testing

/// The template machinery at the byte level: blocks and choices of each dialect, renderings and their map back to
/// the template.
@Suite struct TemplateProgramTests {
    static func program(_ text: String, _ dialect: TemplateDialect) -> TemplateProgram {
        TemplateProgram(Array(text.utf8), dialect: dialect)
    }

    static func renderings(_ program: TemplateProgram) -> [String] {
        TemplateSelections(domains: program.choices.map(\.optionCount), limit: 256).rows.compactMap {
            program.render($0, limit: 1 << 16).map { String(decoding: $0.bytes, as: UTF8.self) }
        }
    }

    @Test func choicesOfEachDialect() {
        let hbs = Self.program(
            "{{#if a}}A{{else if b}}B{{else}}C{{/if}}{{#each xs}}x{{/each}}{{^a}}!a{{/a}}", .handlebars)
        #expect(hbs.problems.isEmpty)
        #expect(hbs.choices.map(\.optionCount) == [3, 3, 2])
        let liquid = Self.program(
            "{% case t %}junk{% when 'a' %}A{% when 'b' %}B{% endcase %}{% unless q %}Q{% endunless %}", .liquid)
        #expect(liquid.problems.isEmpty)
        #expect(Set(Self.renderings(liquid)) == ["A", "AQ", "B", "BQ", "", "Q"])
        let go = Self.program("{{range $i, $e := .Xs}}{{if $i}},{{end}}{{$e}}{{end}}", .go)
        #expect(go.choices.count == 1, "the index test follows the loop")
        #expect(Self.renderings(go) == ["", "{{$e}}", "{{$e}},{{$e }}"], "the second item pads its placeholders")
        let jinja = Self.program(
            "{%- for x in xs -%} {{ x }}{% if not loop.last %},{% endif %} {%- else %}none{% endfor %}", .jinja)
        #expect(
            Self.renderings(jinja) == ["none", "{{ x }}", "{{ x }},{{ x  }}"], "a plain placeholder renders as written")
    }

    @Test func presenceTestsOfOneVariableAreOneChoice() {
        let liquid = Self.program(
            "{% if x != blank %}a{% endif %}{% if x == blank %}b{% endif %}{% unless x %}c{% endunless %}{% if x %}d{% endif %}",
            .liquid)
        #expect(liquid.choices.count == 1)
        #expect(Set(Self.renderings(liquid)) == ["ad", "bc"])
        let jinja = Self.program(
            "{% if x is defined %}a{% endif %}{% if x is not defined %}b{% endif %}{% if t != 'gold' %}c{% endif %}{% if t == 'gold' %}d{% endif %}",
            .jinja)
        #expect(jinja.choices.count == 2)
        #expect(Set(Self.renderings(jinja)) == ["ac", "ad", "bc", "bd"])
    }

    @Test func literalBytesMapToThemselves() throws {
        let text = "{\"a\": {{#if x}}\"yes\"{{else}}{{n}}{{/if}}, \"b\": [{{#each xs}}1, {{/each}}2]}"
        let program = Self.program(text, .handlebars)
        let source = Array(text.utf8)
        for row in TemplateSelections(domains: program.choices.map(\.optionCount), limit: 256).rows {
            let rendering = try #require(program.render(row, limit: 1 << 16))
            for (offset, byte) in rendering.bytes.enumerated() {
                let back = rendering.map.sourceOffset(offset)
                #expect(back >= 0 && back < source.count)
                // A placeholder maps to its tag's first byte; literal text to the same byte.
                #expect(source[back] == byte || source[back] == UInt8(ascii: "{"))
            }
            #expect(rendering.map.sourceOffset(rendering.bytes.count) == source.count)
        }
    }

    @Test func problemsOfEachDialect() {
        func kinds(_ text: String, _ dialect: TemplateDialect) -> [TemplateSyntaxProblem.Kind] {
            Self.program(text, dialect).problems.map(\.kind)
        }
        #expect(kinds("{{#if a}}x", .handlebars) == [.unclosedBlock(name: "if", closer: "{{/if}}")])
        #expect(kinds("{{#if a}}x{{/each}}", .handlebars).first == .unexpectedClose(tag: "{{/each}}", open: "if"))
        #expect(kinds("{% else %}", .liquid) == [.misplaced(tag: "else", open: nil)])
        #expect(kinds("{% if a %}{% else %}{% else %}{% endif %}", .jinja) == [.misplaced(tag: "else", open: "if")])
        #expect(kinds("{{ x", .jinja) == [.unclosedTag(closer: "}}")])
        #expect(kinds("{% comment %} x", .liquid) == [.unclosedBlock(name: "comment", closer: "{% endcomment %}")])
        #expect(kinds("{{end}}", .go) == [.unexpectedClose(tag: "{{end}}", open: nil)])
        #expect(kinds("{{/* x }}", .go) == [.unclosedTag(closer: "*/}}")])
        #expect(kinds("{% if %}{% endif %}", .liquid) == [.missingArgument(tag: "if")])
        #expect(kinds("{% bogus %}", .liquid) == [.unknownTag(name: "bogus")])
        #expect(Self.program("{% bogus %}", .liquid).isRenderable, "an unknown tag still renders")
    }

    @Test func pairwiseCoversEveryPairOfMixedDomains() {
        let domains = [2, 3, 3, 2, 4, 2, 3, 2, 2, 3]
        let selections = TemplateSelections(domains: domains, limit: 20)
        #expect(selections.coverage == .pairwise)
        for i in domains.indices {
            for j in domains.indices where j > i {
                for a in 0..<domains[i] {
                    for b in 0..<domains[j] {
                        #expect(selections.rows.contains { Int($0[i]) == a && Int($0[j]) == b })
                    }
                }
            }
        }
    }
}
