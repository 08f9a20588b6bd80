import PushLintDetectors
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
            Apple defines each `aps` key with one JSON type and range (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification; \
            the admin SDKs check the same, https://github.com/firebase/firebase-admin-node/blob/master/src/messaging/messaging-internal.ts `validateAps`). Apple does not document what a device does with \
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
            update and broadcast examples (https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications).
            - `relevance-score` a number from 0 to 1 (APNSwift); in a Live Activity any number, where it orders \
            the activities.
            - `timestamp`, `stale-date`, `dismissal-date` integer UNIX seconds (units are \
            `apns-live-activity`'s concern); `content-state` and `attributes` objects; `thread-id`, \
            `category`, `target-content-id`, `filter-criteria`, `attributes-type`, `input-push-channel` \
            strings; `input-push-token` the number 1 (https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications push-to-start); `content-changed` `true`; \
            `url-args` an array of strings. `event` is `apns-live-activity`'s.

            These are the types of Apple's `aps` table that `pushlint schema apns` writes too. Only values \
            written in `aps` are checked: Expo's fields are checked by the Expo rules before Expo maps them, and \
            a placeholder in value position is of unknown type. Keys Apple does not define are \
            `apns-aps-unknown-key`'s.
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

    /// `event`'s values are `apns-live-activity`'s: ActivityKit ignores a push with another event, an error there.
    static let judgedElsewhere = "event"

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let view = context.payload.apns, !view.apsMembers.isEmpty else { return [] }
        var checker = Checker(rule: self, view: view, context: context)
        for known in view.apsMembers {
            let value = known.member.value
            guard checker.doc.kind(value) != .placeholder else { continue }
            let field = known.field
            if known.object.path.isEmpty, field.name == Self.judgedElsewhere { continue }
            checker.check(value, as: field.type, known)
        }
        return checker.result
    }

    /// Checks values against the types of Apple's `aps` schema (`APNsSchema`). The members of the dictionaries in
    /// `aps` (alert, sound) are members of the view's walk of their own: a dictionary's value is checked here only
    /// for what concerns it as a whole (a required key, a key that needs another).
    struct Checker {
        let rule: APNsApsValue
        let view: APNsView
        let context: PayloadContext
        var result: [Diagnostic] = []

        var doc: JSONDocument { context.document }

        mutating func report(_ text: FindingText, _ node: NodeID, severity: Severity? = nil, fix: Fix? = nil) {
            result.append(rule.diagnostic(text, at: node, in: doc, severity: severity, fix: fix))
        }

        mutating func check(_ node: NodeID, as type: SchemaType, _ at: SchemaMember) {
            switch type {
            case .oneOf(let types):
                let kind = doc.kind(node)
                let isInteger = doc.isInteger(node)
                guard let match = types.first(where: { $0.acceptsJSONKind(kind, isInteger: isInteger) }) else {
                    return wrongType(node, type, at)
                }
                check(node, as: match, at)
            case .message(let schema):
                guard doc.kind(node) == .object else { return wrongType(node, type, at) }
                dictionary(node, schema, at)
            case .string(let format):
                guard doc.kind(node) == .string else { return wrongType(node, type, at) }
                if format == .soundName, doc.withStringBytes(node, { $0.isEmpty }) { soundName(node, at) }
            case .enumeration(let values, _):
                guard doc.kind(node) == .string else { return wrongType(node, type, at) }
                enumeration(node, values, at)
            case .integer(let min, let max): integer(node, min: min, max: max, at)
            case .number(let min, let max): number(node, min: min, max: max, at)
            case .unixTime: seconds(node, at)
            case .flag: flag(node, at)
            case .literal(let values): literal(node, values, at)
            case .array(let element):
                guard doc.kind(node) == .array else { return wrongType(node, type, at) }
                for item in doc.elements(node) where doc.kind(item) != .placeholder {
                    if case .string = element {
                        if doc.kind(item) != .string { arrayElement(item, at) }
                    } else {
                        check(item, as: element, at)
                    }
                }
            case .freeObject, .stringMap, .bool, .null, .int32, .duration, .timestamp:
                if !type.acceptsJSONKind(doc.kind(node), isInteger: doc.isInteger(node)) { wrongType(node, type, at) }
            }
        }

        /// A dictionary of `aps` as a whole: a key it requires (the name of a sound), a key that means nothing
        /// without another (`loc-args` without `loc-key`). A misspelling of the missing key is
        /// `apns-aps-unknown-key`'s finding, not a missing key.
        mutating func dictionary(_ node: NodeID, _ schema: MessageSchema, _ at: SchemaMember) {
            for name in schema.required where view.lookup(name, in: node, of: doc).isAbsent {
                missing(name, in: node, schema, at)
            }
            for (name, needed) in schema.dependencies {
                guard let value = doc.member(node, name), view.lookup(needed, in: node, of: doc).isAbsent,
                    let key = doc.keyNode(ofValue: value)
                else { continue }
                withoutNeeded(name, needed, key, at)
            }
        }

        mutating func enumeration(_ node: NodeID, _ values: [String], _ at: SchemaMember) {
            let value = doc.string(node)
            guard !values.contains(value), !context.isTemplated(node) else { return }
            let guess = Suggest.sameWordDifferentSpelling(value, in: values) ?? Suggest.closest(to: value, in: values)
            notOneOf(value, values, guess: guess, node, at)
        }

        mutating func integer(_ node: NodeID, min: Int?, max: Int?, _ at: SchemaMember) {
            func inRange(_ value: Int) -> Bool { value >= (min ?? .min) && value <= (max ?? .max) }
            if let value = doc.intValue(node), inRange(value) { return }
            if doc.kind(node) == .string, let n = Int(doc.string(node)), inRange(n) {
                integerString(n, node, at)
            } else if let value = doc.doubleValue(node) {
                integerOutOfRange(value, min: min, node, at)
            } else {
                integerType(node, at)
            }
        }

        mutating func number(_ node: NodeID, min: Double?, max: Double?, _ at: SchemaMember) {
            guard let value = doc.doubleValue(node) else { return numberType(node, min: min, max: max, at) }
            if let min, value < min { return numberOutOfRange(node, min: min, max: max, at) }
            if let max, value > max { return numberOutOfRange(node, min: min, max: max, at) }
        }

        mutating func seconds(_ node: NodeID, _ at: SchemaMember) {
            if let value = doc.intValue(node), value >= 0 { return }
            if doc.kind(node) == .string, let n = Int(doc.string(node)), n >= 0 {
                secondsString(n, node, at)
            } else {
                secondsType(node, at)
            }
        }

        mutating func flag(_ node: NodeID, _ at: SchemaMember) {
            let kind = doc.kind(node)
            if kind == .number, doc.isInteger(node), doc.rawText(node) == "1" { return }
            let one = Fix(edits: [TextEdit(replacing: doc.span(node), with: "1")])
            switch kind {
            case .bool where doc.boolValue(node) == true:
                flagTrue(node, at, fix: one)
            case .string where doc.string(node) == "1":
                flagString(node, at, fix: one)
            case .number where doc.doubleValue(node) == 1:
                flagNotInteger(node, at, fix: one)
            // `true` was handled above: a boolean here is false.
            case _ where kind == .bool || (kind == .number && doc.doubleValue(node) == 0):
                // Apple documents only 1; the writer meant "off", which is what leaving the key out says. No
                // platform owner documents what a device does with 0 or false, so this is a warning.
                flagOff(
                    node, at,
                    fix: doc.memberRemovalSpan(ofValue: node).map { Fix(edits: [TextEdit(replacing: $0, with: "")]) })
            default:
                flagOther(node, at)
            }
        }

        /// The value is one of the literals, compared as JSON values (`1.0` is `1`).
        mutating func literal(_ node: NodeID, _ values: [String], _ at: SchemaMember) {
            let matches = values.contains { literal in
                switch SchemaType.kind(ofLiteral: literal) {
                case .number: return doc.doubleValue(node).map { $0 == Double(literal) } ?? false
                case .bool: return doc.boolValue(node) == (literal == "true")
                case .null: return doc.kind(node) == .null
                default: return doc.kind(node) == .string && JSONDocument.quoted(doc.string(node)) == literal
                }
            }
            if !matches { notTheLiteral(values, node, at) }
        }

        // MARK: Words

        /// The value as compact JSON (a multi-line object shows as one line), cut at 40 characters.
        func shown(_ node: NodeID) -> String {
            let text = String(decoding: doc.wireBytes(node), as: UTF8.self)
            return text.count > 40 ? String(text.prefix(37)) + "..." : text
        }

        /// Where a member stands in `aps`, as messages name it (`badge`, `alert.title`, `sound.volume`).
        func path(_ at: SchemaMember) -> String { at.object.path(of: at.field.name) }

        /// What a value of this type is called where it is not one: the JSON type for strings and objects.
        func expected(_ type: SchemaType) -> String {
            switch type {
            case .string, .enumeration: return "a string"
            case .freeObject, .message: return "an object"
            default: return type.summary
            }
        }

        /// "a, b, c or d".
        static func alternatives(_ values: [String]) -> String {
            guard let last = values.last, values.count > 1 else { return values.first ?? "" }
            return values.dropLast().joined(separator: ", ") + " or " + last
        }

        static func format(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }

        // MARK: Messages

        mutating func wrongType(_ node: NodeID, _ type: SchemaType, _ at: SchemaMember) {
            let name = path(at)
            if case .array = type {
                report(
                    FindingText(
                        "\(name) is \(doc.typeNameWithArticle(node)), but Apple expects \(type.summary); write [\(doc.kind(node) == .string ? shown(node) : "\"...\"")]",
                        help: "write \(type.summary)"), node)
                return
            }
            switch (at.object.path, at.field.name) {
            case ("", "alert"):
                report(
                    FindingText(
                        "alert is \(doc.typeNameWithArticle(node)), but Apple defines a string or a dictionary with title, subtitle and body, so the device may show nothing; write \"alert\": {\"title\": ..., \"body\": ...}",
                        help: "write a string or an alert dictionary"), node)
            case ("", "sound"):
                report(
                    FindingText(
                        "sound is \(doc.typeNameWithArticle(node)), but Apple expects a file name string or a {critical, name, volume} dictionary; write \"default\"",
                        help: "write \"default\""), node)
            case ("alert", _):
                report(
                    FindingText(
                        "\(name) is \(doc.typeNameWithArticle(node)) (\(shown(node))), but Apple defines alert text as strings, so the device may show nothing for it; write it as a string",
                        help: "write a string"), node)
            default:
                if case .string(.soundName) = type { return soundName(node, at) }
                let expected = expected(type)
                report(
                    FindingText(
                        "\(name) is \(doc.typeNameWithArticle(node)) (\(shown(node))), but Apple defines it as \(expected), so the device may not read it; write \(expected)",
                        help: "write \(expected)"), node)
            }
        }

        mutating func soundName(_ node: NodeID, _ at: SchemaMember) {
            if at.object.path.isEmpty {
                report(
                    FindingText(
                        "sound is an empty string: iOS plays no sound it can find; write \"default\" or a sound file name, or leave the key out",
                        help: "write \"default\""), node)
            } else {
                report(
                    FindingText(
                        "\(path(at)) is \(shown(node)), but Apple expects a sound file name: the device plays the default sound; write \"default\" or a file name",
                        help: "write a sound file name"), node)
            }
        }

        mutating func missing(_ name: String, in node: NodeID, _ schema: MessageSchema, _ at: SchemaMember) {
            if schema === APNsSchema.sound {
                report(
                    FindingText(
                        "the sound dictionary has no \(name): the device has no sound to play; add \(MessageText.json(name)): \"default\" or a file name",
                        help: "add \(MessageText.json(name))"), node)
            } else if schema === APNsSchema.localizedText {
                report(
                    FindingText(
                        "\(path(at)) is a dictionary without \(name), so ActivityKit has no localized string to show; add \(MessageText.json(name)) or write the text as a string",
                        help: "add \(MessageText.json(name))"), node)
            } else {
                report(
                    FindingText(
                        "\(path(at)) has no \(name), which Apple requires in this dictionary, so the device may not read it; add \(MessageText.json(name))",
                        help: "add \(MessageText.json(name))"), node)
            }
        }

        /// The only dependency Apple defines: `*-loc-args` fill the localized string of their `*-loc-key`.
        mutating func withoutNeeded(_ name: String, _ needed: String, _ key: NodeID, _ at: SchemaMember) {
            let object = path(at)
            report(
                FindingText(
                    "\(object).\(name) without \(needed): the arguments fill the localized string of \(needed), so they are unused (the admin SDKs refuse this); add \(MessageText.json(needed)) or remove \(name)",
                    help: "add \(MessageText.json(needed))"), key)
        }

        mutating func arrayElement(_ element: NodeID, _ at: SchemaMember) {
            let text = doc.kind(element) == .number ? "\"\(doc.rawText(element))\"" : "a string"
            report(
                FindingText(
                    "\(path(at)) holds \(doc.typeNameWithArticle(element)) (\(shown(element))), but Apple expects strings only: the localized text is not formatted; write \(text)",
                    help: "write \(text)"), element)
        }

        mutating func notOneOf(_ value: String, _ values: [String], guess: String?, _ node: NodeID, _ at: SchemaMember)
        {
            let name = path(at)
            // Apple's word for the values of interruption-level.
            let noun = name == "interruption-level" ? "levels" : "values"
            let instead = guess.map { "write \(MessageText.json($0))" } ?? "use \(Self.alternatives(values))"
            report(
                FindingText(
                    "\(name) \(MessageText.single(value)) is not one of Apple's \(noun), so it is unlikely to take effect; \(instead)",
                    help: instead), node)
        }

        mutating func integerString(_ n: Int, _ node: NodeID, _ at: SchemaMember) {
            report(
                FindingText(
                    "\(path(at)) is the string \(shown(node)), but Apple expects an integer: the device may ignore it; write \(n)",
                    help: "write \(n)"), node)
        }

        mutating func integerOutOfRange(_ value: Double, min: Int?, _ node: NodeID, _ at: SchemaMember) {
            let name = path(at)
            if name == "badge" {
                report(
                    FindingText(
                        "badge \(shown(node)) is not a non-negative integer, which Apple expects: the badge may not show as intended; write a whole number, 0 to clear the badge",
                        help: value < 0 ? "write 0 to clear the badge" : "write a whole number"), node)
                return
            }
            integerOther(node, at)
        }

        mutating func integerType(_ node: NodeID, _ at: SchemaMember) {
            guard path(at) == "badge" else { return integerOther(node, at) }
            report(
                FindingText(
                    "badge is \(doc.typeNameWithArticle(node)), but Apple expects a non-negative integer: the device may ignore it; write a number such as 1, or 0 to clear it",
                    help: "write an integer"), node)
        }

        /// Any other integer than a badge (`alert.summary-arg-count`) that is none, or out of its range.
        mutating func integerOther(_ node: NodeID, _ at: SchemaMember) {
            let expected = at.field.type.summary
            var example = 1
            if case .integer(let min, _) = at.field.type, let min { example = min }
            report(
                FindingText(
                    "\(path(at)) is \(shown(node)), but Apple expects \(expected); write for example \(example)",
                    help: "write \(expected)"), node)
        }

        mutating func numberType(_ node: NodeID, min: Double?, max: Double?, _ at: SchemaMember) {
            let name = path(at)
            let range = min.flatMap { lo in max.map { hi in " from \(Self.format(lo)) to \(Self.format(hi))" } } ?? ""
            let example = name == "sound.volume" ? "0.8" : "0.5"
            report(
                FindingText(
                    "\(name) is \(doc.typeNameWithArticle(node)) (\(shown(node))), but Apple expects a number\(range); write for example \(example)",
                    help: "write a number\(range)"), node)
        }

        mutating func numberOutOfRange(_ node: NodeID, min: Double?, max: Double?, _ at: SchemaMember) {
            let name = path(at)
            let lo = min.map(Self.format)
            let hi = max.map(Self.format)
            let outside =
                switch (lo, hi) {
                case (let lo?, let hi?): "outside \(lo) to \(hi)"
                case (let lo?, nil): "below \(lo)"
                case (nil, let hi?): "above \(hi)"
                case (nil, nil): "out of range"
                }
            let range = [lo.map { "from \($0)" }, hi.map { "to \($0)" }].compactMap { $0 }.joined(separator: " ")
            switch name {
            case "sound.volume":
                report(
                    FindingText(
                        "sound.volume \(shown(node)) is \(outside), the range Apple defines (APNSwift and the admin SDKs refuse it); write a volume from 0.0 to 1.0",
                        help: "write a number \(range)"), node)
            case "relevance-score":
                report(
                    FindingText(
                        "relevance-score \(shown(node)) is \(outside): the system uses it to pick the featured notification of a summary and APNSwift refuses it; write a number from 0.0 to 1.0",
                        help: "write a number \(range)"), node)
            default:
                report(
                    FindingText(
                        "\(name) \(shown(node)) is \(outside), the range Apple defines; write a number \(range)",
                        help: "write a number \(range)"), node)
            }
        }

        mutating func secondsString(_ n: Int, _ node: NodeID, _ at: SchemaMember) {
            report(
                FindingText(
                    "\(path(at)) is the string \(shown(node)), but Apple expects an integer number of UNIX seconds: ActivityKit cannot read it; write \(n)",
                    help: "write \(n)"), node)
        }

        mutating func secondsType(_ node: NodeID, _ at: SchemaMember) {
            report(
                FindingText(
                    "\(path(at)) is \(shown(node)), but Apple expects a whole, non-negative number of UNIX seconds; write for example 1764400000",
                    help: "write the UNIX time in seconds"), node)
        }

        /// What a flag turns on, for the message when it is not on.
        func effect(of name: String) -> String {
            switch name {
            case "content-available": return "the app may not be woken"
            case "mutable-content": return "the notification service extension may not run"
            case "input-push-token": return "ActivityKit may not issue a push token for the started activity"
            default: return "the device may not read it"
            }
        }

        mutating func flagTrue(_ node: NodeID, _ at: SchemaMember, fix: Fix) {
            let name = path(at)
            // The admin SDKs rewrite `true` to 1 for these two flags only (ADM-N `validateAps`).
            let rewritten =
                name == "content-available" || name == "mutable-content" ? " (only server SDKs rewrite it)" : ""
            report(
                FindingText(
                    "\(name) is true, but Apple's value is the number 1: \(effect(of: name))\(rewritten); write 1",
                    help: "write 1"), node, fix: fix)
        }

        mutating func flagString(_ node: NodeID, _ at: SchemaMember, fix: Fix) {
            let name = path(at)
            report(
                FindingText(
                    "\(name) is the string \"1\", but Apple's value is the number 1: \(effect(of: name)); write 1",
                    help: "write 1"), node, fix: fix)
        }

        mutating func flagNotInteger(_ node: NodeID, _ at: SchemaMember, fix: Fix) {
            report(
                FindingText(
                    "\(path(at)) is \(shown(node)), but Apple's value is the integer 1; write 1", help: "write 1"),
                node, fix: fix)

        }

        mutating func flagOff(_ node: NodeID, _ at: SchemaMember, fix: Fix?) {
            let name = path(at)
            report(
                FindingText(
                    "\(name) is \(shown(node)), which Apple does not define; to turn the flag off leave the key out",
                    help: "remove \(MessageText.json(name))"), node, severity: .warning, fix: fix)
        }

        mutating func flagOther(_ node: NodeID, _ at: SchemaMember) {
            report(
                FindingText(
                    "\(path(at)) is \(shown(node)), but the only value is the number 1 and any other value does not reliably mean \"off\"; leave the key out when the flag is not wanted, else write 1",
                    help: "remove the key, or write 1"), node)
        }

        mutating func notTheLiteral(_ values: [String], _ node: NodeID, _ at: SchemaMember) {
            let name = path(at)
            switch name {
            case "sound.critical":
                report(
                    FindingText(
                        "sound.critical is \(shown(node)), but Apple expects the number 1 for a critical alert (0 for a normal sound); write 1",
                        help: "write 1"), node)
            case "content-changed":
                report(
                    FindingText(
                        "content-changed is \(shown(node)), but WidgetKit reloads only on true; write true",
                        help: "write true"), node)
            default:
                let first = values.first ?? ""
                report(
                    FindingText(
                        "\(name) is \(shown(node)), but Apple's value is \(Self.alternatives(values)); write \(first)",
                        help: "write \(first)"), node)
            }
        }
    }
}
