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
        if isFCM(doc, node) { return .fcm }
        if isExpo(doc, node) { return .expo }
        if isLegacyFCM(doc, node) { return .fcmLegacy }
        if isAPNs(doc, node) { return .apns }
        return nil
    }

    static let fcmTargets = ["token", "topic", "condition", "fid"]
    static let fcmContent = ["notification", "data", "android", "apns", "webpush"]

    static func isFCM(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        if let message = doc.member(node, "message"), doc.kind(message) == .object {
            // `dry_run` is the legacy name of `validate_only`: still a v1 request, with an unknown field.
            return doc.members(node).allSatisfy {
                ["message", "validate_only", "validateOnly", "dry_run", "dryRun"].contains(doc.string($0.key))
            }
        }
        // A bare v1 Message: a target together with content. `to`/`registration_ids` exist only in the legacy API.
        let hasTarget = fcmTargets.contains { doc.member(node, $0) != nil }
        let hasContent = fcmContent.contains { doc.member(node, $0) != nil }
        let legacyOnly = doc.member(node, "to") != nil || doc.member(node, "registration_ids") != nil
        return hasTarget && hasContent && !legacyOnly
    }

    public static let expoOnlyFields = [
        "channelId", "_contentAvailable", "categoryId", "mutableContent", "interruptionLevel", "richContent", "title",
        "body", "subtitle", "badge", "sound",
    ]

    public static func isExpoToken(_ s: String) -> Bool {
        (s.hasPrefix("ExponentPushToken[") || s.hasPrefix("ExpoPushToken[")) && s.hasSuffix("]")
    }

    static func isExpo(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        guard let to = doc.member(node, "to") else { return false }
        switch doc.kind(to) {
        case .string:
            if isExpoToken(doc.string(to)) { return true }
        case .array:
            if doc.elements(to).contains(where: { doc.kind($0) == .string && isExpoToken(doc.string($0)) }) { return true }
        default:
            break
        }
        if let notification = doc.member(node, "notification"), doc.kind(notification) == .object { return false }
        return expoOnlyFields.contains { doc.member(node, $0) != nil }
    }

    public static let legacyOnlyFields = [
        "time_to_live", "content_available", "mutable_content", "collapse_key", "dry_run", "restricted_package_name",
        "notification_key",
    ]

    static func isLegacyFCM(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        if doc.member(node, "registration_ids") != nil { return true }
        guard doc.member(node, "to") != nil || doc.member(node, "condition") != nil else { return false }
        if let notification = doc.member(node, "notification"), doc.kind(notification) == .object { return true }
        return legacyOnlyFields.contains { doc.member(node, $0) != nil }
    }

    static func isAPNs(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        if doc.member(node, "aps") != nil { return true }
        if let payload = doc.member(node, "payload"), doc.kind(payload) == .object {
            if doc.member(payload, "aps") != nil { return true }
            if let headers = doc.member(node, "headers"), doc.kind(headers) == .object { return true }
        }
        return false
    }
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
