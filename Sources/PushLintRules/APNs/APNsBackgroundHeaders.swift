import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-background-headers`: a silent push must go with push type `background` and priority 5.
struct APNsBackgroundHeaders: PayloadRule {
    static let description = RuleDescription(
        id: "apns-background-headers",
        summary: "A background notification must be sent with `apns-push-type: background` and `apns-priority: 5`.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            A background (silent) notification carries `content-available: 1` and no `alert`, `sound` or `badge`. \
            Apple requires it to go with `apns-push-type: background` and `apns-priority: 5`; with priority 10 \
            (which is also what APNs uses when the header is missing) or push type `alert` the device drops or \
            throttles it, although APNs answers 200 (https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app, https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns; the most \
            common silent-push bug, node-apn/node-apn#241, parse-community/parse-server#6106).

            The rule reads the headers of what APNs receives: an envelope's `headers`, the headers configured \
            for a bare body in `.pushlint.json`, `apns.headers` of an FCM message (FCM sends `apns-priority: 10` \
            when it is absent, https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages; with `apns-priority: 10` in `apns.headers` of a message without \
            `notification`, FCM itself answers INVALID_ARGUMENT, since the description of `ApnsConfig.headers` \
            in Google's discovery document allows only 5 for data messages), and the headers Expo's service \
            derives from an Expo message \
            (`_contentAvailable: true` goes out at priority 10 unless `priority` is `normal`, https://docs.expo.dev/push-notifications/sending-notifications/), \
            the SNS message attributes, and `pn_push` of a PubNub message (its `push_type`; pn_push sets no \
            priority and PubNub does not document the one it sends, so a missing priority is not reported there). A bare \
            body with no known headers is not checked. Push types other than `alert` and `background` (`voip`, \
            `liveactivity`, ...) are the author's explicit choice and are left to the other header rules.

            This is the one finding for a silent push with wrong headers: `apns-push-type-mismatch` and \
            `apns-push-type-missing` stay silent on it (and a misspelt header name is `apns-header-format`'s). The fix sets or corrects the headers where the file \
            has a headers object.
            """,
        triggering: [
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": "background", "apns-priority": ↓"10"},
                  "payload": {"aps": {"content-available": 1}, "cursor": "c_81"}
                }
                """, note: "APNs envelope with priority 10."),
            RuleExample(
                """
                {
                  "headers": ↓{"apns-topic": "com.example.shop"},
                  "payload": {"aps": {"content-available": 1}}
                }
                """, note: "No push type and no priority: APNs uses 10."),
            RuleExample(
                """
                {"message": {"token": "t", "apns": {"headers": {"apns-push-type": ↓"alert", "apns-priority": "5"},
                  "payload": {"aps": {"content-available": 1}}}}}
                """, note: "FCM message: push type alert on a silent push."),
            RuleExample(
                """
                {"message": {"token": "t", "data": {"cursor": "c_81"},
                  "apns": {"payload": {"aps": {↓"content-available": 1}}}}}
                """, note: "FCM message without apns.headers: FCM sends priority 10."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "priority": ↓"high", "data": {"cursor": "c_81"}}"#,
                note: "Expo message: `high` goes out at APNs priority 10."),
            RuleExample(
                #"{"aps": {↓"content-available": 1}, "cursor": "c_81"}"#, fileName: "push/silent/sync.json",
                config: #"{"apns": {"headers": {"push/silent/**": {"apns-push-type": "background"}}}}"#,
                note: "Bare body whose configured headers lack the priority."),
        ],
        nonTriggering: [
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": "background", "apns-priority": "5"},
                  "payload": {"aps": {"content-available": 1}, "cursor": "c_81"}
                }
                """),
            RuleExample(
                """
                {"message": {"token": "t", "apns": {"headers": {"apns-push-type": "background", "apns-priority": "5"},
                  "payload": {"aps": {"content-available": 1}}}}}
                """),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "priority": "normal", "data": {"cursor": "c_81"}}"#
            ),
            RuleExample(
                #"{"aps": {"content-available": 1}, "cursor": "c_81"}"#,
                note: "A bare body with no known headers: the rule does not guess."),
            RuleExample(
                """
                {
                  "headers": {"apns-push-type": "alert", "apns-priority": "10"},
                  "payload": {"aps": {"alert": "Inbox updated", "content-available": 1}}
                }
                """, note: "Not a background push: it has an alert."),
        ],
        corrections: [
            RuleCorrection(
                """
                {
                  "headers": {
                    "apns-push-type": "background",
                    "apns-priority": "10"
                  },
                  "payload": {"aps": {"content-available": 1}}
                }
                """,
                """
                {
                  "headers": {
                    "apns-push-type": "background",
                    "apns-priority": "5"
                  },
                  "payload": {"aps": {"content-available": 1}}
                }
                """),
            RuleCorrection(
                """
                {
                  "headers": {
                    "apns-topic": "com.example.shop"
                  },
                  "payload": {"aps": {"content-available": 1}}
                }
                """,
                """
                {
                  "headers": {
                    "apns-topic": "com.example.shop",
                    "apns-push-type": "background",
                    "apns-priority": "5"
                  },
                  "payload": {"aps": {"content-available": 1}}
                }
                """),
            RuleCorrection(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"content-available": 1}}}}}"#,
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let view = context.payload.apns, let headers = view.headers, view.isBackgroundNotification(doc) else {
            return []
        }
        if headers.origin == .expo { return checkExpo(view, headers, context) }

        let typeLookup = headers.lookup("apns-push-type")
        let priorityLookup = headers.lookup("apns-priority")
        var result: [Diagnostic] = []
        var missing: [(String, String)] = []

        if let entry = typeLookup.found {
            // A non-string value is apns-header-format's; another push type is the author's explicit choice.
            let pushType = entry.value.flatMap(APNsPushType.init(rawValue:))
            guard pushType == .alert || pushType == .background else { return [] }
            if pushType == .alert, !isTemplated(entry, context) {
                result.append(wrongHeader(entry, "background", headers, context))
            }
        } else if !(headers.origin == .fcm && headers.object == nil), typeLookup.isAbsent {
            // FCM without `apns.headers` builds the request itself; only its default priority is known.
            missing.append(("apns-push-type", "background"))
        }

        if let entry = priorityLookup.found {
            if let value = entry.value, value == "10" || value == "1", !isTemplated(entry, context) {
                result.append(wrongHeader(entry, "5", headers, context))
            }
        } else if priorityLookup.isAbsent, headers.origin != .pubnub {
            // PubNub's pn_push names no priority: which one PubNub sends is not documented.
            missing.append(("apns-priority", "5"))
        }

        if !missing.isEmpty {
            let text = Self.missingHeaders(missing, headers)
            if let object = headers.object {
                let fix = Fix(edits: [APNs.insertMembers(missing, into: object, in: doc)])
                result.append(diagnostic(text, at: object, in: doc, fix: fix))
            } else {
                let field = view.field("content-available")
                result.append(diagnostic(text, at: field?.key ?? field?.value ?? view.anchor, in: doc))
            }
        }
        return result
    }

    func isTemplated(_ entry: APNsHeader, _ context: PayloadContext) -> Bool {
        entry.valueNode.map { context.isTemplated($0) } ?? false
    }

    func wrongHeader(_ entry: APNsHeader, _ correct: String, _ headers: APNsHeaders, _ context: PayloadContext)
        -> Diagnostic
    {
        let value = entry.value ?? ""
        let isPriority = entry.name.lowercased() == "apns-priority"
        // FCM's ApnsConfig.headers allows only apns-priority 5 on a data-only message (FCM v1 discovery document).
        let fcmRejects =
            isPriority && headers.origin == .fcm
            && context.payload.apns.map { context.payload.isFCMDataOnly($0, in: context.document) } ?? false
        let text = Self.wrongValue(
            entry.name.lowercased(), value, correct, origin: APNs.origin(headers), isPriority: isPriority,
            fcmRejects: fcmRejects)
        guard let node = entry.valueNode else {
            let view = context.payload.apns
            return diagnostic(
                text, at: view?.field("content-available")?.key ?? view?.anchor ?? context.payload.node,
                in: context.document)
        }
        let fix = Fix(edits: [TextEdit(replacing: context.document.span(node), with: JSONDocument.quoted(correct))])
        return diagnostic(text, at: node, in: context.document, fix: fix)
    }

    func checkExpo(_ view: APNsView, _ headers: APNsHeaders, _ context: PayloadContext) -> [Diagnostic] {
        guard let priority = headers.entry("apns-priority"), priority.value != "5" else { return [] }
        let doc = context.document
        if let node = priority.valueNode {
            if context.isTemplated(node) { return [] }
            return [diagnostic(Self.expoPriority(doc.rawText(node)), at: node, in: doc)]
        }
        let field = view.field("content-available")
        return [diagnostic(Self.expoDefaultPriority, at: field?.key ?? view.anchor, in: doc)]
    }

    // MARK: Messages

    /// `missing`: (header, value to add). With no headers object to add them to, the help says how to send them.
    static func missingHeaders(_ missing: [(String, String)], _ headers: APNsHeaders) -> FindingText {
        let add = missing.map { "\(MessageText.json($0.0)): \(MessageText.json($0.1))" }.joined(separator: " and ")
        let names = missing.map(\.0)
        let priorityNote =
            !names.contains("apns-priority")
            ? ""
            : headers.origin == .fcm ? " (FCM sends apns-priority 10)" : " (APNs uses priority 10)"
        return FindingText(
            "background push sent without \(names.joined(separator: " and "))\(priorityNote)\(APNs.origin(headers)): the device drops or throttles it; add \(add) to \(APNs.headersName(headers))",
            help: headers.object != nil
                ? "add \(add)" : "send it with \"apns-push-type\": \"background\" and \"apns-priority\": \"5\"")
    }

    static func wrongValue(
        _ header: String, _ value: String, _ correct: String, origin: String, isPriority: Bool, fcmRejects: Bool
    ) -> FindingText {
        let what =
            fcmRejects
            ? "FCM rejects the message with INVALID_ARGUMENT (a data-only message may carry only apns-priority 5), and APNs would drop it"
            : isPriority
                ? "the device drops it" : "APNs and the device treat it as a visible notification and may drop it"
        return FindingText(
            "\(header) \(value) on a background push (content-available, no alert, sound or badge)\(origin): \(what); send it with \(header) \(correct)",
            help: "write \(MessageText.json(correct))")
    }

    static func expoPriority(_ written: String) -> FindingText {
        FindingText(
            "priority \(written) on a _contentAvailable push with nothing to show: Expo sends it to APNs with apns-priority 10 and the device drops it; write \"priority\": \"normal\" (APNs priority 5)",
            help: "write \"normal\"")
    }

    static let expoDefaultPriority = FindingText(
        "_contentAvailable push with nothing to show and no priority: Expo's default sends it to APNs with apns-priority 10 and the device drops it; add \"priority\": \"normal\" (APNs priority 5)",
        help: "add \"priority\": \"normal\"")

}
