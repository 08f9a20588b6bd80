import PushLintJSON

/// What a server encrypts and sends to a web push service (RFC 8030, RFC 8291): a Declarative Web Push message
/// (`{"web_push": 8030, "notification": {...}}`, the Push API's "declarative push message", WebKit's
/// `NotificationJSONParser`) and the Notifications API's `NotificationOptions` a service worker passes to
/// `showNotification` (notifications.spec.whatwg.org). Names are exact: the IDL has no second spelling.
public enum WebPushSchema {
    /// The value of `web_push` that makes a message declarative: WebKit reads the message as declarative only when
    /// `web_push` is a JSON number equal to 8030 (NotificationJSONParser.cpp `hasDeclarativeMessageJSONValues`).
    public static let declarativeMarker = 8030
    /// The key of a declarative message's marker; no other payload kind has it, so it decides detection.
    public static let markerKey = "web_push"
    /// `NotificationDirection`.
    public static let directions = ["auto", "ltr", "rtl"]

    /// RFC 8030 §7.2 / RFC 8291 §4: a push service must accept 4096 octets of body; one aes128gcm record spends 86
    /// octets on its header (16 salt, 4 record size, 1 key id length, 65 key), 16 on the tag and at least 1 on the
    /// padding delimiter, which leaves 3993 octets of plaintext.
    public static let aes128gcmPlaintextLimit = 3993
    /// The legacy `aesgcm` encoding (draft-ietf-webpush-encryption-04) carries salt and key in headers: 4096 - 2
    /// (padding length) - 16 (tag) = 4078 octets of plaintext. Only for messages; pushlint measures aes128gcm.
    public static let aesgcmPlaintextLimit = 4078
    /// Mozilla autopush bridges Firefox on Android and iOS through FCM and APNs and base64-encodes the body, so
    /// "data may be limited to only 2744 bytes" (autopush-rs docs/src/http.md): 2744 - 103 octets of aes128gcm
    /// overhead leaves 2641 of plaintext.
    public static let bridgedBodyLimit = 2744
    public static let bridgedPlaintextLimit = 2641

    /// Any JSON value, structured-serialised by the browser (`NotificationOptions.data`): no type is wrong.
    public static let anyValue: SchemaType = .oneOf([
        .freeObject, .array(.oneOf([.freeObject, .string, .number(min: nil, max: nil), .bool, .null])), .string,
        .number(min: nil, max: nil), .bool, .null,
    ])

    /// `NotificationAction`: `action` and `title` are required dictionary members (a missing one makes
    /// `showNotification` throw a TypeError).
    public static let action = MessageSchema(
        "NotificationAction", acceptsLowerCamelCase: false,
        foreign: [("url", "navigate"), ("link", "navigate")],
        [
            SchemaField("action", .string, required: true),
            SchemaField("title", .string, required: true),
            SchemaField("navigate", .string),
            SchemaField("icon", .string),
        ])

    /// Names that other formats give these fields, with the Notifications API's name.
    static let foreignNotificationFields: [(name: String, replacement: String)] = [
        ("url", "navigate"), ("link", "navigate"), ("click_action", "navigate"), ("deep_link", "navigate"),
        ("require_interaction", "requireInteraction"), ("appBadge", "app_badge"), ("badgeCount", "app_badge"),
        ("image_url", "image"), ("imageUrl", "image"), ("direction", "dir"), ("language", "lang"),
        ("vibration", "vibrate"),
    ]

    static func notificationFields(declarative: Bool) -> [SchemaField] {
        [
            SchemaField("title", .string, required: declarative),
            SchemaField("dir", .enumeration(directions)),
            SchemaField("lang", .string),
            SchemaField("body", .string),
            SchemaField("navigate", .string, required: declarative),
            SchemaField("tag", .string),
            SchemaField("image", .string),
            SchemaField("icon", .string),
            SchemaField("badge", .string),
            SchemaField("vibrate", .oneOf([.number(min: 0, max: nil), .array(.number(min: 0, max: nil))])),
            // EpochTimeStamp: milliseconds since 1970.
            SchemaField("timestamp", .number(min: 0, max: nil)),
            SchemaField("renotify", .bool),
            SchemaField("silent", .oneOf([.bool, .null])),
            SchemaField("requireInteraction", .bool),
            SchemaField("data", anyValue),
            SchemaField("actions", .array(.message(action))),
            // Declarative Web Push: WebKit reads both here; an integer 0...2^64-1 or a string of ASCII digits.
            SchemaField("app_badge", .oneOf([.integer(min: 0, max: nil), .string])),
            SchemaField("mutable", .bool),
        ]
    }

    /// The options a service worker passes to `showNotification(title, options)`, with `title` beside them as
    /// most servers send it (and as FCM's `webpush.notification` carries it).
    public static let notification = MessageSchema(
        "NotificationOptions", acceptsLowerCamelCase: false, foreign: foreignNotificationFields,
        notificationFields(declarative: false))

    /// The `notification` of a declarative push message: `title` and `navigate` are required.
    public static let declarativeNotification = MessageSchema(
        "DeclarativeNotification", acceptsLowerCamelCase: false, foreign: foreignNotificationFields,
        notificationFields(declarative: true))

    /// A declarative push message. `app_badge` and `mutable` are read inside `notification` by WebKit; the 2024
    /// spec draft and some libraries put `app_badge` (and `mutable`) at the top level, so both places are known.
    public static let declarative = MessageSchema(
        "DeclarativePushMessage", acceptsLowerCamelCase: false,
        foreign: [("webpush", "web_push"), ("webPush", "web_push")],
        [
            SchemaField("web_push", .literal([String(declarativeMarker)]), required: true),
            SchemaField("notification", .message(declarativeNotification), required: true),
            SchemaField("app_badge", .oneOf([.integer(min: 0, max: nil), .string])),
            SchemaField("mutable", .bool),
        ])

    /// Whether an object is a declarative push message by pushlint's reading: it has a `web_push` key (whatever
    /// its value, so that `"8030"` and the draft's 9001 get a finding) and a `notification` object. No other
    /// payload kind has `web_push`.
    public static func isDeclarative(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        guard doc.kind(node) == .object, doc.member(node, markerKey) != nil else { return false }
        guard let notification = doc.member(node, "notification") else { return false }
        return doc.kind(notification) == .object || doc.kind(notification) == .placeholder
    }

    /// Whether a value is the marker WebKit takes: a JSON number equal to 8030 (`8030.0` counts, `"8030"` not).
    public static func isMarker(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        doc.kind(node) == .number && doc.doubleValue(node) == Double(declarativeMarker)
    }
}
