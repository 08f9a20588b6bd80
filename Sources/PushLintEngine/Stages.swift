import PushLintJSON
import PushLintModel
import PushLintParallel
import PushLintRules

/// The stages of linting one file: plan, parse, detect, check, locate, report. The read stage is `lintFile` (and
/// `lintStream` for JSON Lines); checking is the rule runner's (RuleRunner.swift).
extension Engine {
    /// What the config says about one file, decided once for it (for a stream, once for all its lines): its
    /// template dialect, the rules that run on it, and the kind and headers the config gives its payloads.
    struct FilePlan: Sendable {
        var target: LintTarget
        var dialect: TemplateDialect?
        var runner: RuleRunner
        /// The kind `--kind` or the config's `kinds` forces on the file's payloads.
        var forcedKind: PayloadKind?
        var headers: (glob: String, headers: [(String, String)])?

        var relative: String { target.path.configRelative }
    }

    /// The plan stage.
    func plan(_ target: LintTarget) -> FilePlan {
        let relative = target.path.configRelative
        let config = project.config
        return FilePlan(
            target: target, dialect: config.templateDialect(relative), runner: runner(for: relative),
            forcedKind: options.kind ?? config.forcedKind(relative), headers: config.headers(for: relative))
    }

    func lint(bytes outcome: ReadOutcome, target: LintTarget) -> FileOutcome {
        lint(outcome, plan: plan(target))
    }

    /// A file's bytes (or why there are none) through the stages.
    func lint(_ outcome: ReadOutcome, plan: FilePlan) -> FileOutcome {
        // A template with control flow is linted rendering by rendering (TemplateLinting.swift).
        if let dialect = plan.dialect, dialect != .placeholders, case .bytes(let bytes) = outcome,
            let outcome = lintTemplate(bytes, plan: plan, dialect: dialect)
        {
            return outcome
        }
        var file = parse(outcome, plan: plan)
        let detected = detect(&file, plan: plan)
        // A file that is no payload (package.json, tsconfig.json with comments, a broken test fixture, pushlint's
        // own files) is skipped without a word: `Discovery.lintsWithoutPayload` decides on evidence.
        if detected.payloads.isEmpty,
            !Discovery.lintsWithoutPayload(
                plan.target, bytes: file.source, parse: file.parse, isTooLarge: file.parse == nil && file.byteCount > 0,
                fileSystem: fileSystem)
        {
            return FileOutcome(report: nil, summaries: [])
        }
        var checked = check(file, detected, plan: plan)
        // Locations need only the bytes and the line starts the parse recorded: the nodes (nearly the size of a
        // large file) go before the runs' findings and summaries are joined and the located findings built, so
        // neither copy peaks with them (in the 50 MB batch the joined findings and summaries are 16 MB).
        let bytes = file.document?.bytes ?? bytesOf(outcome)
        let lines = file.document?.lines
        file.parse = nil
        return report(&checked, payloads: detected.payloads, plan: plan, bytes: bytes, lines: lines)
    }

    /// The parse stage: the file's bytes as a document (a template's in its placeholder mode), or why it has none.
    func parse(_ outcome: ReadOutcome, plan: FilePlan) -> FileContext {
        var file = FileContext(
            path: plan.target.path.display, isExplicit: plan.target.isExplicit, byteCount: 0,
            maxBytes: options.maxFileBytes, parse: nil, settings: project.settings)
        file.isLogLine = isJSONLinesLine
        switch outcome {
        case .failed(let reason):
            file.readError = reason
        case .tooLarge(let size):
            file.byteCount = size
        case .bytes(let bytes):
            file.byteCount = bytes.count
            file.source = bytes
            let placeholders = project.config.placeholders
            let mode: JSONParseOptions.Mode =
                plan.dialect != nil ? .template(open: placeholders.open, close: placeholders.close) : .strict
            // A trailing comma is `json-syntax`, but the rest of the file is still checked (one in five real
            // files is not strict JSON, mostly for that comma).
            let options = JSONParseOptions(
                mode: mode, maxDepth: 512, maxBytes: options.maxFileBytes, recoversTrailingCommas: true)
            // A large batch file is parsed on every core (the parse in parts gives the sequential parse's result).
            let jobs = self.options.jobs
            var sums = clock.sums()
            file.parse = clock.measure(RuleTimingCollector.parseSlot, &sums) {
                JSONParser.parse(bytes, options: options, parts: jobs) { count, body in
                    _ = parallelMap(count, jobs: jobs, body)
                }
            }
            clock.merge(sums)
        }
        return file
    }

    /// What the detect stage found: the payloads, and whether the file is a template.
    struct Detected {
        var payloads: [PayloadRef] = []
        var isTemplate: Bool
    }

    /// The detect stage: the payloads of a parsed file and their kinds; a file is a template when the config says
    /// so or its placeholders name the contract's variables.
    func detect(_ file: inout FileContext, plan: FilePlan) -> Detected {
        var detected = Detected(isTemplate: plan.dialect != nil)
        guard let document = file.document else { return detected }
        if !detected.isTemplate, let variables = project.settings.contract?.variables {
            detected.isTemplate = project.settings.placeholders.namesDeclaredVariable(in: document, declared: variables)
        }
        detected.payloads = detectPayloads(document, forced: plan.forcedKind)
        file.isUnknownKind = detected.payloads.isEmpty
        return detected
    }

    /// The check stage: the file rules, then the payload rules on every payload, in runs of consecutive messages,
    /// in parallel for a batch.
    func check(_ file: FileContext, _ detected: Detected, plan: FilePlan) -> (file: [Diagnostic], runs: [CheckedRun]) {
        let fileFindings = plan.runner.check(file)
        guard let document = file.document else { return (fileFindings, []) }
        // Payloads (views, wire values) are built one at a time and dropped when checked, so a batch of 100 000
        // messages never holds them all.
        let payloads = detected.payloads
        var input = PayloadInput(
            path: plan.target.path.display, relative: plan.relative, settings: project.settings,
            isTemplate: detected.isTemplate, isLogLine: isJSONLinesLine, headers: plan.headers)
        if payloads.contains(where: { $0.kind == .sns }) { input.snsAttributes = snsAttributes(of: plan.target) }
        let runInput = input
        let runner = plan.runner
        // Checked in runs of consecutive messages, each run's findings and summaries gathered on its worker:
        // a result per message (53 000 in the 50 MB batch) had to be collected and merged on one thread.
        let runs = workRuns(payloads.count, jobs: options.jobs)
        let jobs = runs.count > 1 ? options.jobs : 1
        // A batch of several runs keeps its findings compact until its nodes are released; a file of one run
        // (nearly every file: one message) has too few for the conversion to pay.
        let isBatch = runs.count > 1
        let checked = parallelMap(runs.count, jobs: jobs) { run in
            // Rules retain and release the document thousands of times per payload; on a document shared by
            // all workers those are contended atomic operations on one cache line. A handle of its own per
            // run (one small object on the same bytes and nodes) keeps them on the worker's core.
            runner.check(
                payloads[runs[run]], in: jobs > 1 ? document.sharingStorage() : document, runInput, isBatch: isBatch)
        }
        return (fileFindings, checked)
    }

    /// The report stage: the runs' findings and summaries joined in message order, located, in the file's report.
    func report(
        _ checked: inout (file: [Diagnostic], runs: [CheckedRun]), payloads: [PayloadRef], plan: FilePlan,
        bytes: [UInt8], lines: LineIndex?
    ) -> FileOutcome {
        // In message order, so that the first of equally large messages gives the limit.
        var sizes = CheckedRun()
        for run in checked.runs {
            if let size = run.largest { sizes.note(size.bytes, limit: size.limit) }
        }
        let largest = sizes.largest
        let summaries = joined(checked.runs, \.summaries)
        var fileFindings: [Diagnostic] = []
        swap(&fileFindings, &checked.file)
        let joinedFindings = Self.joining(fileFindings, &checked.runs)
        // An Expo batch is one request: a mistake repeated in its messages is reported once, with the count.
        let isExpoRequest = payloads.count > 1 && payloads.allSatisfy { $0.kind == .expo }
        let resolved = resolve(
            isExpoRequest ? RequestFindings.folded(joinedFindings) : joinedFindings, target: plan.target, bytes: bytes,
            lines: lines)
        let report = FileReport(
            path: plan.target.path, kind: payloads.first?.kind, wireBytes: largest?.bytes, wireLimit: largest?.limit,
            diagnostics: resolved)
        return FileOutcome(report: report, summaries: withVAPIDSidecar(summaries, of: plan.target))
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

    /// The summaries of a file with the VAPID claims of its sidecar (`NAME.vapid.json`, docs/webpush.md) in its web
    /// push payloads' summaries, where `webpush-vapid` checks them; read only for a file with web push payloads.
    func withVAPIDSidecar(_ summaries: [PayloadSummary], of target: LintTarget) -> [PayloadSummary] {
        guard summaries.contains(where: { $0.kind == .webpush }),
            let bytes = sidecarBytes(of: target, named: VAPIDSidecar.name)
        else { return summaries }
        let path = Sidecar.path(of: target.path.display, named: VAPIDSidecar.name)
        let sidecar = VAPIDSidecar.read(path: path, bytes: bytes)
        var summaries = summaries
        for index in summaries.indices where summaries[index].kind == .webpush {
            summaries[index].vapidSidecar = sidecar
        }
        return summaries
    }

    /// The message attributes in the sidecar of an SNS message file (`NAME.attributes.json`), nil without one.
    func snsAttributes(of target: LintTarget) -> [(name: String, value: String)]? {
        sidecarBytes(of: target, named: SNSEnvelope.attributesName).flatMap(SNSEnvelope.attributes(sidecar:))
    }

    /// The bytes of a payload file's sidecar (`NAME.<name>.json`, Sidecar.swift), nil without one; a line of a log
    /// has none.
    func sidecarBytes(of target: LintTarget, named name: String) -> [UInt8]? {
        guard !isJSONLinesLine else { return nil }
        let path = Sidecar.path(of: target.path.absolute, named: name)
        guard path != target.path.absolute, case .bytes(let bytes) = fileSystem.read(path, limit: Sidecar.maxBytes)
        else { return nil }
        return bytes
    }

    func bytesOf(_ outcome: ReadOutcome) -> [UInt8] {
        if case .bytes(let b) = outcome { return b }
        return []
    }

    /// Where a document's payloads stand and their kinds (`forced`: the kind `--kind` or the config gives them).
    func detectPayloads(_ document: JSONDocument, forced: PayloadKind?) -> [PayloadRef] {
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
            // Joined in one list sized once (`flatMap` grows it by doubling).
            return joined(
                parallelMap(slices.count, jobs: options.jobs) { part in
                    slices[part].compactMap { build(elements[$0], $0) }
                }
            ) { $0 }
        }
        return build(document.root, nil).map { [$0] } ?? []
    }

}
