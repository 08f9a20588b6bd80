import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// The `app-*` rules: payloads and the contract checked against what the app's sources say (issue 23). The facts
/// are built here as `pushlint app scan` would fill them.
@Suite struct AppRulesTests {
    static func at(_ path: String, _ line: Int) -> AppFacts.Location { AppFacts.Location(path: path, line: line) }

    static let kotlin = "android/app/src/main/java/com/example/App.kt"
    static let manifest = "android/app/src/main/AndroidManifest.xml"

    /// An Android app with channels `orders` (high) and `promo` (low), `legacy` deleted, default channel `orders`.
    static var android: AppFacts {
        var app = AppFacts()
        app.platforms = [.android]
        app.channels = [
            AppFacts.Channel(id: "orders", importance: .high, location: at(kotlin, 12)),
            AppFacts.Channel(id: "promo", importance: .low, location: at(kotlin, 18)),
        ]
        app.deletedChannels = [AppFacts.Fact(id: "legacy", location: at(kotlin, 30))]
        app.defaultChannel = AppFacts.Fact(id: "orders", location: at(manifest, 9))
        return app
    }

    /// An iOS app with category `ORDER_ACTIONS`, the remote-notification mode, the time-sensitive entitlement and a
    /// service extension.
    static var ios: AppFacts {
        var app = AppFacts()
        app.platforms = [.ios]
        app.categories = [AppFacts.Category(id: "ORDER_ACTIONS", actions: ["TRACK"], location: at("ios/App.swift", 40))]
        app.backgroundModes = [AppFacts.Fact(id: "remote-notification", location: at("ios/Info.plist", 30))]
        app.entitlements = [
            AppFacts.Fact(
                id: "com.apple.developer.usernotifications.time-sensitive", location: at("ios/App.entitlements", 5))
        ]
        app.serviceExtensions = [at("ios/Service/Info.plist", 20)]
        return app
    }

    static func report(_ source: String, fileName: String = "a.json", contract: String? = nil, app: AppFacts?)
        throws -> LintReport
    {
        try ExampleLinter.lint(source, fileName: fileName, contract: contract, app: app)
    }

    static func findings(
        _ source: String, fileName: String = "a.json", contract: String? = nil, app: AppFacts?, rule: String
    ) throws -> [Diagnostic] {
        try report(source, fileName: fileName, contract: contract, app: app).allDiagnostics.filter { $0.ruleId == rule }
    }

    static func fcm(channel: String) -> String {
        #"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"notification": {"channel_id": "\#(channel)"}}}}"#
    }

    // MARK: Channels

    @Test func channelNotCreatedNamesTheFallbackAndTheAppsChannels() throws {
        let found = try Self.findings(Self.fcm(channel: "order"), app: Self.android, rule: "app-channel-not-created")
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.pointer == "/message/android/notification/channel_id")
        #expect(finding.message.contains("the app's default channel 'orders' (\(Self.manifest):9)"))
        #expect(finding.message.contains("first at \(Self.kotlin):12"))
        #expect(finding.message.hasSuffix("Did you mean 'orders'?"))
        #expect(finding.help == "write \"orders\", or create 'order' in the app")

        var noDefault = Self.android
        noDefault.defaultChannel = AppFacts.Fact(id: "general", location: Self.at(Self.manifest, 9))
        let fallback = try Self.findings(Self.fcm(channel: "news"), app: noDefault, rule: "app-channel-not-created")
        #expect(fallback.first?.message.contains("FCM's own \"Miscellaneous\" channel") == true, "default not created")
    }

    @Test func expoChannelThatTheAppNeverCreatesIsAnError() throws {
        let expo = #"{"to": "ExponentPushToken[a]", "title": "x", "channelId": "news"}"#
        let found = try Self.findings(expo, app: Self.android, rule: "app-channel-not-created")
        #expect(found.map(\.severity) == [.error])
        #expect(found.first?.message.contains("the notification is not displayed") == true)
    }

    @Test func deletedChannelsAreReportedUnlessAlsoCreated() throws {
        let found = try Self.findings(Self.fcm(channel: "legacy"), app: Self.android, rule: "app-channel-not-created")
        #expect(found.first?.message.contains("deletes at \(Self.kotlin):30") == true)
        var recreated = Self.android
        recreated.channels.append(AppFacts.Channel(id: "legacy", importance: nil, location: Self.at(Self.kotlin, 40)))
        #expect(try Self.findings(Self.fcm(channel: "legacy"), app: recreated, rule: "app-channel-not-created").isEmpty)
    }

    @Test func unreadChannelIdsTurnTheFindingIntoAReminder() throws {
        var app = Self.android
        app.unresolved = [
            AppFacts.Unresolved(what: "channel id REMOTE_CHANNEL", location: Self.at(Self.kotlin, 50)),
            AppFacts.Unresolved(what: "category id X", location: Self.at(Self.kotlin, 60)),
        ]
        let found = try Self.findings(Self.fcm(channel: "news"), app: app, rule: "app-channel-not-created")
        #expect(found.map(\.severity) == [.info])
        #expect(found.first?.message.contains("channel id REMOTE_CHANNEL at \(Self.kotlin):50") == true)
        #expect(found.first?.message.contains("category id X") == false)
    }

    @Test func silentWithoutTheAppsAndroidSourcesOrForPlaceholders() throws {
        #expect(try Self.findings(Self.fcm(channel: "news"), app: nil, rule: "app-channel-not-created").isEmpty)
        #expect(try Self.findings(Self.fcm(channel: "news"), app: Self.ios, rule: "app-channel-not-created").isEmpty)
        #expect(
            try Self.findings(
                Self.fcm(channel: "{{channel}}"), fileName: "a.json.tmpl", app: Self.android,
                rule: "app-channel-not-created"
            ).isEmpty)
    }

    @Test func contractChannelsAreCheckedInTheContract() throws {
        let contract = """
            // channels of the shop
            {
              "android": {
                "channels": [
                  { "id": "orders", "importance": "default" },
                  { "id": "legacy" },
                  { "id": "news", "importance": "low" }
                ]
              }
            }
            """
        let report = try Self.report(Self.fcm(channel: "orders"), contract: contract, app: Self.android)
        let file = try #require(report.files.first { $0.path.display == ExampleLinter.contractPath })
        let found = file.diagnostics.map { "\($0.ruleId) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        #expect(
            found == [
                "app-channel-importance 5:39", "app-channel-not-created 6:15", "app-channel-not-created 7:15",
            ])
        #expect(file.diagnostics.first?.pointer == "/android/channels/0/importance")
        #expect(file.diagnostics.first?.message.contains("importance high at \(Self.kotlin):12") == true)
        #expect(file.diagnostics.first?.location?.lineText.contains("\"default\"") == true)
        #expect(file.diagnostics[1].message.contains("deletes it at \(Self.kotlin):30"))
        // The payload's channel is created: nothing in the payload file.
        #expect(report.files.first { $0.path.display == "a.json" }?.diagnostics.isEmpty == true)
    }

    @Test func importanceIsComparedWithEveryCreation() throws {
        var app = Self.android
        app.channels.append(AppFacts.Channel(id: "orders", importance: .default, location: Self.at("Other.kt", 3)))
        app.channels.append(AppFacts.Channel(id: "promo", importance: nil, location: Self.at("Other.kt", 4)))
        let contract =
            #"{"android": {"channels": [{"id": "orders", "importance": "high"}, {"id": "promo", "importance": "low"}]}}"#
        let found = try Self.findings(
            Self.fcm(channel: "orders"), contract: contract, app: app, rule: "app-channel-importance")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("importance default at Other.kt:3") == true)
    }

    @Test func contractRulesHonourLevelsAndOverridesOfTheContractPath() throws {
        let contract = #"{"android": {"channels": [{"id": "news"}]}}"#
        var project = try ExampleLinter.project(config: nil, contract: contract, app: Self.android)
        let off = try Config.read(
            path: ".pushlint.json",
            bytes: Array(
                #"{"overrides": [{"files": ["push-contract.json"], "rules": {"app-channel-not-created": "off"}}]}"#.utf8
            ),
            rules: RuleRegistry.descriptions)
        #expect(
            Engine(project: project, options: LintOptions(jobs: 1)).lint(
                bytes: Array(Self.fcm(channel: "orders").utf8), path: "a.json"
            )
            .files.contains { $0.path.display == ExampleLinter.contractPath })
        project.config = off
        let engine = Engine(project: project, options: LintOptions(jobs: 1))
        let report = engine.lint(bytes: Array(Self.fcm(channel: "orders").utf8), path: "a.json")
        #expect(!report.files.contains { $0.path.display == ExampleLinter.contractPath })
    }

    @Test func theEditorsReportHoldsOnlyItsDocument() throws {
        let contract = #"{"android": {"channels": [{"id": "news"}]}}"#
        let project = try ExampleLinter.project(config: nil, contract: contract, app: Self.android)
        let engine = Engine(project: project, options: LintOptions(jobs: 1))
        let report = engine.lint(
            editorText: Array(Self.fcm(channel: "zzz").utf8), absolutePath: "/example/a.json", displayPath: "a.json")
        #expect(report.files.map(\.path.display) == ["a.json"])
        #expect(report.files.first?.diagnostics.contains { $0.ruleId == "app-channel-not-created" } == true)
    }

    @Test func defaultChannel() throws {
        let bare = #"{"message": {"token": "t", "notification": {"title": "x"}}}"#
        #expect(try Self.findings(bare, app: Self.android, rule: "app-default-channel").isEmpty)
        var none = Self.android
        none.defaultChannel = nil
        let found = try Self.findings(bare, app: none, rule: "app-default-channel")
        #expect(found.map(\.pointer) == ["/message/notification"])
        #expect(found.first?.help == "set android.notification.channel_id to one of \"orders\", \"promo\"")
        // Named channel: app-channel-not-created's, not this rule's.
        #expect(try Self.findings(Self.fcm(channel: "zzz"), app: none, rule: "app-default-channel").isEmpty)

        let declared = #"{"android": {"defaultChannel": "general", "channels": [{"id": "orders"}, {"id": "general"}]}}"#
        let notManifest = try Self.findings(bare, contract: declared, app: Self.android, rule: "app-default-channel")
        #expect(notManifest.map(\.pointer) == ["/android/defaultChannel"])
        #expect(notManifest.first?.message.contains("the app's manifest names 'orders' (\(Self.manifest):9)") == true)
        let noManifest = try Self.findings(
            Self.fcm(channel: "orders"), contract: declared, app: none, rule: "app-default-channel")
        #expect(noManifest.first?.message.contains("declares no default channel") == true)

        // The manifest's default is never created and the contract lists no such channel: said at defaultChannel.
        var uncreated = Self.android
        uncreated.defaultChannel = AppFacts.Fact(id: "general", location: Self.at(Self.manifest, 9))
        let alone = #"{"android": {"defaultChannel": "general"}}"#
        let never = try Self.findings(
            Self.fcm(channel: "orders"), contract: alone, app: uncreated, rule: "app-default-channel")
        #expect(never.first?.message.contains("is never created by the app") == true)
        // Listed among the contract's channels: app-channel-not-created reports that entry instead.
        let listed = try Self.report(Self.fcm(channel: "orders"), contract: declared, app: uncreated)
        #expect(listed.allDiagnostics.filter { $0.ruleId == "app-default-channel" }.isEmpty)
        #expect(
            listed.allDiagnostics.contains {
                $0.ruleId == "app-channel-not-created" && $0.pointer == "/android/channels/1/id"
            })
    }

    // MARK: iOS

    @Test func categories() throws {
        let source = #"{"aps": {"alert": "x", "category": "ORDER_ACTION"}}"#
        let found = try Self.findings(source, app: Self.ios, rule: "app-category-not-registered")
        #expect(found.first?.message.contains("'ORDER_ACTIONS' (ios/App.swift:40)") == true)
        #expect(found.first?.message.hasSuffix("Did you mean 'ORDER_ACTIONS'?") == true)
        let fcm = #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "x", "category": "RATE"}}}}}"#
        #expect(
            try Self.findings(fcm, app: Self.ios, rule: "app-category-not-registered").map(\.pointer) == [
                "/message/apns/payload/aps/category"
            ])
        #expect(try Self.findings(source, app: Self.android, rule: "app-category-not-registered").isEmpty)
        var unread = Self.ios
        unread.unresolved = [AppFacts.Unresolved(what: "category id kCategory", location: Self.at("ios/App.swift", 70))]
        #expect(try Self.findings(source, app: unread, rule: "app-category-not-registered").map(\.severity) == [.info])
    }

    @Test func backgroundModes() throws {
        var none = Self.ios
        none.backgroundModes = []
        let visible = #"{"aps": {"alert": "Inbox updated", "content-available": 1}}"#
        let found = try Self.findings(visible, app: none, rule: "app-background-mode-missing")
        #expect(found.first?.message.contains("the notification shows, but iOS does not wake the app") == true)
        let envelope = """
            {"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {}}}
            """
        #expect(
            try Self.findings(envelope, app: none, rule: "app-background-mode-missing").map(\.pointer) == [
                "/headers/apns-push-type"
            ])
        #expect(try Self.findings(visible, app: Self.ios, rule: "app-background-mode-missing").isEmpty)
        let voip =
            #"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.voip"}, "payload": {"call": "1"}}"#
        var pushKitOnly = Self.ios
        pushKitOnly.pushKit = [Self.at("ios/Calls.swift", 8)]
        let voipFound = try Self.findings(voip, app: pushKitOnly, rule: "app-background-mode-missing")
        #expect(voipFound.count == 1)
        #expect(voipFound.first?.message.contains("PKPushRegistry") == false)
        #expect(
            voipFound.first?.message.contains(
                "UIBackgroundModes lacks voip (ios/Info.plist:30 lists 'remote-notification')") == true)
    }

    @Test func serviceExtension() throws {
        var none = Self.ios
        none.serviceExtensions = []
        let expo = #"{"to": "ExponentPushToken[a]", "title": "x", "mutableContent": true}"#
        #expect(
            try Self.findings(expo, app: none, rule: "app-service-extension-missing").map(\.pointer) == [
                "/mutableContent"
            ])
        #expect(try Self.findings(expo, app: Self.ios, rule: "app-service-extension-missing").isEmpty)
        let silent = #"{"aps": {"content-available": 1, "mutable-content": 1}}"#
        #expect(try Self.findings(silent, app: none, rule: "app-service-extension-missing").isEmpty)
    }

    @Test func entitlements() throws {
        let location = """
            {"headers": {"apns-push-type": "location", "apns-topic": "com.example.location-query"}, "payload": {}}
            """
        let found = try Self.findings(location, app: Self.ios, rule: "app-entitlement-missing")
        #expect(found.first?.message.contains("com.apple.developer.location.push") == true)
        #expect(found.first?.message.contains("(ios/App.entitlements)") == true)
        let sound = #"{"aps": {"alert": "x", "sound": {"critical": 1, "name": "a.caf"}}}"#
        #expect(
            try Self.findings(sound, app: Self.ios, rule: "app-entitlement-missing").map(\.pointer) == [
                "/aps/sound/critical"
            ])
        let templated = #"{"aps": {"alert": "x", "interruption-level": "{{level}}"}}"#
        #expect(
            try Self.findings(templated, fileName: "a.json.tmpl", app: Self.ios, rule: "app-entitlement-missing")
                .isEmpty)
        var bare = Self.ios
        bare.entitlements = []
        let timeSensitive = #"{"aps": {"alert": "x", "interruption-level": "time-sensitive"}}"#
        #expect(
            try Self.findings(timeSensitive, app: bare, rule: "app-entitlement-missing").first?.message.contains(
                "no entitlements file of the app was found") == true)
    }

    // MARK: One mistake, one finding

    /// With the app's sources of a platform read, the contract-based payload checks leave the payload to the
    /// `app-*` rules; without them they judge as before.
    @Test func contractRulesDeferToTheAppRules() throws {
        let contract =
            #"{"ios": {"categories": ["A"], "entitlements": ["critical-alerts"]}, "android": {"channels": [{"id": "orders"}]}}"#
        let cases: [(source: String, rule: String, app: AppFacts)] = [
            (Self.fcm(channel: "promo"), "android-channel-exists", Self.android),
            (#"{"message": {"token": "t", "notification": {"title": "x"}}}"#, "android-channel-missing", Self.android),
            (#"{"aps": {"alert": "x", "category": "ORDER_ACTIONS"}}"#, "contract-category-exists", Self.ios),
            (
                #"{"aps": {"alert": "x", "interruption-level": "time-sensitive"}}"#, "apns-interruption-entitlement",
                Self.ios
            ),
        ]
        for entry in cases {
            #expect(
                try !Self.findings(entry.source, contract: contract, app: nil, rule: entry.rule).isEmpty,
                "\(entry.rule) without the app")
            #expect(
                try Self.findings(entry.source, contract: contract, app: entry.app, rule: entry.rule).isEmpty,
                "\(entry.rule) with the app")
            // Sources of the other platform only: the contract rule still judges.
            var other = entry.app
            other.platforms = entry.app.platforms.contains(.ios) ? [.android] : [.ios]
            #expect(
                try !Self.findings(entry.source, contract: contract, app: other, rule: entry.rule).isEmpty,
                "\(entry.rule) with the other platform's sources")
        }
    }
}
