/// What an app's own sources say about push notifications: the channels it creates, the categories it registers,
/// its background modes and entitlements. Read without building or running anything by `pushlint app scan`, and
/// checked against the contract and the payloads by the `app-*` rules.
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

    /// A localizable string of the app: `Localizable.strings`, `.stringsdict`, String Catalogs and
    /// `res/values*/strings.xml`, one entry per key and platform.
    public struct LocalizedString: Sendable, Hashable {
        public var platform: Platform
        public var key: String
        /// Every locale that defines the key, sorted (`Base`, `en`, `fr`; `default` for Android's `res/values`).
        public var locales: [String]
        /// Format specifiers (`%@`, `%d`, `%1$s`, …) in the development locale's text: what `loc-args` fill.
        public var arguments: Int
        /// The conversions of those specifiers in argument order (`d`, `@`, `s`): an Android `%d` fed a string
        /// argument is a finding of its own.
        public var conversions: [Character]
        /// Locales whose text has another number of specifiers, with that number.
        public var mismatchedLocales: [String: Int]
        /// Where the development locale's entry is.
        public var location: Location
        public init(
            platform: Platform, key: String, locales: [String], arguments: Int, conversions: [Character] = [],
            mismatchedLocales: [String: Int] = [:], location: Location
        ) {
            self.platform = platform
            self.key = key
            self.locales = locales
            self.arguments = arguments
            self.conversions = conversions
            self.mismatchedLocales = mismatchedLocales
            self.location = location
        }
    }

    /// A file the app ships under a name a payload can use: a sound (iOS bundle `.caf`/`.aiff`/`.wav`, Android
    /// `res/raw`, Expo's expo-notifications `sounds`), an Android drawable/mipmap icon or `@color` resource.
    public struct Resource: Sendable, Hashable {
        public var platform: Platform
        /// As a payload names it: a sound with its extension on iOS (`chime.caf`), without on Android (`chime`);
        /// an icon or colour by its resource name.
        public var name: String
        public var location: Location
        public init(platform: Platform, name: String, location: Location) {
            self.platform = platform
            self.name = name
            self.location = location
        }
    }

    /// What a tap on a notification can open: a URL scheme the app registers, an https host it claims, an intent
    /// action an activity declares.
    public struct Link: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable { case scheme, host, action }
        public var kind: Kind
        public var platform: Platform
        /// Lowercased for schemes and hosts (both are case-insensitive); a host may start with `*.`.
        public var value: String
        /// Android: the host's intent filter has `android:autoVerify="true"` (an App Link); iOS: an `applinks:`
        /// associated domain. A host that is not verified may open a chooser or the browser.
        public var verified: Bool
        public var location: Location
        public init(kind: Kind, platform: Platform, value: String, verified: Bool = false, location: Location) {
            self.kind = kind
            self.platform = platform
            self.value = value
            self.verified = verified
            self.location = location
        }
    }

    /// A stored property of a Live Activity type, by the key its synthesized `Codable` conformance reads.
    public struct LiveActivityField: Sendable, Hashable {
        /// The JSON key (a `CodingKeys` raw value, else the property's name).
        public var name: String
        /// The Swift type as written, without the optional mark (`Int`, `Date`, `[String]`).
        public var type: String
        /// `T?` or `Optional<T>`: the synthesized decoder accepts the key's absence (and `null`).
        public var optional: Bool
        public init(name: String, type: String, optional: Bool) {
            self.name = name
            self.type = type
            self.optional = optional
        }
    }

    /// A Swift `ActivityAttributes` type: its static `attributes` and its `ContentState`, as the synthesized
    /// decoders read them. nil when pushlint cannot know them (a custom `init(from:)`, a type declared elsewhere):
    /// then the type is also listed in `unresolved`.
    public struct LiveActivity: Sendable, Hashable {
        public var attributesType: String
        public var contentState: [LiveActivityField]?
        public var attributes: [LiveActivityField]?
        public var location: Location
        public init(
            attributesType: String, contentState: [LiveActivityField]?, attributes: [LiveActivityField]?,
            location: Location
        ) {
            self.attributesType = attributesType
            self.contentState = contentState
            self.attributes = attributes
            self.location = location
        }
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
    public var strings: [LocalizedString] = []
    public var sounds: [Resource] = []
    /// Android drawable and mipmap resources (icons for `android.notification.icon`).
    public var icons: [Resource] = []
    /// Android `@color` resources.
    public var colors: [Resource] = []
    /// The manifest's `com.google.firebase.messaging.default_notification_icon` (a resource name).
    public var defaultIcon: Fact?
    /// The manifest's `com.google.firebase.messaging.default_notification_color` (a `@color` resource name).
    public var defaultColor: Fact?
    public var links: [Link] = []
    public var liveActivities: [LiveActivity] = []
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
