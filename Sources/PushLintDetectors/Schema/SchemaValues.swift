import PushLintJSON
import PushLintModel

/// Checks values against the types of a schema table (`APNsSchema`, `FCMSchema`, `ExpoSchema`), for
/// `apns-aps-value`, `fcm-field-value` and `expo-field-value`: what each type and format means is here, which field
/// has which type is in the table, and the words are the rule's.
package struct SchemaValueChecker {
    package let context: PayloadContext
    /// proto3 JSON takes `null` for any field as "not set"; Expo and Apple only where their table says so.
    package let nullMeansUnset: Bool
    /// proto3 JSON takes an enum value's number for its name; Apple's enumerations are strings only.
    package let enumsTakeNumbers: Bool
    /// Keys written for a field in another spelling (`aps`' `content_available`): their field is not missing, since
    /// the misspelling is the finding of `apns-aps-unknown-key` (one mistake, one finding).
    package var misspeltKeys: [APSUnknownKey] = []

    package init(context: PayloadContext, nullMeansUnset: Bool, enumsTakeNumbers: Bool = true) {
        self.context = context
        self.nullMeansUnset = nullMeansUnset
        self.enumsTakeNumbers = enumsTakeNumbers
    }

    package var doc: JSONDocument { context.document }

    /// Problems of one value (not of the members of a nested message: those are visited as members of their own).
    /// The path is made only for a problem: every value of every payload passes here, and most have none.
    package func check(_ node: NodeID, as type: SchemaType, path: @autoclosure () -> FieldPath) -> [ValueProblem] {
        let kind = doc.kind(node)
        if kind == .placeholder { return [] }
        switch type {
        case .oneOf(let types):
            let isInteger = doc.isInteger(node)
            guard let match = types.first(where: { $0.acceptsJSONKind(kind, isInteger: isInteger) }) else {
                return [problem(node, path, type, .wrongType)]
            }
            return check(node, as: match, path: path())
        // Apple's value types judge a value of another JSON type themselves: a string may hold the intended number.
        case .integer(let min, let max): return integer(node, type, min: min, max: max, path: path)
        case .unixTime: return unixTime(node, type, path: path)
        case .flag:
            guard let value = flag(node) else { return [] }
            return [problem(node, path, type, .flag(value))]
        case .literal(let values):
            return isOneOf(node, values) ? [] : [problem(node, path, type, .notLiteral(values))]
        // Most fields are plain strings, with nothing more to check.
        case .string(.any) where kind == .string: return []
        default: break
        }
        if kind == .null, nullMeansUnset { return [] }
        if case .duration(let max) = type, kind == .number { return [durationNumber(node, type, max: max, path: path)] }
        guard accepts(type, kind, node) else { return [problem(node, path, type, .wrongType)] }
        if kind == .string, context.isTemplate, context.isTemplated(node) { return [] }
        return checkValue(node, as: type, path: path)
    }

    func accepts(_ type: SchemaType, _ kind: JSONKind, _ node: NodeID) -> Bool {
        if case .enumeration = type, kind == .number, !enumsTakeNumbers { return false }
        return type.acceptsJSONKind(kind, isInteger: doc.isInteger(node))
    }

    /// A value of the right JSON type: its format, range or members.
    func checkValue(_ node: NodeID, as type: SchemaType, path: () -> FieldPath) -> [ValueProblem] {
        switch type {
        case .string(let format): return stringFormat(node, type, format, path: path)
        case .enumeration(let values, let aliases):
            return enumeration(node, type, values, aliases: aliases, path: path)
        case .duration(let max): return duration(node, type, max: max, path: path)
        case .timestamp:
            // RFC 3339 date-time, as proto3 JSON takes a Timestamp.
            if doc.withStringBytes(node, BytePatterns.isRFC3339Timestamp) { return [] }
            return [problem(node, path, type, .notATimestamp(doc.string(node)))]
        case .int32:
            let text = doc.kind(node) == .string ? doc.string(node) : doc.rawText(node)
            if let value = Int(text), value >= Int(Int32.min), value <= Int(Int32.max) { return [] }
            return [problem(node, path, type, .notInt32)]
        case .number(let min, let max):
            guard let value = doc.doubleValue(node), value < (min ?? -.infinity) || value > (max ?? .infinity) else {
                return []
            }
            return [problem(node, path, type, .outOfRange(value, min: min, max: max))]
        case .array(let element):
            return doc.elements(node).enumerated().flatMap {
                check($0.element, as: element, path: .element(path(), $0.offset))
            }
        case .stringMap(.webPushHeaders): return webPushHeaders(node, path: path)
        case .message(let schema): return object(node, type, schema, path: path)
        case .bool, .stringMap, .freeObject, .null, .oneOf, .integer, .unixTime, .flag, .literal: return []
        }
    }

    func problem(_ node: NodeID, _ path: () -> FieldPath, _ type: SchemaType, _ kind: ValueProblem.Kind)
        -> ValueProblem
    {
        ValueProblem(node: node, path: path(), type: type, found: FoundValue(document: doc, node: node), kind: kind)
    }

    // MARK: Objects

    /// An object as a whole: the fields it requires, the fields that mean nothing without another.
    func object(_ node: NodeID, _ type: SchemaType, _ schema: MessageSchema, path: () -> FieldPath) -> [ValueProblem] {
        let missing = schema.required.filter { lacks(node, $0, schema) }
        var result = missing.isEmpty ? [] : [problem(node, path, type, .missing(missing, in: schema))]
        for (name, needed) in schema.dependencies {
            guard let value = doc.member(node, name), lacks(node, needed, schema),
                let key = doc.keyNode(ofValue: value)
            else { continue }
            result.append(problem(key, path, type, .withoutNeeded(name, needs: needed)))
        }
        return result
    }

    func lacks(_ node: NodeID, _ name: String, _ schema: MessageSchema) -> Bool {
        doc.member(node, name) == nil
            && !(schema.acceptsLowerCamelCase && doc.member(node, SchemaField.lowerCamelCase(name)) != nil)
            && !misspeltKeys.contains { $0.object.node == node && $0.intended == name }
    }

    // MARK: Enumerations and Apple's values

    func enumeration(_ node: NodeID, _ type: SchemaType, _ values: [String], aliases: [String], path: () -> FieldPath)
        -> [ValueProblem]
    {
        if let index = doc.intValue(node) {
            guard !(0..<values.count).contains(index) else { return [] }
            return [problem(node, path, type, .enumNumberOutOfRange(index, values: values))]
        }
        let text = doc.string(node)
        if values.contains(text) || aliases.contains(text) { return [] }
        let otherCase = values.first { ASCIIText.equalsIgnoringCase($0, text) }
        let sameWord = Suggest.sameWordDifferentSpelling(text, in: values)
        // An edit distance is asked only when the same word is not among the values: no rule offers both.
        let closest = sameWord == nil ? Suggest.closest(to: text, in: values) : nil
        return [
            problem(
                node, path, type,
                .notInEnumeration(text, values: values, otherCase: otherCase, sameWord: sameWord, closest: closest))
        ]
    }

    func integer(_ node: NodeID, _ type: SchemaType, min: Int?, max: Int?, path: () -> FieldPath) -> [ValueProblem] {
        func inRange(_ value: Int) -> Bool { value >= (min ?? .min) && value <= (max ?? .max) }
        let kind: ValueProblem.Kind
        if let value = doc.intValue(node) {
            if inRange(value) { return [] }
            kind = .outOfRange(Double(value), min: min.map(Double.init), max: max.map(Double.init))
        } else if let value = doc.doubleValue(node) {
            kind = .notInteger(value)
        } else if doc.kind(node) == .string, let value = Int(doc.string(node)), inRange(value) {
            kind = .integerInString(value)
        } else {
            kind = .wrongType
        }
        return [problem(node, path, type, kind)]
    }

    func unixTime(_ node: NodeID, _ type: SchemaType, path: () -> FieldPath) -> [ValueProblem] {
        if let value = doc.intValue(node), value >= 0 { return [] }
        if doc.kind(node) == .string, let value = Int(doc.string(node)), value >= 0 {
            return [problem(node, path, type, .integerInString(value))]
        }
        return [problem(node, path, type, .wrongType)]
    }

    /// What a flag holds instead of the number 1, or nil when it holds 1.
    func flag(_ node: NodeID) -> ValueProblem.FlagValue? {
        let kind = doc.kind(node)
        if kind == .number, doc.isInteger(node), doc.rawText(node) == "1" { return nil }
        switch kind {
        case .bool where doc.boolValue(node) == true: return .isTrue
        case .string where doc.string(node) == "1": return .stringOne
        case .number where doc.doubleValue(node) == 1: return .numberOne
        // `true` was handled above: a boolean here is false.
        case _ where kind == .bool || (kind == .number && doc.doubleValue(node) == 0): return .off
        default: return .other
        }
    }

    /// The value is one of the literals, compared as JSON values (`1.0` is `1`).
    func isOneOf(_ node: NodeID, _ literals: [String]) -> Bool {
        literals.contains { literal in
            switch SchemaType.kind(ofLiteral: literal) {
            case .number: return doc.doubleValue(node).map { $0 == Double(literal) } ?? false
            case .bool: return doc.boolValue(node) == (literal == "true")
            case .null: return doc.kind(node) == .null
            default: return doc.kind(node) == .string && JSONDocument.quoted(doc.string(node)) == literal
            }
        }
    }

    // MARK: Durations

    /// Reads `<seconds>[.<1 to 9 digits>]`, followed by `s` when `unit` (a proto3 Duration). Returns the whole
    /// seconds (nil when they do not fit an Int) and whether the fraction is non-zero; nil when the text has
    /// another shape. By hand rather than with a Regex: it runs for every ttl of every template.
    package static func seconds(_ text: String, unit: Bool) -> (whole: Int?, hasFraction: Bool)? {
        var bytes = Array(text.utf8)
        if unit {
            guard bytes.last == UInt8(ascii: "s") else { return nil }
            bytes.removeLast()
        }
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = bytes[..<(dot ?? bytes.endIndex)]
        guard !whole.isEmpty, whole.allSatisfy(isDigit) else { return nil }
        var hasFraction = false
        if let dot {
            let fraction = bytes[(dot + 1)...]
            guard (1...9).contains(fraction.count), fraction.allSatisfy(isDigit) else { return nil }
            hasFraction = fraction.contains { $0 != UInt8(ascii: "0") }
        }
        return (Int(String(decoding: whole, as: UTF8.self)), hasFraction)
    }

    func duration(_ node: NodeID, _ type: SchemaType, max: Int?, path: () -> FieldPath) -> [ValueProblem] {
        let text = doc.string(node)
        let kind: ValueProblem.Kind
        if let parsed = Self.seconds(text, unit: true) {
            let seconds = parsed.whole ?? Int.max
            guard let max, seconds > max || (seconds == max && parsed.hasFraction) else { return [] }
            kind = .durationOverMaximum(text, max: max)
        } else if let parsed = Self.seconds(text, unit: false) {
            kind = .durationWithoutUnit(text, seconds: parsed.whole, max: max)
        } else if text.utf8.first == UInt8(ascii: "-"), Self.seconds(String(text.dropFirst()), unit: true) != nil {
            kind = .negativeDuration(text)
        } else {
            kind = .notADuration(text)
        }
        return [problem(node, path, type, kind)]
    }

    func durationNumber(_ node: NodeID, _ type: SchemaType, max: Int?, path: () -> FieldPath) -> ValueProblem {
        let raw = doc.rawText(node)
        let seconds = Self.seconds(raw, unit: false).flatMap(\.whole)
        return problem(node, path, type, .durationAsNumber(raw, seconds: seconds, max: max))
    }

    // MARK: Strings with a format

    func stringFormat(_ node: NodeID, _ type: SchemaType, _ format: StringFormat, path: () -> FieldPath)
        -> [ValueProblem]
    {
        // Most fields take any string: decoding the text first would cost a `String` per value of every payload.
        guard format != .any, let kind = Self.formatProblem(doc.string(node), format) else { return [] }
        return [problem(node, path, type, kind)]
    }

    /// What is wrong with a string of a format, if anything.
    static func formatProblem(_ text: String, _ format: StringFormat) -> ValueProblem.Kind? {
        // An empty target is not set (a string field's proto3 default): no target at all is fcm-target's.
        if text.isEmpty, format == .topic || format == .condition { return nil }
        if format == .topic, text.hasPrefix("/topics/"), ASCIIText.isWhole(String(text.dropFirst(8)), isTopicByte) {
            return .topicWithPrefix(text, name: String(text.dropFirst(8)))
        }
        if format == .condition {
            if let reason = FCMCondition.problem(in: text) { return .invalidCondition(text, reason: reason) }
            guard FCMCondition.hasDoubleQuotedTopic(text) else { return nil }
            return .doubleQuotedCondition(text, singleQuoted: FCMCondition.singleQuoted(text))
        }
        return hasFormat(text, format) ? nil : .notInFormat(text, format)
    }

    /// Whether a string has its format (the condition aside: its problems have their own kinds).
    static func hasFormat(_ text: String, _ format: StringFormat) -> Bool {
        switch format {
        case .any, .condition: return true
        case .color:
            return text.utf8.first == UInt8(ascii: "#")
                && ASCIIText.isWhole(String(text.dropFirst()), length: 6...6, ASCIIText.isHexDigit)
        case .topic: return ASCIIText.isWhole(text, Self.isTopicByte)
        case .analyticsLabel: return ASCIIText.isWhole(text, length: 1...50, Self.isTopicByte)
        case .httpsURL: return ASCIIText.hasPrefixIgnoringCase(text, "https://") && text.utf8.count > 8
        case .nonNegativeInteger: return ASCIIText.isWhole(text, ASCIIText.isDigit)
        case .webPushTopic:
            return ASCIIText.isWhole(
                text, length: 1...32,
                { ASCIIText.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        case .soundName: return !text.isEmpty
        case .expoPushToken: return ExpoSchema.isPushToken(text)
        }
    }

    /// FCM topic names and analytics labels: `[a-zA-Z0-9-_.~%]` (F-REF, ADM-N).
    package static func isTopicByte(_ b: UInt8) -> Bool {
        ASCIIText.isAlphanumeric(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "~") || b == UInt8(ascii: "%")
    }

    // MARK: Web push headers (RFC 8030)

    /// Header values are strings; `TTL`, `Urgency` and `Topic` also have a format (header names are
    /// case-insensitive), other headers pass.
    func webPushHeaders(_ node: NodeID, path: () -> FieldPath) -> [ValueProblem] {
        var result: [ValueProblem] = []
        for member in doc.members(node) {
            let name = doc.string(member.key)
            let value = member.value
            switch doc.kind(value) {
            case .placeholder:
                continue
            case .string:
                guard let type = FCMSchema.webPushHeader(named: name) else { continue }
                result += check(value, as: type, path: .header(path(), name))
            default:
                result.append(problem(value, { .header(path(), name) }, .string, .headerNotString))
            }
        }
        return result
    }
}
