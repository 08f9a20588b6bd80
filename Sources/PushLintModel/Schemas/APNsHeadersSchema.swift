extension APNsSchema {
    /// The push-type table of platform-rules.md §1.2: value and the suffix `apns-topic` needs (nil: the bundle id
    /// itself; `mdm` topics are a certificate UID and are not checked).
    public static let pushTypes: [(name: String, topicSuffix: String?)] = [
        ("alert", nil), ("background", nil), ("location", ".location-query"), ("voip", ".voip"),
        ("complication", ".complication"), ("fileprovider", ".pushkit.fileprovider"), ("mdm", nil),
        ("liveactivity", ".push-type.liveactivity"), ("pushtotalk", ".voip-ptt"), ("widgets", ".push-type.widgets"),
        ("controls", ".push-type.controls"),
    ]

    public static let priorities = ["10", "5", "1"]

    /// Request headers a sender may set (A-REQ; `apns-channel-id`/`apns-request-id` for broadcast Live Activities).
    public static let headerNames = [
        "apns-push-type", "apns-priority", "apns-topic", "apns-id", "apns-expiration", "apns-collapse-id",
        "apns-channel-id", "apns-request-id",
    ]

    /// Request headers with the values APNs takes (`apns-push-type`, `apns-priority`); the others are strings. For
    /// editors (`pushlint schema apns`, the language server's completion); `aps` is `APNsSchema.aps`.
    public static let headers = MessageSchema(
        "headers", acceptsLowerCamelCase: false,
        headerNames.map { name in
            switch name {
            case "apns-push-type": return SchemaField(name, .enumeration(pushTypes.map(\.name)))
            case "apns-priority": return SchemaField(name, .enumeration(priorities))
            default: return SchemaField(name, .string)
            }
        })
}
