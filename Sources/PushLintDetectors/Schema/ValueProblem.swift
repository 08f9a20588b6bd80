import PushLintJSON
import PushLintModel

/// What is wrong with a value against its schema type. The checker finds it; the rule that reports it words it, and
/// decides its severity and fix from its kind.
package struct ValueProblem {
    /// Where the finding goes: the value, or the key of a member that needs another (`loc-args`).
    package var node: NodeID
    package var path: FieldPath
    /// The type the value was checked against: the matching alternative of a `oneOf`, an array's element type.
    package var type: SchemaType
    package var found: FoundValue
    package var kind: Kind

    package enum Kind {
        /// The value's JSON type is not the type's (an object where a string belongs).
        case wrongType
        /// A number outside the bounds of its `number` or `integer` type.
        case outOfRange(Double, min: Double?, max: Double?)
        /// A number where an integer belongs (`1.5`, `1e2`, or one too large for `Int`).
        case notInteger(Double)
        /// A string that holds the integer the type takes (`"3"` for a badge).
        case integerInString(Int)
        /// A proto3 enum value written as its number, which no value has.
        case enumNumberOutOfRange(Int, values: [String])
        /// A string that is none of the enum's values, with the values it may mean: the first in another letter
        /// case, the first in another spelling (case, `-` and `_` ignored), the closest by edit distance.
        case notInEnumeration(String, values: [String], otherCase: String?, sameWord: String?, closest: String?)
        /// A Duration without its `s`; `seconds` is nil when they do not fit an Int.
        case durationWithoutUnit(String, seconds: Int?, max: Int?)
        case negativeDuration(String)
        case notADuration(String)
        case durationOverMaximum(String, max: Int)
        /// A Duration written as a JSON number (its raw text).
        case durationAsNumber(String, seconds: Int?, max: Int?)
        case notATimestamp(String)
        case notInt32
        /// A string not in the format of its `string(format)` type (an empty sound name included).
        case notInFormat(String, StringFormat)
        /// An FCM topic written with the legacy "/topics/" prefix; `name` is the topic without it.
        case topicWithPrefix(String, name: String)
        case invalidCondition(String, reason: String)
        case doubleQuotedCondition(String, singleQuoted: String)
        /// A web push header value that is not a string.
        case headerNotString
        /// Apple's flag with another value than the number 1.
        case flag(FlagValue)
        /// None of the JSON values of a `literal` type.
        case notLiteral([String])
        /// Required fields the object lacks, in the schema's order.
        case missing([String], in: MessageSchema)
        /// A field that means nothing without another (`loc-args` without `loc-key`); the problem's node is its key.
        case withoutNeeded(String, needs: String)
    }

    /// What a flag holds instead of 1: values whose intent is clear (on, or off) apart from the rest.
    package enum FlagValue {
        case isTrue, stringOne, numberOne, off, other
    }

    /// A bound or a number as messages write it: `1` for 1.0, `0.5`.
    package static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// The value a problem is about, as messages show it. The document is read only when a message asks, as `FieldPath`
/// renders a key: each message shows one or two of these forms, and a problem is made before it is worded.
package struct FoundValue {
    let document: JSONDocument
    let node: NodeID

    package var kind: JSONKind { document.kind(node) }
    /// As written, a string with its quotes; empty for an object or array.
    package var raw: String { kind == .object || kind == .array ? "" : document.rawText(node) }
    /// The decoded text of a string.
    package var text: String? { document.stringValue(node) }
    /// Compact JSON (an object on one line), cut at 40 characters.
    package var compact: String {
        let wire = String(decoding: document.wireBytes(node), as: UTF8.self)
        return wire.count > 40 ? String(wire.prefix(37)) + "..." : wire
    }
    /// "a string", "an object".
    package var typeName: String { document.typeNameWithArticle(node) }

    /// The value named in a sentence ("the string \"3\"", "an object"), its text cut at 60 characters.
    package var described: String {
        let raw = raw
        let short = raw.count > 60 ? String(raw.prefix(57)) + "..." : raw
        switch kind {
        case .object: return "an object"
        case .array: return "an array"
        case .null: return "null"
        case .string, .key: return "the string \(short)"
        case .bool: return "the boolean \(raw)"
        case .number: return "the number \(short)"
        case .placeholder: return "a placeholder"
        }
    }

    /// The literal the user meant, where a string holds it: `1` for `"1"` where a number belongs, `true` for `"true"`
    /// where a boolean does.
    package func literal(as type: SchemaType) -> String? {
        guard let text = text else { return nil }
        if type.acceptsJSONKind(.number, isInteger: true) || type.acceptsJSONKind(.number, isInteger: false),
            ASCIIText.isDecimal(text)
        {
            return text
        }
        if type.acceptsJSONKind(.bool, isInteger: false), text == "true" || text == "false" { return text }
        return nil
    }
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
