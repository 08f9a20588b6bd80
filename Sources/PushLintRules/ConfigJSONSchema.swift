import PushLintJSON
import PushLintModel

// The schemas of `.pushlint.json` and the contract (`pushlint schema config|contract`, committed as
// schemas/pushlint.schema.json and schemas/push-contract.schema.json). Their structure and descriptions are written
// once, here; what tables decide comes from the tables: the rule ids (the registry), each rule's options with their
// types, defaults and summaries (the rule descriptions), the payload kinds and the levels. SchemaTests checks that
// every object's keys are the ones the readers accept (Config.knownKeys, Contract.knownKeys, ...).
extension PayloadJSONSchema {
    static func configDocument() -> SchemaJSON {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://raw.githubusercontent.com/pushlint/pushlint/main/schemas/pushlint.schema.json")),
            ("title", .string("pushlint configuration (.pushlint.json)")),
            (
                "description",
                .string(
                    "Configuration of pushlint, the push-notification payload linter. The file is JSONC: comments and trailing commas are allowed. Globs match paths relative to the folder of this file."
                )
            ),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    (
                        "$schema",
                        .object([
                            ("description", .string("The JSON Schema of this file, for editors.")),
                            ("type", .string("string")),
                        ])
                    ),
                    (
                        "include",
                        .object([
                            (
                                "description",
                                .string(
                                    "Globs of the files linted when a folder is walked. Files named on the command line are always linted."
                                )
                            ),
                            ("$ref", .string("#/$defs/globs")),
                            ("default", .array(Config.defaultInclude.map { .string($0) })),
                        ])
                    ),
                    (
                        "exclude",
                        .object([
                            (
                                "description",
                                .string(
                                    "Globs of files and folders skipped while walking. "
                                        + Config.alwaysExcluded.sorted().joined(separator: ", ")
                                        + " are always skipped.")
                            ),
                            ("$ref", .string("#/$defs/globs")),
                            ("default", .array([])),
                        ])
                    ),
                    (
                        "kinds",
                        .object([
                            (
                                "description",
                                .string(
                                    "Forces the payload kind of the files a glob matches instead of detecting it; the last matching glob wins."
                                )
                            ),
                            ("type", .string("object")),
                            (
                                "propertyNames",
                                .object([
                                    ("$ref", .string("#/$defs/glob"))
                                ])
                            ),
                            (
                                "additionalProperties",
                                .object([
                                    ("$ref", .string("#/$defs/kind"))
                                ])
                            ),
                        ])
                    ),
                    (
                        "apns",
                        .object([
                            ("description", .string("APNs settings.")),
                            ("type", .string("object")),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    (
                                        "headers",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "APNs request headers for bare APNs bodies (files without a {headers, payload} envelope), by glob; the last matching glob wins."
                                                )
                                            ),
                                            ("type", .string("object")),
                                            (
                                                "propertyNames",
                                                .object([
                                                    ("$ref", .string("#/$defs/glob"))
                                                ])
                                            ),
                                            (
                                                "additionalProperties",
                                                .object([
                                                    (
                                                        "description",
                                                        .string("Header name to value, as sent (strings).")
                                                    ),
                                                    ("type", .string("object")),
                                                    (
                                                        "additionalProperties",
                                                        .object([
                                                            ("type", .string("string"))
                                                        ])
                                                    ),
                                                ])
                                            ),
                                        ])
                                    )
                                ])
                            ),
                        ])
                    ),
                    (
                        "rules",
                        .object([
                            (
                                "description",
                                .string(
                                    "The level of rules by id: off, info, warning or error. `pushlint rules` lists the ids."
                                )
                            ),
                            ("$ref", .string("#/$defs/levels")),
                        ])
                    ),
                    (
                        "options",
                        .object([
                            (
                                "description",
                                .string("Rule options by rule id; each rule's page lists its options and their types.")
                            ),
                            ("type", .string("object")),
                            (
                                "propertyNames",
                                .object([
                                    ("$ref", .string("#/$defs/ruleId"))
                                ])
                            ),
                            ("properties", ruleOptions()),
                            (
                                "additionalProperties",
                                .object([
                                    ("type", .string("object")),
                                    (
                                        "additionalProperties",
                                        .object([
                                            (
                                                "type",
                                                .array([
                                                    .string("number"), .string("boolean"), .string("string"),
                                                    .string("array"),
                                                ])
                                            ),
                                            (
                                                "items",
                                                .object([
                                                    ("type", .string("string"))
                                                ])
                                            ),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "overrides",
                        .object([
                            (
                                "description",
                                .string("Rule levels for some files only; entries apply in order, later ones win.")
                            ),
                            ("type", .string("array")),
                            (
                                "items",
                                .object([
                                    ("type", .string("object")),
                                    ("additionalProperties", .bool(false)),
                                    ("required", .array([.string("files")])),
                                    (
                                        "properties",
                                        .object([
                                            (
                                                "files",
                                                .object([
                                                    (
                                                        "description",
                                                        .string("Globs of the files this entry applies to.")
                                                    ),
                                                    ("$ref", .string("#/$defs/globs")),
                                                ])
                                            ),
                                            (
                                                "rules",
                                                .object([
                                                    ("description", .string("Rule levels for these files.")),
                                                    ("$ref", .string("#/$defs/levels")),
                                                ])
                                            ),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "templates",
                        .object([
                            (
                                "description",
                                .string(
                                    "Files in template mode, besides files ending in .json and a template extension (.tmpl: placeholders only; .hbs, .handlebars, .mustache: Handlebars; .liquid: Liquid; .j2, .jinja, .jinja2, .njk: Jinja; .gotmpl: Go text/template). An entry is a glob (the dialect of its extension, else placeholders only) or an object that names the dialect of its files; the last entry naming a dialect wins."
                                )
                            ),
                            ("type", .string("array")),
                            (
                                "items",
                                .object([
                                    (
                                        "anyOf",
                                        .array([
                                            .object([("$ref", .string("#/$defs/glob"))]),
                                            .object([
                                                ("type", .string("object")),
                                                ("additionalProperties", .bool(false)),
                                                ("required", .array([.string("files")])),
                                                (
                                                    "properties",
                                                    .object([
                                                        (
                                                            "files",
                                                            .object([
                                                                (
                                                                    "description",
                                                                    .string("A glob or an array of globs.")
                                                                ),
                                                                (
                                                                    "anyOf",
                                                                    .array([
                                                                        .object([("$ref", .string("#/$defs/glob"))]),
                                                                        .object([("$ref", .string("#/$defs/globs"))]),
                                                                    ])
                                                                ),
                                                            ])
                                                        ),
                                                        (
                                                            "dialect",
                                                            .object([
                                                                (
                                                                    "description",
                                                                    .string("The template language of these files.")
                                                                ),
                                                                ("$ref", .string("#/$defs/dialect")),
                                                            ])
                                                        ),
                                                    ])
                                                ),
                                            ]),
                                        ])
                                    )
                                ])
                            ),
                            ("default", .array([])),
                        ])
                    ),
                    (
                        "placeholders",
                        .object([
                            ("description", .string("Template placeholder delimiters.")),
                            ("type", .string("object")),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    (
                                        "open",
                                        .object([
                                            ("description", .string("Opening delimiter.")),
                                            ("type", .string("string")),
                                            ("minLength", .int(1)),
                                            ("default", .string("{{")),
                                        ])
                                    ),
                                    (
                                        "close",
                                        .object([
                                            ("description", .string("Closing delimiter.")),
                                            ("type", .string("string")),
                                            ("minLength", .int(1)),
                                            ("default", .string("}}")),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "contract",
                        .object([
                            (
                                "description",
                                .string(
                                    "Path of the contract file (relative to this file's folder); --contract overrides it."
                                )
                            ),
                            ("type", .string("string")),
                        ])
                    ),
                ])
            ),
            (
                "$defs",
                .object([
                    (
                        "glob",
                        .object([
                            (
                                "description",
                                .string(
                                    "A .gitignore-like glob: a pattern without / matches a name at any depth, ** spans folders."
                                )
                            ),
                            ("type", .string("string")),
                            ("minLength", .int(1)),
                        ])
                    ),
                    (
                        "globs",
                        .object([
                            ("type", .string("array")),
                            (
                                "items",
                                .object([
                                    ("$ref", .string("#/$defs/glob"))
                                ])
                            ),
                        ])
                    ),
                    (
                        "kind",
                        .object([
                            ("enum", .array(PayloadKind.allCases.map { .string($0.rawValue) }))
                        ])
                    ),
                    (
                        "dialect",
                        .object([
                            ("enum", .array(TemplateDialect.names.map { .string($0.name) }))
                        ])
                    ),
                    (
                        "ruleId",
                        .object([
                            ("description", .string("A rule id (kebab-case).")),
                            ("type", .string("string")),
                            ("pattern", .string("^[a-z0-9]+(-[a-z0-9]+)*$")),
                            ("enum", .array(RuleRegistry.descriptions.map { .string($0.id) })),
                        ])
                    ),
                    (
                        "level",
                        .object([
                            ("enum", .array((["off"] + Severity.allCases.map(\.rawValue)).map { .string($0) }))
                        ])
                    ),
                    (
                        "levels",
                        .object([
                            ("type", .string("object")),
                            (
                                "propertyNames",
                                .object([
                                    ("$ref", .string("#/$defs/ruleId"))
                                ])
                            ),
                            (
                                "additionalProperties",
                                .object([
                                    ("$ref", .string("#/$defs/level"))
                                ])
                            ),
                        ])
                    ),
                ])
            ),
        ])
    }

    /// Every rule that has options, with them: name, JSON type, default and summary from the rule's description.
    static func ruleOptions() -> SchemaJSON {
        .object(
            RuleRegistry.descriptions.filter { !$0.options.isEmpty }.map { rule in
                (
                    rule.id,
                    .object([
                        ("description", .string("Options of \(rule.id).")),
                        ("type", .string("object")),
                        (
                            "properties",
                            .object(
                                rule.options.map { option in
                                    var members: [(String, SchemaJSON)] = [
                                        (
                                            "description",
                                            .string(option.summary + " Default: " + option.defaultValue + ".")
                                        )
                                    ]
                                    switch option.type {
                                    case .number: members.append(("type", .string("number")))
                                    case .integer: members.append(("type", .string("integer")))
                                    case .boolean: members.append(("type", .string("boolean")))
                                    case .string: members.append(("type", .string("string")))
                                    case .stringArray:
                                        members += [
                                            ("type", .string("array")),
                                            ("items", .object([("type", .string("string"))])),
                                        ]
                                    }
                                    if let value = defaultValue(option.defaultValue) {
                                        members.append(("default", value))
                                    }
                                    return (option.name, .object(members))
                                })
                        ),
                        ("additionalProperties", .bool(false)),
                    ])
                )
            })
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
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            (
                "$id",
                .string("https://raw.githubusercontent.com/pushlint/pushlint/main/schemas/push-contract.schema.json")
            ),
            ("title", .string("pushlint contract")),
            (
                "description",
                .string(
                    "What the app promises to understand: iOS categories and entitlements, Android channels, events with their templates and custom data fields, template variables with their maximum size, and allowed links. JSONC: comments and trailing commas are allowed."
                )
            ),
            ("type", .string("object")),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    (
                        "$schema",
                        .object([
                            ("description", .string("The JSON Schema of this file, for editors.")),
                            ("type", .string("string")),
                        ])
                    ),
                    (
                        "ios",
                        .object([
                            ("description", .string("The iOS app.")),
                            ("type", .string("object")),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    (
                                        "bundleId",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "The app's bundle id; apns-topic must be it (plus the suffix its push type needs)."
                                                )
                                            ),
                                            ("type", .string("string")),
                                        ])
                                    ),
                                    (
                                        "categories",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "Notification categories the app registers (aps.category, Expo categoryId)."
                                                )
                                            ),
                                            ("$ref", .string("#/$defs/strings")),
                                        ])
                                    ),
                                    (
                                        "entitlements",
                                        .object([
                                            ("description", .string("Notification entitlements the app has.")),
                                            ("type", .string("array")),
                                            (
                                                "items",
                                                .object([
                                                    (
                                                        "enum",
                                                        .array([.string("time-sensitive"), .string("critical-alerts")])
                                                    )
                                                ])
                                            ),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "android",
                        .object([
                            ("description", .string("The Android app.")),
                            ("type", .string("object")),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    (
                                        "package",
                                        .object([
                                            ("description", .string("The application id.")),
                                            ("type", .string("string")),
                                        ])
                                    ),
                                    (
                                        "defaultChannel",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "The channel of the manifest's default_notification_channel_id; must be one of channels."
                                                )
                                            ),
                                            ("type", .string("string")),
                                        ])
                                    ),
                                    (
                                        "channels",
                                        .object([
                                            ("description", .string("Notification channels the app creates.")),
                                            ("type", .string("array")),
                                            (
                                                "items",
                                                .object([
                                                    ("type", .string("object")),
                                                    ("additionalProperties", .bool(false)),
                                                    ("required", .array([.string("id")])),
                                                    (
                                                        "properties",
                                                        .object([
                                                            (
                                                                "id",
                                                                .object([
                                                                    (
                                                                        "description",
                                                                        .string(
                                                                            "The channel id (FCM android.notification.channel_id, Expo channelId)."
                                                                        )
                                                                    ),
                                                                    ("type", .string("string")),
                                                                ])
                                                            ),
                                                            (
                                                                "importance",
                                                                .object([
                                                                    (
                                                                        "description",
                                                                        .string("The channel's importance.")
                                                                    ),
                                                                    (
                                                                        "enum",
                                                                        .array([
                                                                            .string("none"), .string("min"),
                                                                            .string("low"), .string("default"),
                                                                            .string("high"), .string("max"),
                                                                        ])
                                                                    ),
                                                                ])
                                                            ),
                                                            (
                                                                "name",
                                                                .object([
                                                                    (
                                                                        "description",
                                                                        .string(
                                                                            "The user-visible name (documentation only)."
                                                                        )
                                                                    ),
                                                                    ("type", .string("string")),
                                                                ])
                                                            ),
                                                            (
                                                                "description",
                                                                .object([
                                                                    ("description", .string("Documentation only.")),
                                                                    ("type", .string("string")),
                                                                ])
                                                            ),
                                                        ])
                                                    ),
                                                ])
                                            ),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "events",
                        .object([
                            ("description", .string("The notifications the app handles, by event name.")),
                            ("type", .string("object")),
                            (
                                "additionalProperties",
                                .object([
                                    ("type", .string("object")),
                                    ("additionalProperties", .bool(false)),
                                    (
                                        "properties",
                                        .object([
                                            (
                                                "files",
                                                .object([
                                                    (
                                                        "description",
                                                        .string(
                                                            "Globs of the templates of this event (relative to the config's folder)."
                                                        )
                                                    ),
                                                    ("$ref", .string("#/$defs/strings")),
                                                ])
                                            ),
                                            (
                                                "match",
                                                .object([
                                                    (
                                                        "description",
                                                        .string(
                                                            "Custom data values that identify the event in a template.")
                                                    ),
                                                    ("type", .string("object")),
                                                    (
                                                        "additionalProperties",
                                                        .object([
                                                            (
                                                                "type",
                                                                .array([
                                                                    .string("string"), .string("number"),
                                                                    .string("boolean"),
                                                                ])
                                                            )
                                                        ])
                                                    ),
                                                ])
                                            ),
                                            (
                                                "urgency",
                                                .object([
                                                    (
                                                        "description",
                                                        .string(
                                                            "How urgent the event is; marketing and background must not go at high priority."
                                                        )
                                                    ),
                                                    (
                                                        "enum",
                                                        .array([
                                                            .string("transactional"), .string("marketing"),
                                                            .string("realtime"), .string("background"),
                                                        ])
                                                    ),
                                                ])
                                            ),
                                            (
                                                "channel",
                                                .object([
                                                    (
                                                        "description",
                                                        .string(
                                                            "The Android channel of the event; must be one of android.channels."
                                                        )
                                                    ),
                                                    ("type", .string("string")),
                                                ])
                                            ),
                                            (
                                                "fields",
                                                .object([
                                                    (
                                                        "description",
                                                        .string(
                                                            "The custom data the client reads (FCM data, APNs keys beside aps, Expo data). When present, other fields are reported."
                                                        )
                                                    ),
                                                    ("type", .string("object")),
                                                    (
                                                        "additionalProperties",
                                                        .object([
                                                            ("type", .string("object")),
                                                            ("additionalProperties", .bool(false)),
                                                            (
                                                                "properties",
                                                                .object([
                                                                    (
                                                                        "required",
                                                                        .object([
                                                                            (
                                                                                "description",
                                                                                .string("The field must be present.")
                                                                            ),
                                                                            ("type", .string("boolean")),
                                                                            ("default", .bool(false)),
                                                                        ])
                                                                    ),
                                                                    (
                                                                        "type",
                                                                        .object([
                                                                            (
                                                                                "description",
                                                                                .string("The JSON type of the value.")
                                                                            ),
                                                                            (
                                                                                "enum",
                                                                                .array([
                                                                                    .string("string"),
                                                                                    .string("number"),
                                                                                    .string("integer"),
                                                                                    .string("boolean"),
                                                                                    .string("object"), .string("array"),
                                                                                ])
                                                                            ),
                                                                        ])
                                                                    ),
                                                                    (
                                                                        "enum",
                                                                        .object([
                                                                            (
                                                                                "description",
                                                                                .string("The allowed values.")
                                                                            ),
                                                                            ("type", .string("array")),
                                                                        ])
                                                                    ),
                                                                    (
                                                                        "pattern",
                                                                        .object([
                                                                            (
                                                                                "description",
                                                                                .string(
                                                                                    "A regular expression the value must match (searched: anchor with ^ and $)."
                                                                                )
                                                                            ),
                                                                            ("type", .string("string")),
                                                                        ])
                                                                    ),
                                                                    (
                                                                        "maxLength",
                                                                        .object([
                                                                            (
                                                                                "description",
                                                                                .string("Maximum length in characters.")
                                                                            ),
                                                                            ("type", .string("integer")),
                                                                            ("minimum", .int(0)),
                                                                        ])
                                                                    ),
                                                                    (
                                                                        "minLength",
                                                                        .object([
                                                                            (
                                                                                "description",
                                                                                .string("Minimum length in characters.")
                                                                            ),
                                                                            ("type", .string("integer")),
                                                                            ("minimum", .int(0)),
                                                                        ])
                                                                    ),
                                                                    (
                                                                        "description",
                                                                        .object([
                                                                            (
                                                                                "description",
                                                                                .string("Documentation only.")
                                                                            ),
                                                                            ("type", .string("string")),
                                                                        ])
                                                                    ),
                                                                ])
                                                            ),
                                                        ])
                                                    ),
                                                ])
                                            ),
                                            (
                                                "description",
                                                .object([
                                                    ("description", .string("Documentation only.")),
                                                    ("type", .string("string")),
                                                ])
                                            ),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "variables",
                        .object([
                            (
                                "description",
                                .string(
                                    "Template variables with their maximum size, for the worst-case size of templates.")
                            ),
                            ("type", .string("object")),
                            (
                                "additionalProperties",
                                .object([
                                    ("type", .string("object")),
                                    ("additionalProperties", .bool(false)),
                                    (
                                        "properties",
                                        .object([
                                            (
                                                "maxBytes",
                                                .object([
                                                    ("description", .string("Maximum encoded size in bytes.")),
                                                    ("type", .string("integer")),
                                                    ("minimum", .int(0)),
                                                ])
                                            ),
                                            (
                                                "maxLength",
                                                .object([
                                                    (
                                                        "description",
                                                        .string(
                                                            "Maximum length in characters (counted at 4 bytes each in the worst case)."
                                                        )
                                                    ),
                                                    ("type", .string("integer")),
                                                    ("minimum", .int(0)),
                                                ])
                                            ),
                                            (
                                                "maxItems",
                                                .object([
                                                    (
                                                        "description",
                                                        .string(
                                                            "Most items of a list a template loops over ({{#each}}, {% for %}, {{range}}): loops are rendered with 0, 1, 2 and this many items."
                                                        )
                                                    ),
                                                    ("type", .string("integer")),
                                                    ("minimum", .int(0)),
                                                    ("maximum", .int(1000)),
                                                ])
                                            ),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                    (
                        "links",
                        .object([
                            ("description", .string("Links payloads may carry.")),
                            ("type", .string("object")),
                            ("additionalProperties", .bool(false)),
                            (
                                "properties",
                                .object([
                                    (
                                        "schemes",
                                        .object([
                                            ("description", .string("Allowed URL schemes.")),
                                            ("$ref", .string("#/$defs/strings")),
                                        ])
                                    ),
                                    (
                                        "hosts",
                                        .object([
                                            (
                                                "description",
                                                .string(
                                                    "Allowed hosts of http(s) links; *.example.com matches subdomains.")
                                            ),
                                            ("$ref", .string("#/$defs/strings")),
                                        ])
                                    ),
                                ])
                            ),
                        ])
                    ),
                ])
            ),
            (
                "$defs",
                .object([
                    (
                        "strings",
                        .object([
                            ("type", .string("array")),
                            (
                                "items",
                                .object([
                                    ("type", .string("string"))
                                ])
                            ),
                        ])
                    )
                ])
            ),
        ])
    }
}
