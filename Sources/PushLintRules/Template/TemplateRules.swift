import PushLintModel

enum TemplateRules {
    static let all: [any Rule] = [
        TemplateWorstCaseSize(), TemplateUnboundedVariable(), TemplateSyntax(), TemplateRenderInvalid(),
        TemplateBranchLimit(),
    ]
}
