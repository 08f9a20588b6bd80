import PushLintModel

enum AndroidRules {
    static let all: [any Rule] = [AndroidChannelExists(), AndroidChannelMissing()]
}
