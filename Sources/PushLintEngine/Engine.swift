import Dispatch
import PushLintJSON
import PushLintModel
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
    /// `--timing`: measure the time of each rule (a clock read around each rule and payload; none when off).
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

/// Runs the rules over files (DESIGN.md §1): read, parse, detect, build views, check, resolve locations.
public struct Engine: Sendable {
    public var project: Project
    public var options: LintOptions
    public var fileSystem: any FileSystem
    /// Rules that are on for some file; for a file where an override turns one off, `rules(for:)` leaves it out.
    let fileRules: [any FileRule]
    let payloadRules: [any PayloadRule]
    let projectRules: [any ProjectRule]
    /// Rules that report in the contract file, run once per run (`contractReport()`).
    let contractRules: [any ContractRule]
    let descriptionById: [String: RuleDescription]
    let levels: RuleLevels
    /// With `options.timing`: where the workers' times are merged.
    let timingCollector: RuleTimingCollector?

    /// The summaries of the JSON Lines streams linted so far.
    let streams = StreamSummaryCollector()
    /// Set while linting the lines of a JSON Lines stream: a line holds no `\n` (the splitter cut there), so its
    /// locations are all on its one line, even where it holds a bare `\r` (JSON whitespace, not a line break in
    /// JSON Lines).
    var isJSONLinesLine = false

    /// The time of each rule in the runs of this engine so far (with `options.timing`), or nil.
    public var timing: RuleTiming? { timingCollector?.timing }

    /// Every built-in rule.
    public static var builtInRules: [any Rule] { RuleRegistry.all }

    public static var activeProcessors: Int {
        max(1, Int(sysconfActiveProcessors()))
    }

    public init(
        project: Project, options: LintOptions = LintOptions(), fileSystem: any FileSystem = LocalFileSystem(),
        rules: [any Rule] = RuleRegistry.all
    ) {
        self.project = project
        self.options = options
        self.fileSystem = fileSystem
        let levels = RuleLevels(config: project.config, commandLine: options.ruleLevels)
        self.levels = levels
        // A rule that is off for every file is not run at all.
        let running = rules.filter { levels.isOnSomewhere($0.description.id) }
        fileRules = running.compactMap(\.asFileRule)
        payloadRules = running.compactMap(\.asPayloadRule)
        projectRules = running.compactMap(\.asProjectRule)
        contractRules = running.compactMap(\.asContractRule)
        descriptionById = Dictionary(rules.map { ($0.description.id, $0.description) }, uniquingKeysWith: { a, _ in a })
        timingCollector = options.timing ? RuleTimingCollector(ruleIds: running.map(\.description.id)) : nil
    }

    /// The file and payload rules that run for a file at this config-relative path: all of them, unless overrides
    /// switch some off for it.
    func rules(for path: String) -> (file: [any FileRule], payload: [any PayloadRule]) {
        guard levels.dependsOnPath else { return (fileRules, payloadRules) }
        return (
            fileRules.filter { levels.isOn($0.description.id, for: path) },
            payloadRules.filter { levels.isOn($0.description.id, for: path) }
        )
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
            fileRules.map(\.description) + payloadRules.map(\.description) + projectRules.map(\.description)
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
        let path = Discovery.knownFile(
            absolute: absolutePath, display: displayPath, baseDirectory: project.baseDirectory)
        guard walks(relative: path.configRelative) || !absolutePath.hasPrefix("/"),
            !project.ownFiles.contains(absolutePath)
        else { return nil }
        let discovery = Discovery(
            config: project.config, baseDirectory: project.baseDirectory, cwd: project.baseDirectory,
            fileSystem: fileSystem)
        return LintTarget(path: path, isExplicit: discovery.declaresPayload(path.configRelative))
    }

    /// Whether walking the config's folder lints the file at `relative` (a path relative to it), as `Discovery` decides.
    func walks(relative: String) -> Bool {
        let config = project.config
        guard !relative.hasPrefix("../"), let name = relative.split(separator: "/").last,
            name != Project.configFileName
        else { return false }
        return config.include.contains(where: { $0.matches(relative) })
            && !Discovery.excludes(relative, config: config)
    }

    /// The report of a run: the files' reports in path order, the contract's findings (`checksContract`, when it
    /// has any) as one more file, and the project rules' findings.
    func finish(_ outcomes: consuming [FileOutcome], checksContract: Bool = true) -> LintReport {
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
        if checksContract, let report = contractReport() { files.append(report) }
        files.sort { ASCIIText.precedesInUTF8($0.path.display, $1.path.display) }
        let context = ProjectContext(summaries: summaries, settings: project.settings)
        var project: [ProjectDiagnostic] = []
        var clock = timingCollector?.clock()
        let slots = timingCollector?.slots(projectRules.map(\.description.id))
        for (index, rule) in projectRules.enumerated() {
            let start = clock != nil ? RuleClock.now() : 0
            let findings = rule.checkProject(context)
            if clock != nil, let slots { clock!.nanoseconds[slots[index]] &+= RuleClock.now() &- start }
            for var finding in findings {
                guard let severity = levels.severity(of: rule.description.id, emitted: finding.severity, path: nil)
                else { continue }
                finding.severity = severity
                project.append(finding)
            }
        }
        if let clock { timingCollector?.merge(clock) }
        project.sort { ($0.ruleId, $0.message) < ($1.ruleId, $1.message) }
        return LintReport(files: files, skipped: skipped, project: project, rules: rulesNamed(by: files, project))
    }

    /// The findings of the contract rules, located in the contract file; nil when there are none (or no contract
    /// read from a document). The contract is never linted as a payload (`Project.ownFiles`), so this is its one
    /// report in a run.
    func contractReport() -> FileReport? {
        guard !contractRules.isEmpty, let contract = project.contract, let document = contract.document else {
            return nil
        }
        let context = ContractContext(contract: contract, document: document, settings: project.settings)
        let diagnostics: [Diagnostic]
        if let timing = timingCollector {
            var clock = timing.clock()
            diagnostics = Self.findings(
                of: contractRules, slots: timing.slots(contractRules.map(\.description.id)), &clock
            ) { $0.checkContract(context) }
            timing.merge(clock)
        } else {
            diagnostics = Self.findings(of: contractRules) { $0.checkContract(context) }
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

    func lintFile(_ target: LintTarget) -> FileOutcome {
        if Self.isJSONLines(target.path.absolute) {
            return lintStream(target) { sink in fileSystem.readChunks(target.path.absolute, sink) }
        }
        return lint(bytes: fileSystem.read(target.path.absolute, limit: options.maxFileBytes), target: target)
    }

    // MARK: One file

    func lint(bytes outcome: ReadOutcome, target: LintTarget) -> FileOutcome {
        // A template with control flow is linted rendering by rendering (TemplateLinting.swift).
        let config = project.config
        let relative = target.path.configRelative
        let dialect = config.templateDialect(relative)
        if let dialect, dialect != .placeholders, case .bytes(let bytes) = outcome,
            let outcome = lintTemplate(bytes, target: target, dialect: dialect)
        {
            return outcome
        }
        var file = FileContext(
            path: target.path.display, isExplicit: target.isExplicit, byteCount: 0, maxBytes: options.maxFileBytes,
            parse: nil, settings: project.settings)
        file.isLogLine = isJSONLinesLine
        var payloads: [PayloadRef] = []
        var isTemplate = dialect != nil
        switch outcome {
        case .failed(let reason):
            file.readError = reason
        case .tooLarge(let size):
            file.byteCount = size
        case .bytes(let bytes):
            file.byteCount = bytes.count
            file.source = bytes
            let mode: JSONParseOptions.Mode =
                isTemplate ? .template(open: config.placeholders.open, close: config.placeholders.close) : .strict
            // A trailing comma is `json-syntax`, but the rest of the file is still checked (one in five real
            // files is not strict JSON, mostly for that comma).
            let parseStart = timingCollector != nil ? RuleClock.now() : 0
            // A large batch file is parsed on every core (the parse in parts gives the sequential parse's result).
            let jobs = options.jobs
            let parse = JSONParser.parse(
                bytes,
                options: JSONParseOptions(
                    mode: mode, maxDepth: 512, maxBytes: options.maxFileBytes, recoversTrailingCommas: true),
                parts: jobs
            ) { count, body in _ = parallelMap(count, jobs: jobs, body) }
            if let timingCollector {
                var clock = timingCollector.clock()
                clock.nanoseconds[0] = RuleClock.now() &- parseStart
                timingCollector.merge(clock)
            }
            file.parse = parse
            if let document = parse.document {
                if !isTemplate, let variables = project.settings.contract?.variables {
                    isTemplate = project.settings.placeholders.namesDeclaredVariable(in: document, declared: variables)
                }
                payloads = detectPayloads(document, relative: relative)
                file.isUnknownKind = payloads.isEmpty
            }
        }
        // A file that is no payload (package.json, tsconfig.json with comments, a broken test fixture, pushlint's
        // own files) is skipped without a word: `Discovery.lintsWithoutPayload` decides on evidence.
        if payloads.isEmpty,
            !Discovery.lintsWithoutPayload(
                target, bytes: file.source, parse: file.parse, isTooLarge: file.parse == nil && file.byteCount > 0,
                fileSystem: fileSystem)
        {
            return FileOutcome(report: nil, summaries: [])
        }
        let rules = self.rules(for: relative)
        let timing = timingCollector
        var diagnostics: [Diagnostic]
        if let timing {
            var clock = timing.clock()
            diagnostics = Self.findings(of: rules.file, slots: timing.slots(rules.file.map(\.description.id)), &clock) {
                $0.check(file)
            }
            timing.merge(clock)
        } else {
            diagnostics = Self.findings(of: rules.file) { $0.check(file) }
        }
        var checked: [CheckedRun] = []
        if let document = file.document {
            // A large batch file is one file but many messages: its payloads are checked in parallel too.
            let settings = project.settings
            let payloadRules = rules.payload
            let displayPath = target.path.display
            let payloads = payloads
            let isTemplate = isTemplate
            let isLogLine = isJSONLinesLine
            // Payloads (views, wire values) are built one at a time and dropped when checked, so a batch of
            // 100 000 messages never holds them all.
            let headers = project.config.headers(for: relative)
            // Checked in runs of consecutive messages, each run's findings and summaries gathered on its worker:
            // a result per message (53 000 in the 50 MB batch) had to be collected and merged on one thread.
            let runs = workRuns(payloads.count, jobs: options.jobs)
            let jobs = runs.count > 1 ? options.jobs : 1
            let slots = timing?.slots(payloadRules.map(\.description.id))
            // A batch of several runs keeps its findings compact until its nodes are released; a file of one run
            // (nearly every file: one message) has too few for the conversion to pay.
            let isBatch = runs.count > 1
            checked = parallelMap(runs.count, jobs: jobs) { run in
                // Rules retain and release the document thousands of times per payload; on a document shared by
                // all workers those are contended atomic operations on one cache line. A handle of its own per
                // run (one small object on the same bytes and nodes) keeps them on the worker's core.
                let document = jobs > 1 ? document.sharingStorage() : document
                var checked = CheckedRun()
                checked.summaries.reserveCapacity(runs[run].count)
                // About one finding per message in the batches measured: sized once, the list is not copied as it grows.
                var batchFindings = BatchFindings()
                if isBatch { batchFindings.reserveCapacity(runs[run].count) }
                var clock = timing?.clock()
                defer { if let clock { timing?.merge(clock) } }
                for ref in payloads[runs[run]] {
                    let modelStart = clock != nil ? RuleClock.now() : 0
                    let payload = PayloadBuilder.build(
                        document, node: ref.node, kind: ref.kind, batchIndex: ref.batchIndex, configHeaders: headers)
                    let context = PayloadContext(
                        path: displayPath, configRelativePath: relative, document: document, payload: payload,
                        isTemplate: isTemplate, settings: settings, isLogLine: isLogLine)
                    if clock != nil { clock!.nanoseconds[1] &+= RuleClock.now() &- modelStart }
                    let findings: [Diagnostic]
                    if clock != nil, let slots {
                        findings = Self.findings(of: payloadRules, slots: slots, &clock!) { $0.check(context) }
                    } else {
                        findings = Self.findings(of: payloadRules) { $0.check(context) }
                    }
                    if isBatch {
                        batchFindings.append(findings)
                    } else if checked.findings.isEmpty {
                        checked.findings = findings
                    } else if !findings.isEmpty {
                        checked.findings += findings
                    }
                    checked.summaries.append(PayloadSummarizer.summarize(context))
                    if let size = payload.sizes.first { checked.note(size.bytes, limit: size.limit) }
                }
                if isBatch { checked.batchFindings = batchFindings }
                return checked
            }
        }
        // Locations need only the bytes and the line starts the parse recorded: the nodes (nearly the size of a
        // large file) go before the runs' findings and summaries are joined and the located findings built, so
        // neither copy peaks with them (in the 50 MB batch the joined findings and summaries are 16 MB).
        let (bytes, lines) = { (document: JSONDocument?) in (document?.bytes ?? bytesOf(outcome), document?.lines) }(
            file.document)
        file.parse = nil
        // In message order, so that the first of equally large messages gives the limit.
        var sizes = CheckedRun()
        for run in checked {
            if let size = run.largest { sizes.note(size.bytes, limit: size.limit) }
        }
        let largest = sizes.largest
        let summaries = joined(checked, \.summaries)
        let joinedFindings = Self.joining(diagnostics, &checked)
        // An Expo batch is one request: a mistake repeated in its messages is reported once, with the count.
        let isExpoRequest = payloads.count > 1 && payloads.allSatisfy { $0.kind == .expo }
        let resolved = resolve(
            isExpoRequest ? RequestFindings.folded(joinedFindings) : joinedFindings, target: target, bytes: bytes,
            lines: lines)
        let report = FileReport(
            path: target.path, kind: payloads.first?.kind, wireBytes: largest?.bytes, wireLimit: largest?.limit,
            diagnostics: resolved)
        return FileOutcome(report: report, summaries: summaries)
    }

    /// What a run of a batch's consecutive messages found, gathered on its worker.
    struct CheckedRun: Sendable {
        /// The findings of a file checked in one run.
        var findings: [Diagnostic] = []
        /// The findings of a run of a batch of several runs; nil in a file of one run (a run is copied as it is
        /// returned: the fewer references it holds, the less that costs for each file).
        var batchFindings: BatchFindings?
        var summaries: [PayloadSummary] = []
        /// The wire size and limit of the largest message: the first of equally large ones.
        var largest: (bytes: Int, limit: Int)?

        mutating func note(_ bytes: Int, limit: Int) {
            if bytes > (largest?.bytes ?? -1) { largest = (bytes, limit) }
        }
    }

    /// What a list of rules finds, in rule order.
    static func findings<R>(of rules: [R], _ check: (R) -> [Diagnostic]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // Each rule is lent to `check` where it lies: `for rule in rules` copied every rule's existential into a
        // local for every payload.
        for index in rules.indices {
            // Most rules find nothing: appending an empty result still reallocated the array.
            let findings = check(rules[index])
            if !findings.isEmpty { found += findings }
        }
        return found
    }

    /// The file rules' findings, then the runs' in message order, as one list sized once. Findings are moved out
    /// of the runs from the last and placed from the back (copying them counted references on every finding's
    /// strings), which leaves `runs` empty.
    static func joining(_ fileFindings: consuming [Diagnostic], _ runs: inout [CheckedRun]) -> [Diagnostic] {
        var fileFindings = fileFindings
        if runs.count == 1 {
            let findings = runs[0].findings
            runs = []
            if fileFindings.isEmpty { return findings }
            return fileFindings + findings
        }
        let total = runs.reduce(fileFindings.count) { $0 + ($1.batchFindings?.count ?? 0) }
        guard total > fileFindings.count else {
            runs = []
            return fileFindings
        }
        return [Diagnostic](unsafeUninitializedCapacity: total) { storage, initialized in
            var next = total
            while var run = runs.popLast() {
                while let finding = run.batchFindings?.popLast() {
                    next -= 1
                    storage.initializeElement(at: next, to: finding)
                }
            }
            while let finding = fileFindings.popLast() {
                next -= 1
                storage.initializeElement(at: next, to: finding)
            }
            assert(next == 0, "every finding placed")
            initialized = total
        }
    }

    /// `findings(of:)` with the time of each rule added to its slot (`--timing`).
    static func findings<R>(of rules: [R], slots: [Int], _ clock: inout RuleClock, _ check: (R) -> [Diagnostic])
        -> [Diagnostic]
    {
        var found: [Diagnostic] = []
        for index in rules.indices {
            let start = RuleClock.now()
            let findings = check(rules[index])
            clock.nanoseconds[slots[index]] &+= RuleClock.now() &- start
            if !findings.isEmpty { found += findings }
        }
        return found
    }

    func bytesOf(_ outcome: ReadOutcome) -> [UInt8] {
        if case .bytes(let b) = outcome { return b }
        return []
    }

    /// Where a payload stands and what kind it is; the payload itself is built when it is checked. Node and message
    /// index are kept in 32 bits (node ids are, in the nodes), so that a batch's list takes 12 bytes a message, not
    /// 32: it is held while the batch is checked.
    struct PayloadRef: Sendable {
        private var storedNode: UInt32
        /// `UInt32.max` for a payload that is not in a batch.
        private var storedIndex: UInt32
        var kind: PayloadKind

        init(node: NodeID, kind: PayloadKind, batchIndex: Int?) {
            storedNode = UInt32(node)
            storedIndex = batchIndex.map { UInt32($0) } ?? .max
            self.kind = kind
        }

        var node: NodeID { Int(storedNode) }
        var batchIndex: Int? { storedIndex == .max ? nil : Int(storedIndex) }
    }

    func detectPayloads(_ document: JSONDocument, relative: String) -> [PayloadRef] {
        let forced = options.kind ?? project.config.forcedKind(relative)
        @Sendable func build(_ node: NodeID, _ index: Int?) -> PayloadRef? {
            guard document.kind(node) == .object, let kind = forced ?? PayloadKind.detect(document, node) else {
                return nil
            }
            return PayloadRef(node: node, kind: kind, batchIndex: index)
        }
        if document.kind(document.root) == .array {
            let elements = document.elements(document.root)
            // A large batch is detected in slices on several threads: this runs before any payload is checked.
            guard let slices = workSlices(elements.count, jobs: options.jobs, size: 1024) else {
                return elements.enumerated().compactMap { build($0.element, $0.offset) }
            }
            // Joined in one list sized once (`flatMap` grew it by doubling).
            return joined(
                parallelMap(slices.count, jobs: options.jobs) { part in
                    slices[part].compactMap { build(elements[$0], $0) }
                }
            ) { $0 }
        }
        return build(document.root, nil).map { [$0] } ?? []
    }

    /// Applies configured levels, drops what is off, fills in line/column, sorts.
    /// `lines`: the parsed document's, nil when the file did not parse.
    func resolve(_ diagnostics: consuming [Diagnostic], target: LintTarget, bytes: [UInt8], lines: LineIndex?)
        -> [Diagnostic]
    {
        // Compacted in place: a large file's findings are not copied.
        var kept = diagnostics
        var count = 0
        for index in kept.indices {
            guard descriptionById[kept[index].ruleId] != nil,
                let severity = levels.severity(
                    of: kept[index].ruleId, emitted: kept[index].severity, path: target.path.configRelative)
            else { continue }
            if count != index { kept.swapAt(count, index) }
            kept[count].severity = severity
            count += 1
        }
        kept.removeSubrange(count...)
        guard !kept.isEmpty else { return [] }
        // A file that did not parse has its lines found here, on several threads when it is large.
        let jobs = options.jobs
        let lines =
            isJSONLinesLine
            ? LineIndex(bytes, lineStarts: [0])
            : lines ?? LineIndex(bytes, parts: 4 * jobs, map: { parallelMap($0, jobs: jobs, $1) })
        // Located in slices, on several threads when a batch has thousands of findings.
        let spans = kept.map(\.span)
        // A binary file has no line to show.
        let withExcerpts = options.lineExcerpts && !FileContext.isBinary(bytes)
        let slices = workSlices(spans.count, jobs: options.jobs) ?? [0..<spans.count]
        let located = parallelMap(slices.count, jobs: options.jobs) { part in
            let range = slices[part]
            var offsets: [Int] = []
            offsets.reserveCapacity(2 * range.count)
            for span in spans[range] {
                offsets.append(span.start)
                offsets.append(span.end)
            }
            let positions = lines.positions(of: offsets)
            return range.map { index in
                let k = index - range.lowerBound
                let start = positions[2 * k]
                let end = positions[2 * k + 1]
                let excerpt =
                    withExcerpts
                    ? lines.excerpt(offset: spans[index].start, column: start.column) : (text: "", startColumn: 1)
                return ResolvedLocation(
                    line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
                    lineText: excerpt.text, lineTextColumn: excerpt.startColumn)
            }
        }
        for (part, locations) in located.enumerated() {
            for (k, location) in locations.enumerated() { kept[slices[part].lowerBound + k].location = location }
        }
        if options.byteRanges {
            func range(_ start: Int, _ end: Int) -> LineByteRange {
                let a = lines.bytePosition(of: start)
                let b = lines.bytePosition(of: end)
                return LineByteRange(startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column)
            }
            for index in kept.indices {
                kept[index].byteRange = range(kept[index].span.start, kept[index].span.end)
                if let edits = kept[index].fix?.edits {
                    kept[index].fixByteRanges = edits.map { range($0.offset, $0.offset + $0.length) }
                }
            }
        }
        kept.sort {
            let a = $0.location!
            let b = $1.location!
            return (a.line, a.column, $0.ruleId, $0.message) < (b.line, b.column, $1.ruleId, $1.message)
        }
        return kept
    }
}
