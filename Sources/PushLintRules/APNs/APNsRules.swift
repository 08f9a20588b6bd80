import PushLintDetectors
import PushLintJSON
import PushLintModel

enum APNsRules {
    static let all: [any Rule] = [
        APNsBackgroundHeaders(), APNsPushTypeMismatch(), APNsPushTypeValue(), APNsPushTypeMissing(),
        APNsPriorityValue(), APNsTopicSuffix(), APNsHeaderFormat(), APNsApsMissing(), APNsApsUnknownKey(),
        APNsApsValue(), APNsMutableContentWithoutAlert(), APNsLiveActivity(), APNsInterruptionEntitlement(),
        APNsSoundFormat(), APNsPushToTalkExpiration(), APNsLiveActivityEndDismissal(),

    ]
}

/// APNs facts shared by the APNs rules (platform-rules.md §1).
enum APNs {
    static let pushTypeNames = APNsPushType.allCases.map(\.rawValue)
    static let topicSuffixes = APNsPushType.allCases.compactMap(\.topicSuffix)

    static let priorities = APNsSchema.priorities

    /// Request headers a sender may set (`APNsSchema.headerNames`).
    static let headerNames = APNsSchema.headerNames

    /// Push types whose body is defined by another framework than the notification system, so `aps` is not
    /// required: PushToTalk (`activeSpeaker`), File Provider (`container-identifier`, `domain`), PushKit VoIP
    /// (the app's call data), MDM (`{"mdm": PushMagic}`), Core Location's location push service extension
    /// (platform-rules.md §1.4, Apple PushToTalk, File Provider, PushKit and Core Location documentation).
    static let pushTypesWithoutAps: Set<APNsPushType> = [.pushtotalk, .fileprovider, .voip, .mdm, .location]

    /// Keys of the FCM (and legacy FCM) message format that writers carry into an APNs body, where APNs passes
    /// them to the app as custom data and nothing reads them as what they were meant to be.
    static let fcmKeysInBody: [(key: String, meaning: String)] = [
        ("content_available", "\"content-available\": 1 inside aps"),
        ("mutable_content", "\"mutable-content\": 1 inside aps"),
        ("priority", "the apns-priority header"),
        ("time_to_live", "the apns-expiration header"),
        ("collapse_key", "the apns-collapse-id header"),
    ]

    /// What makes a notification user-visible: without these a push is a background push (A-BG).
    static let visibleKeys = ["alert", "sound", "badge"]

    /// A UNIX time in seconds has 10 digits until 2286; 12 digits or more is a time in milliseconds.
    static let millisecondsThreshold: Double = 100_000_000_000
}

extension APNsView {
    /// `alert`, `sound` or `badge` is present (written or mapped).
    var isVisible: Bool { fields.contains { APNs.visibleKeys.contains($0.name) } }

    /// `content-available` asks to wake the app: the number 1, or a spelling of it (`true`, `"1"`) that
    /// `apns-aps-value` reports separately.
    func wantsContentAvailable(_ doc: JSONDocument) -> Bool {
        guard let field = field("content-available") else { return false }
        if field.mapped != nil { return true }
        return APNs.isOneLike(doc, field.value)
    }

    /// `content-available` asks to wake the app, or a key that misspells it is written (`apns-aps-unknown-key`
    /// reports that), so a rule about its absence stays silent.
    func mayWantContentAvailable(_ doc: JSONDocument) -> Bool {
        switch lookup("content-available") {
        case .present: return wantsContentAvailable(doc)
        case .misspelt: return true
        case .absent: return false
        }
    }

    /// A background (silent) notification: `content-available` and nothing the user sees (A-BG).
    func isBackgroundNotification(_ doc: JSONDocument) -> Bool { wantsContentAvailable(doc) && !isVisible }

    /// The alert shows a title or a body (what a notification service extension needs).
    func hasAlertText(_ doc: JSONDocument) -> Bool {
        if let alert = field("alert"), alert.mapped == nil,
            doc.kind(alert.value) == .string || doc.kind(alert.value) == .placeholder
        {
            return doc.kind(alert.value) == .placeholder || !doc.string(alert.value).isEmpty
        }
        return ["title", "body", "title-loc-key", "loc-key"].contains { alertField($0) != nil }
    }
}

extension APNsHeaders {
    /// The header `name` (in any letter case), or whether a header certainly misspells it (`apns-priorty`,
    /// `apns_push_type`): `apns-header-format` reports that, so rules that miss `name` stay silent on it.
    func lookup(_ name: String) -> FieldLookup<APNsHeader> {
        if let entry = entry(name) { return .present(entry) }
        return entries.contains { APNs.misspelledHeader($0.name) == name } ? .misspelt : .absent
    }
}

extension APNs {
    /// The known header an unknown header name was meant to be, if it is close enough to tell.
    static func misspelledHeader(_ name: String) -> String? {
        let lower = name.lowercased()
        guard !headerNames.contains(lower) else { return nil }
        return Suggest.sameWordDifferentSpelling(lower, in: headerNames) ?? Suggest.closest(to: lower, in: headerNames)
    }

    /// The number 1, `true` or `"1"`.
    static func isOneLike(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        switch doc.kind(node) {
        case .number: return doc.doubleValue(node) == 1
        case .bool: return doc.boolValue(node) == true
        case .string: return doc.string(node) == "1"
        default: return false
        }
    }

    /// One header's string value as the request sends it, for the rules that judge that value.
    struct HeaderValue {
        let view: APNsView
        let headers: APNsHeaders
        let value: String
        /// Where a finding goes: the value, or the view's anchor when `.pushlint.json` sets the header.
        let at: NodeID
        /// `APNs.origin(headers)`, for the message.
        var origin: String { APNs.origin(headers) }
    }

    /// The string value of header `name` of the payload's APNs request. Nil when Expo's service sets the headers
    /// (its own rules judge Expo's fields), when the value is no string (`apns-header-format`'s finding) or holds a
    /// placeholder (its rendered value is unknown).
    static func headerValue(_ name: String, in context: PayloadContext) -> HeaderValue? {
        guard let view = context.payload.apns, let headers = view.headers, headers.origin != .expo,
            let entry = headers.entry(name), let value = entry.value
        else { return nil }
        if let node = entry.valueNode, context.isTemplated(node) { return nil }
        return HeaderValue(view: view, headers: headers, value: value, at: entry.valueNode ?? view.anchor)
    }

    /// Where the headers come from, for messages: "" for a file's own headers, else a note.
    static func origin(_ headers: APNsHeaders) -> String {
        if case .config(let glob) = headers.origin {
            return " (set in .pushlint.json apns.headers for \(MessageText.single(glob)))"
        }
        if headers.origin == .sns { return " (set by the SNS message attributes)" }
        if headers.origin == .pubnub { return " (set by pn_push)" }
        return ""
    }

    /// The name of the headers object as the file spells it.
    static func headersName(_ headers: APNsHeaders) -> String {
        switch headers.origin {
        case .fcm: return "apns.headers"
        case .config: return ".pushlint.json apns.headers"
        case .sns: return "the SNS message attributes"
        case .pubnub: return "pn_push"
        case .envelope, .expo: return "headers"
        }
    }

    /// An edit that adds members to an object without reformatting the rest: after the last member, on a new
    /// line with that member's indentation (or inline when the object is written on one line).
    static func insertMembers(_ members: [(String, String)], into object: NodeID, in doc: JSONDocument) -> TextEdit {
        let rendered = members.map { JSONDocument.quoted($0.0) + ": " + JSONDocument.quoted($0.1) }
        let existing = doc.members(object)
        guard let last = existing.last else {
            return TextEdit(offset: doc.span(object).start + 1, length: 0, text: rendered.joined(separator: ", "))
        }
        let keyStart = doc.span(last.key).start
        var lineStart = keyStart
        while lineStart > 0,
            doc.bytes[lineStart - 1] == UInt8(ascii: " ") || doc.bytes[lineStart - 1] == UInt8(ascii: "\t")
        {
            lineStart -= 1
        }
        let insertAt = doc.span(last.value).end
        if lineStart > 0, doc.bytes[lineStart - 1] == UInt8(ascii: "\n") {
            let indent = String(decoding: doc.bytes[lineStart..<keyStart], as: UTF8.self)
            let newline = lineStart > 1 && doc.bytes[lineStart - 2] == UInt8(ascii: "\r") ? "\r\n" : "\n"
            return TextEdit(offset: insertAt, length: 0, text: rendered.map { "," + newline + indent + $0 }.joined())
        }
        return TextEdit(offset: insertAt, length: 0, text: rendered.map { ", " + $0 }.joined())
    }
}
