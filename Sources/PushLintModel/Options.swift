/// A value given to a rule option in `.pushlint.json`.
public enum OptionValue: Sendable, Hashable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case strings([String])
}

/// The options of one rule as configured, with typed access that falls back to the documented default.
public struct RuleOptions: Sendable {
    public var values: [String: OptionValue]
    public init(_ values: [String: OptionValue] = [:]) { self.values = values }

    public func number(_ name: String, default value: Double) -> Double {
        if case .number(let n)? = values[name] { return n }
        return value
    }
    public func integer(_ name: String, default value: Int) -> Int {
        if case .number(let n)? = values[name], let i = Int(exactly: n) { return i }
        return value
    }
    public func bool(_ name: String, default value: Bool) -> Bool {
        if case .bool(let b)? = values[name] { return b }
        return value
    }
    public func string(_ name: String, default value: String) -> String {
        if case .string(let s)? = values[name] { return s }
        return value
    }
    public func strings(_ name: String, default value: [String]) -> [String] {
        if case .strings(let s)? = values[name] { return s }
        return value
    }
}
