/// The contract (`push-contract.json`, DESIGN.md §5) as a table, written like the config's (`ConfigSchema`): every
/// key of every object, the shape of its value and what it means. The reader's known keys (`Contract.knownKeys` and
/// the nested ones), the JSON Schema (`pushlint schema contract`, and from it the key table of docs/contract.md) and
/// the language server's completion in a contract are made from it; ContractTableTests fails when one of them says
/// otherwise.
public enum ContractSchema {
    /// The value a key takes. Unlike the payload tables the contract has maps keyed by names the team chooses
    /// (events, variables, Live Activity types, custom data fields), so the shape says so rather than a
    /// `SchemaType`; `fieldType` gives the payload-style type for completion.
    public indirect enum Shape: Sendable {
        case string
        /// `true` or `false`; absent means false.
        case boolean
        /// A whole number of at least 0, at most `max` when given.
        case count(max: Int?)
        /// An array of strings.
        case strings
        /// One of these strings.
        case enumeration([String])
        case array(Shape)
        /// An array of any JSON values (a custom data field's `enum`).
        case anyArray
        /// A string, a number or a boolean (a custom data value that identifies an event).
        case scalar
        /// An object of these keys only.
        case object(Record)
        /// An object whose keys are names the team chooses, each with a value of this shape.
        case map(Shape)
    }

    /// A closed object of the contract: its name (as completion shows it) and keys.
    public struct Record: Sendable {
        public let name: String
        public let keys: [Key]

        init(_ name: String, _ keys: [Key]) {
            self.name = name
            self.keys = keys
        }

        public var names: [String] { keys.map(\.name) }
        /// The keys an object must have (JSON Schema `required`; the reader says which is missing).
        public var required: [String] { keys.filter(\.isRequired).map(\.name) }
    }

    /// One key of an object of the contract.
    public struct Key: Sendable {
        public let name: String
        public let shape: Shape
        /// The key's meaning, as the JSON Schema and the docs write it.
        public let description: String
        public let isRequired: Bool
        /// The reader accepts the key and keeps nothing of it (notes for the team, the `$schema` for editors):
        /// only the JSON Schema checks its value.
        public let isDocumentationOnly: Bool

        init(
            _ name: String, _ shape: Shape, _ description: String, required: Bool = false,
            documentationOnly: Bool = false
        ) {
            self.name = name
            self.shape = shape
            self.description = description
            self.isRequired = required
            self.isDocumentationOnly = documentationOnly
        }

        /// The `description` key that contract objects allow for the team's notes.
        static let note = Key("description", .string, "Documentation only.", documentationOnly: true)
    }

    /// A key of a Live Activity type's `contentState` or `attributes`.
    public static let stateField = Record(
        "stateField",
        [
            Key(
                "type", .enumeration(Contract.StateType.allCases.map(\.rawValue)),
                """
                The JSON shape the decoder reads: a Swift Int is integer, Double number, String string, Bool \
                boolean, Date date (seconds since 1 January 2001), arrays array, dictionaries object; leave it out \
                for any other type.
                """),
            Key("optional", .boolean, "The property is optional (T?): the key may be absent or null."),
            Key.note,
        ])

    /// A type of `ios.liveActivities`.
    public static let liveActivity = Record(
        "liveActivity",
        [
            Key(
                "contentState", .map(.object(stateField)),
                "The keys of the type's ContentState (aps.content-state)."),
            Key(
                "attributes", .map(.object(stateField)),
                "The keys of the type's static attributes (aps.attributes of a push-to-start)."),
            Key.note,
        ])

    /// `ios`.
    public static let ios = Record(
        "ios",
        [
            Key(
                "bundleId", .string, "The app's bundle id; apns-topic must be it (plus the suffix its push type needs)."
            ),
            Key("categories", .strings, "Notification categories the app registers (aps.category, Expo categoryId)."),
            Key("entitlements", .array(.enumeration(Contract.entitlements)), "Notification entitlements the app has."),
            Key(
                "sounds", .strings,
                """
                Sound files payloads may name (aps.sound), with their extension (chime.caf); `app scan \
                --write-contract` adds the app's.
                """),
            Key(
                "liveActivities", .map(.object(liveActivity)),
                """
                The app's ActivityAttributes types by name (aps.attributes-type), with the keys their synthesized \
                decoders read; `app scan --write-contract` adds them.
                """),
        ])

    /// An entry of `android.channels`.
    public static let channel = Record(
        "channel",
        [
            Key("id", .string, "The channel id (FCM android.notification.channel_id, Expo channelId).", required: true),
            Key("importance", .enumeration(Contract.Importance.allCases.map(\.rawValue)), "The channel's importance."),
            Key("name", .string, "The user-visible name (documentation only).", documentationOnly: true),
            Key.note,
        ])

    /// `android`.
    public static let android = Record(
        "android",
        [
            Key("package", .string, "The application id."),
            Key(
                "defaultChannel", .string,
                "The channel of the manifest's default_notification_channel_id; must be one of channels."),
            Key("channels", .array(.object(channel)), "Notification channels the app creates."),
            Key(
                "sounds", .strings,
                """
                res/raw sounds payloads may name (android.notification.sound), without their extension (chime); \
                `app scan --write-contract` adds the app's.
                """),
        ])

    /// A custom data field of an event.
    public static let field = Record(
        "field",
        [
            Key("required", .boolean, "The field must be present."),
            Key("type", .enumeration(Contract.FieldType.allCases.map(\.rawValue)), "The JSON type of the value."),
            Key("enum", .anyArray, "The allowed values."),
            Key("pattern", .string, "A regular expression the value must match (searched: anchor with ^ and $)."),
            Key("maxLength", .count(max: nil), "Maximum length in characters."),
            Key("minLength", .count(max: nil), "Minimum length in characters."),
            Key.note,
        ])

    /// An event of `events`.
    public static let event = Record(
        "event",
        [
            Key("files", .strings, "Globs of the templates of this event (relative to the config's folder)."),
            Key("match", .map(.scalar), "Custom data values that identify the event in a template."),
            Key(
                "urgency", .enumeration(Contract.Urgency.allCases.map(\.rawValue)),
                "How urgent the event is; marketing and background must not go at high priority."),
            Key("channel", .string, "The Android channel of the event; must be one of android.channels."),
            Key(
                "fields", .map(.object(field)),
                """
                The custom data the client reads (FCM data, APNs keys beside aps, Expo data). When present, other \
                fields are reported.
                """),
            Key.note,
        ])

    /// A template variable of `variables`.
    public static let variable = Record(
        "variable",
        [
            Key("maxBytes", .count(max: nil), "Maximum encoded size in bytes."),
            Key(
                "maxLength", .count(max: nil),
                "Maximum length in characters (counted at 4 bytes each in the worst case)."),
            Key(
                "maxItems", .count(max: Contract.maxLoopItems),
                """
                Most items of a list a template loops over ({{#each}}, {% for %}, {{range}}): loops are rendered \
                with 0, 1, 2 and this many items.
                """),
        ])

    /// `links`.
    public static let links = Record(
        "links",
        [
            Key("schemes", .strings, "Allowed URL schemes."),
            Key("hosts", .strings, "Allowed hosts of http(s) links; *.example.com matches subdomains."),
            Key(
                "fields", .strings,
                "Custom data keys that carry a link, checked besides url, link, deeplink and deep_link."),
        ])

    /// The keys of the file, in the order the JSON Schema and the docs list them.
    public static let top = Record(
        PushLintFile.contract.fileName!,
        [
            Key("$schema", .string, "The JSON Schema of this file, for editors.", documentationOnly: true),
            Key("ios", .object(ios), "The iOS app."),
            Key("android", .object(android), "The Android app."),
            Key("events", .map(.object(event)), "The notifications the app handles, by event name."),
            Key(
                "variables", .map(.object(variable)),
                "Template variables with their maximum size, for the worst-case size of templates."),
            Key("links", .object(links), "Links payloads may carry."),
        ])

    /// What the whole file is, for the JSON Schema's own description.
    public static let summary = """
        What the app promises to understand: iOS categories and entitlements, Android channels, events with their \
        templates and custom data fields, template variables with their maximum size, allowed links, sounds and \
        Live Activity types. JSONC: comments and trailing commas are allowed.
        """

    /// Every record of the table with the path to it: keys, `[]` for the elements of an array and `NAME` for a name
    /// the team chooses (the top record has the empty path).
    public static var records: [(path: [String], record: Record)] {
        var found: [([String], Record)] = []
        func visit(_ shape: Shape, _ path: [String]) {
            switch shape {
            case .object(let record):
                found.append((path, record))
                for key in record.keys { visit(key.shape, path + [key.name]) }
            case .array(let element): visit(element, path + ["[]"])
            case .map(let value): visit(value, path + ["NAME"])
            default: return
            }
        }
        visit(.object(top), [])
        return found
    }

    /// The object at `path` of a contract being edited (keys from the root, `[]` for an array element, any name in
    /// a map) as a payload-style schema, so that the language server completes its keys and enum values as it does
    /// a payload's; nil when `path` leads to no object of the table.
    public static func object(at path: [String]) -> MessageSchema? {
        var shape = Shape.object(top)
        for step in path {
            switch shape {
            case .object(let record):
                guard let key = record.keys.first(where: { $0.name == step }) else { return nil }
                shape = key.shape
            case .array(let element) where step == "[]": shape = element
            case .map(let value) where step != "[]": shape = value
            default: return nil
            }
        }
        guard case .object(let record) = shape else { return nil }
        return messageSchema(record)
    }

    /// A record as a payload-style schema: its keys with their `fieldType`.
    public static func messageSchema(_ record: Record) -> MessageSchema {
        MessageSchema(
            record.name, acceptsLowerCamelCase: false,
            record.keys.map { SchemaField($0.name, fieldType($0.shape), required: $0.isRequired) })
    }

    /// A shape as the payload tables' type: what completion offers and how it names a value. A map is an object of
    /// any keys there (`object(at:)` steps into its values).
    public static func fieldType(_ shape: Shape) -> SchemaType {
        switch shape {
        case .string: return .string
        case .boolean: return .bool
        case .count(let max): return .integer(min: 0, max: max)
        case .strings: return .array(.string)
        case .enumeration(let values): return .enumeration(values)
        case .array(let element): return .array(fieldType(element))
        case .anyArray: return .array(.oneOf([.string, .number(min: nil, max: nil), .bool]))
        case .scalar: return .oneOf([.string, .number(min: nil, max: nil), .bool])
        case .object(let record): return .message(messageSchema(record))
        case .map: return .freeObject
        }
    }
}
