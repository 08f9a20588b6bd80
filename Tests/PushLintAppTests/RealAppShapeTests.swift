import PushLintModel
import TestSupport
import Testing

@testable import PushLintApp

/// Shapes that real apps have and the first fixtures lacked, found by scanning open-source apps the scanners were
/// not written against (BENCHMARKS.md, "app scan accuracy on real apps"). Each fixture is a minimal equivalent
/// written here, not the app's text.
@Suite struct RealAppShapeTests {
    static func facts(_ files: [(path: String, text: String)]) -> AppFacts {
        AppFactsAssembler.assemble(files.compactMap { AppSourceScanner.scan(Array($0.text.utf8), path: $0.path) })
    }

    /// An Expo app configured in app.config.ts (no app.json) registers its links, sounds and notification icon
    /// there: reading them from app.json only left such an app with no links, so every deep link looked unhandled.
    @Test func expoScriptConfigLinksSoundsAndIcon() {
        let config = """
            export default {
              expo: {
                scheme: 'shopapp',
                ios: {
                  associatedDomains: ['applinks:shop.example.com', 'webcredentials:shop.example.com'],
                },
                android: {
                  intentFilters: [
                    {
                      action: 'VIEW',
                      autoVerify: true,
                      data: [{ scheme: 'https', host: 'shop.example.com' }, { scheme: 'shopapp-android' }],
                      category: ['BROWSABLE', 'DEFAULT'],
                    },
                  ],
                },
                plugins: [
                  ['expo-router', { origin: 'https://other.example.com' }],
                  [
                    'expo-notifications',
                    {
                      icon: './assets/bell.png',
                      color: '#ff8800',
                      sounds: ['./assets/sounds/chime.wav'],
                      // sounds: ['./assets/sounds/old.wav'],
                    },
                  ],
                ],
              },
            };
            """
        let facts = Self.facts([("app.config.ts", config)])
        #expect(
            facts.links.map {
                "\($0.platform.rawValue) \($0.kind.rawValue) \($0.value) \($0.verified) \($0.location.line)"
            }
                == [
                    "ios scheme shopapp false 3", "android scheme shopapp false 3",
                    "ios host shop.example.com true 5", "android action android.intent.action.VIEW false 10",
                    "android scheme https false 12", "android scheme shopapp-android false 12",
                    "android host shop.example.com true 12",
                ])
        #expect(Set(facts.sounds.map { "\($0.platform.rawValue) \($0.name)" }) == ["ios chime.wav", "android chime"])
        #expect(facts.sounds.allSatisfy { $0.location.line == 24 })
        #expect(facts.defaultIcon?.id == "notification_icon")
        #expect(facts.defaultIcon?.location.line == 22)
        #expect(facts.defaultColor?.id == "notification_icon_color")
        #expect(facts.unresolved.isEmpty)
    }

    /// Expo's prebuild writes an intent filter's `action: 'VIEW'` as `android.intent.action.VIEW`, in app.json as in
    /// app.config.ts: that is the action a `click_action` must name.
    @Test func expoIntentFilterActionsAreTheManifestsActions() {
        let json = #"{"expo": {"android": {"intentFilters": [{"action": "VIEW", "data": [{"scheme": "shopapp"}]}]}}}"#
        let facts = Self.facts([("app.json", json)])
        #expect(facts.links.filter { $0.kind == .action }.map(\.value) == ["android.intent.action.VIEW"])
    }

    /// A value that is no literal is listed, never guessed.
    @Test func expoScriptConfigComputedValuesAreUnresolved() {
        let config = """
            export default { expo: { scheme: process.env.APP_SCHEME, ios: { associatedDomains: domains() },
              plugins: [['expo-notifications', { sounds: soundFiles }]] } };
            """
        let facts = Self.facts([("app.config.js", config)])
        #expect(facts.links.isEmpty)
        #expect(facts.sounds.isEmpty)
        #expect(
            Set(facts.unresolved.map(\.what)) == [
                "scheme process.env.APP_SCHEME", "associated domains domains()", "expo-notifications sounds soundFiles",
            ])
    }

    /// `res/color/NAME.xml` (a colour state list) is `@color/NAME`, the same as a `<color>` of `res/values`.
    @Test func colourStateListsAreColours() {
        #expect(AppResourceKind(path: "app/src/main/res/color/tab_tint.xml") == .androidColor)
        #expect(AppResourceKind(path: "app/src/main/res/color-night-v31/tab_tint.xml") == .androidColor)
        #expect(AppResourceKind(path: "app/src/main/res/colorful/x.xml") == nil)
        #expect(AppResourceKind(path: "docs/color/x.xml") == nil)
        let facts = Self.facts([
            ("app/src/main/res/color/tab_tint.xml", "<selector />"),
            ("app/src/main/res/values/colors.xml", #"<resources><color name="brand">#FF0000</color></resources>"#),
        ])
        #expect(Set(facts.colors.map(\.name)) == ["tab_tint", "brand"])
    }

    /// A String Catalog with many locales is larger than the 2 MB sources are read up to; it is read whole.
    @Test func aStringCatalogOverTwoMegabytesIsRead() throws {
        var entries: [String] = []
        var bytes = 0
        var k = 0
        while bytes < 3 << 20 {
            let entry = """
                "KEY_\(k)" : { "localizations" : {
                  "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ liked your post \(k)" } },
                  "fr" : { "stringUnit" : { "state" : "translated", "value" : "%@ a aimé votre message \(k)" } }
                } }
                """
            entries.append(entry)
            bytes += entry.utf8.count
            k += 1
        }
        let text = #"{ "sourceLanguage" : "en", "strings" : {"# + entries.joined(separator: ",\n") + "} }"
        let scan = try #require(AppResourceScanner.scan(Array(text.utf8), path: "App/Localizable.xcstrings"))
        #expect(scan.skipped == nil)
        let facts = AppFactsAssembler.assemble([scan])
        #expect(facts.strings.count == k)
        #expect(facts.strings.first { $0.key == "KEY_\(k - 1)" }?.locales == ["en", "fr"])
        #expect(facts.strings.allSatisfy { $0.arguments == 1 })
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: AppResourceKind.stringCatalog.maximumFileBytes + 1)
        #expect(
            AppResourceScanner.scan(huge, path: "Localizable.xcstrings")?.skipped?.hasPrefix("it is larger") == true)
    }

    /// A plural variable whose texts name another argument by position (`%#@likes@` with "%2$@ liked it" / "%2$@
    /// and %lld others liked it") takes two arguments, in a String Catalog as in a stringsdict: counted as one, a
    /// payload passing both looked over-supplied and a translation with `%2$@` in its plain text looked mismatched.
    @Test func pluralVariablesCountTheArgumentsTheirTextsName() {
        let catalog = """
            { "sourceLanguage" : "en", "strings" : {
              "LIKES" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@likes@" },
                  "substitutions" : { "likes" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ liked it" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ and %arg others liked it" } }
                  } } } } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%2$@ gefällt das" } }
              } },
              "PLAIN" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "%#@items@" },
                  "substitutions" : { "items" : { "formatSpecifier" : "lld", "variations" : { "plural" : {
                    "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld item" } },
                    "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld items" } }
                  } } } } }
              } }
            } }
            """
        let dict = """
            <plist version="1.0"><dict>
              <key>LIKES</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@likes@</string>
                <key>likes</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>%2$@ liked it</string>
                  <key>other</key><string>%2$@ and %d others liked it</string>
                </dict>
              </dict>
            </dict></plist>
            """
        let catalogFacts = Self.facts([("App/Localizable.xcstrings", catalog)])
        let likes = catalogFacts.strings.first { $0.key == "LIKES" }
        #expect(likes?.arguments == 2)
        #expect(likes?.mismatchedLocales.isEmpty == true)
        #expect(catalogFacts.strings.first { $0.key == "PLAIN" }?.arguments == 1)
        let dictFacts = Self.facts([("App/en.lproj/Localizable.stringsdict", dict)])
        #expect(dictFacts.strings.first?.arguments == 2)
        #expect(dictFacts.strings.first?.conversions == ["d", "@"])
    }
}
