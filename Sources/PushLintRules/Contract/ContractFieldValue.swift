import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `contract-field-value`: a field's value breaks its declaration.
struct ContractFieldValue: PayloadRule {
    static let description = RuleDescription(
        id: "contract-field-value",
        summary: "A custom data value breaks the type, enum, pattern or length that the contract declares for it.",
        family: .contract,
        defaultSeverity: .error,
        rationale: """
            The contract declares what the app can parse: `type` (string, number, integer, boolean, object, \
            array), `enum`, `pattern` (a regular expression, searched like JSON Schema's: anchor it with `^` and \
            `$`), `maxLength` and `minLength` (in characters). A value outside it reaches the device and fails \
            there: a decoder throws, a switch falls to `default`, a deep link opens nothing. FCM `data` is \
            `map<string,string>` (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages), so in FCM data a `number` or `boolean` field is \
            checked on the string's content (`"3"`, `"true"`); a non-string value there is \
            `fcm-data-string-values`' finding. Values with placeholders are checked for their type only (a quoted \
            placeholder renders a string); enum, pattern and length are judged on rendered values, which a \
            template does not have.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "order_updated", "order_id": ↓"A-48217", "cursor": "c"}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop,
                note: "`order_id` must match `^[0-9]+$`."),
            RuleExample(
                #"{"aps": {"alert": "Updated"}, "type": "order_updated", "order_id": ↓"4821748217482", "cursor": "c"}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop,
                note: "Longer than `maxLength` 12."),
            RuleExample(
                #"{"aps": {"alert": "Updated"}, "type": "order_updated", "order_id": "48217", "cursor": "c", "count": ↓"3"}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop,
                note: "APNs custom keys keep JSON types: `count` must be an integer."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "order_updated", "order_id": "48217", "cursor": "c", "count": "3"}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop,
                note: "In FCM data an integer field is a string of digits."),
            RuleExample(
                #"{"aps": {"alert": "Updated"}, "type": "order_updated", "order_id": "{{order_id}}", "cursor": "c", "count": {{count}}}"#,
                fileName: "push/orders/updated.json.tmpl", contract: ExampleContracts.shop,
                note: "Placeholders are not judged by pattern or length."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let event = EventMapping.event(context), let declared = event.fields else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        for field in CustomData.allFields(context) {
            let name = doc.string(field.key)
            guard let declaration = declared.first(where: { $0.name == name }),
                let problem = problem(declaration, field, context)
            else { continue }
            result.append(
                diagnostic(
                    Self.unusable(name, of: event.name, problem), at: field.value, in: doc,
                    severity: problem.isUnchecked ? .warning : nil))
        }
        return result
    }

    /// What is wrong with a declared field's value, in the order the contract's constraints are checked.
    enum Problem {
        case type(Contract.FieldType, found: Found)
        case notAllowed(String, allowed: [String])
        case pattern(String, ContractPattern)
        /// The pattern could not be decided within the matcher's step budget: said, never taken as a match.
        case patternTooComplex(length: Int, ContractPattern)
        case tooLong(Int, maxLength: Int)
        case tooShort(Int, minLength: Int)

        var isUnchecked: Bool {
            if case .patternTooComplex = self { return true }
            return false
        }
    }

    private func problem(_ declaration: Contract.Field, _ field: CustomField, _ context: PayloadContext) -> Problem? {
        let doc = context.document
        let node = field.value
        let kind = doc.kind(node)
        if kind == .placeholder { return nil }
        if field.isStringMap && kind != .string { return nil }
        let templated = context.isTemplated(node)
        if let type = declaration.type {
            if let found = typeMismatch(type, node, field.isStringMap, templated, doc) {
                return .type(type, found: found)
            }
        }
        guard !templated else { return nil }
        if let allowed = declaration.allowed, let text = CustomData.scalarText(context, node), !allowed.contains(text) {
            return .notAllowed(text, allowed: allowed)
        }
        guard let text = doc.stringValue(node) else { return nil }
        if let pattern = declaration.pattern {
            switch pattern.check(text) {
            case .matched: break
            case .notMatched: return .pattern(text, pattern)
            case .tooComplex: return .patternTooComplex(length: text.unicodeScalars.count, pattern)
            }
        }
        let length = text.unicodeScalars.count
        if let maxLength = declaration.maxLength, length > maxLength {
            return .tooLong(length, maxLength: maxLength)
        }
        if let minLength = declaration.minLength, length < minLength {
            return .tooShort(length, minLength: minLength)
        }
        return nil
    }

    /// A value of the wrong type, as the message names it.
    enum Found {
        /// A string of an FCM data map whose content is not of the declared type: its decoded text.
        case stringContent(String)
        /// A number or a string as the file writes it.
        case number(raw: String)
        case string(raw: String)
        /// Any other value: its JSON type.
        case other(typeName: String)
    }

    /// What was found instead of `type`, or nil when the value has that type.
    private func typeMismatch(
        _ type: Contract.FieldType, _ node: NodeID, _ stringMap: Bool, _ templated: Bool, _ doc: JSONDocument
    ) -> Found? {
        if stringMap {
            // FCM data: every value is a string; the app parses its content.
            guard !templated, let text = doc.stringValue(node) else { return nil }
            let ok: Bool
            switch type {
            case .string: ok = true
            case .number: ok = Double(text) != nil && !text.isEmpty
            case .integer: ok = Int(text) != nil
            case .boolean: ok = text == "true" || text == "false"
            case .object: ok = text.hasPrefix("{")
            case .array: ok = text.hasPrefix("[")
            }
            return ok ? nil : .stringContent(text)
        }
        let ok: Bool
        switch type {
        case .string: ok = doc.kind(node) == .string
        case .number: ok = doc.kind(node) == .number
        case .integer: ok = doc.isInteger(node)
        case .boolean: ok = doc.kind(node) == .bool
        case .object: ok = doc.kind(node) == .object
        case .array: ok = doc.kind(node) == .array
        }
        if ok { return nil }
        if doc.kind(node) == .number, type == .integer { return .number(raw: doc.rawText(node)) }
        return doc.kind(node) == .string ? .string(raw: doc.rawText(node)) : .other(typeName: doc.typeName(node))
    }

    // MARK: Messages

    static func unusable(_ name: String, of event: String, _ problem: Problem) -> FindingText {
        FindingText(message(name, of: event, problem), help: help(problem))
    }

    private static func message(_ name: String, of event: String, _ problem: Problem) -> String {
        if case .patternTooComplex(let length, let pattern) = problem {
            return
                "field '\(name)' of event '\(event)' is too complex to check against the pattern \(pattern.source): its \(length) characters pass pushlint's step budget, so the value was not checked"
        }
        let text =
            switch problem {
            case .type(let type, let found): "must be \(article(type)) \(type.rawValue), found \(describe(found))"
            case .notAllowed(let text, let allowed): "is '\(text)', which is not one of \(list(allowed))"
            case .pattern(let text, let pattern): "is '\(text)', which does not match the pattern \(pattern.source)"
            case .patternTooComplex: ""
            case .tooLong(let length, let maxLength):
                "is \(length) characters long, more than its maxLength \(maxLength)"
            case .tooShort(let length, let minLength):
                "is \(length) characters long, less than its minLength \(minLength)"
            }
        return "field '\(name)' of event '\(event)' \(text); the app cannot use it"
    }

    private static func help(_ problem: Problem) -> String {
        switch problem {
        case .type(let type, _): "write \(article(type)) \(type.rawValue)"
        case .notAllowed(let text, let allowed):
            Suggest.closest(to: text, in: nearInLength(text, allowed)).map { "write \"\($0)\"" }
                ?? "use one of \(list(allowed))"
        case .pattern(_, let pattern): "write a value that matches \(pattern.source)"
        case .patternTooComplex: "simplify the pattern (fewer or smaller counted repetitions) or shorten the value"
        case .tooLong(_, let maxLength): "shorten it to \(maxLength) characters"
        case .tooShort(_, let minLength): "write at least \(minLength) characters"
        }
    }

    private static func describe(_ found: Found) -> String {
        switch found {
        case .stringContent(let text): "the string '\(text)'"
        case .number(let raw): "the number \(raw)"
        case .string(let raw): "the string \(raw)"
        case .other(let typeName): typeName
        }
    }

    /// The allowed values, the first `quotedValues` of them: a contract may list thousands, and every finding
    /// quoting them all would grow the report (and the memory holding it) with the enum.
    private static func list(_ allowed: [String]) -> String {
        let quoted = allowed.prefix(Self.quotedValues).map { "'\($0)'" }.joined(separator: ", ")
        let rest = allowed.count - Self.quotedValues
        return rest > 0 ? "\(quoted), … and \(rest) more" : quoted
    }

    static let quotedValues = 10

    /// The candidates a suggestion can come from: `Suggest` accepts at most 3 edits, so a value whose length
    /// differs by more cannot be the one. An enum longer than `maxSuggestionCandidates` gets no suggestion: an edit
    /// distance to each of 20 000 values for every finding of a log costs seconds.
    private static func nearInLength(_ text: String, _ allowed: [String]) -> [String] {
        guard allowed.count <= Self.maxSuggestionCandidates else { return [] }
        let length = text.unicodeScalars.count
        return allowed.filter { abs($0.unicodeScalars.count - length) <= 3 }
    }

    static let maxSuggestionCandidates = 1000

    private static func article(_ type: Contract.FieldType) -> String {

        [.integer, .object, .array].contains(type) ? "an" : "a"
    }
}
