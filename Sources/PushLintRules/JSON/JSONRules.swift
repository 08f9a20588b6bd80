import PushLintModel

enum JSONRules {
    static let all: [any Rule] = [
        JSONSyntax(), JSONEncoding(), JSONDuplicateKey(), JSONBOM(), JSONLimit(), JSONNumberPrecision(), IOError(),
        PayloadKindUnknown(),
    ]
}
