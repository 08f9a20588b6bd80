import PushLintJSON

/// What a payload file is (DESIGN.md §3).
public enum PayloadKind: String, Sendable, CaseIterable, Codable {
    case apns
    case fcm
    case fcmLegacy = "fcm-legacy"
    case expo

    /// Detection order of DESIGN.md §3: the first match wins.
    public static func detect(_ doc: JSONDocument, _ node: NodeID) -> PayloadKind? {
        guard doc.kind(node) == .object else { return nil }
        let keys = DetectionKeys(doc, node)
        if isFCM(keys, doc) { return .fcm }
        if isExpo(keys, doc) { return .expo }
        if isLegacyFCM(keys, doc) { return .fcmLegacy }
        if isAPNs(keys, doc) { return .apns }
        return nil
    }

    static func isFCM(_ keys: DetectionKeys, _ doc: JSONDocument) -> Bool {
        if let message = keys.message, doc.kind(message) == .object {
            // `dry_run` is the legacy name of `validate_only`: still a v1 request, with an unknown field.
            return keys.onlyRequestKeys
        }
        // A bare v1 Message: a target together with content. `to`/`registration_ids` exist only in the legacy API.
        if keys.any(DetectionKeys.fcmTargets) && keys.any(DetectionKeys.fcmContent)
            && !keys.any(DetectionKeys.legacyOnlyTargets)
        {
            return true
        }
        // A bare v1 Message without a target (the target is added when it is sent): only Message fields, and one
        // that only FCM v1 has (`android`, `apns`, `webpush`, `fcm_options`); `notification` and `data` alone
        // are also Expo's and the legacy API's.
        return keys.onlyMessageKeys && keys.any(DetectionKeys.fcmOnlyContent)
    }

    /// An object that is no payload kind but carries keys only push payloads have (`notification`, `aps`-like
    /// alert keys, `android`, `apns`, `registration_ids`, ...): a walked file like this is reported instead of
    /// skipped without a word, since it is probably a payload that detection cannot place.
    public static func looksLikePush(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        guard doc.kind(node) == .object else { return false }
        let keys = DetectionKeys(doc, node)
        if keys.any(DetectionKeys.pushOnly) { return true }
        // APNs keys written without `aps`: an alert with a badge or sound.
        return doc.member(node, "alert") != nil
            && (doc.member(node, "badge") != nil || doc.member(node, "sound") != nil)
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
        return keys.any(DetectionKeys.expoOnly)
    }

    public static let legacyOnlyFields = [
        "time_to_live", "content_available", "mutable_content", "collapse_key", "dry_run", "restricted_package_name",
        "notification_key",
    ]

    static func isLegacyFCM(_ keys: DetectionKeys, _ doc: JSONDocument) -> Bool {
        if keys.any(DetectionKeys.registrationIds) { return true }
        guard keys.any(DetectionKeys.toOrCondition) else { return false }
        if let notification = keys.notification, doc.kind(notification) == .object { return true }
        return keys.any(DetectionKeys.legacyOnly)
    }

    /// Top-level keys of APNs bodies that have no `aps`: MDM (`mdm`), PushToTalk (`activeSpeaker`) and File
    /// Provider (`container-identifier`) pushes (platform-rules.md §1.4).
    public static let apnsBodyKeysWithoutAps = ["mdm", "activeSpeaker", "container-identifier"]

    static func isAPNs(_ keys: DetectionKeys, _ doc: JSONDocument) -> Bool {
        if keys.any(DetectionKeys.aps) || keys.any(DetectionKeys.apnsWithoutAps) { return true }
        if let payload = keys.payload, doc.kind(payload) == .object {
            if doc.member(payload, "aps") != nil { return true }
            if let headers = keys.headers, doc.kind(headers) == .object { return true }
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
    static let valueKeys = ["message", "to", "notification", "payload", "headers"]

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
    static let fcmContent = mask(FCMSchema.contentKeys)
    static let expoOnly = mask(PayloadKind.expoOnlyFields)
    static let legacyOnly = mask(PayloadKind.legacyOnlyFields)
    /// Targets that exist only in the legacy API (`condition` is in both).
    static let legacyOnlyTargets = mask(["to", "registration_ids"])
    static let registrationIds = mask(["registration_ids"])
    static let toOrCondition = mask(["to", "condition"])
    static let aps = mask(["aps"])
    static let apnsWithoutAps = mask(PayloadKind.apnsBodyKeysWithoutAps)
    static let message = mask(messageKeys + fcmOnlyContentKeys)
    static let fcmOnlyContent = mask(fcmOnlyContentKeys)
    /// Keys that only push payloads carry: a file with one of them is worth a word when it is no known kind.
    static let pushOnly = mask(
        ["notification", "registration_ids", "content_available", "mutable_content"] + fcmOnlyContentKeys)
    /// Per name position, the index in `valueKeys` of the name, or -1.
    static let valueSlots = names.map { valueKeys.firstIndex(of: $0) ?? -1 }

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

    init(_ doc: JSONDocument, _ object: NodeID) {
        doc.forEachMember(object) { member in
            let position = doc.withStringBytes(member.key, Self.table.position)
            guard let position else {
                onlyRequestKeys = false
                onlyMessageKeys = false
                return
            }
            let bit: UInt64 = 1 << UInt64(position)
            present |= bit
            if bit & Self.request == 0 { onlyRequestKeys = false }
            if bit & Self.message == 0 { onlyMessageKeys = false }
            switch Self.valueSlots[position] {
            case 0: message = member.value
            case 1: to = member.value
            case 2: notification = member.value
            case 3: payload = member.value
            case 4: headers = member.value
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

    public func memberObject(_ id: NodeID, _ name: String) -> NodeID? {
        member(id, name).flatMap { kind($0) == .object ? $0 : nil }
    }
}
