import Dispatch
import PushLintJSON
import PushLintModel
import PushLintParallel
import PushLintRules
import Synchronization

/// Options of a lint run that come from the command line.
public struct LintOptions: Sendable {
    /// Forces the payload kind of every file (`--kind`); nil detects it.
    public var kind: PayloadKind?
    /// `--rule ID=LEVEL`, stronger than the config.
    public var ruleLevels: [String: RuleLevel]
    public var jobs: Int
    public var maxFileBytes: Int
    /// Whether located findings carry the text of their line (`lineText`), which only the text report shows: a
    /// batch of 35 000 findings reported as JSON need not build 35 000 strings.
    public var lineExcerpts: Bool
    /// Whether findings carry their range and their fix's edits in lines and UTF-8 byte columns (`byteRange`,
    /// `fixByteRanges`), which only the rdjson report writes.
    public var byteRanges: Bool
    /// `--timing`: measure the time of each rule (the run's clock reads time around each rule and payload; the
    /// clock of a run without it reads none).
    public var timing: Bool
    /// JSON Lines: how many findings of each rule a stream's report keeps (nil: `Engine.defaultMaxFindingsPerRule`);
    /// the stream summary counts them all.
    public var maxFindingsPerRule: Int?

    public init(
        kind: PayloadKind? = nil, ruleLevels: [String: RuleLevel] = [:], jobs: Int = Engine.activeProcessors,
        maxFileBytes: Int = 8 << 20,
        lineExcerpts: Bool = true, byteRanges: Bool = true, timing: Bool = false, maxFindingsPerRule: Int? = nil
    ) {
        self.timing = timing
        self.maxFindingsPerRule = maxFindingsPerRule
        self.kind = kind
        self.ruleLevels = ruleLevels
        self.jobs = jobs
        self.maxFileBytes = maxFileBytes
        self.lineExcerpts = lineExcerpts
        self.byteRanges = byteRanges
    }
}

/// What linting one file gives the run: its report (nil when it was skipped) and its payload summaries.
struct FileOutcome: Sendable {
    var report: FileReport?
    var summaries: [PayloadSummary]
}

/// Runs the rules over files (DESIGN.md §1) in named stages: read (`lintFile`), plan (`plan(_:)`), parse, detect,
/// check (`RuleRunner`), locate (`resolve`) and report (Stages.swift). Plain files, template renderings
/// (TemplateLinting.swift) and the lines of JSON Lines streams (JSONLinesRun.swift) all go through the same stages.
public struct Engine: Sendable {
    public var project: Project
    public var options: LintOptions
    public var fileSystem: any FileSystem
    /// The file and payload rules that are on for some file; for a file where an override turns one off,
    /// `runner(for:)` leaves it out.
    let runner: RuleRunner
    let projectRules: [any ProjectRule]
    /// Rules that report in the contract file, run once per run (`contractReport()`).
    let contractRules: [any ContractRule]
    let descriptionById: [String: RuleDescription]
    let levels: RuleLevels
    /// The run's clock: stopped without `--timing`.
    let clock: RunClock

    /// The summaries of the JSON Lines streams linted so far.
    let streams = StreamSummaryCollector()
    /// Set while linting the lines of a JSON Lines stream: a line holds no `\n` (the splitter cut there), so its
    /// locations are all on its one line, even where it holds a bare `\r` (JSON whitespace, not a line break in
    /// JSON Lines).
    var isJSONLinesLine = false

    /// The time of each rule in the runs of this engine so far (with `options.timing`), or nil.
    public var timing: RuleTiming? { options.timing ? clock.collector.timing : nil }

    /// Every built-in rule.
    public static var builtInRules: [any Rule] { RuleRegistry.all }

    public static var activeProcessors: Int {
        max(1, Int(sysconfActiveProcessors()))
    }

    public init(
        project: Project, options: LintOptions = LintOptions(), fileSystem: any FileSystem,
        rules: [any Rule] = RuleRegistry.all
    ) {
        self.project = project
        self.options = options
        self.fileSystem = fileSystem
        let levels = RuleLevels(config: project.config, commandLine: options.ruleLevels)
        self.levels = levels
        // A rule that is off for every file is not run at all.
        let running = rules.filter { levels.isOnSomewhere($0.description.id) }
        let ids = running.map(\.description.id)
        clock = options.timing ? .monotonic(ruleIds: ids) : .stopped
        runner = RuleRunner(
            file: running.compactMap(\.asFileRule), payload: running.compactMap(\.asPayloadRule), clock: clock)
        projectRules = running.compactMap(\.asProjectRule)
        contractRules = running.compactMap(\.asContractRule)
        descriptionById = Dictionary(rules.map { ($0.description.id, $0.description) }, uniquingKeysWith: { a, _ in a })
    }

    /// The rules that run for a file at this config-relative path: all of them, unless overrides switch some off
    /// for it.
    func runner(for path: String) -> RuleRunner {
        guard levels.dependsOnPath else { return runner }
        return runner.filtered { levels.isOn($0, for: path) }
    }

    /// The enabled rules, then any other rule a finding names, so that a report describes every rule it shows.
    func rulesNamed(by files: [FileReport], _ project: [ProjectDiagnostic]) -> [RuleDescription] {
        var rules = enabledRules
        var ids = Set(rules.map(\.id))
        for id in files.flatMap({ $0.diagnostics.map(\.ruleId) }) + project.map(\.ruleId) where !ids.contains(id) {
            ids.insert(id)
            if let description = descriptionById[id] { rules.append(description) }
        }
        return rules
    }

    /// Every rule that runs for some file (a rule of several kinds once).
    public var enabledRules: [RuleDescription] {
        var rules =
            runner.fileRules.map(\.description) + runner.payloadRules.map(\.description)
            + projectRules.map(\.description)
        var ids = Set(rules.map(\.id))
        for rule in contractRules where ids.insert(rule.description.id).inserted { rules.append(rule.description) }
        return rules
    }

    // MARK: Runs

    /// Lints targets in parallel; the report is in path order whatever the scheduling.
    public func lint(_ targets: [LintTarget]) -> LintReport {
        finish(parallelMap(targets.count, jobs: options.jobs) { lintFile(targets[$0]) })
    }

    /// Finds the files under `paths` and lints them, linting the first while the walk goes on. The report is the
    /// one `lint(discovery.targets(for: paths))` gives.
    public func lint(paths: [String], discovery: Discovery) throws(Discovery.MissingPath) -> LintReport {
        guard options.jobs > 1 else { return lint(try discovery.targets(for: paths)) }
        let engine = self
        return finish(
            try pipelinedMap(
                jobs: options.jobs,
                produce: { (emit) throws(Discovery.MissingPath) in
                    try discovery.forEachTarget(in: paths, emit)
                }
            ) { engine.lintFile($0) })
    }

    /// Lints bytes that did not come from a file (the library) under a name.
    /// A JSON Lines name is read line by line, as a file of that name is.
    public func lint(bytes: [UInt8], path: String) -> LintReport {
        Self.isJSONLines(path) ? lint(jsonLines: bytes, path: path) : lint(bytes: bytes, at: LintPath(named: path))
    }

    /// Lints bytes that did not come from a file, at a path made for them (standard input:
    /// `Discovery.standardInput(named:)`).
    public func lint(bytes: [UInt8], at path: LintPath) -> LintReport {
        finish([lint(bytes: .bytes(bytes), target: LintTarget(path: path, isExplicit: true))])
    }

    /// Lints the text an editor holds for the file at `absolutePath` (the language server): the same rules, levels
    /// and globs as when `pushlint lint` walks to that file, so a file that is no payload gives no report.
    /// A file that a walk of the config's folder would skip (not under `include`, under `exclude` or an always
    /// excluded folder, the config or contract itself) gives an empty report.
    public func lint(editorText bytes: [UInt8], absolutePath: String, displayPath: String) -> LintReport {
        guard let target = editorTarget(absolutePath: absolutePath, displayPath: displayPath) else {
            return finish([], checksContract: false)
        }
        let outcome: ReadOutcome = bytes.count > options.maxFileBytes ? .tooLarge(size: bytes.count) : .bytes(bytes)
        // The editor asks about one document: the contract's own findings are not that document's.
        return finish([lint(bytes: outcome, target: target)], checksContract: false)
    }

    /// The editor's document as the walk of the config's folder would find it, nil when the walk skips it: held to
    /// the payload standard exactly when the walk holds it so (`Discovery.declaresPayload`), so that the editor and
    /// `pushlint lint` report the same findings.
    func editorTarget(absolutePath: String, displayPath: String) -> LintTarget? {
        var discovery = Discovery(
            config: project.config, baseDirectory: project.baseDirectory, cwd: project.baseDirectory,
            fileSystem: fileSystem)
        discovery.ignoredFiles = project.ownFiles
        return discovery.editorTarget(absolutePath: absolutePath, displayPath: displayPath)
    }

    /// The report of a run: the files' reports in path order, the contract's findings (`checksContract`, when it
    /// has any) as one more file, and the project rules' findings.
    func finish(_ outcomes: consuming [FileOutcome], checksContract: Bool = true) -> LintReport {
        var (files, summaries, skipped) = Self.takeApart(outcomes)
        if checksContract, let report = contractReport() { files.append(report) }
        files.sort { ASCIIText.precedesInUTF8($0.path.display, $1.path.display) }
        let project = projectFindings(ProjectContext(summaries: summaries, settings: self.project.settings))
        return LintReport(files: files, skipped: skipped, project: project, rules: rulesNamed(by: files, project))
    }

    /// The outcomes' reports (in reverse order), their summaries in file order, and how many files were skipped.
    static func takeApart(_ outcomes: consuming [FileOutcome]) -> (
        files: [FileReport], summaries: [PayloadSummary], skipped: Int
    ) {
        // Outcomes are taken apart by moving their reports and summaries out, from the last: copying them (and
        // then releasing the originals) counted references on every file's findings and summaries.
        var outcomes = outcomes
        var files: [FileReport] = []
        files.reserveCapacity(outcomes.count)
        var skipped = 0
        let total = outcomes.reduce(0) { $0 + $1.summaries.count }
        // Placed from the back while the outcomes are taken from the last, so they end in file order: reversing
        // them afterwards swapped every summary (a retain and a release each).
        let summaries = [PayloadSummary](unsafeUninitializedCapacity: total) { storage, initialized in
            var next = total
            while var outcome = outcomes.popLast() {
                if let report = outcome.report.take() { files.append(report) } else { skipped += 1 }
                while let summary = outcome.summaries.popLast() {
                    next -= 1
                    storage.initializeElement(at: next, to: summary)
                }
            }
            assert(next == 0, "every summary placed")
            initialized = total
        }
        return (files, summaries, skipped)
    }

    /// The project rules' findings at their levels, sorted.
    func projectFindings(_ context: ProjectContext) -> [ProjectDiagnostic] {
        var project: [ProjectDiagnostic] = []
        var sums = clock.sums()
        let slots = clock.slots(projectRules.map(\.description.id))
        for (index, rule) in projectRules.enumerated() {
            let findings = clock.measure(slots[index], &sums) { rule.checkProject(context) }
            for var finding in findings {
                guard let severity = levels.severity(of: rule.description.id, emitted: finding.severity, path: nil)
                else { continue }
                finding.severity = severity
                project.append(finding)
            }
        }
        clock.merge(sums)
        project.sort { ($0.ruleId, $0.message) < ($1.ruleId, $1.message) }
        return project
    }

    /// The findings of the contract rules, located in the contract file; nil when there are none (or no contract
    /// read from a document). The contract is never linted as a payload (`Project.ownFiles`), so this is its one
    /// report in a run.
    func contractReport() -> FileReport? {
        guard !contractRules.isEmpty, let contract = project.contract, let document = contract.document else {
            return nil
        }
        let context = ContractContext(contract: contract, document: document, settings: project.settings)
        let diagnostics = clock.findings(of: contractRules, slots: clock.slots(contractRules.map(\.description.id))) {
            $0.checkContract(context)
        }
        guard !diagnostics.isEmpty else { return nil }
        // The contract is a file of the run like any other: its path is made where files enter the run.
        let path =
            project.contractFile.map {
                Discovery.knownFile(absolute: $0, display: contract.path, baseDirectory: project.baseDirectory)
            } ?? LintPath(named: contract.path)
        let target = LintTarget(path: path, isExplicit: true)
        let resolved = resolve(diagnostics, target: target, bytes: document.bytes, lines: document.lines)
        guard !resolved.isEmpty else { return nil }
        return FileReport(path: path, kind: nil, wireBytes: nil, wireLimit: nil, diagnostics: resolved)
    }

    /// The read stage: a file's bytes (a JSON Lines stream's in chunks, never whole), then the other stages.
    func lintFile(_ target: LintTarget) -> FileOutcome {
        if Self.isJSONLines(target.path.absolute) {
            return lintStream(target) { sink in fileSystem.readChunks(target.path.absolute, sink) }
        }
        return lint(bytes: fileSystem.read(target.path.absolute, limit: options.maxFileBytes), target: target)
    }
}
