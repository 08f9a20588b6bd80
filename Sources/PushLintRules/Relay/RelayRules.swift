import PushLintModel

enum RelayRules {
    static let all: [any Rule] = [
        PubNubGCMDeprecated(),
        PubNubPushConfig(),
        BeamsTarget(),
        BeamsWebFormat(),
    ]
}
