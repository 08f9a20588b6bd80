import PushLintJSON
import Testing

/// The cost of a large template (issue 33, T4): plain placeholders are read from their bytes, a rendering that
/// cannot fit its limit is not started, and loop padding stays bounded however deep the loops.
@Suite struct TemplateRenderingCostTests {
    static func renderings(_ text: String, _ dialect: TemplateDialect) -> Set<String> {
        let program = TemplateProgram(Array(text.utf8), dialect: dialect)
        return Set(
            TemplateSelections(domains: program.choices.map(\.optionCount), limit: 256).rows.compactMap {
                program.render($0, limit: 1 << 16).map { String(decoding: $0.bytes, as: UTF8.self) }
            })
    }

    /// Placeholders render as written in every dialect, while a first word that is a keyword (`else`, `end`) is
    /// still read as the tag it is, and a name that only starts like one is still a placeholder.
    @Test func plainPlaceholdersAndKeywordsOfEachDialect() {
        #expect(
            Self.renderings("{{a}}{{#if x}}{{ b.c }}{{else}}{{elsewhere}}{{/if}}{{@index}}", .handlebars) == [
                "{{a}}{{ b.c }}{{@index}}", "{{a}}{{elsewhere}}{{@index}}",
            ])
        #expect(
            Self.renderings("{{.A}}{{if .X}}{{ end.x }}{{ else }}{{if.y}}{{end}}{{ .B }}", .go) == [
                "{{.A}}{{ end.x }}{{ .B }}", "{{.A}}{{if.y}}{{ .B }}",
            ])
        #expect(Self.renderings("{{ a }}{% if x %}{{b}}{% endif %}", .liquid) == ["{{ a }}{{b}}", "{{ a }}"])
        #expect(Self.renderings("{{ a }}{{ 'q' if x }}", .jinja) == ["{{ a }}q", "{{ a }}"])
        // Trims and sigils are not plain: `{{~ a}}` takes the space before it, `{{- a }}` too.
        #expect(Self.renderings("x {{~ a}}{{#if y}}{{/if}}", .handlebars) == ["x{{a}}"])
        #expect(Self.renderings("x {{- a }}{% if y %}{% endif %}", .jinja) == ["x{{a}}"])
    }

    /// A placeholder maps back to its own tag, from its first byte to its last.
    @Test func plainPlaceholdersMapToTheirTags() throws {
        let text = "[{{a}},{{#if x}}{{ bb }}{{/if}}]"
        let program = TemplateProgram(Array(text.utf8), dialect: .handlebars)
        let rendering = try #require(program.render([0], limit: 1 << 16))
        #expect(String(decoding: rendering.bytes, as: UTF8.self) == "[{{a}},{{ bb }}]")
        #expect(rendering.map.sourceSpan(ByteSpan(1, 6)) == ByteSpan(1, 6))
        let start = "[{{a}},{{#if x}}".utf8.count
        #expect(rendering.map.sourceSpan(ByteSpan(7, 15)) == ByteSpan(start, start + 8))
    }

    /// The text outside conditions is written by every rendering: when it alone passes the limit (the rendering
    /// bytes or its steps), no selection renders, and a limit it fits still renders each of them.
    @Test func whatEveryRenderingWritesDecidesBeforeRendering() throws {
        let conditions = (0..<8).map { "{{#if c\($0)}}x{{/if}}" }.joined()
        let placeholders = String(repeating: "{{a}}", count: 500)
        let text = #"{"aps":{"alert":""# + conditions + placeholders + #""}}"#
        let program = TemplateProgram(Array(text.utf8), dialect: .handlebars)
        #expect(program.choices.count == 8)
        let unconditional = text.utf8.count - conditions.utf8.count
        #expect(program.minimumRendering.bytes == unconditional)
        #expect(program.minimumRendering.work >= 500, "a step per placeholder")
        for selection in TemplateSelections(domains: program.choices.map(\.optionCount), limit: 256).rows {
            #expect(program.render(selection, limit: unconditional - 1) == nil)
            #expect(program.render(selection, limit: 1 << 20, workLimit: program.minimumRendering.work - 1) == nil)
            let rendering = try #require(program.render(selection, limit: unconditional + 8))
            #expect(rendering.bytes.count == unconditional + selection.filter { $0 == 0 }.count)
        }
    }

    /// 63 nested loops over a list of up to 10 items: the placeholder's padding (a space per iteration and level)
    /// stays at most 64 however deep the iteration, where its sum had overflowed.
    @Test func deepLoopPaddingIsBounded() throws {
        let depth = 63
        let text =
            String(repeating: "{{#each xs}}", count: depth) + "{{x}}" + String(repeating: "{{/each}}", count: depth)
        var program = TemplateProgram(Array(text.utf8), dialect: .handlebars)
        #expect(program.isRenderable)
        program.declareLoopMaxima { $0 == "xs" ? 10 : nil }
        #expect(program.choices.map(\.optionCount) == [4])
        #expect(program.render([3], limit: 1 << 16) == nil, "10^63 iterations pass the work limit")
        let once = try #require(program.render([1], limit: 1 << 16))
        #expect(String(decoding: once.bytes, as: UTF8.self) == "{{x}}", "the first iteration of each loop pads nothing")
    }
}
