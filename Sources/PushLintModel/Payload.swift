import PushLintJSON

/// One message of a file, with the platform views derived from it. A class, built once and never changed: rules
/// read it many times per payload, and a struct of views and arrays would be copied (a retain per array) each time.
public final class Payload: Sendable {
    public let kind: PayloadKind
    /// The message node: the file's root, or an element of a top-level batch array.
    public let node: NodeID
    /// Position in a top-level batch array.
    public let batchIndex: Int?
    /// The node providers read: an APNs body (an envelope's `payload`), the FCM `message`, the Expo message.
    public let body: NodeID
    /// The top-level `headers` of an APNs envelope.
    public let envelopeHeaders: NodeID?
    public let apns: APNsView?
    public let android: AndroidView?
    public let webpush: WebPushView?
    /// What each receiver counts, first the payload itself.
    public let sizes: [SizeMeasurement]
    /// The objects of the message that its provider's schema describes (FCM `Message` and the objects under it,
    /// the Expo message), empty for other kinds. Several rules read them, so the walk is done once per payload.
    public let schemaObjects: [SchemaObject]
    /// The members of `schemaObjects` whose keys are fields of their schema, in document order.
    public let schemaMembers: [SchemaMember]
    /// The other members of `schemaObjects`, in document order.
    public let schemaUnknownMembers: [UnknownSchemaMember]
    /// The platform values of an SNS envelope, unescaped and parsed (nil for other kinds).
    public let sns: SNSEnvelope?
    /// The platform members of a relay's publish body (nil for other kinds).
    public let relay: RelayEnvelope?

    init(
        kind: PayloadKind, node: NodeID, batchIndex: Int?, body: NodeID, envelopeHeaders: NodeID?, apns: APNsView?,
        android: AndroidView?, webpush: WebPushView?, sizes: [SizeMeasurement], schema: SchemaWalk = SchemaWalk(),
        sns: SNSEnvelope? = nil, relay: RelayEnvelope? = nil
    ) {
        self.sns = sns
        self.relay = relay
        self.kind = kind
        self.node = node
        self.batchIndex = batchIndex
        self.body = body
        self.envelopeHeaders = envelopeHeaders
        self.apns = apns
        self.android = android
        self.webpush = webpush
        self.sizes = sizes
        self.schemaObjects = schema.objects
        self.schemaMembers = schema.members
        self.schemaUnknownMembers = schema.unknownMembers
    }

}

/// Builds payloads and their views from a parsed document (DESIGN.md §3).
public enum PayloadBuilder {
    public static let apnsSizeLimit = 4096
    /// VoIP and broadcast Live Activity pushes.
    public static let apnsRaisedSizeLimit = 5120
    public static let fcmSizeLimit = 4096
    public static let fcmTopicSizeLimit = 2048
    public static let expoSizeLimit = 4096
    /// RFC 8291: a 4096-byte aes128gcm record holds at most 3993 bytes of plaintext.
    public static let webPushSizeLimit = 3993
    /// The key of an `.apns` file for the Simulator that names the app; not sent, not counted (A-GEN).
    public static let simulatorKey = "Simulator Target Bundle"
    /// The keys of an APNs body that are no custom data.
    static let apnsOwnKeys = ["aps", simulatorKey]

    /// The APNs limit for a request with these headers: 5120 bytes for VoIP pushes (A-GEN) and for broadcast Live
    /// Activity pushes, which carry `apns-channel-id` (Apple, "Sending broadcast push notification requests to
    /// APNs"); 4096 for every other push.
    static func apnsLimit(_ headers: APNsHeaders?) -> (bytes: Int, raised: Bool, reason: String) {
        if headers?.pushType == .voip { return (apnsRaisedSizeLimit, true, "the APNs limit for VoIP pushes") }
        if headers?.value("apns-channel-id") != nil {
            return (apnsRaisedSizeLimit, true, "the APNs limit for broadcast Live Activity pushes")
        }
        return (apnsSizeLimit, false, "the APNs limit")
    }

    /// - Parameter configHeaders: APNs headers from `.pushlint.json` for a bare body, with the glob that matched.
    public static func build(
        _ doc: JSONDocument, node: NodeID, kind: PayloadKind, batchIndex: Int? = nil,
        configHeaders: (glob: String, headers: [(String, String)])? = nil
    ) -> Payload {
        switch kind {
        case .apns: return buildAPNs(doc, node, batchIndex, configHeaders)
        case .fcm: return buildFCM(doc, node, batchIndex)
        case .expo: return buildExpo(doc, node, batchIndex)
        case .fcmLegacy: return buildLegacy(doc, node, batchIndex)
        case .sns: return buildSNS(doc, node, batchIndex)
        case .webpush: return buildWebPush(doc, node, batchIndex)
        case .pubnub: return buildRelay(doc, node, batchIndex, .pubnub)
        case .pusherBeams: return buildRelay(doc, node, batchIndex, .pusherBeams)
        }
    }

    /// A relay's publish body, measured whole against the relay's limit: PubNub's on the message, Beams' on the
    /// body (10 KiB to interests, 200 KiB to users).
    static func buildRelay(_ doc: JSONDocument, _ node: NodeID, _ batchIndex: Int?, _ service: RelayEnvelope.Service)
        -> Payload
    {
        let size: SizeMeasurement
        switch service {
        case .pubnub:
            size = SizeMeasurement(
                label: "PubNub message", bytes: doc.wireSize(.node(node)), limit: RelayEnvelope.pubnubMessageLimit,
                limitReason: "the PubNub message limit, which also counts the channel name and URL escaping",
                anchor: node, wire: .node(node))
        case .pusherBeams:
            let toUsers = doc.member(node, "users") != nil
            size = SizeMeasurement(
                label: "Pusher Beams publish body", bytes: doc.wireSize(.node(node)),
                limit: toUsers ? RelayEnvelope.beamsUsersLimit : RelayEnvelope.beamsInterestsLimit,
                limitReason: toUsers
                    ? "the Beams limit for a publish to users" : "the Beams limit for a publish to interests",
                anchor: node, wire: .node(node))
        }
        return Payload(
            kind: service == .pubnub ? .pubnub : .pusherBeams, node: node, batchIndex: batchIndex, body: node,
            envelopeHeaders: nil, apns: nil, android: nil, webpush: nil, sizes: [size],
            relay: RelayEnvelope(doc, node, service: service))
    }

    /// An SNS envelope: its platform values parsed, measured as the whole message SNS receives.
    static func buildSNS(_ doc: JSONDocument, _ node: NodeID, _ batchIndex: Int?) -> Payload {
        let sent = doc.members(node, excluding: [SNSEnvelope.attributesKey])
        let size = SizeMeasurement(
            label: "SNS message", bytes: doc.wireSize(ofMembers: sent), limit: SNSEnvelope.messageSizeLimit,
            limitReason: "the SNS message limit", anchor: node, wire: .members(sent))
        return Payload(
            kind: .sns, node: node, batchIndex: batchIndex, body: node, envelopeHeaders: nil, apns: nil, android: nil,
            webpush: nil, sizes: [size], sns: SNSEnvelope(doc, node))
    }

    /// The payload of an SNS platform value, in the document parsed from the value: APNs with the headers the
    /// message attributes set (nil: unknown), FCM v1 inside `fcmV1Message`, legacy FCM otherwise.
    public static func buildSNSInner(_ doc: JSONDocument, platform: SNSPlatform, apnsHeaders: [APNsHeader]?)
        -> Payload?
    {
        let root = doc.root
        guard doc.kind(root) == .object else { return nil }
        switch platform.body {
        case .apns:
            let headers = apnsHeaders.map { APNsHeaders(origin: .sns, object: nil, entries: $0) }
            return buildAPNs(doc, root, nil, nil, headers: headers)
        case .fcm:
            if let v1 = doc.memberObject(root, "fcmV1Message") { return buildFCM(doc, v1, nil) }
            return buildLegacy(doc, root, nil)
        case .json, .text:
            return nil
        }
    }

    // MARK: APNs files

    static func buildAPNs(
        _ doc: JSONDocument, _ node: NodeID, _ batchIndex: Int?,
        _ configHeaders: (glob: String, headers: [(String, String)])?, headers given: APNsHeaders? = nil,
        relayKeys: [String] = []
    ) -> Payload {
        var body = node
        var envelopeHeaders: NodeID?
        var headers: APNsHeaders? = given
        if given == nil, doc.member(node, "aps") == nil, let payload = doc.member(node, "payload"),
            doc.kind(payload) == .object
        {
            body = payload
            envelopeHeaders = doc.member(node, "headers")
            if let h = envelopeHeaders, doc.kind(h) == .object {
                headers = APNsHeaders(origin: .envelope, object: h, entries: headerEntries(doc, h))
            } else {
                headers = APNsHeaders(origin: .envelope, object: nil, entries: [])
            }
        } else if given == nil, let config = configHeaders {
            headers = APNsHeaders(
                origin: .config(glob: config.glob), object: nil,
                entries: config.headers.map { APNsHeader(name: $0.0, value: $0.1) })
        }
        let aps = doc.member(body, "aps")
        let isSimulator = doc.member(body, simulatorKey) != nil
        // A relay's own keys (PubNub's `pn_push`) are read by the relay, not the app: no custom data.
        let custom = doc.members(body, excluding: relayKeys.isEmpty ? apnsOwnKeys : apnsOwnKeys + relayKeys)
        let written = writtenAps(doc, aps, headers: headers)
        let wire: WireValue =
            isSimulator
            ? .members(doc.members(body, excluding: [simulatorKey]))
            : .node(body)
        let view = APNsView(
            origin: .apnsFile, headers: headers, body: body, aps: aps, fields: written.fields,
            alertFields: written.alertFields, customKeys: custom, anchor: aps ?? body, wire: wire, schema: written.walk,
            unknownKeys: written.unknownKeys)
        let limit = apnsLimit(headers)
        let size = SizeMeasurement(
            label: "APNs payload", bytes: doc.wireSize(wire), limit: limit.bytes,
            limitReason: limit.raised
                ? limit.reason : limit.reason + "; 5120 only for VoIP and broadcast Live Activity pushes",
            anchor: body, wire: wire)
        return Payload(
            kind: .apns, node: node, batchIndex: batchIndex, body: body, envelopeHeaders: envelopeHeaders,
            apns: view, android: nil, webpush: nil, sizes: [size])
    }

    /// An `aps` written in the file as the view reads it: its walk along Apple's schema (a Live Activity's when the
    /// push is one), its unknown keys with what each certainly means, decided here once
    /// (`APNsView.lookup(_:)`), and the fields of `aps` and of its alert dictionary in file order.
    static func writtenAps(_ doc: JSONDocument, _ aps: NodeID?, headers: APNsHeaders?) -> (
        walk: SchemaWalk, unknownKeys: [APSUnknownKey], fields: [(name: String, field: ViewField)],
        alertFields: [(name: String, field: ViewField)]
    ) {
        guard let aps, doc.kind(aps) == .object else { return (SchemaWalk(), [], [], []) }
        let liveActivity = doc.member(aps, "event") != nil || headers?.pushType == .liveactivity
        let walk = APNsSchema.aps(liveActivity: liveActivity).walk(doc, at: aps, room: (3, 12))
        var unknownKeys: [APSUnknownKey] = []
        // Nearly every aps has none: no array is made for them.
        if !walk.unknownMembers.isEmpty {
            unknownKeys = walk.unknownMembers.map { other in
                let name = doc.string(other.member.key)
                return APSUnknownKey(
                    member: other.member, object: other.object, name: name,
                    intended: APNsSchema.intendedKey(name, in: other.object.schema))
            }
        }
        let fields = literalFields(of: aps, walk, unknownKeys, doc)
        var alertFields: [(name: String, field: ViewField)] = []
        if let alert = doc.member(aps, "alert"), doc.kind(alert) == .object {
            alertFields = literalFields(of: alert, walk, unknownKeys, doc)
        }
        return (walk, unknownKeys, fields, alertFields)
    }

    /// The members of `object` (aps or its alert) as view fields, in file order: the walk has looked every key up,
    /// so a known key is named by its schema field (no text is decoded or made) and an unknown one by its mark.
    static func literalFields(
        of object: NodeID, _ walk: SchemaWalk, _ unknownKeys: [APSUnknownKey], _ doc: JSONDocument
    ) -> [(name: String, field: ViewField)] {
        func field(_ member: Member) -> ViewField { ViewField(key: member.key, value: member.value, isLiteral: true) }
        var result: [(name: String, field: ViewField)] = []
        result.reserveCapacity(doc.count(object))
        // Nearly always none.
        var unknown = unknownKeys.filter { $0.object.node == object }[...]
        // Read in place: a copy of each member would retain its object's schema and path.
        walk.members.withUnsafeBufferPointer { members in
            for index in members.indices where members[index].object.node == object {
                let member = members[index].member
                while let other = unknown.first, other.member.key < member.key {
                    result.append((other.name, field(other.member)))
                    unknown = unknown.dropFirst()
                }
                result.append((members[index].object.schema.fields[members[index].position].name, field(member)))
            }
        }
        for other in unknown { result.append((other.name, field(other.member))) }
        return result
    }

    static func headerEntries(_ doc: JSONDocument, _ object: NodeID) -> [APNsHeader] {
        doc.mapMembers(object) {
            APNsHeader(name: doc.string($0.key), value: doc.stringValue($0.value), keyNode: $0.key, valueNode: $0.value)
        }
    }

    // MARK: FCM HTTP v1

    /// - Parameter relayKeys: members of the message that a relay reads and does not send (PubNub's
    ///   `pn_exceptions`): neither sent nor unknown fields.
    static func buildFCM(_ doc: JSONDocument, _ node: NodeID, _ batchIndex: Int?, relayKeys: [String] = []) -> Payload {
        let message = doc.memberObject(node, "message") ?? node
        let notification = doc.memberObject(message, "notification")
        let data = doc.memberObject(message, "data")
        var sizes: [SizeMeasurement] = []
        sizes.reserveCapacity(3)  // the message, its APNs and web push views

        // A null or empty topic is not set (proto3 JSON), so it does not lower the limit.
        let toTopic = ["topic", "condition"].contains { name in
            doc.member(message, name).map { value in
                doc.kind(value) == .string ? !doc.withStringBytes(value) { $0.isEmpty } : doc.kind(value) != .null
            } ?? false
        }
        // FCM does not count the target: the members sent, filtered once, give both the size and the wire value.
        let sent = doc.members(
            message, excluding: relayKeys.isEmpty ? FCMSchema.unsentKeys : FCMSchema.unsentKeys + relayKeys)
        let messageWire = WireValue.members(sent)
        sizes.append(
            SizeMeasurement(
                label: "FCM message", bytes: doc.wireSize(ofMembers: sent),
                limit: toTopic ? fcmSizeLimit / 2 : fcmSizeLimit,
                limitReason: toTopic ? "FCM's limit for messages to a topic or condition" : "FCM's limit",
                anchor: message, wire: messageWire))

        // APNs: `apns.payload` with `notification.title/body` merged into the alert, data keys beside aps.
        var apnsView: APNsView?
        let apns = doc.memberObject(message, "apns")
        if apns != nil || notification != nil {
            let headersObject = apns.flatMap { doc.member($0, "headers") }
            let headers = APNsHeaders(
                origin: .fcm, object: headersObject.flatMap { doc.kind($0) == .object ? $0 : nil },
                entries: headersObject.map { doc.kind($0) == .object ? headerEntries(doc, $0) : [] } ?? [])
            let body = apns.flatMap { doc.memberObject($0, "payload") }
            let aps = body.flatMap { doc.member($0, "aps") }
            let written = writtenAps(doc, aps, headers: headers)
            var fields = written.fields
            var alertFields = written.alertFields
            let alertIsString = aps.flatMap { doc.member($0, "alert") }.map { doc.kind($0) == .string } ?? false
            if let notification, !alertIsString {
                for name in ["title", "body"] where !alertFields.contains(where: { $0.name == name }) {
                    if let value = doc.member(notification, name) {
                        alertFields.append(
                            (name, ViewField(key: doc.keyNode(ofValue: value), value: value, isLiteral: false)))
                    }
                }
            }
            // The wire lists are sized once: grown by inserting and appending, they would be copied as they grow.
            var apsWire: [(key: String, value: WireValue)] = []
            apsWire.reserveCapacity(fields.count + 1)
            if alertIsString, let alert = fields.last(where: { $0.name == "alert" }) {
                apsWire.append(("alert", alert.field.wire))
            } else if !alertFields.isEmpty {
                let alertWire = WireValue.object(alertFields.map { ($0.name, $0.field.wire) })
                apsWire.append(("alert", alertWire))
                if !fields.contains(where: { $0.name == "alert" }), let first = alertFields.first {
                    fields.insert(
                        ("alert", ViewField(key: nil, value: first.field.value, mapped: alertWire, isLiteral: false)),
                        at: 0)
                }
            }
            for field in fields where field.name != "alert" { apsWire.append((field.name, field.field.wire)) }
            let custom = body.map { doc.members($0, excluding: ["aps"]) } ?? []
            var wireMembers: [(key: String, value: WireValue)] = []
            wireMembers.reserveCapacity(1 + custom.count + (data.map { doc.count($0) } ?? 0))
            wireMembers.append(("aps", .object(apsWire)))
            for member in custom { wireMembers.append((doc.string(member.key), .node(member.value))) }
            if let data { doc.forEachMember(data) { wireMembers.append((doc.string($0.key), .node($0.value))) } }
            let wire = WireValue.object(wireMembers)
            let view = APNsView(
                origin: .fcm, headers: headers, body: body, aps: aps, fields: fields, alertFields: alertFields,
                customKeys: custom, anchor: aps ?? body ?? apns ?? message, wire: wire, schema: written.walk,
                unknownKeys: written.unknownKeys)
            apnsView = view
            let limit = apnsLimit(headers)
            sizes.append(
                SizeMeasurement(
                    label: "APNs view of this FCM message", bytes: doc.wireSize(wire), limit: limit.bytes,
                    limitReason: limit.reason, anchor: view.anchor, wire: wire))
        }

        // Android: `android`, else `androidV2` (the two are mutually exclusive, F-REF `Message.androidV2`), whose
        // notification is `remote_notification.notification` and which has no priority.
        let androidV1 = doc.memberObject(message, "android")
        func object(_ node: NodeID?) -> NodeID? { node.flatMap { doc.kind($0) == .object ? $0 : nil } }
        let android = androidV1 ?? object(doc.member(message, anyOf: ["androidV2", "android_v2"]))
        let androidNotification = android.flatMap { config in
            androidV1 != nil
                ? doc.memberObject(config, "notification")
                : object(doc.member(config, anyOf: ["remote_notification", "remoteNotification"])).flatMap {
                    doc.memberObject($0, "notification")
                }
        }
        let priority = androidV1.flatMap { doc.member($0, "priority") }
        let visibleKeys = ["title", "body", "title_loc_key", "body_loc_key", "titleLocKey", "bodyLocKey"]
        let visible =
            [notification, androidNotification].contains { n in
                n.map { o in visibleKeys.contains { doc.member(o, $0) != nil } } ?? false
            }
        let androidView = AndroidView(
            origin: .fcm, config: android,
            priority: priority,
            // "HIGH", the documented "high", or the enum's number (proto3 JSON).
            isHighPriority: priority.map {
                doc.stringValue($0).map { $0.uppercased() == "HIGH" } ?? (doc.intValue($0) == 1)
            } ?? false,
            ttl: android.flatMap { doc.member($0, "ttl") },
            collapseKey: android.flatMap { doc.member($0, anyOf: ["collapse_key", "collapseKey"]) },
            notification: androidNotification,
            channelId: androidNotification.flatMap { doc.member($0, anyOf: ["channel_id", "channelId"]) },
            hasVisibleNotification: visible,
            hasNotification: notification != nil || androidNotification != nil,
            data: android.flatMap { doc.memberObject($0, "data") } ?? data,
            anchor: android ?? message)

        // Web push
        var webView: WebPushView?
        if let webpush = doc.memberObject(message, "webpush") {
            let webData = doc.memberObject(webpush, "data") ?? data
            let webNotification = doc.memberObject(webpush, "notification")
            var members: [(key: String, value: WireValue)] = []
            if let n = webNotification ?? notification { members.append(("notification", .node(n))) }
            if let d = webData { members.append(("data", .node(d))) }
            let wire = WireValue.object(members)
            let options = doc.memberObject(webpush, "fcm_options") ?? doc.memberObject(webpush, "fcmOptions")
            webView = WebPushView(
                config: webpush, headers: doc.memberObject(webpush, "headers"), data: webData,
                notification: webNotification, link: options.flatMap { doc.member($0, "link") }, wire: wire)
            sizes.append(
                SizeMeasurement(
                    label: "web push view of this FCM message", bytes: doc.wireSize(wire), limit: webPushSizeLimit,
                    limitReason: "the plaintext that fits a 4096-byte aes128gcm web push record (RFC 8291)",
                    anchor: webpush, wire: wire))
        }
        let root = FCMSchema.root(body: message, node: node)
        var schema = root.schema.walk(doc, at: root.node)
        if !relayKeys.isEmpty {
            schema.unknownMembers.removeAll {
                $0.object.node == message && relayKeys.contains(doc.string($0.member.key))
            }
        }
        return Payload(
            kind: .fcm, node: node, batchIndex: batchIndex, body: message, envelopeHeaders: nil, apns: apnsView,
            android: androidView, webpush: webView, sizes: sizes, schema: schema)
    }

    // MARK: Expo

    static func buildExpo(_ doc: JSONDocument, _ node: NodeID, _ batchIndex: Int?) -> Payload {
        // Expo's limit is on what one device receives: MessageTooBig is a push receipt error, one per recipient,
        // "the total payload must be at most 4096 bytes" (EXPO-D "Individual errors"; platform-rules.md §4). The
        // recipient list `to` reaches no device, so a message to 100 tokens is as large as one to a single token.
        let sent = doc.members(node, excluding: ExpoSchema.unsentKeys)
        var sizes = [
            SizeMeasurement(
                label: "Expo message (without its recipients in 'to')", bytes: doc.wireSize(ofMembers: sent),
                limit: expoSizeLimit, limitReason: "Expo's limit on what one device receives (MessageTooBig)",
                anchor: node, wire: .members(sent))
        ]
        func field(_ name: String) -> NodeID? { doc.member(node, name) }
        func mappedField(_ name: String, wire: WireValue? = nil) -> ViewField? {
            field(name).map { ViewField(key: doc.keyNode(ofValue: $0), value: $0, mapped: wire, isLiteral: false) }
        }
        // Sized for every field they can take: grown one append at a time, they would be copied as they grow.
        var alertFields: [(name: String, field: ViewField)] = []
        alertFields.reserveCapacity(3)
        for name in ["title", "subtitle", "body"] {
            if let f = mappedField(name), doc.kind(f.value) != .null { alertFields.append((name, f)) }
        }
        var fields: [(name: String, field: ViewField)] = []
        fields.reserveCapacity(7)
        if let first = alertFields.first {
            fields.append(
                (
                    "alert",
                    ViewField(
                        key: nil, value: first.field.value,
                        mapped: .object(alertFields.map { ($0.name, $0.field.wire) }), isLiteral: false)
                ))
        }
        if let f = mappedField("badge") { fields.append(("badge", f)) }
        if let f = mappedField("sound"), doc.kind(f.value) != .null { fields.append(("sound", f)) }
        if let f = mappedField("categoryId") { fields.append(("category", f)) }
        if let f = mappedField("interruptionLevel") { fields.append(("interruption-level", f)) }
        if let f = field("mutableContent"), doc.boolValue(f) == true {
            fields.append(
                (
                    "mutable-content",
                    ViewField(key: doc.keyNode(ofValue: f), value: f, mapped: .raw("1"), isLiteral: false)
                ))
        }
        if let f = field("_contentAvailable"), doc.boolValue(f) == true {
            fields.append(
                (
                    "content-available",
                    ViewField(key: doc.keyNode(ofValue: f), value: f, mapped: .raw("1"), isLiteral: false)
                ))
        }
        // Expo's service sets the push type from what is visible, and the priority from `priority`.
        let visible = fields.contains { ["alert", "badge", "sound"].contains($0.name) }
        let priorityNode = field("priority")
        let priority = priorityNode.flatMap { doc.stringValue($0) }
        let headers = APNsHeaders(
            origin: .expo, object: nil,
            entries: [
                APNsHeader(name: "apns-push-type", value: visible ? "alert" : "background"),
                APNsHeader(
                    name: "apns-priority", value: priority == "normal" ? "5" : "10",
                    keyNode: priorityNode.flatMap { doc.keyNode(ofValue: $0) },
                    valueNode: priorityNode),
            ])
        var wireMembers: [(key: String, value: WireValue)] = [
            ("aps", .object(fields.map { ($0.name, $0.field.wire) }))
        ]
        if let data = doc.member(node, "data") { wireMembers.append(("body", .node(data))) }
        let wire = WireValue.object(wireMembers)
        let apnsView = APNsView(
            origin: .expo, headers: headers, body: nil, aps: nil, fields: fields, alertFields: alertFields,
            customKeys: [], anchor: node, wire: wire)
        sizes.append(
            SizeMeasurement(
                label: "APNs view of this Expo message", bytes: doc.wireSize(wire), limit: apnsSizeLimit,
                limitReason: "the APNs limit", anchor: node, wire: wire))
        let androidVisible = alertFields.contains { $0.name == "title" || $0.name == "body" }
        let androidView = AndroidView(
            origin: .expo, config: nil, priority: priorityNode, isHighPriority: priority == "high",
            ttl: field("ttl"), collapseKey: field("collapseId"), notification: nil, channelId: field("channelId"),
            hasVisibleNotification: androidVisible, hasNotification: androidVisible,
            data: doc.memberObject(node, "data"), anchor: node)
        let schema = ExpoSchema.message.walk(doc, at: node)
        return Payload(
            kind: .expo, node: node, batchIndex: batchIndex, body: node, envelopeHeaders: nil, apns: apnsView,
            android: androidView, webpush: nil, sizes: sizes, schema: schema)
    }

    // MARK: Legacy FCM

    static func buildLegacy(_ doc: JSONDocument, _ node: NodeID, _ batchIndex: Int?) -> Payload {
        let sent = doc.members(node, excluding: FCMSchema.legacyTargets)
        let toTopic =
            doc.memberString(node, "to").map { $0.hasPrefix("/topics/") } ?? false
            || doc.member(node, "condition") != nil
        let size = SizeMeasurement(
            label: "FCM legacy message", bytes: doc.wireSize(ofMembers: sent),
            limit: toTopic ? fcmTopicSizeLimit : fcmSizeLimit,
            limitReason: toTopic ? "FCM's limit for messages to a topic or condition" : "FCM's limit", anchor: node,
            wire: .members(sent))
        return Payload(
            kind: .fcmLegacy, node: node, batchIndex: batchIndex, body: node, envelopeHeaders: nil, apns: nil,
            android: nil, webpush: nil, sizes: [size])
    }
}
