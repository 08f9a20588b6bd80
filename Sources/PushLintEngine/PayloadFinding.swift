import PushLintJSON
import PushLintModel

/// A payload rule's finding as a run of a batch keeps it until the batch is checked: what the rule said, without
/// the location and byte ranges the engine fills in afterwards, and its rule id as a slot in the run's list of ids.
/// That is 80 bytes where a `Diagnostic` takes 208: the 50 MB batch's 51 000 findings are held while its nodes are,
/// and so made its peak memory.
struct PayloadFinding: Sendable {
    var message: String
    var pointer: String?
    var help: String?
    var span: ByteSpan
    var fix: Fix?
    var severity: Severity
    /// Index of the finding's rule id in `BatchFindings.ruleIds`.
    var rule: UInt32
}

/// The findings of a run of a batch's messages, in order, as `PayloadFinding`s.
struct BatchFindings: Sendable {
    private(set) var items: [PayloadFinding] = []
    /// The rule ids the findings name: a few dozen for any number of findings.
    private(set) var ruleIds: [String] = []
    /// By the index of a rule in the run's list: the slot of the id its last finding named (`UInt32.max`: none yet).
    /// Its findings name the same id again, and the same string compares by identity, without a look at its bytes.
    private var slotByRule: [UInt32] = []

    var count: Int { items.count }

    mutating func reserveCapacity(_ count: Int) { items.reserveCapacity(count) }

    /// Adds the findings of the rule at `rule` in the run's list of rules, in order.
    mutating func append(_ findings: [Diagnostic], rule: Int) {
        // Most rules find nothing: their empty list is not walked.
        guard !findings.isEmpty else { return }
        for index in findings.indices {
            let finding = findings[index]
            assert(
                finding.location == nil && finding.byteRange == nil && finding.fixByteRanges == nil,
                "rules leave locations to the engine")
            items.append(
                PayloadFinding(
                    message: Self.ownSized(finding.message), pointer: finding.pointer, help: finding.help,
                    span: finding.span, fix: finding.fix, severity: finding.severity,
                    rule: slot(of: finding.ruleId, rule: rule)))
        }
    }

    /// Takes the last finding out, as the `Diagnostic` the rule made.
    mutating func popLast() -> Diagnostic? {
        guard let finding = items.popLast() else { return nil }
        return Diagnostic(
            ruleId: ruleIds[Int(finding.rule)], severity: finding.severity, message: finding.message,
            span: finding.span, pointer: finding.pointer, help: finding.help, fix: finding.fix)
    }

    private mutating func slot(of id: String, rule: Int) -> UInt32 {
        if rule < slotByRule.count, slotByRule[rule] != .max, ruleIds[Int(slotByRule[rule])] == id {
            return slotByRule[rule]
        }
        let slot: UInt32
        if let index = ruleIds.firstIndex(of: id) {
            slot = UInt32(index)
        } else {
            ruleIds.append(id)
            slot = UInt32(ruleIds.count - 1)
        }
        if rule >= slotByRule.count { slotByRule += repeatElement(.max, count: rule + 1 - slotByRule.count) }
        slotByRule[rule] = slot
        return slot
    }

    /// `text` in storage of its own size. A message is built by interpolation, whose storage grows by doubling as
    /// the pieces are appended: the 50 MB batch's messages (128 bytes on average) took 250 bytes each.
    static func ownSized(_ text: String) -> String {
        let copy = text.utf8.withContiguousStorageIfAvailable { utf8 in
            // A message of up to 15 bytes (rare) is left as it is: copying it inline too cost 1 M instructions on the
            // 5 MB batch, whose messages are all longer.
            utf8.count <= 15
                ? text
                : String(unsafeUninitializedCapacity: utf8.count) { buffer in buffer.initialize(fromContentsOf: utf8) }
        }
        return copy ?? text
    }
}
