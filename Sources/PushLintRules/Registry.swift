import PushLintModel

/// Every built-in rule, in catalog order. Each family lists its own rules in `<Family>/<Family>Rules.swift`;
/// a test checks this list against the rule files and the docs.
public enum RuleRegistry {
    public static let all: [any Rule] =
        JSONRules.all + SizeRules.all + APNsRules.all + FCMRules.all + ExpoRules.all + WebPushRules.all
        + AndroidRules.all
        + PriorityRules.all + ContentRules.all + ContractRules.all + AppRules.all + TemplateRules.all
        + SNSRules.all + RelayRules.all

    public static var descriptions: [RuleDescription] { all.map(\.description) }

    public static func rule(_ id: String) -> (any Rule)? { all.first { $0.description.id == id } }
}

extension PayloadJSONSchema {
    /// The schema `pushlint schema NAME` writes, with the config's rule ids and options from this registry.
    public static func render(_ name: String) -> String? { render(name, rules: RuleRegistry.descriptions) }
}
