import PushLintModel

enum ContentRules {
    static let all: [any Rule] = []
}
