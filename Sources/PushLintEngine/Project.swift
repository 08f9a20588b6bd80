import PushLintModel
import PushLintRules

/// The loaded configuration of a run: `.pushlint.json`, the contract, and where globs are relative to.
public struct Project: Sendable {
    public var config: Config
    public var contract: Contract?
    /// Absolute folder of `.pushlint.json` (the working directory when there is none).
    public var baseDirectory: String
    public var settings: LintSettings
    /// Absolute paths of the files read.
    public var configFile: String?
    public var contractFile: String?

    public init(config: Config = .defaults, contract: Contract? = nil, baseDirectory: String) {
        self.config = config
        self.contract = contract
        self.baseDirectory = baseDirectory
        self.settings = LintSettings(
            ruleOptions: config.options, contract: contract, placeholders: config.placeholders, vapid: config.vapid)
    }

    public static let configFileName = PushLintFile.config.fileName!

    /// Loads the config named by `--config`, or the nearest `.pushlint.json` walking up from `cwd`, and the
    /// contract it names (or `--contract`, relative to `cwd`).
    ///
    /// When no config is found above `cwd`, the folders of `paths` are searched the same way, so
    /// `pushlint lint some/project` uses `some/project/.pushlint.json`.
    public static func load(
        configPath: String?, contractPath: String?, cwd: String, paths: [String] = [],
        fileSystem: any FileSystem,
        rules: [RuleDescription] = RuleRegistry.descriptions
    ) throws(ConfigurationError) -> Project {
        var config = Config.defaults
        var base = PathText.normalize(cwd)
        var path: String?
        if let configPath {
            path = PathText.absolute(configPath, cwd: cwd)
        } else {
            let starts = [PathText.normalize(cwd)] + paths.map { PathText.absolute($0, cwd: cwd) }
            for start in starts {
                path = findUpwards(from: start, fileSystem)
                if path != nil { break }
            }
        }
        if let path {
            let shown = PathText.relative(path, to: PathText.normalize(cwd))
            let bytes = try readConfigFile(path, shown: shown, what: "configuration", fileSystem)
            config = try Config.read(path: shown, bytes: bytes, rules: rules)
            base = PathText.parent(path)
        }
        var contract: Contract?
        let contractFile: String? =
            contractPath.map { PathText.absolute($0, cwd: cwd) }
            ?? config.contract.map { PathText.absolute($0, cwd: base) }
        if let contractFile {
            let shown = PathText.relative(contractFile, to: PathText.normalize(cwd))
            let bytes = try readConfigFile(contractFile, shown: shown, what: "contract", fileSystem)
            contract = try Contract.read(path: shown, bytes: bytes)
        }
        var project = Project(config: config, contract: contract, baseDirectory: base)
        project.configFile = path
        project.contractFile = contractFile
        return project
    }

    static func findUpwards(from start: String, _ fileSystem: any FileSystem) -> String? {
        var folder = start
        if let info = fileSystem.info(folder, followLinks: true), info.kind != .directory {
            folder = PathText.parent(folder)
        }
        while true {
            let candidate = PathText.join(folder, configFileName)
            if let info = fileSystem.info(candidate, followLinks: true), info.kind == .file { return candidate }
            let up = PathText.parent(folder)
            if up == folder { return nil }
            folder = up
        }
    }

    /// The config and contract files themselves are never linted as payloads.
    public var ownFiles: Set<String> {
        var files: Set<String> = []
        if let configFile { files.insert(configFile) }
        if let contractFile { files.insert(contractFile) }
        return files
    }

    static func readConfigFile(_ path: String, shown: String, what: String, _ fs: any FileSystem)
        throws(ConfigurationError) -> [UInt8]
    {
        switch fs.read(path, limit: 64 << 20) {
        case .bytes(let bytes): return bytes
        case .tooLarge(let size):
            throw ConfigurationError(
                path: shown, position: nil, message: "the \(what) file is \(size) bytes, more than 64 MiB")
        case .failed(let reason):
            throw ConfigurationError(path: shown, position: nil, message: "cannot read the \(what) file: \(reason)")
        }
    }
}

extension Project {
    /// The project with its app's facts read, for the app-* rules: from `folders` (`--app`), else the config's
    /// `app` folders; the project as it is when there are none. Read once, before any payload, so that every rule
    /// checks against the same facts.
    public func readingApp(
        folders: [String] = [], cwd: String, fileSystem: any FileSystem, jobs: Int
    ) throws(Discovery.MissingPath) -> Project {
        let folders = folders.isEmpty ? appFolders(cwd: cwd) : folders
        guard !folders.isEmpty else { return self }
        return reading(app: try AppScan.scan(folders: folders, cwd: cwd, fileSystem: fileSystem, jobs: jobs))
    }

    /// The project with the app's facts in its settings, for the app-* rules.
    public func reading(app facts: AppFacts) -> Project {
        var project = self
        project.settings = settings.with(app: facts)
        return project
    }

    /// The contract `app scan --write-contract` updates, absolute and as shown (from the working directory):
    /// `named` (`--contract`, from the working directory), else the config's, else `push-contract.json` beside the
    /// config.
    public func contractToWrite(named: String?, cwd: String) -> (absolute: String, shown: String) {
        let absolute =
            named.map { PathText.absolute($0, cwd: cwd) } ?? contractFile
            ?? PathText.absolute(Initializer.contractFileName, cwd: baseDirectory)
        return (absolute, PathText.relative(absolute, to: PathText.normalize(cwd)))
    }

    /// The config's `app` folders as paths from the working directory (the config writes them relative to its own
    /// folder): what `app scan` and the app-* rules read when no path is named, shown as a missing path would be.
    public func appFolders(cwd: String) -> [String] {
        (config.app ?? []).map {
            PathText.relative(PathText.absolute($0, cwd: baseDirectory), to: PathText.normalize(cwd))
        }
    }
}
