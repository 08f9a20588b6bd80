import PushLintJSON
import PushLintModel

/// `apns-aps-value`: a value in `aps` of the wrong type or out of range.
struct APNsApsValue: PayloadRule {
    static let description = RuleDescription(
        id: "apns-aps-value",
        summary: "A value in `aps` has the wrong type or is out of range.",
        family: .apns,
        defaultSeverity: .warning,
        rationale: """
            Apple defines each `aps` key with one JSON type and range (A-GEN, platform-rules.md §1.4 and §1.5; \
            the admin SDKs check the same, ADM-N `validateAps`). Apple does not document what a device does with \
            a value of another type, so these are warnings that state the risk (the badge, sound or flag may not \
            take effect), not errors:

            - `badge` a non-negative integer (`0` clears the badge); a string `"3"` is not a number.
            - `sound` a file name string, or for critical alerts `{critical, name, volume}` with `critical` 1, \
            a non-empty `name` and `volume` from 0 to 1.
            - `alert` a string or a dictionary of strings; `*-loc-args` arrays of strings, each only with its \
            `*-loc-key` (the admin SDKs refuse it otherwise); `summary-arg-count` a positive integer.
            - `content-available` and `mutable-content` the number 1: `true` and `"1"` are not the documented \
            value (the admin SDKs rewrite `true` to 1 and delete anything else). `0` or `false` means "off" to \
            its writer, but Apple defines no such value: a warning whose fix removes the key, which is how "off" \
            is written. The fix writes `1` for `true`, `"1"` and `1.0`.
            - `interruption-level` one of `passive`, `active`, `time-sensitive`, `critical`.
            - In a Live Activity push, `alert.title` and `alert.body` may also be localization dictionaries \
            (`loc-key` a string, `loc-args` an array of strings), the form of Apple's ActivityKit push-to-start, \
            update and broadcast examples (A-LA).
            - `relevance-score` a number from 0 to 1 (APNSwift); in a Live Activity any number, where it orders \
            the activities.
            - `timestamp`, `stale-date`, `dismissal-date` integer UNIX seconds (units are \
            `apns-live-activity`'s concern); `content-state` and `attributes` objects; `thread-id`, \
            `category`, `target-content-id`, `filter-criteria`, `attributes-type` strings; `content-changed` \
            `true`; `url-args` an array of strings.

            Only values written in `aps` are checked: Expo's fields are checked by the Expo rules before Expo \
            maps them, and a placeholder in value position is of unknown type.
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "New mail", "badge": ↓"3"}}"#),
            RuleExample(#"{"aps": {"content-available": ↓true}, "cursor": "c_81"}"#),
            RuleExample(#"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "alarm.caf", "volume": ↓1.5}}}"#),
            RuleExample(
                #"{"aps": {"alert": {"body": "Hi", ↓"loc-args": ["Anna"]}}}"#, note: "`loc-args` without `loc-key`."),
            RuleExample(#"{"aps": {"alert": "Hi", "interruption-level": ↓"urgent"}}"#),
            RuleExample(#"{"aps": {"alert": "Hi", "relevance-score": ↓5}}"#),
            RuleExample(
                #"{"aps": {"alert": "Hi", "mutable-content": ↓false}}"#,
                note: "A warning: leave the key out for \"off\"."),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {}, "alert": {"title": ↓{"loc-args": ["Anna"]}}}}"#,
                note: "A localization dictionary needs its loc-key."),
            RuleExample(
                #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Hi", "mutable-content": ↓"1"}}}}}"#,
                note: "FCM message."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": {"title-loc-key": "T", "title-loc-args": ["1042"]}, "badge": 0, "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.8}, "interruption-level": "critical", "relevance-score": 0.5}}"#
            ),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"eta": 5}, "relevance-score": 100}}"#,
                note: "Any relevance score in a Live Activity."),
            RuleExample(#"{"aps": {"alert": "Hi {{name}}", "badge": {{count}}}}"#, fileName: "shipped.json.tmpl"),
            RuleExample(
                #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"eta": 5}, "alert": {"title": {"loc-key": "DELIVERY_TITLE", "loc-args": ["Anna"]}, "body": {"loc-key": "DELIVERY_BODY"}}}}"#,
                note: "Live Activity alert with localization dictionaries, as in Apple's ActivityKit examples."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "priority": "normal"}"#
            ),
        ],
        corrections: [
            RuleCorrection(
                #"{"aps": {"content-available": true}, "cursor": "c_81"}"#,
                #"{"aps": {"content-available": 1}, "cursor": "c_81"}"#),
            RuleCorrection(
                #"{"aps": {"alert": "Hi", "mutable-content": "1"}}"#, #"{"aps": {"alert": "Hi", "mutable-content": 1}}"#
            ),
            RuleCorrection(#"{"aps": {"alert": "Hi", "mutable-content": 0}}"#, #"{"aps": {"alert": "Hi"}}"#),
            RuleCorrection(#"{"aps": {"mutable-content": false, "alert": "Hi"}}"#, #"{"aps": {"alert": "Hi"}}"#),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let view = context.payload.apns else { return [] }
        var checker = Checker(rule: self, doc: context.document, context: context)
        for (name, field) in view.fields where field.isLiteral {
            let node = field.value
            guard checker.doc.kind(node) != .placeholder else { continue }
            switch name {
            case "badge": checker.badge(node)
            case "sound": checker.sound(node)
            case "alert": checker.alert(node, isLiveActivity: view.isLiveActivity)
            case "content-available", "mutable-content": checker.flag(name, node)
            case "interruption-level": checker.interruptionLevel(node)
            case "relevance-score": checker.relevanceScore(node, isLiveActivity: view.isLiveActivity)
            case "timestamp", "stale-date", "dismissal-date": checker.seconds(name, node)
            case "content-state", "attributes": checker.type(name, node, .object, "an object")
            case "thread-id", "category", "target-content-id", "filter-criteria", "attributes-type":
                checker.type(name, node, .string, "a string")
            case "content-changed": checker.contentChanged(node)
            case "url-args": checker.strings(name, node)
            default: break
            }
        }
        return checker.result
    }

    struct Checker {
        let rule: APNsApsValue
        let doc: JSONDocument
        let context: PayloadContext
        var result: [Diagnostic] = []

        mutating func report(
            _ message: String, _ node: NodeID, severity: Severity? = nil, help: String, fix: Fix? = nil
        ) {
            result.append(rule.diagnostic(message, at: node, in: doc, severity: severity, help: help, fix: fix))
        }

        /// Removes the member whose value is `node`.
        func removal(of node: NodeID) -> Fix? {
            doc.memberRemovalSpan(ofValue: node).map { Fix(edits: [TextEdit(replacing: $0, with: "")]) }
        }

        /// The value as compact JSON (a multi-line object shows as one line), cut at 40 characters.
        func shown(_ node: NodeID) -> String {
            let text = String(decoding: doc.wireBytes(node), as: UTF8.self)
            return text.count > 40 ? String(text.prefix(37)) + "..." : text
        }

        mutating func type(_ name: String, _ node: NodeID, _ kind: JSONKind, _ expected: String) {
            guard doc.kind(node) != kind else { return }
            report(
                "\(name) is \(doc.typeNameWithArticle(node)) (\(shown(node))), but Apple defines it as \(expected), so the device may not read it; write \(expected)",
                node, help: "write \(expected)")
        }

        mutating func badge(_ node: NodeID) {
            if let value = doc.intValue(node), value >= 0 { return }
            if doc.kind(node) == .string, let n = Int(doc.string(node)), n >= 0 {
                report(
                    "badge is the string \(shown(node)), but Apple expects an integer: the device may ignore it; write \(n)",
                    node, help: "write \(n)")
            } else if let value = doc.doubleValue(node) {
                report(
                    "badge \(shown(node)) is not a non-negative integer, which Apple expects: the badge may not show as intended; write a whole number, 0 to clear the badge",
                    node, help: value < 0 ? "write 0 to clear the badge" : "write a whole number")
            } else {
                report(
                    "badge is \(doc.typeNameWithArticle(node)), but Apple expects a non-negative integer: the device may ignore it; write a number such as 1, or 0 to clear it",
                    node, help: "write an integer")
            }
        }

        mutating func sound(_ node: NodeID) {
            switch doc.kind(node) {
            case .string:
                if doc.string(node).isEmpty {
                    report(
                        "sound is an empty string: iOS plays no sound it can find; write \"default\" or a sound file name, or leave the key out",
                        node, help: "write \"default\"")
                }
            case .object:
                for member in doc.members(node) {
                    let key = doc.string(member.key)
                    let value = member.value
                    guard doc.kind(value) != .placeholder else { continue }
                    switch key {
                    case "critical":
                        if !(doc.kind(value) == .number && (doc.doubleValue(value) == 1 || doc.doubleValue(value) == 0))
                        {
                            report(
                                "sound.critical is \(shown(value)), but Apple expects the number 1 for a critical alert (0 for a normal sound); write 1",
                                value, help: "write 1")
                        }
                    case "name":
                        if doc.kind(value) != .string || doc.string(value).isEmpty {
                            report(
                                "sound.name is \(shown(value)), but Apple expects a sound file name: the device plays the default sound; write \"default\" or a file name",
                                value, help: "write a sound file name")
                        }
                    case "volume":
                        if let v = doc.doubleValue(value) {
                            if !(0...1).contains(v) {
                                report(
                                    "sound.volume \(shown(value)) is outside 0 to 1, the range Apple defines (APNSwift and the admin SDKs refuse it); write a volume from 0.0 to 1.0",
                                    value, help: "write a number from 0 to 1")
                            }
                        } else {
                            report(
                                "sound.volume is \(doc.typeNameWithArticle(value)), but Apple expects a number from 0 to 1; write for example 0.8",
                                value, help: "write a number from 0 to 1")
                        }
                    default:
                        let guess = Suggest.closest(to: key, in: ["critical", "name", "volume"])
                        report(
                            "unknown key '\(key)' in the sound dictionary, which Apple does not define; "
                                + (guess.map { "did you mean '\($0)'?" } ?? "the keys are critical, name and volume"),
                            member.key, help: guess.map { "rename it to '\($0)'" } ?? "remove it")
                    }
                }
                if doc.member(node, "name") == nil {
                    report(
                        "the sound dictionary has no name: the device has no sound to play; add \"name\": \"default\" or a file name",
                        node, help: "add \"name\"")
                }
            default:
                report(
                    "sound is \(doc.typeNameWithArticle(node)), but Apple expects a file name string or a {critical, name, volume} dictionary; write \"default\"",
                    node, help: "write \"default\"")
            }
        }

        mutating func alert(_ node: NodeID, isLiveActivity: Bool) {
            switch doc.kind(node) {
            case .string:
                return
            case .object:
                for member in doc.members(node) {
                    let key = doc.string(member.key)
                    let value = member.value
                    guard doc.kind(value) != .placeholder else { continue }
                    if isLiveActivity, key == "title" || key == "body", doc.kind(value) == .object {
                        localization("alert.\(key)", value)
                    } else if APNs.alertStringKeys.contains(key) || (key == "sound" && isLiveActivity) {
                        if doc.kind(value) != .string {
                            report(
                                "alert.\(key) is \(doc.typeNameWithArticle(value)) (\(shown(value))), but Apple defines alert text as strings, so the device may show nothing for it; write it as a string",
                                value, help: "write a string")
                        }
                    } else if key.hasSuffix("-loc-args") || key == "loc-args" {
                        strings("alert.\(key)", value)
                    } else if key == "summary-arg-count" {
                        if !(doc.intValue(value).map { $0 > 0 } ?? false) {
                            report(
                                "alert.summary-arg-count is \(shown(value)), but Apple expects a positive integer; write for example 1",
                                value, help: "write a positive integer")
                        }
                    }
                }
                for pair in APNs.locArgs {
                    guard let args = doc.member(node, pair.args), doc.member(node, pair.key) == nil,
                        let key = doc.keyNode(ofValue: args)
                    else { continue }
                    report(
                        "alert.\(pair.args) without \(pair.key): the arguments fill the localized string of \(pair.key), so they are unused (the admin SDKs refuse this); add \"\(pair.key)\" or remove \(pair.args)",
                        key, help: "add \"\(pair.key)\"")
                }
            default:
                report(
                    "alert is \(doc.typeNameWithArticle(node)), but Apple defines a string or a dictionary with title, subtitle and body, so the device may show nothing; write \"alert\": {\"title\": ..., \"body\": ...}",
                    node, help: "write a string or an alert dictionary")
            }
        }

        /// A Live Activity's alert title or body as a localization dictionary, the form of Apple's ActivityKit
        /// examples: `loc-key` a string, `loc-args` an array of strings (A-LA, platform-rules.md §1.4).
        mutating func localization(_ name: String, _ node: NodeID) {
            guard let locKey = doc.member(node, "loc-key") else {
                report(
                    "\(name) is a dictionary without loc-key, so ActivityKit has no localized string to show; add \"loc-key\" or write the text as a string",
                    node, help: "add \"loc-key\"")
                return
            }
            if doc.kind(locKey) != .string, doc.kind(locKey) != .placeholder {
                type("\(name).loc-key", locKey, .string, "a string")
            }
            if let args = doc.member(node, "loc-args"), doc.kind(args) != .placeholder {
                strings("\(name).loc-args", args)
            }
        }

        mutating func strings(_ name: String, _ node: NodeID) {
            guard doc.kind(node) == .array else {
                report(
                    "\(name) is \(doc.typeNameWithArticle(node)), but Apple expects an array of strings; write [\(doc.kind(node) == .string ? shown(node) : "\"...\"")]",
                    node, help: "write an array of strings")
                return
            }
            for element in doc.elements(node) where doc.kind(element) != .string && doc.kind(element) != .placeholder {
                let text = doc.kind(element) == .number ? "\"\(doc.rawText(element))\"" : "a string"
                report(
                    "\(name) holds \(doc.typeNameWithArticle(element)) (\(shown(element))), but Apple expects strings only: the localized text is not formatted; write \(text)",
                    element, help: "write \(text)")
            }
        }

        mutating func flag(_ name: String, _ node: NodeID) {
            let kind = doc.kind(node)
            if kind == .number, doc.isInteger(node), doc.rawText(node) == "1" { return }
            let one = TextEdit(replacing: doc.span(node), with: "1")
            let effect =
                name == "content-available"
                ? "the app may not be woken" : "the notification service extension may not run"
            switch kind {
            case .bool where doc.boolValue(node) == true:
                report(
                    "\(name) is true, but Apple's value is the number 1: \(effect) (only server SDKs rewrite it); write 1",
                    node, help: "write 1", fix: Fix(edits: [one]))
            case .string where doc.string(node) == "1":
                report(
                    "\(name) is the string \"1\", but Apple's value is the number 1: \(effect); write 1", node,
                    help: "write 1", fix: Fix(edits: [one]))
            case .number where doc.doubleValue(node) == 1:
                report(
                    "\(name) is \(shown(node)), but Apple's value is the integer 1; write 1", node, help: "write 1",
                    fix: Fix(edits: [one]))
            // `true` was handled above: a boolean here is false.
            case _ where kind == .bool || (kind == .number && doc.doubleValue(node) == 0):
                // Apple documents only 1; the writer meant "off", which is what leaving the key out says. No
                // platform owner documents what a device does with 0 or false, so this is a warning.
                report(
                    "\(name) is \(shown(node)), which Apple does not define; to turn the flag off leave the key out",
                    node, severity: .warning, help: "remove \"\(name)\"", fix: removal(of: node))
            default:
                report(
                    "\(name) is \(shown(node)), but the only value is the number 1 and any other value does not reliably mean \"off\"; leave the key out when the flag is not wanted, else write 1",
                    node, help: "remove the key, or write 1")
            }
        }

        mutating func interruptionLevel(_ node: NodeID) {
            guard doc.kind(node) == .string else {
                type("interruption-level", node, .string, "a string")
                return
            }
            let value = doc.string(node)
            guard !APNs.interruptionLevels.contains(value), !context.isTemplated(node) else { return }
            let guess =
                Suggest.sameWordDifferentSpelling(value, in: APNs.interruptionLevels)
                ?? Suggest.closest(to: value, in: APNs.interruptionLevels)
            report(
                "interruption-level '\(value)' is not one of Apple's levels, so it is unlikely to take effect; "
                    + (guess.map { "write \"\($0)\"" } ?? "use passive, active, time-sensitive or critical"), node,
                help: guess.map { "write \"\($0)\"" } ?? "use passive, active, time-sensitive or critical")
        }

        mutating func relevanceScore(_ node: NodeID, isLiveActivity: Bool) {
            guard let value = doc.doubleValue(node) else {
                report(
                    "relevance-score is \(doc.typeNameWithArticle(node)) (\(shown(node))), but Apple expects a number\(isLiveActivity ? "" : " from 0 to 1"); write for example 0.5",
                    node, help: "write a number")
                return
            }
            if !isLiveActivity, !(0...1).contains(value) {
                report(
                    "relevance-score \(shown(node)) is outside 0 to 1: the system uses it to pick the featured notification of a summary and APNSwift refuses it; write a number from 0.0 to 1.0",
                    node, help: "write a number from 0 to 1")
            }
        }

        mutating func seconds(_ name: String, _ node: NodeID) {
            if let value = doc.intValue(node), value >= 0 { return }
            if doc.kind(node) == .string, let n = Int(doc.string(node)), n >= 0 {
                report(
                    "\(name) is the string \(shown(node)), but Apple expects an integer number of UNIX seconds: ActivityKit cannot read it; write \(n)",
                    node, help: "write \(n)")
            } else {
                report(
                    "\(name) is \(shown(node)), but Apple expects a whole, non-negative number of UNIX seconds; write for example 1764400000",
                    node, help: "write the UNIX time in seconds")
            }
        }

        mutating func contentChanged(_ node: NodeID) {
            guard doc.boolValue(node) != true else { return }
            report(
                "content-changed is \(shown(node)), but WidgetKit reloads only on true; write true", node,
                help: "write true")
        }
    }
}
