import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// The app resource rules with the contract's app keys (issue 30): `ios.sounds` / `android.sounds`,
/// `ios.liveActivities` and `links.fields`, alone and together with the app's facts.
@Suite struct AppContractKeysRulesTests {
    static func findings(
        _ source: String, fileName: String = "a.json", contract: String?, app: AppFacts? = nil, rule: String
    ) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: fileName, contract: contract, app: app).allDiagnostics.filter {
            $0.ruleId == rule
        }
    }

    static let sounds = #"{"ios": {"sounds": ["ping.caf"]}, "android": {"sounds": ["ping"]}}"#

    // MARK: Sounds

    @Test func withoutTheAppTheContractsSoundsAreChecked() throws {
        let ios = try Self.findings(
            #"{"aps": {"alert": "x", "sound": "pong.caf"}}"#, contract: Self.sounds, rule: "app-sound-missing")
        #expect(ios.count == 1)
        #expect(ios.first?.severity == .warning)
        #expect(ios.first?.message.contains("not one of the contract's ios.sounds (it allows 'ping.caf')") == true)
        let android = try Self.findings(
            #"{"message": {"token": "t", "android": {"notification": {"sound": "ping.mp3"}}}}"#, contract: Self.sounds,
            rule: "app-sound-missing")
        #expect(android.first?.help?.contains(#"write "ping""#) == true, "\(android)")
        for fine in [
            #"{"aps": {"alert": "x", "sound": "ping.caf"}}"#, #"{"aps": {"alert": "x", "sound": "default"}}"#,
            #"{"message": {"token": "t", "android": {"notification": {"sound": "ping"}}}}"#,
        ] {
            #expect(try Self.findings(fine, contract: Self.sounds, rule: "app-sound-missing").isEmpty, "\(fine)")
        }
        // A platform the contract lists no sounds for is not judged.
        #expect(
            try Self.findings(
                #"{"aps": {"alert": "x", "sound": "pong.caf"}}"#, contract: #"{"android": {"sounds": ["ping"]}}"#,
                rule: "app-sound-missing"
            ).isEmpty)
    }

    @Test func withTheAppTheContractNarrowsTheSounds() throws {
        var app = AppFacts()
        app.platforms = [.ios]
        app.sounds = [
            AppFacts.Resource(
                platform: .ios, name: "ping.caf", location: AppFacts.Location(path: "ios/ping.caf", line: 0)),
            AppFacts.Resource(
                platform: .ios, name: "bell.caf", location: AppFacts.Location(path: "ios/bell.caf", line: 0)),
        ]
        let narrowed = try Self.findings(
            #"{"aps": {"alert": "x", "sound": "bell.caf"}}"#, contract: Self.sounds, app: app, rule: "app-sound-missing"
        )
        #expect(narrowed.count == 1)
        #expect(narrowed.first?.message.contains("though the app ships it (ios/bell.caf)") == true, "\(narrowed)")
        // What the app does not ship is the app's finding, whatever the contract says.
        let missing = try Self.findings(
            #"{"aps": {"alert": "x", "sound": "gong.caf"}}"#, contract: #"{"ios": {"sounds": ["gong.caf"]}}"#, app: app,
            rule: "app-sound-missing")
        #expect(missing.first?.message.contains("is not a sound file of the app") == true, "\(missing)")
        // The app's Android sources were not read: the contract's Android sounds are used.
        let android = try Self.findings(
            #"{"message": {"token": "t", "android": {"notification": {"sound": "bell"}}}}"#, contract: Self.sounds,
            app: app, rule: "app-sound-missing")
        #expect(android.first?.message.contains("android.sounds") == true, "\(android)")
    }

    @Test func aPlaceholderSoundIsCheckedForEveryValueTheContractAllows() throws {
        let contract = #"""
            {"ios": {"sounds": ["ping.caf"]},
             "events": {"e": {"files": ["*.tmpl"], "fields": {"tone": {"enum": ["ping.caf", "pong.caf"]}}}}}
            """#
        let found = try Self.findings(
            #"{"aps": {"alert": "x", "sound": "{{tone}}"}, "tone": "ping.caf"}"#, fileName: "a.json.tmpl",
            contract: contract, rule: "app-sound-missing")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'pong.caf'") == true)
        let unknown = try Self.findings(
            #"{"aps": {"alert": "x", "sound": "{{other}}"}}"#, fileName: "a.json.tmpl", contract: contract,
            rule: "app-sound-missing")
        #expect(unknown.isEmpty, "a placeholder the contract says nothing about is not judged")
    }

    // MARK: Live Activities

    static let activities = #"""
        {"ios": {"liveActivities": {
          "Trip": {"contentState": {"stop": {"type": "string"}, "arrival": {"type": "date"}, "note": {"optional": true}},
                   "attributes": {"line": {"type": "integer"}}}
        }}}
        """#

    @Test func withoutTheAppTheContractsTypesAreChecked() throws {
        let found = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "update", "content-state": {"stop": "A", "arrival": "2026-12-03", "note": null}}}"#,
            contract: Self.activities, rule: "app-live-activity-state")
        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.message.contains("Trip.ContentState (push-contract.json:2)") == true, "\(found)")
        let unknownType = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "start", "attributes-type": "Trp", "attributes": {"line": 1}, "content-state": {"stop": "A", "arrival": 1}, "alert": "x"}}"#,
            contract: Self.activities, rule: "app-live-activity-state")
        #expect(unknownType.first?.message.contains("the contract's ios.liveActivities") == true, "\(unknownType)")
        #expect(unknownType.first?.message.contains("Did you mean 'Trip'?") == true)
        let fine = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "start", "attributes-type": "Trip", "attributes": {"line": 4}, "content-state": {"stop": "A", "arrival": 817308000, "note": [1]}, "alert": "x"}}"#,
            contract: Self.activities, rule: "app-live-activity-state")
        #expect(fine.isEmpty, "a key declared without a type takes any value: \(fine)")
    }

    @Test func aTypeReadFromTheSourcesWinsOverTheContracts() throws {
        var app = AppFacts()
        app.platforms = [.ios]
        let at = AppFacts.Location(path: "ios/Trip.swift", line: 3)
        app.liveActivities = [
            AppFacts.LiveActivity(
                attributesType: "Trip",
                contentState: [AppFacts.LiveActivityField(name: "stop", type: "Int", optional: false)],
                attributes: nil, location: at),
            AppFacts.LiveActivity(attributesType: "Score", contentState: nil, attributes: nil, location: at),
        ]
        let contract = #"""
            {"ios": {"liveActivities": {
              "Trip": {"contentState": {"stop": {"type": "string"}}},
              "Score": {"contentState": {"home": {"type": "integer"}}}
            }}}
            """#
        let trip = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "start", "attributes-type": "Trip", "attributes": {}, "content-state": {"stop": "A"}, "alert": "x"}}"#,
            contract: contract, app: app, rule: "app-live-activity-state")
        #expect(trip.first?.message.contains("declares it Int") == true, "\(trip)")
        // Score's decoder is the app's own: the contract declares its keys.
        let score = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "start", "attributes-type": "Score", "attributes": {}, "content-state": {"home": "2"}, "alert": "x"}}"#,
            contract: contract, app: app, rule: "app-live-activity-state")
        #expect(score.first?.message.contains("Score.ContentState (push-contract.json:3)") == true, "\(score)")
    }

    // MARK: Links

    @Test func theContractsLinkFieldsAreLinks() throws {
        var app = AppFacts()
        app.platforms = [.android, .ios]
        app.links = [
            AppFacts.Link(
                kind: .scheme, platform: .ios, value: "shop", location: AppFacts.Location(path: "Info.plist", line: 9))
        ]
        let contract = #"{"links": {"fields": ["open_this"]}}"#
        let declared = try Self.findings(
            #"{"aps": {"alert": "x"}, "open_this": "shap://a", "other": "shap://b"}"#, contract: contract, app: app,
            rule: "app-link-unhandled")
        #expect(declared.count == 1)
        #expect(declared.first?.message.contains("'shap://a'") == true)
        for key in ["deep_link", "deepLink", "URL", "Deep-Link"] {
            let wellKnown = try Self.findings(
                #"{"aps": {"alert": "x"}, "\#(key)": "shap://a"}"#, contract: nil, app: app, rule: "app-link-unhandled")
            #expect(wellKnown.count == 1, "\(key)")
        }
        let payloadLink = try Self.findings(
            #"{"aps": {"alert": "x"}, "open_this": "shap://a"}"#,
            contract: #"{"links": {"schemes": ["shop"], "fields": ["open_this"]}}"#, rule: "payload-link")
        #expect(payloadLink.count == 1)
    }
}
