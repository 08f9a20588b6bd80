/// A value given to a rule option in `.pushlint.json`.
public enum OptionValue: Sendable, Hashable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case strings([String])
}

/// The options of one rule as configured; rules read them through their `OptionKey`s.
public struct RuleOptions: Sendable {
    public var values: [String: OptionValue]
    public init(_ values: [String: OptionValue] = [:]) { self.values = values }
}

/// A value type a rule option can have, read from the config's `OptionValue`.
public protocol OptionType: Sendable {
    static var valueType: RuleOption.ValueType { get }
    /// The configured value, nil when it is absent or of another type (the config reader has reported that).
    init?(_ value: OptionValue)
    /// The value as `.pushlint.json` writes it, for the rule's documentation.
    var configText: String { get }
}

extension Int: OptionType {
    public static var valueType: RuleOption.ValueType { .integer }
    public init?(_ value: OptionValue) {
        guard case .number(let n) = value, let i = Int(exactly: n) else { return nil }
        self = i
    }
    public var configText: String { String(self) }
}

extension Double: OptionType {
    public static var valueType: RuleOption.ValueType { .number }
    public init?(_ value: OptionValue) {
        guard case .number(let n) = value else { return nil }
        self = n
    }
    public var configText: String { String(self) }
}

extension Bool: OptionType {
    public static var valueType: RuleOption.ValueType { .boolean }
    public init?(_ value: OptionValue) {
        guard case .bool(let b) = value else { return nil }
        self = b
    }
    public var configText: String { String(self) }
}

/// A rule option, declared once in its rule with its name, type, default and summary; the rule it belongs to is the
/// type that declares it, so the id is not repeated: `static let maxDepth = OptionKey("maxDepth", default: 3,
/// "...")` (`OptionKey` is `RuleOptionKey<Self, _>` inside a rule). The rule's description lists it
/// (`options: [maxDepth.declaration]`) and its check reads it as `context[Self.maxDepth]`, the configured value or
/// the default.
public struct RuleOptionKey<Owner: Rule, Value: OptionType>: Sendable {
    public let name: String
    public let defaultValue: Value
    public let summary: String
    public let range: ClosedRange<Double>?

    public init(
        _ name: String, default defaultValue: Value, _ summary: String, range: ClosedRange<Double>? = nil
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
        self.range = range
    }

    /// The id of the rule whose options hold the value.
    @inlinable
    public var ruleId: String { Owner.description.id }

    /// The option as the rule's documentation and the config reader see it.
    public var declaration: RuleOption {
        RuleOption(name, Value.valueType, default: defaultValue.configText, summary, range: range)
    }

    @inlinable
    public func value(in options: RuleOptions) -> Value {
        options.values[name].flatMap { Value($0) } ?? defaultValue
    }
}

extension Rule {
    /// An option of this rule (see `RuleOptionKey`).
    public typealias OptionKey<Value: OptionType> = RuleOptionKey<Self, Value>
}

// Inlinable: rules read options for every payload, and a generic call across modules is not specialized.
extension LintSettings {
    @inlinable
    public subscript<Owner, Value>(option: RuleOptionKey<Owner, Value>) -> Value {
        option.value(in: options(for: option.ruleId))
    }
}

extension PayloadContext {
    @inlinable
    public subscript<Owner, Value>(option: RuleOptionKey<Owner, Value>) -> Value { settings[option] }
}

extension ProjectContext {
    @inlinable
    public subscript<Owner, Value>(option: RuleOptionKey<Owner, Value>) -> Value { settings[option] }
}
