import PushLintModel

enum ContractRules {
    static let all: [any Rule] = []
}
