import PushLintJSON
import PushLintModel
import PushLintRules

/// The one place a file's rules run (the check stage): the file rules on a file's context, then the payload rules on
/// each payload, each rule timed through the run's clock. Plain files, each rendering of a template and each line
/// of a JSON Lines stream are all checked here.
struct RuleRunner: Sendable {
    let fileRules: [any FileRule]
    let payloadRules: [any PayloadRule]
    /// Each rule's slot in the clock's sums.
    let fileSlots: [Int]
    let payloadSlots: [Int]
    /// The payload rules that check an envelope itself (an SNS message, a relay's body): the envelope families' and
    /// the size rules. The payloads inside it are checked by every payload rule (EnvelopeLinting.swift).
    let envelopeRules: [any PayloadRule]
    let envelopeSlots: [Int]
    let clock: RunClock

    init(file: [any FileRule], payload: [any PayloadRule], clock: RunClock) {
        fileRules = file
        payloadRules = payload
        fileSlots = clock.slots(file.map(\.description.id))
        let slots = clock.slots(payload.map(\.description.id))
        payloadSlots = slots
        let onEnvelopes = payload.indices.filter { [.sns, .relay, .size].contains(payload[$0].description.family) }
        envelopeRules = onEnvelopes.map { payload[$0] }
        envelopeSlots = onEnvelopes.map { slots[$0] }
        self.clock = clock
    }

    /// The runner of the rules that `isOn` keeps (an override that turns rules off for some files).
    func filtered(_ isOn: (String) -> Bool) -> RuleRunner {
        RuleRunner(
            file: fileRules.filter { isOn($0.description.id) },
            payload: payloadRules.filter { isOn($0.description.id) },
            clock: clock)
    }

    /// What the file rules find in a file.
    func check(_ file: FileContext) -> [Diagnostic] {
        clock.findings(of: fileRules, slots: fileSlots) { $0.check(file) }
    }

    /// Builds a payload's model (the views, the wire values; timed as the model stage) and checks it with every
    /// payload rule: the findings, and the context the payload was checked in (its summary is made from it).
    func check(_ ref: PayloadRef, in document: JSONDocument, _ input: PayloadInput, _ sums: inout RuleClock)
        -> CheckedPayload
    {
        let context = clock.measure(RuleTimingCollector.modelSlot, &sums) {
            let payload = PayloadBuilder.build(
                document, node: ref.node, kind: ref.kind, batchIndex: ref.batchIndex, configHeaders: input.headers)
            return PayloadContext(
                path: input.path, configRelativePath: input.relative, document: document, payload: payload,
                isTemplate: input.isTemplate, settings: input.settings, isLogLine: input.isLogLine)
        }
        guard ref.kind.isEnvelope else {
            let findings = clock.findings(of: payloadRules, slots: payloadSlots, &sums) { $0.check(context) }
            return CheckedPayload(findings: findings, context: context)
        }
        let findings = clock.findings(of: envelopeRules, slots: envelopeSlots, &sums) { $0.check(context) }
        let enclosed = checkEnclosed(context, input, &sums)
        return CheckedPayload(findings: findings + enclosed.findings, context: context, enclosed: enclosed.enclosed)
    }

    /// Checks a run of a file's consecutive payloads on one worker: their findings, summaries and largest size.
    /// `isBatch`: the file has several runs, and the run keeps its findings compact until they are joined.
    func check(_ payloads: ArraySlice<PayloadRef>, in document: JSONDocument, _ input: PayloadInput, isBatch: Bool)
        -> CheckedRun
    {
        var checked = CheckedRun()
        checked.summaries.reserveCapacity(payloads.count)
        // About one finding per message in the batches measured: sized once, the list is not copied as it grows.
        var batchFindings = BatchFindings()
        if isBatch { batchFindings.reserveCapacity(payloads.count) }
        var sums = clock.sums()
        defer { clock.merge(sums) }
        for ref in payloads {
            let payload = check(ref, in: document, input, &sums)
            let findings = payload.findings
            if isBatch {
                batchFindings.append(findings)
            } else if checked.findings.isEmpty {
                checked.findings = findings
            } else if !findings.isEmpty {
                checked.findings += findings
            }
            checked.summaries.append(payload.summary)
            if let size = payload.context.payload.sizes.first { checked.note(size.bytes, limit: size.limit) }
        }
        if isBatch { checked.batchFindings = batchFindings }
        return checked
    }
}

/// One payload checked: its findings, the context it was checked in, and the payloads inside it when it is an
/// envelope.
struct CheckedPayload {
    var findings: [Diagnostic]
    var context: PayloadContext
    var enclosed: [EnclosedPayload] = []

    /// What the project rules keep of it; an envelope's from the payloads already built for its check.
    var summary: PayloadSummary { PayloadSummarizer.summarize(context, enclosed: enclosed) }
}

/// What every payload of a file is checked with: where it stands and how the config reads it.
struct PayloadInput: Sendable {
    var path: String
    var relative: String
    var settings: LintSettings
    var isTemplate: Bool
    var isLogLine: Bool
    /// The APNs headers the config gives the file's payloads.
    var headers: (glob: String, headers: [(String, String)])?
    /// The message attributes of the file's SNS messages, from its sidecar (`NAME.attributes.json`, docs/sns.md).
    var snsAttributes: [(name: String, value: String)]?
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
