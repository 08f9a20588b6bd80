import PushLintDetectors
import PushLintModel

extension PayloadRule {
    /// One finding on the key of each unknown field of the payload (`UnknownField.all`), saying what the rule's
    /// `text` (a function of its `// MARK: Messages` section) says of it.
    func unknownFieldFindings(_ context: PayloadContext, _ text: (UnknownField) -> FindingText) -> [Diagnostic] {
        UnknownField.all(in: context).map { field in
            diagnostic(text(field), at: field.keyNode, in: context.document)
        }
    }
}

extension UnknownField {
    /// The help of an unknown field in every rule's words: the rule's `foreign` help for a field of another
    /// platform or API (naming its replacement), the same rename for a misspelling, the rule's `unknown` help
    /// otherwise.
    func help(foreign: (_ replacement: String) -> String, unknown: String) -> String {
        switch advice {
        case .foreign(let replacement): foreign(replacement)
        case .misspelt(let suggestion): "rename it to \(MessageText.single(suggestion))"
        case .unknown: unknown
        }
    }
}
