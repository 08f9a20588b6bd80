import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-aps-unknown-key`: a key in `aps` or `alert` that Apple does not define.
struct APNsApsUnknownKey: PayloadRule {
    static let description = RuleDescription(
        id: "apns-aps-unknown-key",
        summary:
            "A key in `aps` or a dictionary in it is not one Apple defines, or a key beside `aps` was meant as something else.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            APNs does not reject unknown keys inside `aps`: the device ignores them. A misspelt system key \
            (`content_available`, `contentAvailable`, `mutable_content`, `thread_id`, `events` for `event`) \
            therefore fails silently: the app is not woken, the service extension does not run, the Live \
            Activity does not update (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification; andrei-m-code/net-core-push-notifications#9, \
            phonegap/phonegap-plugin-push#1545). `aps` is reserved for Apple's keys (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification): custom data \
            goes beside `aps` at the top level of the body. The `alert` dictionary has its own keys; in a \
            Live Activity push the alert may also name a `sound`, and its `title` and `body` may be localization \
            dictionaries of `loc-key` and `loc-args` (https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications). A critical alert's `sound` dictionary has \
            `critical`, `name` and `volume` (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification).

            Custom data inside `aps` is one finding however many keys it has. Beside `aps`, keys of the FCM \
            message format (`content_available`, `mutable_content`, `priority`, `time_to_live`, \
            `collapse_key`, `gcm.*`, `google.*`) are custom data to APNs: nothing reads them as the flag or \
            header they were meant to be. In a Simulator file (`.apns`, `xcrun simctl push`), the app is named \
            by the string `Simulator Target Bundle`; a near-miss spelling names no app and is sent as data.

            When the intended key is certain (the same word in another spelling, or `events`), the fix renames \
            the key; a typo gets a did-you-mean without a fix.

            In an FCM message, `apns.payload.aps` may be written in firebase-admin for Node's notation: \
            `contentAvailable`, `mutableContent` and `threadId` in `aps`, `locKey`, `locArgs`, `titleLocKey`, \
            `titleLocArgs`, `subtitleLocKey`, `subtitleLocArgs`, `actionLocKey` and `launchImage` in its alert. \
            That SDK renames them to Apple's spelling before sending (`true` becomes 1; its \
            `messaging-internal.ts`, https://github.com/firebase/firebase-admin-node), so they are no mistake \
            when it sends the file; the HTTP v1 API and the other SDKs pass them to APNs as written. Such a key \
            is info that says so (the fix writes Apple's spelling, right for every sender); beside Apple's own \
            spelling of the same key it is a warning, since that SDK then refuses the message ("Multiple \
            specifications") or, in the alert, replaces one value with the other.
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "New mail", ↓"content_available": 1}}"#),
            RuleExample(
                #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1764400000, ↓"events": "update", "content-state": {}}}}"#
            ),
            RuleExample(
                #"{"aps": {"alert": {"title": "Shipped", ↓"title_loc_key": "SHIPPED"}}}"#, note: "A key of `alert`."),
            RuleExample(
                #"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "alarm.caf", ↓"volum": 0.8}}}"#,
                note: "A key of the critical sound dictionary."),
            RuleExample(
                #"{"aps": {"alert": "Your order shipped", ↓"order_id": "1042", "cursor": "c_81"}}"#,
                note: "Custom data inside `aps`: one finding."),
            RuleExample(
                #"{"aps": {"alert": "New mail"}, ↓"content_available": true}"#, note: "An FCM field beside `aps`."),
            RuleExample(
                #"{↓"Simulator Target Bundel": "com.example.shop", "aps": {"alert": "Hi"}}"#, fileName: "order.apns",
                note: "A Simulator file naming no app."),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": {"title": "Hi", ↓"titleLocKey": "HI"}, ↓"mutableContent": true}}}}}"#,
                note: "FCM message in firebase-admin for Node's notation: info, that SDK writes Apple's spelling."),
            RuleExample(
                #"{"aps": {"alert": "Hi", ↓"mutableContent": 1}}"#,
                note: "In an APNs body nothing renames it: a warning."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "New mail", "content-available": 1}, "order_id": "1042"}"#),
            RuleExample(
                #"{"Simulator Target Bundle": "com.example.shop", "aps": {"alert": "Hi"}}"#, fileName: "order.apns"),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"eta": 5}, "alert": {"title": "Soon", "body": "3 stops", "sound": "chime.caf"}}}"#,
                note: "`sound` inside the alert of a Live Activity push."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "mutableContent": true}"#,
                note: "Expo fields are mapped, not written in `aps`."),
        ],
        corrections: [
            RuleCorrection(
                #"{"aps": {"alert": "New mail", "content_available": 1}}"#,
                #"{"aps": {"alert": "New mail", "content-available": 1}}"#),
            RuleCorrection(
                #"{"aps": {"alert": {"title": "Shipped", "titleLocKey": "SHIPPED"}, "threadId": "o-1"}}"#,
                #"{"aps": {"alert": {"title": "Shipped", "title-loc-key": "SHIPPED"}, "thread-id": "o-1"}}"#),
        ])

    /// Keys of `alert` written in `aps` by mistake.
    static let alertKeysInAps: Set<String> = [
        "title", "subtitle", "body", "title-loc-key", "loc-key", "loc-args", "title-loc-args",
    ]
    /// Header names written in `aps` by mistake.
    static let headerLike = [
        "priority": "apns-priority", "apns-priority": "apns-priority", "push-type": "apns-push-type",
        "pushType": "apns-push-type", "apns-push-type": "apns-push-type", "expiration": "apns-expiration",
        "apns-expiration": "apns-expiration", "collapse-id": "apns-collapse-id", "collapseId": "apns-collapse-id",
        "apns-collapse-id": "apns-collapse-id", "topic": "apns-topic", "apns-topic": "apns-topic",
    ]

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let view = context.payload.apns else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        // Custom data inside `aps` is one mistake however many keys it has: one finding names them all.
        var custom: [APSUnknownKey] = []
        for unknown in view.apsUnknownKeys {
            if view.origin == .fcm, let wire = APNsSchema.adminNodeRenames[unknown.object.path]?[unknown.name] {
                result.append(sdkNotation(unknown, wire: wire, doc))
                continue
            }
            switch unknown.object.path {
            case "":
                if let finding = apsFinding(unknown, doc) { result.append(finding) } else { custom.append(unknown) }
            case "alert":
                result.append(alertFinding(unknown, doc))
            default:
                result.append(dictionaryFinding(unknown, doc))
            }
        }
        if let first = custom.first { result.append(customDataFinding(custom.map(\.name), at: first.member.key, doc)) }
        if view.origin == .apnsFile, let body = view.body { result += bodyFindings(view, body: body, doc) }
        return result
    }

    /// Keys beside `aps` that were meant as something else: FCM fields carried into an APNs body, and in a
    /// simulator file the `Simulator Target Bundle` key, misspelt or not a string.
    func bodyFindings(_ view: APNsView, body: NodeID, _ doc: JSONDocument) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for member in view.customKeys {
            // Most bodies carry custom keys of other lengths and prefixes: they are passed over on their bytes.
            guard doc.withStringBytes(member.key, Self.mayBeMeantAsSomethingElse) else { continue }
            let name = doc.string(member.key)
            if let meant = APNs.fcmKeysInBody.first(where: { $0.key == name }) {
                result.append(fcmKeyFinding(name, meant: meant.meaning, at: member.key, doc))
            } else if name.hasPrefix("gcm.") || name.hasPrefix("google.") {
                result.append(fcmKeyFinding(name, meant: nil, at: member.key, doc))
            } else if name != PayloadBuilder.simulatorKey, Self.mayBeSimulatorKey(name),
                Suggest.sameWordDifferentSpelling(name, in: [PayloadBuilder.simulatorKey]) != nil
                    || Suggest.closest(to: name, in: [PayloadBuilder.simulatorKey]) != nil
            {
                result.append(simulatorKeyMisspelt(name, at: member.key, doc))
            }
        }
        if let bundle = doc.member(body, PayloadBuilder.simulatorKey), doc.kind(bundle) != .string,
            doc.kind(bundle) != .placeholder
        {
            result.append(simulatorBundleNotString(bundle, doc))
        }
        return result
    }

    /// Whether a custom key could be an FCM key or the Simulator key: of one of their lengths, or starting like
    /// `gcm.`/`google.`.
    static func mayBeMeantAsSomethingElse(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        if fcmKeyLengths.contains(key.count) { return true }
        if key.count >= 4, key[0] == UInt8(ascii: "g"), key[1] == UInt8(ascii: "c") || key[1] == UInt8(ascii: "o") {
            return true
        }
        return abs(key.count - PayloadBuilder.simulatorKey.utf8.count) <= 3
    }

    static let fcmKeyLengths = Set(APNs.fcmKeysInBody.map(\.key.utf8.count))

    /// A key close enough in length to be a spelling of `Simulator Target Bundle`: a suggestion allows at most 3
    /// edits, so longer or shorter keys (the custom data of every body) are never compared letter by letter.
    static func mayBeSimulatorKey(_ name: String) -> Bool {
        abs(name.utf8.count - PayloadBuilder.simulatorKey.utf8.count) <= 3
    }

    /// An unknown key of `aps`: another spelling of an Apple key (marked when the view was built), a key of the
    /// alert or a request header in the wrong place, a typo; nil for custom data.
    func apsFinding(_ unknown: APSUnknownKey, _ doc: JSONDocument) -> Diagnostic? {
        let name = unknown.name
        let key = unknown.member.key
        if let target = unknown.intended { return rename(unknown, to: target, in: "aps", doc) }
        if Self.alertKeysInAps.contains(name) { return alertKeyInAps(name, at: key, doc) }
        if name == "mdm" { return mdmInAps(at: key, doc) }
        if let header = Self.headerLike[name] { return headerInAps(name, header: header, at: key, doc) }
        if let guess = Suggest.closest(to: name, in: APNsSchema.apsKeys) { return apsTypo(name, guess, at: key, doc) }
        return nil
    }

    func alertFinding(_ unknown: APSUnknownKey, _ doc: JSONDocument) -> Diagnostic {
        if let target = unknown.intended { return rename(unknown, to: target, in: "alert", doc) }
        if APNsSchema.apsKeys.contains(unknown.name) { return apsKeyInAlert(unknown.name, at: unknown.member.key, doc) }
        let keys = unknown.object.schema.fields.map(\.name)
        return alertTypo(unknown.name, Suggest.closest(to: unknown.name, in: keys), keys, at: unknown.member.key, doc)
    }

    /// An unknown key of a dictionary inside `aps` or its alert (the critical-alert sound, a Live Activity's
    /// localized title).
    func dictionaryFinding(_ unknown: APSUnknownKey, _ doc: JSONDocument) -> Diagnostic {
        if let target = unknown.intended { return rename(unknown, to: target, in: unknown.object.path, doc) }
        let keys = unknown.object.schema.fields.map(\.name)
        return dictionaryTypo(
            unknown.name, in: unknown.object.path, Suggest.closest(to: unknown.name, in: keys), keys,
            at: unknown.member.key, doc)
    }

    /// A misspelt key: renamed by the fix, or removed when the object has the right key too.
    func rename(_ unknown: APSUnknownKey, to target: String, in object: String, _ doc: JSONDocument) -> Diagnostic {
        let key = unknown.member.key
        if doc.member(unknown.object.node, target) != nil {
            return misspeltBeside(unknown.name, target, in: object, at: key, doc)
        }
        let fix = Fix(edits: [TextEdit(replacing: doc.span(key), with: JSONDocument.quoted(target))])
        return misspelt(unknown.name, target, in: object, at: key, fix: fix, doc)
    }

    /// A key of firebase-admin for Node's notation in an FCM message's `apns.payload`: info, or a warning beside
    /// Apple's spelling of the same key.
    func sdkNotation(_ unknown: APSUnknownKey, wire: String, _ doc: JSONDocument) -> Diagnostic {
        let key = unknown.member.key
        let object = unknown.object.path.isEmpty ? "aps" : unknown.object.path
        if doc.member(unknown.object.node, wire) != nil {
            return diagnostic(
                Self.sdkNotationBeside(unknown.name, wire, in: object), at: key, in: doc, severity: .warning)
        }
        let fix = Fix(edits: [TextEdit(replacing: doc.span(key), with: JSONDocument.quoted(wire))])
        return diagnostic(
            Self.sdkNotationNote(unknown.name, wire, in: object), at: key, in: doc, severity: .info, fix: fix)
    }

    func alertKeyInAps(_ name: String, at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.alertKeyInAps(name), at: key, in: doc)
    }

    func mdmInAps(at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.mdmInAps, at: key, in: doc)
    }

    func headerInAps(_ name: String, header: String, at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.headerInAps(name, header: header), at: key, in: doc)
    }

    func apsTypo(_ name: String, _ guess: String, at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.apsTypo(name, guess), at: key, in: doc)
    }

    func apsKeyInAlert(_ name: String, at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.apsKeyInAlert(name), at: key, in: doc)
    }

    func alertTypo(_ name: String, _ guess: String?, _ keys: [String], at key: NodeID, _ doc: JSONDocument)
        -> Diagnostic
    {
        diagnostic(Self.alertTypo(name, guess, keys), at: key, in: doc)
    }

    func dictionaryTypo(
        _ name: String, in object: String, _ guess: String?, _ keys: [String], at key: NodeID, _ doc: JSONDocument
    ) -> Diagnostic {
        diagnostic(Self.dictionaryTypo(name, in: object, guess, keys), at: key, in: doc)
    }

    func misspeltBeside(_ name: String, _ target: String, in object: String, at key: NodeID, _ doc: JSONDocument)
        -> Diagnostic
    {
        diagnostic(Self.misspeltBeside(name, target, in: object), at: key, in: doc)
    }

    func misspelt(_ name: String, _ target: String, in object: String, at key: NodeID, fix: Fix, _ doc: JSONDocument)
        -> Diagnostic
    {
        diagnostic(Self.misspelt(name, target, in: object), at: key, in: doc, fix: fix)
    }

    func customDataFinding(_ names: [String], at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.customData(names), at: key, in: doc)
    }

    func fcmKeyFinding(_ name: String, meant: String?, at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.fcmKey(name, meant: meant), at: key, in: doc)
    }

    func simulatorKeyMisspelt(_ name: String, at key: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(
            Self.simulatorKeyMisspelt(name), at: key, in: doc,
            fix: Fix(edits: [TextEdit(replacing: doc.span(key), with: JSONDocument.quoted(PayloadBuilder.simulatorKey))]
            ))
    }

    func simulatorBundleNotString(_ value: NodeID, _ doc: JSONDocument) -> Diagnostic {
        diagnostic(Self.simulatorBundleNotString(doc.typeNameWithArticle(value)), at: value, in: doc)
    }

    // MARK: Messages

    static func sdkNotationNote(_ name: String, _ wire: String, in object: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) in \(object) is firebase-admin for Node's notation: that SDK sends it as \(MessageText.single(wire)); the HTTP v1 API and the other SDKs send it as written, which is not Apple's key; write \(MessageText.single(wire)) to be right with every sender",
            help: "write \(MessageText.single(wire)), right for every sender")
    }

    static func sdkNotationBeside(_ name: String, _ wire: String, in object: String) -> FindingText {
        let effect =
            object == "aps"
            ? "firebase-admin for Node refuses the message (\"Multiple specifications for \(name) in Aps\")"
            : "firebase-admin for Node replaces \(MessageText.single(wire)) with its value"
        return FindingText(
            "\(MessageText.single(name)) in \(object) is firebase-admin for Node's notation of \(MessageText.single(wire)), which is also present: \(effect); keep one of them",
            help: "remove \(MessageText.single(name))")
    }

    static func alertKeyInAps(_ name: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) is not an aps key: the device ignores it; move it into \"alert\": {\(MessageText.json(name)): ...}",
            help: "move it into aps.alert")
    }

    static let mdmInAps = FindingText(
        "'mdm' inside aps is not read: an MDM push is {\"mdm\": PushMagic} at the top level of the body, without aps; move it there",
        help: "move 'mdm' to the top level")

    static func headerInAps(_ name: String, header: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) inside aps is ignored: it is a request header; send it as the \(header) header",
            help: "move it to the request headers")
    }

    static func apsTypo(_ name: String, _ guess: String) -> FindingText {
        FindingText(
            "unknown aps key \(MessageText.single(name)): the device ignores it; did you mean \(MessageText.single(guess))?",
            help: "rename it to \(MessageText.single(guess)) or move custom data beside aps")
    }

    static func apsKeyInAlert(_ name: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) inside alert is ignored: it is an aps key; move it up into aps",
            help: "move it into aps")
    }

    static func alertTypo(_ name: String, _ guess: String?, _ keys: [String]) -> FindingText {
        FindingText(
            "unknown alert key \(MessageText.single(name)): the device ignores it; "
                + (guess.map { "did you mean \(MessageText.single($0))?" }
                    ?? "alert keys are \(keys.prefix(4).joined(separator: ", ")), ..."),
            help: guess.map { "rename it to \(MessageText.single($0))" } ?? "remove it")
    }

    static func dictionaryTypo(_ name: String, in object: String, _ guess: String?, _ keys: [String]) -> FindingText {
        let list =
            keys.count > 1 ? keys.dropLast().joined(separator: ", ") + " and " + (keys.last ?? "") : keys.joined()
        return FindingText(
            "unknown key \(MessageText.single(name)) in the \(object) dictionary, which Apple does not define; "
                + (guess.map { "did you mean \(MessageText.single($0))?" } ?? "the keys are \(list)"),
            help: guess.map { "rename it to \(MessageText.single($0))" } ?? "remove it")
    }

    static func misspeltBeside(_ name: String, _ target: String, in object: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) in \(object) is a misspelling of \(MessageText.single(target)), which is also present: the device ignores \(MessageText.single(name)); remove it",
            help: "remove \(MessageText.single(name))")
    }

    static func misspelt(_ name: String, _ target: String, in object: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) in \(object) is not Apple's spelling, so the device ignores it; write \(MessageText.single(target))",
            help: "rename it to \(MessageText.single(target))")
    }

    static func customData(_ names: [String]) -> FindingText {
        let listed = names.map { "\(MessageText.single($0))" }.joined(separator: ", ")
        let subject = names.count == 1 ? "custom key \(listed)" : "\(names.count) custom keys (\(listed))"
        return FindingText(
            "\(subject) inside aps: Apple reserves aps for its own keys and the app may never see \(names.count == 1 ? "it" : "them"); move \(names.count == 1 ? "it" : "them") beside aps at the top level of the body",
            help: "move custom data out of aps, next to it")
    }

    static func fcmKey(_ name: String, meant: String?) -> FindingText {
        let advice =
            meant.map { "APNs passes it to the app as custom data and nothing reads it as \($0); use that instead" }
            ?? "it is an FCM key that APNs passes to the app as plain custom data; remove it unless the app reads it"
        return FindingText(
            "\(MessageText.single(name)) at the top of an APNs body is an FCM field: \(advice)",
            help: meant.map { "use \($0)" } ?? "remove \(MessageText.single(name))")
    }

    static func simulatorKeyMisspelt(_ name: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name)) is not the key the Simulator reads: without \(MessageText.json(PayloadBuilder.simulatorKey)) the file names no app, and the key is sent as custom data; write \(MessageText.single(PayloadBuilder.simulatorKey))",
            help: "rename it to \(MessageText.single(PayloadBuilder.simulatorKey))")
    }

    /// `type`: what the value is, with its article ("a number").
    static func simulatorBundleNotString(_ type: String) -> FindingText {
        FindingText(
            "\(MessageText.json(PayloadBuilder.simulatorKey)) is \(type), but the Simulator reads the app's bundle identifier string; write for example \"com.example.shop\"",
            help: "write the bundle identifier as a string")
    }
}
