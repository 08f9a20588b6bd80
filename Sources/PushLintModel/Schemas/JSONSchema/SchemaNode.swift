/// One JSON Schema node of the hand-written schemas (`.pushlint.json`, the contract), built by one call: the
/// keywords a node may have are parameters, written in one fixed order so that the committed schema files stay
/// stable and a reader finds `description` first and `default` last.
extension SchemaJSON {
    static func node(
        _ description: String? = nil, ref: String? = nil, type: String? = nil, types: [String]? = nil,
        minLength: Int? = nil, minimum: Int? = nil, maximum: Int? = nil, pattern: String? = nil,
        enum values: [String]? = nil, anyOf: [SchemaJSON]? = nil, propertyNames: SchemaJSON? = nil,
        closed: Bool = false, additionalProperties: SchemaJSON? = nil, required: [String]? = nil,
        properties: [(String, SchemaJSON)]? = nil, items: SchemaJSON? = nil, default defaultValue: SchemaJSON? = nil
    ) -> SchemaJSON {
        var members: [(String, SchemaJSON)] = []
        if let description { members.append(("description", .string(description))) }
        if let ref { members.append(("$ref", .string("#/$defs/" + ref))) }
        if let type { members.append(("type", .string(type))) }
        if let types { members.append(("type", .array(types.map(SchemaJSON.string)))) }
        if let minLength { members.append(("minLength", .int(minLength))) }
        if let minimum { members.append(("minimum", .int(minimum))) }
        if let maximum { members.append(("maximum", .int(maximum))) }
        if let pattern { members.append(("pattern", .string(pattern))) }
        if let values { members.append(("enum", .array(values.map(SchemaJSON.string)))) }
        if let anyOf { members.append(("anyOf", .array(anyOf))) }
        if let propertyNames { members.append(("propertyNames", propertyNames)) }
        if closed { members.append(("additionalProperties", .bool(false))) }
        if let additionalProperties { members.append(("additionalProperties", additionalProperties)) }
        if let required { members.append(("required", .array(required.map(SchemaJSON.string)))) }
        if let properties { members.append(("properties", .object(properties))) }
        if let items { members.append(("items", items)) }
        if let defaultValue { members.append(("default", defaultValue)) }
        return .object(members)
    }

    /// A closed object: only the listed properties.
    static func record(
        _ description: String, required: [String]? = nil, _ properties: [(String, SchemaJSON)]
    ) -> SchemaJSON {
        node(description, type: "object", closed: true, required: required, properties: properties)
    }

    /// A closed object without a description of its own (the items of an array, the values of a map).
    static func record(required: [String]? = nil, _ properties: [(String, SchemaJSON)]) -> SchemaJSON {
        node(type: "object", closed: true, required: required, properties: properties)
    }

    /// An object of any keys (matching `keys`, when given) whose values are `values`.
    static func map(_ description: String? = nil, keys: SchemaJSON? = nil, values: SchemaJSON) -> SchemaJSON {
        node(description, type: "object", propertyNames: keys, additionalProperties: values)
    }

    static func text(_ description: String?, minLength: Int? = nil, default value: String? = nil) -> SchemaJSON {
        node(description, type: "string", minLength: minLength, default: value.map(SchemaJSON.string))
    }

    static func ref(_ name: String, _ description: String? = nil) -> SchemaJSON { node(description, ref: name) }

    /// The `description` member that configuration objects allow for the team's notes.
    static let documentationOnly = SchemaJSON.text("Documentation only.")
}
