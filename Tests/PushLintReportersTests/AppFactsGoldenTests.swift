import PushLintJSON
import PushLintModel
import PushLintReporters
import TestSupport
import Testing

/// `pushlint app scan`'s two outputs for a fixed set of facts, compared with testdata/golden/app-facts.{txt,json}
/// (regenerate with `PUSHLINT_UPDATE_GOLDEN=1 swift test --filter GoldenTests`, then review the diff), and the JSON
/// object's shape as issue 23 specifies it.
@Suite struct AppFactsGoldenTests {
    static var facts: AppFacts {
        func at(_ path: String, _ line: Int) -> AppFacts.Location { AppFacts.Location(path: path, line: line) }
        let kotlin = "android/app/src/main/java/com/example/shop/ShopApplication.kt"
        var facts = AppFacts()
        facts.platforms = [.android, .ios]
        facts.channels = [
            AppFacts.Channel(id: "orders", importance: .high, location: at(kotlin, 25)),
            AppFacts.Channel(id: "regional", importance: nil, location: at(kotlin, 40)),
        ]
        facts.deletedChannels = [AppFacts.Fact(id: "promo", location: at(kotlin, 41))]
        facts.channelGroups = [AppFacts.Fact(id: "shopping", location: at(kotlin, 23))]
        facts.categories = [
            AppFacts.Category(
                id: "ORDER_ACTIONS", actions: ["TRACK_ORDER", "CANCEL_ORDER"],
                location: at("ios/Shop/AppDelegate.swift", 22)),
            AppFacts.Category(id: "CHAT\u{1B}[31m", location: at("ios/Shop/AppDelegate.swift", 27)),
        ]
        facts.backgroundModes = [
            AppFacts.Fact(id: "fetch", location: at("ios/Shop/Info.plist", 14)),
            AppFacts.Fact(id: "fetch", location: at("ios/Extension/Info.plist", 9)),
        ]
        facts.entitlements = [AppFacts.Fact(id: "aps-environment", location: at("ios/Shop/Shop.entitlements", 5))]
        facts.defaultChannel = AppFacts.Fact(
            id: "general", location: at("android/app/src/main/AndroidManifest.xml", 21))
        facts.serviceExtensions = [at("ios/NotificationService/Info.plist", 10)]
        facts.postNotificationsPermission = at("android/app/src/main/AndroidManifest.xml", 6)
        facts.unresolved = [
            AppFacts.Unresolved(
                what: "channel id config.getString(\"flash_sale\")", location: at("android/RemoteChannels.kt", 11))
        ]
        facts.unreadable = [
            AppFacts.Unresolved(what: "cannot read it: permission denied", location: at("ios/Locked.swift", 0))
        ]
        facts.skipped = [AppFacts.Unresolved(what: "it holds binary data (a NUL byte)", location: at("ios/Blob.m", 0))]
        facts.filesRead = 12
        return facts
    }

    @Test func textMatchesGolden() {
        let problem = Golden.check(AppFactsReporter.text(Self.facts), name: "app-facts.txt")
        #expect(problem == nil, "\(problem ?? "")")
    }

    @Test func jsonMatchesGolden() {
        let problem = Golden.check(
            String(decoding: AppFactsReporter.json(Self.facts), as: UTF8.self), name: "app-facts.json")
        #expect(problem == nil, "\(problem ?? "")")
    }

    /// The keys issue 23 names, in its order and with its member keys; what is added comes after them.
    @Test func jsonHasTheIssuesShape() throws {
        let bytes = AppFactsReporter.json(Self.facts)
        let doc = try #require(JSONParser.parse(bytes).document)
        let keys = doc.members(doc.root).map { doc.string($0.key) }
        #expect(
            Array(keys.prefix(7)) == [
                "channels", "categories", "backgroundModes", "entitlements", "defaultChannel", "serviceExtension",
                "unresolved",
            ])
        func memberKeys(_ key: String) throws -> [[String]] {
            let array = try #require(doc.member(doc.root, key))
            return doc.elements(array).map { element in doc.members(element).map { doc.string($0.key) } }
        }
        #expect(try memberKeys("channels").allSatisfy { $0 == ["id", "importance", "path", "line"] })
        #expect(try memberKeys("categories").allSatisfy { Array($0.prefix(3)) == ["id", "path", "line"] })
        #expect(try memberKeys("unresolved").allSatisfy { $0 == ["what", "path", "line"] })
        let channels = try #require(doc.member(doc.root, "channels"))
        let regional = try #require(doc.elements(channels).last)
        #expect(doc.kind(try #require(doc.member(regional, "importance"))) == .null)
        // Each background mode once, however many plists declare it.
        #expect(doc.elements(try #require(doc.member(doc.root, "backgroundModes"))).map { doc.string($0) } == ["fetch"])
        #expect(doc.string(try #require(doc.member(doc.root, "defaultChannel"))) == "general")
        #expect(doc.boolValue(try #require(doc.member(doc.root, "serviceExtension"))) == true)

        let empty = try #require(JSONParser.parse(AppFactsReporter.json(AppFacts())).document)
        #expect(empty.kind(try #require(empty.member(empty.root, "defaultChannel"))) == .null)
        #expect(empty.boolValue(try #require(empty.member(empty.root, "serviceExtension"))) == false)
    }

    @Test func textShowsAnEmptyScanAndEscapesControlCharacters() {
        #expect(
            AppFactsReporter.text(AppFacts(), scanned: ["src"])
                == "read 0 app files in src: no Android or iOS app sources found\n")
        #expect(!AppFactsReporter.text(Self.facts).unicodeScalars.contains { $0.value == 0x1B })
    }
}
