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
    /// `event`'s values are `apns-live-activity`'s: ActivityKit ignores a push with another event, an error there.
    static let judgedElsewhere = "event"

    /// The members of the dictionaries in `aps` (alert, sound) are members of the view's walk of their own: a
    /// dictionary's value is checked only for what concerns it as a whole (a required key, a key that needs another).
    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let view = context.payload.apns, !view.apsMembers.isEmpty else { return [] }
        let doc = context.document
        var checker = SchemaValueChecker(context: context, nullMeansUnset: false, enumsTakeNumbers: false)
        checker.misspeltKeys = view.apsUnknownKeys
        var result: [Diagnostic] = []
        for known in view.apsMembers {
            let field = known.field
            if known.object.path.isEmpty, field.name == Self.judgedElsewhere { continue }
            let value = known.member.value
            for problem in checker.check(
                value, as: field.type, path: .field(parent: known.object.path, name: field.name))
            {
                result.append(report(problem, in: doc))
            }
        }
        return result
    }

    /// A flag whose intent is clear is rewritten: to 1 for "on", without its key for "off".
    func report(_ problem: ValueProblem, in doc: JSONDocument) -> Diagnostic {
        let text = Self.message(problem)
        guard case .flag(let value) = problem.kind else { return diagnostic(text, at: problem.node, in: doc) }
        switch value {
        case .isTrue, .stringOne, .numberOne:
            let one = Fix(edits: [TextEdit(replacing: doc.span(problem.node), with: "1")])
            return diagnostic(text, at: problem.node, in: doc, fix: one)
        case .off:
            // Apple documents only 1; the writer meant "off", which is what leaving the key out says. No platform
            // owner documents what a device does with 0 or false, so this is a warning.
            let removal = doc.memberRemovalSpan(ofValue: problem.node).map {
                Fix(edits: [TextEdit(replacing: $0, with: "")])
            }
            return diagnostic(text, at: problem.node, in: doc, severity: .warning, fix: removal)
        case .other:
            return diagnostic(text, at: problem.node, in: doc)
        }
    }

    // MARK: Messages

    /// A value of `aps` that is not what Apple defines, in Apple's words for its key.
    static func message(_ problem: ValueProblem) -> FindingText {
        switch problem.kind {
        case .integerInString(let value):
            if case .unixTime = problem.type { return secondsString(value, problem) }
            return integerString(value, problem)
        case .outOfRange(let value, _, _), .notInteger(let value):
            if case .number(let min, let max) = problem.type { return numberOutOfRange(problem, min: min, max: max) }
            return integerOutOfRange(value, problem)
        case .notInEnumeration(let value, let values, _, let sameWord, let closest):
            return notOneOf(value, values, guess: sameWord ?? closest, problem)
        case .flag(let value): return flag(value, problem)
        case .notLiteral(let values): return notTheLiteral(values, problem)
        case .missing(let names, let schema): return missing(names.joined(separator: ", "), schema, problem)
        case .withoutNeeded(let name, let needed): return withoutNeeded(name, needed, problem)
        case .notInFormat(_, .soundName): return soundName(problem)
        // The other kinds are of FCM's and Expo's formats, which no key of `aps` has.
        default: return wrongType(problem)
        }
    }

    /// "a, b, c or d".
    static func alternatives(_ values: [String]) -> String {
        guard let last = values.last, values.count > 1 else { return values.first ?? "" }
        return values.dropLast().joined(separator: ", ") + " or " + last
    }

    /// What a value of this type is called where it is not one: the JSON type for strings and objects.
    static func expected(_ type: SchemaType) -> String {
        switch type {
        case .string, .enumeration: return "a string"
        case .freeObject, .message: return "an object"
        default: return type.summary
        }
    }

    static func wrongType(_ problem: ValueProblem) -> FindingText {
        let (name, found, type) = ("\(problem.path)", problem.found, problem.type)
        switch type {
        case .integer: return integerType(problem)
        case .unixTime: return secondsType(problem)
        case .number(let min, let max): return numberType(problem, min: min, max: max)
        case .array:
            let example = found.kind == .string ? found.compact : "\"...\""
            return FindingText(
                "\(name) is \(found.typeName), but Apple expects \(type.summary); write [\(example)]",
                help: "write \(type.summary)")
        default: break
        }
        if case .element(let array, _) = problem.path { return arrayElement(array, found) }
        switch problem.path {
        case .field("", "alert"):
            return FindingText(
                "alert is \(found.typeName), but Apple defines a string or a dictionary with title, subtitle and body, so the device may show nothing; write \"alert\": {\"title\": ..., \"body\": ...}",
                help: "write a string or an alert dictionary")
        case .field("", "sound"):
            return FindingText(
                "sound is \(found.typeName), but Apple expects a file name string or a {critical, name, volume} dictionary; write \"default\"",
                help: "write \"default\"")
        case .field("alert", _):
            return FindingText(
                "\(name) is \(found.typeName) (\(found.compact)), but Apple defines alert text as strings, so the device may show nothing for it; write it as a string",
                help: "write a string")
        default:
            if case .string(.soundName) = type { return soundName(problem) }
            let expected = expected(type)
            return FindingText(
                "\(name) is \(found.typeName) (\(found.compact)), but Apple defines it as \(expected), so the device may not read it; write \(expected)",
                help: "write \(expected)")
        }
    }

    static func soundName(_ problem: ValueProblem) -> FindingText {
        guard case .field("", _) = problem.path else {
            return FindingText(
                "\(problem.path) is \(problem.found.compact), but Apple expects a sound file name: the device plays the default sound; write \"default\" or a file name",
                help: "write a sound file name")
        }
        return FindingText(
            "sound is an empty string: iOS plays no sound it can find; write \"default\" or a sound file name, or leave the key out",
            help: "write \"default\"")
    }

    static func missing(_ name: String, _ schema: MessageSchema, _ problem: ValueProblem) -> FindingText {
        if schema === APNsSchema.sound {
            return FindingText(
                "the sound dictionary has no \(name): the device has no sound to play; add \(MessageText.json(name)): \"default\" or a file name",
                help: "add \(MessageText.json(name))")
        }
        if schema === APNsSchema.localizedText {
            return FindingText(
                "\(problem.path) is a dictionary without \(name), so ActivityKit has no localized string to show; add \(MessageText.json(name)) or write the text as a string",
                help: "add \(MessageText.json(name))")
        }
        return FindingText(
            "\(problem.path) has no \(name), which Apple requires in this dictionary, so the device may not read it; add \(MessageText.json(name))",
            help: "add \(MessageText.json(name))")
    }

    /// The only dependency Apple defines: `*-loc-args` fill the localized string of their `*-loc-key`.
    static func withoutNeeded(_ name: String, _ needed: String, _ problem: ValueProblem) -> FindingText {
        FindingText(
            "\(problem.path).\(name) without \(needed): the arguments fill the localized string of \(needed), so they are unused (the admin SDKs refuse this); add \(MessageText.json(needed)) or remove \(name)",
            help: "add \(MessageText.json(needed))")
    }

    static func arrayElement(_ array: FieldPath, _ element: FoundValue) -> FindingText {
        let text = element.kind == .number ? "\"\(element.raw)\"" : "a string"
        return FindingText(
            "\(array) holds \(element.typeName) (\(element.compact)), but Apple expects strings only: the localized text is not formatted; write \(text)",
            help: "write \(text)")
    }

    static func notOneOf(_ value: String, _ values: [String], guess: String?, _ problem: ValueProblem) -> FindingText {
        // Apple's word for the values of interruption-level.
        let noun = "\(problem.path)" == "interruption-level" ? "levels" : "values"
        let instead = guess.map { "write \(MessageText.json($0))" } ?? "use \(alternatives(values))"
        return FindingText(
            "\(problem.path) \(MessageText.single(value)) is not one of Apple's \(noun), so it is unlikely to take effect; \(instead)",
            help: instead)
    }

    static func integerString(_ value: Int, _ problem: ValueProblem) -> FindingText {
        FindingText(
            "\(problem.path) is the string \(problem.found.compact), but Apple expects an integer: the device may ignore it; write \(value)",
            help: "write \(value)")
    }

    static func integerOutOfRange(_ value: Double, _ problem: ValueProblem) -> FindingText {
        guard "\(problem.path)" == "badge" else { return integerOther(problem) }
        return FindingText(
            "badge \(problem.found.compact) is not a non-negative integer, which Apple expects: the badge may not show as intended; write a whole number, 0 to clear the badge",
            help: value < 0 ? "write 0 to clear the badge" : "write a whole number")
    }

    static func integerType(_ problem: ValueProblem) -> FindingText {
        guard "\(problem.path)" == "badge" else { return integerOther(problem) }
        return FindingText(
            "badge is \(problem.found.typeName), but Apple expects a non-negative integer: the device may ignore it; write a number such as 1, or 0 to clear it",
            help: "write an integer")
    }

    /// Any other integer than a badge (`alert.summary-arg-count`) that is none, or out of its range.
    static func integerOther(_ problem: ValueProblem) -> FindingText {
        let expected = problem.type.summary
        var example = 1
        if case .integer(let min, _) = problem.type, let min { example = min }
        return FindingText(
            "\(problem.path) is \(problem.found.compact), but Apple expects \(expected); write for example \(example)",
            help: "write \(expected)")
    }

    static func numberType(_ problem: ValueProblem, min: Double?, max: Double?) -> FindingText {
        let name = "\(problem.path)"
        let range =
            min.flatMap { lo in max.map { hi in " from \(ValueProblem.number(lo)) to \(ValueProblem.number(hi))" } }
            ?? ""
        let example = name == "sound.volume" ? "0.8" : "0.5"
        return FindingText(
            "\(name) is \(problem.found.typeName) (\(problem.found.compact)), but Apple expects a number\(range); write for example \(example)",
            help: "write a number\(range)")
    }

    static func numberOutOfRange(_ problem: ValueProblem, min: Double?, max: Double?) -> FindingText {
        let (name, shown) = ("\(problem.path)", problem.found.compact)
        let lo = min.map(ValueProblem.number)
        let hi = max.map(ValueProblem.number)
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
            return FindingText(
                "sound.volume \(shown) is \(outside), the range Apple defines (APNSwift and the admin SDKs refuse it); write a volume from 0.0 to 1.0",
                help: "write a number \(range)")
        case "relevance-score":
            return FindingText(
                "relevance-score \(shown) is \(outside): the system uses it to pick the featured notification of a summary and APNSwift refuses it; write a number from 0.0 to 1.0",
                help: "write a number \(range)")
        default:
            return FindingText(
                "\(name) \(shown) is \(outside), the range Apple defines; write a number \(range)",
                help: "write a number \(range)")
        }
    }

    static func secondsString(_ value: Int, _ problem: ValueProblem) -> FindingText {
        FindingText(
            "\(problem.path) is the string \(problem.found.compact), but Apple expects an integer number of UNIX seconds: ActivityKit cannot read it; write \(value)",
            help: "write \(value)")
    }

    static func secondsType(_ problem: ValueProblem) -> FindingText {
        FindingText(
            "\(problem.path) is \(problem.found.compact), but Apple expects a whole, non-negative number of UNIX seconds; write for example 1764400000",
            help: "write the UNIX time in seconds")
    }

    /// What a flag turns on, for the message when it is not on.
    static func effect(of name: String) -> String {
        switch name {
        case "content-available": return "the app may not be woken"
        case "mutable-content": return "the notification service extension may not run"
        case "input-push-token": return "ActivityKit may not issue a push token for the started activity"
        default: return "the device may not read it"
        }
    }

    static func flag(_ value: ValueProblem.FlagValue, _ problem: ValueProblem) -> FindingText {
        let (name, shown) = ("\(problem.path)", problem.found.compact)
        switch value {
        case .isTrue:
            // The admin SDKs rewrite `true` to 1 for these two flags only (ADM-N `validateAps`).
            let rewritten =
                name == "content-available" || name == "mutable-content" ? " (only server SDKs rewrite it)" : ""
            return FindingText(
                "\(name) is true, but Apple's value is the number 1: \(effect(of: name))\(rewritten); write 1",
                help: "write 1")
        case .stringOne:
            return FindingText(
                "\(name) is the string \"1\", but Apple's value is the number 1: \(effect(of: name)); write 1",
                help: "write 1")
        case .numberOne:
            return FindingText("\(name) is \(shown), but Apple's value is the integer 1; write 1", help: "write 1")
        case .off:
            return FindingText(
                "\(name) is \(shown), which Apple does not define; to turn the flag off leave the key out",
                help: "remove \(MessageText.json(name))")
        case .other:
            return FindingText(
                "\(name) is \(shown), but the only value is the number 1 and any other value does not reliably mean \"off\"; leave the key out when the flag is not wanted, else write 1",
                help: "remove the key, or write 1")
        }
    }

    static func notTheLiteral(_ values: [String], _ problem: ValueProblem) -> FindingText {
        let (name, shown) = ("\(problem.path)", problem.found.compact)
        switch name {
        case "sound.critical":
            return FindingText(
                "sound.critical is \(shown), but Apple expects the number 1 for a critical alert (0 for a normal sound); write 1",
                help: "write 1")
        case "content-changed":
            return FindingText(
                "content-changed is \(shown), but WidgetKit reloads only on true; write true", help: "write true")
        default:
            let first = values.first ?? ""
            return FindingText(
                "\(name) is \(shown), but Apple's value is \(alternatives(values)); write \(first)",
                help: "write \(first)")
        }
    }
}
