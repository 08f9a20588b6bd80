import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// What `pushlint app scan` reads of the fixture apps' resources (issue 30; testdata/apps/EXPECTED.md), walked as
/// the command walks them.
@Suite struct AppResourceScanTests {
    static func facts(_ app: String) throws -> AppFacts {
        let folder = Paths.testdata.appendingPathComponent("apps").appendingPathComponent(app).path
        return try AppScan.scan(folders: ["."], cwd: folder, jobs: 1)
    }

    static func describe(_ facts: AppFacts) -> [String] {
        func at(_ location: AppFacts.Location) -> String {
            location.line > 0 ? "@ \(location.path):\(location.line)" : "@ \(location.path)"
        }
        var lines: [String] = []
        lines += facts.strings.map { string in
            let mismatched = string.mismatchedLocales.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }
            return
                "string \(string.platform.rawValue) \(string.key) \(string.arguments) [\(string.locales.joined(separator: ","))]"
                + mismatched.joined() + " \(at(string.location))"
        }
        lines += facts.sounds.map { "sound \($0.platform.rawValue) \($0.name) \(at($0.location))" }
        lines += facts.icons.map { "icon \($0.name) \(at($0.location))" }
        lines += facts.colors.map { "color \($0.name) \(at($0.location))" }
        lines += facts.defaultIcon.map { ["default icon \($0.id) \(at($0.location))"] } ?? []
        lines += facts.defaultColor.map { ["default color \($0.id) \(at($0.location))"] } ?? []
        lines += facts.links.map {
            "\($0.kind.rawValue) \($0.platform.rawValue) \($0.value)\($0.verified ? " verified" : "") \(at($0.location))"
        }
        lines += facts.liveActivities.map { activity in
            func list(_ fields: [AppFacts.LiveActivityField]?) -> String {
                fields.map { $0.map { "\($0.name):\($0.type)\($0.optional ? "?" : "")" }.joined(separator: ",") }
                    ?? "unknown"
            }
            return
                "activity \(activity.attributesType) state(\(list(activity.contentState))) attributes(\(list(activity.attributes))) \(at(activity.location))"
        }
        return lines
    }

    @Test func iosSwift() throws {
        let facts = try Self.facts("ios-swift")
        #expect(facts.unreadable.isEmpty)
        #expect(
            Self.describe(facts) == [
                "string ios BACK_IN_STOCK 1 [en] @ Shop/Localizable.xcstrings:10",
                "string ios CHAT_MESSAGE 2 [en] @ Shop/en.lproj/Localizable.strings:4",
                "string ios ITEMS_LEFT 1 [en] @ Shop/en.lproj/Localizable.stringsdict:5",
                "string ios ORDER_SHIPPED_BODY 2 [en,fr] fr=1 @ Shop/en.lproj/Localizable.strings:3",
                "string ios ORDER_SHIPPED_TITLE 1 [en,fr] @ Shop/en.lproj/Localizable.strings:2",
                "string ios PRICE_DROP 2 [en,fr] @ Shop/Localizable.xcstrings:4",
                "sound ios ding.caf @ Shop/Sounds/ding.caf",
                "scheme ios exampleshop @ Shop/Info.plist:26",
                "host ios www.example.com verified @ Shop/Shop.entitlements:15",
                "activity DeliveryActivityAttributes state(status:String,stops_left:Int,eta:Date?,courier_name:String?) attributes(orderNumber:String) @ Widgets/DeliveryActivity.swift:5",
                "activity ScoreActivityAttributes state(unknown) attributes() @ Widgets/DeliveryActivity.swift:25",
            ])
    }

    @Test func androidKotlin() throws {
        let facts = try Self.facts("android-kotlin")
        let lines = Self.describe(facts)
        let manifest = "app/src/main/AndroidManifest.xml"
        for expected in [
            "string android order_shipped_body 2 [default] @ app/src/main/res/values/strings.xml:10",
            "string android order_shipped_title 1 [default,fr] @ app/src/main/res/values/strings.xml:9",
            "string android percent_off 0 [default] @ app/src/main/res/values/strings.xml:12",
            "string android points_earned 1 [default,fr] @ app/src/main/res/values/strings.xml:11",
            "sound android cash_register @ app/src/main/res/raw/cash_register.ogg",
            "icon ic_stat_cart @ app/src/main/res/drawable/ic_stat_cart.xml",
            "icon ic_launcher @ app/src/main/res/mipmap-hdpi/ic_launcher.png",
            "color shop_orange @ app/src/main/res/values/colors.xml:3",
            "default icon ic_stat_bag @ \(manifest):46",
            "default color shop_orange @ \(manifest):49",
            "action android com.example.shop.OPEN_ORDER @ \(manifest):57",
            "scheme android https @ \(manifest):63",
            "host android shop.example.com verified @ \(manifest):64",
            "scheme android exampleshop @ \(manifest):68",
            "host android orders @ \(manifest):68",
        ] {
            #expect(lines.contains(expected), "\(expected)")
        }
        // The service's MESSAGING_EVENT filter opens nothing on a tap.
        #expect(!lines.contains { $0.contains("MESSAGING_EVENT") })
    }

    @Test func expoAndFlutter() throws {
        let expo = Self.describe(try Self.facts("expo"))
        for expected in [
            "sound ios order_ready.wav @ app.json:27", "sound android order_ready @ app.json:27",
            "icon notification_icon @ app.json:25", "default icon notification_icon @ app.json:25",
            "scheme ios exampleshop @ app.json:31", "scheme android exampleshop @ app.json:31",
        ] {
            #expect(expo.contains(expected), "\(expected)")
        }
        let flutter = try Self.facts("flutter")
        #expect(flutter.channels.contains { $0.id == "order_updates" && $0.importance == .high })
    }

    /// Sounds and icons are names: a file of that name that cannot be read is still read as one.
    @Test func nameOnlyResourcesAreNeverOpened() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushlint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let raw = folder.appendingPathComponent("app/src/main/res/raw")
        try FileManager.default.createDirectory(at: raw, withIntermediateDirectories: true)
        let sound = raw.appendingPathComponent("alarm.mp3")
        try Data([1, 2, 3]).write(to: sound)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: sound.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: sound.path) }
        let facts = try AppScan.scan(folders: ["."], cwd: folder.path, jobs: 1)
        #expect(facts.sounds.map(\.name) == ["alarm"])
        #expect(facts.unreadable.isEmpty)
    }

    /// A String Catalog holds every locale of every key in one file, so a real one is often past the 2 MB that
    /// sources are read up to: the walk reads it up to the resource's own limit.
    @Test func aStringCatalogPastTheSourceLimitIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushlint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("ios"), withIntermediateDirectories: true)
        let padding = String(repeating: "x", count: 100)
        let filler = (0..<25_000).map { "\"filler\($0)\": {\"comment\": \"\(padding)\"}" }.joined(separator: ",")
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {\(filler),
             "order_shipped": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Shipped %@"}}}}}}
            """
        #expect(catalog.utf8.count > 2 << 20)  // the limit of a source file
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("ios/Localizable.xcstrings"))
        let facts = try AppScan.scan(folders: ["."], cwd: folder.path, jobs: 1)
        #expect(facts.strings.first { $0.key == "order_shipped" }?.arguments == 1)
        #expect(facts.skipped.isEmpty)
    }

    /// `--write-contract` fills `links` from the app's schemes and verified hosts, keeps the team's, and a second
    /// merge changes nothing.
    @Test func writeContractFillsLinks() throws {
        var facts = AppFacts()
        let at = AppFacts.Location(path: "ios/Info.plist", line: 3)
        facts.links = [
            AppFacts.Link(kind: .scheme, platform: .ios, value: "shop", location: at),
            AppFacts.Link(kind: .host, platform: .ios, value: "shop.example.com", verified: true, location: at),
            AppFacts.Link(kind: .host, platform: .android, value: "orders", verified: false, location: at),
            AppFacts.Link(kind: .action, platform: .android, value: "OPEN", location: at),
        ]
        let existing = Array(#"{"links": {"schemes": ["mailto"]}}"#.utf8)
        let merge = try ContractWriter.merge(contract: existing, path: "push-contract.json", facts: facts)
        let contract = try Contract.read(path: "push-contract.json", bytes: merge.bytes)
        #expect(contract.links?.schemes == ["mailto", "shop", "https"])
        #expect(contract.links?.hosts == ["shop.example.com"])
        let again = try ContractWriter.merge(contract: merge.bytes, path: "push-contract.json", facts: facts)
        #expect(!again.isChanged)
        let fresh = try ContractWriter.merge(contract: nil, path: "push-contract.json", facts: facts)
        #expect(try Contract.read(path: "p", bytes: fresh.bytes).links?.hosts == ["shop.example.com"])
    }
}
