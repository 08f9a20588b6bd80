import PushLintModel

enum TemplateRules {
    static let all: [any Rule] = [TemplateWorstCaseSize(), TemplateUnboundedVariable()]
}
