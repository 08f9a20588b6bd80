import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `app-loc-args-mismatch`: `loc-args` whose count does not match the format specifiers of the app's string, or an
/// Android string with a numeric specifier that FCM fills with a string.
struct AppLocArgsMismatch: PayloadRule {
    static let description = RuleDescription(
        id: "app-loc-args-mismatch",
        summary:
            "loc-args / title_loc_args hold another number of values than the app's string has format specifiers, or fill an Android %d with FCM's string arguments.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            The device formats the app's localized string with the payload's arguments: APNs `loc-args`, \
            `title-loc-args`, `subtitle-loc-args` fill the `%@` (and `%1$@`) of the key's string \
            (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification); FCM \
            `title_loc_args` and `body_loc_args` fill the `%s` (and `%1$s`) of the string resource \
            (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#androidnotification). Fewer \
            arguments than specifiers leave a hole: on Android the FCM SDK catches the \
            `MissingFormatArgumentException` and shows no text, on iOS the placeholder is filled with whatever \
            the formatter finds; more arguments are ignored. A locale whose translation has another number of \
            specifiers than the development language breaks for its users only. These are warnings: the \
            notification arrives with wrong text.

            FCM passes every loc arg as a Java `String` (firebase-android-sdk \
            `NotificationParams.getLocalizationArgsForKey` builds a `String[]`) to `Resources.getString(id, \
            args)`, which formats with `java.util.Formatter`: a `%d`, `%f`, `%x` or `%c` in the string throws \
            `IllegalFormatConversionException`, which `NotificationParams.getLocalizedString` does not catch (it \
            catches only `MissingFormatArgumentException`), so the exception leaves the messaging service and \
            the notification is not shown: an error. Use `%s` (or `%1$s`) in strings that FCM fills.

            The rule reads the format specifiers `pushlint app scan` counts (`strings[].arguments`, per locale). \
            A key that is a placeholder is checked for every value the contract allows, else not judged; an \
            argument list with placeholders is counted as written. It runs only when the config names the app \
            (`app`, or `--app`).
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": {"loc-key": "order_delayed", "loc-args": ↓["48213"]}}}"#,
                app: ExampleApps.resources, note: "`order_delayed` has two specifiers."),
            RuleExample(
                #"{"message": {"token": "t", "android": {"notification": {"body_loc_key": "points_earned", "body_loc_args": ↓["120"]}}}}"#,
                app: ExampleApps.resources,
                note: "`points_earned` is `You earned %d points`: FCM's string argument makes the formatter throw."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": {"loc-key": "order_shipped", "loc-args": ["48213"]}}}"#, app: ExampleApps.resources
            ),
            RuleExample(
                #"{"message": {"token": "t", "android": {"notification": {"title_loc_key": "order_shipped_title", "title_loc_args": ["48213"]}}}}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"aps": {"alert": {"loc-key": "order_shiped", "loc-args": ["48213"]}}}"#,
                app: ExampleApps.resources, note: "An unknown key is `app-loc-key-missing`'s finding."),
        ])

    static let pairs: [(platform: AppFacts.Platform, key: String, args: String)] = [
        (.ios, "loc-key", "loc-args"), (.ios, "title-loc-key", "title-loc-args"),
        (.ios, "subtitle-loc-key", "subtitle-loc-args"),
        (.android, "title_loc_key", "title_loc_args"), (.android, "body_loc_key", "body_loc_args"),
    ]

    /// Java conversions that throw for a `String` argument (`%s`, `%b`, `%h` take any object).
    static let numericConversions: Set<Character> = [
        "d", "o", "x", "X", "e", "E", "f", "g", "G", "a", "A", "c", "C", "t", "T",
    ]

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let facts = context.settings.app else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        for pair in Self.pairs where facts.platforms.contains(pair.platform) {
            var keyNode: NodeID?
            var argsNode: NodeID?
            if pair.platform == .ios, let apns = context.payload.apns {
                keyNode = apns.alertField(pair.key)?.value
                argsNode = apns.alertField(pair.args)?.value
            } else if pair.platform == .android, let android = context.payload.android, android.origin == .fcm,
                let notification = android.notification
            {
                keyNode = doc.member(notification, pair.key)
                argsNode = doc.member(notification, pair.args)
            }
            guard let keyNode, let keys = AppResourceValues.candidates(keyNode, context) else { continue }
            let args = argsNode.flatMap { doc.kind($0) == .array ? doc.elements($0).count : nil } ?? 0
            let anchor = argsNode ?? keyNode
            for key in keys {
                guard
                    let string = facts.strings.first(where: { $0.platform == pair.platform && $0.key == key })
                else { continue }
                if pair.platform == .android, args > 0,
                    let conversion = string.conversions.first(where: { Self.numericConversions.contains($0) })
                {
                    result.append(
                        diagnostic(
                            Self.numericSpecifier(pair.args, key, conversion, at: string.location), at: anchor,
                            in: doc, severity: .error))
                    break
                }
                if args != string.arguments {
                    result.append(
                        diagnostic(
                            Self.countMismatch(
                                pair.args, args, key: key, specifiers: string.arguments, at: string.location,
                                platform: pair.platform),
                            at: anchor, in: doc))
                    break
                }
                let locales = string.mismatchedLocales.filter { $0.value != args }.sorted { $0.key < $1.key }
                if !locales.isEmpty {
                    result.append(
                        diagnostic(
                            Self.localeMismatch(pair.args, args, key: key, locales: locales, at: string.location),
                            at: anchor, in: doc))
                    break
                }
            }
        }
        return result
    }

    // MARK: Messages

    static func countMismatch(
        _ field: String, _ count: Int, key: String, specifiers: Int, at location: AppFacts.Location,
        platform: AppFacts.Platform
    ) -> FindingText {
        let effect: String
        if count == 0 {
            effect = "the text is shown with its format specifiers unfilled"
        } else if count < specifiers {
            effect =
                platform == .android
                ? "the FCM SDK catches the missing argument and shows the notification without that text"
                : "the missing arguments are filled with whatever the formatter finds"
        } else {
            effect = "the extra arguments are never shown"
        }
        return FindingText(
            "\(field) has \(count) \(count == 1 ? "value" : "values"), but '\(key)' (\(App.place(location))) has \(specifiers) format \(specifiers == 1 ? "specifier" : "specifiers"): \(effect)",
            help: "send \(specifiers) \(specifiers == 1 ? "argument" : "arguments") for '\(key)'")
    }

    static func numericSpecifier(
        _ field: String, _ key: String, _ conversion: Character, at location: AppFacts.Location
    ) -> FindingText {
        FindingText(
            "'\(key)' (\(App.place(location))) formats an argument with %\(conversion), but FCM passes \(field) as strings: the formatter throws IllegalFormatConversionException and the notification is not shown",
            help: "write %s (or %1$s) in the string resource '\(key)'; FCM's loc args are strings")
    }

    static func localeMismatch(
        _ field: String, _ count: Int, key: String, locales: [(key: String, value: Int)], at location: AppFacts.Location
    ) -> FindingText {
        let list = locales.map { "\($0.key) has \($0.value)" }.joined(separator: ", ")
        return FindingText(
            "\(field) has \(count) \(count == 1 ? "value" : "values") as '\(key)' (\(App.place(location))) expects, but its translations differ (\(list)): users in those languages see broken text",
            help: "give every translation of '\(key)' the same format specifiers")
    }

}
