import PushLintJSON

/// What a payload file is (DESIGN.md §3).
public enum PayloadKind: String, Sendable, CaseIterable, Codable {
    case apns
    case fcm
    case fcmLegacy = "fcm-legacy"
    case expo
    /// An AWS SNS message published with `MessageStructure: json` (SNSEnvelope.swift).
    case sns
    /// What a server encrypts and sends to a web push service (RFC 8030/8291); detected only when declarative.
    case webpush
    /// A PubNub message with mobile push (`pn_apns`, `pn_fcm`, `pn_gcm`; RelayEnvelope.swift).
    case pubnub
    /// A Pusher Beams publish body (`apns`, `fcm`, `web`; RelayEnvelope.swift).
    case pusherBeams = "pusher-beams"

    /// A message that holds other payloads (SNS's platform strings, a relay's platform objects): checked by its own
    /// family's rules and the size rules, while every payload rule checks the payloads inside it.
    public var isEnvelope: Bool {
        switch self {
        case .sns, .pubnub, .pusherBeams: return true
        case .apns, .fcm, .fcmLegacy, .expo, .webpush: return false
        }
    }

    /// Detection order of DESIGN.md §3: the first match wins.
    public static func detect(_ doc: JSONDocument, _ node: NodeID) -> PayloadKind? {
        guard doc.kind(node) == .object else { return nil }
        if SNSEnvelope.isEnvelope(doc, node) { return .sns }
        switch RelayEnvelope.detect(doc, node) {
        case .pubnub: return .pubnub
        case .pusherBeams: return .pusherBeams
        case nil: break
        }
        // `web_push` is in no other kind's format (envelope-facts §2.7); a plain web push JSON is app-defined and
        // is a webpush payload only by `--kind` or the config's `kinds`.
        if WebPushSchema.isDeclarative(doc, node) { return .webpush }
        let keys = DetectionKeys(doc, node)
        if isFCM(keys, doc) { return .fcm }
        if isExpo(keys, doc) { return .expo }
        if isLegacyFCM(keys, doc) { return .fcmLegacy }
        if isAPNs(keys, doc) { return .apns }
        return nil
    }

    /// An FCM v1 send request or message, on evidence: key names alone decide nothing, since `android`,
    /// `token` and `topic` are common words (a locale, a map of icon names); a value must have the field's shape.
    static func isFCM(_ keys: DetectionKeys, _ doc: JSONDocument) -> Bool {
        if let message = keys.message, doc.kind(message) == .object {
            // `dry_run` is the legacy name of `validate_only`: still a v1 request, with an unknown field. The
            // message itself holds Message fields (or nothing yet): `{"message": {"welcome": "Hi"}}` is a locale.
            guard keys.onlyRequestKeys else { return false }
            let inner = DetectionKeys(doc, message)
            return inner.memberCount == 0 || inner.any(DetectionKeys.message)
        }
        // Mostly Message fields: a fixture of an HTTP API (`{"token", "data", "status", "expires_in"}`) is not one.
        guard keys.messageFieldCount * 2 > keys.memberCount else { return false }
        // A bare v1 Message: a target together with content. `to`/`registration_ids` exist only in the legacy API.
        if keys.any(DetectionKeys.fcmTargets) && !keys.any(DetectionKeys.legacyOnlyTargets) {
            // Platform blocks and a notification are objects; `data` alone is weaker evidence (a login response
            // is `{"token", "data": {...}}`), so it counts when it holds a string, as FCM data does.
            if hasObject(doc, keys.object, DetectionKeys.fcmNotificationContent) { return true }
            if let data = keys.data, doc.kind(data) == .object || doc.kind(data) == .placeholder,
                hasStringTarget(doc, keys.object)
            {
                if doc.kind(data) == .placeholder || doc.memberCount(data) == 0
                    || doc.anyMember(data, { doc.kind($0.value) == .string || doc.kind($0.value) == .placeholder })
                {
                    return true
                }
            }
        }
        // A bare v1 Message without a target (the target is added when it is sent): only Message fields, and an
        // object of one that only FCM v1 has (`android`, `apns`, `webpush`, `fcm_options`); `notification` and
        // `data` alone are also Expo's and the legacy API's.
        return keys.onlyMessageKeys && hasObject(doc, keys.object, DetectionKeys.fcmOnlyContentKeys)
    }

    /// An object, or a template placeholder standing for one, under one of `names`.
    static func hasObject(_ doc: JSONDocument, _ object: NodeID, _ names: [String]) -> Bool {
        names.contains { name in
            guard let value = doc.member(object, name) else { return false }
            return doc.kind(value) == .object || doc.kind(value) == .placeholder
        }
    }

    /// A v1 target (`token`, `topic`, `condition`, `fid`) that is a string or a placeholder.
    static func hasStringTarget(_ doc: JSONDocument, _ object: NodeID) -> Bool {
        FCMSchema.targets.contains { name in
            guard let value = doc.member(object, name) else { return false }
            return doc.kind(value) == .string || doc.kind(value) == .placeholder
        }
    }

    /// An object that is no payload kind but carries keys only push payloads have, with their shape (`notification`,
    /// `android`, `apns`, `webpush` objects, a `registration_ids` array, an `alert` with a `badge` or `sound`): a
    /// file like this is worth a word instead of silence, since it is probably a payload that detection cannot
    /// place. `{"android": 3}` is not such a file.
    public static func looksLikePush(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        guard doc.kind(node) == .object else { return false }
        if hasObject(doc, node, ["notification"] + DetectionKeys.fcmOnlyContentKeys) { return true }
        if let ids = doc.member(node, "registration_ids"), doc.kind(ids) == .array { return true }
        // APNs keys written without `aps`: an alert with a badge or sound.
        guard let alert = doc.member(node, "alert"), doc.kind(alert) == .string || doc.kind(alert) == .object else {
            return false
        }
        return doc.member(node, "badge") != nil || doc.member(node, "sound") != nil
    }

    /// Keys (with the bracket their value opens) and tokens that only push payloads carry, looked for in the bytes
    /// of a file that does not parse even leniently: a broken payload is still reported when found by a walk, a
    /// broken test fixture or a half-written config is not.
    static let pushMarkers: [(needle: [UInt8], opens: UInt8?)] = [
        ("\"aps\"", nil), ("\"apns\"", nil), ("\"webpush\"", nil), ("\"fcm_options\"", nil),
        ("\"registration_ids\"", nil), ("\"content-available\"", nil), ("\"mutable-content\"", nil),
        ("\"notification\"", UInt8(ascii: "{")), ("ExponentPushToken[", nil), ("ExpoPushToken[", nil),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Whether `bytes` hold a key or token that only push payloads carry (`pushMarkers`): a key must be followed by
    /// a colon and, for an object or array, its opening bracket.
    public static func hasPushMarkers(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            pushMarkers.contains { marker in
                var from = 0
                while from < buffer.count,
                    let found = ASCIIText.firstIndex(
                        of: marker.needle, in: UnsafeBufferPointer(rebasing: buffer[from...]))
                {
                    var index = from + found + marker.needle.count
                    from = index
                    if marker.needle.last != UInt8(ascii: "\"") { return true }
                    func skipSpace() {
                        while index < buffer.count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[index]) { index += 1 }
                    }
                    skipSpace()
                    guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { continue }
                    index += 1
                    skipSpace()
                    guard let opens = marker.opens else { return true }
                    if index < buffer.count, buffer[index] == opens { return true }
                }
                return false
            }
        }
    }

    public static let expoOnlyFields = [
        "channelId", "_contentAvailable", "categoryId", "mutableContent", "interruptionLevel", "richContent", "title",
        "body", "subtitle", "badge", "sound",
    ]

    public static func isExpoToken(_ s: String) -> Bool {
        (s.hasPrefix("ExponentPushToken[") || s.hasPrefix("ExpoPushToken[")) && s.hasSuffix("]")
    }

    static func isExpo(_ keys: DetectionKeys, _ doc: JSONDocument) -> Bool {
        guard let to = keys.to else { return false }
        switch doc.kind(to) {
        case .string:
            if isExpoToken(doc.string(to)) { return true }
        case .array:
            if doc.elements(to).contains(where: { doc.kind($0) == .string && isExpoToken(doc.string($0)) }) {
                return true
            }
        default:
            break
        }
        if let notification = keys.notification, doc.kind(notification) == .object { return false }
        guard keys.any(DetectionKeys.expoOnly) else { return false }
        // Without a token, the shape decides: mostly fields of an Expo message (a form's labels `{"to": "To",
        // "title": "Title", "body": "Body", "cancel": ...}` are not one), and `title`/`body` as strings.
        var fields = 0
        doc.forEachMember(keys.object) { member in
            if doc.withStringBytes(member.key, DetectionKeys.expoFieldTable.position) != nil { fields += 1 }
        }
        guard fields * 2 > keys.memberCount else { return false }
        return ["title", "body", "subtitle"].allSatisfy { name in
            doc.member(keys.object, name).map { doc.kind($0) == .string || doc.kind($0) == .placeholder } ?? true
        }
    }

    public static let legacyOnlyFields = [
        "time_to_live", "content_available", "mutable_content", "collapse_key", "dry_run", "restricted_package_name",
        "notification_key",
    ]

    static func isLegacyFCM(_ keys: DetectionKeys, _ doc: JSONDocument) -> Bool {
        if let ids = doc.member(keys.object, "registration_ids") {
            return doc.kind(ids) == .array || doc.kind(ids) == .placeholder
        }
        guard keys.any(DetectionKeys.toOrCondition) else { return false }
        // The target is a string (a token, `/topics/news`, a condition).
        let target = keys.to ?? doc.member(keys.object, "condition")
        guard let target, doc.kind(target) == .string || doc.kind(target) == .placeholder else { return false }
        if let notification = keys.notification, doc.kind(notification) == .object { return true }
        // Legacy-only fields (`time_to_live`, ...), and mostly fields of a message.
        return keys.any(DetectionKeys.legacyOnly)
            && (keys.messageFieldCount + keys.legacyFieldCount) * 2 > keys.memberCount
    }

    /// Top-level keys of APNs bodies that have no `aps`: MDM (`mdm`), PushToTalk (`activeSpeaker`) and File
    /// Provider (`container-identifier`) pushes (platform-rules.md §1.4).
    public static let apnsBodyKeysWithoutAps = ["mdm", "activeSpeaker", "container-identifier"]

    static func isAPNs(_ keys: DetectionKeys, _ doc: JSONDocument) -> Bool {
        if keys.any(DetectionKeys.aps) {
            // `aps` is Apple's dictionary; of another shape it is a payload's mistake only in a small object (a
            // locale's `"aps": "Apple Push Service"` among its labels is none).
            guard let aps = doc.member(keys.object, "aps") else { return false }
            return doc.kind(aps) == .object || doc.kind(aps) == .placeholder || keys.memberCount <= 3
        }
        if keys.any(DetectionKeys.apnsWithoutAps) { return keys.memberCount <= 3 }
        if let payload = keys.payload, doc.kind(payload) == .object {
            if doc.member(payload, "aps") != nil { return true }
            // An envelope without `aps` (an MDM push): its headers are APNs headers, not any HTTP fixture's.
            if let headers = keys.headers, doc.kind(headers) == .object {
                return doc.anyMember(headers) { ASCIIText.hasPrefixIgnoringCase(doc.string($0.key), "apns-") }
            }
        }
        return false
    }
}

/// The top-level keys detection asks about, found in one pass over an object's members: asking `member` for each
/// name scanned the members about twenty times per message, for every message of a batch.
struct DetectionKeys {
    /// Keys of a v1 send request around its `message`: the request's fields and its legacy fields (`dry_run`, the
    /// old name of `validate_only`), each in both spellings.
    static let requestKeys =
        FCMSchema.sendRequest.spellings()
        + FCMSchema.legacyRequestFields.flatMap { [$0.name, SchemaField.lowerCamelCase($0.name)] }
    /// Every spelling of every field of a v1 `Message`.
    static let messageKeys = FCMSchema.message.spellings()
    /// Fields only a v1 `Message` has (the V2 Android config in both spellings, whether or not the schema has it).
    static let fcmOnlyContentKeys = [
        "android", "apns", "webpush", "fcm_options", "fcmOptions", "androidV2", "android_v2",
    ]
    /// Keys detection reads, in the order of the stored properties below.
    static let valueKeys = ["message", "to", "notification", "payload", "headers", "data"]
    /// Content of a v1 message that is an object and says "push" on its own (`data` alone does not).
    static let fcmNotificationContent = ["notification", "android", "apns", "webpush", "androidV2", "android_v2"]
    /// Every field of an Expo message: an object without a token is Expo only when most of its keys are these.
    static let expoFieldTable = NameTable(ExpoSchema.message.fields.map(\.name))

    /// Every name detection asks about, each once; a key's bit in `present` is its position here.
    static let names: [String] = {
        var names: [String] = []
        let groups = [
            requestKeys, FCMSchema.targets, FCMSchema.contentKeys, FCMSchema.legacyTargets, ["aps"], valueKeys,
            messageKeys, fcmOnlyContentKeys, PayloadKind.apnsBodyKeysWithoutAps,
        ]
        for name in groups.joined() + PayloadKind.expoOnlyFields + PayloadKind.legacyOnlyFields
        where !names.contains(name) {
            names.append(name)
        }
        precondition(names.count <= 64, "one bit per name")
        return names
    }()
    /// The names' positions by their UTF-8.
    static let table = NameTable(names)

    static func mask(_ keys: [String]) -> UInt64 {
        keys.reduce(0) { mask, key in
            guard let position = names.firstIndex(of: key) else {
                preconditionFailure("'\(key)' is not a detection key")
            }
            return mask | 1 << UInt64(position)
        }
    }

    static let request = mask(requestKeys)
    static let fcmTargets = mask(FCMSchema.targets)
    static let expoOnly = mask(PayloadKind.expoOnlyFields)
    static let legacyOnly = mask(PayloadKind.legacyOnlyFields)
    /// Fields of a legacy message that a v1 `Message` does not have.
    static let legacyFields = mask(PayloadKind.legacyOnlyFields + ["to", "registration_ids"])
    /// Targets that exist only in the legacy API (`condition` is in both).
    static let legacyOnlyTargets = mask(["to", "registration_ids"])
    static let toOrCondition = mask(["to", "condition"])
    static let aps = mask(["aps"])
    static let apnsWithoutAps = mask(PayloadKind.apnsBodyKeysWithoutAps)
    static let message = mask(messageKeys + fcmOnlyContentKeys)
    /// Per name position, the index in `valueKeys` of the name, or -1.
    static let valueSlots = names.map { valueKeys.firstIndex(of: $0) ?? -1 }

    /// The object the keys are of.
    let object: NodeID
    /// How many members the object has, and how many of them are fields of a v1 `Message` or only of the legacy
    /// API: how much of the object a kind explains.
    private(set) var memberCount = 0
    private(set) var messageFieldCount = 0
    private(set) var legacyFieldCount = 0
    /// Bit `i` set when `names[i]` is a key of the object.
    private(set) var present: UInt64 = 0
    /// No key besides those of a send request (`message`, `validate_only`, ...).
    private(set) var onlyRequestKeys = true
    /// No key besides the fields of a v1 `Message`.
    private(set) var onlyMessageKeys = true
    /// The values of the last members with these keys (as `member` finds them).
    private(set) var message: NodeID?
    private(set) var to: NodeID?
    private(set) var notification: NodeID?
    private(set) var payload: NodeID?
    private(set) var headers: NodeID?
    private(set) var data: NodeID?

    init(_ doc: JSONDocument, _ object: NodeID) {
        self.object = object
        doc.forEachMember(object) { member in
            memberCount += 1
            let position = doc.withStringBytes(member.key, Self.table.position)
            guard let position else {
                onlyRequestKeys = false
                onlyMessageKeys = false
                return
            }
            let bit: UInt64 = 1 << UInt64(position)
            present |= bit
            if bit & Self.request == 0 { onlyRequestKeys = false }
            if bit & Self.message == 0 { onlyMessageKeys = false } else { messageFieldCount += 1 }
            if bit & Self.legacyFields != 0 { legacyFieldCount += 1 }
            switch Self.valueSlots[position] {
            case 0: message = member.value
            case 1: to = member.value
            case 2: notification = member.value
            case 3: payload = member.value
            case 4: headers = member.value
            case 5: data = member.value
            default: break
            }
        }
    }

    func any(_ mask: UInt64) -> Bool { present & mask != 0 }
}

extension JSONDocument {
    /// The value of the first of several spellings that is present (`channel_id` or `channelId`).
    public func member(_ id: NodeID, anyOf names: [String]) -> NodeID? {
        for name in names { if let found = member(id, name) { return found } }
        return nil
    }

    /// The decoded string of a member when it is a string.
    public func memberString(_ id: NodeID, _ name: String) -> String? {
        member(id, name).flatMap { stringValue($0) }
    }

    /// How many members an object has, without listing them.
    public func memberCount(_ id: NodeID) -> Int {
        var count = 0
        forEachMember(id) { _ in count += 1 }
        return count
    }

    /// Whether some member of an object satisfies `test`.
    public func anyMember(_ id: NodeID, _ test: (Member) -> Bool) -> Bool {
        var found = false
        forEachMember(id) { member in if !found, test(member) { found = true } }
        return found
    }

    public func memberObject(_ id: NodeID, _ name: String) -> NodeID? {
        member(id, name).flatMap { kind($0) == .object ? $0 : nil }
    }
}
