import PushLintJSON

/// A declarative description of a JSON message format (FCM v1 `Message`, the Expo push message): which fields an
/// object may have and what each field's value must be. Rules read these tables; no rule repeats a field list.
public struct MessageSchema: Sendable {
    /// The type's name in the provider's reference (`AndroidNotification`, `ExpoPushMessage`).
    public var name: String
    public let fields: [SchemaField]
    /// Field positions by every accepted spelling, built once: rules look fields up for every key of every payload.
    let index: [String: Int]
    /// proto3 JSON: every field is accepted under its proto name (snake_case) and its lowerCamelCase json name.
    public var acceptsLowerCamelCase: Bool
    /// Fields that are not fields here but that writers carry over from an older API or another provider, with
    /// where their value goes (`time_to_live` -> `android.ttl`). Looked up with `-`, `_` and letter case ignored.
    public var foreign: [(name: String, replacement: String)]

    public init(
        _ name: String, acceptsLowerCamelCase: Bool = true, foreign: [(name: String, replacement: String)] = [],
        _ fields: [SchemaField]
    ) {
        self.name = name
        self.fields = fields
        self.acceptsLowerCamelCase = acceptsLowerCamelCase
        self.foreign = foreign
        var index: [String: Int] = [:]
        // The first field that has a spelling wins, as a linear search would.
        for (position, field) in fields.enumerated() {
            if index[field.name] == nil { index[field.name] = position }
            if acceptsLowerCamelCase, index[field.jsonName] == nil { index[field.jsonName] = position }
        }
        self.index = index
    }

    /// The field a key names, in either accepted spelling.
    public func field(named key: String) -> SchemaField? {
        index[key].map { fields[$0] }
    }

    /// Every accepted spelling of every field; the snake_case names first when `preferSnake`.
    public func spellings(preferSnake: Bool = true) -> [String] {
        let snake = fields.map(\.name)
        guard acceptsLowerCamelCase else { return snake }
        let camel = fields.map(\.jsonName)
        var seen: Set<String> = []
        return (preferSnake ? snake + camel : camel + snake).filter { seen.insert($0).inserted }
    }

    /// The field a misspelt key most likely means: the same word in another spelling (`contentAvailable`), else
    /// the closest by edit distance. Suggested in the key's own style (snake_case or lowerCamelCase).
    public func suggestion(for key: String) -> String? {
        let names = spellings(preferSnake: key.contains("_") || !key.contains { $0.isUppercase })
        return Suggest.sameWordDifferentSpelling(key, in: names) ?? Suggest.closest(to: key, in: names)
    }

    /// Where the value of a foreign field goes, if `key` is one.
    public func replacement(forForeign key: String) -> String? {
        let normal = Suggest.normalize(key)
        return foreign.first { Suggest.normalize($0.name) == normal }?.replacement
    }
}

/// One field of a message.
public struct SchemaField: Sendable {
    /// The proto field name (snake_case), or the only name for formats without aliases.
    public var name: String
    public var type: SchemaType
    /// A message that lacks this field is invalid (LightSettings needs all three of its fields).
    public var isRequired: Bool

    public init(_ name: String, _ type: SchemaType, required: Bool = false) {
        self.name = name
        self.type = type
        self.isRequired = required
    }

    /// The lowerCamelCase spelling proto3 JSON also accepts (`collapse_key` -> `collapseKey`).
    public var jsonName: String { SchemaField.lowerCamelCase(name) }

    public static func lowerCamelCase(_ snake: String) -> String {
        var out = ""
        var upper = false
        for c in snake {
            if c == "_" {
                upper = !out.isEmpty
                continue
            }
            out += upper ? c.uppercased() : String(c)
            upper = false
        }
        return out
    }
}

/// Formats a string value may have to follow. The checks live in the rule that reports them; the table only
/// says which field has which format.
public enum StringFormat: Sendable, Equatable {
    case any
    /// `#rrggbb`.
    case color
    /// FCM topic name `[a-zA-Z0-9-_.~%]+`, without `/topics/`.
    case topic
    /// FCM condition: quoted topic names with `in topics`, `&&`, `||`, `!`, parentheses; at most 5 topics.
    case condition
    /// `[a-zA-Z0-9-_.~%]{1,50}`.
    case analyticsLabel
    /// An absolute `https://` URL.
    case httpsURL
    /// An Expo push token: `ExponentPushToken[...]`, `ExpoPushToken[...]`, or the UUID form.
    case expoPushToken
    /// Decimal digits only (the web push `TTL` header).
    case nonNegativeInteger
    /// At most 32 characters of the URL-safe base64 alphabet (the web push `Topic` header).
    case webPushTopic
}

/// What kind of string map a `map<string,string>` field is: which rule owns its values.
public enum StringMapKind: Sendable, Equatable {
    /// Custom data (`data`, `android.data`, `webpush.data`): values are `fcm-data-string-values`'.
    case data
    /// RFC 8030 headers of `webpush.headers` (`TTL`, `Urgency`, `Topic`).
    case webPushHeaders
    /// APNs request headers of `apns.headers`: their values are the APNs rules'.
    case apnsHeaders
}

/// The type of a field's value.
public indirect enum SchemaType: Sendable {
    case string(StringFormat)
    case bool
    /// proto3 int32: a JSON integer or a string holding one.
    case int32
    /// A JSON number, optionally bounded.
    case number(min: Double?, max: Double?)
    /// Enum value names, in proto order: proto3 JSON also accepts a value's number, its index here.
    case enumeration([String])
    /// google.protobuf.Duration: `"<seconds>[.<up to 9 digits>]s"`, optionally bounded in seconds.
    case duration(maxSeconds: Int?)
    /// google.protobuf.Timestamp: RFC 3339.
    case timestamp
    /// `map<string, string>`.
    case stringMap(StringMapKind)
    /// Any JSON object (`apns.payload`, `webpush.notification`, Expo `data`); not looked into.
    case freeObject
    /// A nested message with its own fields.
    case message(MessageSchema)
    case array(SchemaType)
    /// JSON null, where a format allows it explicitly (Expo `sound`).
    case null
    /// One of several types (Expo `to`: a string or an array of strings).
    case oneOf([SchemaType])

    public static let string = SchemaType.string(.any)

    /// How the type is named in messages: "a string", "a boolean", "an object (AndroidNotification)".
    public var summary: String {
        switch self {
        case .string(let format):
            switch format {
            case .any: return "a string"
            case .color: return "a colour string \"#rrggbb\""
            case .topic: return "a topic name string"
            case .condition: return "a condition string"
            case .analyticsLabel: return "a label string"
            case .httpsURL: return "an https URL string"
            case .expoPushToken: return "an Expo push token string"
            case .nonNegativeInteger: return "a string of a non-negative integer"
            case .webPushTopic: return "a string of at most 32 URL-safe base64 characters"
            }
        case .bool: return "a boolean"
        case .int32: return "a 32-bit integer"
        case .number: return "a number"
        case .enumeration(let values): return "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ")
        case .duration: return "a duration string such as \"3600s\""
        case .timestamp: return "an RFC 3339 timestamp string such as \"2026-11-29T10:00:00Z\""
        case .stringMap: return "an object of string values"
        case .freeObject: return "an object"
        case .message(let m): return "an object (\(m.name))"
        case .array(let element): return "an array of \(element.pluralSummary)"
        case .null: return "null"
        case .oneOf(let types): return types.map(\.summary).joined(separator: " or ")
        }
    }

    var pluralSummary: String {
        switch self {
        case .string(.expoPushToken): return "Expo push token strings"
        case .string: return "strings"
        case .duration: return "duration strings such as \"0.5s\""
        default: return summary
        }
    }

    /// Whether a JSON value of this kind has the right JSON type (formats and ranges aside).
    public func acceptsJSONKind(_ kind: JSONKind, isInteger: Bool) -> Bool {
        switch self {
        case .string, .duration, .timestamp: return kind == .string
        case .bool: return kind == .bool
        case .int32: return (kind == .number && isInteger) || kind == .string
        case .number: return kind == .number
        case .enumeration: return kind == .string || (kind == .number && isInteger)
        case .stringMap, .freeObject, .message: return kind == .object
        case .array: return kind == .array
        case .null: return kind == .null
        case .oneOf(let types): return types.contains { $0.acceptsJSONKind(kind, isInteger: isInteger) }
        }
    }
}

/// An object of a document that a schema describes, found by walking the document along the schema.
public struct SchemaObject: Sendable {
    public var node: NodeID
    public var schema: MessageSchema
    /// Dotted path of the object from the message root (`android.notification`; "" for the root).
    public var path: String

    /// `path.name`, or `name` at the root.
    public func path(of name: String) -> String { path.isEmpty ? name : path + "." + name }
}

/// A member of a schema-described object whose key is a field of the schema.
public struct SchemaMember: Sendable {
    public var member: Member
    public var field: SchemaField
    public var object: SchemaObject
}

extension MessageSchema {
    /// Every object under `node` that this schema describes: the node itself and, recursively, the values of
    /// fields of message type (and arrays of them) that are objects. Fields not in the schema are not entered.
    public func objects(in doc: JSONDocument, at node: NodeID, path: String = "") -> [SchemaObject] {
        guard doc.kind(node) == .object else { return [] }
        let here = SchemaObject(node: node, schema: self, path: path)
        var result = [here]
        for member in doc.members(node) {
            let key = doc.string(member.key)
            guard let field = field(named: key) else { continue }
            result += Self.objects(of: field.type, in: doc, at: member.value, path: here.path(of: field.name))
        }
        return result
    }

    static func objects(of type: SchemaType, in doc: JSONDocument, at node: NodeID, path: String) -> [SchemaObject] {
        switch type {
        case .message(let schema):
            return schema.objects(in: doc, at: node, path: path)
        case .array(let element):
            guard doc.kind(node) == .array else { return [] }
            return doc.elements(node).flatMap { objects(of: element, in: doc, at: $0, path: path) }
        case .oneOf(let types):
            for t in types {
                if case .message = t, doc.kind(node) == .object { return objects(of: t, in: doc, at: node, path: path) }
                if case .array = t, doc.kind(node) == .array { return objects(of: t, in: doc, at: node, path: path) }
            }
            return []
        default:
            return []
        }
    }

    /// The members of the objects that are fields of their schema, in document order.
    public static func knownMembers(of objects: [SchemaObject], in doc: JSONDocument) -> [SchemaMember] {
        objects.flatMap { object in
            doc.members(object.node).compactMap { member in
                object.schema.field(named: doc.string(member.key)).map { SchemaMember(member: member, field: $0, object: object) }
            }
        }
    }
}
