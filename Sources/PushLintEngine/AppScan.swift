import PushLintApp
import PushLintModel
import PushLintParallel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pushlint app scan [PATH...]` as a value: what to read, and where relative paths start.
public struct AppScanRequest: Sendable {
    /// Files and folders to read; empty reads the config's `app` folders, or the working directory.
    public var paths: [String]
    /// `--config`: nil finds the nearest `.pushlint.json`.
    public var configPath: String?
    public var workingDirectory: String
    public var jobs: Int
    /// `--contract`: the contract `--write-contract` updates; nil takes the config's, else `push-contract.json`
    /// beside the config (or in the working directory).
    public var contractPath: String?
    /// `--write-contract`: merge the facts into that contract (the outcome's `contractUpdate`).
    public var writeContract: Bool = false

    public init(
        paths: [String] = [], configPath: String? = nil, workingDirectory: String, jobs: Int = Engine.activeProcessors,
        contractPath: String? = nil
    ) {
        self.paths = paths
        self.configPath = configPath
        self.workingDirectory = workingDirectory
        self.jobs = jobs
        self.contractPath = contractPath
    }
}

/// What one `app scan` gives: the app's facts, and with `--write-contract` the contract update.
public struct AppScanOutcome: Sendable {
    public var facts: AppFacts
    public var contractUpdate: ContractUpdate?
}

/// What `--write-contract` would write: the merge of the app's facts into the contract, and where.
public struct ContractUpdate: Sendable {
    /// The contract as the command line shows it (relative to the working directory), and where it is written.
    public var path: String
    public var absolutePath: String
    public var merge: ContractWriter.Merge
    /// The config does not name this contract (or there is no config): `pushlint lint` would not read it until
    /// `"contract"` names it.
    public var isUnusedByConfig: Bool
}

/// Reads an app's sources for the facts a push contract needs: walks the app folders, skipping generated
/// and vendored code, reads each app file (in parallel) with `AppSourceScanner`, and joins them with
/// `AppFactsAssembler`. Nothing is built or run; a file that cannot be read is listed, never fatal.
public enum AppScan {
    /// Folders never walked for app sources, besides `Config.alwaysExcluded` (`.git`, `.build`, `.venv`,
    /// `node_modules`, `Pods`, `DerivedData`): build outputs and vendored code of Gradle, Xcode, Carthage, Dart and
    /// Expo.
    public static let skippedFolders = ["build", ".gradle", "Carthage", ".dart_tool", ".expo", ".idea"]

    /// What the walk uses: the app file names, minus generated and vendored folders.
    static let walkConfig: Config = {
        var config = Config.defaults
        config.include = (AppSourceKind.walkGlobs + AppResourceKind.walkGlobs).compactMap { try? Glob($0) }
        config.exclude = skippedFolders.compactMap { try? Glob($0) }
        return config
    }()

    /// The facts of the app files in `folders` (files or folders; relative ones start at `cwd`). Paths in the facts
    /// are relative to `cwd`, as findings print them. Throws for a path that does not exist.
    public static func scan(
        folders: [String], cwd: String, fileSystem: any FileSystem,
        jobs: Int = Engine.activeProcessors
    ) throws(Discovery.MissingPath) -> AppFacts {
        let cwd = PathText.normalize(cwd)
        let discovery = Discovery(config: walkConfig, baseDirectory: cwd, cwd: cwd, fileSystem: fileSystem)
        let targets = try discovery.targets(for: folders)
        let scans = parallelMap(targets.count, jobs: targets.count >= minimumItemsForThreads ? jobs : 1) {
            scan(targets[$0], fileSystem)
        }
        return AppFactsAssembler.assemble(scans.compactMap { $0 })
    }

    static func scan(_ target: LintTarget, _ fileSystem: any FileSystem) -> AppSourceScan? {
        if AppSourceKind(path: target.path.display) == nil, let kind = AppResourceKind(path: target.path.display) {
            // A sound or an icon is its name: its bytes are never read.
            if kind.isNameOnly { return AppResourceScanner.scan([], path: target.path.display, kind: kind) }
            return read(target, fileSystem, limit: kind.maximumFileBytes) {
                AppResourceScanner.scan($0, path: target.path.display, kind: kind)
            }
        }
        guard let kind = AppSourceKind(path: target.path.display) else {
            // An image or a sound outside the folders that make it a resource (an asset catalog's PNGs).
            if !target.isExplicit, AppResourceKind.hasResourceExtension(target.path.display) { return nil }
            if target.isExplicit {
                return .skipped(path: target.path.display, reason: "app scan does not read files of this name")
            }
            // The walk hands over a folder it could not list, or not even look at, as a target of its own.
            guard let info = fileSystem.info(target.path.absolute, followLinks: true) else {
                return .unreadable(path: target.path.display, reason: unreachableReason(target.path.absolute))
            }
            return info.kind == .directory
                ? .unreadable(path: target.path.display, reason: "the folder cannot be listed") : nil
        }
        return read(target, fileSystem) { AppSourceScanner.scan($0, path: target.path.display, kind: kind) }
    }

    /// Scans the target's bytes with `scan`; a file over the size limit is skipped and one that cannot be read is
    /// unreadable, each with the reason.
    static func read(
        _ target: LintTarget, _ fileSystem: any FileSystem, limit: Int = AppSourceScanner.maximumFileBytes,
        scan: ([UInt8]) -> AppSourceScan
    ) -> AppSourceScan {
        switch fileSystem.read(target.path.absolute, limit: limit) {
        case .bytes(let bytes):
            return scan(bytes)
        case .tooLarge(let size):
            return .skipped(
                path: target.path.display,
                reason: "it is larger than \(limit >> 20) MB (\(size) bytes)")
        case .failed(let reason):
            return .unreadable(path: target.path.display, reason: "cannot read it: \(reason)")
        }
    }

    /// Why a path the walk found cannot even be looked at: most often a path longer than the system takes.
    static func unreachableReason(_ path: String) -> String {
        let length = path.utf8.count
        return length >= Int(PATH_MAX)
            ? "its path is \(length) bytes, longer than the system takes (PATH_MAX, \(PATH_MAX) bytes): move it up"
            : "the folder cannot be looked at"
    }

    /// The contract update of `--write-contract`: the contract the request names (`--contract`), else the
    /// config's, else `push-contract.json` beside the config; read when it exists, merged with `facts`. Nothing is
    /// written here: the command line shows the diff and writes the file.
    static func contractUpdate(
        _ request: AppScanRequest, facts: AppFacts, project: Project, _ fileSystem: any FileSystem
    ) throws(LintSessionError) -> ContractUpdate {
        let cwd = PathText.normalize(request.workingDirectory)
        let (absolute, shown) = project.contractToWrite(named: request.contractPath, cwd: cwd)
        do {
            // No contract yet is no error: the merge makes one.
            let existing =
                fileSystem.info(absolute, followLinks: true) == nil
                ? nil : try Project.readConfigFile(absolute, shown: shown, what: "contract", fileSystem)
            let merge = try ContractWriter.merge(contract: existing, path: shown, facts: facts)
            return ContractUpdate(
                path: shown, absolutePath: absolute, merge: merge, isUnusedByConfig: project.contractFile != absolute)
        } catch {
            throw .configuration(error)
        }
    }

    /// The project a request runs in: its config (`--config`, else the nearest), which names the app folders and
    /// the contract.
    static func project(of request: AppScanRequest, _ fileSystem: any FileSystem) throws(LintSessionError) -> Project {
        do {
            return try Project.load(
                configPath: request.configPath, contractPath: nil, cwd: request.workingDirectory,
                paths: request.paths, fileSystem: fileSystem)
        } catch {
            throw .configuration(error)
        }
    }

    /// The app's facts of one `app scan` (`outcome` without the contract).
    public static func run(_ request: AppScanRequest, fileSystem: any FileSystem)
        throws(LintSessionError) -> AppFacts
    {
        try outcome(request, fileSystem: fileSystem).facts
    }

    /// One `app scan` run: loads the config once, picks the paths (the command line's, else the config's `app`
    /// folders, else the working directory), reads them, and with `writeContract` merges them into the contract.
    public static func outcome(_ request: AppScanRequest, fileSystem: any FileSystem)
        throws(LintSessionError) -> AppScanOutcome
    {
        let cwd = request.workingDirectory
        let project = try Self.project(of: request, fileSystem)
        var paths = request.paths
        if paths.isEmpty { paths = project.appFolders(cwd: cwd) }
        if paths.isEmpty { paths = ["."] }
        let facts: AppFacts
        do {
            facts = try scan(folders: paths, cwd: cwd, fileSystem: fileSystem, jobs: request.jobs)
        } catch {
            throw .missingPath(error.path)
        }
        let update =
            request.writeContract ? try contractUpdate(request, facts: facts, project: project, fileSystem) : nil
        return AppScanOutcome(facts: facts, contractUpdate: update)
    }
}
