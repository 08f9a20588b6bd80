import PushLintJSON

// The schemas of `.pushlint.json` and the contract (`pushlint schema config|contract`, committed as
// schemas/pushlint.schema.json and schemas/push-contract.schema.json). The config's keys and their descriptions are
// its table (`ConfigSchema`), their JSON Schema shape is written here once per key; the contract's structure and
// descriptions are written here. What other tables decide comes from them: the rule ids and each rule's options with
// their types, defaults and summaries (the rule descriptions, passed in), the payload kinds and the levels.
// SchemaTests checks that every object's keys are the ones the readers accept (Config.knownKeys, Contract.knownKeys).
extension PayloadJSONSchema {
    static func configDocument(rules: [RuleDescription]) -> SchemaJSON {
        document(
            file: "pushlint.schema.json", title: "pushlint configuration (.pushlint.json)",
            description: """
                Configuration of pushlint, the push-notification payload linter. The file is JSONC: comments and \
                trailing commas are allowed. Globs match paths relative to the folder of this file.
                """,
            properties: ConfigSchema.top.map { ($0.name, configProperty($0, rules: rules)) },
            definitions: [
                (
                    "glob",
                    .text(
                        """
                        A .gitignore-like glob: a pattern without / matches a name at any depth, ** spans folders.
                        """, minLength: 1)
                ),
                ("globs", .node(type: "array", items: .ref("glob"))),
                ("kind", .node(enum: PayloadKind.allCases.map(\.rawValue))),
                ("dialect", .node(enum: TemplateDialect.names.map(\.name))),
                (
                    "ruleId",
                    .node(
                        "A rule id (kebab-case).", type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$",
                        enum: rules.map(\.id))
                ),
                ("level", .node(enum: ["off"] + Severity.allCases.map(\.rawValue))),
                ("levels", .map(keys: .ref("ruleId"), values: .ref("level"))),
            ])
    }

    /// The JSON Schema of one key of the config table: its shape (references to the shared definitions, defaults)
    /// by name, its description from the table. A key the table gains before it gains a shape here is described
    /// and takes any value.
    static func configProperty(_ key: ConfigSchema.Key, rules: [RuleDescription]) -> SchemaJSON {
        let description = key.description
        switch key.name {
        case "$schema": return .text(description)
        case "include":
            return .node(description, ref: "globs", default: .array(Config.defaultInclude.map(SchemaJSON.string)))
        case "exclude": return .node(description, ref: "globs", default: .array([]))
        case "kinds": return .map(description, keys: .ref("glob"), values: .ref("kind"))
        case "apns":
            return .record(
                description,
                ConfigSchema.apns.map { nested in
                    switch nested.name {
                    case "headers":
                        return (
                            nested.name,
                            .map(
                                nested.description, keys: .ref("glob"),
                                values: .map("Header name to value, as sent (strings).", values: .node(type: "string")))
                        )
                    default: return (nested.name, .node(nested.description))
                    }
                })
        case "rules": return .ref("levels", description)
        case "options":
            return .node(
                description, type: "object", propertyNames: .ref("ruleId"),
                additionalProperties: .map(
                    values: .node(types: ["number", "boolean", "string", "array"], items: .node(type: "string"))),
                properties: ruleOptions(rules))
        case "overrides":
            return .node(
                description, type: "array",
                items: .record(
                    required: ["files"],
                    ConfigSchema.overrideEntry.map { nested in
                        switch nested.name {
                        case "files": return (nested.name, .ref("globs", nested.description))
                        case "rules": return (nested.name, .ref("levels", nested.description))
                        default: return (nested.name, .node(nested.description))
                        }
                    }))
        case "templates":
            return .node(
                description, type: "array",
                items: .node(anyOf: [
                    .ref("glob"),
                    .record(
                        required: ["files"],
                        ConfigSchema.templateEntry.map { nested in
                            switch nested.name {
                            case "files":
                                return (nested.name, .node(nested.description, anyOf: [.ref("glob"), .ref("globs")]))
                            case "dialect": return (nested.name, .ref("dialect", nested.description))
                            default: return (nested.name, .node(nested.description))
                            }
                        }),
                ]), default: .array([]))
        case "placeholders":
            let defaults = ["open": PlaceholderDelimiters.mustache.open, "close": PlaceholderDelimiters.mustache.close]
            return .record(
                description,
                ConfigSchema.placeholders.map { nested in
                    (nested.name, .text(nested.description, minLength: 1, default: defaults[nested.name]))
                })
        case "contract": return .text(description)
        case "app":
            return .node(
                description,
                anyOf: [
                    .node(type: "string", minLength: 1),
                    .node(type: "array", items: .node(type: "string", minLength: 1)),
                ])
        default: return .node(description)
        }
    }

    /// Every rule that has options, with them: name, JSON type, default and summary from the rule's description.
    static func ruleOptions(_ rules: [RuleDescription]) -> [(String, SchemaJSON)] {
        rules.filter { !$0.options.isEmpty }.map { rule in
            let options = rule.options.map { option -> (String, SchemaJSON) in
                let description = option.summary + " Default: " + option.defaultValue + "."
                let value = defaultValue(option.defaultValue)
                switch option.type {
                case .number: return (option.name, .node(description, type: "number", default: value))
                case .integer: return (option.name, .node(description, type: "integer", default: value))
                case .boolean: return (option.name, .node(description, type: "boolean", default: value))
                case .string: return (option.name, .node(description, type: "string", default: value))
                case .stringArray:
                    return (
                        option.name,
                        .node(description, type: "array", items: .node(type: "string"), default: value)
                    )
                }
            }
            return (rule.id, .record("Options of \(rule.id).", options))
        }
    }

    /// A default as the rule page writes it (`.pushlint.json` text), as a JSON value.
    static func defaultValue(_ text: String) -> SchemaJSON? {
        let result = JSONParser.parse(text)
        guard let doc = result.document else { return nil }
        return value(doc, doc.root)
    }

    static func value(_ doc: JSONDocument, _ node: NodeID) -> SchemaJSON {
        switch doc.kind(node) {
        case .object: return .object(doc.members(node).map { (doc.string($0.key), value(doc, $0.value)) })
        case .array: return .array(doc.elements(node).map { value(doc, $0) })
        case .string, .key: return .string(doc.string(node))
        case .number:
            let d = doc.doubleValue(node) ?? 0
            return d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .number(d)
        case .bool: return .bool(doc.boolValue(node) ?? false)
        case .null, .placeholder: return .null
        }
    }

    static func contractDocument() -> SchemaJSON {
        let sizeLimit = { (description: String) in SchemaJSON.node(description, type: "integer", minimum: 0) }
        let stateFields = { (description: String) in
            SchemaJSON.map(
                description,
                values: .record([
                    (
                        "type",
                        .node(
                            """
                            The JSON shape the decoder reads: a Swift Int is integer, Double number, String \
                            string, Bool boolean, Date date (seconds since 1 January 2001), arrays array, \
                            dictionaries object; leave it out for any other type.
                            """, enum: Contract.StateType.allCases.map(\.rawValue))
                    ),
                    (
                        "optional",
                        .node(
                            "The property is optional (T?): the key may be absent or null.", type: "boolean",
                            default: .bool(false))
                    ),
                    ("description", .documentationOnly),
                ]))
        }
        return document(
            file: "push-contract.schema.json", title: "pushlint contract",
            description: """
                What the app promises to understand: iOS categories and entitlements, Android channels, events with \
                their templates and custom data fields, template variables with their maximum size, allowed links, \
                sounds and Live Activity types. JSONC: comments and trailing commas are allowed.
                """,
            properties: [
                ("$schema", .text("The JSON Schema of this file, for editors.")),
                (
                    "ios",
                    .record(
                        "The iOS app.",
                        [
                            (
                                "bundleId",
                                .text(
                                    "The app's bundle id; apns-topic must be it (plus the suffix its push type needs).")
                            ),
                            (
                                "categories",
                                .ref(
                                    "strings",
                                    "Notification categories the app registers (aps.category, Expo categoryId).")
                            ),
                            (
                                "entitlements",
                                .node(
                                    "Notification entitlements the app has.", type: "array",
                                    items: .node(enum: Contract.entitlements))
                            ),
                            (
                                "sounds",
                                .ref(
                                    "strings",
                                    """
                                    Sound files payloads may name (aps.sound), with their extension (chime.caf); \
                                    `app scan --write-contract` adds the app's.
                                    """)
                            ),
                            (
                                "liveActivities",
                                .map(
                                    """
                                    The app's ActivityAttributes types by name (aps.attributes-type), with the keys \
                                    their synthesized decoders read; `app scan --write-contract` adds them.
                                    """,
                                    values: .record([
                                        (
                                            "contentState",
                                            stateFields("The keys of the type's ContentState (aps.content-state).")
                                        ),
                                        (
                                            "attributes",
                                            stateFields(
                                                "The keys of the type's static attributes (aps.attributes of a push-to-start)."
                                            )
                                        ),
                                        ("description", .documentationOnly),
                                    ]))
                            ),
                        ])
                ),
                (
                    "android",
                    .record(
                        "The Android app.",
                        [
                            ("package", .text("The application id.")),
                            (
                                "defaultChannel",
                                .text(
                                    """
                                    The channel of the manifest's default_notification_channel_id; must be one of \
                                    channels.
                                    """)
                            ),
                            (
                                "channels",
                                .node(
                                    "Notification channels the app creates.", type: "array",
                                    items: .record(
                                        required: ["id"],
                                        [
                                            (
                                                "id",
                                                .text(
                                                    """
                                                    The channel id (FCM android.notification.channel_id, Expo \
                                                    channelId).
                                                    """)
                                            ),
                                            (
                                                "importance",
                                                .node(
                                                    "The channel's importance.",
                                                    enum: Contract.Importance.allCases.map(\.rawValue))
                                            ),
                                            ("name", .text("The user-visible name (documentation only).")),
                                            ("description", .documentationOnly),
                                        ]))
                            ),
                            (
                                "sounds",
                                .ref(
                                    "strings",
                                    """
                                    res/raw sounds payloads may name (android.notification.sound), without their \
                                    extension (chime); `app scan --write-contract` adds the app's.
                                    """)
                            ),
                        ])
                ),
                (
                    "events",
                    .map(
                        "The notifications the app handles, by event name.",
                        values: .record([
                            (
                                "files",
                                .ref(
                                    "strings",
                                    "Globs of the templates of this event (relative to the config's folder).")
                            ),
                            (
                                "match",
                                .map(
                                    "Custom data values that identify the event in a template.",
                                    values: .node(types: ["string", "number", "boolean"]))
                            ),
                            (
                                "urgency",
                                .node(
                                    "How urgent the event is; marketing and background must not go at high priority.",
                                    enum: Contract.Urgency.allCases.map(\.rawValue))
                            ),
                            (
                                "channel",
                                .text("The Android channel of the event; must be one of android.channels.")
                            ),
                            (
                                "fields",
                                .map(
                                    """
                                    The custom data the client reads (FCM data, APNs keys beside aps, Expo data). \
                                    When present, other fields are reported.
                                    """,
                                    values: .record([
                                        (
                                            "required",
                                            .node("The field must be present.", type: "boolean", default: .bool(false))
                                        ),
                                        (
                                            "type",
                                            .node(
                                                "The JSON type of the value.",
                                                enum: Contract.FieldType.allCases.map(\.rawValue))
                                        ),
                                        ("enum", .node("The allowed values.", type: "array")),
                                        (
                                            "pattern",
                                            .text(
                                                """
                                                A regular expression the value must match (searched: anchor with ^ \
                                                and $).
                                                """)
                                        ),
                                        ("maxLength", sizeLimit("Maximum length in characters.")),
                                        ("minLength", sizeLimit("Minimum length in characters.")),
                                        ("description", .documentationOnly),
                                    ]))
                            ),
                            ("description", .documentationOnly),
                        ]))
                ),
                (
                    "variables",
                    .map(
                        "Template variables with their maximum size, for the worst-case size of templates.",
                        values: .record([
                            ("maxBytes", sizeLimit("Maximum encoded size in bytes.")),
                            (
                                "maxLength",
                                sizeLimit("Maximum length in characters (counted at 4 bytes each in the worst case).")
                            ),
                            (
                                "maxItems",
                                .node(
                                    """
                                    Most items of a list a template loops over ({{#each}}, {% for %}, {{range}}): \
                                    loops are rendered with 0, 1, 2 and this many items.
                                    """, type: "integer", minimum: 0, maximum: 1000)
                            ),
                        ]))
                ),
                (
                    "links",
                    .record(
                        "Links payloads may carry.",
                        [
                            ("schemes", .ref("strings", "Allowed URL schemes.")),
                            (
                                "hosts",
                                .ref("strings", "Allowed hosts of http(s) links; *.example.com matches subdomains.")
                            ),
                            (
                                "fields",
                                .ref(
                                    "strings",
                                    """
                                    Custom data keys that carry a link, checked besides url, link, deeplink and \
                                    deep_link.
                                    """)
                            ),
                        ])
                ),
            ],
            definitions: [("strings", .node(type: "array", items: .node(type: "string")))])
    }

    /// A closed top-level schema document with its `$defs`.
    private static func document(
        file: String, title: String, description: String, properties: [(String, SchemaJSON)],
        definitions: [(String, SchemaJSON)]
    ) -> SchemaJSON {
        .object([
            ("$schema", .string(dialect)),
            ("$id", .string(baseURI + file)),
            ("title", .string(title)),
            ("description", .string(description)),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            ("properties", .object(properties)),
            ("$defs", .object(definitions)),
        ])
    }
}
