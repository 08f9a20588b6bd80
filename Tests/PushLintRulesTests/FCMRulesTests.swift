import PushLintDetectors
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Edge cases of the FCM rules that the examples in the descriptions do not cover.
@Suite struct FCMRulesTests {
    func findings(_ id: String, _ source: String, fileName: String = "m.json", config: String? = nil) throws
        -> [Diagnostic]
    {
        try ExampleLinter.lint(source, fileName: fileName, config: config).allDiagnostics.filter { $0.ruleId == id }
    }

    func message(_ android: String) -> String { #"{"message": {"token": "t", "android": "# + android + "}}" }

    // MARK: Schema

    @Test func everyFieldIsAcceptedInBothSpellings() {
        func visit(_ schema: MessageSchema) {
            for field in schema.fields {
                #expect(schema.field(named: field.name)?.name == field.name)
                #expect(schema.field(named: field.jsonName)?.name == field.name)
                if case .message(let nested) = field.type { visit(nested) }
            }
        }
        visit(FCMSchema.sendRequest)
        #expect(SchemaField.lowerCamelCase("bypass_proxy_notification") == "bypassProxyNotification")
        #expect(SchemaField.lowerCamelCase("fcm_options") == "fcmOptions")
    }

    /// Keys are compared as decoded bytes: an escaped key names the same field.
    @Test func escapedKeysAreTheirFields() throws {
        let twoTargets = #"{"message": {"\u0074oken": "t", "topic": "news", "notification": {"title": "Hi"}}}"#
        #expect(try findings("fcm-target", twoTargets).count == 1)
        #expect(try findings("fcm-unknown-field", twoTargets).isEmpty)
    }

    @Test func bareMessageAndEnvelopeStartAtTheirSchemas() throws {
        #expect(
            try findings(
                "fcm-unknown-field", #"{"token": "t", "notification": {"title": "a"}, "android": {"ttl": "1s"}}"#
            ).isEmpty)
        let bare = try findings(
            "fcm-unknown-field", #"{"token": "t", "notification": {"title": "a"}, "validate_only": true}"#)
        #expect(
            bare.map(\.pointer) == ["/validate_only"], "validate_only belongs to the send request, not to a Message")
    }

    // MARK: fcm-unknown-field

    @Test func legacyFieldsGetTheirV1Field() throws {
        let found = try findings(
            "fcm-unknown-field",
            #"{"message": {"token": "t", "android": {"time_to_live": 60, "notification": {"android_channel_id": "x"}}}}"#
        )
        #expect(found.count == 2)
        #expect(found[0].message.contains("ttl"))
        #expect(found[1].message.contains("channel_id"))
        let camel = try findings("fcm-unknown-field", #"{"message": {"token": "t", "timeToLive": 60}}"#)
        #expect(camel.first?.message.contains("android.ttl") == true, "legacy hints ignore the spelling")
    }

    /// Field names are matched byte for byte, as FCM's JSON parser does: a look-alike (U+212A KELVIN SIGN, which
    /// Swift's String equality takes for `K`) is an unknown field, and an escaped but equal name is the field.
    @Test func fieldNamesAreMatchedByTheirBytes() throws {
        #expect(try findings("fcm-unknown-field", message(#"{"collapseKey": "x"}"#)).count == 1)
        #expect(try findings("fcm-unknown-field", message(#"{"collapseKey": "x", "ttl": "1s"}"#)).isEmpty)
    }

    @Test func didYouMeanPrefersTheWritersSpelling() throws {
        let snake = try findings("fcm-unknown-field", message(#"{"notification": {"click_actoin": "A"}}"#))
        #expect(snake.first?.message.contains("'click_action'") == true)
        let camel = try findings("fcm-unknown-field", message(#"{"notification": {"clickActoin": "A"}}"#))
        #expect(camel.first?.message.contains("'clickAction'") == true)
        let none = try findings("fcm-unknown-field", #"{"message": {"token": "t", "order_id": "1"}}"#)
        #expect(none.first?.message.contains("custom values go in data") == true)
    }

    /// FCM's and Expo's unknown-field rules share one helper (`UnknownField`): the same advice, each in its words.
    @Test func bothUnknownFieldRulesGiveTheSameAdvice() throws {
        let expoToken = "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]"
        let fcm = try findings(
            "fcm-unknown-field", #"{"message": {"token": "t", "time_to_live": 1, "tokn": "u", "order_id": "1"}}"#)
        let expo = try findings(
            "expo-unknown-field",
            #"{"to": ""# + expoToken + #"", "content_available": true, "titel": "Hi", "order_id": "1"}"#)
        // A foreign field (legacy FCM, an APNs/FCM name in Expo) names its replacement, before any spelling guess.
        #expect(fcm.count == 3 && fcm[0].help?.hasPrefix("move the value to android.ttl") == true)
        #expect(fcm.dropFirst().map(\.help) == ["rename it to 'token'", "remove it; custom values go in data"])
        #expect(
            expo.map(\.help) == [
                "write '_contentAvailable'", "rename it to 'title'", "remove it, or move it into data",
            ])
        #expect(
            fcm[1].message.hasSuffix("; did you mean 'token'?") && expo[1].message.hasSuffix("; did you mean 'title'?"))
        #expect(
            fcm[2].message.hasSuffix("; custom values go in data")
                && expo[2].message.hasSuffix("; custom values go in data"))
    }

    @Test func templatedKeysAndFreeObjectsAreNotChecked() throws {
        #expect(
            try findings(
                "fcm-unknown-field", #"{"message": {"token": "t", "{{extra}}": "x"}}"#, fileName: "m.json.tmpl"
            ).isEmpty)
        #expect(
            try findings(
                "fcm-unknown-field",
                #"{"message": {"token": "t", "apns": {"headers": {"apns-whatever": "1"}, "payload": {"aps": {"x": 1}, "y": 2}}}}"#
            ).isEmpty)
    }

    // MARK: fcm-field-value

    @Test(arguments: [
        ("\"0s\"", true), ("\"2419200s\"", true), ("\"2419200.000s\"", true), ("\"3.123456789s\"", true),
        ("\"2419201s\"", false), ("\"2419200.5s\"", false), ("\"3.1234567891s\"", false), ("\"-1s\"", false),
        ("\"1h\"", false), ("\"3600\"", false), ("3600", false), ("true", false),
    ])
    func ttl(_ value: String, _ valid: Bool) throws {
        let found = try findings("fcm-field-value", message(#"{"ttl": "# + value + "}"))
        #expect(found.isEmpty == valid, "ttl \(value): \(found.map(\.message))")
    }

    @Test func ttlFixesOnlyInRange() throws {
        let big = try findings("fcm-field-value", message(#"{"ttl": 3600000}"#))
        #expect(big.count == 1 && big[0].fix == nil)
        #expect(big[0].message.contains("milliseconds"))
        let fixed = try ExampleLinter.applyFixes(of: "fcm-field-value", RuleExample(message(#"{"ttl": 2.5}"#)))
        #expect(fixed.contains(#""ttl": "2.5s""#))
    }

    @Test(arguments: [
        ("'a' in topics", true),
        ("'a' in topics && 'b' in topics", true),
        ("!('a' in topics) || ('b' in topics && 'c' in topics)", true),
        ("'a' in topics||'b' in topics", true),
        ("'a' in topics && 'b' in topics && 'c' in topics && 'd' in topics && 'e' in topics", true),
        ("'a' in topics && 'b' in topics && 'c' in topics && 'd' in topics && 'e' in topics && 'f' in topics", false),
        ("\\\"a\\\" in topics", false),
        ("a in topics", false),
        ("'a' in topics & 'b' in topics", false),
        ("'a' in topics &&", false),
        ("('a' in topics", false),
        ("'a' in topics)", false),
        ("'a b' in topics", false),
        ("'a' in topic", false),
        ("", true),  // not set (proto3 default): fcm-target's with requireTarget
    ])
    func condition(_ condition: String, _ valid: Bool) throws {
        let found = try findings(
            "fcm-field-value", #"{"message": {"condition": ""# + condition + #"", "data": {"k": "v"}}}"#)
        #expect(found.isEmpty == valid, "\(condition): \(found.map(\.message))")
    }

    @Test func hostileConditionsStayShallow() throws {
        func lint(_ condition: String) throws -> [Diagnostic] {
            try findings("fcm-field-value", #"{"message": {"condition": ""# + condition + #"", "data": {"k": "v"}}}"#)
        }
        #expect(try lint(String(repeating: "!", count: 100_000) + "'a' in topics").isEmpty)
        let deep = try lint(
            String(repeating: "(", count: 100_000) + "'a' in topics" + String(repeating: ")", count: 100_000))
        #expect(deep.first?.message.contains("nested too deeply") == true)
    }

    @Test(arguments: [
        ("\"2026-11-29T10:00:00Z\"", true), ("\"2026-11-29T10:00:00.123456789+01:00\"", true),
        ("\"2026-13-01T10:00:00Z\"", false), ("\"2026-11-29T10:00:00\"", false), ("1764400000", false),
    ])
    func eventTime(_ value: String, _ valid: Bool) throws {
        let found = try findings("fcm-field-value", message(#"{"notification": {"event_time": "# + value + "}}"))
        #expect(found.isEmpty == valid, "\(value): \(found.map(\.message))")
    }

    @Test func int32AcceptsNumbersAndNumericStrings() throws {
        #expect(try findings("fcm-field-value", message(#"{"notification": {"notification_count": 3}}"#)).isEmpty)
        #expect(try findings("fcm-field-value", message(#"{"notification": {"notification_count": "3"}}"#)).isEmpty)
        #expect(
            try findings("fcm-field-value", message(#"{"notification": {"notification_count": 3000000000}}"#)).count
                == 1)
    }

    @Test func enumsAcceptTheirNumbers() throws {
        #expect(try findings("fcm-field-value", message(#"{"priority": 1}"#)).isEmpty)
        #expect(try findings("fcm-field-value", message(#"{"priority": 2}"#)).count == 1)
        // firebase-admin for Java writes visibility lower-cased: accepted. Another case is a warning with a fix.
        #expect(try findings("fcm-field-value", message(#"{"notification": {"visibility": "public"}}"#)).isEmpty)
        let mixed = try findings("fcm-field-value", message(#"{"notification": {"visibility": "Public"}}"#))
        #expect(mixed.first?.severity == .warning)
        #expect(mixed.first?.fix?.edits.first?.text == "\"PUBLIC\"")
    }

    @Test func nullMeansUnsetAndApnsHeaderValuesAreNotThisRules() throws {
        #expect(try findings("fcm-field-value", message(#"{"priority": null}"#)).isEmpty)
        let apns = #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": 10, "apns-expiration": true}}}}"#
        #expect(try findings("fcm-field-value", apns).isEmpty)
        #expect(try findings("fcm-field-value", #"{"message": {"token": "t", "apns": {"headers": "x"}}}"#).count == 1)
    }

    @Test func templatedStringsSkipFormatChecks() throws {
        let source =
            #"{"message": {"topic": "{{topic}}", "android": {"ttl": "{{ttl}}", "notification": {"color": "{{color}}"}}}}"#
        #expect(try findings("fcm-field-value", source, fileName: "m.json.tmpl").isEmpty)
        #expect(try findings("fcm-field-value", source).count == 3, "outside template mode they are plain strings")
    }

    @Test func lightSettingsNeedsAllThree() throws {
        let ok = message(
            #"{"notification": {"light_settings": {"color": {"red": 1, "green": 0.5, "blue": 0}, "lightOnDuration": "0.5s", "light_off_duration": "1s"}}}"#
        )
        #expect(try findings("fcm-field-value", ok).isEmpty)
        let missing = try findings(
            "fcm-field-value", message(#"{"notification": {"light_settings": {"light_on_duration": "1s"}}}"#))
        #expect(missing.map(\.pointer) == ["/message/android/notification/light_settings"])
    }

    // MARK: fcm-target

    @Test func requireTargetOption() throws {
        let source = #"{"message": {"notification": {"title": "Hi"}}}"#
        #expect(try findings("fcm-target", source).isEmpty)
        let config = #"{"options": {"fcm-target": {"requireTarget": true}}}"#
        #expect(try findings("fcm-target", source, config: config).map(\.pointer) == ["/message"])
        #expect(try findings("fcm-target", #"{"message": {"fid": "f", "data": {"k": "v"}}}"#, config: config).isEmpty)
    }

    // MARK: fcm-data-string-values and fcm-data-reserved-key

    @Test func placeholderFixIsUnsafe() throws {
        let found = try findings(
            "fcm-data-string-values", #"{"message": {"token": "t", "data": {"n": {{n}}}}}"#, fileName: "m.json.tmpl")
        #expect(found.count == 1 && found[0].fix?.isSafe == false)
    }

    @Test func expoDataIsNeverStringOnly() throws {
        let expo =
            #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "data": {"n": 3, "ok": true, "o": {"a": [1]}, "from": "x", "google.a": "b"}}"#
        #expect(try findings("fcm-data-string-values", expo).isEmpty)
        #expect(try findings("fcm-data-reserved-key", expo).isEmpty)
    }

    @Test func collapseKeyIsAWarningAndReservedKeysErrors() throws {
        let found = try findings(
            "fcm-data-reserved-key",
            #"{"message": {"token": "t", "webpush": {"data": {"collapse_key": "a", "message_type": "b"}}}}"#)
        #expect(found.map(\.severity) == [.warning, .error])
    }

    /// A field written again is found at each later key and named by its first spelling; the same spelling twice
    /// is json-duplicate-key's finding, not this rule's.
    @Test func fieldWrittenAgainIsFoundAtLaterSpellings() throws {
        let source =
            #"{"message": {"token": "t", "android": {"ttl": "1s", "collapse_key": "a", "collapseKey": "b", "priority": "HIGH", "collapse_key": "c", "collapseKey": "d"}}}"#
        let found = try findings("fcm-unknown-field", source)
        #expect(found.allSatisfy { $0.severity == .warning })
        #expect(
            found.map(\.message) == [
                "'collapseKey' and 'collapse_key' are the same field of message.android (AndroidConfig) in two spellings; only one value can be used and which one is not documented, so write it once",
                "'collapseKey' and 'collapse_key' are the same field of message.android (AndroidConfig) in two spellings; only one value can be used and which one is not documented, so write it once",
            ])
        // At each "collapseKey" key; "collapse_key" again is the first spelling again.
        let bytes = Array(source.utf8)
        let needle = Array(#""collapseKey""#.utf8)
        #expect(found.map(\.span.start) == bytes.indices.filter { bytes[$0...].starts(with: needle) })
    }

    /// Keys are told apart by their exact bytes: near names and longer ones are ordinary keys, an escaped spelling of
    /// a reserved one is reserved, and a templated key is not judged.
    @Test func reservedKeysAreMatchedExactly() throws {
        let source =
            #"{"message": {"token": "t", "data": {"fro": "a", "fromage": "b", "google": "c", "gcm": "d", "collapse_keys": "e", "\u0066rom": "f", "google.{{k}}": "g", "gcm.{{k}}x": "h"}}}"#
        let found = try findings("fcm-data-reserved-key", source, fileName: "m.json.tmpl")
        #expect(found.map(\.pointer) == ["/message/data/from"])
        #expect(found.first?.message.contains("key 'from' is reserved") == true)
    }

    /// The reserved prefixes are matched on bytes, as FCM compares key strings: a combining mark after the dot
    /// does not hide `google.` (a Character-wise prefix test would have missed it).
    @Test func reservedPrefixIsMatchedOnBytes() throws {
        let found = try findings(
            "fcm-data-reserved-key", #"{"message": {"token": "t", "data": {"google.\u0301x": "a"}}}"#)
        #expect(found.count == 1 && found.first?.message.contains("starts with 'google.'") == true)
    }

    /// With custom delimiters a field name can hold a placeholder (`_loc_` between `_` and `_`): such a key is
    /// templated, so neither it nor its other spelling is judged.
    @Test func templatedKeysAreNotJudgedWithCustomDelimiters() throws {
        let config = #"{"placeholders": {"open": "_", "close": "_"}}"#
        let source =
            #"{"message": {"token": "t", "notification": {"title": "a"}, "android": {"notification": {"body_loc_key": "k", "bodyLocKey": "k"}}}}"#
        #expect(try findings("fcm-unknown-field", source, fileName: "m.json.tmpl", config: config).isEmpty)
        #expect(
            try findings("fcm-unknown-field", source, config: config).count == 1,
            "outside templates both spellings count")
    }

    // MARK: fcm-legacy-format and one mistake, one finding

    @Test func legacyTopicTargetMapsToTopic() throws {
        let found = try findings(
            "fcm-legacy-format",
            #"{"to": "/topics/news", "notification": {"title": "Hi", "click_action": "OPEN"}, "content_available": true}"#
        )
        #expect(found.count == 1)
        let message = try #require(found.first?.message)
        #expect(message.contains(#"to -> topic ("news""#))
        #expect(message.contains("notification.click_action -> android.notification.click_action"))
        #expect(message.contains("content_available -> apns.payload.aps[\"content-available\"]"))
    }

    @Test func v1MessageWithLegacyFieldIsNotLegacyFormat() throws {
        let report = try ExampleLinter.lint(#"{"message": {"token": "t", "priority": "high", "data": {"k": "v"}}}"#)
        #expect(report.allDiagnostics.map(\.ruleId) == ["fcm-unknown-field"])
    }

    // MARK: fcm-collapse-key-limit

    func batch(_ keys: [String]) -> String {
        "["
            + keys.map { #"{"message": {"token": "t", "android": {"collapse_key": ""# + $0 + #""}}}"# }.joined(
                separator: ", ") + "]"
    }

    @Test func collapseKeyLimit() throws {
        let four = try ExampleLinter.lint(batch(["a", "b", "c", "d", "a"]), fileName: "batch.json")
        #expect(four.project.filter { $0.ruleId == "fcm-collapse-key-limit" }.isEmpty)
        let five = try ExampleLinter.lint(batch(["a", "b", "c", "d", "e"]), fileName: "batch.json")
        let found = five.project.filter { $0.ruleId == "fcm-collapse-key-limit" }
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.related == ["batch.json"])
        #expect(found.first?.message.contains("5 distinct") == true)
    }

    @Test func expoCollapseIdsDoNotCount() throws {
        let expo =
            "["
            + (1...6).map {
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "t", "collapseId": "k\#($0)"}"#
            }.joined(separator: ", ") + "]"
        #expect(try ExampleLinter.lint(expo).project.filter { $0.ruleId == "fcm-collapse-key-limit" }.isEmpty)
    }
}

/// Issue 17, FCM part: what Google's discovery document (revision 20261023) and firebase-admin accept.
@Suite struct FCMGroundTruthTests {
    func findings(
        _ id: String, _ source: String, fileName: String = "m.json", config: String? = nil, contract: String? = nil
    ) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: fileName, config: config, contract: contract).allDiagnostics.filter {
            $0.ruleId == id
        }
    }

    // MARK: android.priority

    /// The field's description documents "normal" and "high"; firebase-admin sends them lower case.
    @Test(arguments: ["\"HIGH\"", "\"NORMAL\"", "\"high\"", "\"normal\"", "0", "1"])
    func documentedPrioritiesAreAccepted(_ value: String) throws {
        let source =
            #"{"message": {"token": "t", "notification": {"title": "a"}, "android": {"priority": "# + value + "}}}"
        #expect(try findings("fcm-field-value", source).isEmpty, "\(value)")
    }

    @Test func otherPrioritySpellingsAreStillReported() throws {
        let mixed = try findings("fcm-field-value", #"{"message": {"token": "t", "android": {"priority": "High"}}}"#)
        #expect(mixed.count == 1 && mixed.first?.fix?.edits.first?.text == "\"HIGH\"")
        let other = try findings("fcm-field-value", #"{"message": {"token": "t", "android": {"priority": "urgent"}}}"#)
        #expect(other.first?.message.contains(#"not one of "NORMAL", "HIGH""#) == true)
    }

    @Test func lowerCaseHighIsHighPriority() throws {
        let dataOnly = #"{"message": {"token": "t", "data": {"k": "v"}, "android": {"priority": "high"}}}"#
        let found = try findings("priority-high-without-notification", dataOnly)
        #expect(found.map(\.pointer) == ["/message/android/priority"])
        #expect(found.first?.message.contains(#"android.priority "high""#) == true)
        #expect(found.first?.help?.contains(#""normal""#) == true)
        let promo =
            #"{"message": {"token": "t", "notification": {"title": "Tips"}, "android": {"priority": "high", "notification": {"channel_id": "promo"}}}}"#
        let contract = #"{"android": {"channels": [{"id": "promo", "importance": "low"}]}}"#
        #expect(
            try findings("priority-high-non-urgent", promo, contract: contract).map(\.pointer) == [
                "/message/android/priority"
            ])
        #expect(
            try findings(
                "priority-high-without-notification",
                #"{"message": {"token": "t", "data": {"k": "v"}, "android": {"priority": "normal"}}}"#
            ).isEmpty)
        // proto3 JSON also takes the enum's number: 1 is HIGH, 0 is NORMAL.
        #expect(
            try findings(
                "priority-high-without-notification",
                #"{"message": {"token": "t", "data": {"k": "v"}, "android": {"priority": 1}}}"#
            ).count == 1)
        #expect(
            try findings(
                "priority-high-without-notification",
                #"{"message": {"token": "t", "data": {"k": "v"}, "android": {"priority": 0}}}"#
            ).isEmpty)
    }

    // MARK: androidV2

    /// Every field of AndroidConfigV2 and what it references, in both spellings, as firebase-admin's tests build
    /// them: nothing for the FCM rules.
    @Test func androidV2IsAcceptedWithAllItsFields() throws {
        let snake = #"""
            {"message": {"topic": "foo-bar", "notification": {"title": "Title", "body": "Body"}, "android_v2": {
              "collapse_key": "test-key", "ttl": "5s", "restricted_package_name": "com.google.firebase.testing",
              "data": {"androidFoo": "androidBar"}, "fcm_options": {"analytics_label": "test-analytics"},
              "direct_boot_ok": true, "bandwidth_constrained_ok": true, "restricted_satellite_ok": true,
              "background_sync": {},
              "remote_notification": {"mutable_content": true, "use_as_v1_data_message": false, "notification": {
                "title": "t", "body": "b", "icon": "i", "color": "#AABBCC", "sound": "s", "tag": "g", "click_action": "c",
                "body_loc_key": "bk", "body_loc_args": ["a"], "title_loc_key": "tk", "title_loc_args": ["b"],
                "channel_id": "orders", "ticker": "tt", "sticky": true, "event_time": "2026-11-29T10:00:00Z",
                "local_only": true, "notification_priority": "PRIORITY_HIGH", "default_sound": true,
                "default_vibrate_timings": false, "default_light_settings": false, "vibrate_timings": ["0.1s", "0.05s"],
                "visibility": "PRIVATE", "notification_count": 1, "id": 42, "image": "https://example.com/i.png",
                "light_settings": {"color": {"red": 0.66, "green": 0.73, "blue": 0.8, "alpha": 1},
                  "light_on_duration": "0.2s", "light_off_duration": "0.3s"}}}}}}
            """#
        let report = try ExampleLinter.lint(snake)
        let fcm = report.allDiagnostics.filter { $0.ruleId.hasPrefix("fcm-") }
        #expect(fcm.isEmpty, "\(fcm.map(\.message))")
        let camel =
            #"{"message": {"token": "t", "androidV2": {"collapseKey": "k", "remoteNotification": {"mutableContent": true, "useAsV1DataMessage": true, "notification": {"channelId": "c", "lightSettings": {"color": {"red": 1}, "lightOnDuration": "1s", "lightOffDuration": "1s"}}}, "backgroundSync": {}}}}"#
        #expect(try findings("fcm-unknown-field", camel).isEmpty)
        #expect(try findings("fcm-field-value", camel).isEmpty)
    }

    @Test func androidV2FieldsAreChecked() throws {
        let found = try findings(
            "fcm-field-value",
            #"{"message": {"token": "t", "androidV2": {"ttl": "3000000s", "remote_notification": {"mutable_content": "yes", "notification": {"color": "red", "id": "x", "light_settings": {"light_on_duration": "1s"}}}}}}"#
        )
        #expect(
            found.map(\.pointer) == [
                "/message/androidV2/ttl", "/message/androidV2/remote_notification/mutable_content",
                "/message/androidV2/remote_notification/notification/color",
                "/message/androidV2/remote_notification/notification/id",
                "/message/androidV2/remote_notification/notification/light_settings",
            ])
        let unknown = try findings(
            "fcm-unknown-field",
            #"{"message": {"token": "t", "androidV2": {"priority": "HIGH", "notification": {"title": "a"}}}}"#)
        #expect(unknown.map(\.pointer) == ["/message/androidV2/priority", "/message/androidV2/notification"])
        #expect(unknown.last?.message.contains("remote_notification.notification") == true)
    }

    /// `android` and `androidV2` are mutually exclusive (Message.androidV2); null is unset, and one field in two
    /// spellings is fcm-unknown-field's.
    @Test func androidAndAndroidV2AreExclusive() throws {
        let both = try findings("fcm-field-value", #"{"message": {"token": "t", "androidV2": {}, "android": {}}}"#)
        #expect(both.map(\.pointer) == ["/message/android"])
        #expect(both.first?.severity == .error)
        #expect(both.first?.message.contains("mutually exclusive") == true)
        #expect(
            try findings("fcm-field-value", #"{"message": {"token": "t", "android": null, "androidV2": {}}}"#).isEmpty)
        #expect(
            try findings("fcm-field-value", #"{"message": {"token": "t", "android_v2": {}, "androidV2": {}}}"#).isEmpty)
    }

    /// androidV2's notification feeds the Android view: channel rules and links read it.
    @Test func androidV2FeedsTheAndroidView() throws {
        let contract = #"{"android": {"channels": [{"id": "orders", "importance": "high"}]}}"#
        let source =
            #"{"message": {"token": "t", "androidV2": {"remoteNotification": {"notification": {"title": "a", "channel_id": "order"}}}}}"#
        #expect(
            try findings("android-channel-exists", source, contract: contract).map(\.pointer) == [
                "/message/androidV2/remoteNotification/notification/channel_id"
            ])
        let missing = try findings(
            "android-channel-missing",
            #"{"message": {"token": "t", "androidV2": {"remote_notification": {"notification": {"title": "a"}}}}}"#,
            contract: contract)
        #expect(missing.first?.message.contains("androidV2.remote_notification.notification.channel_id") == true)
        let dataOnly = #"{"message": {"token": "t", "androidV2": {"data": {"k": "v"}}}}"#
        #expect(try findings("android-channel-missing", dataOnly, contract: contract).isEmpty)
        #expect(try findings("priority-high-without-notification", dataOnly).isEmpty, "androidV2 has no priority")
    }

    // MARK: apns-priority on data-only messages

    @Test(arguments: [
        // Data-only, no aps: 10 and 1 are refused, 5 is the one allowed.
        (#"{"data": {"k": "v"}, "apns": {"headers": {"apns-priority": "10"}}}"#, true),
        (#"{"data": {"k": "v"}, "apns": {"headers": {"apns-priority": "1"}}}"#, true),
        (#"{"data": {"k": "v"}, "apns": {"headers": {"apns-priority": "5"}}}"#, false),
        (#"{"apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {"category": "X"}, "k": "v"}}}"#, true),
        (#"{"apns": {"headers": {"apns-push-type": "alert", "apns-priority": "10"}, "payload": {"aps": {}}}}"#, true),
        // Something to show: a notification (even only an image), or an alert, sound or badge in aps.
        (#"{"notification": {"title": "a"}, "apns": {"headers": {"apns-priority": "10"}}}"#, false),
        (
            #"{"notification": {"image": "https://example.com/a.png"}, "apns": {"headers": {"apns-priority": "10"}}}"#,
            false
        ),
        (#"{"apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {"badge": 1}}}}"#, false),
        (#"{"apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {"alert": {"title": "a"}}}}}"#, false),
        // Background pushes are apns-background-headers'; other push types and Live Activities the APNs rules'.
        (#"{"apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}}"#, false),
        (#"{"apns": {"headers": {"apns-push-type": "voip", "apns-priority": "10"}, "payload": {"aps": {}}}}"#, false),
        (
            #"{"apns": {"live_activity_token": "x", "headers": {"apns-priority": "10"}, "payload": {"aps": {"event": "update", "timestamp": 1764400000, "content-state": {}}}}}"#,
            false
        ),
        // Not a string, or no headers: apns-header-format's, and FCM's default is not this rule's to guess.
        (#"{"data": {"k": "v"}, "apns": {"headers": {"apns-priority": 10}}}"#, false),
        (#"{"data": {"k": "v"}, "apns": {"payload": {"aps": {}}}}"#, false),
        // Templated notification, payload or aps: unknown until rendered.
        (#"{"notification": {{n}}, "apns": {"headers": {"apns-priority": "10"}}}"#, false),
        (#"{"apns": {"headers": {"apns-priority": "10"}, "payload": {{p}}}}"#, false),
        (#"{"apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {{aps}}}}}"#, false),
        (#"{"apns": {"headers": {"apns-priority": "{{priority}}"}}}"#, false),
    ])
    func dataOnlyMessagesGoAtPriority5(_ message: String, _ reported: Bool) throws {
        let source = #"{"message": {"token": "t", "# + message.dropFirst() + "}"
        let found = try findings("fcm-field-value", source, fileName: "m.json.tmpl")
        #expect(found.count == (reported ? 1 : 0), "\(message): \(found.map(\.message))")
        if reported {
            #expect(found.first?.pointer == "/message/apns/headers/apns-priority")
            #expect(found.first?.fix?.edits.first?.text == "\"5\"")
        }
    }

    /// One mistake, one finding: a silent push at priority 10 is apns-background-headers' only.
    @Test func silentPushPriorityIsReportedOnce() throws {
        let report = try ExampleLinter.lint(
            #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "background", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}}}"#
        )
        #expect(report.allDiagnostics.map(\.ruleId) == ["apns-background-headers"])
        let dataOnly = try ExampleLinter.lint(
            #"{"message": {"token": "t", "data": {"k": "v"}, "apns": {"headers": {"apns-priority": "10"}}}}"#)
        #expect(
            dataOnly.allDiagnostics.filter { $0.ruleId.hasPrefix("fcm-") || $0.ruleId == "apns-background-headers" }
                .map(\.ruleId) == ["fcm-field-value"])
    }

    // MARK: fcm-data-reserved-key

    /// Reserved by the current document: from, message_type, google.*, gcm.notification.*; other gcm.* keys are
    /// accepted and dropped by the Android client (a warning), as collapse_key is.
    @Test func reservedKeysOfTheCurrentDocument() throws {
        let source =
            #"{"message": {"token": "t", "data": {"gcm.notification.title": "a", "gcm.n.e": "1", "gcm.notificationX": "b", "gcm.": "c", "google.x": "d", "collapse_key": "e", "gcm_x": "f"}}}"#
        let found = try findings("fcm-data-reserved-key", source)
        #expect(
            found.map { "\($0.pointer ?? "") \($0.severity.rawValue)" } == [
                "/message/data/gcm.notification.title error", "/message/data/gcm.n.e warning",
                "/message/data/gcm.notificationX warning",
                "/message/data/gcm. warning", "/message/data/google.x error", "/message/data/collapse_key warning",
            ])
        #expect(found[1].message.contains("FCM accepts it") && !found[1].message.contains("rejects"))
        #expect(found[0].message.contains("rejects the message with INVALID_ARGUMENT"))
    }

    // MARK: fcm-target: null and "" are not set

    @Test func nullAndEmptyTargetsAreNotSet() throws {
        let require = #"{"options": {"fcm-target": {"requireTarget": true}}}"#
        // null beside a topic is no second target.
        #expect(
            try findings("fcm-target", #"{"message": {"token": null, "topic": "news", "data": {"k": "v"}}}"#).isEmpty)
        #expect(
            try findings(
                "fcm-target", #"{"message": {"topic": "news", "fid": null, "token": "", "data": {"k": "v"}}}"#,
                config: require
            ).isEmpty)
        // Empty or null alone: no target, reported only with requireTarget, at the value.
        for target in [#""token": """#, #""fid": """#, #""topic": """#, #""condition": """#, #""token": null"#] {
            let source = #"{"message": {"# + target + #", "data": {"k": "v"}}}"#
            #expect(try findings("fcm-target", source).isEmpty, "\(target)")
            let found = try findings("fcm-target", source, config: require)
            #expect(found.count == 1, "\(target)")
            #expect(found.first?.message.contains("which FCM reads as not set") == true)
            #expect(try findings("fcm-field-value", source).isEmpty, "\(target): an unset target has no format")
        }
        // Two real targets are still two; a templated one counts.
        #expect(
            try findings("fcm-target", #"{"message": {"token": "{{t}}", "topic": "news"}}"#, fileName: "m.json.tmpl")
                .count == 1)
        #expect(
            try findings("fcm-target", #"{"message": {"token": {{t}}, "topic": "news"}}"#, fileName: "m.json.tmpl")
                .count == 1)
    }

    /// A null or empty topic does not make the 2048-byte topic limit apply.
    @Test func unsetTopicKeepsTheTokenLimit() throws {
        let report = try ExampleLinter.lint(#"{"message": {"token": "t", "topic": "", "data": {"k": "v"}}}"#)
        #expect(report.files.first?.wireLimit == 4096)
    }

    // MARK: loc args and negative durations

    @Test func locArgsWithoutTheirKeyAreAWarning() throws {
        func found(_ notification: String, v2: Bool = false) throws -> [Diagnostic] {
            let android =
                v2
                ? #""androidV2": {"remote_notification": {"notification": "# + notification + "}}"
                : #""android": {"notification": "# + notification + "}"
            return try findings("fcm-field-value", #"{"message": {"token": "t", "# + android + "}}")
        }
        let title = try found(#"{"title_loc_args": ["a"]}"#)
        #expect(title.map(\.pointer) == ["/message/android/notification/title_loc_args"])
        #expect(title.first?.severity == .warning)
        #expect(title.first?.message.contains("ignored") == true && title.first?.message.contains("rejects") == false)
        #expect(
            try found(#"{"bodyLocArgs": ["a"], "bodyLocKey": null}"#).map(\.pointer) == [
                "/message/android/notification/bodyLocArgs"
            ])
        #expect(
            try found(#"{"body_loc_args": ["a"], "body_loc_key": ""}"#, v2: true).map(\.pointer) == [
                "/message/androidV2/remote_notification/notification/body_loc_args"
            ])
        #expect(
            try found(#"{"title_loc_args": ["a"], "titleLocKey": "k", "body_loc_args": [], "body_loc_key": null}"#)
                .isEmpty)
        #expect(
            try findings(
                "fcm-field-value",
                #"{"message": {"token": "t", "android": {"notification": {"title_loc_args": ["a"], "title_loc_key": "{{k}}"}}}}"#,
                fileName: "m.json.tmpl"
            ).isEmpty)
    }

    @Test func negativeDurationsSayTheyAreNegative() throws {
        let found = try findings(
            "fcm-field-value",
            #"{"message": {"token": "t", "android": {"ttl": "-1s", "notification": {"vibrate_timings": ["0.1s", "-0.5s"]}}}}"#
        )
        #expect(found.map(\.pointer) == ["/message/android/ttl", "/message/android/notification/vibrate_timings/1"])
        #expect(
            found.allSatisfy {
                $0.severity == .warning && $0.message.contains("a negative duration")
                    && !$0.message.contains("not a Duration")
            })
        let malformed = try findings("fcm-field-value", #"{"message": {"token": "t", "android": {"ttl": "-1h"}}}"#)
        #expect(malformed.first?.message.contains("not a Duration") == true && malformed.first?.severity == .error)
    }

    // MARK: Audit: an error only where a source documents the rejection

    @Test func undocumentedRejectionsAreWarnings() throws {
        let color = try findings(
            "fcm-field-value",
            #"{"message": {"token": "t", "android": {"notification": {"light_settings": {"color": {"red": 1.5}, "light_on_duration": "1s", "light_off_duration": "1s"}}}}}"#
        )
        #expect(color.map(\.severity) == [.warning])
        #expect(color.first?.message.contains("rejects") == false)
        let formats = try findings(
            "fcm-field-value",
            #"{"message": {"token": "t", "fcm_options": {"analytics_label": "a b"}, "android": {"notification": {"color": "orange"}}}}"#
        )
        #expect(formats.map(\.severity) == [.warning, .warning])
        #expect(formats.allSatisfy { !$0.message.contains("rejects") })
        let headers = try findings(
            "fcm-field-value",
            #"{"message": {"token": "t", "webpush": {"headers": {"TTL": "1 day", "Urgency": "urgent", "Topic": "a topic with spaces"}}}}"#
        )
        #expect(headers.map(\.severity) == [.warning, .warning, .error])
        #expect(headers.last?.message.contains("RFC 8030 §5.4") == true)
        let contract = #"{"android": {"channels": [{"id": "orders", "importance": "high"}]}}"#
        let fcm = try findings(
            "android-channel-exists",
            #"{"message": {"token": "t", "android": {"notification": {"title": "a", "channel_id": "order"}}}}"#,
            contract: contract)
        #expect(fcm.map(\.severity) == [.warning])
        let expo = try findings(
            "android-channel-exists",
            #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "a", "channelId": "order"}"#,
            contract: contract)
        #expect(expo.map(\.severity) == [.error])
    }

    /// Every message of an error-level FCM or Android finding that claims a rejection names it, and no warning does.
    @Test func warningsDoNotClaimRejection() throws {
        let sources = [
            #"{"message": {"token": "t", "android": {"collapse_key": "a", "collapseKey": "b", "notification": {"title_loc_args": ["x"], "vibrate_timings": ["-1s"]}}, "data": {"gcm.x": "1", "collapse_key": "c"}, "webpush": {"headers": {"TTL": "x"}}}}"#
        ]
        for source in sources {
            for finding in try ExampleLinter.lint(source).allDiagnostics where finding.severity == .warning {
                #expect(!finding.message.contains("rejects"), "\(finding.ruleId): \(finding.message)")
            }
        }
    }

    /// A bare message whose content is androidV2 is an FCM message, in both spellings.
    @Test func bareMessageWithAndroidV2IsFCM() throws {
        for key in ["androidV2", "android_v2"] {
            let report = try ExampleLinter.lint(#"{"token": "t", ""# + key + #"": {"collapse_key": "k"}}"#)
            #expect(report.files.first?.kind == .fcm, "\(key)")
            #expect(report.allDiagnostics.isEmpty, "\(key): \(report.allDiagnostics.map(\.message))")
        }
    }
}
