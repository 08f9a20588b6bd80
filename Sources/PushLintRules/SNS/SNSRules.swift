import PushLintModel

enum SNSRules {
    static let all: [any Rule] = [
        SNSValueNotString(),
        SNSUnknownKey(),
        SNSInnerJSON(),
        SNSDefaultMissing(),
        SNSAttributeTTL(),
    ]
}
