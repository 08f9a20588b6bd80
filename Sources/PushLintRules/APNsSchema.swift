import PushLintModel

/// The `aps` dictionary as a schema table, from the key lists of `APNs` (platform-rules.md §1): the value each key
/// takes, for editors (`pushlint schema apns`, the language server's completion). The checks themselves stay in
/// `apns-aps-value` and `apns-aps-unknown-key`; this table only names the types they check.
extension APNs {
    static let soundSchema = MessageSchema(
        "aps.sound", acceptsLowerCamelCase: false,
        [
            SchemaField("critical", .number(min: 0, max: 1)),
            SchemaField("name", .string),
            SchemaField("volume", .number(min: 0, max: 1)),
        ])

    /// `alert` keys: strings, the `*-loc-args` arrays of strings, `summary-arg-count` a positive integer; a Live
    /// Activity's `title` and `body` may be localization dictionaries.
    static let alertSchema = MessageSchema(
        "aps.alert", acceptsLowerCamelCase: false,
        alertKeys.map { key in
            if key.hasSuffix("loc-args") { return SchemaField(key, .array(.string)) }
            if key == "summary-arg-count" { return SchemaField(key, .number(min: 1, max: nil)) }
            if key == "title" || key == "body" { return SchemaField(key, .oneOf([.string, .freeObject])) }
            return SchemaField(key, .string)
        } + [SchemaField("sound", .string)])

    static let apsTypes: [String: SchemaType] = [
        "alert": .oneOf([.string, .message(alertSchema)]),
        "badge": .number(min: 0, max: nil),
        "sound": .oneOf([.string, .message(soundSchema)]),
        "content-available": .number(min: 1, max: 1),
        "mutable-content": .number(min: 1, max: 1),
        "interruption-level": .enumeration(interruptionLevels),
        "relevance-score": .number(min: nil, max: nil),
        "timestamp": .number(min: 0, max: nil),
        "stale-date": .number(min: 0, max: nil),
        "dismissal-date": .number(min: 0, max: nil),
        "event": .enumeration(APNsLiveActivity.events),
        "content-state": .freeObject,
        "attributes": .freeObject,
        "content-changed": .bool,
        "url-args": .array(.string),
        "input-push-token": .number(min: nil, max: nil),
    ]

    /// Every key of `apsKeys`, each with its type (a string unless `apsTypes` says otherwise).
    static let apsSchema = MessageSchema(
        "aps", acceptsLowerCamelCase: false, apsKeys.map { SchemaField($0, apsTypes[$0] ?? .string) })

    /// Request headers with the values APNs takes (`apns-push-type`, `apns-priority`); the others are strings.
    static let headersSchema = MessageSchema(
        "headers", acceptsLowerCamelCase: false,
        headerNames.map { name in
            switch name {
            case "apns-push-type": return SchemaField(name, .enumeration(pushTypeNames))
            case "apns-priority": return SchemaField(name, .enumeration(priorities))
            default: return SchemaField(name, .string)
            }
        })
}
