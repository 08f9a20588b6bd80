import PushLintModel
import PushLintRules

/// One `pushlint lint` run as a value: what to lint and how, everything the command line decided.
public struct LintRequest: Sendable {
    /// What to do with the fixes the rules offer.
    public enum FixMode: Sendable, Equatable {
        /// Lint only.
        case none
        /// Apply the fixes and write the files (`--fix`).
        case apply
        /// Compute the fixed text without writing it (`--fix-dry-run`).
        case dryRun
    }

    public var paths: [String]
    /// `--config`, `--contract`: nil finds the nearest `.pushlint.json` and its contract.
    public var configPath: String?
    public var contractPath: String?
    /// The folder relative paths are read from.
    public var workingDirectory: String
    /// A payload read from standard input, with the name it is linted under (`--stdin`).
    public var standardInput: (bytes: [UInt8], name: String)?
    /// JSON Lines read from standard input as a stream, with the name it is linted under (`--stdin --stdin-format
    /// jsonl`): the command line does not read it, the engine does, in chunks, through `read`.
    public var standardInputLines: (name: String, read: ChunkReader)?
    public var options: LintOptions
    public var fix: FixMode
    public var unsafeFixes: Bool
    /// `--baseline FILE`, `--strict-baseline`, `--write-baseline FILE`.
    public var baseline: String?
    public var strictBaseline: Bool
    public var writeBaseline: String?
    /// `--quiet`: only errors.
    public var onlyErrors: Bool
    /// `--app PATH`: the app folders the app-* rules read, instead of the config's `app`.
    public var appPaths: [String] = []
    /// `--force-exclude`: a file named in `paths` that the config's `exclude` matches is skipped, as when walked.
    public var forceExclude = false

    public init(
        paths: [String], configPath: String? = nil, contractPath: String? = nil, workingDirectory: String,
        standardInput: (bytes: [UInt8], name: String)? = nil, options: LintOptions = LintOptions(),
        fix: FixMode = .none,
        unsafeFixes: Bool = false, baseline: String? = nil, strictBaseline: Bool = false, writeBaseline: String? = nil,
        onlyErrors: Bool = false
    ) {
        self.paths = paths
        self.configPath = configPath
        self.contractPath = contractPath
        self.workingDirectory = workingDirectory
        self.standardInput = standardInput
        self.options = options
        self.fix = fix
        self.unsafeFixes = unsafeFixes
        self.baseline = baseline
        self.strictBaseline = strictBaseline
        self.writeBaseline = writeBaseline
        self.onlyErrors = onlyErrors
    }
}

/// What a run produced: the report to render, and what was fixed or recorded on the way.
public struct LintOutcome: Sendable {
    public var report: LintReport
    /// With `--fix` or `--fix-dry-run`: every file the fixer looked at.
    public var fixes: FixRun?
    /// With `--write-baseline`: the baseline to write, recorded from the report.
    public var recordedBaseline: Baseline?
    /// With `--timing`: the time of each rule in the run.
    public var timing: RuleTiming?
    /// What each JSON Lines stream of the run found, rule by rule.
    public var streams: [StreamSummary] = []
    /// What the run did not find, for standard error: a named folder or an `include` glob that matched no file, a
    /// run that found no payload (so that `✔ 0 files checked` is never mistaken for a clean project).
    public var notes: [String] = []
}

/// Why a run could not start or finish: each is a usage or configuration error (exit 2) with a message and a hint.
public enum LintSessionError: Error, Sendable {
    case configuration(ConfigurationError)
    case missingPath(String)
    case baseline(path: String, reason: String, hint: String?)
}

/// The engine's one entry point for a lint run: loads the config and contract, discovers the files, lints (or
/// fixes) them, and applies the baseline and `--quiet`. The command line parses, calls this, renders and writes.
public enum LintSession {
    public static func run(
        _ request: LintRequest, fileSystem: any FileSystem
    ) throws(LintSessionError) -> LintOutcome {
        let cwd = request.workingDirectory
        let project = try load(request, fileSystem: fileSystem)
        let baseline = try request.baseline.map { (file) throws(LintSessionError) in
            try loadBaseline(file, cwd: cwd, fileSystem)
        }
        let engine = Engine(project: project, options: request.options, fileSystem: fileSystem)
        var discovery = Discovery(
            config: project.config, baseDirectory: project.baseDirectory, cwd: cwd, fileSystem: fileSystem)
        discovery.ignoredFiles = project.ownFiles
        discovery.forceExclude = request.forceExclude
        discovery.tally = DiscoveryTally(includeCount: project.config.include.count)
        if request.standardInput == nil && request.standardInputLines == nil {
            try checkPushLintFiles(request.paths, project: project, cwd: cwd, fileSystem)
        }
        var outcome = try lint(request, engine: engine, discovery: discovery)
        outcome.timing = engine.timing
        outcome.streams = engine.streamSummaries
        if request.standardInput == nil && request.standardInputLines == nil, let tally = discovery.tally {
            outcome.notes = notes(tally, project: project, report: outcome.report)
        }
        if let file = request.writeBaseline {
            outcome.recordedBaseline = Baseline.record(
                outcome.report, paths: Baseline.PathMapper(baselineFile: PathText.absolute(file, cwd: cwd), fileSystem))
            return outcome
        }
        if let baseline, let file = request.baseline {
            outcome.report = baseline.apply(
                to: outcome.report,
                paths: Baseline.PathMapper(baselineFile: PathText.absolute(file, cwd: cwd), fileSystem),
                strict: request.strictBaseline)
        }
        if request.onlyErrors { outcome.report = outcome.report.onlyErrors() }
        return outcome
    }

    /// The run's config and contract, and the app's facts when the run names app folders.
    static func load(_ request: LintRequest, fileSystem: any FileSystem) throws(LintSessionError) -> Project {
        let cwd = request.workingDirectory
        let project: Project
        do {
            project = try Project.load(
                configPath: request.configPath, contractPath: request.contractPath, cwd: cwd, paths: request.paths,
                fileSystem: fileSystem)
        } catch {
            throw .configuration(error)
        }
        do throws(Discovery.MissingPath) {
            return try project.readingApp(
                folders: request.appPaths, cwd: cwd, fileSystem: fileSystem, jobs: request.options.jobs)
        } catch {
            throw .missingPath(error.path)
        }
    }

    /// Lints (or fixes) what the request names: standard input, or the files found under its paths.
    static func lint(_ request: LintRequest, engine: Engine, discovery: Discovery) throws(LintSessionError)
        -> LintOutcome
    {
        do throws(Discovery.MissingPath) {
            if let stream = request.standardInputLines {
                return LintOutcome(
                    report: engine.lint(jsonLines: stream.read, at: discovery.standardInput(named: stream.name)))
            } else if let input = request.standardInput {
                return LintOutcome(
                    report: engine.lint(bytes: input.bytes, at: discovery.standardInput(named: input.name)))
            } else if request.fix != .none {
                let targets = try discovery.targets(for: request.paths)
                let run = engine.fix(
                    targets, options: FixOptions(includeUnsafe: request.unsafeFixes, write: request.fix == .apply))
                return LintOutcome(report: run.report, fixes: run)
            }
            // Linting starts while the walk goes on.
            return LintOutcome(report: try engine.lint(paths: request.paths, discovery: discovery))
        } catch {
            throw .missingPath(error.path)
        }
    }

    /// pushlint's own files named on the command line (a pre-commit hook names `.pushlint.json`, the contract and
    /// the baseline when they change): each is read by its own reader, and a problem is a configuration error, as
    /// for the run's own config; the engine never lints them as payloads. The run's config and contract were read
    /// when loaded.
    static func checkPushLintFiles(_ paths: [String], project: Project, cwd: String, _ fileSystem: any FileSystem)
        throws(LintSessionError)
    {
        for path in paths {
            let absolute = PathText.absolute(path, cwd: cwd)
            guard !project.ownFiles.contains(absolute), let info = fileSystem.info(absolute, followLinks: true),
                info.kind == .file, case .bytes(let bytes) = fileSystem.read(absolute, limit: 1 << 20)
            else { continue }
            let name = absolute.split(separator: "/").last.map(String.init) ?? absolute
            // Parsed only when a name or a key of pushlint's files is there: a hook names many payloads.
            let hints = ["\"$schema\"", "\"tool\"", "\"events\""].map { Array($0.utf8) }
            guard
                PushLintFile.recognise(name: name, document: nil) != nil
                    || bytes.withUnsafeBufferPointer({ buffer in
                        hints.contains { ASCIIText.firstIndex(of: $0, in: buffer) != nil }
                    }),
                let file = PushLintFile.recognise(name: name, document: Discovery.lenientDocument(bytes))
            else { continue }
            do {
                switch file {
                case .config: _ = try Config.read(path: path, bytes: bytes, rules: RuleRegistry.descriptions)
                case .contract: _ = try Contract.read(path: path, bytes: bytes)
                case .baseline: _ = try Baseline.read(path: path, bytes: bytes)
                }
            } catch {
                throw .configuration(error)
            }
        }
    }

    /// What the walk did not find (`LintOutcome.notes`).
    static func notes(_ tally: DiscoveryTally, project: Project, report: LintReport) -> [String] {
        let found = tally.snapshot
        guard found.walked else { return [] }
        var notes = found.emptyPaths.map { "no file to lint in \($0): nothing in it matches 'include'" }
        // A glob the user wrote that matches nothing is a mistake worth a word; the default globs are not.
        if project.config.path != nil {
            for (index, glob) in project.config.include.enumerated()
            where !found.matchedIncludes.contains(index) && !Config.defaultInclude.contains(glob.pattern) {
                notes.append("'include' glob '\(glob.pattern)' of \(project.config.path ?? "") matches no file")
            }
        }
        if report.files.isEmpty, found.emptyPaths.isEmpty {
            notes.append(
                report.skipped > 0
                    ? "no payload found: the \(report.skipped) \(report.skipped == 1 ? "file" : "files") found \(report.skipped == 1 ? "is" : "are") no APNs, FCM or Expo payload (see docs/discovery.md); name a payload file, or list payload folders in 'include'"
                    : "no file to lint: nothing here matches 'include' (\(project.config.include.map(\.pattern).joined(separator: ", ")))"
            )
        }
        return notes
    }

    static func loadBaseline(_ file: String, cwd: String, _ fileSystem: any FileSystem) throws(LintSessionError)
        -> Baseline
    {
        switch fileSystem.read(PathText.absolute(file, cwd: cwd), limit: 64 << 20) {
        case .bytes(let bytes):
            do {
                return try Baseline.read(path: file, bytes: bytes)
            } catch {
                throw .configuration(error)
            }
        case .tooLarge:
            throw .baseline(path: file, reason: "the baseline \(file) is larger than 64 MiB", hint: nil)
        case .failed(let reason):
            throw .baseline(
                path: file, reason: "cannot read the baseline \(file): \(reason)",
                hint: "create it with --write-baseline \(file)")
        }
    }
}
