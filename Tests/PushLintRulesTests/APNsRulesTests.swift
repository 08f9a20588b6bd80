import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// Edge cases of the APNs rules that the description examples do not cover.
@Suite struct APNsRulesTests {
    static func findings(
        _ source: String, _ rule: String, fileName: String = "example.json", config: String? = nil,
        contract: String? = nil
    ) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: fileName, config: config, contract: contract).allDiagnostics.filter {
            $0.ruleId == rule
        }
    }

    static func fixed(_ source: String, _ rule: String, fileName: String = "example.json") throws -> String {
        try ExampleLinter.applyFixes(of: rule, RuleExample(source, fileName: fileName))
    }

    // MARK: apns-background-headers

    @Test func backgroundFixKeepsTabIndentationAndCRLF() throws {
        let source =
            "{\r\n\t\"headers\": {\r\n\t\t\"apns-topic\": \"com.example.shop\"\r\n\t},\r\n\t\"payload\": {\"aps\": {\"content-available\": 1}}\r\n}"
        let expected =
            "{\r\n\t\"headers\": {\r\n\t\t\"apns-topic\": \"com.example.shop\",\r\n\t\t\"apns-push-type\": \"background\",\r\n\t\t\"apns-priority\": \"5\"\r\n\t},\r\n\t\"payload\": {\"aps\": {\"content-available\": 1}}\r\n}"
        #expect(try Self.fixed(source, "apns-background-headers") == expected)
    }

    @Test func backgroundFixFillsAnEmptyHeadersObject() throws {
        let source = #"{"headers": {}, "payload": {"aps": {"content-available": 1}}}"#
        #expect(
            try Self.fixed(source, "apns-background-headers")
                == #"{"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#
        )
    }

    @Test func backgroundWithPriorityOneIsReported() throws {
        let found = try Self.findings(
            #"{"headers": {"apns-push-type": "background", "apns-priority": "1"}, "payload": {"aps": {"content-available": 1}}}"#,
            "apns-background-headers")
        #expect(found.count == 1 && found[0].pointer == "/headers/apns-priority")
    }

    @Test func backgroundLeavesOtherPushTypesAndTemplatesAlone() throws {
        #expect(
            try Self.findings(
                #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.shop.voip"}, "payload": {"aps": {"content-available": 1}}}"#,
                "apns-background-headers"
            ).isEmpty)
        #expect(
            try Self.findings(
                #"{"headers": {"apns-push-type": "background", "apns-priority": "{{priority}}"}, "payload": {"aps": {"content-available": 1}}}"#,
                "apns-background-headers", fileName: "sync.json.tmpl"
            ).isEmpty)
    }

    @Test func backgroundThroughConfiguredHeadersNamesTheConfig() throws {
        let config = #"{"apns": {"headers": {"silent/**": {"apns-push-type": "background", "apns-priority": "10"}}}}"#
        let found = try Self.findings(
            #"{"aps": {"content-available": 1}}"#, "apns-background-headers", fileName: "silent/sync.json",
            config: config)
        #expect(found.count == 1)
        #expect(found.first?.pointer == "/aps/content-available")
        #expect(found.first?.message.contains(".pushlint.json") == true)
        #expect(found.first?.fix == nil)
    }

    @Test func silentPushWithWrongHeadersIsOneFinding() throws {
        let source =
            #"{"headers": {"apns-push-type": "alert", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}"#
        let all = try ExampleLinter.lint(source).allDiagnostics.filter { $0.ruleId.hasPrefix("apns-") }
        #expect(Set(all.map(\.ruleId)) == ["apns-background-headers"])
        #expect(all.count == 2)  // one per wrong header, each with its own fix
    }

    @Test(arguments: [
        #"{"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content_available": 1}}}"#,
        #"{"headers": {"apns-push-type": "alert", "apns-priority": "5"}, "payload": {"aps": {"contentAvailable": 1}}}"#,
        #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1764400000, "events": "update", "content-state": {}}}}"#,
        #"{"aps": {"timestamp": 1764400000, "events": "update", "content-state": {}}}"#,
        #"{"headers": {"apns-push-type": "widgets"}, "payload": {"aps": {"content_changed": true}}}"#,
    ])
    func misspeltKeyIsOneFinding(_ source: String) throws {
        let all = try ExampleLinter.lint(source).allDiagnostics.filter { $0.ruleId.hasPrefix("apns-") }
        #expect(all.map(\.ruleId) == ["apns-aps-unknown-key"], "\(all.map(\.message))")
    }

    @Test(arguments: [
        #"{"headers": {"apns-push-type": "background", "apns-priorty": "5"}, "payload": {"aps": {"content-available": 1}}}"#,
        #"{"headers": {"apns_push_type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#,
        #"{"headers": {"apns-pushtype": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#,
    ])
    func misspeltHeaderIsOneFinding(_ source: String) throws {
        let all = try ExampleLinter.lint(source).allDiagnostics.filter { $0.ruleId.hasPrefix("apns-") }
        #expect(all.map(\.ruleId) == ["apns-header-format"], "\(all.map(\.message))")
    }

    // MARK: push type, priority, topic

    @Test func pushTypeMissingNeedsAHeadersObjectInFCM() throws {
        let withoutHeaders = #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Hi"}}}}}"#
        #expect(try Self.findings(withoutHeaders, "apns-push-type-missing").isEmpty)
        let withHeaders =
            #"{"message": {"token": "t", "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"alert": "Hi"}}}}}"#
        #expect(try Self.findings(withHeaders, "apns-push-type-missing").map(\.pointer) == ["/message/apns/headers"])
    }

    @Test func configuredPushTypeValueIsReportedAtTheBody() throws {
        let config = #"{"apns": {"headers": {"ios/**": {"apns-push-type": "notification"}}}}"#
        let found = try Self.findings(
            #"{"aps": {"alert": "Hi"}}"#, "apns-push-type-value", fileName: "ios/a.json", config: config)
        #expect(found.map(\.pointer) == ["/aps"])
    }

    @Test(arguments: [
        ("location", "com.example.shop.location-query"), ("voip", "com.example.shop.voip"),
        ("complication", "com.example.shop.complication"), ("fileprovider", "com.example.shop.pushkit.fileprovider"),
        ("liveactivity", "com.example.shop.push-type.liveactivity"), ("pushtotalk", "com.example.shop.voip-ptt"),
        ("widgets", "com.example.shop.push-type.widgets"), ("controls", "com.example.shop.push-type.controls"),
        ("alert", "com.example.shop"), ("background", "com.example.shop"), ("mdm", "com.apple.mgmt.External.1234"),
    ])
    func everyPushTypeAcceptsItsTopic(_ pushType: String, _ topic: String) throws {
        let source =
            #"{"headers": {"apns-push-type": "\#(pushType)", "apns-topic": "\#(topic)"}, "payload": {"aps": {}}}"#
        #expect(try Self.findings(source, "apns-topic-suffix").isEmpty)
        #expect(try Self.findings(source, "apns-push-type-value").isEmpty)
    }

    @Test func voipPttTopicIsNotAVoIPTopic() throws {
        let source =
            #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.shop.voip-ptt"}, "payload": {"aps": {}}}"#
        let found = try Self.findings(source, "apns-topic-suffix")
        #expect(found.count == 1 && found[0].message.contains("\"com.example.shop.voip\""))
    }

    @Test func priorityValueSkipsExpoAndNonStrings() throws {
        #expect(
            try Self.findings(
                #"{"to": "ExponentPushToken[x]", "title": "Hi", "priority": "urgent"}"#, "apns-priority-value"
            ).isEmpty)
        #expect(
            try Self.findings(
                #"{"headers": {"apns-priority": 10}, "payload": {"aps": {"alert": "Hi"}}}"#, "apns-priority-value"
            ).isEmpty)
    }

    // MARK: apns-header-format

    @Test func headerFormatAcceptsUppercaseUUIDAndZeroExpiration() throws {
        let source =
            #"{"headers": {"apns-push-type": "alert", "apns-id": "4F9C2A1E-7B3D-4C8E-9A61-2D5F0E8B7C34", "apns-expiration": "0", "authorization": "bearer x"}, "payload": {"aps": {"alert": "Hi"}}}"#
        #expect(try Self.findings(source, "apns-header-format").isEmpty)
    }

    /// A header again in another letter case is this rule's finding, at the later one and naming the first; the
    /// same spelling twice is json-duplicate-key's.
    @Test func headerNamedTwiceIsFoundOnceAtTheLaterSpelling() throws {
        let found = try Self.findings(
            #"{"headers": {"apns-topic": "a", "Apns-Topic": "b", "APNS-TOPIC": "c"}, "payload": {"aps": {"alert": "Hi"}}}"#,
            "apns-header-format")
        #expect(
            found.map(\.message) == [
                "header 'Apns-Topic' is 'apns-topic' again (header names ignore letter case): APNs rejects the request with 400 DuplicateHeaders; keep one of them",
                "header 'APNS-TOPIC' is 'apns-topic' again (header names ignore letter case): APNs rejects the request with 400 DuplicateHeaders; keep one of them",
            ])
        let sameSpelling = try Self.findings(
            #"{"headers": {"apns-topic": "a", "apns-topic": "b"}, "payload": {"aps": {"alert": "Hi"}}}"#,
            "apns-header-format")
        #expect(sameSpelling.isEmpty)
    }

    @Test func millisecondsExpirationSuggestsSeconds() throws {
        let found = try Self.findings(
            #"{"headers": {"apns-expiration": "1764486400000"}, "payload": {"aps": {"alert": "Hi"}}}"#,
            "apns-header-format")
        #expect(
            found.count == 1 && found[0].message.contains("milliseconds") && found[0].message.contains("\"1764486400\"")
        )
    }

    @Test func collapseIdCountsUTF8Bytes() throws {
        let fits = String(repeating: "ä", count: 32)  // 64 bytes
        let over = String(repeating: "ä", count: 32) + "x"  // 65 bytes, 33 characters
        #expect(
            try Self.findings(
                #"{"headers": {"apns-collapse-id": "\#(fits)"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                "apns-header-format"
            ).isEmpty)
        #expect(
            try Self.findings(
                #"{"headers": {"apns-collapse-id": "\#(over)"}, "payload": {"aps": {"alert": "Hi"}}}"#,
                "apns-header-format"
            ).count == 1)
    }

    // MARK: aps keys and values

    @Test func unknownKeyRenameIsNotOfferedWhenTheKeyExists() throws {
        let found = try Self.findings(
            #"{"aps": {"content-available": 1, "content_available": 1}}"#, "apns-aps-unknown-key")
        #expect(found.count == 1 && found[0].fix == nil)
    }

    @Test func unknownKeyNamesTheRightPlace() throws {
        let title = try Self.findings(#"{"aps": {"title": "Hi"}}"#, "apns-aps-unknown-key")
        #expect(title.first?.message.contains("alert") == true)
        let header = try Self.findings(#"{"aps": {"alert": "Hi", "priority": 10}}"#, "apns-aps-unknown-key")
        #expect(header.first?.message.contains("apns-priority") == true)
    }

    @Test func apsValueChecksSoundDictionaryAndLocArgs() throws {
        let source =
            #"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", 2]}, "sound": {"critical": 1, "volume": 0.5}}}"#
        let found = try Self.findings(source, "apns-aps-value")
        #expect(Set(found.compactMap(\.pointer)) == ["/aps/alert/loc-args/1", "/aps/sound"])
    }

    /// `0` and `false` mean "off" to their writer: the fix removes the key; other values get no fix.
    @Test(arguments: ["0", "false"]) func flagOffIsAWarningThatRemovesTheKey(_ value: String) throws {
        let found = try Self.findings(
            #"{"aps": {"alert": "Hi", "mutable-content": \#(value), "badge": 1}}"#, "apns-aps-value")
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.fix?.edits.count == 1)
        let other = try Self.findings(#"{"aps": {"alert": "Hi", "mutable-content": 2}}"#, "apns-aps-value")
        #expect(other.count == 1 && other.first?.fix == nil)
    }

    /// Every key of Apple's `aps` table is known to `apns-aps-unknown-key`, and a value of another JSON type draws
    /// one `apns-aps-value` finding at it: both rules read the table, so a key added there is checked.
    @Test(arguments: APNsSchema.aps.fields.map(\.name))
    func everyKeyOfTheTableIsKnownAndTyped(_ key: String) throws {
        let type = try #require(APNsSchema.aps.field(named: key)?.type)
        let candidates: [(text: String, kind: JSONKind, isInteger: Bool)] = [
            ("5", .number, true), (#""x""#, .string, false), ("{}", .object, false),
        ]
        let wrong = try #require(candidates.first { !type.acceptsJSONKind($0.kind, isInteger: $0.isInteger) })
        let source = #"{"aps": {"\#(key)": \#(wrong.text)}}"#
        #expect(try Self.findings(source, "apns-aps-unknown-key").isEmpty)
        let found = try Self.findings(source, "apns-aps-value")
        // `event`'s values are apns-live-activity's.
        #expect(found.map(\.pointer) == (key == "event" ? [] : ["/aps/\(key)"]), "\(found.map(\.message))")
    }

    /// Unknown keys of the dictionaries in `aps` are `apns-aps-unknown-key`'s; a misspelt key the dictionary needs is
    /// that finding alone, not also a missing key (one mistake, one finding).
    @Test func unknownKeysOfTheSoundAndLocalizedDictionariesAreOneFinding() throws {
        let typo = #"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "alarm.caf", "volum": 0.8}}}"#
        #expect(try Self.findings(typo, "apns-aps-unknown-key").map(\.pointer) == ["/aps/sound/volum"])
        #expect(try Self.findings(typo, "apns-aps-value").isEmpty)

        let name = #"{"aps": {"alert": "Hi", "sound": {"critical": 1, "Name": "alarm.caf"}}}"#
        let renamed = try Self.findings(name, "apns-aps-unknown-key")
        #expect(renamed.count == 1 && renamed.first?.fix != nil)
        #expect(try Self.findings(name, "apns-aps-value").isEmpty, "the name is there, misspelt")

        let locKey = #"{"aps": {"alert": {"loc_key": "K", "loc-args": ["a"]}}}"#
        #expect(try Self.findings(locKey, "apns-aps-unknown-key").map(\.pointer) == ["/aps/alert/loc_key"])
        #expect(try Self.findings(locKey, "apns-aps-value").isEmpty)

        let live =
            #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {}, "alert": {"title": {"locKey": "T"}}}}"#
        #expect(try Self.findings(live, "apns-aps-unknown-key").map(\.pointer) == ["/aps/alert/title/locKey"])
        #expect(try Self.findings(live, "apns-aps-value").isEmpty)
    }

    /// The view marks `Events` as a spelling of `event` once; the rules that miss `event` stay silent on it.
    @Test func misspellingsAreMarkedOnTheView() throws {
        let source =
            #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1764400000, "Events": "update", "content-state": {}}}}"#
        let all = try ExampleLinter.lint(source).allDiagnostics.filter { $0.severity >= .warning }
        #expect(all.map(\.ruleId) == ["apns-aps-unknown-key"], "\(all.map(\.message))")
        #expect(try Self.fixed(source, "apns-aps-unknown-key").contains(#""event": "update""#))
    }

    /// A notification's relevance score is 0 to 1, a Live Activity's any number: the view picks the table.
    @Test func liveActivityApsTakesAnyRelevanceScoreAndLocalizedTitles() throws {
        let plain = #"{"aps": {"alert": {"title": {"loc-key": "T"}}, "relevance-score": 100}}"#
        #expect(
            try Self.findings(plain, "apns-aps-value").map(\.pointer) == ["/aps/alert/title", "/aps/relevance-score"])
        let live =
            #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {}, "alert": {"title": {"loc-key": "T"}, "sound": "chime.caf"}, "relevance-score": 100}}"#
        #expect(try Self.findings(live, "apns-aps-value").isEmpty)
        #expect(try Self.findings(live, "apns-aps-unknown-key").isEmpty)
    }

    @Test func inputPushTokenIsAFlag() throws {
        let source =
            #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {}, "input-push-token": true}}"#
        let found = try Self.findings(source, "apns-aps-value")
        #expect(found.count == 1 && found.first?.message.contains("only server SDKs") == false)
        #expect(try Self.fixed(source, "apns-aps-value").contains(#""input-push-token": 1"#))
    }

    /// Push types whose body another framework reads need no `aps`; a regular alert still does.
    @Test(arguments: ["pushtotalk", "fileprovider", "voip", "mdm", "location"])
    func bodiesWithoutApsAreValidForTheirPushTypes(_ pushType: String) throws {
        let source = #"{"headers": {"apns-push-type": "\#(pushType)"}, "payload": {"call_id": "c-81"}}"#
        #expect(try Self.findings(source, "apns-aps-missing").isEmpty)
        let alert = #"{"headers": {"apns-push-type": "alert"}, "payload": {"call_id": "c-81"}}"#
        #expect(try Self.findings(alert, "apns-aps-missing").count == 1)
    }

    /// A silent push through FCM at priority 10: FCM rejects it before APNs could drop it, and the message says so.
    @Test func fcmSilentPushAtPriorityTenSaysFCMRejects() throws {
        let source =
            #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "background", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}}}"#
        let found = try Self.findings(source, "apns-background-headers")
        #expect(found.count == 1 && found[0].message.contains("FCM rejects"))
        #expect(try Self.findings(source, "fcm-field-value").isEmpty, "one mistake, one finding")
        let envelope =
            #"{"headers": {"apns-push-type": "background", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}"#
        #expect(try Self.findings(envelope, "apns-background-headers").first?.message.contains("FCM") == false)
    }

    @Test func mdmInsideApsIsToldToMoveOut() throws {
        let found = try Self.findings(#"{"aps": {"mdm": "7d3e"}}"#, "apns-aps-unknown-key")
        #expect(found.count == 1 && found[0].message.contains("top level"))
        #expect(
            try Self.findings(
                #"{"headers": {"apns-push-type": "mdm"}, "payload": {"mdm": "7d3e"}}"#, "apns-aps-missing"
            ).isEmpty)
    }

    /// Bodies without `aps` are recognised as APNs by their own keys, and lint clean.
    @Test(arguments: [
        #"{"mdm": "7d3e-magic"}"#, #"{"activeSpeaker": "Anna"}"#,
        #"{"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier", "domain": "d"}"#,
    ])
    func bodiesWithoutApsAreDetected(_ source: String) throws {
        let report = try ExampleLinter.lint(source)
        #expect(report.files.first?.kind == .apns)
        #expect(report.allDiagnostics.isEmpty, "\(report.allDiagnostics.map(\.message))")
    }

    @Test func broadcastLiveActivityMayUse5120Bytes() throws {
        let state = String(repeating: "x", count: 4500)
        let body = #"{"aps": {"timestamp": 1764400000, "event": "update", "content-state": {"note": "\#(state)"}}}"#
        let broadcast =
            #"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LTI=", "apns-priority": "10"}, "payload": \#(body)}"#
        #expect(try Self.findings(broadcast, "payload-size").isEmpty)
        let device = #"{"headers": {"apns-push-type": "liveactivity", "apns-priority": "10"}, "payload": \#(body)}"#
        #expect(try Self.findings(device, "payload-size").count == 1)
    }

    // MARK: apns-live-activity

    @Test func liveActivityStartNamesWhatIsMissing() throws {
        let found = try Self.findings(
            #"{"aps": {"timestamp": 1764400000, "event": "start", "content-state": {}}}"#, "apns-live-activity")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("attributes-type, attributes, alert") == true)
    }

    @Test func liveActivityDatesInMilliseconds() throws {
        let found = try Self.findings(
            #"{"aps": {"timestamp": 1764400000, "event": "end", "dismissal-date": 1764414400000}}"#,
            "apns-live-activity")
        #expect(found.map(\.pointer) == ["/aps/dismissal-date"])
    }

    // MARK: apns-interruption-entitlement

    static let critical =
        #"{"aps": {"alert": "Recall", "sound": {"critical": 1, "name": "alarm.caf"}, "interruption-level": "critical"}}"#

    @Test func entitlementSeverityFollowsTheContract() throws {
        let none = try Self.findings(Self.critical, "apns-interruption-entitlement")
        #expect(none.map(\.severity) == [.info], "no contract: a reminder")
        #expect(none.first?.pointer == "/aps/interruption-level")
        let noList = try Self.findings(
            Self.critical, "apns-interruption-entitlement", contract: #"{"ios": {"bundleId": "com.example.shop"}}"#)
        #expect(noList.map(\.severity) == [.warning])
        let other = try Self.findings(
            Self.critical, "apns-interruption-entitlement", contract: #"{"ios": {"entitlements": ["time-sensitive"]}}"#)
        #expect(other.map(\.severity) == [.error])
        let listed = try Self.findings(
            Self.critical, "apns-interruption-entitlement", contract: #"{"ios": {"entitlements": ["critical-alerts"]}}"#
        )
        #expect(listed.isEmpty)
    }

    @Test func expoCriticalSoundNeedsTheEntitlement() throws {
        let source =
            #"{"to": "ExponentPushToken[x]", "title": "Recall", "sound": {"critical": 1, "name": "alarm.caf", "volume": 1}}"#
        #expect(try Self.findings(source, "apns-interruption-entitlement").map(\.pointer) == ["/sound/critical"])
    }

    // MARK: Sizes of the APNs views

    static func payloads(_ source: String) -> [Payload] {
        let doc = JSONParser.parse(source, options: JSONParseOptions(mode: .strict)).document!
        let nodes = doc.kind(doc.root) == .array ? doc.elements(doc.root) : [doc.root]
        return nodes.compactMap { node in
            PayloadKind.detect(doc, node).map { PayloadBuilder.build(doc, node: node, kind: $0) }
        }
    }

    @Test func voipLimitFollowsThePushTypeInEveryView() throws {
        let fcm = Self.payloads(
            #"{"message": {"token": "t", "apns": {"headers": {"apns-push-type": "voip"}, "payload": {"aps": {}}}}}"#)
        #expect(fcm.first?.sizes.map(\.limit) == [4096, 5120])
        let fcmAlert = Self.payloads(#"{"message": {"token": "t", "notification": {"title": "Hi"}}}"#)
        #expect(fcmAlert.first?.sizes.map(\.limit) == [4096, 4096])
        let expo = Self.payloads(#"{"to": "ExponentPushToken[x]", "title": "Hi"}"#)
        #expect(expo.first?.sizes.map(\.limit) == [4096, 4096])
        let envelope = Self.payloads(#"{"headers": {"APNS-PUSH-TYPE": "voip"}, "payload": {"aps": {}}}"#)
        #expect(envelope.first?.sizes.map(\.limit) == [5120])
    }

    @Test func configuredVoIPHeadersRaiseTheLimitOfABareBody() throws {
        let body = "{\"aps\": {}, \"call\": \"" + String(repeating: "x", count: 4500) + "\"}"
        #expect(try Self.findings(body, "payload-size", fileName: "calls/a.json").count == 1)
        let config =
            #"{"apns": {"headers": {"calls/**": {"apns-push-type": "voip", "apns-topic": "com.example.shop.voip"}}}}"#
        #expect(try Self.findings(body, "payload-size", fileName: "calls/a.json", config: config).isEmpty)
    }

    // MARK: apns-live-activity-end-dismissal

    @Test func endWithoutDismissalIsReportedAtTheEventAndAnyDismissalDateSilencesIt() throws {
        let rule = "apns-live-activity-end-dismissal"
        let found = try Self.findings(#"{"aps": {"timestamp": 1764410800, "event": "end"}}"#, rule)
        #expect(found.map(\.pointer) == ["/aps/event"])
        #expect(found.first?.severity == .warning)
        #expect(found.first?.help == "add \"dismissal-date\" in UNIX seconds")
        // The timestamp itself as the dismissal date removes the activity at once: what Apple suggests.
        let atOnce = try Self.findings(
            #"{"aps": {"timestamp": 1764410800, "event": "end", "dismissal-date": 1764410800}}"#, rule)
        #expect(atOnce.isEmpty)
        let update = try Self.findings(#"{"aps": {"timestamp": 1764410800, "event": "update"}}"#, rule)
        #expect(update.isEmpty)
    }
}
