import PushLintModel

enum ExpoRules {
    static let all: [any Rule] = [
        ExpoUnknownField(),
        ExpoFieldValue(),
    ]
}
