import PushLintDetectors
import PushLintModel

/// The words every schema rule has for the problems one schema checker finds in any table (a value of another
/// type, an enumeration value that is none of its values or one in another letter case): each rule says what its
/// platform does with the value (`rejection`), the problem is worded here once.
enum ValueWording {
    // MARK: Messages

    /// An enumeration value that is no value: its number out of range, another letter case or spelling of a value,
    /// or none of them. Nil for a problem of another kind.
    static func enumeration(_ problem: ValueProblem, rejection: String) -> FindingText? {
        let path = problem.path
        switch problem.kind {
        case .enumNumberOutOfRange(let index, let values):
            return FindingText(
                "\(path) is \(index), which is no value of the enumeration; \(rejection)",
                help: "write one of \(list(values))")
        case .notInEnumeration(let text, _, _, let match?, _):
            return FindingText(
                "\(path) is \(MessageText.json(text)) but enum values are exact and case-sensitive, so \(rejection)",
                help: "write \(MessageText.json(match))")
        case .notInEnumeration(let text, let values, _, _, let closest):
            return FindingText(
                "\(path) is \(MessageText.json(text)), which is not one of \(list(values)), so \(rejection)",
                help: closest.map { "write \(MessageText.json($0))" } ?? "write one of \(list(values))")
        default:
            return nil
        }
    }

    /// A value of another JSON type than the field's, with the literal to write when one is clear.
    static func wrongType(_ problem: ValueProblem, rejection: String) -> FindingText {
        FindingText(
            "\(problem.path) is \(problem.found.described) but must be \(problem.type.summary); \(rejection)",
            help: "write " + (problem.found.literal(as: problem.type) ?? problem.type.summary))
    }

    /// An enumeration value, the type's other problems as a wrong type: what a table of strings, flags and enums
    /// (Expo's, the Notifications API's) can find.
    static func enumerationOrType(_ problem: ValueProblem, rejection: String) -> FindingText {
        enumeration(problem, rejection: rejection) ?? wrongType(problem, rejection: rejection)
    }

    /// Values as a message lists them: `"a", "b"`.
    static func list(_ values: [String]) -> String { values.map { MessageText.json($0) }.joined(separator: ", ") }
}
