/// A deterministic mobile app tree for `pushlint app scan` (its budget: 5 000 files in under a second): the mix a
/// repository of an Android, iOS and React Native app holds. Kotlin and Java (36%), Swift and Objective-C (28%),
/// TypeScript (20%), Dart (4%), XML layouts, resources and manifests (10%), plists and entitlements (2%); sources
/// of 1.5 to 12 KB with comments, strings, templates and lambdas, and one in 40 with notification code (channels,
/// categories, constants). Same seed, same bytes.
///
/// With `resources` (issue 30) three of the four layout slots carry what payloads are checked against instead:
/// Android `res/values*/strings.xml` in six locales, `res/raw` sounds, drawables, mipmaps and colours; iOS
/// `Localizable.strings` in five locales, `.stringsdict`, `.xcstrings` catalogs and `.caf` sounds; Swift
/// `ActivityAttributes` with `CodingKeys`; and the manifests, Info.plists and entitlements gain intent filters, URL
/// types and associated domains.
struct AppTree {
    var rng: SplitMix64
    var resources: Bool

    init(seed: UInt64 = 0xA99_7EE, resources: Bool = false) {
        rng = SplitMix64(seed: seed)
        self.resources = resources
    }

    mutating func number(_ upper: Int) -> Int { Int(rng.next() % UInt64(upper)) }

    /// The generated files' import lines, made here: a line of this file that starts with `import` would read as an
    /// import of the bench target to LayeringTests.
    static func imports(_ modules: String...) -> String {
        modules.map { "im" + "port " + $0 }.joined(separator: "\n")
    }

    static let nouns = ["Order", "Cart", "Profile", "Checkout", "Search", "Feed", "Inbox", "Wallet", "Coupon", "Store"]

    mutating func noun() -> String { Self.nouns[number(Self.nouns.count)] }

    /// The files of a tree of `count` files: relative paths and their text.
    mutating func files(_ count: Int) -> [(path: String, text: String)] {
        var result: [(String, String)] = []
        for i in 0..<count {
            let slot = i % 50
            let feature = "feature\(i % 37)"
            let push = i % 40 == 0
            switch slot {
            case 0..<15:
                result.append(("android/app/src/main/java/com/example/\(feature)/\(noun())\(i).kt", kotlin(i, push)))
            case 15..<18:
                result.append(("android/legacy/src/main/java/com/example/\(feature)/\(noun())\(i).java", java(i, push)))
            case 18..<30:
                result.append(("ios/Shop/\(feature)/\(noun())\(i).swift", swift(i, push)))
            case 30..<32:
                result.append(("ios/Legacy/\(noun())\(i)\(slot == 30 ? ".m" : ".h")", objectiveC(i, push)))
            case 32..<42:
                result.append(("mobile/src/\(feature)/\(noun())\(i).tsx", typeScript(i, push)))
            case 42..<44:
                result.append(("flutter/lib/\(feature)/\(noun().lowercased())_\(i).dart", dart(i, push)))
            case 45 where resources:
                result.append(androidResource(i))
            case 46 where resources:
                result.append(appleResource(i))
            case 47 where resources:
                result.append(("ios/Widgets/\(feature)/\(noun())Activity\(i).swift", liveActivity(i)))
            case 44..<48:
                result.append(("android/app/src/main/res/layout/screen_\(i).xml", layout(i)))
            case 48:
                if i % 500 == 48 {
                    result.append(("android/\(feature)/src/main/AndroidManifest.xml", manifest(i)))
                } else {
                    result.append(("android/app/src/main/res/values-v\(i)/strings.xml", values(i)))
                }
            default:
                if i % 200 == 49 {
                    result.append(("ios/Target\(i)/Target\(i).entitlements", entitlements(i)))
                } else {
                    result.append(("ios/Target\(i)/Info.plist", infoPlist(i)))
                }
            }
        }
        return result
    }

    /// Method bodies until the text is about `bytes` long.
    mutating func body(_ bytes: Int, _ method: (inout AppTree, Int) -> String) -> String {
        var text = ""
        var k = 0
        while text.utf8.count < bytes {
            text += method(&self, k)
            k += 1
        }
        return text
    }

    mutating func size() -> Int { number(10) == 0 ? 8000 + number(4000) : 1500 + number(5000) }

    mutating func kotlin(_ i: Int, _ push: Bool) -> String {
        var text = """
            package com.example.feature\(i % 37)

            \(Self.imports("android.content.Context", "kotlinx.coroutines.flow.Flow"))

            /** The \(noun()) screen's state holder: loads, caches and "refreshes" (see /* nested */ docs). */
            class \(noun())ViewModel\(i)(private val repository: Repository, private val context: Context) {
                private val tag = "\(noun())ViewModel\(i)"

            """
        text += body(size()) { tree, k in
            """
                // Loads page \(k); a '/*' in a line comment must not open a block comment.
                fun load\(k)(id: String, retries: Int = \(tree.number(5))): Flow<Result<\(tree.noun())>> {
                    val key = "cache:$id:\(k)"
                    val message = \"\"\"
                        Loading ${id.uppercase()} with "quotes" and \\n escapes
                    \"\"\".trimIndent()
                    return repository.fetch(key) { response -> response.items.filter { it.price > \(tree.number(100)) } }
                }

            """
        }
        if push {
            text += """
                    companion object {
                        const val CHANNEL_\(i) = "channel_\(i)"
                    }

                    fun createChannels(manager: NotificationManager) {
                        manager.createNotificationChannel(NotificationChannel(CHANNEL_\(i), "Channel", NotificationManager.IMPORTANCE_HIGH))
                        manager.createNotificationChannel(NotificationChannel(remote.getString("c"), "Remote", NotificationManager.IMPORTANCE_LOW))
                    }

                """
        }
        return text + "}\n"
    }

    mutating func java(_ i: Int, _ push: Bool) -> String {
        var text = """
            package com.example.legacy;

            \(Self.imports("java.util.List;"))

            public final class Legacy\(i) {
                private static final String TAG = "Legacy\(i)";
                private static final char QUOTE = '"';

            """
        text += body(size()) { tree, k in
            """
                /* Converts the \(k)th "row"; see RowMapper. */
                public List<String> map\(k)(List<Row> rows) {
                    String label = "row " + \(tree.number(900)) + " of \\"" + rows.size() + "\\"";
                    return rows.stream().map(r -> r.name() + label).toList();
                }

            """
        }
        if push {
            text += """
                    public static final String DIGEST = "digest_\(i)";
                    void create(NotificationManager m) { m.createNotificationChannel(new NotificationChannel(DIGEST, "D", 2)); }

                """
        }
        return text + "}\n"
    }

    mutating func swift(_ i: Int, _ push: Bool) -> String {
        var text = """
            \(Self.imports("UIKit"))

            /// The \(noun()) view controller. /* a nested /* comment */ in docs */
            final class \(noun())ViewController\(i): UIViewController {
                private let identifier = "\(noun())Cell\(i)"

            """
        text += body(size()) { tree, k in
            """
                // Section \(k)
                func configure\(k)(with item: Item, at index: Int) -> String {
                    let title = "Item \\(item.name) at \\(index) of \\(items.count)"
                    let raw = #"A "raw" string with \\(no) interpolation \(tree.number(99))"#
                    return items.filter { $0.price > \(tree.number(50)) }.map { "\\($0.id)" }.joined() + title + raw
                }

            """
        }
        if push {
            text += """
                    static let category\(i) = "CATEGORY_\(i)"
                    func registerCategories() {
                        let accept = UNNotificationAction(identifier: "ACCEPT_\(i)", title: "Accept")
                        let category = UNNotificationCategory(identifier: Self.category\(i), actions: [accept], intentIdentifiers: [])
                        UNUserNotificationCenter.current().setNotificationCategories([category])
                    }

                """
        }
        return text + "}\n"
    }

    mutating func objectiveC(_ i: Int, _ push: Bool) -> String {
        var text = """
            #import <UIKit/UIKit.h>
            #import "Legacy\(i).h"

            static NSString *const kLegacyIdentifier\(i) = @"legacy_\(i)";

            @implementation Legacy\(i)

            """
        text += body(size() / 2) { tree, k in
            """
            - (NSString *)describe\(k):(NSArray *)items {
                // "\(k)" items, with a quote: '
                return [NSString stringWithFormat:@"%@ has %lu \\"items\\" (%d)", self.name, (unsigned long)items.count, \(tree.number(9))];
            }

            """
        }
        if push {
            text += """
                - (UNNotificationCategory *)promo {
                    return [UNNotificationCategory categoryWithIdentifier:kLegacyIdentifier\(i) actions:@[] intentIdentifiers:@[] options:0];
                }

                """
        }
        return text + "@end\n"
    }

    mutating func typeScript(_ i: Int, _ push: Bool) -> String {
        var text = """
            \(Self.imports("React, { useEffect, useState } from 'react';", "{ Text, View } from 'react-native';"))

            const ROUTE = '\(noun().lowercased())/\(i)';
            const PATTERN = /['"\\/]+/g;

            """
        text += body(size()) { tree, k in
            """
            export function \(tree.noun())Row\(k)({ id, price }: { id: string; price: number }) {
              const [state, setState] = useState(`row-${id}-\(k)`);
              useEffect(() => setState((s) => s + (price / 2 > \(tree.number(40)) ? "'" : '"')), [price]);
              return (
                <View>
                  <Text>Don't miss row {id}</Text>
                </View>
              );
            }

            """
        }
        if push {
            text += """
                export const Channels = { ORDERS_\(i): 'orders_\(i)' } as const;
                export async function setUpChannels() {
                  await Notifications.setNotificationChannelAsync(Channels.ORDERS_\(i), { name: 'Orders', importance: AndroidImportance.HIGH });
                  await Notifications.setNotificationCategoryAsync('CAT_\(i)', [{ identifier: 'open', buttonTitle: 'Open' }]);
                }

                """
        }
        return text
    }

    mutating func dart(_ i: Int, _ push: Bool) -> String {
        var text = """
            \(Self.imports("'package:flutter/material.dart';"))

            /// The \(noun()) page.
            class Page\(i) extends StatelessWidget {
              const Page\(i)({super.key});
              static const route = '/page\(i)';

            """
        text += body(size()) { tree, k in
            """
              // Tile \(k)
              Widget tile\(k)(BuildContext context, String name) {
                final label = 'Tile $name \\'\(k)\\' of ${name.length}';
                return ListTile(title: Text(label), subtitle: Text(r'raw $text \(tree.number(9))'));
              }

            """
        }
        if push {
            text += """
                  static const channel = AndroidNotificationChannel('page_\(i)', 'Page', importance: Importance.high);

                """
        }
        return text + "}\n"
    }

    mutating func layout(_ i: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"
                android:layout_width="match_parent" android:layout_height="match_parent" android:orientation="vertical">

            """
        for k in 0..<(5 + number(30)) {
            text += """
                    <TextView android:id="@+id/label_\(i)_\(k)" android:layout_width="wrap_content"
                        android:layout_height="wrap_content" android:text="@string/label_\(k)" />

                """
        }
        return text + "</LinearLayout>\n"
    }

    mutating func values(_ i: Int) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
        for k in 0..<(10 + number(60)) {
            text += "    <string name=\"label_\(k)\">Label \(k) of screen \(i) &amp; more</string>\n"
        }
        return text + "</resources>\n"
    }

    mutating func manifest(_ i: Int) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android">
            <uses-permission android:name="android.permission.POST_NOTIFICATIONS" />
            <application android:label="Feature \(i)">
                <meta-data android:name="com.google.firebase.messaging.default_notification_channel_id"
                    android:value="channel_\(i)" />
        \(resources ? manifestLinks(i) : "")    </application>
        </manifest>

        """
    }

    mutating func infoPlist(_ i: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>com.example.target\(i)</string>
            <key>UIBackgroundModes</key>
            <array>
                <string>remote-notification</string>
                <string>fetch</string>
            </array>
            <key>NSExtension</key>
            <dict>
                <key>NSExtensionPointIdentifier</key>
                <string>\(i % 3 == 0 ? "com.apple.usernotifications.service" : "com.apple.widgetkit-extension")</string>
            </dict>
        \(resources ? urlTypes(i) : "")</dict>
        </plist>

        """
    }

    func entitlements(_ i: Int = 0) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>aps-environment</key>
            <string>production</string>
            <key>com.apple.developer.usernotifications.time-sensitive</key>
            <true/>
        \(resources ? "    <key>com.apple.developer.associated-domains</key>\n    <array>\n        <string>applinks:shop\(i).example.com</string>\n        <string>webcredentials:shop\(i).example.com</string>\n    </array>\n" : "")</dict>
        </plist>

        """
    }

    // MARK: Issue 30's resources

    static let androidLocales = ["", "-fr", "-de", "-es", "-pt-rBR", "-ja"]
    static let appleLocales = ["en", "fr", "de", "es", "ja"]

    /// One Android resource of the rotation: strings in a locale, a raw sound, a drawable, a mipmap or colours.
    mutating func androidResource(_ i: Int) -> (String, String) {
        let module = "android/module\(i)/src/main/res"
        switch (i / 50) % 10 {
        case 0..<6:
            let locale = Self.androidLocales[(i / 50) % 6]
            var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
            for k in 0..<(20 + number(80)) {
                let format =
                    k % 3 == 0 ? "%1$s ordered %2$d items" : k % 3 == 1 ? "%s is on its way" : "Plain text \(k)"
                text += "    <string name=\"notif_\(i % 7)_\(k)\">\(format) &amp; \\'more\\'</string>\n"
            }
            text +=
                "    <plurals name=\"items_\(i)\"><item quantity=\"one\">%d item</item><item quantity=\"other\">%d items</item></plurals>\n"
            return ("\(module)/values\(locale)/strings.xml", text + "</resources>\n")
        case 6:
            return ("\(module)/raw/chime_\(i).ogg", "OggS binary stand-in \(i)\n")
        case 7:
            return (
                "\(module)/drawable/ic_stat_\(i).xml",
                "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\" />\n"
            )
        case 8:
            return ("\(module)/mipmap-xxhdpi/ic_launcher_\(i).png", "PNG stand-in \(i)\n")
        default:
            var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n"
            for k in 0..<(10 + number(30)) {
                text += "    <color name=\"brand_\(i)_\(k)\">#FF\(String(k * 37 % 4096, radix: 16))</color>\n"
            }
            return ("\(module)/values/colors_\(i).xml", text + "</resources>\n")
        }
    }

    /// One iOS resource of the rotation: `Localizable.strings` in a locale, a stringsdict, a catalog or a sound.
    mutating func appleResource(_ i: Int) -> (String, String) {
        let module = "ios/Module\(i)"
        switch (i / 50) % 8 {
        case 0..<5:
            let locale = Self.appleLocales[(i / 50) % 5]
            var text = "/* Notifications of module \(i % 9) in \(locale). */\n"
            for k in 0..<(20 + number(80)) {
                let format =
                    k % 3 == 0 ? "%@ ordered %d items" : k % 3 == 1 ? "%1$@ is on its way" : "Plain \\\"text\\\" \(k)"
                text += "// Shown for event \(k)\n\"NOTIF_\(i % 9)_\(k)\" = \"\(format)\";\n"
            }
            return ("\(module)/\(locale).lproj/Localizable.strings", text)
        case 5:
            var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
            for k in 0..<(5 + number(20)) {
                text += """
                        <key>COUNT_\(i)_\(k)</key>
                        <dict>
                            <key>NSStringLocalizedFormatKey</key><string>%#@items@ for %@</string>
                            <key>items</key>
                            <dict>
                                <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                                <key>NSStringFormatValueTypeKey</key><string>d</string>
                                <key>one</key><string>%d item</string>
                                <key>other</key><string>%d items</string>
                            </dict>
                        </dict>

                    """
            }
            return ("\(module)/en.lproj/Localizable.stringsdict", text + "</dict>\n</plist>\n")
        case 6:
            var entries: [String] = []
            for k in 0..<(10 + number(40)) {
                entries.append(
                    """
                        "CATALOG_\(i)_\(k)" : { "localizations" : {
                          "en" : { "stringUnit" : { "state" : "translated", "value" : "%@ saved %lld items" } },
                          "fr" : { "stringUnit" : { "state" : "translated", "value" : "%@ a enregistré %lld articles" } },
                          "de" : { "stringUnit" : { "state" : "needs_review", "value" : "%@ hat %lld Artikel" } }
                        } }
                    """)
            }
            return (
                "\(module)/Catalog\(i)/Localizable.xcstrings",
                "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n")
                    + "\n  },\n  \"version\" : \"1.0\"\n}\n"
            )
        default:
            return ("ios/Shop/Sounds/alert_\(i).caf", "caff stand-in \(i)\n")
        }
    }

    /// A Live Activity's attributes with renamed keys and optionals (its content state is what a payload carries).
    mutating func liveActivity(_ i: Int) -> String {
        var text = """
            \(Self.imports("ActivityKit", "Foundation"))

            /// The \(noun()) tracker's Live Activity.
            struct \(noun())Activity\(i)Attributes: ActivityAttributes {
                var orderNumber: String
                var storeName: String

                struct ContentState: Codable, Hashable {
                    var status: String
                    var stopsLeft: Int
                    var eta: Date?
                    var courier: String?

                    enum CodingKeys: String, CodingKey {
                        case status
                        case stopsLeft = "stops_left"
                        case eta, courier = "courier_name"
                    }
                }
            }

            """
        text += body(size() / 2) { tree, k in
            """
            // Formats part \(k) of the activity's view.
            func describe\(k)(_ state: \(tree.noun())ActivityState) -> String {
                "\\(state.status): \\(state.stopsLeft) stops, \(tree.number(60)) min"
            }

            """
        }
        return text
    }

    func manifestLinks(_ i: Int) -> String {
        """
            <meta-data android:name="com.google.firebase.messaging.default_notification_icon"
                        android:resource="@drawable/ic_stat_\(i)" />
                    <meta-data android:name="com.google.firebase.messaging.default_notification_color"
                        android:resource="@color/brand_\(i)_0" />
                    <activity android:name=".Feature\(i)Activity" android:exported="true">
                        <intent-filter>
                            <action android:name="com.example.OPEN_FEATURE_\(i)" />
                            <category android:name="android.intent.category.DEFAULT" />
                        </intent-filter>
                        <intent-filter android:autoVerify="true">
                            <action android:name="android.intent.action.VIEW" />
                            <category android:name="android.intent.category.BROWSABLE" />
                            <data android:scheme="https" android:host="shop\(i).example.com" />
                        </intent-filter>
                        <intent-filter>
                            <action android:name="android.intent.action.VIEW" />
                            <data android:scheme="shop\(i)" android:host="orders" />
                        </intent-filter>
                    </activity>

        """
    }

    func urlTypes(_ i: Int) -> String {
        """
            <key>CFBundleURLTypes</key>
                <array>
                    <dict>
                        <key>CFBundleURLName</key>
                        <string>com.example.target\(i)</string>
                        <key>CFBundleURLSchemes</key>
                        <array>
                            <string>target\(i)</string>
                        </array>
                    </dict>
                </array>

        """
    }
}
