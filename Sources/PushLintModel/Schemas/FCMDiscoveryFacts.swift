// GENERATED FILE, do not edit. Made by `python3 scripts/gen-fcm-schema.py` from
// testdata/conformance/platforms/fcm-v1-message.schema-facts.json: FCM HTTP v1 discovery document (fcm.v1), revision 20261023.
// Facts only (field names, types, formats, enum values, references); what the descriptions say and the
// formats pushlint checks are refinements in FCMSchema.swift. FCMDiscoveryFactsTests compares this table
// with the pinned document.
// The generator's layout, checked byte for byte by that test; the formatter leaves it alone:
// swift-format-ignore-file

extension FCMDiscovery {
    /// The discovery document's revision these facts are from.
    public static let revision = "20261023"

    /// `Message` and every schema it references, by name; fields in the document's order.
    public static let schemas: [Schema] = [
        Schema("AndroidBackgroundSyncMessage", []),
        Schema(
            "AndroidConfig",
            [
                Field("bandwidth_constrained_ok", "bandwidthConstrainedOk", .boolean),
                Field("collapse_key", "collapseKey", .string(format: nil)),
                Field("data", "data", .map(.string(format: nil))),
                Field("direct_boot_ok", "directBootOk", .boolean),
                Field("fcm_options", "fcmOptions", .ref("AndroidFcmOptions")),
                Field("notification", "notification", .ref("AndroidNotification")),
                Field("priority", "priority", .enumeration(["NORMAL", "HIGH"])),
                Field("restricted_package_name", "restrictedPackageName", .string(format: nil)),
                Field("restricted_satellite_ok", "restrictedSatelliteOk", .boolean),
                Field("ttl", "ttl", .string(format: "google-duration")),
            ]),
        Schema(
            "AndroidConfigV2",
            [
                Field("background_sync", "backgroundSync", .ref("AndroidBackgroundSyncMessage")),
                Field("bandwidth_constrained_ok", "bandwidthConstrainedOk", .boolean),
                Field("collapse_key", "collapseKey", .string(format: nil)),
                Field("data", "data", .map(.string(format: nil))),
                Field("direct_boot_ok", "directBootOk", .boolean),
                Field("fcm_options", "fcmOptions", .ref("AndroidFcmOptions")),
                Field("remote_notification", "remoteNotification", .ref("AndroidRemoteNotification")),
                Field("restricted_package_name", "restrictedPackageName", .string(format: nil)),
                Field("restricted_satellite_ok", "restrictedSatelliteOk", .boolean),
                Field("ttl", "ttl", .string(format: "google-duration")),
            ]),
        Schema(
            "AndroidFcmOptions",
            [
                Field("analytics_label", "analyticsLabel", .string(format: nil)),
            ]),
        Schema(
            "AndroidNotification",
            [
                Field("body", "body", .string(format: nil)),
                Field("body_loc_args", "bodyLocArgs", .array(.string(format: nil))),
                Field("body_loc_key", "bodyLocKey", .string(format: nil)),
                Field("bypass_proxy_notification", "bypassProxyNotification", .boolean),
                Field("channel_id", "channelId", .string(format: nil)),
                Field("click_action", "clickAction", .string(format: nil)),
                Field("color", "color", .string(format: nil)),
                Field("default_light_settings", "defaultLightSettings", .boolean),
                Field("default_sound", "defaultSound", .boolean),
                Field("default_vibrate_timings", "defaultVibrateTimings", .boolean),
                Field("event_time", "eventTime", .string(format: "google-datetime")),
                Field("icon", "icon", .string(format: nil)),
                Field("image", "image", .string(format: nil)),
                Field("light_settings", "lightSettings", .ref("LightSettings")),
                Field("local_only", "localOnly", .boolean),
                Field("notification_count", "notificationCount", .integer(format: "int32")),
                Field("notification_priority", "notificationPriority", .enumeration(["PRIORITY_UNSPECIFIED", "PRIORITY_MIN", "PRIORITY_LOW", "PRIORITY_DEFAULT", "PRIORITY_HIGH", "PRIORITY_MAX"])),
                Field("proxy", "proxy", .enumeration(["PROXY_UNSPECIFIED", "ALLOW", "DENY", "IF_PRIORITY_LOWERED"])),
                Field("sound", "sound", .string(format: nil)),
                Field("sticky", "sticky", .boolean),
                Field("tag", "tag", .string(format: nil)),
                Field("ticker", "ticker", .string(format: nil)),
                Field("title", "title", .string(format: nil)),
                Field("title_loc_args", "titleLocArgs", .array(.string(format: nil))),
                Field("title_loc_key", "titleLocKey", .string(format: nil)),
                Field("vibrate_timings", "vibrateTimings", .array(.string(format: "google-duration"))),
                Field("visibility", "visibility", .enumeration(["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"])),
            ]),
        Schema(
            "AndroidNotificationV2",
            [
                Field("body", "body", .string(format: nil)),
                Field("body_loc_args", "bodyLocArgs", .array(.string(format: nil))),
                Field("body_loc_key", "bodyLocKey", .string(format: nil)),
                Field("channel_id", "channelId", .string(format: nil)),
                Field("click_action", "clickAction", .string(format: nil)),
                Field("color", "color", .string(format: nil)),
                Field("default_light_settings", "defaultLightSettings", .boolean),
                Field("default_sound", "defaultSound", .boolean),
                Field("default_vibrate_timings", "defaultVibrateTimings", .boolean),
                Field("event_time", "eventTime", .string(format: "google-datetime")),
                Field("icon", "icon", .string(format: nil)),
                Field("id", "id", .integer(format: "int32")),
                Field("image", "image", .string(format: nil)),
                Field("light_settings", "lightSettings", .ref("GoogleFirebaseFcmV1AndroidNotificationV2LightSettings")),
                Field("local_only", "localOnly", .boolean),
                Field("notification_count", "notificationCount", .integer(format: "int32")),
                Field("notification_priority", "notificationPriority", .enumeration(["PRIORITY_UNSPECIFIED", "PRIORITY_MIN", "PRIORITY_LOW", "PRIORITY_DEFAULT", "PRIORITY_HIGH", "PRIORITY_MAX"])),
                Field("sound", "sound", .string(format: nil)),
                Field("sticky", "sticky", .boolean),
                Field("tag", "tag", .string(format: nil)),
                Field("ticker", "ticker", .string(format: nil)),
                Field("title", "title", .string(format: nil)),
                Field("title_loc_args", "titleLocArgs", .array(.string(format: nil))),
                Field("title_loc_key", "titleLocKey", .string(format: nil)),
                Field("vibrate_timings", "vibrateTimings", .array(.string(format: "google-duration"))),
                Field("visibility", "visibility", .enumeration(["VISIBILITY_UNSPECIFIED", "PRIVATE", "PUBLIC", "SECRET"])),
            ]),
        Schema(
            "AndroidRemoteNotification",
            [
                Field("mutable_content", "mutableContent", .boolean),
                Field("notification", "notification", .ref("AndroidNotificationV2")),
                Field("use_as_v1_data_message", "useAsV1DataMessage", .boolean),
            ]),
        Schema(
            "ApnsConfig",
            [
                Field("fcm_options", "fcmOptions", .ref("ApnsFcmOptions")),
                Field("headers", "headers", .map(.string(format: nil))),
                Field("live_activity_token", "liveActivityToken", .string(format: nil)),
                Field("payload", "payload", .map(.any)),
            ]),
        Schema(
            "ApnsFcmOptions",
            [
                Field("analytics_label", "analyticsLabel", .string(format: nil)),
                Field("image", "image", .string(format: nil)),
            ]),
        Schema(
            "Color",
            [
                Field("alpha", "alpha", .number(format: "float")),
                Field("blue", "blue", .number(format: "float")),
                Field("green", "green", .number(format: "float")),
                Field("red", "red", .number(format: "float")),
            ]),
        Schema(
            "FcmOptions",
            [
                Field("analytics_label", "analyticsLabel", .string(format: nil)),
            ]),
        Schema(
            "GoogleFirebaseFcmV1AndroidNotificationV2LightSettings",
            [
                Field("color", "color", .ref("Color")),
                Field("light_off_duration", "lightOffDuration", .string(format: "google-duration")),
                Field("light_on_duration", "lightOnDuration", .string(format: "google-duration")),
            ]),
        Schema(
            "LightSettings",
            [
                Field("color", "color", .ref("Color")),
                Field("light_off_duration", "lightOffDuration", .string(format: "google-duration")),
                Field("light_on_duration", "lightOnDuration", .string(format: "google-duration")),
            ]),
        Schema(
            "Message",
            [
                Field("android", "android", .ref("AndroidConfig")),
                Field("android_v2", "androidV2", .ref("AndroidConfigV2")),
                Field("apns", "apns", .ref("ApnsConfig")),
                Field("condition", "condition", .string(format: nil)),
                Field("data", "data", .map(.string(format: nil))),
                Field("fcm_options", "fcmOptions", .ref("FcmOptions")),
                Field("fid", "fid", .string(format: nil)),
                Field("name", "name", .string(format: nil)),
                Field("notification", "notification", .ref("Notification")),
                Field("token", "token", .string(format: nil)),
                Field("topic", "topic", .string(format: nil)),
                Field("webpush", "webpush", .ref("WebpushConfig")),
            ]),
        Schema(
            "Notification",
            [
                Field("body", "body", .string(format: nil)),
                Field("image", "image", .string(format: nil)),
                Field("title", "title", .string(format: nil)),
            ]),
        Schema(
            "WebpushConfig",
            [
                Field("data", "data", .map(.string(format: nil))),
                Field("fcm_options", "fcmOptions", .ref("WebpushFcmOptions")),
                Field("headers", "headers", .map(.string(format: nil))),
                Field("notification", "notification", .map(.any)),
            ]),
        Schema(
            "WebpushFcmOptions",
            [
                Field("analytics_label", "analyticsLabel", .string(format: nil)),
                Field("link", "link", .string(format: nil)),
            ]),
    ]
}
