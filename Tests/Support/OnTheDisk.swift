import PushLintEngine
import PushLintModel
import PushLintRules

// The engine's entry points on the disk, for tests that lint the files of a `TempDirectory`: the library takes its
// file system as a parameter (the executable makes the real one, `Sources/pushlint/main.swift`); these give it
// `LocalFileSystem()`. A test of a file system in memory or of failures passes its own.

extension Engine {
    public init(project: Project, options: LintOptions = LintOptions(), rules: [any Rule] = RuleRegistry.all) {
        self.init(project: project, options: options, fileSystem: LocalFileSystem(), rules: rules)
    }
}

extension Project {
    public static func load(
        configPath: String?, contractPath: String?, cwd: String, paths: [String] = [],
        rules: [RuleDescription] = RuleRegistry.descriptions
    ) throws(ConfigurationError) -> Project {
        try load(
            configPath: configPath, contractPath: contractPath, cwd: cwd, paths: paths, fileSystem: LocalFileSystem(),
            rules: rules)
    }
}

extension Discovery {
    public init(config: Config, baseDirectory: String, cwd: String) {
        self.init(config: config, baseDirectory: baseDirectory, cwd: cwd, fileSystem: LocalFileSystem())
    }
}

extension Initializer {
    public init(directory: String) { self.init(directory: directory, fileSystem: LocalFileSystem()) }
}

extension LintSession {
    public static func run(_ request: LintRequest) throws(LintSessionError) -> LintOutcome {
        try run(request, fileSystem: LocalFileSystem())
    }
}

extension AppScan {
    public static func scan(folders: [String], cwd: String, jobs: Int = Engine.activeProcessors)
        throws(Discovery.MissingPath) -> AppFacts
    {
        try scan(folders: folders, cwd: cwd, fileSystem: LocalFileSystem(), jobs: jobs)
    }

    public static func run(_ request: AppScanRequest) throws(LintSessionError) -> AppFacts {
        try run(request, fileSystem: LocalFileSystem())
    }

    public static func outcome(_ request: AppScanRequest) throws(LintSessionError) -> AppScanOutcome {
        try outcome(request, fileSystem: LocalFileSystem())
    }
}
