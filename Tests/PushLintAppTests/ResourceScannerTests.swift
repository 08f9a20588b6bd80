import PushLintModel
import TestSupport
import Testing

@testable import PushLintApp

/// The resource scanners of issue 30 one pattern at a time: strings, sounds, icons, links, Live Activity types.
@Suite struct ResourceScannerTests {
    static func facts(_ files: [(path: String, bytes: [UInt8])]) -> AppFacts {
        AppFactsAssembler.assemble(files.compactMap { AppSourceScanner.scan($0.bytes, path: $0.path) })
    }

    static func facts(_ files: [(path: String, text: String)]) -> AppFacts {
        facts(files.map { ($0.path, Array($0.text.utf8)) })
    }

    static func utf16(_ text: String, bigEndian: Bool = false, bom: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    // MARK: Format specifiers

    @Test func formatSpecifiersAreCountedInArgumentOrder() {
        #expect(LocalizedStringScanner.conversions(in: "Order %@ shipped", style: .apple) == ["@"])
        #expect(LocalizedStringScanner.conversions(in: "%2$@ bought %1$d items", style: .apple) == ["d", "@"])
        #expect(LocalizedStringScanner.conversions(in: "100%% sure, %ld left", style: .apple) == ["d"])
        #expect(LocalizedStringScanner.conversions(in: "%#@items@ in %@", style: .apple) == ["#", "@"])
        #expect(LocalizedStringScanner.conversions(in: "You earned %d points%n", style: .java) == ["d"])
        #expect(LocalizedStringScanner.conversions(in: "Order %1$s, %2$.2f €", style: .java) == ["s", "f"])
        #expect(LocalizedStringScanner.conversions(in: "50% off", style: .java) == [])
        #expect(LocalizedStringScanner.conversions(in: "ends with %", style: .apple) == [])
    }

    // MARK: Localizable.strings

    @Test func stringsFilesAreReadInUTF8AndUTF16() {
        let text = """
            /* A comment with "quotes" = "no"; */
            "order_shipped" = "Order %@ shipped";
            // line comment
            "order_delayed" = "Order %1$@ is late by %2$@";
            unquoted_key = "Text";
            """
        for bytes in [
            Array(text.utf8), Self.utf16(text), Self.utf16(text, bigEndian: true), Self.utf16(text, bom: false),
        ] {
            let facts = Self.facts([("ios/Shop/en.lproj/Localizable.strings", bytes)])
            #expect(facts.unreadable.isEmpty)
            #expect(facts.strings.map(\.key) == ["order_delayed", "order_shipped", "unquoted_key"])
            #expect(facts.strings.first { $0.key == "order_delayed" }?.arguments == 2)
            #expect(facts.strings.first { $0.key == "order_shipped" }?.location.line == 2)
            #expect(facts.strings.allSatisfy { $0.platform == .ios && $0.locales == ["en"] })
        }
    }

    @Test func localesAreJoinedPerKeyAndDifferentCountsReported() {
        let facts = Self.facts([
            ("ios/Base.lproj/Localizable.strings", #""a" = "A %@"; "b" = "B";"#),
            ("ios/fr.lproj/Localizable.strings", #""a" = "A %@ %@";"#),
        ])
        let a = facts.strings.first { $0.key == "a" }
        #expect(a?.locales == ["Base", "fr"])
        #expect(a?.arguments == 1)
        #expect(a?.mismatchedLocales == ["fr": 2])
        #expect(a?.location.path == "ios/Base.lproj/Localizable.strings")
        #expect(facts.strings.first { $0.key == "b" }?.locales == ["Base"])
    }

    @Test func invalidUTF16AndBrokenStringsFilesAreUnreadableNotFatal() {
        // An unpaired high surrogate.
        let broken: [UInt8] = [0xFF, 0xFE, 0x22, 0x00, 0x00, 0xD8, 0x22, 0x00]
        var facts = Self.facts([("ios/en.lproj/Localizable.strings", broken)])
        #expect(facts.unreadable.first?.what.contains("UTF-16") == true)
        facts = Self.facts([("ios/en.lproj/Localizable.strings", [0xFF, 0xFE, 0x22])])
        #expect(facts.unreadable.first?.what.contains("odd number") == true)
        facts = Self.facts([("ios/en.lproj/Localizable.strings", #""a" = "A"; "b" = "never closed"#)])
        #expect(facts.strings.map(\.key) == ["a"])
        #expect(facts.unreadable.first?.what.contains("never closed") == true)
        facts = Self.facts([("ios/en.lproj/Localizable.strings", #""a" = "A" "b";"#)])
        #expect(facts.unreadable.first?.what.contains("does not end with ';'") == true)
    }

    @Test func aHugeStringsFileIsReadInOnePass() {
        // 5 000 entries: a reader that rescans the text per entry would take minutes (it is one pass).
        var text = ""
        for i in 0..<5_000 { text += "\"key_\(i)\" = \"Value %@ number \(i)\";\n" }
        let facts = Self.facts([("ios/en.lproj/Localizable.strings", text)])
        #expect(facts.strings.count == 5_000)
        #expect(facts.strings.first { $0.key == "key_4999" }?.location.line == 5_000)
    }

    // MARK: stringsdict and String Catalogs

    @Test func stringsdictVariablesAreArgumentsOfTheirType() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>items_left</key>
                <dict>
                    <key>NSStringLocalizedFormatKey</key>
                    <string>%#@items@ left for %@</string>
                    <key>items</key>
                    <dict>
                        <key>NSStringFormatSpecTypeKey</key>
                        <string>NSStringPluralRuleType</string>
                        <key>NSStringFormatValueTypeKey</key>
                        <string>ld</string>
                        <key>one</key><string>%ld item</string>
                        <key>other</key><string>%ld items</string>
                    </dict>
                </dict>
            </dict>
            </plist>
            """
        let facts = Self.facts([("ios/en.lproj/Localizable.stringsdict", plist)])
        let string = facts.strings.first
        #expect(string?.key == "items_left")
        #expect(string?.arguments == 2)
        #expect(string?.conversions == ["d", "@"])
        #expect(string?.location.line == 4)
        let binary = Self.facts([("ios/en.lproj/Localizable.stringsdict", Array("bplist00xyz".utf8))])
        #expect(binary.unreadable.first?.what.contains("binary property list") == true)
    }

    @Test func stringCatalogsGiveEveryKeyItsLocales() {
        let catalog = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "order_shipped" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Bestellung %@ versandt" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Order %@ shipped" } }
                  }
                },
                "Only the key %@ %@" : { },
                "items" : {
                  "localizations" : {
                    "en" : { "variations" : { "plural" : {
                      "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                      "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } }
                    } } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "articles" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        let facts = Self.facts([("ios/Shop/Localizable.xcstrings", catalog)])
        #expect(facts.unreadable.isEmpty)
        let shipped = facts.strings.first { $0.key == "order_shipped" }
        #expect(shipped?.locales == ["de", "en"])
        #expect(shipped?.arguments == 1)
        #expect(shipped?.location.line == 4)
        #expect(facts.strings.first { $0.key == "Only the key %@ %@" }?.arguments == 2)
        let items = facts.strings.first { $0.key == "items" }
        #expect(items?.arguments == 1)
        #expect(items?.mismatchedLocales == ["fr": 0])
    }

    @Test func malformedCatalogsAreUnreadable() {
        for text in ["{\"strings\": {", "[1, 2]", "{\"sourceLanguage\": \"en\"}", String(repeating: "[", count: 5000)] {
            let facts = Self.facts([("ios/Localizable.xcstrings", text)])
            #expect(facts.unreadable.count == 1, "\(text.prefix(20))")
            #expect(facts.strings.isEmpty)
        }
    }

    // MARK: Android values, sounds and icons

    @Test func androidStringsColoursAndLocales() {
        let facts = Self.facts([
            (
                "app/src/main/res/values/strings.xml",
                """
                <resources>
                    <string name="order_title">Order %1$s</string>
                    <string name="points">You earned %d points</string>
                    <string name="percent" formatted="false">50% %d off</string>
                    <color name="brand">#FF5722</color>
                </resources>
                """
            ),
            (
                "app/src/main/res/values-fr-rCA/strings.xml",
                "<resources><string name=\"order_title\">Commande</string></resources>"
            ),
            ("app/src/main/res/values-night/strings.xml", "<resources><string name=\"points\">%d</string></resources>"),
        ])
        let title = facts.strings.first { $0.key == "order_title" }
        #expect(title?.platform == .android)
        #expect(title?.locales == ["default", "fr-rCA"])
        #expect(title?.mismatchedLocales == ["fr-rCA": 0])
        #expect(title?.location.line == 2)
        #expect(facts.strings.first { $0.key == "points" }?.conversions == ["d"])
        #expect(facts.strings.first { $0.key == "points" }?.locales == ["default"])
        #expect(facts.strings.first { $0.key == "percent" }?.arguments == 0)
        #expect(facts.colors.map(\.name) == ["brand"])
    }

    @Test func soundsAndIconsAreTheirNames() {
        #expect(AppResourceKind(path: "ios/Shop/Sounds/chime.caf") == .iosSound)
        #expect(AppResourceKind(path: "app/src/main/res/raw/chime.ogg") == .androidRaw)
        #expect(AppResourceKind(path: "app/src/main/res/drawable-hdpi/ic_stat.9.png") == .androidDrawable)
        #expect(AppResourceKind(path: "app/src/main/res/mipmap-xxhdpi/ic_launcher.webp") == .androidDrawable)
        #expect(AppResourceKind(path: "ios/Assets.xcassets/AppIcon.appiconset/icon.png") == nil)
        #expect(AppResourceKind(path: "app/src/main/res/raw-wav/x.wav") == nil)
        let facts = Self.facts([
            ("ios/Shop/Sounds/chime.caf", [UInt8](repeating: 0, count: 16)),
            ("app/src/main/res/raw/chime.ogg", []),
            ("app/src/main/res/drawable-hdpi/ic_stat.9.png", []),
        ])
        #expect(facts.sounds.map { "\($0.platform.rawValue) \($0.name)" } == ["android chime", "ios chime.caf"])
        #expect(facts.icons.map(\.name) == ["ic_stat"])
    }

    // MARK: Links

    @Test func manifestLinksAreActivityFiltersOnly() {
        let manifest = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <application>
                <meta-data android:name="com.google.firebase.messaging.default_notification_icon"
                    android:resource="@drawable/ic_stat_bag" />
                <meta-data android:name="com.google.firebase.messaging.default_notification_color"
                    android:resource="@color/brand" />
                <service android:name=".Push"><intent-filter>
                  <action android:name="com.google.firebase.MESSAGING_EVENT" />
                </intent-filter></service>
                <activity android:name=".Main">
                  <intent-filter><action android:name="OPEN_ORDER" /></intent-filter>
                  <intent-filter android:autoVerify="true">
                    <data android:scheme="https" android:host="shop.example.com" />
                    <data android:scheme="shop" />
                  </intent-filter>
                  <intent-filter><data android:scheme="${applicationId}" /></intent-filter>
                </activity>
              </application>
            </manifest>
            """
        let facts = Self.facts([("app/src/main/AndroidManifest.xml", manifest)])
        #expect(facts.defaultIcon?.id == "ic_stat_bag")
        #expect(facts.defaultIcon?.location.line == 4)
        #expect(facts.defaultColor?.id == "brand")
        #expect(
            facts.links.map { "\($0.kind.rawValue) \($0.value) \($0.verified)" } == [
                "action OPEN_ORDER false", "scheme https false", "scheme shop false", "host shop.example.com true",
            ])
        #expect(facts.unresolved.contains { $0.what == "link scheme ${applicationId}" })
    }

    @Test func infoPlistSchemesAndAssociatedDomains() {
        let info = """
            <plist version="1.0"><dict>
              <key>CFBundleURLTypes</key>
              <array><dict>
                <key>CFBundleURLSchemes</key>
                <array><string>Shop</string><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string></array>
              </dict></array>
            </dict></plist>
            """
        let entitlements = """
            <plist version="1.0"><dict>
              <key>com.apple.developer.associated-domains</key>
              <array><string>applinks:shop.example.com?mode=developer</string><string>webcredentials:x.com</string></array>
            </dict></plist>
            """
        let facts = Self.facts([("ios/Shop/Info.plist", info), ("ios/Shop/Shop.entitlements", entitlements)])
        #expect(
            facts.links.map { "\($0.platform.rawValue) \($0.kind.rawValue) \($0.value) \($0.location.line)" } == [
                "ios scheme shop 5", "ios host shop.example.com 3",
            ])
        #expect(facts.unresolved.count == 1)
    }

    @Test func expoSchemeSoundsAndIcon() {
        let json = """
            {"expo": {"scheme": "shop", "ios": {"associatedDomains": ["applinks:shop.example.com"]},
              "plugins": [["expo-notifications", {"icon": "./assets/bell.png", "color": "#ff0000",
                "sounds": ["./assets/sounds/chime.wav"]}]]}}
            """
        let facts = Self.facts([("app.json", json)])
        #expect(Set(facts.sounds.map { "\($0.platform.rawValue) \($0.name)" }) == ["ios chime.wav", "android chime"])
        #expect(facts.links.filter { $0.kind == .scheme }.count == 2)
        #expect(facts.links.contains { $0.kind == .host && $0.value == "shop.example.com" && $0.verified })
        #expect(facts.defaultIcon?.id == "notification_icon")
        #expect(facts.icons.map(\.name) == ["notification_icon"])
    }

    // MARK: Live Activities

    @Test func activityAttributesWithCodingKeysAndOptionals() {
        let swift = """
            import ActivityKit

            struct DeliveryAttributes: ActivityAttributes {
                public typealias Status = String
                var orderNumber: String
                static var preview = "x"

                struct ContentState: Codable, Hashable {
                    var status: String
                    var stopsLeft: Int
                    var eta: Date?
                    var driver: Optional<String>
                    let version = 2
                    var label: String { status.capitalized }
                    var tags: [String: Int]

                    enum CodingKeys: String, CodingKey {
                        case status, stopsLeft = "stops_left"
                        case eta = "eta_date", driver
                        case tags
                    }
                }
            }
            // struct Fake: ActivityAttributes { } in a comment is no type
            """
        let facts = Self.facts([("ios/Widgets/DeliveryAttributes.swift", swift)])
        let activity = facts.liveActivities.first
        #expect(facts.liveActivities.count == 1)
        #expect(activity?.attributesType == "DeliveryAttributes")
        #expect(activity?.location.line == 3)
        #expect(activity?.attributes?.map(\.name) == ["orderNumber"])
        #expect(
            activity?.contentState?.map { "\($0.name):\($0.type)\($0.optional ? "?" : "")" } == [
                "status:String", "stops_left:Int", "eta_date:Date?", "driver:String?", "tags:[String:Int]",
            ])
    }

    @Test func customDecodersAndForeignTypesAreUnresolved() {
        let swift = """
            struct Score: ActivityAttributes {
                struct ContentState: Codable, Hashable {
                    var home: Int
                    init(from decoder: Decoder) throws {
                        let c = try decoder.container(keyedBy: CodingKeys.self)
                        home = try c.decodeIfPresent(Int.self, forKey: .home) ?? 0
                    }
                }
            }
            extension RemoteAttributes: ActivityAttributes {}
            """
        let facts = Self.facts([("ios/Widgets/Score.swift", swift)])
        #expect(facts.liveActivities.map(\.attributesType) == ["Score"])
        #expect(facts.liveActivities.first?.contentState == nil)
        #expect(facts.liveActivities.first?.attributes?.isEmpty == true)
        #expect(
            facts.unresolved.map(\.what).sorted() == [
                "Live Activity type RemoteAttributes (declared in another file or module)",
                "content state of Live Activity type Score (a custom init(from:))",
            ])
    }

    // MARK: Flutter

    @Test func flutterNotificationDetailsCreateTheirChannel() {
        let dart = """
            const details = AndroidNotificationDetails('orders', 'Orders', importance: Importance.high);
            """
        let facts = Self.facts([("lib/push.dart", dart)])
        #expect(facts.channels.map { "\($0.id) \($0.importance?.rawValue ?? "-")" } == ["orders high"])
    }

    // MARK: Hostile input

    @Test(arguments: [
        "ios/en.lproj/Localizable.strings", "ios/en.lproj/Localizable.stringsdict", "ios/Localizable.xcstrings",
        "app/src/main/res/values/strings.xml", "app/src/main/AndroidManifest.xml", "ios/Shop/Info.plist",
        "ios/A.swift", "app.json",
    ])
    func hostileBytesNeverCrash(_ path: String) {
        var generator = SeededBytes(seed: UInt64(path.utf8.count))
        for length in [0, 1, 2, 3, 7, 64, 1000] {
            _ = AppSourceScanner.scan(generator.bytes(length), path: path)
        }
        // Structure without content: unbalanced brackets and quotes.
        for text in [
            "\"", "\"a\" = ", "{{{{", "<dict><key>", "struct X: ActivityAttributes {", "%%%%1$", "<string name=",
        ] {
            _ = AppSourceScanner.scan(Array(text.utf8), path: path)
        }
    }
}

extension ResourceScannerTests {
    /// The fuzz hook's invariants hold for seeded noise and for the fixtures' own resource files cut short.
    @Test func fuzzHookHoldsItsInvariants() {
        var generator = SeededBytes(seed: 30)
        for length in [0, 5, 50, 500] { AppResourceFuzz.run(generator.bytes(length)) }
        let strings = #""a" = "%@ %1$d";\n"b" = "x";"#
        for cut in [0, 3, 9, strings.utf8.count] { AppResourceFuzz.run(Array(strings.utf8.prefix(cut))) }
        AppResourceFuzz.run(Array("struct A: ActivityAttributes { struct ContentState: Codable { var a: Int } }".utf8))
    }
}

/// A small deterministic byte source for the hostile-input test (no randomness between runs).
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }
}
