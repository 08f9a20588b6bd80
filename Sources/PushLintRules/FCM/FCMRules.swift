import PushLintModel

enum FCMRules {
    static let all: [any Rule] = [
        FCMUnknownField(),
        FCMFieldValue(),
    ]
}
