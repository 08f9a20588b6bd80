import PushLintJSON

// The schemas of `.pushlint.json` and the contract (`pushlint schema config|contract`, committed as
// schemas/pushlint.schema.json and schemas/push-contract.schema.json). The config's keys and their descriptions are
// its table (`ConfigSchema`), their JSON Schema shape is written here once per key; the contract's keys, shapes and
// descriptions are its table (`ContractSchema`), each shape written here once. What other tables decide comes from
// them: the rule ids and each rule's options with their types, defaults and summaries (the rule descriptions, passed
// in), the payload kinds and the levels.
// SchemaTests checks that every object's keys are the ones the readers accept (Config.knownKeys, Contract.knownKeys);
// ConfigTableTests and ContractTableTests that the schemas list their tables.
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
        case "vapid":
            return .record(
                description,
                ConfigSchema.vapid.map { nested in
                    nested.name == "expiresIn"
                        ? (nested.name, .node(nested.description, type: "integer", minimum: 1))
                        : (nested.name, .node(nested.description, type: "string"))
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

    /// The contract's schema: every key of its table (`ContractSchema`), each shape written one way.
    static func contractDocument() -> SchemaJSON {
        document(
            file: "push-contract.schema.json", title: "pushlint contract", description: ContractSchema.summary,
            properties: contractProperties(ContractSchema.top),
            definitions: [("strings", .node(type: "array", items: .node(type: "string")))])
    }

    static func contractProperties(_ record: ContractSchema.Record) -> [(String, SchemaJSON)] {
        record.keys.map { ($0.name, contractValue($0.shape, $0.description)) }
    }

    /// The JSON Schema of a value of the contract's table; `description` is nil for the elements of an array and the
    /// values of a map, which their key describes.
    static func contractValue(_ shape: ContractSchema.Shape, _ description: String?) -> SchemaJSON {
        switch shape {
        case .string: return .text(description)
        case .boolean: return .node(description, type: "boolean", default: .bool(false))
        case .count(let max): return .node(description, type: "integer", minimum: 0, maximum: max)
        case .strings: return .node(description, ref: "strings")
        case .enumeration(let values): return .node(description, enum: values)
        case .array(let element): return .node(description, type: "array", items: contractValue(element, nil))
        case .anyArray: return .node(description, type: "array")
        case .scalar: return .node(description, types: ["string", "number", "boolean"])
        case .object(let record):
            let required = record.required
            return .node(
                description, type: "object", closed: true, required: required.isEmpty ? nil : required,
                properties: contractProperties(record))
        case .map(let value): return .map(description, values: contractValue(value, nil))
        }
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
