import PushLintJSON

/// The FCM HTTP v1 send request and `Message`, as a table (F-REF `projects.messages`, platform-rules.md §2).
/// Every field is accepted in snake_case and lowerCamelCase (proto3 JSON mapping, §2.11).
public enum FCMSchema {
    /// The four ways to address a message; exactly one is sent (§2.2).
    public static let targets = ["token", "topic", "condition", "fid"]
    /// Fields of a v1 message that carry content, as opposed to its target: a bare message has a target and one
    /// of these.
    public static let contentKeys = ["notification", "data", "android", "androidV2", "android_v2", "apns", "webpush"]
    /// Members of a v1 message that are not sent to the device and not counted in its size: the target, and the
    /// `name` FCM fills in on the way back.
    public static let unsentKeys = targets + ["name"]
    /// The legacy HTTP API's targets, likewise not counted.
    public static let legacyTargets = ["to", "registration_ids", "condition", "notification_key"]

    // MARK: Nested messages
    //
    // Every schema below is built from the discovery facts (FCMDiscoveryFacts.swift, generated): its fields, their
    // names and their types are Google's. What is written here refines them where the document's descriptions say
    // more than its types, each with its source, and adds the hints for fields that are not fields (`foreign`).

    public static let notification = build("Notification", foreign: legacyNotificationFields)

    /// google.type.Color: each component is a fraction in [0, 1] (the `Color` description in F-REF).
    public static let color = build(
        "Color",
        refine: [
            "red": .number(min: 0, max: 1), "green": .number(min: 0, max: 1), "blue": .number(min: 0, max: 1),
            "alpha": .number(min: 0, max: 1),
        ])

    /// The descriptions mark all three fields "Required" (F-REF `LightSettings`); the V2 schema is the same.
    static let lightSettingsRequired: Set<String> = ["color", "light_on_duration", "light_off_duration"]

    public static let lightSettings = build("LightSettings", nested: [color], required: lightSettingsRequired)

    public static let lightSettingsV2 = build(
        "GoogleFirebaseFcmV1AndroidNotificationV2LightSettings", nested: [color], required: lightSettingsRequired)

    /// Fields of the legacy `notification` that writers carry into an Android notification.
    static let androidNotificationForeign: [(name: String, replacement: String)] = [
        ("android_channel_id", "channel_id"),
        ("priority", "notification_priority (\"PRIORITY_HIGH\", ...); the delivery priority is android.priority"),
        ("badge", "notification_count"),
    ]

    /// `color` is `#rrggbb` (F-REF `AndroidNotification.color`; ADM-N, ADM-P, ADM-G check it).
    public static let androidNotification = build(
        "AndroidNotification", nested: [lightSettings], foreign: androidNotificationForeign,
        refine: ["color": .string(.color), "visibility": visibility])

    public static let androidNotificationV2 = build(
        "AndroidNotificationV2", nested: [lightSettingsV2], foreign: androidNotificationForeign,
        refine: ["color": .string(.color), "visibility": visibility])

    /// `visibility` takes its enum names and the same names in lower case: firebase-admin for Java writes the
    /// name lower-cased (`AndroidNotification`, `visibility.name().toLowerCase()`, since 2019) and FCM delivers
    /// such messages, as it does `android.priority` in lower case.
    public static let visibility = SchemaType.enumeration(
        ["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"], aliases: ["private", "public", "secret"])

    public static let androidFcmOptions = build("AndroidFcmOptions", refine: analyticsLabel)

    /// Android TTL: at most 4 weeks (F-REF `AndroidConfig.ttl`, §2.7).
    public static let maxTTLSeconds = 2_419_200

    /// `android.priority` takes its enum names and, as its description says, "normal" and "high" (F-REF
    /// `AndroidConfig.priority`): Firebase's priority guide sends "normal" (F-PRI) and firebase-admin encodes
    /// `priority='high'` as "high" (ADM-P).
    public static let androidPriority = SchemaType.enumeration(["NORMAL", "HIGH"], aliases: ["normal", "high"])

    public static let android = build(
        "AndroidConfig", nested: [androidNotification, androidFcmOptions],
        foreign: [
            ("time_to_live", "ttl (a string such as \"3600s\")"),
            ("android_channel_id", "notification.channel_id"),
            ("content_available", "apns.payload.aps[\"content-available\"] (Android has no equivalent; send data)"),
        ],
        refine: ["priority": androidPriority, "ttl": .duration(maxSeconds: maxTTLSeconds)])

    public static let androidRemoteNotification = build("AndroidRemoteNotification", nested: [androidNotificationV2])

    public static let androidBackgroundSync = build("AndroidBackgroundSyncMessage")

    /// `androidV2` (AndroidConfigV2): the notification moved to `remote_notification.notification`; it has no
    /// `priority`. Mutually exclusive with `android` (F-REF `Message.androidV2`).
    public static let androidV2 = build(
        "AndroidConfigV2", nested: [androidRemoteNotification, androidBackgroundSync, androidFcmOptions],
        foreign: [
            ("time_to_live", "ttl (a string such as \"3600s\")"),
            ("notification", "remote_notification.notification"),
            ("android_channel_id", "remote_notification.notification.channel_id"),
        ],
        refine: ["ttl": .duration(maxSeconds: maxTTLSeconds)])

    public static let apnsFcmOptions = build("ApnsFcmOptions", refine: analyticsLabel)

    /// `headers` are APNs request headers, whose values the APNs rules check; `payload` is a free object with `aps`
    /// and custom keys, checked on the APNs view.
    public static let apns = build(
        "ApnsConfig", nested: [apnsFcmOptions],
        foreign: [
            ("aps", "payload.aps"),
            ("content_available", "payload.aps[\"content-available\"]"),
            ("mutable_content", "payload.aps[\"mutable-content\"]"),
        ],
        refine: ["headers": .stringMap(.apnsHeaders)])

    /// `link` must be HTTPS (F-REF `WebpushFcmOptions.link`; ADM-P, ADM-G).
    public static let webpushFcmOptions = build(
        "WebpushFcmOptions", refine: analyticsLabel.merging(["link": .string(.httpsURL)]) { $1 })

    /// RFC 8030 headers with a defined value format (§5); header names are case-insensitive, other headers pass.
    public static let webPushHeaders: [(name: String, type: SchemaType)] = [
        ("TTL", .string(.nonNegativeInteger)),
        ("Urgency", .enumeration(["very-low", "low", "normal", "high"])),
        ("Topic", .string(.webPushTopic)),
    ]

    public static func webPushHeader(named name: String) -> SchemaType? {
        webPushHeaders.first { $0.name.lowercased() == name.lowercased() }?.type
    }

    /// `headers` are RFC 8030 headers; `notification` is a free object of Web Notification API fields.
    public static let webpush = build(
        "WebpushConfig", nested: [webpushFcmOptions], refine: ["headers": .stringMap(.webPushHeaders)])

    public static let fcmOptions = build("FcmOptions", refine: analyticsLabel)

    /// `analytics_label`: `[a-zA-Z0-9-_.~%]{1,50}` (F-REF `FcmOptions.analyticsLabel`; ADM-P).
    static let analyticsLabel: [String: SchemaType] = ["analytics_label": .string(.analyticsLabel)]

    // MARK: Message and envelope

    /// `topic` without "/topics/" and `condition` in the syntax of F-REF `Message` (§2.5).
    public static let message = build(
        "Message",
        nested: [notification, android, androidV2, webpush, apns, fcmOptions],
        foreign: legacyMessageFields,
        refine: ["topic": .string(.topic), "condition": .string(.condition)])

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

    // MARK: Built from the discovery facts

    /// The schema `name` of the discovery facts: its fields in the document's order, each of the type the document
    /// gives unless `refine` (by proto name) narrows it; references resolve to the schemas in `nested`.
    static func build(
        _ name: String, nested: [MessageSchema] = [], foreign: [(name: String, replacement: String)] = [],
        refine: [String: SchemaType] = [:], required: Set<String> = []
    ) -> MessageSchema {
        guard let facts = FCMDiscovery.schema(named: name) else {
            preconditionFailure("\(name) is not in the discovery facts")
        }
        for key in Set(refine.keys).union(required) where !facts.fields.contains(where: { $0.name == key }) {
            preconditionFailure("\(name).\(key) is refined but not in the discovery facts")
        }
        let fields = facts.fields.map { field in
            SchemaField(
                field.name, refine[field.name] ?? type(of: field.type, at: "\(name).\(field.name)", nested: nested),
                required: required.contains(field.name))
        }
        return MessageSchema(name, foreign: foreign, fields)
    }

    /// pushlint's type for a type of the document. Maps other than `data` need a refinement that says whose values
    /// they hold; a type this does not know is a new fact that needs a decision, so it stops here (a test builds
    /// every schema).
    static func type(of type: FCMDiscovery.FieldType, at path: String, nested: [MessageSchema]) -> SchemaType {
        switch type {
        case .string(format: nil): return .string
        case .string(format: "google-duration"): return .duration(maxSeconds: nil)
        case .string(format: "google-datetime"): return .timestamp
        case .boolean: return .bool
        case .integer(format: "int32"): return .int32
        case .number: return .number(min: nil, max: nil)
        case .enumeration(let values): return .enumeration(values)
        case .ref(let name):
            guard let schema = nested.first(where: { $0.name == name }) else {
                preconditionFailure("\(path): \(name) is not built")
            }
            return .message(schema)
        case .map(.string(format: nil)) where path.hasSuffix(".data"): return .stringMap(.data)
        case .map(.any): return .freeObject
        case .array(let element): return .array(self.type(of: element, at: path, nested: nested))
        default: preconditionFailure("\(path): no pushlint type for \(type)")
        }
    }

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
