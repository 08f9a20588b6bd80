import PushLintJSON
import PushLintModel

/// A problem with a value against its schema type, before it becomes a rule's diagnostic.
package struct ValueProblem {
    package var node: NodeID
    /// What is wrong and what the provider does with it.
    package var problem: String
    /// What to write instead ("write \"HIGH\"").
    package var help: String
    package var fix: Fix?
    /// Set when the problem is a documented risk rather than a rejection (a warning); nil for the rule's default.
    package var severity: Severity?

    package init(node: NodeID, message: String, help: String, fix: Fix? = nil, severity: Severity? = nil) {
        self.node = node
        self.problem = message
        self.help = help
        self.fix = fix
        self.severity = severity
    }

    /// One sentence: the value, what the provider does with it, what to write instead.
    package var message: String { problem + "; " + help }
}

/// Where a value stands in the message ("android.ttl", "webpush.headers[\"TTL\"]"), for messages. Rendered only
/// when a problem is reported: most values have none, and every value of every payload passes here.
package enum FieldPath: CustomStringConvertible {
    /// A field of a schema object (`parent` is the object's dotted path, "" at the root).
    case field(parent: String, name: String)
    /// A field named as its key is written in the file (FCM takes snake_case and lowerCamelCase alike).
    case key(parent: String, key: NodeID, in: JSONDocument)
    indirect case element(FieldPath, Int)
    indirect case header(FieldPath, String)

    package var description: String {
        switch self {
        case .field(let parent, let name): return SchemaObject.path(parent, name)
        case .key(let parent, let key, let doc): return SchemaObject.path(parent, doc.string(key))
        case .element(let base, let index): return "\(base)[\(index)]"
        case .header(let base, let name): return "\(base)[\(MessageText.json(name))]"
        }
    }
}

/// Checks values against the types of a schema table (`FCMSchema`, `ExpoSchema`). Shared by `fcm-field-value`
/// and `expo-field-value`; what each format means is here, which field has which format is in the table.
package struct SchemaValueChecker {
    package let context: PayloadContext
    /// What the provider does with a wrong value ("FCM rejects the message with INVALID_ARGUMENT").
    package let rejection: String
    /// proto3 JSON takes `null` for any field as "not set"; Expo only where its table says so.
    package let nullMeansUnset: Bool
    /// Set when the provider documents a number's range but not that it rejects a value outside it (FCM: the
    /// interval of a `Color` component): out-of-range values are then warnings that state this risk.
    package var rangeRisk: String? = nil
    /// Set when the provider's parser may take an enum name in another letter case (FCM: Google's parser takes
    /// lower-case names where firebase-admin sends them): such a name is then a warning that states this risk.
    package var caseRisk: String? = nil

    package init(context: PayloadContext, rejection: String, nullMeansUnset: Bool) {
        self.context = context
        self.rejection = rejection
        self.nullMeansUnset = nullMeansUnset
    }

    package var doc: JSONDocument { context.document }

    /// Problems of one value (not of the members of a nested message: those are visited as objects of their own).
    package func check(_ node: NodeID, as type: SchemaType, path: FieldPath) -> [ValueProblem] {
        let kind = doc.kind(node)
        if kind == .placeholder { return [] }
        if case .oneOf(let types) = type {
            guard let match = types.first(where: { $0.acceptsJSONKind(kind, isInteger: doc.isInteger(node)) }) else {
                return [typeProblem(node, type, path)]
            }
            return check(node, as: match, path: path)
        }
        // proto3 JSON: null means "not set" for every field type.
        if kind == .null, case .null = type { return [] }
        if kind == .null, nullMeansUnset { return [] }
        if case .duration(let max) = type, kind == .number { return [durationNumber(node, max: max, path: path)] }
        guard type.acceptsJSONKind(kind, isInteger: doc.isInteger(node)) else { return [typeProblem(node, type, path)] }
        if context.isTemplated(node) { return [] }
        switch type {
        case .string(let format):
            return stringFormat(node, format, path: path)
        case .enumeration(let values, let aliases):
            return enumeration(node, values, aliases: aliases, path: path)
        case .duration(let max):
            return duration(node, max: max, path: path)
        case .timestamp:
            return timestamp(node, path: path)
        case .int32:
            return int32(node, path: path)
        case .number(let min, let max):
            return number(node, min: min, max: max, path: path)
        // Apple's value types (`APNsSchema`): `apns-aps-value` checks them with Apple's words. Here they keep their
        // meaning for any table that uses them.
        case .integer(let min, let max):
            guard doc.isInteger(node) else { return [typeProblem(node, type, path)] }
            return number(node, min: min.map(Double.init), max: max.map(Double.init), path: path)
        case .unixTime:
            guard doc.isInteger(node), (doc.doubleValue(node) ?? -1) >= 0 else {
                return [typeProblem(node, type, path)]
            }
            return []
        case .flag:
            return doc.rawText(node) == "1" ? [] : [typeProblem(node, type, path)]
        case .literal(let values):
            return values.contains(doc.rawText(node)) ? [] : [typeProblem(node, type, path)]
        case .array(let element):
            return doc.elements(node).enumerated().flatMap {
                check($0.element, as: element, path: .element(path, $0.offset))
            }
        case .stringMap(.webPushHeaders):
            return webPushHeaders(node, path: path)
        case .message(let schema):
            return missingRequired(node, schema, path: path)
        case .bool, .stringMap, .freeObject, .null, .oneOf:
            return []
        }
    }

    // MARK: Types

    package func typeProblem(_ node: NodeID, _ type: SchemaType, _ path: FieldPath) -> ValueProblem {
        ValueProblem(
            node: node,
            message: "\(path) is \(describe(node)) but must be \(type.summary); \(rejection)",
            help: "write " + (literalInstead(of: node, as: type) ?? type.summary))
    }

    /// `1` for the string `"1"` where a number belongs, `true` for `"true"` where a boolean does.
    package func literalInstead(of node: NodeID, as type: SchemaType) -> String? {
        guard let text = doc.stringValue(node) else { return nil }
        if type.acceptsJSONKind(.number, isInteger: true) || type.acceptsJSONKind(.number, isInteger: false),
            ASCIIText.isDecimal(text)
        {
            return text
        }
        if type.acceptsJSONKind(.bool, isInteger: false), text == "true" || text == "false" { return text }
        return nil
    }

    package func describe(_ node: NodeID) -> String {
        switch doc.kind(node) {
        case .object: return "an object"
        case .array: return "an array"
        case .null: return "null"
        case .string, .key: return "the string \(short(node))"
        case .bool: return "the boolean \(doc.rawText(node))"
        case .number: return "the number \(short(node))"
        case .placeholder: return "a placeholder"
        }
    }

    package func short(_ node: NodeID) -> String {
        let raw = doc.rawText(node)
        return raw.count > 60 ? String(raw.prefix(57)) + "..." : raw
    }

    package func missingRequired(_ node: NodeID, _ schema: MessageSchema, path: FieldPath) -> [ValueProblem] {
        let missing = schema.fields.filter { $0.isRequired && !hasField(node, $0, schema) }
        guard !missing.isEmpty else { return [] }
        let names = missing.map(\.name).joined(separator: ", ")
        return [
            ValueProblem(
                node: doc.keyNode(ofValue: node) ?? node,
                message: "\(path) lacks \(names), which \(schema.name) requires; \(rejection)",
                help: "add \(names) or remove \(path)")
        ]
    }

    package func hasField(_ node: NodeID, _ field: SchemaField, _ schema: MessageSchema) -> Bool {
        doc.member(node, field.name) != nil || (schema.acceptsLowerCamelCase && doc.member(node, field.jsonName) != nil)
    }

    // MARK: Enumerations

    package func enumeration(_ node: NodeID, _ values: [String], aliases: [String] = [], path: FieldPath)
        -> [ValueProblem]
    {
        if let index = doc.intValue(node) {
            guard !(0..<values.count).contains(index) else { return [] }
            return [
                ValueProblem(
                    node: node, message: "\(path) is \(index), which is no value of the enumeration; \(rejection)",
                    help: "write one of \(list(values))")
            ]
        }
        let text = doc.string(node)
        if values.contains(text) || aliases.contains(text) { return [] }
        // Same word in another letter case or spelling (`high`, `timeSensitive`): the intent is clear, fix it.
        if let caseRisk, let match = values.first(where: { ASCIIText.equalsIgnoringCase($0, text) }) {
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)), the enum name \(MessageText.json(match)) in another letter case: \(caseRisk); write \(MessageText.json(match))",
                    help: "write \(MessageText.json(match))",
                    fix: Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted(match))]),
                    severity: .warning)
            ]
        }
        if let match = values.first(where: { Suggest.normalize($0) == Suggest.normalize(text) }) {
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)) but enum values are exact and case-sensitive, so \(rejection)",
                    help: "write \(MessageText.json(match))",
                    fix: Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted(match))]))
            ]
        }
        let instead =
            Suggest.closest(to: text, in: values).map { "write \(MessageText.json($0))" }
            ?? "write one of \(list(values))"
        return [
            ValueProblem(
                node: node,
                message: "\(path) is \(MessageText.json(text)), which is not one of \(list(values)), so \(rejection)",
                help: instead)
        ]
    }

    package func list(_ values: [String]) -> String { values.map { "\(MessageText.json($0))" }.joined(separator: ", ") }

    // MARK: Durations and times

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

    package func duration(_ node: NodeID, max: Int?, path: FieldPath) -> [ValueProblem] {
        let text = doc.string(node)
        if let parsed = Self.seconds(text, unit: true) {
            return range(
                node, seconds: parsed.whole ?? Int.max, hasFraction: parsed.hasFraction, text: text, max: max,
                path: path)
        }
        if let parsed = Self.seconds(text, unit: false) {
            let seconds = parsed.whole ?? Int.max
            let fixable = max.map { seconds <= $0 } ?? false
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)) without the unit: a Duration is a string of seconds ending in 's'; \(rejection)",
                    help: "write \"\(text)s\"",
                    fix: fixable
                        ? Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted(text + "s"))]) : nil
                )
            ]
        }
        // A negative Duration is a Duration (google.protobuf.Duration is signed), so the JSON decodes; but no field
        // of a message means a negative time: the admin SDKs refuse it (ADM-N, ADM-P, ADM-G check >= 0), and no
        // Google source says what FCM or the device does with one. A warning that says so.
        if text.utf8.first == UInt8(ascii: "-"), Self.seconds(String(text.dropFirst()), unit: true) != nil {
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)), a negative duration: firebase-admin refuses to send it, and Google documents no meaning for a negative time here",
                    help: "write a duration of 0 or more, such as \"0.5s\"", severity: .warning)
            ]
        }
        return [
            ValueProblem(
                node: node,
                message:
                    "\(path) is \(MessageText.json(text)), not a Duration (seconds with up to 9 decimals and an 's', such as \"3600s\" or \"0.5s\"); \(rejection)",
                help: "write the seconds as a string such as \"3600s\"")
        ]
    }

    package func durationNumber(_ node: NodeID, max: Int?, path: FieldPath) -> ValueProblem {
        let raw = doc.rawText(node)
        let seconds = Self.seconds(raw, unit: false).flatMap(\.whole)
        var fixable = false
        if let max, let seconds { fixable = seconds <= max }
        var message = "\(path) is the number \(raw) but a Duration is a string of seconds ending in 's'; \(rejection)"
        if let seconds, let max, seconds > max {
            message += "; \(raw) seconds is also over the \(max)-second maximum (milliseconds? \(seconds / 1000)s)"
        }
        return ValueProblem(
            node: node, message: message,
            help: fixable ? "write \"\(raw)s\"" : "write the seconds as a string such as \"3600s\"",
            fix: fixable ? Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted(raw + "s"))]) : nil
        )
    }

    package func range(_ node: NodeID, seconds: Int, hasFraction: Bool, text: String, max: Int?, path: FieldPath)
        -> [ValueProblem]
    {
        guard let max, seconds > max || (seconds == max && hasFraction) else { return [] }
        return [
            ValueProblem(
                node: node,
                message:
                    "\(path) is \(MessageText.json(text)), over the maximum of \(max) seconds (4 weeks); \(rejection)",
                help: "write at most \"\(max)s\"")
        ]
    }

    package func timestamp(_ node: NodeID, path: FieldPath) -> [ValueProblem] {
        // RFC 3339 date-time, as proto3 JSON takes a Timestamp.
        if doc.withStringBytes(node, BytePatterns.isRFC3339Timestamp) { return [] }
        let text = doc.string(node)
        return [
            ValueProblem(
                node: node,
                message: "\(path) is \(MessageText.json(text)), not an RFC 3339 timestamp; \(rejection)",
                help: "write a UTC timestamp such as \"2026-11-29T10:00:00Z\"")
        ]
    }

    // MARK: Numbers

    package func int32(_ node: NodeID, path: FieldPath) -> [ValueProblem] {
        let text = doc.kind(node) == .string ? doc.string(node) : doc.rawText(node)
        if let value = Int(text), value >= Int(Int32.min), value <= Int(Int32.max) { return [] }
        return [
            ValueProblem(
                node: node,
                message: "\(path) is \(describe(node)), not a 32-bit integer; \(rejection)",
                help: "write an integer such as 3")
        ]
    }

    package func number(_ node: NodeID, min: Double?, max: Double?, path: FieldPath) -> [ValueProblem] {
        guard let value = doc.doubleValue(node) else { return [] }
        if let min, value < min { return [outOfRange(node, min: min, max: max, path: path)] }
        if let max, value > max { return [outOfRange(node, min: min, max: max, path: path)] }
        return []
    }

    package func outOfRange(_ node: NodeID, min: Double?, max: Double?, path: FieldPath) -> ValueProblem {
        let bounds: String
        switch (min, max) {
        case (let lo?, let hi?): bounds = "between \(format(lo)) and \(format(hi))"
        case (let lo?, nil): bounds = "at least \(format(lo))"
        case (nil, let hi?): bounds = "at most \(format(hi))"
        case (nil, nil): bounds = "a number"
        }
        if let rangeRisk {
            return ValueProblem(
                node: node, message: "\(path) is \(doc.rawText(node)) but is documented \(bounds); \(rangeRisk)",
                help: "write a number \(bounds)", severity: .warning)
        }
        return ValueProblem(
            node: node, message: "\(path) is \(doc.rawText(node)) but must be \(bounds); \(rejection)",
            help: "write a number \(bounds)")
    }

    package func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: Strings with a format

    package func stringFormat(_ node: NodeID, _ format: StringFormat, path: FieldPath) -> [ValueProblem] {
        // Most fields take any string: decoding the text first would cost a `String` per value of every payload.
        guard format != .any else { return [] }
        let text = doc.string(node)
        // An empty target is not set (a string field's proto3 default): no target at all is fcm-target's.
        if text.isEmpty, format == .topic || format == .condition { return [] }
        switch format {
        case .any:
            return []
        case .color:
            guard
                !(text.utf8.first == UInt8(ascii: "#")
                    && ASCIIText.isWhole(String(text.dropFirst()), length: 6...6, ASCIIText.isHexDigit))
            else { return [] }
            // The format is documented (F-REF `AndroidNotification.color`) and the admin SDKs check it, but no Google
            // source says FCM rejects another value; the Android client falls back to its default colour (FAND).
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)), not a colour in the documented form \"#rrggbb\": firebase-admin refuses it, and the Android client shows its default colour instead",
                    help: "write six hex digits after '#', such as \"#ff5722\"", severity: .warning)
            ]
        case .topic:
            return topic(node, text, path: path)
        case .condition:
            guard let problem = FCMCondition.problem(in: text) else {
                guard FCMCondition.hasDoubleQuotedTopic(text) else { return [] }
                // Google's reference and guide write topic names in single quotes and document no rejection of
                // double ones; firebase-admin for Node passes the condition to FCM unchanged: a risk, not an error.
                let single = FCMCondition.singleQuoted(text)
                return [
                    ValueProblem(
                        node: node,
                        message:
                            "\(path) \(MessageText.json(text)) writes topic names in double quotes: Google documents conditions with single quotes only ('dogs' in topics) and says nothing of double ones; write \(MessageText.json(single))",
                        help: "write \(MessageText.json(single))",
                        fix: Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted(single))]),
                        severity: .warning)
                ]
            }
            return [
                ValueProblem(
                    node: node,
                    message: "\(path) \(MessageText.json(text)) is not a valid condition: \(problem); \(rejection)",
                    help:
                        "write topics in single quotes joined by && and ||, such as \"'dogs' in topics || 'cats' in topics\" (at most 5 topics)"
                )
            ]
        case .analyticsLabel:
            guard !ASCIIText.isWhole(text, length: 1...50, Self.isTopicByte) else { return [] }
            // The pattern is the field's documented format (F-REF `FcmOptions.analyticsLabel`); firebase-admin (Python)
            // checks it, but no Google source says what FCM does with another label.
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)) but an analytics label is documented as 1 to 50 of the characters a-z A-Z 0-9 - _ . ~ %: firebase-admin refuses it, and FCM may reject the message or drop the label from its analytics",
                    help: "write a label such as \"order_shipped\"", severity: .warning)
            ]
        case .httpsURL:
            guard !ASCIIText.hasPrefixIgnoringCase(text, "https://") || text.utf8.count <= 8 else { return [] }
            return [
                ValueProblem(
                    node: node,
                    message: "\(path) is \(MessageText.json(text)) but FCM requires an https URL here; \(rejection)",
                    help: ASCIIText.hasPrefixIgnoringCase(text, "http://")
                        ? "write \"https://\(text.dropFirst(7))\"" : "write an absolute https:// URL")
            ]
        case .nonNegativeInteger:
            guard !ASCIIText.isWhole(text, ASCIIText.isDigit) else { return [] }
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)) but must be a non-negative integer number of seconds; \(rejection)",
                    help: "write seconds such as \"86400\"")
            ]
        case .webPushTopic:
            guard
                !ASCIIText.isWhole(
                    text, length: 1...32,
                    { ASCIIText.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
            else { return [] }
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)) but must be at most 32 characters of A-Z a-z 0-9 - _ (URL-safe base64); \(rejection)",
                    help: "write a short id such as \"order-48213\"")
            ]
        case .soundName:
            guard text.isEmpty else { return [] }
            return [
                ValueProblem(
                    node: node, message: "\(path) is an empty string, not a sound file name; \(rejection)",
                    help: "write \"default\" or a sound file name")
            ]
        case .expoPushToken:
            guard !ExpoSchema.isPushToken(text) else { return [] }
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) \(MessageText.json(text)) is not an Expo push token; Expo cannot deliver to it (DeviceNotRegistered or an invalid request)",
                    help: "write the token getExpoPushTokenAsync returns, ExponentPushToken[...]")
            ]
        }
    }

    /// FCM topic names and analytics labels: `[a-zA-Z0-9-_.~%]` (F-REF, ADM-N).
    package static func isTopicByte(_ b: UInt8) -> Bool {
        ASCIIText.isAlphanumeric(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "~") || b == UInt8(ascii: "%")
    }

    package func topic(_ node: NodeID, _ text: String, path: FieldPath) -> [ValueProblem] {
        if ASCIIText.isWhole(text, Self.isTopicByte) { return [] }
        if text.hasPrefix("/topics/"), ASCIIText.isWhole(String(text.dropFirst(8)), Self.isTopicByte) {
            let name = String(text.dropFirst(8))
            return [
                ValueProblem(
                    node: node,
                    message:
                        "\(path) is \(MessageText.json(text)) but HTTP v1 takes the topic name without \"/topics/\"; \(rejection)",
                    help: "write \(MessageText.json(name))",
                    fix: Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted(name))]))
            ]
        }
        return [
            ValueProblem(
                node: node,
                message:
                    "\(path) is \(MessageText.json(text)), not a topic name (letters, digits and - _ . ~ %); \(rejection)",
                help: "write a topic name such as \"weekly-deals\"")
        ]
    }

    // MARK: Web push headers (RFC 8030)

    package func webPushHeaders(_ node: NodeID, path: FieldPath) -> [ValueProblem] {
        // RFC 8030 §5.4 requires a push service to answer 400 to a `Topic` it cannot take; for `TTL` (§5.2) and
        // `Urgency` (§5.3) it defines the values but not what a push service does with others: a warning.
        let pushService = SchemaValueChecker(
            context: context, rejection: "the push service rejects the request with 400 (RFC 8030 §5.4)",
            nullMeansUnset: false)
        let mayMisread = SchemaValueChecker(
            context: context,
            rejection:
                "a push service may reject the request or ignore the header (RFC 8030 defines the values, not what happens to others)",
            nullMeansUnset: false)
        var result: [ValueProblem] = []
        for member in doc.members(node) {
            let name = doc.string(member.key)
            let value = member.value
            let headerPath = FieldPath.header(path, name)
            switch doc.kind(value) {
            case .placeholder:
                continue
            case .string:
                if let type = FCMSchema.webPushHeader(named: name) {
                    if case .string(.webPushTopic) = type {
                        result += pushService.check(value, as: type, path: headerPath)
                    } else {
                        result += mayMisread.check(value, as: type, path: headerPath).map { problem in
                            var problem = problem
                            problem.severity = .warning
                            return problem
                        }
                    }
                }
            case .number, .bool:
                let text = doc.rawText(value)
                result.append(
                    ValueProblem(
                        node: value,
                        message: "\(headerPath) is \(describe(value)) but header values are strings, so \(rejection)",
                        help: "write \(MessageText.json(text))",
                        fix: Fix(edits: [TextEdit(replacing: doc.span(value), with: JSONDocument.quoted(text))])))
            default:
                result.append(
                    ValueProblem(
                        node: value,
                        message: "\(headerPath) is \(describe(value)) but header values are strings, so \(rejection)",
                        help: "write the header value as a string"))
            }
        }
        return result
    }
}
