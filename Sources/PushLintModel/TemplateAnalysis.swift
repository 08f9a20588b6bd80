import PushLintJSON

/// What pushlint learnt from a template with control flow (DESIGN.md §3): its structure, the renderings it
/// checked and those that are not JSON. The engine fills it in; the `template-*` file rules report from it.
public struct TemplateAnalysis: Sendable {
    public var program: TemplateProgram
    /// Nil when the template could not be rendered (a syntax problem, blocks nested too deep).
    public var selections: TemplateSelections?
    /// Distinct renderings checked (selections that render the same bytes are checked once).
    public var distinctRenderings = 0
    /// Selections whose rendering passed `renderLimit` bytes and was not checked.
    public var oversized = 0
    public var renderLimit = 0
    /// Selections not rendered because the file's rendering budget (`workBudget` bytes and steps, all renderings
    /// together) was spent.
    public var unrendered = 0
    public var workBudget = 0
    /// Renderings that are not JSON, one entry for each place in the template.
    public var invalid: [InvalidRendering] = []

    public init(program: TemplateProgram) {
        self.program = program
    }

    /// A place where some renderings are not JSON.
    public struct InvalidRendering: Sendable {
        public enum Problem: Sendable, Hashable {
            /// A comma before `}` or `]`: `after` is the key of the member before it; in an array, `array` is the
            /// array's key.
            case trailingComma(after: String?, array: String?)
            /// What the JSON parser expected there.
            case syntax(String)
            /// A placeholder with a JSON filter (`| tojson`) inside a string: a string value renders with its own
            /// quotes, inside the string's.
            case jsonInString(String)
        }
        public var problem: Problem
        /// In the template.
        public var span: ByteSpan
        /// The branch that renders it: empty when every rendering does.
        public var condition: [TemplateCondition]
        /// How many of the checked renderings are affected.
        public var renderings: Int

        public init(problem: Problem, span: ByteSpan, condition: [TemplateCondition], renderings: Int) {
            self.problem = problem
            self.span = span
            self.condition = condition
            self.renderings = renderings
        }
    }
}

/// One choice of a template at one option: "`badge` is unset", "`items` has 2 items".
public struct TemplateCondition: Sendable, Hashable {
    public var choice: TemplateChoice
    /// The options it takes (one, or several: "`items` has items").
    public var options: [Int]
    /// The loop's declared maximum, when its fourth option renders it.
    public var maxItems: Int?

    public init(choice: TemplateChoice, options: [Int], maxItems: Int? = nil) {
        self.choice = choice
        self.options = options
        self.maxItems = maxItems
    }

    public var text: String {
        if case .loop(let subject) = choice.kind, options == [1, 2] || options == [1, 2, 3] {
            return "`\(subject)` has items"
        }
        return options.map(text(option:)).joined(separator: " or ")
    }

    func text(option: Int) -> String {
        switch choice.kind {
        case .truth(let expression):
            guard Self.isName(expression) else { return "`\(expression)` \(option == 0 ? "holds" : "does not hold")" }
            return "`\(expression)` is \(option == 0 ? "set" : "unset")"
        case .chain(let tests):
            if option < tests.count { return "`\(tests[option])` holds" + (option > 0 ? " (and no earlier test)" : "") }
            return "none of " + tests.map { "`\($0)`" }.joined(separator: ", ") + " holds"
        case .cases(let subject, let values):
            if option < values.count { return "`\(subject)` is \(values[option])" }
            return "`\(subject)` matches no `when`"
        case .loop(let subject):
            switch option {
            case 0: return "`\(subject)` is empty"
            case 1: return "`\(subject)` has 1 item"
            case 2: return "`\(subject)` has 2 items"
            default: return "`\(subject)` has \(maxItems ?? option) items (its maxItems)"
            }
        }
    }

    /// A variable path (`badge`, `user.name`, `.Badge`, `@last`), not an expression.
    static func isName(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy {
                ASCIIText.isAlphanumeric($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x40 || $0 == 0x24
            }
    }

    /// "when `a` is set and `b` is unset"; at most three conditions, then "and 2 more".
    public static func phrase(_ conditions: [TemplateCondition]) -> String {
        guard !conditions.isEmpty else { return "" }
        let shown = conditions.prefix(3).map(\.text)
        let more = conditions.count > 3 ? " and \(conditions.count - 3) more" : ""
        return "when " + shown.joined(separator: " and ") + more
    }
}
