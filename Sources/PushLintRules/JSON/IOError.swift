import PushLintJSON
import PushLintModel

/// `io-error`: a file that exists but cannot be read.
struct IOError: FileRule {
    static let description = RuleDescription(
        id: "io-error",
        summary: "A file exists but cannot be read.",
        family: .json,
        defaultSeverity: .error,
        rationale: """
            A template that the linter cannot read is a template nobody checked. Permission problems, a \
            directory or FIFO named as a file, or a file that vanished between discovery and reading are \
            reported as findings (exit 1), not as crashes, so a CI run says which file and why.
            """)

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let reason = file.readError else { return [] }
        return [diagnostic(Self.unreadable(reason), span: ByteSpan(0, 0), pointer: nil)]
    }

    // MARK: Messages

    static func unreadable(_ reason: String) -> FindingText {
        FindingText("cannot read the file: \(reason)")
    }

}
