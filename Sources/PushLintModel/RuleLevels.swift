/// The one place a rule's level is decided (DESIGN.md §4): the rule's own severity, then the config's `rules`, then
/// each matching `overrides` entry in order, then `--rule` on the command line. Made once per run; the engine asks
/// it which rules to run for a file and with which severity their findings are reported.
public struct RuleLevels: Sendable {
    let config: Config
    let commandLine: [String: RuleLevel]

    public init(config: Config, commandLine: [String: RuleLevel] = [:]) {
        self.config = config
        self.commandLine = commandLine
    }

    /// Whether any override may change a rule's level for some files; without overrides a level is the same for
    /// every file, and the engine decides once which rules run.
    public var dependsOnPath: Bool { !config.overrides.isEmpty }

    /// The level set for a rule at a path (config-relative), or nil when nothing sets one and the rule's own
    /// severities stand (a rule may report some findings below its default).
    public func explicitLevel(of id: String, for path: String?) -> RuleLevel? {
        if let level = commandLine[id] { return level }
        var level = config.rules[id]
        if let path {
            for override in config.overrides where override.files.contains(where: { $0.matches(path) }) {
                if let set = override.rules[id] { level = set }
            }
        }
        return level
    }

    /// The level of a rule at a path, its default severity when nothing sets one.
    public func level(of rule: RuleDescription, for path: String?) -> RuleLevel {
        explicitLevel(of: rule.id, for: path) ?? .on(rule.defaultSeverity)
    }

    /// Whether the rule runs for a file at this path.
    public func isOn(_ id: String, for path: String?) -> Bool {
        if case .off? = explicitLevel(of: id, for: path) { return false }
        return true
    }

    /// Whether the rule runs for some file: not off in the config (or on the command line) unless an override
    /// may turn it on again.
    public func isOnSomewhere(_ id: String) -> Bool {
        if let level = commandLine[id] { return level != .off }
        if case .off? = config.rules[id] {
            return config.overrides.contains { $0.rules[id].map { $0 != .off } ?? false }
        }
        return true
    }

    /// The severity a finding is reported with, or nil when its rule is off at that path: a level that is set
    /// replaces the severity the rule chose.
    public func severity(of id: String, emitted: Severity, path: String?) -> Severity? {
        switch explicitLevel(of: id, for: path) {
        case .off?: return nil
        case .on(let severity)?: return severity
        case nil: return emitted
        }
    }
}
