import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `expo-field-value`: wrong type, enum value or token format in an Expo push message, or a batch too large.
///
/// Severity per finding: an error where Expo documents that it refuses the request or the message (a malformed
/// payload, an address that is no push token, a request over 100 notifications); a warning for numbers outside the
/// range a field means, where Expo documents no refusal. A documentation placeholder in `to` is
/// `payload-target-placeholder`'s (info), whatever level this rule has.
struct ExpoFieldValue: PayloadRule {
    static let description = RuleDescription(
        id: "expo-field-value",
        summary:
            "A field of an Expo push message has the wrong type or value, or a batch is over 100 messages or recipients.",
        family: .expo,
        defaultSeverity: .error,
        rationale: """
            Expo's push API takes each field with one type (https://docs.expo.dev/push-notifications/sending-notifications/ "Message request format", https://github.com/expo/expo-server-sdk-node/blob/main/src/ExpoClient.ts \
            `ExpoPushMessage`): `to` a push token or an array of them; `title`, \
            `subtitle`, `body`, `channelId`, `categoryId`, `icon` strings; `ttl`, `expiration` and `badge` \
            numbers (not strings); `priority` one of `default`, `normal`, `high`; `interruptionLevel` one of \
            `active`, `critical`, `passive`, `time-sensitive`; `sound` a string, the SDK's \
            `{critical, name, volume}` object or null; `mutableContent` and `_contentAvailable` booleans; \
            `richContent` `{image}`. A value of another type or outside an enumeration is a malformed payload, \
            and Expo answers the whole request with HTTP 400 and an `errors` entry that names the field \
            (https://docs.expo.dev/push-notifications/sending-notifications/ "Retry on failure": a malformed payload gets "an HTTP 400 response explaining the issue"; \
            expo-server-sdk-python `PushServerError` shows one: `child "to" fails because ["to" must be a \
            string]`): an error.

            A push token is what `getExpoPushTokenAsync` returns, `ExponentPushToken[...]` or \
            `ExpoPushToken[...]` (or the bare UUID form that `Expo.isExpoPushToken` also accepts, https://github.com/expo/expo-server-sdk-node/blob/main/src/ExpoClient.ts). To \
            anything else, such as a raw FCM or APNs device token, Expo answers with an error ticket, "... is \
            not a registered push notification recipient" (DeviceNotRegistered; https://docs.expo.dev/push-notifications/sending-notifications/ "Push tickets", \
            expo-server-sdk-python `PushTicket`), and delivers nothing: an error. A documentation placeholder \
            (`ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]` as in Expo's own examples, `YOUR_EXPO_PUSH_TOKEN`, \
            `<token>`) is no mistake of this rule: `payload-target-placeholder` names it (info), so that a level \
            set for this rule never makes a placeholder an error.

            Numbers outside what their field means are warnings that state the risk, since Expo types them as \
            plain numbers and documents no refusal (https://docs.expo.dev/push-notifications/sending-notifications/, https://github.com/expo/expo-server-sdk-node/blob/main/src/ExpoClient.ts): a negative `ttl` (seconds to keep the \
            message for redelivery) or `badge` (0 clears the badge); an `expiration` before 1970 or in \
            milliseconds (it is Unix seconds); a `sound.volume` outside 0 to 1, the range Apple gives a critical \
            sound's volume.

            One request carries at most 100 messages and 100 recipients in all, counting each entry of an \
            array `to`; beyond that Expo rejects the whole request with PUSH_TOO_MANY_NOTIFICATIONS (https://docs.expo.dev/push-notifications/sending-notifications/ \
            "Request errors", https://github.com/expo/expo-server-sdk-node/blob/main/src/ExpoClient.ts `chunkPushNotifications`): an error. A file that is a batch (a top-level \
            array) is checked as one request. `data` is free JSON and not checked here.
            """,
        triggering: [
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "priority": ↓"urgent", "badge": ↓"1", "ttl": ↓"3600"}"#
            ),
            RuleExample(
                #"{"to": ↓"bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "title": "Hi", "channelId": "orders"}"#,
                note: "An FCM device token is not an Expo push token."),
            RuleExample(
                #"{"to": ["ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", ↓42], "title": "Hi", "sound": {"name": "chime.wav", "volume": ↓2}, "interruptionLevel": ↓"Time-Sensitive"}"#,
                note: "The volume outside 0 to 1 is a warning."),
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "sound": ↓true, "mutableContent": ↓1}"#
            ),
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "badge": ↓-1, "ttl": ↓-60, "expiration": ↓1767225600000}"#,
                note:
                    "Warnings: Expo documents no refusal of these, but they mean nothing sensible (the expiration is in milliseconds)."
            ),
            RuleExample(
                "["
                    + Array(
                        repeating: #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi"}"#, count: 100
                    ).joined(separator: ", ")
                    + #", ↓{"to": "ExponentPushToken[hT2kQm9ZrX4bV7nLc1sW0e]", "title": "Hi"}]"#,
                note: "A batch of 101 messages."),
            RuleExample(
                #"[{"to": ["#
                    + Array(repeating: #""ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]""#, count: 60).joined(
                        separator: ", ")
                    + #"], "title": "Hi"}, {"to": ["#
                    + Array(repeating: #""ExponentPushToken[hT2kQm9ZrX4bV7nLc1sW0e]""#, count: 40).joined(
                        separator: ", ")
                    + #", ↓"ExponentPushToken[Pq8sLw2YdN5rB3vXk7mT1c]"], "title": "Hi"}]"#,
                note: "Two messages with 101 recipients in all."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"to": ["ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "ExpoPushToken[hT2kQm9ZrX4bV7nLc1sW0e]"], "title": "Hi", "priority": "high", "badge": 1, "ttl": 3600, "sound": null, "interruptionLevel": "time-sensitive", "data": {"count": 3}}"#
            ),
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "sound": {"critical": true, "name": "alarm.wav", "volume": 0.8}, "mutableContent": true, "badge": 0, "expiration": 1767225600}"#
            ),
            RuleExample(
                #"{"to": "{{token}}", "title": "Hi", "badge": {{count}}, "priority": "{{priority}}", "channelId": "orders"}"#,
                fileName: "promo.json.tmpl", note: "Placeholders are unknown until rendering."),
            RuleExample(
                #"{"to": ["ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "YOUR_EXPO_PUSH_TOKEN"], "title": "Hi"}"#,
                note: "Documentation placeholders: payload-target-placeholder's info."),
        ],
        corrections: [
            RuleCorrection(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "priority": "HIGH"}"#,
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "priority": "high"}"#)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .expo else { return [] }
        let doc = context.document
        let node = context.payload.node
        let checker = SchemaValueChecker(context: context, nullMeansUnset: false)
        var result: [Diagnostic] = []
        for known in context.payload.schemaMembers {
            let field = known.field
            let value = known.member.value
            let path = FieldPath.field(parent: known.object.path, name: field.name)
            if known.object.path.isEmpty, field.name == "to" {
                recipients(value, path: path, checker, context, into: &result)
                continue
            }
            // Ranges are checked here, not by the checker: Expo documents no refusal of them (a warning). A value of
            // another type goes to the checker, which reports the type before any range.
            if case .number(let min, let max) = field.type, doc.kind(value) == .number {
                if let risk = rangeRisk(field.name, value, min: min, max: max, doc) {
                    result.append(
                        diagnostic(
                            Self.outOfRange(risk, doc.rawText(value), path), at: value, in: doc, severity: .warning))
                }
                continue
            }
            for problem in checker.check(value, as: field.type, path: path) {
                result.append(report(problem, in: doc))
            }
        }
        for field in ExpoSchema.message.fields where field.isRequired && doc.member(node, field.name) == nil {
            result.append(diagnostic(Self.missing(field), at: node, in: doc))
        }
        result += batchLimits(context)
        return result
    }

    /// `to`: one recipient or an array of them. A documentation placeholder is `payload-target-placeholder`'s;
    /// anything else that is no push token is an error, since Expo delivers nothing to it.
    func recipients(
        _ node: NodeID, path: FieldPath, _ checker: SchemaValueChecker, _ context: PayloadContext,
        into result: inout [Diagnostic]
    ) {
        let doc = context.document
        func recipient(_ value: NodeID, _ path: FieldPath) {
            guard doc.kind(value) == .string, !context.isTemplated(value) else {
                for problem in checker.check(value, as: .string(.expoPushToken), path: path) {
                    result.append(report(problem, in: doc))
                }
                return
            }
            // A placeholder may have a token's shape (`ExponentPushToken[xxx]`): asked first, and left to
            // payload-target-placeholder. Both on the bytes: a `String` is made only for a finding.
            if doc.withStringBytes(value, TargetPlaceholders.isPlaceholder) { return }
            if doc.withStringBytes(value, ExpoSchema.isPushToken) { return }
            result.append(diagnostic(Self.notAToken(doc.string(value), path), at: value, in: doc))
        }
        if doc.kind(node) == .array {
            for (index, element) in doc.elements(node).enumerated() { recipient(element, .element(path, index)) }
        } else if doc.kind(node) == .string || doc.kind(node) == .placeholder {
            recipient(node, path)
        } else {
            for problem in checker.check(node, as: ExpoSchema.message.field(named: "to")?.type ?? .string, path: path) {
                result.append(report(problem, in: doc))
            }
        }
    }

    /// A value's problem as a finding: an enum name in another spelling has a fix.
    func report(_ problem: ValueProblem, in doc: JSONDocument) -> Diagnostic {
        var fix: Fix?
        if case .notInEnumeration(_, _, _, let match?, _) = problem.kind {
            fix = Fix(edits: [TextEdit(replacing: doc.span(problem.node), with: JSONDocument.quoted(match))])
        }
        return diagnostic(Self.wrongValue(problem), at: problem.node, in: doc, fix: fix)
    }

    /// What a number outside the range its field means may lead to. Expo types these fields as plain numbers
    /// (EXPO-D, EXPO-S) and documents no refusal of any value, so each is a risk (a warning), not a rejection.
    enum RangeRisk {
        case expirationBefore1970, expirationInMilliseconds, negativeTTL, negativeBadge, volumeOutside01
        case outside(min: Double?, max: Double?)
    }

    func rangeRisk(_ name: String, _ node: NodeID, min: Double?, max: Double?, _ doc: JSONDocument) -> RangeRisk? {
        guard let value = doc.doubleValue(node) else { return nil }
        switch name {
        case "expiration":
            if value < 0 { return .expirationBefore1970 }
            // 10^11 seconds is the year 5138: a value this large is a time in milliseconds.
            return value >= 100_000_000_000 ? .expirationInMilliseconds : nil
        case "ttl": return value < 0 ? .negativeTTL : nil
        case "badge": return value < 0 ? .negativeBadge : nil
        // Apple gives a critical sound's volume as 0 (silent) to 1 (full volume).
        case "volume": return (0...1).contains(value) ? nil : .volumeOutside01
        default:
            if let min, value < min { return .outside(min: min, max: max) }
            if let max, value > max { return .outside(min: min, max: max) }
            return nil
        }
    }

    /// A batch file is one request: at most 100 messages and 100 recipients in all.
    func batchLimits(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let index = context.payload.batchIndex, doc.kind(doc.root) == .array else {
            return recipientLimit(context, before: 0)
        }
        // Only the first 101 elements matter, and a hostile batch may have millions: do not list them all per message.
        if index > ExpoSchema.maxMessagesPerRequest { return [] }
        let messages = firstElements(of: doc.root, in: doc, upTo: ExpoSchema.maxMessagesPerRequest + 1)
        if messages.count > ExpoSchema.maxMessagesPerRequest {
            guard index == ExpoSchema.maxMessagesPerRequest else { return [] }
            return [diagnostic(Self.tooManyMessages(doc.count(doc.root)), at: context.payload.node, in: doc)]
        }
        let before = messages.prefix(index).reduce(0) { $0 + recipients(of: $1, in: doc).count }
        return recipientLimit(context, before: before)
    }

    func recipientLimit(_ context: PayloadContext, before: Int) -> [Diagnostic] {
        let doc = context.document
        let limit = ExpoSchema.maxRecipientsPerRequest
        let own = recipients(of: context.payload.node, in: doc)
        guard before <= limit, before + own.count > limit else { return [] }
        let crossing = own[limit - before]
        let total = totalRecipients(context)
        return [diagnostic(Self.tooManyRecipients(total), at: crossing, in: doc)]
    }

    func firstElements(of array: NodeID, in doc: JSONDocument, upTo limit: Int) -> [NodeID] {
        var result: [NodeID] = []
        var child = array + 1
        let end = Int(doc.nodes[array].next)
        while child < end, result.count < limit {
            result.append(child)
            child = Int(doc.nodes[child].next)
        }
        return result
    }

    func recipients(of message: NodeID, in doc: JSONDocument) -> [NodeID] {
        guard let to = doc.member(message, "to") else { return [] }
        return doc.kind(to) == .array ? doc.elements(to) : [to]
    }

    func totalRecipients(_ context: PayloadContext) -> Int {
        let doc = context.document
        guard context.payload.batchIndex != nil, doc.kind(doc.root) == .array else {
            return recipients(of: context.payload.node, in: doc).count
        }
        return doc.elements(doc.root).reduce(0) { $0 + recipients(of: $1, in: doc).count }
    }

    // MARK: Messages

    private static let rejection = "Expo answers the whole request with HTTP 400 (a malformed payload)"

    /// The problem and what to write instead, which the help says alone.
    static func wrongValue(_ problem: ValueProblem) -> FindingText {
        let text = words(problem)
        return FindingText(text.message + "; " + (text.help ?? ""), help: text.help)
    }

    /// A value of the wrong type or outside its enumeration: the only problems Expo's table has.
    static func words(_ problem: ValueProblem) -> FindingText {
        ValueWording.enumerationOrType(problem, rejection: rejection)
    }

    static func outOfRange(_ risk: RangeRisk, _ raw: String, _ path: FieldPath) -> FindingText {
        let (message, help) = describe(risk, raw, path)
        return FindingText(message, help: help)
    }

    private static func describe(_ risk: RangeRisk, _ raw: String, _ path: FieldPath) -> (message: String, help: String)
    {
        switch risk {
        case .expirationBefore1970:
            return (
                "expiration is \(raw), a time before 1970: the message has expired before it is sent and may never be delivered (Expo's expiration is Unix seconds)",
                "write a Unix time in seconds, or use ttl"
            )
        case .expirationInMilliseconds:
            // `Int(exactly:)`: a time too large for an Int (1e300) has no seconds to suggest, and must not trap.
            let seconds = Double(raw).flatMap { Int(exactly: ($0 / 1000).rounded(.towardZero)) }
            return (
                "expiration is \(raw), a time in milliseconds: Expo reads Unix seconds, so the message would only expire thousands of years from now",
                seconds.map { "write \($0) (seconds)" } ?? "write a Unix time in seconds"
            )
        case .negativeTTL:
            return (
                "ttl is \(raw), a negative number of seconds: Expo's ttl is how long a message may wait for redelivery and has no documented meaning below 0, so the message may be refused or dropped at once",
                "write 0 or more seconds (0: deliver now or never)"
            )
        case .negativeBadge:
            return (
                "badge is \(raw): a badge count below 0 has no documented meaning (0 clears the badge), so iOS may ignore it or the message may be refused",
                "write 0 or more"
            )
        case .volumeOutside01:
            return (
                "\(path) is \(raw), outside 0 (silent) to 1 (full volume), the range Apple gives a critical sound's volume; Expo documents no refusal, so the sound may play at another volume or not at all",
                "write a number between 0 and 1"
            )
        case .outside(let min, let max):
            let number = ValueProblem.number
            let bounds = [min.map { "at least \(number($0))" }, max.map { "at most \(number($0))" }]
                .compactMap { $0 }
                .joined(separator: " and ")
            return (
                "\(path) is \(raw) but means something only when \(bounds); Expo documents no refusal, so the value may be clamped or ignored",
                "write a number \(bounds)"
            )
        }
    }

    static func notAToken(_ text: String, _ path: FieldPath) -> FindingText {
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return FindingText(
            "\(path) \(MessageText.json(shown)) is not an Expo push token, so Expo answers with an error ticket (not a registered push notification recipient) and delivers nothing",
            help: "write the token getExpoPushTokenAsync returns, ExponentPushToken[...]")
    }

    static func missing(_ field: SchemaField) -> FindingText {
        FindingText(
            "the message has no \(MessageText.single(field.name)), the one field Expo requires (\(field.type.summary)), so Expo answers the request with HTTP 400 (a malformed payload); add \(MessageText.single(field.name))",
            help: "add \(MessageText.json(field.name))")
    }

    static func tooManyMessages(_ count: Int) -> FindingText {
        FindingText(
            "this batch has \(count) messages, and Expo accepts at most \(ExpoSchema.maxMessagesPerRequest) per request and rejects the whole request (PUSH_TOO_MANY_NOTIFICATIONS); split it into requests of \(ExpoSchema.maxMessagesPerRequest)",
            help: "split the batch into requests of at most \(ExpoSchema.maxMessagesPerRequest) messages")
    }

    static func tooManyRecipients(_ count: Int) -> FindingText {
        let limit = ExpoSchema.maxRecipientsPerRequest
        return FindingText(
            "this request has \(count) recipients in all, and Expo accepts at most \(limit) per request and rejects the whole request (PUSH_TOO_MANY_NOTIFICATIONS); split it into requests of \(limit)",
            help: "split the recipients into requests of at most \(limit) (the SDK's chunkPushNotifications does this)")
    }

}
