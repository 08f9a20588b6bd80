import PushLintJSON
import PushLintModel

/// `template-render-invalid`: some branch of the template renders something that is not JSON.
struct TemplateRenderInvalid: FileRule {
    static let description = RuleDescription(
        id: "template-render-invalid",
        summary: "A branch of the template renders a payload that is not valid JSON.",
        family: .template,
        defaultSeverity: .error,
        rationale: """
            A template with conditions and loops is many payloads. The most common template bug is a comma inside \
            or outside a conditional block: when the condition is false (or a loop has one item, or none) the \
            rendered payload has a trailing comma, or two members with no comma between them, and APNs answers \
            400 and FCM INVALID_ARGUMENT for a body that is not JSON (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode); the send fails only for the \
            users in that branch. pushlint renders every branch of every condition and loops with 0, 1 and 2 \
            items (up to 256 renderings, then a pairwise selection: see `template-branch-limit`), parses each \
            rendering and reports each place once, at its place in the template, with the branch that breaks it \
            ("when `badge` is unset"). Placeholders stand in the rendering as they are written, so `{{count}}` in \
            value position is a value of unknown type, as in a `.json.tmpl` file. A placeholder with a filter that writes \
            JSON (`| json`, `| tojson`, `| dump`, `| jsonify`) inside a string is reported too: a string value \
            renders with its own quotes (`"{{ title | tojson }}"` becomes `""Hi""`); in value position it renders \
            a JSON value.
            """,
        triggering: [
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi\", \"sound\": \"default\"↓, {{#if badge}}\"badge\": {{badge}}{{/if}}}}",
                fileName: "order.json.hbs", note: "When `badge` is unset, a trailing comma follows `sound`."),
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi\"{% if badge %}, \"badge\": {{ badge }}{% endif %}}, \"ids\": [{% for id in ids %}\"{{ id }}\"↓,{% endfor %}]}",
                fileName: "order.json.j2", note: "The loop leaves a comma after its last item."),
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi\" {{if .Badge}}↓\"badge\": {{.Badge}}{{end}}}}",
                fileName: "order.json.gotmpl",
                note: "When `.Badge` is set, no comma separates it from `alert`."),
            RuleExample(
                "{\"aps\": {\"alert\": {\"title\": ↓\"{{ title | tojson }}\"}{% if badge %}, \"badge\": {{ badge }}{% endif %}}}",
                fileName: "order.json.j2", note: "`tojson` writes a string with its quotes, inside the string's quotes."
            ),
        ],
        nonTriggering: [
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi\"{{#if badge}}, \"badge\": {{badge}}{{/if}}}}", fileName: "order.json.hbs",
                note: "The comma is inside the block."),
            RuleExample(
                "{\"ids\": [{% for id in ids %}\"{{ id }}\"{% if not loop.last %},{% endif %}{% endfor %}], \"aps\": {\"alert\": \"Hi\"}}",
                fileName: "order.json.j2", note: "`loop.last` follows the loop: the last item has no comma."),
            RuleExample(
                "{\"aps\": {\"alert\": {\"title\": {{ title | tojson }}}{% if badge %}, \"badge\": {{ badge }}{% endif %}}}",
                fileName: "order.json.j2", note: "In value position, `tojson` renders a JSON string."),
            RuleExample(
                "{\"ids\": [{{#each ids}}\"{{this}}\"{{#unless @last}},{{/unless}}{{/each}}], \"aps\": {\"alert\": \"Hi\"}}",
                fileName: "order.json.hbs"),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let template = file.template else { return [] }
        return template.invalid.map { invalid in
            diagnostic(Self.invalid(invalid), span: invalid.span, pointer: nil)
        }
    }

    // MARK: Messages

    static func invalid(_ invalid: TemplateAnalysis.InvalidRendering) -> FindingText {
        FindingText(message(invalid), help: help(invalid.problem))
    }

    static func message(_ invalid: TemplateAnalysis.InvalidRendering) -> String {
        let when = TemplateCondition.phrase(invalid.condition)
        let prefix = when.isEmpty ? "in every rendering" : when
        switch invalid.problem {
        case .trailingComma(let after, let array):
            let what =
                after.map { "a trailing comma follows `\($0)`" }
                ?? array.map { "a trailing comma follows the last item of " + ($0.isEmpty ? "an array" : "`\($0)`") }
                ?? "a trailing comma is left before a closing bracket"
            return "\(prefix), \(what): the rendered payload is not JSON and APNs and FCM refuse it"
        case .syntax(let parser):
            return "\(prefix), the rendered payload is not JSON (\(parser)): APNs and FCM refuse it"
        case .jsonInString(let expression):
            return
                "\(prefix), `{{ \(expression) }}` writes its value as JSON inside a string: a string value brings its own quotes and the rendered payload is not JSON; APNs and FCM refuse it"
        }
    }

    static func help(_ problem: TemplateAnalysis.InvalidRendering.Problem) -> String {

        switch problem {
        case .trailingComma: return "put the comma inside the conditional block, before the member it separates"
        case .syntax: return "check the commas at the edges of the conditional blocks around this place"
        case .jsonInString:
            return "drop the quotes around the placeholder (`\"title\": {{ title | tojson }}`), or drop the JSON filter"
        }
    }
}
