import PushLintJSON

// A class: every schema object of every payload refers to its schema, and a struct of four collections would be
// copied (four reference counts) each time.

/// A declarative description of a JSON message format (FCM v1 `Message`, the Expo push message): which fields an
/// object may have and what each field's value must be. Rules read these tables; no rule repeats a field list.
public final class MessageSchema: Sendable {
    /// The type's name in the provider's reference (`AndroidNotification`, `ExpoPushMessage`).
    public let name: String
    public let fields: [SchemaField]
    /// Field positions by every accepted spelling: rules look fields up for every key of every payload, and
    /// making and hashing a `String` per key cost more than the rest of the walk.
    let positions: NameTable
    /// Per field position: the field's values can be or hold objects this schema describes. Asked for every key of
    /// every payload, so it is a table lookup rather than a copy of the field and its type.
    let mayHoldObjects: [Bool]
    /// proto3 JSON: every field is accepted under its proto name (snake_case) and its lowerCamelCase json name.
    public let acceptsLowerCamelCase: Bool
    /// Fields that are not fields here but that writers carry over from an older API or another provider, with
    /// where their value goes (`time_to_live` -> `android.ttl`). Looked up with `-`, `_` and letter case ignored.
    public let foreign: [(name: String, replacement: String)]
    /// The fields an object must have, made once: a rule asks it of every object of every payload.
    public let required: [String]
    /// Fields that mean nothing without another field of the same object (Apple's `loc-args` fill the string of
    /// `loc-key`): JSON Schema's `dependentRequired`. A property of the object, not of its fields: every field is
    /// copied many times per payload, and most schemas have none.
    public let dependencies: [(name: String, requires: String)]

    public init(
        _ name: String, acceptsLowerCamelCase: Bool = true, foreign: [(name: String, replacement: String)] = [],
        dependencies: [(name: String, requires: String)] = [], _ fields: [SchemaField]
    ) {
        self.name = name
        self.fields = fields
        self.acceptsLowerCamelCase = acceptsLowerCamelCase
        self.foreign = foreign
        // The first field that has a spelling wins, as a linear search would.
        positions = NameTable(
            fields.enumerated().flatMap { position, field in
                (acceptsLowerCamelCase ? [field.name, field.jsonName] : [field.name]).map { ($0, position) }
            })
        mayHoldObjects = fields.map(\.type.mayHoldObjects)
        required = fields.filter(\.isRequired).map(\.name)
        self.dependencies = dependencies
    }

    /// The position in `fields` of the field a key names (its UTF-8), in either accepted spelling.
    public func fieldPosition(of utf8: UnsafeBufferPointer<UInt8>) -> Int? { positions.position(of: utf8) }

    /// The position of the field a key node names.
    public func fieldPosition(ofKey key: NodeID, in doc: JSONDocument) -> Int? {
        doc.withStringBytes(key) { fieldPosition(of: $0) }
    }

    /// The field a key names, in either accepted spelling.
    public func field(named key: String) -> SchemaField? {
        key.withUTF8Bytes { fieldPosition(of: $0) }.map { fields[$0] }
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
    /// A sound file in the app bundle or `Library/Sounds`, or `default`: not empty (APNs `sound`).
    case soundName
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
public enum SchemaType: Sendable {
    case string(StringFormat)
    case bool
    /// proto3 int32: a JSON integer or a string holding one.
    case int32
    /// A JSON integer (not a string holding one), optionally bounded (APNs `badge`, 0 or more).
    case integer(min: Int?, max: Int?)
    /// A JSON number, optionally bounded.
    case number(min: Double?, max: Double?)
    /// A point in time as an integer number of UNIX seconds (APNs `timestamp`, `stale-date`).
    case unixTime
    /// Apple's flag: the number 1 turns an option on, and leaving the key out turns it off (APNs
    /// `content-available`); no other value is defined.
    case flag
    /// One of these JSON values, written as JSON (`true`, `1`): the only values the field takes.
    case literal([String])
    /// Enum value names, in proto order: proto3 JSON also accepts a value's number, its index here. `aliases` are
    /// other strings the provider documents for the field (FCM `android.priority` "high"), accepted as they are.
    case enumeration([String], aliases: [String] = [])
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
    indirect case array(SchemaType)
    /// JSON null, where a format allows it explicitly (Expo `sound`).
    case null
    /// One of several types (Expo `to`: a string or an array of strings).
    case oneOf([SchemaType])

    public static let string = SchemaType.string(.any)

    /// Values of this type can be or contain schema-described objects.
    var mayHoldObjects: Bool {
        switch self {
        case .message, .array, .oneOf: return true
        default: return false
        }
    }

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
            case .soundName: return "a sound file name string"
            }
        case .bool: return "a boolean"
        case .int32: return "a 32-bit integer"
        case .integer(let min, let max):
            switch (min, max) {
            case (0?, nil): return "a non-negative integer"
            case (1?, nil): return "a positive integer"
            case (let lo?, let hi?): return "an integer from \(lo) to \(hi)"
            case (let lo?, nil): return "an integer of at least \(lo)"
            case (nil, let hi?): return "an integer of at most \(hi)"
            case (nil, nil): return "an integer"
            }
        case .number: return "a number"
        case .unixTime: return "an integer number of UNIX seconds"
        case .flag: return "the number 1"
        case .literal(let values): return values.joined(separator: " or ")
        case .enumeration(let values, let aliases):
            let alternatives =
                aliases.isEmpty ? "" : " (or " + aliases.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
            return "one of " + values.map { "\"\($0)\"" }.joined(separator: ", ") + alternatives
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
        case .number, .integer, .unixTime, .flag: return kind == .number
        case .literal(let values): return values.contains { Self.kind(ofLiteral: $0) == kind }
        case .enumeration: return kind == .string || (kind == .number && isInteger)
        case .stringMap, .freeObject, .message: return kind == .object
        case .array: return kind == .array
        case .null: return kind == .null
        case .oneOf(let types): return types.contains { $0.acceptsJSONKind(kind, isInteger: isInteger) }
        }
    }

    /// The JSON kind of a value of `.literal`, written as JSON.
    public static func kind(ofLiteral text: String) -> JSONKind {
        switch text {
        case "true", "false": return .bool
        case "null": return .null
        default: return text.hasPrefix("\"") ? .string : .number
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
    public func path(of name: String) -> String { Self.path(path, name) }

    /// The dotted path of a field `name` in an object at `parent` ("" at the root).
    public static func path(_ parent: String, _ name: String) -> String { parent.isEmpty ? name : parent + "." + name }
}

/// A member of a schema-described object whose key is a field of the schema.
public struct SchemaMember: Sendable {
    public let member: Member
    /// The field's position in its object's schema (the field itself is looked up when a rule asks: copying it into
    /// every member cost reference counts on its name and type).
    public let position: Int
    public let object: SchemaObject

    public var field: SchemaField { object.schema.fields[position] }
}

/// A member of a schema-described object whose key is no field of its schema (nor a templated name: the walk does
/// not know templates, so rules skip those).
public struct UnknownSchemaMember: Sendable {
    public let member: Member
    public let object: SchemaObject
}

/// What one walk of a message finds (see `MessageSchema.walk`).
public struct SchemaWalk: Sendable {
    /// The objects the schema describes, the message first.
    public var objects: [SchemaObject] = []
    /// Their members whose keys are fields of their schema, in document order.
    public var members: [SchemaMember] = []
    /// Their other members, in document order: nearly always none.
    public var unknownMembers: [UnknownSchemaMember] = []
}

extension MessageSchema {
    /// Every object under `node` that this schema describes: the node itself and, recursively, the values of
    /// fields of message type (and arrays of them) that are objects. Fields not in the schema are not entered.
    /// With them, the members of those objects, known fields and others apart, in document order. One walk, and
    /// each key is looked up in its schema once, for every rule that reads fields.
    /// - Parameter room: how many objects and known fields a typical message has (an FCM message about 8 and 32,
    ///   an `aps` 3 and 12): room for them is made at once, since their number is known only after the walk.
    public func walk(
        _ doc: JSONDocument, at node: NodeID, path: String = "", room: (objects: Int, members: Int) = (8, 32)
    ) -> SchemaWalk {
        var walk = SchemaWalk()
        walk.objects.reserveCapacity(room.objects)
        walk.members.reserveCapacity(room.members)
        collect(in: doc, at: node, path: path, into: &walk)
        return walk
    }

    func collect(in doc: JSONDocument, at node: NodeID, path: String, into walk: inout SchemaWalk) {
        guard doc.kind(node) == .object else { return }
        let here = SchemaObject(node: node, schema: self, path: path)
        walk.objects.append(here)
        doc.forEachMember(node) { member in
            guard let position = fieldPosition(ofKey: member.key, in: doc) else {
                walk.unknownMembers.append(UnknownSchemaMember(member: member, object: here))
                return
            }
            walk.members.append(SchemaMember(member: member, position: position, object: here))
            if mayHoldObjects[position] {
                let field = fields[position]
                Self.collect(of: field.type, in: doc, at: member.value, path: here.path(of: field.name), into: &walk)
            }
        }
    }

    static func collect(
        of type: SchemaType, in doc: JSONDocument, at node: NodeID, path: String, into walk: inout SchemaWalk
    ) {
        switch type {
        case .message(let schema):
            schema.collect(in: doc, at: node, path: path, into: &walk)
        case .array(let element):
            guard doc.kind(node) == .array else { return }
            for item in doc.elements(node) { collect(of: element, in: doc, at: item, path: path, into: &walk) }
        case .oneOf(let types):
            for t in types {
                if case .message = t, doc.kind(node) == .object {
                    return collect(of: t, in: doc, at: node, path: path, into: &walk)
                }
                if case .array = t, doc.kind(node) == .array {
                    return collect(of: t, in: doc, at: node, path: path, into: &walk)
                }
            }
        default:
            return
        }
    }
}
