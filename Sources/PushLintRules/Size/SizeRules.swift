import PushLintModel

enum SizeRules {
    static let all: [any Rule] = [PayloadSize(), PayloadSizeHeadroom()]
}
