import PushLintJSON

/// The FCM HTTP v1 send request and `Message`, as a table (F-REF `projects.messages`, platform-rules.md §2).
/// Every field is accepted in snake_case and lowerCamelCase (proto3 JSON mapping, §2.11).
public enum FCMSchema {
    /// The four ways to address a message; exactly one is sent (§2.2).
    public static let targets = ["token", "topic", "condition", "fid"]
    /// Fields of a v1 message that carry content, as opposed to its target: a bare message has a target and one
    /// of these.
    public static let contentKeys = ["notification", "data", "android", "apns", "webpush"]
    /// Members of a v1 message that are not sent to the device and not counted in its size: the target, and the
    /// `name` FCM fills in on the way back.
    public static let unsentKeys = targets + ["name"]
    /// The legacy HTTP API's targets, likewise not counted.
    public static let legacyTargets = ["to", "registration_ids", "condition", "notification_key"]

    // MARK: Nested messages

    public static let notification = MessageSchema(
        "Notification", foreign: legacyNotificationFields,
        [
            SchemaField("title", .string),
            SchemaField("body", .string),
            SchemaField("image", .string),
        ])

    public static let color = MessageSchema(
        "Color",
        [
            SchemaField("red", .number(min: 0, max: 1)),
            SchemaField("green", .number(min: 0, max: 1)),
            SchemaField("blue", .number(min: 0, max: 1)),
            SchemaField("alpha", .number(min: 0, max: 1)),
        ])

    public static let lightSettings = MessageSchema(
        "LightSettings",
        [
            SchemaField("color", .message(color), required: true),
            SchemaField("light_on_duration", .duration(maxSeconds: nil), required: true),
            SchemaField("light_off_duration", .duration(maxSeconds: nil), required: true),
        ])

    public static let androidNotification = MessageSchema(
        "AndroidNotification",
        foreign: [
            ("android_channel_id", "channel_id"),
            ("priority", "notification_priority (\"PRIORITY_HIGH\", ...); the delivery priority is android.priority"),
            ("badge", "notification_count"),
        ],
        [
            SchemaField("title", .string),
            SchemaField("body", .string),
            SchemaField("icon", .string),
            SchemaField("color", .string(.color)),
            SchemaField("sound", .string),
            SchemaField("tag", .string),
            SchemaField("click_action", .string),
            SchemaField("body_loc_key", .string),
            SchemaField("body_loc_args", .array(.string)),
            SchemaField("title_loc_key", .string),
            SchemaField("title_loc_args", .array(.string)),
            SchemaField("channel_id", .string),
            SchemaField("ticker", .string),
            SchemaField("sticky", .bool),
            SchemaField("event_time", .timestamp),
            SchemaField("local_only", .bool),
            SchemaField(
                "notification_priority",
                .enumeration([
                    "PRIORITY_UNSPECIFIED", "PRIORITY_MIN", "PRIORITY_LOW", "PRIORITY_DEFAULT", "PRIORITY_HIGH",
                    "PRIORITY_MAX",
                ])),
            SchemaField("default_sound", .bool),
            SchemaField("default_vibrate_timings", .bool),
            SchemaField("default_light_settings", .bool),
            SchemaField("vibrate_timings", .array(.duration(maxSeconds: nil))),
            SchemaField("visibility", .enumeration(["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"])),
            SchemaField("notification_count", .int32),
            SchemaField("light_settings", .message(lightSettings)),
            SchemaField("image", .string),
            SchemaField("bypass_proxy_notification", .bool),
            SchemaField("proxy", .enumeration(["PROXY_UNSPECIFIED", "ALLOW", "DENY", "IF_PRIORITY_LOWERED"])),
        ])

    public static let androidFcmOptions = MessageSchema(
        "AndroidFcmOptions", [SchemaField("analytics_label", .string(.analyticsLabel))])

    /// Android TTL: at most 4 weeks (§2.7).
    public static let maxTTLSeconds = 2_419_200

    public static let android = MessageSchema(
        "AndroidConfig",
        foreign: [
            ("time_to_live", "ttl (a string such as \"3600s\")"),
            ("android_channel_id", "notification.channel_id"),
            ("content_available", "apns.payload.aps[\"content-available\"] (Android has no equivalent; send data)"),
        ],
        [
            SchemaField("collapse_key", .string),
            SchemaField("priority", .enumeration(["NORMAL", "HIGH"])),
            SchemaField("ttl", .duration(maxSeconds: maxTTLSeconds)),
            SchemaField("restricted_package_name", .string),
            SchemaField("data", .stringMap(.data)),
            SchemaField("notification", .message(androidNotification)),
            SchemaField("fcm_options", .message(androidFcmOptions)),
            SchemaField("direct_boot_ok", .bool),
            SchemaField("bandwidth_constrained_ok", .bool),
            SchemaField("restricted_satellite_ok", .bool),
        ])

    public static let apnsFcmOptions = MessageSchema(
        "ApnsFcmOptions",
        [
            SchemaField("analytics_label", .string(.analyticsLabel)),
            SchemaField("image", .string),
        ])

    public static let apns = MessageSchema(
        "ApnsConfig",
        foreign: [
            ("aps", "payload.aps"),
            ("content_available", "payload.aps[\"content-available\"]"),
            ("mutable_content", "payload.aps[\"mutable-content\"]"),
        ],
        [
            SchemaField("headers", .stringMap(.apnsHeaders)),
            // A free object: `aps` and custom keys, checked by the APNs rules on the APNs view.
            SchemaField("payload", .freeObject),
            SchemaField("fcm_options", .message(apnsFcmOptions)),
            SchemaField("live_activity_token", .string),
        ])

    public static let webpushFcmOptions = MessageSchema(
        "WebpushFcmOptions",
        [
            SchemaField("link", .string(.httpsURL)),
            SchemaField("analytics_label", .string(.analyticsLabel)),
        ])

    /// RFC 8030 headers with a defined value format (§5); header names are case-insensitive, other headers pass.
    public static let webPushHeaders: [(name: String, type: SchemaType)] = [
        ("TTL", .string(.nonNegativeInteger)),
        ("Urgency", .enumeration(["very-low", "low", "normal", "high"])),
        ("Topic", .string(.webPushTopic)),
    ]

    public static func webPushHeader(named name: String) -> SchemaType? {
        webPushHeaders.first { $0.name.lowercased() == name.lowercased() }?.type
    }

    public static let webpush = MessageSchema(
        "WebpushConfig",
        [
            SchemaField("headers", .stringMap(.webPushHeaders)),
            SchemaField("data", .stringMap(.data)),
            // A JSON object with Web Notification API fields (`title`, `body`, `icon`, `actions`, ...).
            SchemaField("notification", .freeObject),
            SchemaField("fcm_options", .message(webpushFcmOptions)),
        ])

    public static let fcmOptions = MessageSchema(
        "FcmOptions", [SchemaField("analytics_label", .string(.analyticsLabel))])

    // MARK: Message and envelope

    public static let message = MessageSchema(
        "Message", foreign: legacyMessageFields,
        [
            SchemaField("name", .string),
            SchemaField("data", .stringMap(.data)),
            SchemaField("notification", .message(notification)),
            SchemaField("android", .message(android)),
            SchemaField("webpush", .message(webpush)),
            SchemaField("apns", .message(apns)),
            SchemaField("fcm_options", .message(fcmOptions)),
            SchemaField("token", .string),
            SchemaField("topic", .string(.topic)),
            SchemaField("condition", .string(.condition)),
            SchemaField("fid", .string),
        ])

    /// Fields of the legacy API's send request and where they went in a v1 request: still sent beside `message`.
    public static let legacyRequestFields: [(name: String, replacement: String)] = [("dry_run", "validate_only")]

    /// The body of `POST .../messages:send`.
    public static let sendRequest = MessageSchema(
        "SendMessageRequest",
        foreign: legacyRequestFields + legacyMessageFields.map { ($0.name, "message." + $0.replacement) },
        [
            SchemaField("validate_only", .bool),
            SchemaField("message", .message(message)),
        ])

    // MARK: Legacy HTTP API (F-LEG, §2.14)

    /// Top-level fields of the legacy HTTP API that v1 `Message` does not have, and where their value goes in a v1
    /// message (paths inside `message`).
    public static let legacyMessageFields: [(name: String, replacement: String)] = [
        ("to", "token (a device token), topic (a \"/topics/...\" target, without the prefix) or condition"),
        ("registration_ids", "token, one message per token (v1 sends each message to one target)"),
        ("notification_key", "token (the device group's notification key)"),
        ("priority", "android.priority (\"HIGH\" or \"NORMAL\") and apns.headers[\"apns-priority\"] (\"10\" or \"5\")"),
        ("time_to_live", "android.ttl (a string such as \"3600s\") and apns.headers[\"apns-expiration\"]"),
        ("collapse_key", "android.collapse_key and apns.headers[\"apns-collapse-id\"]"),
        ("content_available", "apns.payload.aps[\"content-available\"]: 1"),
        ("mutable_content", "apns.payload.aps[\"mutable-content\"]: 1"),
        ("restricted_package_name", "android.restricted_package_name"),
        ("dry_run", "validate_only beside message in the send request"),
    ]

    /// Fields of the legacy `notification` object that v1 `Notification` does not have (paths inside `message`).
    public static let legacyNotificationFields: [(name: String, replacement: String)] = [
        ("android_channel_id", "android.notification.channel_id"),
        ("icon", "android.notification.icon"),
        ("sound", "android.notification.sound and apns.payload.aps.sound"),
        ("tag", "android.notification.tag"),
        ("color", "android.notification.color"),
        ("click_action", "android.notification.click_action and apns.payload.aps.category"),
        ("body_loc_key", "android.notification.body_loc_key and apns.payload.aps.alert[\"loc-key\"]"),
        ("body_loc_args", "android.notification.body_loc_args and apns.payload.aps.alert[\"loc-args\"]"),
        ("title_loc_key", "android.notification.title_loc_key and apns.payload.aps.alert[\"title-loc-key\"]"),
        ("title_loc_args", "android.notification.title_loc_args and apns.payload.aps.alert[\"title-loc-args\"]"),
        ("badge", "apns.payload.aps.badge (and android.notification.notification_count)"),
        ("subtitle", "apns.payload.aps.alert.subtitle"),
    ]

    // MARK: Where a payload's schema starts

    /// The schema and node a payload of kind `fcm` starts at: the send request when the file has the
    /// `{"message": ...}` envelope, else the bare `Message`.
    public static func root(of payload: Payload) -> (schema: MessageSchema, node: NodeID) {
        root(body: payload.body, node: payload.node)
    }

    /// The schema of a message node: a bare `Message`, or a send request that holds one under `message`.
    static func root(body: NodeID, node: NodeID) -> (schema: MessageSchema, node: NodeID) {
        body == node ? (message, node) : (sendRequest, node)
    }

    /// The `data` maps of a message (`data`, `android.data`, `webpush.data`) that are objects, with their paths.
    public static func dataMaps(of payload: Payload, in doc: JSONDocument) -> [(path: String, node: NodeID)] {
        payload.schemaMembers.compactMap { known in
            guard case .stringMap(.data) = known.field.type, doc.kind(known.member.value) == .object else { return nil }
            return (known.object.path(of: known.field.name), known.member.value)
        }
    }
}
