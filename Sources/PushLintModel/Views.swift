import PushLintJSON

/// A field as a platform receives it, and where it stands in the file.
public struct ViewField: Sendable {
    /// The key node in the file (nil when the value comes from configuration).
    public var key: NodeID?
    /// The value node in the file: where findings about this field point.
    public var value: NodeID
    /// Set when the platform rewrites the value (Expo `_contentAvailable: true` becomes `content-available: 1`);
    /// nil when the file's value is what the platform receives.
    public var mapped: WireValue?
    /// True when the field was written under this name in an `aps` (or `alert`) object of the file, so type and
    /// spelling checks of that object apply to it.
    public var isLiteral: Bool

    public init(key: NodeID?, value: NodeID, mapped: WireValue? = nil, isLiteral: Bool) {
        self.key = key
        self.value = value
        self.mapped = mapped
        self.isLiteral = isLiteral
    }

    public var wire: WireValue { mapped ?? .node(value) }
}

/// What looking a field up by name found: the field; no field but a key that certainly misspells its name (another
/// rule reports the misspelling, so a rule that needs the field stays silent: one mistake, one finding); or nothing.
public enum FieldLookup<Found: Sendable>: Sendable {
    case present(Found)
    case misspelt
    case absent

    /// The field, when it is written.
    @inlinable
    public var found: Found? {
        if case .present(let found) = self { return found }
        return nil
    }

    /// Neither the field nor a misspelling of it is written: the field is missing.
    @inlinable
    public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }
}

/// One APNs request header.
public struct APNsHeader: Sendable {
    /// As written (letter case kept).
    public var name: String
    /// The value when it is a string (or a value from configuration).
    public var value: String?
    public var keyNode: NodeID?
    public var valueNode: NodeID?
    public init(name: String, value: String?, keyNode: NodeID? = nil, valueNode: NodeID? = nil) {
        self.name = name
        self.value = value
        self.keyNode = keyNode
        self.valueNode = valueNode
    }
}

/// The values of the `apns-push-type` header, in the order of Apple's table ("Sending notification requests to APNs",
/// platform-rules.md §1.2); written exactly so (APNs compares them as written).
public enum APNsPushType: String, Sendable, CaseIterable {
    case alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk, widgets,
        controls
}

/// The headers an APNs request goes out with, when they are known.
public struct APNsHeaders: Sendable {
    public enum Origin: Sendable, Equatable {
        /// `headers` of an envelope file.
        case envelope
        /// `apns.headers` in `.pushlint.json`, matched by this glob.
        case config(glob: String)
        /// `apns.headers` of an FCM message (FCM sends `apns-priority: 10` when it is absent).
        case fcm
        /// Derived from an Expo message by Expo's service.
        case expo
        /// Set by the message attributes of an SNS envelope (`AWS.SNS.MOBILE.APNS.PUSH_TYPE`, ...).
        case sns
        /// Set by `pn_push` in a PubNub message's `pn_apns`.
        case pubnub
    }
    public var origin: Origin
    /// The headers object in the file, if there is one (fixes insert into it).
    public var object: NodeID?
    public var entries: [APNsHeader]

    public init(origin: Origin, object: NodeID?, entries: [APNsHeader]) {
        self.origin = origin
        self.object = object
        self.entries = entries
    }

    /// The last header of that name, in any letter case (header names are case-insensitive). HTTP names are ASCII,
    /// so a name of another length is another header: rules ask for a few headers of every payload, and most
    /// entries are settled by their length.
    public func entry(_ name: String) -> APNsHeader? {
        let length = name.utf8.count
        // From the last entry back, by index: only the entry found is copied (each holds two strings).
        var index = entries.count
        while index > 0 {
            index -= 1
            if entries[index].name.utf8.count == length, ASCIIText.equalsIgnoringCase(entries[index].name, name) {
                return entries[index]
            }
        }
        return nil
    }

    public func value(_ name: String) -> String? { entry(name)?.value }
    /// The `apns-push-type` header as one of Apple's push types; nil when it is absent or not a push type
    /// (`apns-push-type-value` reports that).
    public var pushType: APNsPushType? { value("apns-push-type").flatMap(APNsPushType.init(rawValue:)) }
    public var priority: String? { value("apns-priority") }
}

/// What APNs receives (DESIGN.md §3): from an APNs file, the `apns` block of an FCM message, or an Expo message.
/// A class (built once, never changed) so that reading it from a payload is one reference, not a copy of its arrays.
public final class APNsView: Sendable {
    public enum Origin: String, Sendable {
        case apnsFile = "apns"
        case fcm, expo
    }
    public let origin: Origin
    /// nil when the headers are not known (a bare body with no configured headers): header rules stay silent.
    public let headers: APNsHeaders?
    /// The body object in the file (an APNs body, FCM `apns.payload`); nil for Expo.
    public let body: NodeID?
    /// The `aps` member value as written (any JSON type), nil when absent or derived.
    public let aps: NodeID?
    /// Effective `aps` keys, literal or mapped, in file order.
    public let fields: [(name: String, field: ViewField)]
    /// Effective `alert` dictionary entries (FCM merges `notification.title/body` in, Expo maps its fields).
    public let alertFields: [(name: String, field: ViewField)]
    /// Custom keys beside `aps`.
    public let customKeys: [Member]
    /// Where findings about the view as a whole point.
    public let anchor: NodeID
    /// The body as APNs receives it.
    public let wire: WireValue
    /// The members of the `aps` written in the file and of the dictionaries in it that Apple's schema describes
    /// (`APNsSchema.aps(liveActivity:)`: its alert, sound, a Live Activity's localized title), whose keys are keys of
    /// their schema, in document order. Empty when `aps` is not written as an object (Expo's fields are mapped).
    public let apsMembers: [SchemaMember]
    /// The other members of those dictionaries, with what each most likely means: nearly always none.
    public let apsUnknownKeys: [APSUnknownKey]

    init(
        origin: Origin, headers: APNsHeaders?, body: NodeID?, aps: NodeID?, fields: [(name: String, field: ViewField)],
        alertFields: [(name: String, field: ViewField)], customKeys: [Member], anchor: NodeID, wire: WireValue,
        schema: SchemaWalk = SchemaWalk(), unknownKeys: [APSUnknownKey] = []
    ) {
        self.origin = origin
        self.headers = headers
        self.body = body
        self.aps = aps
        self.fields = fields
        self.alertFields = alertFields
        self.customKeys = customKeys
        self.anchor = anchor
        self.wire = wire
        self.apsMembers = schema.members
        self.apsUnknownKeys = unknownKeys
    }

    // Rules ask for a score of fields of every payload: most names differ in length, which is settled without
    // calling String's comparison.
    public func field(_ name: String) -> ViewField? { Self.last(name, in: fields) }
    public func alertField(_ name: String) -> ViewField? { Self.last(name, in: alertFields) }

    static func last(_ name: String, in fields: [(name: String, field: ViewField)]) -> ViewField? {
        let length = name.utf8.count
        return fields.last { $0.name.utf8.count == length && $0.name == name }?.field
    }

    /// A Live Activity update: an `event` in aps, or the `liveactivity` push type.
    public var isLiveActivity: Bool { field("event") != nil || headers?.pushType == .liveactivity }

    /// The field `name` of `aps`, or whether a key written in `aps` certainly misspells it (`content_available`,
    /// `contentAvailable`, `events`): `apns-aps-unknown-key` owns that mistake and reports it.
    public func lookup(_ name: String) -> FieldLookup<ViewField> {
        if let field = field(name) { return .present(field) }
        return apsUnknownKeys.contains { $0.object.path.isEmpty && $0.intended == name } ? .misspelt : .absent
    }

    /// The same for a key of the dictionary `object` of `aps` (its alert, its sound), as written in the file.
    public func lookup(_ name: String, in object: NodeID, of document: JSONDocument) -> FieldLookup<NodeID> {
        if let value = document.member(object, name) { return .present(value) }
        return apsUnknownKeys.contains { $0.object.node == object && $0.intended == name } ? .misspelt : .absent
    }
}

/// A key of `aps` (or of a dictionary in it) that Apple's schema does not define, marked once when the view is built.
public struct APSUnknownKey: Sendable {
    public let member: Member
    /// The dictionary it stands in, with its schema and its path from `aps` ("" for `aps` itself, "alert").
    public let object: SchemaObject
    /// The key as written.
    public let name: String
    /// The key of the same dictionary it certainly means (`content-available` for `content_available`, `event` for
    /// `events`); nil when the intent is not certain (a typo, custom data).
    public let intended: String?
}

/// What an Android device receives through FCM or Expo.
public struct AndroidView: Sendable {
    public enum Origin: String, Sendable { case fcm, expo }
    public var origin: Origin
    /// FCM `android` object, or `androidV2` when there is no `android`.
    public var config: NodeID?
    /// `android.priority` (FCM; `androidV2` has none) or `priority` (Expo) as written.
    public var priority: NodeID?
    /// True when the message goes at high priority (FCM `HIGH` or `high`, Expo `high`).
    public var isHighPriority: Bool
    public var ttl: NodeID?
    public var collapseKey: NodeID?
    /// `android.notification` (FCM), or `androidV2.remote_notification.notification`.
    public var notification: NodeID?
    /// The channel id value (FCM `channel_id` of that notification, Expo `channelId`).
    public var channelId: NodeID?
    /// The message shows something to the user (a title or body reaches the notification tray).
    public var hasVisibleNotification: Bool
    /// The message carries a notification at all (FCM `notification`/`android.notification`, Expo title/body).
    public var hasNotification: Bool
    /// The data map Android receives (`android.data` replaces top-level `data`).
    public var data: NodeID?
    public var anchor: NodeID
}

/// What a browser receives through FCM `webpush`.
public struct WebPushView: Sendable {
    public var config: NodeID
    public var headers: NodeID?
    public var data: NodeID?
    public var notification: NodeID?
    public var link: NodeID?
    public var wire: WireValue
}

/// One size measurement of a payload: what a receiver counts and its limit.
public struct SizeMeasurement: Sendable {
    /// What was measured ("APNs payload", "FCM message", "APNs view of this FCM message", ...).
    public var label: String
    public var bytes: Int
    public var limit: Int
    /// Why this limit ("5120 for VoIP pushes", "2048 when sent to a topic").
    public var limitReason: String
    /// Where findings point.
    public var anchor: NodeID
    /// The measured value, so a worst case can be computed for templates.
    public var wire: WireValue
}
