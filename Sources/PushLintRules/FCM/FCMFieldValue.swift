import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `fcm-field-value`: wrong JSON type, enum value or format for a known field of an FCM v1 message.
struct FCMFieldValue: PayloadRule {
    static let description = RuleDescription(
        id: "fcm-field-value",
        summary: "A field of an FCM v1 message has the wrong JSON type, enum value or format.",
        family: .fcm,
        defaultSeverity: .error,
        rationale: """
            FCM decodes the request with the proto3 JSON mapping (protobuf.dev/programming-guides/json) and \
            answers 400 INVALID_ARGUMENT to a message whose field does not decode or breaks what the field's \
            description requires ("invalid TTL, or other invalid parameters", https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). The types are those of Google's discovery document (`fcm.v1`, revision 20261023; \
            pushlint's table is generated from it); the formats come from the fields' descriptions (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages \
            `projects.messages`):

            - enums by their name (proto3 JSON takes an enum value's name as the proto spells it, or its \
            number): `notification_priority`, `visibility`, `proxy`; `android.priority` `NORMAL` or `HIGH`, \
            and also `normal` or `high`, which its description documents (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `AndroidConfig.priority`; \
            https://firebase.google.com/docs/cloud-messaging/android/message-priority sends `"normal"`, \
            https://github.com/firebase/firebase-admin-python/blob/master/firebase_admin/_messaging_encoder.py \
            encodes `"high"`); `visibility` also in lower case, as firebase-admin for Java has sent it since 2019 \
            (`AndroidNotification` writes the name lower-cased, https://github.com/firebase/firebase-admin-java). \
            A name that is not one of the enum's is an error; a name of the enum in another letter case is a \
            warning, since Google documents the names in upper case and says nothing of others;
            - `ttl` and the other Durations: a string of seconds with up to 9 decimals and an `s`, `"3600s"` \
            (proto3 JSON Duration); `android.ttl` at most 2419200 seconds, "the maximum time to live \
            supported is 4 weeks" (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `AndroidConfig.ttl`);
            - `event_time`: an RFC 3339 timestamp (proto3 JSON Timestamp); `notification_count`: a 32-bit \
            integer; `light_settings` needs `color`, `light_on_duration` and `light_off_duration`, each \
            "Required" in its description (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `LightSettings`);
            - `topic` a name of `[a-zA-Z0-9-_.~%]` without the "/topics/" prefix (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `Message.topic`; \
            https://firebase.google.com/docs/cloud-messaging/send-topic-messages); `condition` topic names in quotes with `in topics`, `&&`, `||`, `!` and parentheses, at most \
            5 topics (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `Message.condition`, https://firebase.google.com/docs/cloud-messaging/send-topic-messages); Google writes the names in single quotes, and double quotes, \
            which firebase-admin for Node sends unchanged, are a warning (no rejection is documented); \
            `webpush.fcm_options.link` an https URL, "HTTPS is required" (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages \
            `WebpushFcmOptions.link`);
            - `webpush.headers` string values (a string map in the discovery document); a `Topic` header of \
            at most 32 URL-safe base64 characters, which a push service must answer with 400 otherwise \
            (RFC 8030 §5.4).

            Two facts span fields, both from the descriptions of Google's discovery document (`fcm.v1`, \
            revision 20261023; https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages):

            - `android` and `androidV2` are mutually exclusive (`Message.androidV2`): the second one is \
            reported. `androidV2` (AndroidConfigV2) itself is a field like any other, with its notification \
            under `remote_notification.notification`.
            - a data-only message (no `notification`, no `alert`, `sound` or `badge` in `apns.payload.aps`) may \
            carry only `apns-priority: 5` in `apns.headers` (`ApnsConfig.headers`); with 10 or 1 FCM answers \
            INVALID_ARGUMENT. A silent push (`content-available: 1`) with the wrong priority is \
            `apns-background-headers`' finding, and Live Activity, VoIP and other push types are left to the \
            APNs rules.

            These findings are warnings, because no source says FCM rejects them; they state the risk:

            - `title_loc_args` / `body_loc_args` of an Android notification without their `title_loc_key` / \
            `body_loc_key`: the args fill in the string resource the key names, so alone they are ignored \
            (https://github.com/firebase/firebase-android-sdk/blob/main/firebase-messaging/src/main/java/com/google/firebase/messaging/CommonNotificationBuilder.java); the admin SDKs refuse to send such a message (https://github.com/firebase/firebase-admin-node/blob/master/src/messaging/messaging-internal.ts, https://github.com/firebase/firebase-admin-python/blob/master/firebase_admin/_messaging_encoder.py, https://github.com/firebase/firebase-admin-go/blob/dev/messaging/messaging_utils.go).
            - a negative Duration (`"-1s"` in `vibrate_timings`, `ttl`, `light_settings`): it decodes \
            (google.protobuf.Duration is signed), but the admin SDKs refuse it and Google documents no meaning \
            for a negative time.
            - `android.notification.color` not "in #rrggbb format" (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `AndroidNotification.color`): the \
            admin SDKs refuse it and the Android client falls back to its default colour (https://github.com/firebase/firebase-android-sdk/blob/main/firebase-messaging/src/main/java/com/google/firebase/messaging/CommonNotificationBuilder.java).
            - an `analytics_label` that is not `^[a-zA-Z0-9-_.~%]{1,50}$`, the format its description gives \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages `FcmOptions.analyticsLabel`): firebase-admin (Python) refuses it (https://github.com/firebase/firebase-admin-python/blob/master/firebase_admin/_messaging_encoder.py).
            - a `Color` component outside [0, 1]: the interval is documented (google.type.Color), what FCM \
            does with other values is not.
            - a web push `TTL` that is not a non-negative integer, or an `Urgency` other than very-low, low, \
            normal, high: RFC 8030 §5.2 and §5.3 define the values but not what a push service does with \
            others (it may reject the request or ignore the header).

            Values of the `data` maps are `fcm-data-string-values`', other values of `apns.headers` \
            `apns-header-format`'s, and `apns.payload` is the APNs rules'; this rule stays silent there. A \
            string with a template placeholder is not checked against a format.
            """,
        triggering: [
            RuleExample(
                ##"{"message": {"token": "t", "android": {"priority": ↓"urgent", "ttl": ↓3600, "notification": {"visibility": ↓"open", "proxy": ↓"allow"}}}}"##,
                note:
                    "Not a priority; a Duration is a string; not a visibility; an enum name in another case is a warning."
            ),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"ttl": ↓"3000000s", "notification": {"color": ↓"orange", "notification_count": ↓"two", "event_time": ↓"29.11.2026 10:00"}}}}"##
            ),
            RuleExample(
                ##"{"message": {"condition": ↓"\"dogs\" in topics || 'cats' in topics", "notification": {"title": "Pets"}}}"##,
                note: "Topic names in double quotes: a warning, Google writes them in single quotes."),
            RuleExample(
                ##"{"message": {"topic": ↓"/topics/news", "fcm_options": {"analytics_label": ↓"weekly digest"}, "data": {"k": "v"}}}"##
            ),
            RuleExample(
                ##"{"message": {"token": "t", "webpush": {"headers": {"TTL": ↓"1 day", "Urgency": ↓"urgent"}, "fcm_options": {"link": ↓"http://shop.example.com/o/1"}}}}"##
            ),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"direct_boot_ok": ↓"true", "notification": {"visibility": ↓"HIDDEN", ↓"light_settings": {"color": {"red": 1}}}}}}"##
            ),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"notification": {"vibrate_timings": [↓500, "0.5s"]}}, "webpush": {"headers": {"TTL": ↓4500}}}}"##
            ),
            RuleExample(
                ##"{"message": {"token": "t", "notification": ↓"Order shipped"}}"##),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"ttl": "60s"}, ↓"androidV2": {"ttl": "60s"}}}"##,
                note: "android and androidV2 are mutually exclusive."),
            RuleExample(
                ##"{"message": {"token": "t", "data": {"cursor": "c_81"}, "apns": {"headers": {"apns-priority": ↓"10"}}}}"##,
                note: "A data-only message may go to APNs only at priority 5."),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"notification": {↓"title_loc_args": ["Lena"], "body_loc_key": "chat_body", "body_loc_args": ["3"], "vibrate_timings": ["0.2s", ↓"-0.5s"]}}}}"##,
                note: "Warnings: loc args without their key are ignored; a negative duration has no documented meaning."
            ),
        ],
        nonTriggering: [
            RuleExample(
                ##"{"message": {"token": "t", "android": {"priority": "HIGH", "ttl": "86400s", "notification": {"color": "#ff5722", "notification_priority": "PRIORITY_HIGH", "visibility": "PUBLIC", "event_time": "2026-11-29T10:00:00Z", "notification_count": 3, "vibrate_timings": ["0.5s", "1s"]}}}}"##
            ),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"priority": "high", "ttl": "0s"}}}"##,
                note: "android.priority also takes the documented \"high\" and \"normal\"."),
            RuleExample(
                ##"{"message": {"token": "t", "androidV2": {"collapse_key": "orders", "ttl": "3600s", "remote_notification": {"mutable_content": true, "notification": {"title": "Order shipped", "channel_id": "orders", "id": 42, "light_settings": {"color": {"red": 1}, "light_on_duration": "0.2s", "light_off_duration": "0.3s"}}}}}}"##,
                note: "androidV2 (AndroidConfigV2) with a remote notification."),
            RuleExample(
                ##"{"message": {"token": "t", "notification": {"title": "Order shipped"}, "data": {"order_id": "48213"}, "apns": {"headers": {"apns-priority": "10"}}}}"##,
                note: "Priority 10 with a notification; a data-only message at priority 5 is fine too."),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"priority": "high", "notification": {"visibility": "public", "notification_priority": "PRIORITY_HIGH"}}}}"##,
                note: "What firebase-admin for Java sends: priority and visibility lower-cased."),
            RuleExample(
                ##"{"message": {"condition": "'dogs' in topics && ('cats' in topics || !('birds' in topics))", "notification": {"title": "Pets"}}}"##
            ),
            RuleExample(
                ##"{"message": {"topic": "weekly-deals", "webpush": {"headers": {"TTL": "4500", "Urgency": "high", "Topic": "deals"}, "fcm_options": {"link": "https://shop.example.com/deals"}}}}"##
            ),
            RuleExample(
                ##"{"message": {"token": "t", "android": {"ttl": "{{ttl}}s", "priority": {{priority}}}, "apns": {"headers": {"apns-priority": 10}}}}"##,
                fileName: "order.json.tmpl",
                note: "Templated values are unknown until rendering; apns.headers values are apns-header-format's."),
        ],
        corrections: [
            RuleCorrection(
                ##"{"message": {"token": "t", "android": {"priority": "High", "ttl": 3600, "notification": {"visibility": "Public"}}}}"##,
                ##"{"message": {"token": "t", "android": {"priority": "HIGH", "ttl": "3600s", "notification": {"visibility": "PUBLIC"}}}}"##
            ),
            RuleCorrection(
                ##"{"message": {"topic": "/topics/news", "android": {"ttl": "86400"}, "data": {"k": "v"}}}"##,
                ##"{"message": {"topic": "news", "android": {"ttl": "86400s"}, "data": {"k": "v"}}}"##),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .fcm else { return [] }
        let doc = context.document
        let checker = SchemaValueChecker(context: context, nullMeansUnset: true)
        var result: [Diagnostic] = []
        var android: SchemaMember?
        var androidV2: SchemaMember?
        // Read once: a static is checked for its initialisation at every use, and this loop runs for every member.
        let message = FCMSchema.message
        let androidPosition = Self.androidPosition
        let androidV2Position = Self.androidV2Position
        for known in context.payload.schemaMembers {
            let path = FieldPath.key(parent: known.object.path, key: known.member.key, in: doc)
            for problem in checker.check(known.member.value, as: known.field.type, path: path) {
                result.append(report(problem, in: doc))
            }
            if known.object.schema === message,
                known.position == androidPosition || known.position == androidV2Position,
                Self.isSet(known.member.value, in: doc)
            {
                if known.position == androidPosition, android == nil { android = known }
                if known.position == androidV2Position, androidV2 == nil { androidV2 = known }
            }
        }
        if let android, let androidV2 {
            let second = android.member.key < androidV2.member.key ? androidV2 : android
            let first = second.member.key == android.member.key ? androidV2 : android
            result.append(
                diagnostic(
                    Self.bothAndroidConfigs(doc.string(second.member.key), doc.string(first.member.key)),
                    at: second.member.key, in: doc))
        }
        if let found = dataOnlyPriority(context) { result.append(found) }
        let notification = FCMSchema.androidNotification
        let notificationV2 = FCMSchema.androidNotificationV2
        for object in context.payload.schemaObjects
        where object.schema === notification || object.schema === notificationV2 {
            result += locArgsWithoutKey(object, context)
        }
        return result
    }

    /// `title_loc_args` / `body_loc_args` format the string resource their `*_loc_key` names; without the key there
    /// is nothing to format. The admin SDKs refuse such a message (ADM-N, ADM-P, ADM-G); Google does not document
    /// that FCM rejects it, so this is a warning: the args are ignored.
    func locArgsWithoutKey(_ object: SchemaObject, _ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        var result: [Diagnostic] = []
        // Asked of every Android notification: the spellings are made once, and a message without args is passed
        // over after two member lookups.
        for pair in Self.locArgPairs {
            guard let argsNode = doc.member(object.node, pair.args) ?? doc.member(object.node, pair.argsCamel),
                doc.kind(argsNode) == .array, doc.count(argsNode) > 0
            else { continue }
            let (args, key) = (pair.args, pair.key)
            let keyNode = doc.member(object.node, pair.key) ?? doc.member(object.node, pair.keyCamel)
            // A key that is set (anything but null or "", proto3's "not set") is the key; its type is checked above.
            if let keyNode, doc.kind(keyNode) != .null, doc.stringValue(keyNode)?.isEmpty != true { continue }
            let written = doc.keyNode(ofValue: argsNode).map { doc.string($0) } ?? args
            result.append(
                diagnostic(
                    Self.locArgs(object.path(of: written), key, written: written),
                    at: doc.keyNode(ofValue: argsNode) ?? argsNode, in: doc, severity: .warning))
        }
        return result
    }

    /// The Android loc args and the key each needs, in both proto3 spellings.
    static let locArgPairs: [(args: String, argsCamel: String, key: String, keyCamel: String)] =
        [("title_loc_args", "title_loc_key"), ("body_loc_args", "body_loc_key")].map {
            ($0.0, SchemaField.lowerCamelCase($0.0), $0.1, SchemaField.lowerCamelCase($0.1))
        }

    // MARK: Across fields

    static let androidPosition = FCMSchema.message.fields.firstIndex { $0.name == "android" }
    static let androidV2Position = FCMSchema.message.fields.firstIndex { $0.name == "android_v2" }

    /// proto3 JSON: null is "not set"; a placeholder may render anything, so it is not judged.
    static func isSet(_ node: NodeID, in doc: JSONDocument) -> Bool {
        doc.kind(node) != .null && doc.kind(node) != .placeholder
    }

    /// A data-only message (no `notification`, nothing visible in `apns.payload.aps`) whose `apns.headers` carry
    /// `apns-priority` 10 or 1: the description of `ApnsConfig.headers` allows only 5 for data messages and FCM
    /// answers INVALID_ARGUMENT. A background push (`content-available`, nothing to show) is
    /// `apns-background-headers`' finding; push types with rules of their own (`liveactivity`, `voip`, ...) and
    /// Live Activity bodies are left to the APNs rules.
    func dataOnlyPriority(_ context: PayloadContext) -> Diagnostic? {
        let doc = context.document
        guard let view = context.payload.apns, let headers = view.headers, headers.origin == .fcm,
            let entry = headers.entry("apns-priority"), let value = entry.value, value == "10" || value == "1",
            let node = entry.valueNode, !context.isTemplated(node),
            context.payload.isFCMDataOnly(view, in: doc), !view.isBackgroundNotification(doc),
            headers.value("apns-push-type") == nil || headers.pushType == .alert || headers.pushType == .background,
            !view.isLiveActivity
        else { return nil }
        return diagnostic(
            Self.dataOnly(value), at: node, in: doc,
            fix: Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted("5"))]))
    }

    // MARK: Values

    /// A value's problem as a finding; its place, severity and fix follow from its kind.
    func report(_ problem: ValueProblem, in doc: JSONDocument) -> Diagnostic {
        // A missing field is reported at the key of the object that lacks it.
        var node = problem.node
        if case .missing = problem.kind { node = doc.keyNode(ofValue: node) ?? node }
        let fix = Self.replacement(for: problem).map {
            Fix(edits: [TextEdit(replacing: doc.span(problem.node), with: JSONDocument.quoted($0))])
        }
        return diagnostic(Self.wrongValue(problem), at: node, in: doc, severity: Self.severity(of: problem), fix: fix)
    }

    /// The string that replaces a value whose intent is clear.
    static func replacement(for problem: ValueProblem) -> String? {
        switch problem.kind {
        case .notInEnumeration(_, _, let otherCase, let sameWord, _):
            return header(problem) == .none ? otherCase ?? sameWord : sameWord
        case .durationWithoutUnit(let text, let seconds, let max), .durationAsNumber(let text, let seconds, let max):
            return isWithin(seconds, max) ? text + "s" : nil
        case .topicWithPrefix(_, let name): return name
        case .doubleQuotedCondition(_, let singleQuoted): return singleQuoted
        case .headerNotString where problem.found.kind == .number || problem.found.kind == .bool:
            return problem.found.raw
        default: return nil
        }
    }

    static func isWithin(_ seconds: Int?, _ max: Int?) -> Bool {
        guard let seconds, let max else { return false }
        return seconds <= max
    }

    /// A warning where Google documents the format but no rejection (the findings the rationale lists as warnings);
    /// otherwise the rule's error.
    static func severity(of problem: ValueProblem) -> Severity? {
        if header(problem) == .mayMisread { return .warning }
        switch problem.kind {
        case .notInEnumeration(_, _, _?, _, _) where header(problem) == .none: return .warning
        case .negativeDuration, .doubleQuotedCondition, .outOfRange: return .warning
        case .notInFormat(_, .color), .notInFormat(_, .analyticsLabel): return .warning
        default: return nil
        }
    }

    /// For the value of a web push header, RFC 8030 decides: a push service answers 400 to a `Topic` it cannot take
    /// (§5.4); for `TTL` (§5.2) and `Urgency` (§5.3) it defines the values, not what a push service does with others.
    enum HeaderRule { case none, rejects, mayMisread }

    static func header(_ problem: ValueProblem) -> HeaderRule {
        guard case .header = problem.path else { return .none }
        if case .headerNotString = problem.kind { return .none }
        if case .string(.webPushTopic) = problem.type { return .rejects }
        return .mayMisread
    }

    // MARK: Messages

    private static let rejection = "FCM rejects the message with INVALID_ARGUMENT"

    private static let rangeRisk =
        "Google documents the interval, not what FCM or the device does with a value outside it"
    private static let caseRisk =
        "Google documents the enum names in upper case and not whether FCM takes another case (it takes lower-case android.priority and visibility, which firebase-admin for Java sends)"

    /// What becomes of a wrong value: FCM's answer, or for a web push header RFC 8030's.
    static func rejection(of problem: ValueProblem) -> String {
        switch header(problem) {
        case .none: return rejection
        case .rejects: return "the push service rejects the request with 400 (RFC 8030 §5.4)"
        case .mayMisread:
            return
                "a push service may reject the request or ignore the header (RFC 8030 defines the values, not what happens to others)"
        }
    }

    /// The problem and what to write instead, which the help says alone.
    static func wrongValue(_ problem: ValueProblem) -> FindingText {
        let text = words(problem)
        return FindingText(text.message + "; " + (text.help ?? ""), help: text.help)
    }

    /// A value of the wrong type, enum value, format or range, or an object without a field it requires.
    static func words(_ problem: ValueProblem) -> FindingText {
        let (path, found, rejection) = (problem.path, problem.found, rejection(of: problem))
        switch problem.kind {
        case .missing(let names, let schema):
            let list = names.joined(separator: ", ")
            return FindingText(
                "\(path) lacks \(list), which \(schema.name) requires; \(rejection)",
                help: "add \(list) or remove \(path)")
        case .enumNumberOutOfRange, .notInEnumeration: return enumeration(problem, rejection)
        case .durationWithoutUnit, .negativeDuration, .notADuration, .durationOverMaximum, .durationAsNumber:
            return duration(problem, rejection)
        case .notInFormat, .topicWithPrefix, .invalidCondition, .doubleQuotedCondition:
            return format(problem, rejection)
        case .notATimestamp(let text):
            return FindingText(
                "\(path) is \(MessageText.json(text)), not an RFC 3339 timestamp; \(rejection)",
                help: "write a UTC timestamp such as \"2026-11-29T10:00:00Z\"")
        case .notInt32:
            return FindingText(
                "\(path) is \(found.described), not a 32-bit integer; \(rejection)", help: "write an integer such as 3")
        case .outOfRange(_, let min, let max):
            let bounds = bounds(min, max)
            return FindingText(
                "\(path) is \(found.raw) but is documented \(bounds); \(rangeRisk)", help: "write a number \(bounds)")
        case .headerNotString:
            let isScalar = found.kind == .number || found.kind == .bool
            return FindingText(
                "\(path) is \(found.described) but header values are strings, so \(rejection)",
                help: isScalar ? "write \(MessageText.json(found.raw))" : "write the header value as a string")
        case .wrongType, .notInteger, .integerInString, .flag, .notLiteral, .withoutNeeded:
            return wrongType(problem, rejection)
        }
    }

    static func wrongType(_ problem: ValueProblem, _ rejection: String) -> FindingText {
        ValueWording.wrongType(problem, rejection: rejection)
    }

    static func bounds(_ min: Double?, _ max: Double?) -> String {
        switch (min.map(ValueProblem.number), max.map(ValueProblem.number)) {
        case (let lo?, let hi?): return "between \(lo) and \(hi)"
        case (let lo?, nil): return "at least \(lo)"
        case (nil, let hi?): return "at most \(hi)"
        case (nil, nil): return "a number"
        }
    }

    static func enumeration(_ problem: ValueProblem, _ rejection: String) -> FindingText {
        // A proto3 enum name in another letter case: FCM's own risk, worded here; the rest as every table's.
        if case .notInEnumeration(let text, _, let match?, _, _) = problem.kind, header(problem) == .none {
            return FindingText(
                "\(problem.path) is \(MessageText.json(text)), the enum name \(MessageText.json(match)) in another letter case: \(caseRisk); write \(MessageText.json(match))",
                help: "write \(MessageText.json(match))")
        }
        return ValueWording.enumerationOrType(problem, rejection: rejection)
    }

    static func duration(_ problem: ValueProblem, _ rejection: String) -> FindingText {
        let path = problem.path
        switch problem.kind {
        case .durationWithoutUnit(let text, _, _):
            return FindingText(
                "\(path) is \(MessageText.json(text)) without the unit: a Duration is a string of seconds ending in 's'; \(rejection)",
                help: "write \"\(text)s\"")
        case .negativeDuration(let text):
            // A negative Duration decodes (google.protobuf.Duration is signed), but no field means a negative time:
            // the admin SDKs refuse it (ADM-N, ADM-P, ADM-G check >= 0), and no Google source says what FCM does.
            return FindingText(
                "\(path) is \(MessageText.json(text)), a negative duration: firebase-admin refuses to send it, and Google documents no meaning for a negative time here",
                help: "write a duration of 0 or more, such as \"0.5s\"")
        case .durationOverMaximum(let text, let max):
            return FindingText(
                "\(path) is \(MessageText.json(text)), over the maximum of \(max) seconds (4 weeks); \(rejection)",
                help: "write at most \"\(max)s\"")
        case .durationAsNumber(let raw, let seconds, let max):
            var message =
                "\(path) is the number \(raw) but a Duration is a string of seconds ending in 's'; \(rejection)"
            if let seconds, let max, seconds > max {
                message += "; \(raw) seconds is also over the \(max)-second maximum (milliseconds? \(seconds / 1000)s)"
            }
            return FindingText(
                message,
                help: isWithin(seconds, max) ? "write \"\(raw)s\"" : "write the seconds as a string such as \"3600s\"")
        case .notADuration(let text):
            return FindingText(
                "\(path) is \(MessageText.json(text)), not a Duration (seconds with up to 9 decimals and an 's', such as \"3600s\" or \"0.5s\"); \(rejection)",
                help: "write the seconds as a string such as \"3600s\"")
        default: return wrongType(problem, rejection)
        }
    }

    static func format(_ problem: ValueProblem, _ rejection: String) -> FindingText {
        let path = problem.path
        switch problem.kind {
        case .topicWithPrefix(let text, let name):
            return FindingText(
                "\(path) is \(MessageText.json(text)) but HTTP v1 takes the topic name without \"/topics/\"; \(rejection)",
                help: "write \(MessageText.json(name))")
        case .invalidCondition(let text, let reason):
            return FindingText(
                "\(path) \(MessageText.json(text)) is not a valid condition: \(reason); \(rejection)",
                help:
                    "write topics in single quotes joined by && and ||, such as \"'dogs' in topics || 'cats' in topics\" (at most 5 topics)"
            )
        case .doubleQuotedCondition(let text, let single):
            // Google writes topic names in single quotes and documents no rejection of double ones; firebase-admin
            // for Node passes the condition to FCM unchanged: a risk, not an error.
            return FindingText(
                "\(path) \(MessageText.json(text)) writes topic names in double quotes: Google documents conditions with single quotes only ('dogs' in topics) and says nothing of double ones; write \(MessageText.json(single))",
                help: "write \(MessageText.json(single))")
        case .notInFormat(let text, let format): return notInFormat(text, format, problem, rejection)
        default: return wrongType(problem, rejection)
        }
    }

    static func notInFormat(_ text: String, _ format: StringFormat, _ problem: ValueProblem, _ rejection: String)
        -> FindingText
    {
        let (path, quoted) = (problem.path, MessageText.json(text))
        switch format {
        case .color:
            // The format is documented (F-REF `AndroidNotification.color`) and the admin SDKs check it, but no Google
            // source says FCM rejects another value; the Android client falls back to its default colour (FAND).
            return FindingText(
                "\(path) is \(quoted), not a colour in the documented form \"#rrggbb\": firebase-admin refuses it, and the Android client shows its default colour instead",
                help: "write six hex digits after '#', such as \"#ff5722\"")
        case .topic:
            return FindingText(
                "\(path) is \(quoted), not a topic name (letters, digits and - _ . ~ %); \(rejection)",
                help: "write a topic name such as \"weekly-deals\"")
        case .analyticsLabel:
            // The label's documented pattern (F-REF `FcmOptions.analyticsLabel`); firebase-admin (Python) checks it,
            // but no Google source says what FCM does with another label.
            return FindingText(
                "\(path) is \(quoted) but an analytics label is documented as 1 to 50 of the characters a-z A-Z 0-9 - _ . ~ %: firebase-admin refuses it, and FCM may reject the message or drop the label from its analytics",
                help: "write a label such as \"order_shipped\"")
        case .httpsURL:
            let isHTTP = ASCIIText.hasPrefixIgnoringCase(text, "http://")
            return FindingText(
                "\(path) is \(quoted) but FCM requires an https URL here; \(rejection)",
                help: isHTTP ? "write \"https://\(text.dropFirst(7))\"" : "write an absolute https:// URL")
        case .nonNegativeInteger:
            return FindingText(
                "\(path) is \(quoted) but must be a non-negative integer number of seconds; \(rejection)",
                help: "write seconds such as \"86400\"")
        case .webPushTopic:
            return FindingText(
                "\(path) is \(quoted) but must be at most 32 characters of A-Z a-z 0-9 - _ (URL-safe base64); \(rejection)",
                help: "write a short id such as \"order-48213\"")
        // Formats of other tables than FCM's.
        case .any, .condition, .expoPushToken, .soundName: return wrongType(problem, rejection)
        }
    }

    static func bothAndroidConfigs(_ second: String, _ first: String) -> FindingText {
        FindingText(
            "\(MessageText.single(second)) beside \(MessageText.single(first)): the two Android configurations are mutually exclusive, so \(Self.rejection); keep one",
            help: "keep one of '\(first)' and '\(second)'")
    }

    /// `written`: the args' key as the file spells it.
    static func locArgs(_ path: String, _ key: String, written: String) -> FindingText {
        FindingText(
            "\(path) without \(key): the args fill in the string resource \(key) names, so without it they are ignored (and firebase-admin refuses to send the message); add \(key)",
            help: "add \(key), or remove \(written)")
    }

    static func dataOnly(_ value: String) -> FindingText {
        FindingText(
            "apns-priority \(value) on a data-only message (no notification, nothing to show in aps): FCM allows only priority 5 for data messages to APNs and \(Self.rejection); write \"5\"",
            help: "write \"5\", or give the message a notification")
    }

}
