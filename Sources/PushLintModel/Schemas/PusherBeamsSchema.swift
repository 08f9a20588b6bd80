/// Pusher Beams' own web push format, the `web` member of a publish body: not the Notifications API's shape, but
/// Beams' "bespoke format ... that works across all supported browsers"
/// (https://pusher.com/docs/beams/reference/publish-payloads/, "Web format").
public enum PusherBeamsSchema {
    /// "Max: 2419200; Default: 4 weeks."
    public static let maxTimeToLive = 2_419_200

    /// "Notification object format".
    public static let notification = MessageSchema(
        "Beams web notification", acceptsLowerCamelCase: false,
        foreign: [
            ("url", "deep_link"), ("link", "deep_link"), ("click_action", "deep_link"), ("navigate", "deep_link"),
            ("deepLink", "deep_link"), ("image", "icon"),
        ],
        [
            SchemaField("title", .string(.any)),
            SchemaField("body", .string(.any)),
            SchemaField("icon", .string(.any)),
            SchemaField("deep_link", .string(.any)),
            SchemaField("hide_notification_if_site_has_focus", .bool),
        ])

    /// The `web` member: `time_to_live` in seconds, `notification`, and `data` ("Cannot contain the key pusher").
    public static let web = MessageSchema(
        "Beams web", acceptsLowerCamelCase: false,
        foreign: [("ttl", "time_to_live"), ("timeToLive", "time_to_live")],
        [
            SchemaField("time_to_live", .integer(min: 0, max: maxTimeToLive)),
            SchemaField("notification", .message(notification)),
            SchemaField("data", .freeObject),
        ])

    /// The key Beams keeps for itself in `web.data`.
    public static let reservedDataKey = "pusher"
}
