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
    var count: Int { items.count }

    mutating func reserveCapacity(_ count: Int) { items.reserveCapacity(count) }

    /// Adds one payload's findings, in order.
    mutating func append(_ findings: [Diagnostic]) {
        // Most payloads' rules find nothing: their empty list is not walked.
        guard !findings.isEmpty else { return }
        for index in findings.indices {
            let finding = findings[index]
            assert(
                finding.location == nil && finding.byteRange == nil && finding.fixByteRanges == nil,
                "rules leave locations to the engine")
            items.append(
                PayloadFinding(
                    message: Self.ownSized(finding.message), pointer: finding.pointer, help: finding.help,
                    span: finding.span, fix: finding.fix, severity: finding.severity, rule: slot(of: finding.ruleId)))
        }
    }

    /// Takes the last finding out, as the `Diagnostic` the rule made.
    mutating func popLast() -> Diagnostic? {
        guard let finding = items.popLast() else { return nil }
        return Diagnostic(
            ruleId: ruleIds[Int(finding.rule)], severity: finding.severity, message: finding.message,
            span: finding.span, pointer: finding.pointer, help: finding.help, fix: finding.fix)
    }

    private mutating func slot(of id: String) -> UInt32 {
        // A rule's findings come together, and name its id, the same string each time: the last slot is the
        // likeliest, and an id is compared with the others by identity before bytes.
        if let last = ruleIds.indices.last, ruleIds[last] == id { return UInt32(last) }
        if let index = ruleIds.firstIndex(of: id) { return UInt32(index) }
        ruleIds.append(id)
        return UInt32(ruleIds.count - 1)
    }

    /// `text` in storage of its own size. A message is built by interpolation, whose storage grows by doubling as
    /// the pieces are appended, so a report that holds it keeps up to twice its bytes.
    static func ownSized(_ text: String) -> String {
        let copy = text.utf8.withContiguousStorageIfAvailable { utf8 in
            // A message of up to 15 bytes (rare) is left as it is: such a string is stored inline already.
            utf8.count <= 15
                ? text
                : String(unsafeUninitializedCapacity: utf8.count) { buffer in buffer.initialize(fromContentsOf: utf8) }
        }
        return copy ?? text
    }
}
