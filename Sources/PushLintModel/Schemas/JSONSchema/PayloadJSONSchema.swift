import PushLintJSON

/// The schema tables the rules read, for editors: `pushlint schema apns|fcm|expo` writes them as JSON Schema
/// (draft 2020-12), and the language server completes keys and values from them. Nothing here is a second copy
/// of a field list: FCM is `FCMSchema` (from Google's discovery document), Expo `ExpoSchema`, `aps` `APNsSchema`,
/// the APNs headers the header names of `APNs`.
public enum PayloadSchemas {
    /// `aps` with its `alert` and `sound` dictionaries, as a Live Activity push may write it: every key and value of
    /// a notification's `aps` too, so an editor completes from it whatever the push.
    public static var aps: MessageSchema { APNsSchema.liveActivityAps }
    public static var apnsHeaders: MessageSchema { APNsSchema.headers }
    /// The FCM send request (`{"message": ...}`) and the v1 `Message`.
    public static var fcmSendRequest: MessageSchema { FCMSchema.sendRequest }
    public static var fcmMessage: MessageSchema { FCMSchema.message }
    public static var expoMessage: MessageSchema { ExpoSchema.message }
    /// A Declarative Web Push message and the Notifications API options of a plain one.
    public static var webpushDeclarative: MessageSchema { WebPushSchema.declarative }
    public static var webpushNotification: MessageSchema { WebPushSchema.notification }
}

/// JSON Schema (draft 2020-12) documents generated from the schema tables.
public enum PayloadJSONSchema {
    /// The payload schemas `pushlint schema` writes, by name, and the file each is committed as under `schemas/`.
    public static let payloadNames = ["apns", "fcm", "expo", "webpush"]
    /// Every schema `pushlint schema` writes: the payloads', `.pushlint.json`'s and the contract's.
    public static let names = payloadNames + envelopeNames + ["config", "contract"]
    /// Envelopes that carry platform payloads written as strings (AWS SNS): their schema describes the envelope.
    public static let envelopeNames = ["sns"]
    public static func fileName(_ name: String) -> String {
        switch name {
        case "config": return "pushlint.schema.json"
        case "contract": return "push-contract.schema.json"
        default: return "\(name).schema.json"
        }
    }

    public static let dialect = "https://json-schema.org/draft/2020-12/schema"
    public static let baseURI = "https://raw.githubusercontent.com/pushlint/pushlint/main/schemas/"

    /// The schema of a payload kind as pretty JSON text (ending in a newline), or nil for an unknown name.
    /// `rules` are the registry's descriptions: the config's rule ids and options come from them.
    public static func render(_ name: String, rules: [RuleDescription]) -> String? {
        guard let value = document(name, rules: rules) else { return nil }
        var out = ""
        value.write(into: &out, indent: 0)
        return out + "\n"
    }

    static func document(_ name: String, rules: [RuleDescription]) -> SchemaJSON? {
        var defs = Definitions()
        let head: [(String, SchemaJSON)] = [
            ("$schema", .string(dialect)), ("$id", .string(baseURI + fileName(name))),
        ]
        switch name {
        case "config": return configDocument(rules: rules)
        case "contract": return contractDocument()
        case "sns": return .object(head + snsDocument())
        case "apns":
            // A notification's aps first, then a Live Activity's: `$defs` are written in the order of first use.
            let aps = defs.ref(APNsSchema.aps, proto: false, nil)
            let liveActivityAps = defs.ref(APNsSchema.liveActivityAps, proto: false, nil)
            let body: SchemaJSON = .object([
                (
                    "description",
                    .string("An APNs request body: the aps dictionary, and the app's custom keys beside it.")
                ),
                ("type", .string("object")),
                (
                    "properties",
                    .object([
                        (
                            "aps",
                            // A Live Activity's aps takes more (its alert's localized title and body, any
                            // relevance-score): chosen by `event`, as the rules choose it.
                            .object([
                                (
                                    "description",
                                    .string("The aps dictionary: what the system does with the notification.")
                                ),
                                ("if", .object([("required", .array([.string("event")]))])),
                                ("then", liveActivityAps),
                                ("else", aps),
                            ])
                        ),
                        (
                            "Simulator Target Bundle",
                            .object([
                                (
                                    "description",
                                    .string("The bundle id a Simulator push file is for (not sent to APNs).")
                                ),
                                ("type", .string("string")),
                            ])
                        ),
                    ])
                ),
            ])
            let envelope: SchemaJSON = .object([
                ("description", .string("An APNs request as pushlint reads it: the request headers and the body.")),
                ("type", .string("object")),
                ("required", .array([.string("payload")])),
                (
                    "properties",
                    .object([
                        (
                            "headers",
                            .object([
                                ("description", .string("APNs request headers (header name to string value).")),
                                ("type", .string("object")),
                                ("properties", properties(of: APNsSchema.headers, proto: false, &defs)),
                                ("additionalProperties", .object([("type", .string("string"))])),
                            ])
                        ),
                        ("payload", .object([("$ref", .string("#/$defs/body"))])),
                    ])
                ),
            ])
            defs.add("body", body)
            defs.add("envelope", envelope)
            let single: SchemaJSON = .object([
                ("type", .string("object")),
                ("if", .object([("required", .array([.string("headers"), .string("payload")]))])),
                ("then", .object([("$ref", .string("#/$defs/envelope"))])),
                ("else", .object([("$ref", .string("#/$defs/body"))])),
            ])
            return .object(
                head + [
                    ("title", .string("APNs payload (pushlint)")),
                    (
                        "description",
                        .string(
                            "An APNs request body ({\"aps\": ...}) or an envelope {\"headers\": {...}, \"payload\": {\"aps\": ...}}; a top-level array is a batch of them. Generated by `pushlint schema apns` from the tables pushlint's rules read."
                        )
                    ),
                ] + batch(of: single) + [("$defs", defs.json)])
        case "fcm":
            let request = defs.ref(FCMSchema.sendRequest, proto: true, nil)
            let message = defs.ref(FCMSchema.message, proto: true, nil)
            let single: SchemaJSON = .object([
                ("type", .string("object")),
                ("if", .object([("required", .array([.string("message")]))])),
                ("then", request),
                ("else", message),
            ])
            return .object(
                head + [
                    ("title", .string("FCM HTTP v1 message (pushlint)")),
                    (
                        "description",
                        .string(
                            "The body of an FCM HTTP v1 send request ({\"message\": ...}) or a bare v1 Message; a top-level array is a batch of them. Fields are accepted in snake_case and lowerCamelCase. Generated by `pushlint schema fcm` from the FCM table pushlint's rules read (Google's discovery document fcm.v1, revision \(FCMDiscovery.revision))."
                        )
                    ),
                ] + batch(of: single) + [("$defs", defs.json)])
        case "expo":
            let message = defs.ref(ExpoSchema.message, proto: false, nil)
            return .object(
                head + [
                    ("title", .string("Expo push message (pushlint)")),
                    (
                        "description",
                        .string(
                            "An Expo push message, or an array of at most \(ExpoSchema.maxMessagesPerRequest) of them. Generated by `pushlint schema expo` from the Expo table pushlint's rules read."
                        )
                    ),
                    ("type", .array([.string("object"), .string("array")])),
                    ("if", .object([("type", .string("array"))])),
                    (
                        "then",
                        .object([
                            ("type", .string("array")), ("maxItems", .int(ExpoSchema.maxMessagesPerRequest)),
                            ("items", message),
                        ])
                    ),
                    ("else", message),
                    ("$defs", defs.json),
                ])
        case "webpush":
            let declarative = defs.ref(WebPushSchema.declarative, proto: false, nil)
            // A plain web push message is the app's own JSON: only a `notification` in it is described.
            let plain: SchemaJSON = .object([
                (
                    "description",
                    .string(
                        "A plain web push message: the app's own JSON, read by its service worker; a notification in it holds NotificationOptions."
                    )
                ),
                ("type", .string("object")),
                (
                    "properties",
                    .object([("notification", defs.ref(WebPushSchema.notification, proto: false, nil))])
                ),
            ])
            let single: SchemaJSON = .object([
                ("type", .string("object")),
                ("if", .object([("required", .array([.string(WebPushSchema.markerKey)]))])),
                ("then", declarative),
                ("else", plain),
            ])
            return .object(
                head + [
                    ("title", .string("Web push message (pushlint)")),
                    (
                        "description",
                        .string(
                            "What a server encrypts and sends to a web push service (RFC 8030, RFC 8291): a Declarative Web Push message ({\"web_push\": 8030, \"notification\": {\"title\": ..., \"navigate\": ...}}) or a plain message whose notification holds the Notifications API's options; a top-level array is a batch of them. Generated by `pushlint schema webpush` from the tables pushlint's rules read."
                        )
                    ),
                ] + batch(of: single) + [("$defs", defs.json)])
        default:
            return nil
        }
    }

    /// An AWS SNS `MessageStructure: json` message: `default`, the platform keys with their payload as a string of
    /// JSON, the other protocols' keys, and pushlint's `attributes` (docs/sns.md).
    static func snsDocument() -> [(String, SchemaJSON)] {
        func text(_ description: String, json: Bool) -> SchemaJSON {
            .object(
                [("description", .string(description)), ("type", .string("string"))]
                    + (json ? [("contentMediaType", .string("application/json"))] : []))
        }
        var properties: [(String, SchemaJSON)] = [
            ("default", text("The message for every protocol and platform without an entry of its own.", json: false))
        ]
        for platform in SNSPlatform.allCases {
            let isJSON = platform.body != .text
            properties.append(
                (
                    platform.rawValue,
                    text(
                        isJSON
                            ? "The \(platform.rawValue) payload as a string of JSON (never an object: SNS ignores a non-string value)."
                            : "The \(platform.rawValue) payload (XML or raw text) as a string.", json: isJSON)
                ))
        }
        for key in SNSEnvelope.protocolKeys.sorted() {
            properties.append((key, text("The message for the topic's \(key) subscriptions.", json: false)))
        }
        let attribute: SchemaJSON = .object([
            (
                "oneOf",
                .array([
                    .object([("type", .string("string"))]),
                    .object([
                        ("type", .string("object")),
                        ("required", .array([.string("DataType"), .string("StringValue")])),
                        (
                            "properties",
                            .object([
                                ("DataType", .object([("type", .string("string"))])),
                                ("StringValue", .object([("type", .string("string"))])),
                            ])
                        ),
                    ]),
                ])
            )
        ])
        properties.append(
            (
                SNSEnvelope.attributesKey,
                .object([
                    (
                        "description",
                        .string(
                            "pushlint's own key, not sent: the message attributes of the publish (AWS.SNS.MOBILE.APNS.PUSH_TYPE, ...PRIORITY, ...TOPIC, ...COLLAPSE_ID), as strings or {\"DataType\", \"StringValue\"}."
                        )
                    ),
                    ("type", .string("object")),
                    ("additionalProperties", attribute),
                ])
            ))
        return [
            ("title", .string("AWS SNS message, MessageStructure json (pushlint)")),
            (
                "description",
                .string(
                    "An SNS message published with MessageStructure json: default and each platform's payload as a string of JSON. Keys that are not SNS's are ignored by SNS. Generated by `pushlint schema sns`."
                )
            ),
            ("type", .string("object")),
            ("properties", .object(properties)),
            ("additionalProperties", .bool(false)),
        ]
    }

    /// A payload file holds one payload or a batch (a top-level array) of them.
    static func batch(of single: SchemaJSON) -> [(String, SchemaJSON)] {
        [
            ("type", .array([.string("object"), .string("array")])),
            ("if", .object([("type", .string("array"))])),
            ("then", .object([("type", .string("array")), ("items", single)])),
            ("else", single),
        ]
    }

    /// `$defs` in the order the schemas are first referenced.
    struct Definitions {
        var entries: [(String, SchemaJSON)] = []
        var names: Set<String> = []

        mutating func add(_ name: String, _ value: SchemaJSON) {
            guard names.insert(name).inserted else { return }
            entries.append((name, value))
        }

        /// A `$ref` to the definition of `schema`, made on first use.
        mutating func ref(_ schema: MessageSchema, proto: Bool, _ description: String?) -> SchemaJSON {
            if !names.contains(schema.name) {
                names.insert(schema.name)
                let index = entries.count
                entries.append((schema.name, .null))
                entries[index].1 = PayloadJSONSchema.object(schema, proto: proto, &self)
            }
            var members: [(String, SchemaJSON)] = [("$ref", .string("#/$defs/" + schema.name))]
            if let description { members.insert(("description", .string(description)), at: 0) }
            return .object(members)
        }

        var json: SchemaJSON { .object(entries) }
    }

    static func object(_ schema: MessageSchema, proto: Bool, _ defs: inout Definitions) -> SchemaJSON {
        var members: [(String, SchemaJSON)] = [
            (
                "description",
                .string(proto ? "FCM HTTP v1 \(schema.name)." : objectDescriptions[schema.name] ?? "\(schema.name).")
            ),
            ("type", .string("object")),
            ("properties", properties(of: schema, proto: proto, &defs)),
            ("additionalProperties", .bool(false)),
        ]
        if !schema.dependencies.isEmpty {
            members.append(
                (
                    "dependentRequired",
                    .object(schema.dependencies.map { ($0.name, .array([.string($0.requires)])) })
                ))
        }
        let required = schema.fields.filter(\.isRequired)
        if !required.isEmpty {
            if proto {
                // Either spelling of each required field.
                members.append(
                    (
                        "allOf",
                        .array(
                            required.map { field in
                                .object([
                                    (
                                        "anyOf",
                                        .array(
                                            Set([field.name, field.jsonName]).sorted().map {
                                                .object([("required", .array([.string($0)]))])
                                            })
                                    )
                                ])
                            })
                    ))
            } else {
                members.append(("required", .array(required.map { .string($0.name) })))
            }
        }
        return .object(members)
    }

    static let objectDescriptions = [
        "aps":
            "The aps dictionary: the keys Apple defines, which tell the system how to present the notification (custom keys go beside aps).",
        "aps.alert": "The alert dictionary: the text the notification shows, or its localization keys.",
        "aps.sound": "A critical alert's sound: {critical, name, volume}.",
        "aps.liveActivity":
            "The aps dictionary of a Live Activity push (it has an event): the keys Apple defines, with the Live Activity's alert and any relevance-score.",
        "aps.liveActivity.alert":
            "The alert of a Live Activity push: title and body as text or localization dictionaries, and a sound.",
        "aps.liveActivity.localizedText":
            "A Live Activity alert's title or body as a localization dictionary: loc-key and its loc-args.",
        "headers": "APNs request headers.",
        "ExpoPushMessage": "An Expo push message (the Expo push service's message request format).",
        "ExpoPushMessage.sound": "The sound object of expo-server-sdk: {critical, name, volume}.",
        "ExpoPushMessage.richContent": "Rich content: an image.",
        "DeclarativePushMessage":
            "A Declarative Web Push message: web_push 8030 and the notification the browser shows without a service worker.",
        "DeclarativeNotification":
            "The notification of a declarative push message: NotificationOptions with a title and the navigate URL.",
        "NotificationOptions":
            "The Notifications API's options a service worker passes to showNotification, with a title.",
        "NotificationAction": "A notification action: {action, title, navigate, icon}.",
    ]

    /// Every accepted spelling of every field.
    static func properties(of schema: MessageSchema, proto: Bool, _ defs: inout Definitions) -> SchemaJSON {
        var out: [(String, SchemaJSON)] = []
        var seen: Set<String> = []
        for field in schema.fields {
            let spellings = schema.acceptsLowerCamelCase ? [field.name, field.jsonName] : [field.name]
            for spelling in spellings where seen.insert(spelling).inserted {
                var description = "\(field.name): \(field.type.summary)"
                if schema.acceptsLowerCamelCase, field.name != field.jsonName {
                    description +=
                        spelling == field.name ? " (also written \(field.jsonName))" : " (also written \(field.name))"
                }
                if field.isRequired { description += "; required" }
                out.append((spelling, type(field.type, proto: proto, description: description + ".", &defs)))
            }
        }
        return .object(out)
    }

    static func type(_ type: SchemaType, proto: Bool, description: String?, _ defs: inout Definitions) -> SchemaJSON {
        var members: [(String, SchemaJSON)] = []
        if let description { members.append(("description", .string(description))) }
        switch type {
        case .string(let format):
            members.append(("type", .string("string")))
            switch format {
            case .nonNegativeInteger: members.append(("pattern", .string("^[0-9]+$")))
            case .soundName: members.append(("minLength", .int(1)))
            default: break
            }
        case .bool:
            members.append(("type", .string("boolean")))
        case .int32:
            members.append(
                (
                    "anyOf",
                    .array([
                        .object([
                            ("type", .string("integer")), ("minimum", .int(Int(Int32.min))),
                            ("maximum", .int(Int(Int32.max))),
                        ]),
                        .object([("type", .string("string")), ("pattern", .string("^-?[0-9]+$"))]),
                    ])
                ))
        case .number(let min, let max):
            members.append(("type", .string("number")))
            if let min { members.append(("minimum", .number(min))) }
            if let max { members.append(("maximum", .number(max))) }
        case .integer(let min, let max):
            members.append(("type", .string("integer")))
            if let min { members.append(("minimum", .int(min))) }
            if let max { members.append(("maximum", .int(max))) }
        case .unixTime:
            members.append(("type", .string("integer")))
            members.append(("minimum", .int(0)))
        case .flag:
            members.append(("const", .int(1)))
        case .literal(let values):
            let json = values.map(literal)
            members.append(json.count == 1 ? ("const", json[0]) : ("enum", .array(json)))
        case .enumeration(let values, let aliases):
            let names: SchemaJSON = .array((values + aliases).map { .string($0) })
            if proto {
                // proto3 JSON also takes an enum value's number.
                members.append(
                    (
                        "anyOf",
                        .array([
                            .object([("enum", names)]),
                            .object([
                                ("type", .string("integer")), ("minimum", .int(0)), ("maximum", .int(values.count - 1)),
                            ]),
                        ])
                    ))
            } else {
                members.append(("enum", names))
            }
        case .duration:
            members.append(("type", .string("string")))
            members.append(("pattern", .string("^-?[0-9]+(\\.[0-9]{1,9})?s$")))
        case .timestamp:
            members.append(("type", .string("string")))
        case .stringMap:
            members.append(("type", .string("object")))
            members.append(("additionalProperties", .object([("type", .string("string"))])))
        case .freeObject:
            members.append(("type", .string("object")))
        case .message(let schema):
            return defs.ref(schema, proto: proto, description)
        case .array(let element):
            members.append(("type", .string("array")))
            members.append(("items", self.type(element, proto: proto, description: nil, &defs)))
        case .null:
            members.append(("type", .string("null")))
        case .oneOf(let types):
            members.append(("anyOf", .array(types.map { self.type($0, proto: proto, description: nil, &defs) })))
        }
        return .object(members)
    }
}

extension PayloadJSONSchema {
    /// A value of `SchemaType.literal`, written as JSON (`1`, `true`, `"x"`).
    static func literal(_ text: String) -> SchemaJSON {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let number = Int(text) { return .int(number) }
            if let number = Double(text) { return .number(number) }
            return .string(String(text.dropFirst().dropLast()))
        }
    }
}

/// A JSON value with ordered members, written as pretty JSON (two-space indent) for the committed schema files.
indirect enum SchemaJSON: Sendable {
    case object([(String, SchemaJSON)])
    case array([SchemaJSON])
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case null

    func write(into out: inout String, indent: Int) {
        let pad = String(repeating: " ", count: indent + 2)
        switch self {
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += pad + JSONDocument.quoted(key) + ": "
                value.write(into: &out, indent: indent + 2)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            if items.allSatisfy(\.isScalar) {
                var parts: [String] = []
                for item in items {
                    var s = ""
                    item.write(into: &s, indent: 0)
                    parts.append(s)
                }
                out += "[" + parts.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                item.write(into: &out, indent: indent + 2)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .string(let s): out += JSONDocument.quoted(s)
        case .int(let n): out += String(n)
        case .number(let d):
            out += d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    var isScalar: Bool {
        switch self {
        case .object, .array: return false
        default: return true
        }
    }

}
