import PushLintJSON

/// A relay service's publish body: a JSON object whose members hold the platforms' payloads as objects, sent on by
/// the relay (docs/relays.md). Unlike an SNS message, each payload is written in place, so it is linted in the
/// file's own document and its findings (and fixes) need no moving.
public struct RelayEnvelope: Sendable {
    /// The relay services pushlint reads.
    public enum Service: Sendable {
        /// PubNub Mobile Push: a publish whose message carries `pn_apns`, `pn_fcm` or the deprecated `pn_gcm`.
        case pubnub
        /// Pusher Beams: a publish body with `apns`, `fcm` and `web` and the interests or users it goes to.
        case pusherBeams
    }

    /// One member of the body that holds a platform's payload.
    public struct Part: Sendable {
        public let name: String
        public let key: NodeID
        public let value: NodeID
        /// The kind the payload is linted as; nil for a relay's own format (Beams' `web`), checked by its rules.
        public let kind: PayloadKind?
    }

    public let service: Service
    public let node: NodeID
    /// The members that hold an object for a platform, in file order (the last of a key written twice).
    public let parts: [Part]

    /// PubNub's keys and the platform each forwards to: `pn_apns` to APNs, `pn_fcm` to FCM HTTP v1, `pn_gcm` (the
    /// legacy FCM shape, deprecated) remapped by PubNub to HTTP v1 (https://www.pubnub.com/docs/general/push/send,
    /// https://www.pubnub.com/docs/general/resources/migration-guides/legacy-fcm-migration-guide).
    public static let pubnubKeys: [(name: String, kind: PayloadKind)] = [
        ("pn_apns", .apns), ("pn_fcm", .fcm), ("pn_gcm", .fcmLegacy),
    ]
    /// Beams' keys: `apns` is Apple's payload as is, `fcm` the legacy FCM downstream shape, `web` Beams' own web
    /// format (https://pusher.com/docs/beams/reference/publish-payloads/).
    public static let beamsKeys: [(name: String, kind: PayloadKind?)] = [
        ("apns", .apns), ("fcm", .fcmLegacy), ("web", nil),
    ]
    /// The keys of a Beams publish body besides the payloads (https://pusher.com/docs/beams/reference/publish-api/).
    public static let beamsRequestKeys = ["interests", "users", "webhookUrl"]

    /// "The maximum message size is 32 KiB", counted on the escaped message with the channel name
    /// (https://www.pubnub.com/docs/general/messages/publish): the minified message alone is a lower bound.
    public static let pubnubMessageLimit = 32_768
    /// Beams answers 400 for a body over 10 KiB to interests, over 200 KiB to users
    /// (https://pusher.com/docs/beams/reference/publish-api/).
    public static let beamsInterestsLimit = 10_240
    public static let beamsUsersLimit = 204_800

    public init(_ doc: JSONDocument, _ node: NodeID, service: Service) {
        self.service = service
        self.node = node
        var parts: [Part] = []
        let keys: [(name: String, kind: PayloadKind?)] =
            service == .pubnub ? Self.pubnubKeys.map { ($0.name, $0.kind) } : Self.beamsKeys
        doc.forEachMember(node) { member in
            guard doc.kind(member.value) == .object else { return }
            let name = doc.string(member.key)
            guard let known = keys.first(where: { $0.name == name }) else { return }
            parts.removeAll { $0.name == name }
            parts.append(Part(name: name, key: member.key, value: member.value, kind: known.kind))
        }
        self.parts = parts
    }

    /// The member of the body with this name.
    public func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// The payloads the relay sends on, each built as its platform's in the file's document. PubNub's `pn_push`
    /// sets APNs request headers when it names a push type.
    public func platformPayloads(_ doc: JSONDocument) -> [(part: Part, payload: Payload)] {
        parts.compactMap { part in
            guard let kind = part.kind else { return nil }
            switch (service, kind) {
            case (.pubnub, .apns):
                let headers = Self.pushHeaders(doc, part.value)
                return (
                    part, PayloadBuilder.buildAPNs(doc, part.value, nil, nil, headers: headers, relayKeys: ["pn_push"])
                )
            case (.pubnub, .fcm):
                return (part, PayloadBuilder.buildFCM(doc, part.value, nil, relayKeys: ["pn_exceptions"]))
            default:
                return (part, PayloadBuilder.build(doc, node: part.value, kind: kind))
            }
        }
    }

    /// The APNs headers of the first `pn_push` configuration: `push_type`, `collapse_id` and the first target's
    /// `topic` (https://www.pubnub.com/docs/general/push/send, "APNs HTTP/2"). Nil without a `push_type`: what
    /// PubNub sends then is not documented, so the header rules stay silent.
    static func pushHeaders(_ doc: JSONDocument, _ apns: NodeID) -> APNsHeaders? {
        guard let configs = doc.member(apns, "pn_push"), doc.kind(configs) == .array,
            let first = doc.elements(configs).first, doc.kind(first) == .object,
            let pushType = doc.member(first, "push_type"), doc.kind(pushType) == .string
        else { return nil }
        var entries = [APNsHeader(name: "apns-push-type", value: doc.string(pushType), valueNode: pushType)]
        if let collapse = doc.member(first, "collapse_id"), doc.kind(collapse) == .string {
            entries.append(APNsHeader(name: "apns-collapse-id", value: doc.string(collapse), valueNode: collapse))
        }
        if let targets = doc.member(first, "targets"), doc.kind(targets) == .array,
            let target = doc.elements(targets).first, let topic = doc.member(target, "topic"),
            doc.kind(topic) == .string
        {
            entries.append(APNsHeader(name: "apns-topic", value: doc.string(topic), valueNode: topic))
        }
        return APNsHeaders(origin: .pubnub, object: nil, entries: entries)
    }

    // MARK: Detection

    /// The relay whose publish body the object is, if any, in one pass over its keys (asked of every object
    /// payload, so no string is made for a key):
    /// - PubNub: a top-level `pn_apns`, `pn_fcm` or `pn_gcm` object. Every other key is the realtime message's
    ///   own; no platform payload has a `pn_` key.
    /// - Pusher Beams: only Beams' keys, an object under `apns`, `fcm` or `web`, and evidence of a publish that
    ///   neither an FCM v1 message (`{"apns": {"payload": ...}}`) nor a push server's settings have: an
    ///   `interests` or `users` array, or a member that holds its platform's payload (`holdsPayload`).
    public static func detect(_ doc: JSONDocument, _ node: NodeID) -> Service? {
        var isPubNub = false
        var beamsPayloads = 0
        var beamsEvidence = false
        var isBeams = true
        doc.forEachMember(node) { member in
            guard !isPubNub else { return }
            let kind = doc.kind(member.value)
            let position = doc.withStringBytes(member.key, detectionTable.position)
            guard let position else {
                isBeams = false
                return
            }
            if position < pubnubKeys.count {
                if kind == .object { isPubNub = true }
                isBeams = false
                return
            }
            guard isBeams else { return }
            let isObject = kind == .object || kind == .placeholder
            switch detectionNames[position] {
            case "apns", "fcm", "web":
                guard isObject else {
                    isBeams = false
                    return
                }
                beamsPayloads += 1
                if kind == .object, holdsPayload(doc, member.value, detectionNames[position]) { beamsEvidence = true }
            case "interests", "users":
                if kind == .array || kind == .placeholder { beamsEvidence = true } else { isBeams = false }
            default:  // webhookUrl
                break
            }
        }
        if isPubNub { return .pubnub }
        return isBeams && beamsPayloads > 0 && beamsEvidence ? .pusherBeams : nil
    }

    /// A Beams member that holds its platform's payload, not settings under the same name (a push server's config
    /// has `{"apns": {"key_id": ...}, "fcm": {"api_key": ...}}`): `aps` in `apns`, a `notification` or `data` object
    /// in `fcm` or `web`.
    static func holdsPayload(_ doc: JSONDocument, _ value: NodeID, _ name: String) -> Bool {
        if name == "apns" { return doc.member(value, "aps") != nil }
        return doc.memberObject(value, "notification") != nil || doc.memberObject(value, "data") != nil
    }

    /// PubNub's keys first, then Beams' keys.
    static let detectionNames = pubnubKeys.map(\.name) + beamsKeys.map(\.name) + beamsRequestKeys
    static let detectionTable = NameTable(detectionNames)
}
