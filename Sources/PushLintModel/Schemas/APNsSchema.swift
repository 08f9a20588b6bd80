import PushLintJSON

/// Apple's `aps` dictionary (A-GEN, A-LA, A-WK; platform-rules.md §1.4 to §1.8): the keys Apple defines and the value
/// each takes. `apns-aps-unknown-key` and `apns-aps-value` read it through the view's schema walk, `pushlint schema
/// apns` writes it as JSON Schema and the language server completes from it. A new `aps` key is one line in
/// `apsFields`. Key names are exact: Apple has no second spelling.
public enum APNsSchema {
    public static let interruptionLevels = ["passive", "active", "time-sensitive", "critical"]
    /// ActivityKit's events (A-LA): `start` is push-to-start (iOS 17.2).
    public static let liveActivityEvents = ["start", "update", "end"]

    /// The `aps` keys, in the order of Apple's table (A-GEN; Live Activity keys A-LA; `content-changed` A-WK;
    /// `url-args` for Safari web push, from pushy and node-apn). `mdm` is not one of them: an MDM push is
    /// `{"mdm": PushMagic}` at the top level (§1.4). `alert` and `relevance-score` take more in a Live Activity push.
    static func apsFields(alert: MessageSchema, relevanceScore: SchemaType) -> [SchemaField] {
        [
            SchemaField("alert", .oneOf([.string, .message(alert)])),
            // 0 removes the badge.
            SchemaField("badge", .integer(min: 0, max: nil)),
            // A file name, or the critical-alert dictionary.
            SchemaField("sound", .oneOf([.string(.soundName), .message(sound)])),
            SchemaField("thread-id", .string),
            SchemaField("category", .string),
            SchemaField("content-available", .flag),
            SchemaField("mutable-content", .flag),
            SchemaField("target-content-id", .string),
            SchemaField("interruption-level", .enumeration(interruptionLevels)),
            SchemaField("relevance-score", relevanceScore),
            SchemaField("filter-criteria", .string),
            SchemaField("timestamp", .unixTime),
            SchemaField("event", .enumeration(liveActivityEvents)),
            SchemaField("content-state", .freeObject),
            SchemaField("stale-date", .unixTime),
            SchemaField("dismissal-date", .unixTime),
            SchemaField("attributes-type", .string),
            SchemaField("attributes", .freeObject),
            // Asks ActivityKit for an update token for the started activity (A-LA push-to-start: `1`).
            SchemaField("input-push-token", .flag),
            // The broadcast channel a started activity subscribes to (A-LA, iOS 18).
            SchemaField("input-push-channel", .string),
            // WidgetKit reloads on `true` (A-WK).
            SchemaField("content-changed", .literal(["true"])),
            SchemaField("url-args", .array(.string)),
        ]
    }

    /// Keys of the `alert` dictionary (A-GEN §1.5; `action`, `action-loc-key`, `summary-arg` and
    /// `summary-arg-count` are older keys libraries still write, pushy).
    static func alertFields(text: SchemaType) -> [SchemaField] {
        [
            SchemaField("title", text),
            SchemaField("subtitle", .string),
            SchemaField("body", text),
            SchemaField("launch-image", .string),
            SchemaField("title-loc-key", .string),
            SchemaField("title-loc-args", .array(.string)),
            SchemaField("subtitle-loc-key", .string),
            SchemaField("subtitle-loc-args", .array(.string)),
            SchemaField("loc-key", .string),
            SchemaField("loc-args", .array(.string)),
            SchemaField("action", .string),
            SchemaField("action-loc-key", .string),
            SchemaField("summary-arg", .string),
            SchemaField("summary-arg-count", .integer(min: 1, max: nil)),
        ]
    }

    /// The critical-alert sound (A-GEN): `critical` 1 (pushy writes 0 for a normal sound), the sound file, the
    /// volume from 0 (silent) to 1 (full).
    public static let sound = MessageSchema(
        "aps.sound", acceptsLowerCamelCase: false,
        [
            SchemaField("critical", .literal(["1", "0"])),
            SchemaField("name", .string(.soundName), required: true),
            SchemaField("volume", .number(min: 0, max: 1)),
        ])

    /// Each `*-loc-args` fills the localized string of its `*-loc-key` (the admin SDKs refuse the arguments alone,
    /// ADM-N `validateApsAlert`).
    static let locArgs = [
        (name: "title-loc-args", requires: "title-loc-key"), ("subtitle-loc-args", "subtitle-loc-key"),
        ("loc-args", "loc-key"),
    ]

    public static let alert = MessageSchema(
        "aps.alert", acceptsLowerCamelCase: false, dependencies: locArgs, alertFields(text: .string))

    /// Renames whose intent is certain although the words differ (`events` for `event`; Expo's `categoryId`).
    /// Looked up with `-`, `_` and letter case ignored.
    static let aliases: [(name: String, replacement: String)] = [("events", "event"), ("categoryId", "category")]

    /// `aps` of a notification (A-GEN): `relevance-score` from 0 to 1 (APNSwift checks it), where the system uses it to
    /// pick the featured notification of a summary.
    public static let aps = MessageSchema(
        "aps", acceptsLowerCamelCase: false, foreign: aliases,
        apsFields(alert: alert, relevanceScore: .number(min: 0, max: 1)))

    // MARK: Live Activities

    /// A Live Activity's alert title or body as a localization dictionary, the form of Apple's ActivityKit update,
    /// push-to-start and broadcast examples (A-LA): `loc-key` names the localized string, `loc-args` fill it.
    public static let localizedText = MessageSchema(
        "aps.liveActivity.localizedText", acceptsLowerCamelCase: false,
        [
            SchemaField("loc-key", .string, required: true),
            SchemaField("loc-args", .array(.string)),
        ])

    /// The alert of a Live Activity push (A-LA, APNSwift `APNSLiveActivityNotificationAPSStorage`): `title` and `body`
    /// may be localization dictionaries, and the alert may name a `sound`.
    public static let liveActivityAlert = MessageSchema(
        "aps.liveActivity.alert", acceptsLowerCamelCase: false, dependencies: locArgs,
        alertFields(text: .oneOf([.string, .message(localizedText)])) + [SchemaField("sound", .string)])

    /// `aps` of a Live Activity push (A-LA): its alert, and any `relevance-score`, which orders the activities. Every
    /// `aps` of a notification is also one of these, so editors complete from it.
    public static let liveActivityAps = MessageSchema(
        "aps.liveActivity", acceptsLowerCamelCase: false, foreign: aliases,
        apsFields(alert: liveActivityAlert, relevanceScore: .number(min: nil, max: nil)))

    /// The schema of an `aps` dictionary: a Live Activity's when the push is one (`event` in aps, or the
    /// `liveactivity` push type).
    public static func aps(liveActivity: Bool) -> MessageSchema { liveActivity ? liveActivityAps : aps }

    /// The key names of `aps`, in Apple's order.
    public static let apsKeys = aps.fields.map(\.name)

    /// Keys of `apns.payload.aps` (path "") and of its `alert` (path "alert") that firebase-admin for Node takes in
    /// its own camelCase notation and renames to Apple's spelling before it sends the message (`validateAps` and
    /// `validateApsAlert` in its `messaging-internal.ts`; the boolean flags become 1, false drops them). The other
    /// Admin SDKs (Java, Python, Go) name these fields in their own types and write Apple's spelling.
    public static let adminNodeRenames: [String: [String: String]] = [
        "": ["contentAvailable": "content-available", "mutableContent": "mutable-content", "threadId": "thread-id"],
        "alert": [
            "locKey": "loc-key", "locArgs": "loc-args", "titleLocKey": "title-loc-key",
            "titleLocArgs": "title-loc-args",
            "subtitleLocKey": "subtitle-loc-key", "subtitleLocArgs": "subtitle-loc-args",
            "actionLocKey": "action-loc-key", "launchImage": "launch-image",
        ],
    ]

    /// The key an unknown key of a schema object certainly means: an alias, or the same word in another spelling
    /// (`content_available`, `contentAvailable`, `events`). Nil for keys of unknown intent.
    static func intendedKey(_ written: String, in schema: MessageSchema) -> String? {
        if let alias = schema.replacement(forForeign: written) { return alias }
        return Suggest.sameWordDifferentSpelling(written, in: schema.fields.lazy.map(\.name))
    }
}
