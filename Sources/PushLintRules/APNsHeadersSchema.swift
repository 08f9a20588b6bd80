import PushLintModel

extension APNs {
    /// Request headers with the values APNs takes (`apns-push-type`, `apns-priority`); the others are strings. For
    /// editors (`pushlint schema apns`, the language server's completion); `aps` is `APNsSchema`.
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
