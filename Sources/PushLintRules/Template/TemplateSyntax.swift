import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `template-syntax`: the template engine refuses the template's own structure.
struct TemplateSyntax: FileRule {
    static let description = RuleDescription(
        id: "template-syntax",
        summary: "A template's block tags are unbalanced, misplaced or unknown, so the template engine refuses it.",
        family: .template,
        defaultSeverity: .error,
        rationale: """
            Handlebars, Liquid, Jinja and Go's `text/template` compile a template before they render it, and a \
            block that is never closed (`{{#if}}` without `{{/if}}`, `{% for %}` without `{% endfor %}`, `{{if}}` \
            without `{{end}}`), a closing tag of another block, an `{% else %}` outside any block or a tag that \
            never closes make that compilation fail: nothing is sent. pushlint reads each dialect's tags (from the \
            file's extension, or from a `templates` entry of the config that names a dialect) and reports the \
            first such mistake at its tag; the template's renderings are then not checked. A tag name the dialect \
            does not define is a warning, since an engine may register custom tags (Braze's `connected_content` \
            and the Liquid and Django built-ins are known).
            """,
        triggering: [
            RuleExample(
                "{\"aps\": { ↓{{#if badge}}\"badge\": {{badge}}, \"sound\": \"default\"}}", fileName: "order.json.hbs",
                note: "`{{#if}}` is never closed."),
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi\"↓{{/each}}}}", fileName: "order.json.hbs", note: "A stray closing tag."),
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi\"{% if badge %}, \"badge\": {{ badge }}↓{% endfor %}}}",
                fileName: "order.json.liquid",
                note: "`endfor` cannot close an `if`; the `if` then stays open as well, one mistake reported once."),
            RuleExample("{\"aps\": {\"alert\": \"{{.Title}}\"}}↓{{end}}", fileName: "order.json.gotmpl"),
            RuleExample(
                "{\"aps\": ↓{{{#if badge}}\"badge\": {{badge}}, {{/if}}\"sound\": \"default\"}}",
                fileName: "order.json.hbs",
                note: "`{{{` opens a triple-stash: a space must separate the JSON brace from `{{#if`."),
            RuleExample(
                "{\"aps\": {\"alert\": \"↓{% translate_me title %}\"}}", fileName: "order.json.j2",
                note: "An unknown tag (a warning)."),
        ],
        nonTriggering: [
            RuleExample(
                "{\"aps\": { {{#if badge}}\"badge\": {{badge}}, {{/if}}\"sound\": \"default\"}}",
                fileName: "order.json.hbs"),
            RuleExample(
                "{\"aps\": {\"alert\": \"{% if vip %}Dear {{ name }}{% elsif first %}Welcome{% else %}Hi{% endif %}\"}}",
                fileName: "order.json.liquid"),
            RuleExample(
                "{\"aps\": { {{if .Badge}}\"badge\": {{.Badge}}, {{end}}\"alert\": \"Hi\"}}",
                fileName: "order.json.gotmpl"),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let program = file.template?.program else { return [] }
        var result: [Diagnostic] = []
        // A mismatched closing tag leaves its block open: the one mistake is reported at the closing tag only.
        var mismatched = 0
        for problem in program.problems {
            switch problem.kind {
            case .tooDeep:
                continue
            case .unexpectedClose(_, let open) where open != nil:
                mismatched += 1
            case .unclosedBlock where mismatched > 0:
                mismatched -= 1
                continue
            default:
                break
            }
            let unknown: Bool
            if case .unknownTag = problem.kind { unknown = true } else { unknown = false }
            result.append(
                diagnostic(
                    Self.problem(problem.kind, program.dialect), span: problem.span, pointer: nil,
                    severity: unknown ? .warning : nil))
        }
        return result
    }

    // MARK: Messages

    static func problem(_ kind: TemplateSyntaxProblem.Kind, _ dialect: TemplateDialect) -> FindingText {
        FindingText(message(kind, dialect), help: help(kind))
    }

    static func message(_ kind: TemplateSyntaxProblem.Kind, _ dialect: TemplateDialect) -> String {
        let engine = "the \(dialect.displayName) engine refuses the template"
        switch kind {
        case .unclosedTag(let closer):
            return "this tag is never closed with \(MessageText.single(closer)): \(engine)"
        case .unclosedBlock(let name, let closer):
            return
                "\(name.isEmpty ? "this block" : "\(MessageText.single(name))") is never closed with \(MessageText.single(closer)): \(engine)"
        case .unexpectedClose(let tag, let open):
            if let open {
                return
                    "\(MessageText.single(tag)) closes a block that is not open: the innermost open block is '\(open.isEmpty ? "this" : open)'; \(engine)"
            }
            return "\(MessageText.single(tag)) closes no open block: \(engine)"
        case .misplaced(let tag, let open):
            if let open {
                return
                    "\(MessageText.single(tag)) does not belong here (inside \(MessageText.single(open)), after its else or in a block that has none): \(engine)"
            }
            return "\(MessageText.single(tag)) stands outside any block: \(engine)"
        case .unknownTag(let name):
            return
                "\(MessageText.single(name)) is no \(dialect.displayName) tag: the engine refuses it unless it registers a custom tag of that name"
        case .missingArgument(let tag):
            return "\(MessageText.single(tag)) needs an expression: \(engine)"
        case .braceBeforeTag(let tag):
            return
                "\(MessageText.single(tag)) reads as a triple-brace tag, not as a JSON '{' before a tag: \(engine); write a space after the JSON brace"
        case .tooDeep(let limit):
            return "blocks nest deeper than \(limit)"
        }
    }

    static func help(_ kind: TemplateSyntaxProblem.Kind) -> String? {

        switch kind {
        case .unclosedBlock(_, let closer): return "add \(MessageText.single(closer)) where the block ends"
        case .unexpectedClose: return "close the innermost block first, or delete the stray tag"
        case .unknownTag: return "check the spelling, or set the file's dialect with a `templates` entry of the config"
        default: return nil
        }
    }
}
