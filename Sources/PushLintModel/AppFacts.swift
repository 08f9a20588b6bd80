/// What an app's own sources say about push notifications: the channels it creates, the categories it registers,
/// its background modes and entitlements. Read without building or running anything by `pushlint app scan`, and
/// checked against the contract and the payloads by the `app-*` rules (issue 23).
///
/// Every fact carries the file and line it was read from, so that a finding can point at the app's code as well as
/// at the payload. A fact whose identifier is not a literal (or a simple constant of the same project) is never
/// guessed: it is listed in `unresolved` instead.
public struct AppFacts: Sendable, Hashable {
    /// Where a fact was read: a display path (relative to the working directory, as findings print paths) and a
    /// 1-based line.
    public struct Location: Sendable, Hashable, Comparable {
        public var path: String
        public var line: Int
        public init(path: String, line: Int) {
            self.path = path
            self.line = line
        }
        public static func < (a: Location, b: Location) -> Bool { (a.path, a.line) < (b.path, b.line) }
    }

    /// An identifier the app names at a place: a background mode, an entitlement key, a deleted channel, a group.
    public struct Fact: Sendable, Hashable {
        public var id: String
        public var location: Location
        public init(id: String, location: Location) {
            self.id = id
            self.location = location
        }
    }

    /// An Android notification channel the app creates (`NotificationChannel`, `NotificationChannelCompat.Builder`,
    /// Expo's `setNotificationChannelAsync`, Flutter's `AndroidNotificationChannel`).
    public struct Channel: Sendable, Hashable {
        public var id: String
        /// As the contract spells it; nil when the code's importance is not a known constant.
        public var importance: Contract.Importance?
        public var location: Location
        public init(id: String, importance: Contract.Importance?, location: Location) {
            self.id = id
            self.importance = importance
            self.location = location
        }
    }

    /// An iOS notification category the app registers (`UNNotificationCategory(identifier:…)`, Expo's
    /// `setNotificationCategoryAsync`), with the identifiers of its actions.
    public struct Category: Sendable, Hashable {
        public var id: String
        public var actions: [String]
        public var location: Location
        public init(id: String, actions: [String] = [], location: Location) {
            self.id = id
            self.actions = actions
            self.location = location
        }
    }

    /// A place where an identifier is not a literal and could not be resolved to a simple constant of the project.
    public struct Unresolved: Sendable, Hashable {
        /// What could not be read, with the expression as written: `channel id CHANNEL_FROM_REMOTE_CONFIG`.
        public var what: String
        public var location: Location
        public init(what: String, location: Location) {
            self.what = what
            self.location = location
        }
    }

    /// The app platforms whose sources were seen: rules about iOS facts stay silent for an Android-only app folder,
    /// and the other way round.
    public enum Platform: String, Sendable, Hashable, CaseIterable, Comparable {
        case android, ios
        public static func < (a: Platform, b: Platform) -> Bool { a.rawValue < b.rawValue }
    }

    public var platforms: Set<Platform> = []
    public var channels: [Channel] = []
    /// `deleteNotificationChannel("id")` (and Expo's `deleteNotificationChannelAsync`).
    public var deletedChannels: [Fact] = []
    public var channelGroups: [Fact] = []
    public var categories: [Category] = []
    /// `UIBackgroundModes` values (`remote-notification`, `voip`, …), from Info.plist or app.json `ios.infoPlist`.
    public var backgroundModes: [Fact] = []
    /// Entitlement keys as the entitlements file spells them (`aps-environment`,
    /// `com.apple.developer.usernotifications.time-sensitive`, …), from `.entitlements` files or app.json.
    public var entitlements: [Fact] = []
    /// The FCM default channel of AndroidManifest.xml
    /// (`com.google.firebase.messaging.default_notification_channel_id`), resolved through string resources.
    public var defaultChannel: Fact?
    /// Notification Service Extension targets (an Info.plist with `NSExtensionPointIdentifier`
    /// `com.apple.usernotifications.service`, or a `UNNotificationServiceExtension` subclass).
    public var serviceExtensions: [Location] = []
    /// PushKit use (`PKPushRegistry`, `PKPushType.voIP`): VoIP pushes need it.
    public var pushKit: [Location] = []
    /// `android.permission.POST_NOTIFICATIONS` declared or requested.
    public var postNotificationsPermission: Location?
    /// The `FirebaseMessagingService` subclass.
    public var messagingService: Location?
    public var unresolved: [Unresolved] = []
    /// Files that could not be read (permission, a binary property list, malformed XML): reported, never fatal.
    /// `what` is the reason; the line is 0 (the file as a whole).
    public var unreadable: [Unresolved] = []
    /// Files passed over (larger than app scan reads, binary content): reported, never fatal. `what` is the reason;
    /// the line is 0.
    public var skipped: [Unresolved] = []
    /// How many app files were read (sources, manifests, resources, plists, app configs).
    public var filesRead = 0

    public init() {}

    public var hasServiceExtension: Bool { !serviceExtensions.isEmpty }
}
