import PushLintModel

enum APNsRules {
    static let all: [any Rule] = []
}
