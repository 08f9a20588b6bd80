import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `template-unbounded-variable`: a placeholder without a declared maximum.
struct TemplateUnboundedVariable: PayloadRule {
    static let description = RuleDescription(
        id: "template-unbounded-variable",
        summary:
            "A template placeholder's variable has no declared maximum, so the template's worst-case size is unknown.",
        family: .template,
        defaultSeverity: .info,
        rationale: """
            `template-worst-case-size` can only prove that a template fits the 4 KB limits (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode, \
            https://docs.expo.dev/push-notifications/sending-notifications/) when every variable has a maximum: `maxBytes` or `maxLength` under `variables` in the \
            contract. A variable without one may render to any length, and a long user name or translated text \
            then fails at send time. The rule reports each such variable once per payload, at its first use, \
            when a contract is loaded. A bounding filter declares a maximum as well: `{{ body | truncate: 120 }}` \
            (Liquid), `{{ body | truncate(120) }}` (Jinja, Nunjucks: up to 125 characters, its leeway), \
            `{{ body|truncatechars:120 }}` (Django). Section and comment tags (`{{#if x}}`, `{{/if}}`, `{{! note }}`) are not \
            variables. It is `info` by default; make it `error` for template folders to require a maximum for \
            every variable.
            """,
        triggering: [
            RuleExample(
                "{\"aps\": {\"alert\": {\"title\": \"Hi {{name}}\", \"body\": \"↓{{review}}\"}}}",
                fileName: "review.json.tmpl",
                contract: #"{"variables": {"name": {"maxBytes": 120}}}"#),
            RuleExample(
                "{\"aps\": {\"alert\": \"New messages\", \"badge\": ↓{{unread}}}}", fileName: "badge.json.tmpl",
                contract: #"{"variables": {"name": {"maxBytes": 120}}}"#, note: "A placeholder in value position."),
        ],
        nonTriggering: [
            RuleExample(
                "{\"aps\": {\"alert\": {\"title\": \"Hi {{name}}\", \"body\": \"{{#if vip}}VIP{{/if}}\"}}}",
                fileName: "hi.json.tmpl",
                contract: #"{"variables": {"name": {"maxBytes": 120}, "vip": {"maxLength": 5}}}"#),
            RuleExample(
                "{\"aps\": {\"alert\": {\"title\": \"Hi {{ name }}\", \"body\": \"{{ review | truncate: 120 }}\"}}}",
                fileName: "review.json.liquid",
                contract: #"{"variables": {"name": {"maxBytes": 120}}}"#, note: "`truncate: 120` bounds the review."),
            RuleExample(
                "{\"aps\": {\"alert\": \"Hi {{name}}\"}}", fileName: "hi.json",
                contract: #"{"variables": {"title": {"maxLength": 60}}}"#,
                note: "Not a template: `{{name}}` is literal text."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.isTemplate, let contract = context.contract else { return [] }
        var reported: Set<String> = []
        var result: [Diagnostic] = []
        let uses = TemplateVariables.uses(in: context.payload.node, context)
        for use in uses where use.rendersValue {
            let name = use.placeholder.variable
            guard contract.variables[name] == nil, use.placeholder.declaredMaximumLength == nil,
                reported.insert(name).inserted
            else { continue }
            let count = uses.filter { $0.placeholder.variable == name }.count
            result.append(
                diagnostic(
                    Self.unbounded(name, uses: count, declared: contract.variables.keys.sorted()),
                    span: use.span, pointer: context.document.pointer(of: use.node)))
        }
        return result
    }

    // MARK: Messages

    static func unbounded(_ name: String, uses count: Int, declared: [String]) -> FindingText {
        let times = count > 1 ? " (used \(count) times)" : ""
        return FindingText(
            "variable \(MessageText.single(name))\(times) has no maximum under 'variables' in the contract, so the worst-case size of this template is unknown."
                + Suggest.didYouMean(name, in: declared),
            help:
                "declare \(MessageText.json(name)): {\"maxLength\": N} (characters) or {\"maxBytes\": N} under 'variables'"
        )
    }

}
