import PushLintModel

enum ContractRules {
    static let all: [any Rule] = [
        ContractEventUnknown(), ContractRequiredField(), ContractUnknownField(), ContractFieldValue(),
        ContractCategoryExists(), ContractAPNsTopic(), ContractPlatformParity(),
    ]
}
