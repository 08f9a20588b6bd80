import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// The resource rules of issue 30 (strings, sounds, icons, links, Live Activities) beyond their examples.
@Suite struct AppResourceRulesTests {
    static func at(_ path: String, _ line: Int) -> AppFacts.Location { AppFacts.Location(path: path, line: line) }

    /// Both platforms: iOS strings `welcome` (one argument; en, fr) and `bye` (en only); Android `title` (`%s`);
    /// sounds `ping.caf` and `ping`; icons `ic_stat`; default colour `brand` (missing); scheme `shop`, hosts
    /// `*.example.com` (iOS) and `shop.example.com` (Android), action `OPEN`; Live Activities `Trip` and `Score`.
    static var app: AppFacts {
        var app = AppFacts()
        app.platforms = [.android, .ios]
        app.strings = [
            AppFacts.LocalizedString(
                platform: .ios, key: "welcome", locales: ["en", "fr"], arguments: 1, conversions: ["@"],
                mismatchedLocales: ["fr": 2], location: at("ios/en.lproj/Localizable.strings", 2)),
            AppFacts.LocalizedString(
                platform: .ios, key: "bye", locales: ["en"], arguments: 0,
                location: at("ios/en.lproj/Localizable.strings", 3)),
            AppFacts.LocalizedString(
                platform: .android, key: "title", locales: ["default"], arguments: 1, conversions: ["s"],
                location: at("res/values/strings.xml", 2)),
        ]
        app.sounds = [
            AppFacts.Resource(platform: .ios, name: "ping.caf", location: at("ios/ping.caf", 0)),
            AppFacts.Resource(platform: .android, name: "ping", location: at("res/raw/ping.mp3", 0)),
        ]
        app.icons = [
            AppFacts.Resource(platform: .android, name: "ic_stat", location: at("res/drawable/ic_stat.xml", 0))
        ]
        app.defaultIcon = AppFacts.Fact(id: "ic_stat", location: at("AndroidManifest.xml", 5))
        app.defaultColor = AppFacts.Fact(id: "brand", location: at("AndroidManifest.xml", 6))
        app.links = [
            AppFacts.Link(kind: .scheme, platform: .ios, value: "shop", location: at("ios/Info.plist", 9)),
            AppFacts.Link(
                kind: .host, platform: .ios, value: "*.example.com", verified: true,
                location: at("ios/App.entitlements", 4)),
            AppFacts.Link(kind: .scheme, platform: .android, value: "shop", location: at("AndroidManifest.xml", 20)),
            AppFacts.Link(
                kind: .host, platform: .android, value: "shop.example.com", verified: true,
                location: at("AndroidManifest.xml", 21)),
            AppFacts.Link(kind: .action, platform: .android, value: "OPEN", location: at("AndroidManifest.xml", 22)),
        ]
        app.liveActivities = [
            AppFacts.LiveActivity(
                attributesType: "Trip",
                contentState: [
                    AppFacts.LiveActivityField(name: "stop", type: "String", optional: false),
                    AppFacts.LiveActivityField(name: "arrival", type: "Date", optional: false),
                    AppFacts.LiveActivityField(name: "note", type: "String", optional: true),
                ],
                attributes: [AppFacts.LiveActivityField(name: "line", type: "Int", optional: false)],
                location: at("ios/Trip.swift", 3)),
            AppFacts.LiveActivity(
                attributesType: "Score",
                contentState: [AppFacts.LiveActivityField(name: "home", type: "Int", optional: false)],
                attributes: [], location: at("ios/Score.swift", 3)),
        ]
        return app
    }

    static func findings(
        _ source: String, fileName: String = "a.json", contract: String? = nil, app: AppFacts? = app, rule: String
    ) throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: fileName, contract: contract, app: app).allDiagnostics.filter {
            $0.ruleId == rule
        }
    }

    // MARK: Strings

    @Test func locKeysAreCheckedPerPlatformAndLocale() throws {
        let missing = try Self.findings(
            #"{"aps": {"alert": {"title-loc-key": "welcom"}}}"#, rule: "app-loc-key-missing")
        #expect(missing.count == 1)
        #expect(missing.first?.message.contains("Did you mean 'welcome'?") == true)
        let partial = try Self.findings(#"{"aps": {"alert": {"loc-key": "bye"}}}"#, rule: "app-loc-key-missing")
        #expect(partial.first?.message.contains("not in fr") == true)
        // An Android key is not looked up among the iOS strings.
        let android = try Self.findings(
            #"{"message": {"token": "t", "android": {"notification": {"body_loc_key": "welcome"}}}}"#,
            rule: "app-loc-key-missing")
        #expect(android.count == 1)
        let fine = try Self.findings(
            #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": {"loc-key": "welcome", "loc-args": ["a"]}}}}}}"#,
            rule: "app-loc-key-missing")
        #expect(fine.isEmpty)
    }

    /// Android falls back to `res/values` per resource: a key defined there but not in every locale reads the
    /// default text (an info); a key `res/values` lacks reads nothing where its locales do not cover (a warning).
    @Test func anAndroidKeyWithTheDefaultResourceIsAnInfo() throws {
        var app = Self.app
        let at = AppFacts.Location(path: "res/values/strings.xml", line: 3)
        app.strings = [
            AppFacts.LocalizedString(
                platform: .android, key: "shipped", locales: ["de", "default"], arguments: 0, location: at),
            AppFacts.LocalizedString(platform: .android, key: "promo", locales: ["de"], arguments: 0, location: at),
            AppFacts.LocalizedString(
                platform: .android, key: "sale", locales: ["default", "fr"], arguments: 0, location: at),
        ]
        func finding(_ key: String) throws -> Diagnostic? {
            try Self.findings(
                #"{"message": {"token": "t", "android": {"notification": {"body_loc_key": "\#(key)"}}}}"#, app: app,
                rule: "app-loc-key-missing"
            ).first
        }
        let untranslated = try #require(try finding("shipped"))
        #expect(untranslated.severity == .info)
        #expect(untranslated.message.contains("not in fr") && untranslated.message.contains("untranslated"))
        let noDefault = try #require(try finding("promo"))
        #expect(noDefault.severity == .warning)
        #expect(noDefault.message.contains("see no text"))
    }

    @Test func aPlaceholderKeyIsCheckedForEveryValueTheContractAllows() throws {
        let contract =
            #"{"events": {"greet": {"files": ["*.tmpl"], "fields": {"key": {"enum": ["welcome", "farewell"]}}}}}"#
        let found = try Self.findings(
            #"{"aps": {"alert": {"loc-key": "{{key}}", "loc-args": ["x"]}}, "key": "welcome"}"#,
            fileName: "a.json.tmpl",
            contract: contract, rule: "app-loc-key-missing")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("'farewell'") == true)
        let unknown = try Self.findings(
            #"{"aps": {"alert": {"loc-key": "{{other}}"}}}"#, fileName: "a.json.tmpl", contract: contract,
            rule: "app-loc-key-missing")
        #expect(unknown.isEmpty)
    }

    @Test func locArgsAreCountedAgainstTheStringAndItsTranslations() throws {
        let fewer = try Self.findings(
            #"{"aps": {"alert": {"loc-key": "bye", "loc-args": ["x"]}}}"#, rule: "app-loc-args-mismatch")
        #expect(fewer.first?.message.contains("has 0 format specifiers") == true)
        let locale = try Self.findings(
            #"{"aps": {"alert": {"loc-key": "welcome", "loc-args": ["x"]}}}"#, rule: "app-loc-args-mismatch")
        #expect(locale.first?.message.contains("fr has 2") == true)
        #expect(locale.first?.severity == .warning)
        let android = try Self.findings(
            #"{"message": {"token": "t", "android": {"notification": {"title_loc_key": "title", "title_loc_args": ["a", "b"]}}}}"#,
            rule: "app-loc-args-mismatch")
        #expect(android.first?.message.contains("extra arguments") == true)
    }

    // MARK: Sounds

    @Test func soundsOfEveryKindThatCarriesOne() throws {
        let critical = try Self.findings(
            #"{"aps": {"alert": "x", "sound": {"critical": 1, "name": "alarm.caf", "volume": 1.0}}}"#,
            rule: "app-sound-missing")
        #expect(critical.count == 1)
        let expo = try Self.findings(
            #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "x", "sound": "pong.wav"}"#,
            rule: "app-sound-missing")
        #expect(expo.count == 1)
        let androidExtension = try Self.findings(
            #"{"message": {"token": "t", "android": {"notification": {"sound": "ping.mp3"}}}}"#,
            rule: "app-sound-missing")
        #expect(androidExtension.first?.help?.contains("write \"ping\"") == true)
        var androidOnly = Self.app
        androidOnly.platforms = [.android]
        #expect(
            try Self.findings(
                #"{"aps": {"alert": "x", "sound": "pong.caf"}}"#, app: androidOnly, rule: "app-sound-missing"
            )
            .isEmpty)
    }

    // MARK: Icons

    @Test func iconsAndTheDefaultColour() throws {
        let color = try Self.findings(
            #"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"notification": {"icon": "ic_stat"}}}}"#,
            rule: "app-icon-missing")
        #expect(color.count == 1)
        #expect(color.first?.message.contains("default notification colour 'brand'") == true)
        let withColor = try Self.findings(
            ##"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"notification": {"icon": "ic_stat", "color": "#ff0000"}}}}"##,
            rule: "app-icon-missing")
        #expect(withColor.isEmpty)
        var noDrawables = Self.app
        noDrawables.icons = []
        #expect(
            try Self.findings(
                #"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"notification": {"icon": "nope"}}}}"#,
                app: noDrawables, rule: "app-icon-missing"
            ).isEmpty, "no drawable read: nothing is known")
    }

    // MARK: Links

    @Test func linksPerPlatform() throws {
        // iOS claims *.example.com: www is claimed there; Android claims shop.example.com only.
        let fcm = try Self.findings(
            #"{"message": {"token": "t", "data": {"url": "https://www.example.com/x"}, "apns": {"payload": {"aps": {}, "link": "https://www.example.com/y"}}}}"#,
            rule: "app-link-unhandled")
        #expect(fcm.count == 1)
        #expect(fcm.first?.message.contains("Android app does not claim") == true)
        let expo = try Self.findings(
            #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "x", "data": {"deeplink": "SHOPX://a"}}"#,
            rule: "app-link-unhandled")
        #expect(expo.first?.message.contains("scheme 'shopx'") == true)
        let fine = try Self.findings(
            #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "x", "data": {"url": "Shop://a", "link": "mailto:a@b.c", "deep_link": "/x"}}"#,
            rule: "app-link-unhandled")
        #expect(fine.isEmpty)
    }

    // MARK: Live Activities

    @Test func contentStateDecodesIntoOneOfTheAppsTypes() throws {
        let score = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "update", "content-state": {"home": 2}}}"#,
            rule: "app-live-activity-state")
        #expect(score.isEmpty, "decodes into Score")
        let problems = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "update", "content-state": {"stop": null, "arrival": "2026-12-03T10:00:00Z", "nots": "x"}}}"#,
            rule: "app-live-activity-state")
        let messages = problems.map(\.message).joined(separator: "\n")
        #expect(problems.count == 3)
        #expect(messages.contains("'stop' is null"))
        #expect(messages.contains("'arrival' is \"2026-12-03T10:00:00Z\""))
        #expect(messages.contains("key 'nots' is not read"))
        let millis = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "update", "content-state": {"stop": "A", "arrival": 1780000000000}}}"#,
            rule: "app-live-activity-state")
        #expect(millis.first?.message.contains("milliseconds since 1970") == true)
        #expect(millis.first?.severity == .warning)
    }

    @Test func pushToStartAttributes() throws {
        let start = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "start", "attributes-type": "Trip", "attributes": {"line": "7"}, "content-state": {"stop": "A", "arrival": 800000000}, "alert": {"title": "t", "body": "b"}}}"#,
            rule: "app-live-activity-state")
        #expect(start.count == 1)
        #expect(start.first?.message.contains("attributes 'line'") == true)
        var unresolved = Self.app
        unresolved.unresolved = [
            AppFacts.Unresolved(
                what: "Live Activity type Remote (declared in another file or module)",
                location: Self.at("ios/R.swift", 1))
        ]
        let reminder = try Self.findings(
            #"{"aps": {"timestamp": 1, "event": "start", "attributes-type": "Remote", "attributes": {}, "content-state": {}, "alert": {"title": "t", "body": "b"}}}"#,
            app: unresolved, rule: "app-live-activity-state")
        #expect(reminder.first?.severity == .info)
    }
}
