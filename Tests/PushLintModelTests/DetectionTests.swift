import PushLintJSON
import PushLintModel
import Testing

@Suite struct DetectionTests {
    func kind(_ text: String) -> PayloadKind? {
        guard let doc = JSONParser.parse(text).document else { return nil }
        return PayloadKind.detect(doc, doc.root)
    }

    @Test(arguments: [
        (#"{"message": {"token": "t", "notification": {"title": "Hi"}}}"#, PayloadKind.fcm),
        (#"{"validate_only": true, "message": {"topic": "news", "data": {"a": "b"}}}"#, .fcm),
        (#"{"token": "t", "data": {"a": "b"}}"#, .fcm),
        (#"{"to": "ExponentPushToken[abc]", "body": "Hi"}"#, .expo),
        (#"{"to": ["ExpoPushToken[abc]"], "data": {"a": 1}}"#, .expo),
        (#"{"to": "someone", "channelId": "orders", "title": "Hi"}"#, .expo),
        (#"{"registration_ids": ["a"], "data": {"a": "b"}}"#, .fcmLegacy),
        (#"{"to": "abc", "notification": {"title": "Hi"}}"#, .fcmLegacy),
        (#"{"to": "/topics/news", "time_to_live": 60, "data": {}}"#, .fcmLegacy),
        (#"{"aps": {"alert": "Hi"}}"#, .apns),
        (#"{"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#, .apns),
        (#"{"Simulator Target Bundle": "com.example", "aps": {"alert": "Hi"}}"#, .apns),
    ])
    func detectsByShape(_ text: String, _ expected: PayloadKind) {
        #expect(kind(text) == expected, "\(text)")
    }

    /// Key names alone decide nothing (issue 28): a locale, an icon map, a login response, a form's labels.
    @Test(arguments: [
        #"{"greeting": "Hello", "android": 3, "token": 7, "topic": 9}"#,
        #"{"android": 59393, "token": 59394, "topic": 59395, "home": 59396, "search": 59397}"#,
        #"{"token": "eyJhbGciOi", "data": {"user": {"id": 1}}, "status": "ok"}"#,
        #"{"to": "To", "title": "Title", "body": "Body", "cancel": "Cancel", "send": "Send", "reply": "Reply"}"#,
        #"{"message": {"welcome": "Hi", "bye": "Bye"}}"#,
        #"{"aps": "Apple Push Service", "apple": "Apple", "android": "Android", "about": "About"}"#,
        #"{"headers": {"Content-Type": "application/json"}, "payload": {"user": 1}}"#,
        #"{"registration_ids": "none"}"#,
    ])
    func namesWithoutShapeAreNoPayload(_ text: String) {
        #expect(kind(text) == nil, "\(text)")
    }

    @Test func priorityAloneDecidesNothing() {
        #expect(kind(#"{"to": "abc", "priority": "high"}"#) == nil)
        #expect(kind(#"{"name": "package", "version": "1.0.0"}"#) == nil)
        #expect(kind("[1, 2]") == nil)
    }
}

@Suite struct ViewTests {
    func payload(_ text: String, configHeaders: (glob: String, headers: [(String, String)])? = nil) throws -> (
        JSONDocument, Payload
    ) {
        let doc = try #require(JSONParser.parse(text).document)
        let kind = try #require(PayloadKind.detect(doc, doc.root))
        return (doc, PayloadBuilder.build(doc, node: doc.root, kind: kind, configHeaders: configHeaders))
    }

    /// One walk gives a message's schema objects (each before the objects under it), their known members and their
    /// other members, each in document order; keys that are no field (here `custom`, `extra`, `Ttl`) and free-form
    /// maps (`data`) are not entered.
    @Test func schemaWalkListsObjectsAndKnownMembersInDocumentOrder() throws {
        let (doc, p) = try payload(
            #"{"message": {"token": "t", "android": {"priority": "HIGH", "notification": {"title": "a", "custom": {"x": 1}}, "ttl": "1s", "Ttl": 2}, "data": {"k": "v"}, "extra": 3, "notification": {"body": "b"}}}"#
        )
        #expect(
            p.schemaObjects.map(\.path) == [
                "", "message", "message.android", "message.android.notification", "message.notification",
            ])
        let keys = [
            "message", "token", "android", "priority", "notification", "title", "ttl", "data", "notification", "body",
        ]
        #expect(p.schemaMembers.map { doc.string($0.member.key) } == keys)
        #expect(p.schemaMembers.map(\.field.name) == keys)
        #expect(p.schemaUnknownMembers.map { doc.string($0.member.key) } == ["custom", "Ttl", "extra"])
        #expect(
            p.schemaUnknownMembers.map(\.object.path) == ["message.android.notification", "message.android", "message"])
    }

    /// A header is found in any letter case, the last one written wins, and a name that only starts like it (or
    /// is a different header of the same length) is not it.
    @Test func headerEntriesMatchWholeNamesInAnyCase() {
        let headers = APNsHeaders(
            origin: .envelope, object: nil,
            entries: [
                APNsHeader(name: "apns-priority", value: "10"), APNsHeader(name: "apns-priority-x", value: "1"),
                APNsHeader(name: "APNS-Priority", value: "5"), APNsHeader(name: "apns-priorit", value: "0"),
                APNsHeader(name: "apns-push-typo", value: "voip"),
            ])
        #expect(headers.priority == "5")
        #expect(headers.pushType == nil)
        #expect(headers.entry("apns-priority-x")?.value == "1")
    }

    @Test func envelopeHeadersAndBody() throws {
        let (doc, p) = try payload(
            #"{"headers": {"apns-push-type": "background", "APNS-PRIORITY": "5"}, "payload": {"aps": {"content-available": 1}, "id": "7"}}"#
        )
        let apns = try #require(p.apns)
        #expect(apns.headers?.origin == .envelope)
        #expect(apns.headers?.pushType == .background)
        #expect(apns.headers?.priority == "5")  // header names are case-insensitive
        #expect(apns.field("content-available")?.isLiteral == true)
        #expect(apns.customKeys.map { doc.string($0.key) } == ["id"])
        #expect(p.sizes[0].bytes == #"{"aps":{"content-available":1},"id":"7"}"#.utf8.count)
    }

    @Test func bareBodyHeadersComeFromConfigOrStayUnknown() throws {
        let (_, unknown) = try payload(#"{"aps": {"alert": "Hi"}}"#)
        #expect(unknown.apns?.headers == nil)
        let (_, configured) = try payload(
            #"{"aps": {"alert": "Hi"}}"#, configHeaders: ("push/**", [("apns-push-type", "alert")]))
        #expect(configured.apns?.headers?.origin == .config(glob: "push/**"))
        #expect(configured.apns?.headers?.pushType == .alert)
    }

    @Test func simulatorKeyIsNotPartOfTheWireSize() throws {
        let (_, p) = try payload(#"{"Simulator Target Bundle": "com.example.shop", "aps": {"alert": "Hi"}}"#)
        #expect(p.sizes[0].bytes == #"{"aps":{"alert":"Hi"}}"#.utf8.count)
        #expect(p.apns?.customKeys.isEmpty == true)
        // The other members are measured as written, escapes kept as the wire needs them.
        let (doc, escaped) = try payload(
            #"{"Simulator Target Bundle": "com.example.shop", "aps": {"alert": "Hi"}, "k\u0041": "a\"b"}"#)
        let wire = #"{"aps":{"alert":"Hi"},"kA":"a\"b"}"#
        #expect(escaped.sizes[0].bytes == wire.utf8.count)
        #expect(String(decoding: doc.wireBytes(escaped.sizes[0].wire), as: UTF8.self) == wire)
    }

    @Test func fcmMergesNotificationIntoTheAPNsAlert() throws {
        let (doc, p) = try payload(
            #"{"message": {"token": "t", "notification": {"title": "T", "body": "B"}, "data": {"k": "v"}, "apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {"alert": {"title": "Own"}}}}}}"#
        )
        let apns = try #require(p.apns)
        #expect(apns.origin == .fcm)
        #expect(apns.alertField("title").map { doc.string($0.value) } == "Own")
        #expect(apns.alertField("body").map { doc.string($0.value) } == "B")
        #expect(apns.alertField("body")?.isLiteral == false)
        #expect(p.sizes.map(\.label) == ["FCM message", "APNs view of this FCM message"])
        #expect(p.sizes[1].bytes == #"{"aps":{"alert":{"title":"Own","body":"B"}},"k":"v"}"#.utf8.count)
        // The target does not count.
        #expect(p.sizes[0].bytes == doc.wireSize(doc.member(doc.root, "message")!) - #","token":"t""#.utf8.count)
    }

    @Test func fcmTopicHalvesTheLimit() throws {
        let (_, p) = try payload(#"{"message": {"topic": "news", "data": {"k": "v"}}}"#)
        #expect(p.sizes[0].limit == 2048)
    }

    @Test func expoMapsToAPNs() throws {
        let (_, p) = try payload(
            #"{"to": "ExponentPushToken[x]", "_contentAvailable": true, "priority": "normal", "data": {"id": 1}}"#)
        let apns = try #require(p.apns)
        #expect(apns.origin == .expo)
        #expect(apns.headers?.pushType == .background)
        #expect(apns.headers?.priority == "5")
        #expect(apns.field("content-available")?.isLiteral == false)
        #expect(p.sizes[1].bytes == #"{"aps":{"content-available":1},"body":{"id":1}}"#.utf8.count)
        let (_, visible) = try payload(#"{"to": "ExponentPushToken[x]", "title": "Hi", "priority": "high"}"#)
        #expect(visible.apns?.headers?.pushType == .alert)
        #expect(visible.apns?.headers?.priority == "10")
        #expect(visible.android?.isHighPriority == true)
    }

    @Test func androidViewReplacesDataAndFindsTheChannel() throws {
        let (doc, p) = try payload(
            #"{"message": {"token": "t", "data": {"a": "1"}, "android": {"priority": "HIGH", "data": {"b": "2"}, "notification": {"channelId": "orders", "title": "Hi"}}}}"#
        )
        let android = try #require(p.android)
        #expect(android.isHighPriority)
        #expect(android.hasVisibleNotification)
        #expect(android.channelId.map { doc.string($0) } == "orders")
        #expect(android.data.map { doc.members($0).map { doc.string($0.key) } } == ["b"])
    }
}

/// Detection reads the top-level keys in one pass; this reference asks `member` for each name, as DESIGN.md §3
/// states the rules. Both must agree on every object built from the keys and values that decide a kind.
@Suite struct DetectionDifferentialTests {
    static func reference(_ doc: JSONDocument, _ node: NodeID) -> PayloadKind? {
        guard doc.kind(node) == .object else { return nil }
        func has(_ name: String) -> Bool { doc.member(node, name) != nil }
        func kind(_ name: String) -> JSONKind? { doc.member(node, name).map { doc.kind($0) } }
        func object(_ name: String) -> NodeID? { doc.member(node, name).flatMap { doc.kind($0) == .object ? $0 : nil } }
        let keys = doc.members(node).map { doc.string($0.key) }
        let requestKeys = ["message", "validate_only", "validateOnly", "dry_run", "dryRun"]
        let messageFields = [
            "name", "data", "notification", "android", "webpush", "apns", "fcm_options", "fcmOptions", "token",
            "topic", "condition", "fid", "androidV2", "android_v2",
        ]
        let targets = ["token", "topic", "condition", "fid"]
        var isFCM = false
        if let message = object("message") {
            let inner = doc.members(message).map { doc.string($0.key) }
            isFCM =
                keys.allSatisfy(requestKeys.contains)
                && (inner.isEmpty || inner.contains(where: messageFields.contains))
        } else if keys.filter(messageFields.contains).count * 2 > keys.count {
            if targets.contains(where: has) && !has("to") && !has("registration_ids") {
                let objects = ["notification", "android", "apns", "webpush", "androidV2", "android_v2"]
                isFCM = objects.contains { kind($0) == .object }
                if !isFCM, let data = object("data"), targets.contains(where: { kind($0) == .string }) {
                    let values = doc.members(data)
                    isFCM = values.isEmpty || values.contains { doc.kind($0.value) == .string }
                }
            }
            // A bare message without its target: only Message fields, one of them only FCM v1 has, as an object.
            let fcmOnly = ["android", "apns", "webpush", "fcm_options", "fcmOptions", "androidV2", "android_v2"]
            isFCM = isFCM || (keys.allSatisfy(messageFields.contains) && fcmOnly.contains { kind($0) == .object })
        }
        if isFCM { return .fcm }
        if let to = doc.member(node, "to") {
            var expo: Bool?
            switch doc.kind(to) {
            case .string: if PayloadKind.isExpoToken(doc.string(to)) { expo = true }
            case .array:
                if doc.elements(to).contains(where: {
                    doc.kind($0) == .string && PayloadKind.isExpoToken(doc.string($0))
                }) {
                    expo = true
                }
            default: break
            }
            if expo == nil, object("notification") == nil, PayloadKind.expoOnlyFields.contains(where: has) {
                let expoFields = ExpoSchema.message.fields.map(\.name)
                expo =
                    keys.filter(expoFields.contains).count * 2 > keys.count
                    && ["title", "body", "subtitle"].allSatisfy { kind($0) == nil || kind($0) == .string }
            }
            if expo == true { return .expo }
        }
        if has("registration_ids") {
            if kind("registration_ids") == .array { return .fcmLegacy }
        } else if let target = doc.member(node, "to") ?? doc.member(node, "condition"), doc.kind(target) == .string {
            if object("notification") != nil { return .fcmLegacy }
            let legacyFields = PayloadKind.legacyOnlyFields + ["to", "registration_ids"]
            let explained = keys.filter { messageFields.contains($0) || legacyFields.contains($0) }.count
            if PayloadKind.legacyOnlyFields.contains(where: has), explained * 2 > keys.count { return .fcmLegacy }
        }
        if has("aps") { return kind("aps") == .object || keys.count <= 3 ? .apns : nil }
        if has("mdm") || has("activeSpeaker") || has("container-identifier") { return keys.count <= 3 ? .apns : nil }
        if let payload = object("payload") {
            if doc.member(payload, "aps") != nil { return .apns }
            if let headers = object("headers"),
                doc.members(headers).contains(where: { doc.string($0.key).lowercased().hasPrefix("apns-") })
            {
                return .apns
            }
        }
        return nil
    }

    @Test func oneKeyPassAgreesWithAskingEachName() throws {
        let members = [
            #""message": {"token": "t"}"#, #""message": "x""#, #""validate_only": true"#, #""dry_run": true"#,
            #""token": "t""#,
            #""topic": "news""#, #""notification": {"title": "T"}"#, #""notification": 1"#, #""data": {"k": "v"}"#,
            #""to": "ExponentPushToken[abc]""#, #""to": "/topics/x""#, #""to": ["ExpoPushToken[a]", 1]"#,
            #""registration_ids": ["r"]"#,
            #""title": "Hi""#, #""time_to_live": 60"#, #""aps": {}"#, #""payload": {"aps": {}}"#,
            #""payload": {"x": 1}"#,
            #""headers": {"apns-priority": "5"}"#, #""\u0061ps": {"alert": "escaped key"}"#,
            #""condition": "'a' in topics""#,
            #""android": {}"#, #""other": 1"#, #""fid": "f""#, #""collapse_key": "c""#, #""webpush": {}"#,
            #""fcmOptions": {"analytics_label": "l"}"#, #""name": "projects/p/messages/1""#, #""mdm": "magic""#,
            #""activeSpeaker": "Anna""#, #""android": 3"#, #""token": 7"#, #""greeting": "Hello""#,
            #""data": {"user": {"id": 1}}"#, #""headers": {"Content-Type": "json"}"#, #""aps": "label""#,
            #""body": "Hi""#, #""registration_ids": "r""#,
        ]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for _ in 0..<3000 {
            let count = Int.random(in: 0...4, using: &generator)
            let chosen = (0..<count).map { _ in members[Int.random(in: 0..<members.count, using: &generator)] }
            let text = "{" + chosen.joined(separator: ", ") + "}"
            let doc = try #require(JSONParser.parse(text).document, "\(text)")
            let expected = Self.reference(doc, doc.root)
            #expect(PayloadKind.detect(doc, doc.root) == expected, "\(text)")
            if expected != nil { checked += 1 }
        }
        #expect(checked > 500, "enough objects are some kind")
    }
}
