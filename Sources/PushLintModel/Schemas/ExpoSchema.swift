import PushLintJSON

/// The Expo push message (EXPO-D "Message request format", EXPO-S `ExpoPushMessage`; platform-rules.md §4).
/// Field names are exact: Expo has no second spelling.
public enum ExpoSchema {
    /// At most 100 messages per request, and 100 recipients in all (`PUSH_TOO_MANY_NOTIFICATIONS`).
    public static let maxMessagesPerRequest = 100
    public static let maxRecipientsPerRequest = 100
    /// Fields that reach no device: the recipients. Expo's 4096-byte limit (MessageTooBig) is on what one device
    /// receives (EXPO-D "Individual errors"), so the size is measured without them.
    public static let unsentKeys = ["to"]

    public static let priorities = ["default", "normal", "high"]
    public static let interruptionLevels = ["active", "critical", "passive", "time-sensitive"]

    /// The SDK's sound object (`{critical, name, volume}`).
    public static let sound = MessageSchema(
        "ExpoPushMessage.sound", acceptsLowerCamelCase: false,
        [
            SchemaField("critical", .bool),
            SchemaField("name", .oneOf([.string, .null])),
            SchemaField("volume", .number(min: 0, max: 1)),
        ])

    public static let richContent = MessageSchema(
        "ExpoPushMessage.richContent", acceptsLowerCamelCase: false, [SchemaField("image", .string)])

    public static let message = MessageSchema(
        "ExpoPushMessage", acceptsLowerCamelCase: false,
        foreign: [
            ("content_available", "_contentAvailable"),
            ("contentAvailable", "_contentAvailable"),
            ("mutable_content", "mutableContent"),
            ("channel_id", "channelId"),
            ("android_channel_id", "channelId"),
            ("category", "categoryId"),
            ("click_action", "categoryId"),
            ("interruption_level", "interruptionLevel"),
            ("time_to_live", "ttl"),
            ("image", "richContent.image"),
            ("notification", "title and body at the top level of the message"),
            ("thread-id", "categoryId or collapseId (Expo has no thread id)"),
            ("aps", "title, body, sound, badge and _contentAvailable at the top level"),
        ],
        [
            SchemaField("to", .oneOf([.string(.expoPushToken), .array(.string(.expoPushToken))]), required: true),
            // Any JSON object: Expo delivers it as JSON, it is not string-only like FCM data.
            SchemaField("data", .freeObject),
            SchemaField("title", .string),
            SchemaField("subtitle", .string),
            SchemaField("body", .string),
            SchemaField("sound", .oneOf([.string, .message(sound), .null])),
            SchemaField("ttl", .number(min: 0, max: nil)),
            SchemaField("expiration", .number(min: 0, max: nil)),
            SchemaField("priority", .enumeration(priorities)),
            SchemaField("badge", .number(min: 0, max: nil)),
            SchemaField("interruptionLevel", .enumeration(interruptionLevels)),
            SchemaField("channelId", .string),
            SchemaField("icon", .string),
            SchemaField("richContent", .message(richContent)),
            SchemaField("categoryId", .string),
            SchemaField("mutableContent", .bool),
            SchemaField("_contentAvailable", .bool),
            // In the SDK's `ExpoPushMessage` type, not in the docs' table (EXPO-S).
            SchemaField("collapseId", .string),
            SchemaField("tag", .string),
            // Legacy, outside the docs' table, but expo-server-sdk-python still sends it ("here for legacy reasons",
            // `PushMessage.get_payload`): the SDK's output must lint clean.
            SchemaField("_displayInForeground", .bool),
        ])

    /// `Expo.isExpoPushToken`: `ExponentPushToken[...]`, `ExpoPushToken[...]`, or a bare UUID (EXPO-S).
    public static func isPushToken(_ s: String) -> Bool { s.withUTF8Bytes { isPushToken($0) } }

    /// The same on a token's UTF-8: decided for every recipient of every message, without making a `String`.
    public static func isPushToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.last == UInt8(ascii: "]"), bytes.count > 1,
            ASCIIText.matches(bytes, at: 0, "ExponentPushToken[") || ASCIIText.matches(bytes, at: 0, "ExpoPushToken[")
        {
            return true
        }
        // 8-4-4-4-12 letters and digits.
        guard bytes.count == 36 else { return false }
        for (index, b) in bytes.enumerated() {
            let isSeparator = index == 8 || index == 13 || index == 18 || index == 23
            guard isSeparator ? b == UInt8(ascii: "-") : ASCIIText.isAlphanumeric(b) else { return false }
        }
        return true
    }
}
