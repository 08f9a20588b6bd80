extension APNsSchema {
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
            case "apns-push-type": return SchemaField(name, .enumeration(APNsPushType.allCases.map(\.rawValue)))
            case "apns-priority": return SchemaField(name, .enumeration(priorities))
            default: return SchemaField(name, .string)
            }
        })
}

extension APNsPushType {
    /// The suffix `apns-topic` needs after the bundle id (platform-rules.md §1.2); nil: the bundle id itself (`mdm`
    /// topics are a certificate UID and are not checked).
    public var topicSuffix: String? {
        switch self {
        case .alert, .background, .mdm: return nil
        case .location: return ".location-query"
        case .voip: return ".voip"
        case .complication: return ".complication"
        case .fileprovider: return ".pushkit.fileprovider"
        case .liveactivity: return ".push-type.liveactivity"
        case .pushtotalk: return ".voip-ptt"
        case .widgets: return ".push-type.widgets"
        case .controls: return ".push-type.controls"
        }
    }
}
