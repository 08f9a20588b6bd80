import PushLintDetectors
import PushLintModel

extension PayloadRule {
    /// One finding on the key of each unknown field of the payload (`UnknownField.all`), in the rule's words: the
    /// message and help for a foreign field (naming its replacement), the message for any other key (ending in
    /// `UnknownField.hint`) and its help when no field is close. A misspelling's help is the same in every rule.
    func unknownFieldFindings(
        _ context: PayloadContext, foreign: (UnknownField, _ replacement: String) -> String,
        foreignHelp: (_ replacement: String) -> String, unknown: (UnknownField) -> String, unknownHelp: String
    ) -> [Diagnostic] {
        UnknownField.all(in: context).map { field in
            let (message, help) =
                switch field.advice {
                case .foreign(let replacement): (foreign(field, replacement), foreignHelp(replacement))
                case .misspelt(let suggestion): (unknown(field), "rename it to \(MessageText.single(suggestion))")
                case .unknown: (unknown(field), unknownHelp)
                }
            return diagnostic(message, at: field.keyNode, in: context.document, help: help)
        }
    }
}
