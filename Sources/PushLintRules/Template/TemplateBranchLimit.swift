import PushLintJSON
import PushLintModel

/// `template-branch-limit`: not every combination of the template's branches was rendered.
struct TemplateBranchLimit: FileRule {
    static let description = RuleDescription(
        id: "template-branch-limit",
        summary:
            "The template has more branch combinations than pushlint renders, so only a selection of them was checked.",
        family: .template,
        defaultSeverity: .info,
        rationale: """
            k independent conditions make 2^k renderings. pushlint renders every combination up to 256 per file; \
            past that it renders a pairwise selection, in which every two options of any two conditions (and loop \
            sizes 0, 1 and 2) appear together at least once: mistakes that need three branches at once may go \
            unseen. With more than 128 conditions, each option is rendered once. Renderings larger than 64 KB (or \
            four times the template; loops in loops double at every level), or taking more steps than that (empty \
            loops in loops), are not checked, nor templates whose blocks nest deeper than 64; all renderings of one \
            file together stop at 4 MiB of bytes and steps. This finding says which of these happened, so that a clean report is not \
            read as more than it is. Split a large template, or make it `off` for files where the selection is \
            enough.
            """,
        triggering: [
            RuleExample(
                "↓{\"aps\": {\"alert\": \"Hi\"{{#if a}}, \"a\": 1{{/if}}{{#if b}}, \"b\": 1{{/if}}{{#if c}}, \"c\": 1{{/if}}{{#if d}}, \"d\": 1{{/if}}{{#if e}}, \"e\": 1{{/if}}{{#if f}}, \"f\": 1{{/if}}{{#if g}}, \"g\": 1{{/if}}{{#if h}}, \"h\": 1{{/if}}{{#if i}}, \"i\": 1{{/if}}}}",
                fileName: "flags.json.hbs", note: "9 conditions: 512 combinations.")
        ],
        nonTriggering: [
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi\"{{#if a}}, \"a\": 1{{/if}}{{#if b}}, \"b\": 1{{/if}}}}",
                fileName: "flags.json.hbs")
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let template = file.template else { return [] }
        let whole = ByteSpan(0, min(1, template.program.source.count))
        var result: [Diagnostic] = []
        if template.program.depth > TemplateProgram.maximumDepth {
            let span =
                template.program.problems.first { if case .tooDeep = $0.kind { return true } else { return false } }?
                .span ?? whole
            result.append(diagnostic(Self.tooDeep(template.program.depth), span: span, pointer: nil))
        }
        if let selections = template.selections, selections.coverage != .every {
            result.append(diagnostic(Self.sampled(selections, template), span: whole, pointer: nil))
        }
        if template.oversized > 0 {
            result.append(diagnostic(Self.oversized(template), span: whole, pointer: nil))
        }
        if template.unrendered > 0 {
            result.append(diagnostic(Self.unrendered(template), span: whole, pointer: nil))
        }
        return result
    }

    // MARK: Messages

    static func sampled(_ selections: TemplateSelections, _ template: TemplateAnalysis) -> FindingText {
        let total = selections.combinations < 1e15 ? String(Int(selections.combinations)) : "more than 10^15"
        let how = selections.coverage == .pairwise ? "a pairwise selection" : "each option of each condition once"
        return FindingText(
            "the template's \(template.program.choices.count) conditions and loops make \(total) combinations; pushlint checked \(how) (\(selections.rows.count) selections, \(template.distinctRenderings) distinct renderings), not every combination",
            help: "split the template, or accept the selection")
    }

    static func oversized(_ template: TemplateAnalysis) -> FindingText {
        FindingText(
            "\(selections(template.oversized)) not checked: each rendered more than \(template.renderLimit) bytes or took more than \(template.renderLimit) steps (loops in loops)"
        )
    }

    static func unrendered(_ template: TemplateAnalysis) -> FindingText {
        FindingText(
            "\(selections(template.unrendered)) not checked: the renderings of this template reached pushlint's budget of \(template.workBudget) bytes and steps per file, so coverage is limited",
            help: "split the template, or move the large literal text out of it")
    }

    static func selections(_ count: Int) -> String { count == 1 ? "1 selection was" : "\(count) selections were" }

    static func tooDeep(_ depth: Int) -> FindingText {
        FindingText(
            "blocks nest \(depth) deep, deeper than the \(TemplateProgram.maximumDepth) pushlint follows: the template's renderings were not checked"
        )
    }

}
