// PushLintKit: lint a payload in memory from a Swift program (a server validating before it sends).
//
//     let linter = try PushLint(configuration: .init(contractJSON: contractText))
//     let findings = linter.lint(data: body, kind: .apns)
//     if findings.contains(where: { $0.severity == .error }) { ... }
@_exported import PushLintEngine
@_exported import PushLintModel

public struct PushLint: Sendable {
    public struct Configuration: Sendable {
        public var config: Config
        public var contract: Contract?
        /// Rule levels that replace the config's (`["payload-size-headroom": .off]`).
        public var ruleLevels: [String: RuleLevel]
        public var maxBytes: Int

        public init(
            config: Config = .defaults, contract: Contract? = nil, ruleLevels: [String: RuleLevel] = [:],
            maxBytes: Int = 8 << 20
        ) {
            self.config = config
            self.contract = contract
            self.ruleLevels = ruleLevels
            self.maxBytes = maxBytes
        }

        /// A configuration from the text of `.pushlint.json` and of a contract (JSONC).
        public init(configJSON: String?, contractJSON: String? = nil, ruleLevels: [String: RuleLevel] = [:])
            throws(ConfigurationError)
        {
            let config =
                try configJSON.map { text throws(ConfigurationError) in
                    try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: PushLint.ruleDescriptions)
                } ?? .defaults
            let contract = try contractJSON.map { text throws(ConfigurationError) in
                try Contract.read(path: "contract", bytes: Array(text.utf8))
            }
            self.init(config: config, contract: contract, ruleLevels: ruleLevels)
        }
    }

    public let configuration: Configuration
    let engine: Engine

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        engine = Engine(
            project: Project(config: configuration.config, contract: configuration.contract, baseDirectory: "/"),
            options: LintOptions(ruleLevels: configuration.ruleLevels, jobs: 1, maxFileBytes: configuration.maxBytes),
            // The library's entry point, as the executable is the command line's: the real file system is made here.
            fileSystem: LocalFileSystem())
    }

    /// Every built-in rule.
    public static var ruleDescriptions: [RuleDescription] { Engine.builtInRules.map(\.description) }

    /// Lints one payload (or a batch array). `fileName` decides template mode (`.json.tmpl`) and matches the
    /// config's globs; `kind` forces the payload kind instead of detecting it.
    public func lint(data: some Sequence<UInt8>, kind: PayloadKind? = nil, fileName: String = "payload.json")
        -> [Diagnostic]
    {
        var engine = self.engine
        if let kind { engine.options.kind = kind }
        return engine.lint(bytes: Array(data), path: fileName).allDiagnostics
    }

    public func lint(json: String, kind: PayloadKind? = nil, fileName: String = "payload.json") -> [Diagnostic] {
        lint(data: Array(json.utf8), kind: kind, fileName: fileName)
    }
}
