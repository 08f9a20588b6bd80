import PushLintModel

enum FCMRules {
    static let all: [any Rule] = [
        FCMLegacyFormat(),
        FCMUnknownField(),
        FCMFieldValue(),
        FCMTarget(),
        FCMDataStringValues(),
        FCMDataReservedKey(),
        FCMCollapseKeyLimit(),
    ]
}
