import PushLintJSON
import PushLintModel
import PushLintRules
import Testing

@Suite struct RequestFindingsTests {
    /// One finding of a repeated mistake in the message at `offset`, fixed (when `fixable`) by one edit there.
    static func finding(at offset: Int, fixable: Bool) -> Diagnostic {
        Diagnostic(
            ruleId: "expo-priority-value", severity: .warning, message: "priority \"urgent\" is not one of Expo's",
            span: ByteSpan(offset, offset + 8), pointer: "/\(offset)/priority",
            fix: fixable ? Fix(edits: [TextEdit(offset: offset, length: 8, text: "\"high\"")]) : nil)
    }

    @Test func foldedFixEditsEveryMessageExactlyOnce() throws {
        let offsets = (0..<50).map { $0 * 100 }
        let folded = RequestFindings.folded(offsets.map { Self.finding(at: $0, fixable: true) })
        #expect(folded.count == 1)
        let edits = try #require(folded.first?.fix?.edits)
        #expect(edits.map(\.offset) == offsets)
        #expect(folded.first?.message.contains("49 more messages") == true)
    }

    @Test(arguments: [
        [false, true, true],  // the first occurrence has no fix, later ones do
        [true, false, true],  // a later one has none
        [true, true, false],
    ])
    func aMixOfFixableAndUnfixableGivesNoPartialFix(fixable: [Bool]) {
        let findings = fixable.enumerated().map { Self.finding(at: $0.offset * 100, fixable: $0.element) }
        let folded = RequestFindings.folded(findings)
        #expect(folded.count == 1)
        #expect(folded.first?.fix == nil)
    }

    @Test func unsafeEditAnywhereMakesTheFoldedFixUnsafe() throws {
        var findings = (0..<3).map { Self.finding(at: $0 * 100, fixable: true) }
        findings[2].fix?.isSafe = false
        let fix = try #require(RequestFindings.folded(findings).first?.fix)
        #expect(fix.edits.count == 3)
        #expect(!fix.isSafe)
    }
}
