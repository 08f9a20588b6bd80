import PushLintModel

enum ContentRules {
    static let all: [any Rule] = [
        PayloadDataNotLink(), PayloadSensitiveData(), PayloadLink(), PayloadTargetPlaceholder(),
    ]
}
