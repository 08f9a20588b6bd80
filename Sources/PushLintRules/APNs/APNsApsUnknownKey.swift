import PushLintJSON
import PushLintModel

/// `apns-aps-unknown-key`: a key in `aps` or `alert` that Apple does not define.
struct APNsApsUnknownKey: PayloadRule, DescribedByType {
    static let description = RuleDescription(
        id: "apns-aps-unknown-key",
        summary: "A key in `aps` or in its `alert` dictionary is not one Apple defines.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            APNs does not reject unknown keys inside `aps`: the device ignores them. A misspelt system key \
            (`content_available`, `contentAvailable`, `mutable_content`, `thread_id`, `events` for `event`) \
            therefore fails silently: the app is not woken, the service extension does not run, the Live \
            Activity does not update (platform-rules.md §1.3; andrei-m-code/net-core-push-notifications#9, \
            phonegap/phonegap-plugin-push#1545). `aps` is reserved for Apple's keys (A-GEN, §1.4): custom data \
            goes beside `aps` at the top level of the body. The `alert` dictionary has its own keys (§1.5); in a \
            Live Activity push the alert may also name a `sound` (A-LA).

            When the intended key is certain (the same word in another spelling, or `events`), the fix renames \
            the key; a typo gets a did-you-mean without a fix.
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "New mail", ↓"content_available": 1}}"#),
            RuleExample(
                #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1764400000, ↓"events": "update", "content-state": {}}}}"#),
            RuleExample(#"{"aps": {"alert": {"title": "Shipped", ↓"title_loc_key": "SHIPPED"}}}"#, note: "A key of `alert`."),
            RuleExample(#"{"aps": {"alert": "Your order shipped", ↓"order_id": "1042"}}"#, note: "Custom data inside `aps`."),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Hi", ↓"mutableContent": 1}}}}}"#,
                note: "FCM message."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "New mail", "content-available": 1}, "order_id": "1042"}"#),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"eta": 5}, "alert": {"title": "Soon", "body": "3 stops", "sound": "chime.caf"}}}"#,
                note: "`sound` inside the alert of a Live Activity push."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "mutableContent": true}"#,
                note: "Expo fields are mapped, not written in `aps`."),
        ],
        corrections: [
            RuleCorrection(#"{"aps": {"alert": "New mail", "content_available": 1}}"#, #"{"aps": {"alert": "New mail", "content-available": 1}}"#),
            RuleCorrection(
                #"{"aps": {"alert": {"title": "Shipped", "titleLocKey": "SHIPPED"}, "threadId": "o-1"}}"#,
                #"{"aps": {"alert": {"title": "Shipped", "title-loc-key": "SHIPPED"}, "thread-id": "o-1"}}"#),
        ])

    /// Renames that are certain although the words differ.
    static let aliases = ["events": "event", "categoryId": "category", "category_id": "category", "category-id": "category"]
    /// Keys of `alert` written in `aps` by mistake.
    static let alertKeysInAps: Set<String> = ["title", "subtitle", "body", "title-loc-key", "loc-key", "loc-args", "title-loc-args"]
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
        // The names written in each object, needed only to word a finding (most payloads have none): built at
        // the first finding of that object.
        func written(_ fields: [(name: String, field: ViewField)]) -> Set<String> {
            Set(fields.lazy.filter(\.field.isLiteral).map(\.name))
        }
        var apsNames: Set<String>?
        for (name, field) in view.fields where field.isLiteral && !APNs.apsKeys.contains(name) {
            guard let key = field.key else { continue }
            if apsNames == nil { apsNames = written(view.fields) }
            result.append(apsFinding(name, key: key, existing: apsNames ?? [], doc))
        }
        var alertNames: Set<String>?
        for (name, field) in view.alertFields where field.isLiteral && !APNs.alertKeys.contains(name) {
            guard let key = field.key, !(name == "sound" && view.isLiveActivity) else { continue }
            if alertNames == nil { alertNames = written(view.alertFields) }
            result.append(alertFinding(name, key: key, existing: alertNames ?? [], doc))
        }
        return result
    }

    func apsFinding(_ name: String, key: NodeID, existing: Set<String>, _ doc: JSONDocument) -> Diagnostic {
        if let target = Self.aliases[name] ?? Suggest.sameWordDifferentSpelling(name, in: APNs.apsKeys) {
            return rename(name, to: target, key: key, in: "aps", existing: existing, doc)
        }
        if Self.alertKeysInAps.contains(name) {
            return diagnostic(
                "'\(name)' is not an aps key: the device ignores it; move it into \"alert\": {\"\(name)\": ...}",
                at: key, in: doc, help: "move it into aps.alert")
        }
        if let header = Self.headerLike[name] {
            return diagnostic(
                "'\(name)' inside aps is ignored: it is a request header; send it as the \(header) header",
                at: key, in: doc, help: "move it to the request headers")
        }
        if let guess = Suggest.closest(to: name, in: APNs.apsKeys) {
            return diagnostic(
                "unknown aps key '\(name)': the device ignores it; did you mean '\(guess)'?",
                at: key, in: doc, help: "rename it to '\(guess)' or move custom data beside aps")
        }
        return diagnostic(
            "custom key '\(name)' inside aps: Apple reserves aps for its own keys and the app may never see it; move it beside aps at the top level of the body",
            at: key, in: doc, help: "move '\(name)' out of aps, next to it")
    }

    func alertFinding(_ name: String, key: NodeID, existing: Set<String>, _ doc: JSONDocument) -> Diagnostic {
        if let target = Suggest.sameWordDifferentSpelling(name, in: APNs.alertKeys) {
            return rename(name, to: target, key: key, in: "alert", existing: existing, doc)
        }
        if APNs.apsKeys.contains(name) {
            return diagnostic(
                "'\(name)' inside alert is ignored: it is an aps key; move it up into aps",
                at: key, in: doc, help: "move it into aps")
        }
        let guess = Suggest.closest(to: name, in: APNs.alertKeys)
        return diagnostic(
            "unknown alert key '\(name)': the device ignores it; " + (guess.map { "did you mean '\($0)'?" } ?? "alert keys are \(APNs.alertKeys.prefix(4).joined(separator: ", ")), ..."),
            at: key, in: doc, help: guess.map { "rename it to '\($0)'" } ?? "remove it")
    }

    func rename(_ name: String, to target: String, key: NodeID, in object: String, existing: Set<String>, _ doc: JSONDocument) -> Diagnostic {
        if existing.contains(target) {
            return diagnostic(
                "'\(name)' in \(object) is a misspelling of '\(target)', which is also present: the device ignores '\(name)'; remove it",
                at: key, in: doc, help: "remove '\(name)'")
        }
        let fix = Fix(edits: [TextEdit(replacing: doc.span(key), with: JSONDocument.quoted(target))])
        return diagnostic(
            "'\(name)' in \(object) is not Apple's spelling, so the device ignores it; write '\(target)'",
            at: key, in: doc, help: "rename it to '\(target)'", fix: fix)
    }
}
