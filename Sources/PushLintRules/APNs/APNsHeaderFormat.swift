import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `apns-header-format`: header values and names APNs rejects.
struct APNsHeaderFormat: PayloadRule {
    static let description = RuleDescription(
        id: "apns-header-format",
        summary: "An APNs header has a malformed value, an unknown name, or is given twice.",
        family: .apns,
        defaultSeverity: .error,
        rationale: """
            APNs checks its request headers and answers 400 (https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns, https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns):

            - `apns-collapse-id` at most 64 bytes of UTF-8 (`BadCollapseId`; pushy, a2);
            - `apns-expiration` a UNIX time in seconds, `0` for "try once" (`BadExpirationDate`); a 13-digit \
            value is milliseconds, which APNs reads as a date thousands of years away;
            - `apns-id` a UUID in canonical 8-4-4-4-12 form (`BadMessageId`);
            - header values are strings: FCM's `apns.headers` is `map<string, string>` (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages; the admin SDKs \
            refuse anything else: https://github.com/firebase/firebase-admin-node/blob/master/src/messaging/messaging-internal.ts), and HTTP headers are text;
            - a header sent twice, in any letter case (header names are case-insensitive), is \
            `DuplicateHeaders`;
            - an `apns-*` name APNs does not define does not do what it was meant to, so a misspelt \
            `apns-priorty` leaves the priority at its default. Apple does not document what APNs does with an \
            unknown header, so this one is a warning.
            - `apns-unique-id` is a header of APNs' response, not of the request: in the development environment \
            APNs returns it as the id to look the notification up in the delivery log of the Push Notifications \
            Console (https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns). \
            Copied into a request, it has no effect: a warning that says so.

            A non-string header value is reported here only, not by the rules that read that header; the fix \
            quotes a number. Values with placeholders are not checked.
            """,
        triggering: [
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-expiration": ↓"1764486400000"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "Expiration in milliseconds."),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-id": ↓"order-48213"}, "payload": {"aps": {"alert": "Hi"}}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-collapse-id": ↓"order-48213-shipment-update-with-tracking-number-JJD-4KX7-2291-RT-v2"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "A 66-byte collapse id."),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "alert", "apns-priority": ↓10}, "payload": {"aps": {"alert": "Hi"}}}}}"#,
                note: "FCM message: a number in apns.headers."),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", ↓"apns-priorty": "5"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "A misspelt header name."),
            RuleExample(
                #"{"headers": {"apns-priority": "10", "apns-push-type": "alert", ↓"APNS-Priority": "5"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "The same header twice in different letter case."),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", ↓"apns-unique-id": "a6f1c9e2-3b47-4d8a-9c15-7e2f0b4d8a61"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                note: "A response header copied into the request: a warning."),
        ],
        nonTriggering: [
            RuleExample(
                """
                {
                  "headers": {
                    "apns-push-type": "alert", "apns-priority": "10", "apns-topic": "com.example.shop",
                    "apns-id": "4f9c2a1e-7b3d-4c8e-9a61-2d5f0e8b7c34", "apns-expiration": "1764486400",
                    "apns-collapse-id": "order-48213"
                  },
                  "payload": {"aps": {"alert": "Hi"}}
                }
                """),
            RuleExample(
                #"{"headers": {"apns-push-type": "voip", "apns-expiration": "0", "apns-topic": "com.example.shop.voip"}, "payload": {"aps": {}}}"#
            ),
            RuleExample(
                #"{"headers": {"apns-push-type": "alert", "apns-collapse-id": "order-{{order_id}}"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                fileName: "shipped.json.tmpl"),
        ],
        corrections: [
            RuleCorrection(
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "alert", "apns-priority": 10}, "payload": {"aps": {"alert": "Hi"}}}}}"#,
                #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "alert", "apns-priority": "10"}, "payload": {"aps": {"alert": "Hi"}}}}}"#
            )
        ])

    /// Canonical 8-4-4-4-12 hexadecimal form (either letter case).
    static func isUUID(_ value: String) -> Bool {
        let groups = value.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let view = context.payload.apns, let headers = view.headers, headers.origin != .expo else { return [] }
        let doc = context.document
        let origin = APNs.origin(headers)
        var result: [Diagnostic] = []
        // A handful of headers per request: a list searched in order costs less than a dictionary built for every
        // payload (BENCHMARKS.md, "Performance notes").
        var seen: [(name: String, entry: APNsHeader)] = []
        seen.reserveCapacity(headers.entries.count)
        for entry in headers.entries {
            let name = entry.name.lowercased()
            let keyAt = entry.keyNode ?? view.anchor
            if let first = seen.first(where: { $0.name == name })?.entry {
                // The same spelling twice is json-duplicate-key's finding.
                if first.name != entry.name {
                    result.append(
                        diagnostic(
                            Self.sameHeaderAgain(entry.name, first: first.name, origin: origin), at: keyAt, in: doc))
                }
                continue
            }
            seen.append((name, entry))
            if name == "apns-unique-id" {
                result.append(
                    diagnostic(Self.responseHeader(entry.name, origin: origin), at: keyAt, in: doc, severity: .warning))
                continue
            }
            if !APNs.headerNames.contains(name) {
                let known = APNs.headerNames
                let suggestion = APNs.misspelledHeader(name)
                if name.hasPrefix("apns") || suggestion != nil {
                    result.append(
                        diagnostic(
                            Self.unknownHeader(entry.name, origin: origin, suggesting: suggestion, known: known),
                            at: keyAt, in: doc, severity: .warning))
                    continue
                }
            }
            if let node = entry.valueNode, doc.kind(node) != .string {
                if doc.kind(node) == .placeholder { continue }
                let text = doc.kind(node) == .number ? doc.rawText(node) : nil
                result.append(
                    diagnostic(
                        Self.notAString(
                            entry.name, doc.typeNameWithArticle(node), viaFCM: headers.origin == .fcm, number: text),
                        at: node, in: doc,
                        fix: text.map {
                            Fix(edits: [TextEdit(replacing: doc.span(node), with: JSONDocument.quoted($0))])
                        }))
                continue
            }
            guard let value = entry.value else { continue }
            if let node = entry.valueNode, context.isTemplated(node) { continue }
            let at = entry.valueNode ?? view.anchor
            switch name {
            case "apns-collapse-id":
                let bytes = value.utf8.count
                if bytes > 64 {
                    result.append(
                        diagnostic(Self.collapseIdTooLong(bytes, origin: origin), at: at, in: doc))
                }
            case "apns-expiration":
                if let text = Self.expirationProblem(value, origin) {
                    result.append(diagnostic(text, at: at, in: doc))
                }
            case "apns-id":
                if !Self.isUUID(value) {
                    result.append(
                        diagnostic(Self.idNotAUUID(value, origin: origin), at: at, in: doc))
                }
            default:
                break
            }
        }
        return result
    }

    static func expirationProblem(_ value: String, _ origin: String) -> FindingText? {
        let digits = value.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard digits, !value.isEmpty else {
            return expirationNotSeconds(value, origin: origin)
        }
        if value.count >= 12 {
            return expirationInMilliseconds(value, seconds: String(value.dropLast(3)), origin: origin)
        }
        return nil
    }

    // MARK: Messages

    static func sameHeaderAgain(_ name: String, first: String, origin: String) -> FindingText {
        FindingText(
            "header \(MessageText.single(name)) is \(MessageText.single(first)) again (header names ignore letter case)\(origin): APNs rejects the request with 400 DuplicateHeaders; keep one of them",
            help: "remove one of the two")
    }

    static func unknownHeader(_ name: String, origin: String, suggesting suggestion: String?, known: [String])
        -> FindingText
    {
        let instead =
            suggestion.map { "did you mean \(MessageText.single($0))?" }
            ?? "known headers: \(known.joined(separator: ", "))"
        return FindingText(
            "unknown APNs header \(MessageText.single(name))\(origin): APNs defines no such header, so its value does not take effect; \(instead)",
            help: suggestion.map { "rename it to \(MessageText.single($0))" } ?? "remove it")
    }

    static func responseHeader(_ name: String, origin: String) -> FindingText {
        FindingText(
            "\(MessageText.single(name))\(origin) is a header of APNs' response (the development environment's id for the delivery log), not of a request: sent, it has no effect; remove it",
            help: "remove it; read it from APNs' response instead")
    }

    /// `number`: the value's text when it is a number, which the fix quotes.
    static func notAString(_ name: String, _ type: String, viaFCM: Bool, number: String?) -> FindingText {
        let effect =
            viaFCM
            ? "FCM and the admin SDKs reject apns.headers values that are not strings"
            : "HTTP/2 header values are text and senders differ in how they write anything else"
        return FindingText(
            "\(name) is \(type), but header values are strings: \(effect); write \(number.map { "\(MessageText.json($0))" } ?? "a string")",
            help: number.map { "write \(MessageText.json($0))" } ?? "write the value as a string")
    }

    static func collapseIdTooLong(_ bytes: Int, origin: String) -> FindingText {
        FindingText(
            "apns-collapse-id is \(bytes) bytes of UTF-8, over the 64-byte limit\(origin): APNs rejects the request with 400 BadCollapseId; use a shorter id (at most 64 bytes)",
            help: "shorten it to at most 64 bytes")
    }

    static func idNotAUUID(_ value: String, origin: String) -> FindingText {
        FindingText(
            "apns-id \(MessageText.single(value)) is not a UUID\(origin): APNs rejects the request with 400 BadMessageId; write a UUID such as \"4f9c2a1e-7b3d-4c8e-9a61-2d5f0e8b7c34\" or leave the header out (APNs creates one)",
            help: "write a canonical UUID or remove the header")
    }

    static let expirationHelp = "write the UNIX time in seconds, or \"0\""

    static func expirationNotSeconds(_ value: String, origin: String) -> FindingText {
        FindingText(
            "apns-expiration \(MessageText.single(value)) is not a UNIX time in seconds\(origin): APNs rejects the request with 400 BadExpirationDate; write the epoch seconds (\"1764486400\") or \"0\" to try once",
            help: expirationHelp)
    }

    static func expirationInMilliseconds(_ value: String, seconds: String, origin: String) -> FindingText {
        FindingText(
            "apns-expiration \(value) is in milliseconds\(origin): APNs reads seconds, a date thousands of years away; write \(MessageText.json(seconds))",
            help: expirationHelp)
    }

}
