import PushLintJSON
import PushLintModel
import PushLintRules

/// Templates with control flow (DESIGN.md §3): the template's own structure is checked, then each selection of its
/// branches is rendered and every rule runs on every distinct rendering; a finding is reported once, at its place in
/// the template, with the branch it needs.
extension Engine {
    /// Renderings checked per file before a pairwise selection takes over.
    public static let templateRenderingLimit = 256
    /// Work spent on one file's renderings, all selections together: bytes written plus steps taken (pieces and
    /// loop iterations). 256 renderings of a large template, or loops in loops, would otherwise cost hundreds of
    /// times the template's size in time and memory; past it the remaining selections are not rendered, and
    /// `template-branch-limit` says so.
    public static let templateWorkBudget = 4 << 20

    /// The engine's hook: nil for a file that is no template with control flow (it is linted as it always was).
    func lintTemplate(_ bytes: [UInt8], plan: FilePlan, dialect: TemplateDialect) -> FileOutcome? {
        var program = TemplateProgram(bytes, dialect: dialect)
        guard program.hasControlFlow else { return nil }
        if let variables = project.settings.contract?.variables {
            program.declareLoopMaxima { variables[$0]?.maxItems }
        }
        var analysis = TemplateAnalysis(program: program)
        let checked = program.isRenderable ? checkRenderings(program, plan: plan, analysis: &analysis) : nil
        let target = plan.target
        let file = FileContext(
            path: target.path.display, isExplicit: target.isExplicit, byteCount: bytes.count,
            maxBytes: options.maxFileBytes,
            parse: nil, settings: project.settings, template: analysis)
        let diagnostics = plan.runner.check(file) + (checked?.findings ?? [])
        let resolved = resolve(diagnostics, target: target, bytes: bytes, lines: nil)
        let report = FileReport(
            path: target.path, kind: checked?.kind, wireBytes: checked?.largest?.bytes,
            wireLimit: checked?.largest?.limit, diagnostics: resolved)
        return FileOutcome(report: report, summaries: withVAPIDSidecar(checked?.summaries ?? [], of: target))
    }

    struct CheckedRenderings {
        var findings: [Diagnostic] = []
        var summaries: [PayloadSummary] = []
        var largest: (bytes: Int, limit: Int)?
        var kind: PayloadKind?
    }

    /// The distinct renderings of a template's selections, with the selections (rows) that render each and the
    /// choices each selection reached.
    struct Renderings {
        var selections: TemplateSelections
        /// The size past which a rendering is not checked.
        var limit: Int
        var distinct: [TemplateRendering] = []
        var rowsOf: [[Int]] = []
        var reached: [[Bool]] = []
    }

    /// What the renderings found, merged: each finding once, with the selections that gave it, and each problem of
    /// a rendering that is no valid JSON once, with the selections that gave it.
    struct RenderingFindings {
        var found: [FindingKey: (diagnostic: Diagnostic, rows: [Int])] = [:]
        var foundOrder: [FindingKey] = []
        var invalid: [InvalidKey: (span: ByteSpan, problem: TemplateAnalysis.InvalidRendering.Problem, rows: [Int])] =
            [:]
        var invalidOrder: [InvalidKey] = []

        mutating func note(_ finding: Diagnostic, rows: [Int]) {
            let key = FindingKey(ruleId: finding.ruleId, start: finding.span.start, end: finding.span.end)
            if found[key] == nil {
                found[key] = (finding, [])
                foundOrder.append(key)
            }
            found[key]!.rows += rows
        }

        mutating func note(_ span: ByteSpan, _ problem: TemplateAnalysis.InvalidRendering.Problem, rows: [Int]) {
            let key = InvalidKey(start: span.start, problem: problem)
            if invalid[key] == nil {
                invalid[key] = (span, problem, [])
                invalidOrder.append(key)
            }
            invalid[key]!.rows += rows
        }
    }

    func checkRenderings(_ program: TemplateProgram, plan: FilePlan, analysis: inout TemplateAnalysis)
        -> CheckedRenderings
    {
        let renderings = render(program, analysis: &analysis)
        let distinct = renderings.distinct
        // The longest first: where renderings disagree about a finding's numbers (a size), the largest one speaks.
        let order = distinct.indices.sorted { (distinct[$0].bytes.count, $1) > (distinct[$1].bytes.count, $0) }
        var merged = RenderingFindings()
        var result = CheckedRenderings()
        // Renderings write every placeholder as `{{ }}`, whatever the config's delimiters for plain templates.
        let settings =
            project.settings.placeholders == .mustache
            ? project.settings
            : project.settings.with(placeholders: .mustache)
        let input = PayloadInput(
            path: plan.target.path.display, relative: plan.relative, settings: settings, isTemplate: true,
            isLogLine: false, headers: plan.headers)
        for index in order {
            check(
                distinct[index], rows: renderings.rowsOf[index], limit: renderings.limit, plan: plan, input: input,
                into: &merged, &result)
        }
        let checkedRows = renderings.selections.rows.count - analysis.oversized - analysis.unrendered
        let validRows = checkedRows - Set(merged.invalid.values.flatMap(\.rows)).count
        for key in merged.foundOrder {
            var (finding, rows) = merged.found[key]!
            rows.sort()
            if rows.count < validRows {
                let phrase = TemplateCondition.phrase(condition(rows, at: finding.span.start, renderings, program))
                finding.message += phrase.isEmpty ? " (in some renderings of the template)" : " (only \(phrase))"
            }
            result.findings.append(finding)
        }
        analysis.invalid = merged.invalidOrder.map { key in
            let (span, problem, rows) = merged.invalid[key]!
            let sorted = rows.sorted()
            return TemplateAnalysis.InvalidRendering(
                problem: problem, span: span,
                condition: sorted.count < checkedRows ? condition(sorted, at: span.start, renderings, program) : [],
                renderings: sorted.count)
        }
        return result
    }

    /// Renders each selection of the template's branches within the file's work budget; selections that render
    /// the same bytes are checked once.
    func render(_ program: TemplateProgram, analysis: inout TemplateAnalysis) -> Renderings {
        let selections = TemplateSelections(
            domains: program.choices.map(\.optionCount), limit: Self.templateRenderingLimit)
        analysis.selections = selections
        let limit = min(options.maxFileBytes, max(64 << 10, 4 * program.source.count))
        analysis.renderLimit = limit
        var renderings = Renderings(selections: selections, limit: limit)
        var indexOf: [TemplateRenderedBytes: Int] = [:]
        var spent = 0
        analysis.workBudget = Self.templateWorkBudget
        for (row, selection) in selections.rows.enumerated() {
            let remaining = Self.templateWorkBudget - spent
            let rendered =
                remaining > 0
                ? program.render(selection, limit: min(limit, remaining), workLimit: min(limit, remaining)) : nil
            guard let rendering = rendered else {
                // A rendering stopped by the file's budget, not by its own size, is unchecked for the budget.
                if remaining <= limit { analysis.unrendered += 1 } else { analysis.oversized += 1 }
                spent += max(0, min(limit, remaining))
                renderings.reached.append([Bool](repeating: false, count: program.choices.count))
                continue
            }
            spent += rendering.bytes.count + rendering.work
            renderings.reached.append(rendering.reached)
            if let index = indexOf[TemplateRenderedBytes(rendering.bytes)] {
                renderings.rowsOf[index].append(row)
            } else {
                indexOf[TemplateRenderedBytes(rendering.bytes)] = renderings.distinct.count
                renderings.distinct.append(rendering)
                renderings.rowsOf.append([row])
            }
        }
        analysis.distinctRenderings = renderings.distinct.count
        return renderings
    }

    /// The deciding choices, the nearest to the finding first: with a pairwise selection a place may be seen in
    /// one rendering only, where every choice looks deciding, and the blocks around it are the likely cause.
    func condition(_ rows: [Int], at offset: Int, _ renderings: Renderings, _ program: TemplateProgram)
        -> [TemplateCondition]
    {
        renderings.selections.deciding(rows, reached: renderings.reached)
            .map {
                TemplateCondition(
                    choice: program.choices[$0.choice], options: $0.options,
                    maxItems: program.loopCounts[$0.choice].last)
            }
            .sorted { a, b in
                let x = (a.choice.span.start > offset ? 1 : 0, abs(a.choice.span.start - offset))
                let y = (b.choice.span.start > offset ? 1 : 0, abs(b.choice.span.start - offset))
                return x < y
            }
            .enumerated().sorted { a, b in
                // The three that are shown, in the template's order.
                (a.offset < 3 ? 0 : 1, a.element.choice.span.start) < (
                    b.offset < 3 ? 0 : 1, b.element.choice.span.start
                )
            }.map(\.element)
    }

    /// Parses one rendering and feeds it to the rule runner, as a plain file: its findings are mapped back into
    /// the template (without fixes: those would edit the rendering); a rendering that is no valid JSON gives its
    /// problems instead.
    func check(
        _ rendering: TemplateRendering, rows: [Int], limit: Int, plan: FilePlan, input: PayloadInput,
        into merged: inout RenderingFindings, _ result: inout CheckedRenderings
    ) {
        let parse = JSONParser.parse(
            rendering.bytes,
            options: JSONParseOptions(
                mode: .defaultTemplate, maxDepth: 512, maxBytes: limit, recoversTrailingCommas: true))
        if let problems = Self.problems(of: parse, rendering) {
            for (span, problem) in problems { merged.note(span, problem, rows: rows) }
            return
        }
        guard let document = parse.document else { return }
        var file = FileContext(
            path: plan.target.path.display, isExplicit: plan.target.isExplicit, byteCount: rendering.bytes.count,
            maxBytes: options.maxFileBytes, parse: parse, settings: input.settings)
        let payloads = detectPayloads(document, forced: plan.forcedKind)
        file.isUnknownKind = payloads.isEmpty
        var findings = plan.runner.check(file)
        let first = result.kind == nil
        let clock = plan.runner.clock
        var sums = clock.sums()
        for ref in payloads {
            let payload = plan.runner.check(ref, in: document, input, &sums)
            findings += payload.findings
            if first { result.summaries.append(payload.summary) }
            if let size = payload.context.payload.sizes.first, size.bytes > (result.largest?.bytes ?? -1) {
                result.largest = (size.bytes, size.limit)
            }
        }
        clock.merge(sums)
        if first { result.kind = payloads.first?.kind ?? result.kind }
        for var finding in findings {
            finding.span = rendering.map.sourceSpan(finding.span)
            // Fixes are edits of the rendering, not of the template.
            finding.fix = nil
            merged.note(finding, rows: rows)
        }
    }

    /// Why a rendering is no valid JSON (trailing commas, a JSON filter inside a string, a syntax error), located
    /// in the template; nil when it is valid.
    static func problems(of parse: JSONParseResult, _ rendering: TemplateRendering) -> [(
        ByteSpan, TemplateAnalysis.InvalidRendering.Problem
    )]? {
        let commas = parse.issues.filter { $0.kind == .trailingComma }
        let quoted = parse.document.map { Self.jsonFiltersInStrings($0) } ?? []
        guard parse.error != nil || !commas.isEmpty || !quoted.isEmpty else { return nil }
        let described = Self.trailingCommas(at: commas.map(\.span.start), in: parse.document)
        var problems: [(ByteSpan, TemplateAnalysis.InvalidRendering.Problem)] = zip(commas, described).map {
            (rendering.map.sourceSpan($0.span), $1)
        }
        problems += quoted.map { (rendering.map.sourceSpan($0.span), .jsonInString($0.expression)) }
        if let error = parse.error {
            problems.append(
                (
                    rendering.map.sourceSpan(ByteSpan(error.offset, error.offset + error.length)),
                    .syntax(error.message)
                ))
        }
        return problems
    }

    struct FindingKey: Hashable {
        var ruleId: String
        var start: Int
        var end: Int
    }

    struct InvalidKey: Hashable {
        var start: Int
        var problem: TemplateAnalysis.InvalidRendering.Problem
    }

    /// Placeholders with a JSON filter (`{{ title | tojson }}`) inside strings: each renders its own quotes.
    static func jsonFiltersInStrings(_ document: JSONDocument) -> [(span: ByteSpan, expression: String)] {
        let delimiters = PlaceholderDelimiters.mustache
        var result: [(ByteSpan, String)] = []
        for node in document.nodes.indices where document.kind(node) == .string || document.kind(node) == .key {
            // A filter needs a `|`: strings without one are not searched for placeholders at all.
            let mayFilter = document.withStringBytes(node) { $0.contains(0x7C) && delimiters.containsPlaceholder($0) }
            guard mayFilter else { continue }
            for placeholder in delimiters.find(in: document.string(node)) where placeholder.rendersJSON {
                result.append((document.span(node), placeholder.expression))
            }
        }
        return result
    }

    /// What each trailing comma follows: the key of the member before it, or the array it ends. One sweep over
    /// the nodes (in document order) with the containers open at each comma on a stack: linear in the rendering,
    /// however many commas it has.
    static func trailingCommas(
        at offsets: [Int], in document: JSONDocument?
    ) -> [TemplateAnalysis.InvalidRendering.Problem] {
        guard let document else { return offsets.map { _ in .trailingComma(after: nil, array: nil) } }
        var result = [TemplateAnalysis.InvalidRendering.Problem](
            repeating: .trailingComma(after: nil, array: nil), count: offsets.count)
        var open: [NodeID] = []
        var node = 0
        for index in offsets.indices.sorted(by: { offsets[$0] < offsets[$1] }) {
            let offset = offsets[index]
            while node < document.nodes.count, document.span(node).start < offset {
                let start = document.span(node).start
                while let top = open.last, document.span(top).end <= start { open.removeLast() }
                if document.kind(node) == .object || document.kind(node) == .array { open.append(node) }
                node += 1
            }
            while let top = open.last, document.span(top).end <= offset { open.removeLast() }
            guard let container = open.last else { continue }
            if document.kind(container) == .array {
                // A member's key node comes just before its value.
                let parent = Int(document.nodes[container].parent)
                let isMember =
                    parent < document.nodes.count && document.kind(parent) == .object && container > 0
                    && document.kind(container - 1) == .key
                result[index] = .trailingComma(after: nil, array: isMember ? document.string(container - 1) : "")
            } else {
                let before = document.members(container).last { document.span($0.value).end <= offset }
                result[index] = .trailingComma(after: before.map { document.string($0.key) }, array: nil)
            }
        }
        return result
    }
}
