/// The structural facts of Google's FCM HTTP v1 discovery document (`fcm.v1`): for `Message` and every schema it
/// references, each field's proto name, json name and type as the document gives it. The table itself is
/// generated (`FCMDiscoveryFacts.swift`, by `python3 scripts/gen-fcm-schema.py`); `FCMSchema` builds the schemas
/// rules read from it, and refines it where the document's descriptions, not its types, say more (colour and
/// topic formats, the 4-week TTL, which string map holds headers).
public enum FCMDiscovery {
    /// A field's type as the discovery document writes it.
    public indirect enum FieldType: Sendable, Equatable {
        /// `"type": "string"` with its `format` (`google-duration`, `google-datetime`), if any.
        case string(format: String?)
        case boolean
        /// `"type": "integer"` with its `format` (`int32`).
        case integer(format: String?)
        /// `"type": "number"` with its `format` (`float`).
        case number(format: String?)
        /// A string enum: its values in proto order (proto3 JSON also takes a value's number, its index).
        case enumeration([String])
        /// `$ref`: a message of the schema with that name.
        case ref(String)
        /// `"type": "object"` with `additionalProperties`: a map with string keys.
        case map(FieldType)
        case array(FieldType)
        /// `"type": "any"`: any JSON value.
        case any
    }

    public struct Field: Sendable {
        /// The proto field name (snake_case), derived from the json name as proto3 JSON derives the other way.
        public let name: String
        /// The json name (lowerCamelCase), as the document spells it.
        public let jsonName: String
        public let type: FieldType

        public init(_ name: String, _ jsonName: String, _ type: FieldType) {
            self.name = name
            self.jsonName = jsonName
            self.type = type
        }
    }

    public struct Schema: Sendable {
        public let name: String
        public let fields: [Field]

        public init(_ name: String, _ fields: [Field]) {
            self.name = name
            self.fields = fields
        }
    }

    /// The schema of that name, if the document has it.
    public static func schema(named name: String) -> Schema? { schemas.first { $0.name == name } }
}
