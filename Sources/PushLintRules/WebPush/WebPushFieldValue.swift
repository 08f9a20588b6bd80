import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `webpush-field-value`: a field of a web push notification with the wrong type or value, or a combination the
/// Notifications API refuses.
struct WebPushFieldValue: PayloadRule {
    static let description = RuleDescription(
        id: "webpush-field-value",
        summary:
            "A field of a web push notification has the wrong type or value, or a combination showNotification refuses.",
        family: .webpush,
        defaultSeverity: .error,
        rationale: """
            The notification of a web push message takes the Notifications API's options \
            (\(WebPush.notificationsSpec) `NotificationOptions`): `dir` one of `auto`, `ltr`, `rtl`; `lang`, \
            `body`, `tag`, `image`, `icon`, `badge`, `navigate` strings; `vibrate` a number or an array of \
            numbers; `timestamp` a number of milliseconds since 1970; `renotify`, `requireInteraction` \
            booleans; `silent` a boolean or null; `actions` an array of `{action, title, navigate, icon}` with \
            `action` and `title` required; `data` anything. Declarative Web Push adds `app_badge` (an integer \
            0 or more, or a string of digits) and `mutable` (a boolean).

            In a declarative message (`web_push` 8030) WebKit checks these types and rejects the whole message \
            when one is wrong (\(WebPush.webKitParser); "dropped on the floor", \(WebPush.webKitExplainer)): \
            an error. In a plain web push message the JSON is the app's own and its service worker passes it on, \
            so a wrong type is a warning that states the risk; so is one in FCM's `webpush.notification`, which \
            FCM hands to the browser as Notifications API options \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#webpushconfig).

            "Create a notification" throws a TypeError, so `showNotification` shows nothing, when `silent` is \
            true together with `vibrate`, or `renotify` is true with an empty or missing `tag` \
            (\(WebPush.notificationsSpec)): an error in a declarative message, a warning otherwise. A \
            `timestamp` below 10^11 is a time in seconds where the API reads milliseconds (a date in 1970): a \
            warning.
            """,
        triggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "dir": ↓"right-to-left", "silent": ↓"yes"}}"#
            ),
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "app_badge": ↓"two"}}"#
            ),
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "renotify": ↓true, "timestamp": ↓1767225600}}"#,
                note: "renotify without a tag; a timestamp in seconds (a warning)."),
            RuleExample(
                #"{"notification": {"title": "Hi", "silent": ↓true, "vibrate": [200, 100, 200], "actions": [↓{"action": "open"}]}}"#,
                config: #"{"kinds": {"*.json": "webpush"}}"#,
                note: "A plain message: warnings."),
            RuleExample(
                #"{"message": {"token": "t", "webpush": {"notification": {"title": "Hi", "dir": ↓"sideways", "requireInteraction": ↓"true"}}}}"#,
                note: "FCM's webpush.notification, passed to the browser as it is: warnings."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/", "dir": "rtl", "lang": "ar", "silent": null, "tag": "inbox", "renotify": true, "timestamp": 1767225600000, "app_badge": 3, "data": [1, "two"], "actions": [{"action": "reply", "title": "Reply", "navigate": "https://example.com/reply"}]}}"#
            ),
            RuleExample(
                #"{"title": "Hi", "silent": true, "data": {"order": 1042}}"#,
                config: #"{"kinds": {"*.json": "webpush"}}"#,
                note: "Top-level keys of a plain message are the app's own."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let fields = WebPush.notificationFields(context) else { return [] }
        let doc = context.document
        let severity = WebPush.severity(context)
        let checker = SchemaValueChecker(context: context, nullMeansUnset: false, enumsTakeNumbers: false)
        var result: [Diagnostic] = []
        func report(_ problems: [ValueProblem]) {
            for problem in problems {
                result.append(
                    diagnostic(
                        Self.wrongValue(problem, rejection: Self.rejection(severity)), at: problem.node, in: doc,
                        severity: severity))
            }
        }
        for known in fields.members {
            let field = known.field
            let value = known.member.value
            // The marker and the presence of title and navigate are webpush-declarative's; data is any JSON.
            if field.name == WebPushSchema.markerKey || field.name == "data" { continue }
            let path = FieldPath.field(parent: known.object.path, name: field.name)
            if case .enumeration = field.type, doc.kind(value) == .number {
                report([checker.check(value, as: field.type, path: path)].flatMap { $0 })
                continue
            }
            if case .message = field.type {
                // A nested object's missing fields are webpush-declarative's; only its type is checked here.
                if doc.kind(value) != .object && doc.kind(value) != .placeholder {
                    report([checker.check(value, as: field.type, path: path)].flatMap { $0 })
                }
                continue
            }
            report(checker.check(value, as: field.type, path: path))
            if field.name == "app_badge", doc.kind(value) == .string, !context.isTemplated(value),
                !doc.withStringBytes(value, { !$0.isEmpty && $0.allSatisfy(ASCIIText.isDigit) })
            {
                result.append(
                    diagnostic(Self.badgeNotDigits(doc.string(value), path), at: value, in: doc, severity: severity))
            }
            if field.name == "timestamp", doc.kind(value) == .number, let time = doc.doubleValue(value),
                time > 0, time < 100_000_000_000
            {
                result.append(
                    diagnostic(
                        Self.timestampInSeconds(doc.rawText(value), path), at: value, in: doc, severity: .warning))
            }
        }
        for object in fields.objects where object.schema !== WebPushSchema.declarative {
            result += typeErrors(object, severity, context)
        }
        return result
    }

    /// "Create a notification" throws for `silent: true` with `vibrate`, and `renotify: true` with an empty tag.
    func typeErrors(_ object: SchemaObject, _ severity: Severity, _ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard object.schema !== WebPushSchema.action else { return [] }
        var result: [Diagnostic] = []
        if let silent = doc.member(object.node, "silent"), doc.boolValue(silent) == true,
            doc.member(object.node, "vibrate") != nil
        {
            result.append(diagnostic(Self.silentWithVibrate, at: silent, in: doc, severity: severity))
        }
        if let renotify = doc.member(object.node, "renotify"), doc.boolValue(renotify) == true {
            let tag = doc.member(object.node, "tag")
            let empty = tag.map { doc.kind($0) == .string && doc.withStringBytes($0, { $0.isEmpty }) } ?? true
            if empty { result.append(diagnostic(Self.renotifyWithoutTag, at: renotify, in: doc, severity: severity)) }
        }
        return result
    }

    // MARK: Messages

    static func rejection(_ severity: Severity) -> String {
        severity == .error
            ? "WebKit rejects the whole declarative message and Safari shows nothing"
            : "a service worker that passes it to showNotification may fail or show something else"
    }

    /// A value of the wrong type or outside its enumeration, and what to write instead.
    static func wrongValue(_ problem: ValueProblem, rejection: String) -> FindingText {
        ValueWording.enumerationOrType(problem, rejection: rejection)
    }

    static func badgeNotDigits(_ text: String, _ path: FieldPath) -> FindingText {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return FindingText(
            "\(path) is \(MessageText.json(shown)), but an app badge is an integer 0 or more or a string of digits, and WebKit rejects the message otherwise; write a number",
            help: "write a count such as 3")
    }

    static func timestampInSeconds(_ raw: String, _ path: FieldPath) -> FindingText {
        FindingText(
            "\(path) is \(raw), a time in seconds, but the Notifications API reads milliseconds since 1970, so the notification shows a date in January 1970; multiply by 1000",
            help: "write the time in milliseconds")
    }

    static let silentWithVibrate = FindingText(
        "silent is true together with vibrate, and showNotification throws a TypeError for that combination, so nothing is shown; remove vibrate or silent",
        help: "remove vibrate, or set silent to false")

    static let renotifyWithoutTag = FindingText(
        "renotify is true without a tag, and showNotification throws a TypeError when renotify is set with an empty tag, so nothing is shown; add a tag",
        help: "add \"tag\", or remove renotify")
}
