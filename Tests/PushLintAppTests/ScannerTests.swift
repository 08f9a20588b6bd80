import PushLintModel
import TestSupport
import Testing

@testable import PushLintApp

/// The scanners one pattern at a time, through the public pure functions: bytes and a path in, facts out.
@Suite struct ScannerTests {
    static func facts(_ files: [(path: String, text: String)]) -> [String] {
        let scans = files.compactMap { AppSourceScanner.scan(Array($0.text.utf8), path: $0.path) }
        return AppFactsLines.describe(AppFactsAssembler.assemble(scans))
    }

    static func facts(_ path: String, _ text: String) -> [String] { facts([(path, text)]) }

    // MARK: Which files

    @Test func fileKindsAreDecidedByName() {
        #expect(AppSourceKind(path: "a/AndroidManifest.xml") == .androidManifest)
        #expect(AppSourceKind(path: "res/values/strings.xml") == .androidValues(isDefault: true))
        #expect(AppSourceKind(path: "res/values-fr/strings.xml") == .androidValues(isDefault: false))
        #expect(AppSourceKind(path: "res/layout/main.xml") == nil)
        #expect(AppSourceKind(path: "ios/Info.plist") == .infoPlist)
        #expect(AppSourceKind(path: "ios/Shop-Info.plist") == .infoPlist)
        #expect(AppSourceKind(path: "ios/GoogleService-Info.plist") == nil)
        #expect(AppSourceKind(path: "ios/Settings.plist") == nil)
        #expect(AppSourceKind(path: "ios/Shop.entitlements") == .entitlements)
        #expect(AppSourceKind(path: "app.json") == .expoConfig)
        #expect(AppSourceKind(path: "app.config.ts") == .expoConfigScript)
        #expect(AppSourceKind(path: "src/types.d.ts") == nil)
        #expect(AppSourceKind(path: "src/a.tsx") == .source(.javaScript))
        #expect(AppSourceKind(path: "A.mm") == .source(.objectiveC))
        #expect(AppSourceKind(path: "build.gradle.kts") == nil)
        #expect(AppSourceKind(path: ".kt") == nil)
    }

    // MARK: Android

    @Test func androidImportancesByNameAndNumber() {
        let text = """
            import static android.app.NotificationManager.IMPORTANCE_NONE;
            class C {
              void f() {
                new NotificationChannel("a", "A", 5);
                new NotificationChannel("b", "B", IMPORTANCE_NONE);
                new NotificationChannel("c", "C", -1000);
                new NotificationChannel("d", "D");
                NotificationChannelCompat.Builder("e", NotificationManagerCompat.IMPORTANCE_MIN).build();
              }
            }
            """
        #expect(
            Self.facts("C.java", text) == [
                "platforms android",
                "channel a max @ C.java:4",
                "channel b none @ C.java:5",
                "channel c ? @ C.java:6",
                "channel d ? @ C.java:7",
                "channel e min @ C.java:8",
                "unresolved importance of channel 'c' -1000 @ C.java:6",
                "unresolved importance of channel 'd' (not given) @ C.java:7",
            ])
    }

    @Test func aParameterOrAnImportIsNoMessagingService() {
        let text = """
            import com.google.firebase.messaging.FirebaseMessagingService
            fun relay(service: FirebaseMessagingService) = Unit
            fun deleteNotificationChannel(id: String) = Unit
            """
        #expect(Self.facts("Relay.kt", text) == ["platforms android"])
    }

    @Test func constantsOfTheSameFileComeFirstAndQualifiedNamesFindTheirType() {
        let a = """
            private const val ID = "a"
            val first = NotificationChannel(ID, "A", NotificationManager.IMPORTANCE_LOW)
            val second = NotificationChannel(Ids.ID, "B", NotificationManager.IMPORTANCE_LOW)
            val third = NotificationChannel(Ids.Companion.OTHER, "C", NotificationManager.IMPORTANCE_LOW)
            """
        let b = """
            class Ids {
                companion object {
                    const val ID = "b"
                    const val OTHER: String = "other"
                }
                fun local() { val ID = "c" }
            }
            """
        #expect(
            Self.facts([("A.kt", a), ("B.kt", b)]) == [
                "platforms android",
                "channel a low @ A.kt:2",
                "channel b low @ A.kt:3",
                "channel other low @ A.kt:4",
            ])
    }

    @Test func onlyPlainLiteralsAreConstants() {
        let text = """
            val joined = "a" + suffix
            val templated = "id_$suffix"
            val channel = NotificationChannel(joined, "A", 3)
            val other = NotificationChannel(templated, "B", 3)
            val third = NotificationChannel(undefinedName, "C", 3)
            """
        #expect(
            Self.facts("A.kt", text) == [
                "platforms android",
                "unresolved channel id joined @ A.kt:3",
                "unresolved channel id templated @ A.kt:4",
                "unresolved channel id undefinedName @ A.kt:5",
            ])
    }

    @Test func stringResourcesResolveFromTheDefaultValuesFolder() {
        let code = """
            val a = NotificationChannel(getString(R.string.orders_id), "A", 4)
            val b = NotificationChannel(context.getString(R.string.french_only), "B", 4)
            val c = NotificationChannel(com.example.R.string.twice, "C", 4)
            """
        let values = #"<resources><string name="orders_id">orders</string><string name="twice">x</string></resources>"#
        let flavour = #"<resources><string name="twice">y</string></resources>"#
        let french = #"<resources><string name="french_only">commandes</string></resources>"#
        #expect(
            Self.facts([
                ("A.kt", code), ("main/res/values/strings.xml", values), ("debug/res/values/ids.xml", flavour),
                ("main/res/values-fr/strings.xml", french),
            ]) == [
                "platforms android",
                "channel orders high @ A.kt:1",
                "unresolved channel id context.getString(R.string.french_only) (no string resource 'french_only' in res/values) @ A.kt:2",
                "unresolved channel id com.example.R.string.twice (2 different values: x, y) @ A.kt:3",
            ])
    }

    @Test func manifestDefaultChannelAndPermission() {
        let literal = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <uses-permission android:name='android.permission.POST_NOTIFICATIONS'/>
              <application>
                <meta-data android:name="com.google.firebase.messaging.default_notification_channel_id"
                           android:value="orders &amp; more"/>
              </application>
            </manifest>
            """
        #expect(
            Self.facts("AndroidManifest.xml", literal) == [
                "platforms android", "default orders & more @ AndroidManifest.xml:5",
                "post-notifications @ AndroidManifest.xml:2",
            ])
        let reference = """
            <manifest><application>
            <meta-data android:name="com.google.firebase.messaging.default_notification_channel_id" android:value="@integer/id"/>
            </application></manifest>
            """
        #expect(
            Self.facts("AndroidManifest.xml", reference) == [
                "platforms android", "unresolved default channel @integer/id @ AndroidManifest.xml:2",
            ])
    }

    @Test func stringResourceText() {
        #expect(AndroidResourceScanner.resourceText(#"Don\'t  "keep  this"  \n"#) == "Don't keep  this \n")
    }

    // MARK: iOS

    @Test func swiftCategoriesWithActionsInlineBoundOrUnknown() {
        let text = """
            let accept: UNNotificationAction = UNNotificationAction(identifier: "ACCEPT", title: "Accept")
            let a = UNNotificationCategory(identifier: "A", actions: [accept, UNTextInputNotificationAction(identifier: "REPLY", title: "R", options: [])], intentIdentifiers: [])
            let b = UNNotificationCategory(identifier: "B", actions: actionsFromServer, intentIdentifiers: [])
            let c = UNNotificationCategory(identifier: "C", actions: [unknownAction], intentIdentifiers: [])
            """
        #expect(
            Self.facts("Setup.swift", text) == [
                "platforms ios",
                "category A [ACCEPT, REPLY] @ Setup.swift:2",
                "category B [] @ Setup.swift:3",
                "category C [] @ Setup.swift:4",
                "unresolved actions actionsFromServer of category 'B' @ Setup.swift:3",
                "unresolved action unknownAction of category 'C' @ Setup.swift:4",
            ])
    }

    @Test func aNameBoundToTwoActionsIsNotGuessed() {
        let text = """
            func one() { let action = UNNotificationAction(identifier: "ONE", title: "1") }
            func two() { let action = UNNotificationAction(identifier: "TWO", title: "2") }
            let c = UNNotificationCategory(identifier: "C", actions: [action], intentIdentifiers: [])
            """
        #expect(Self.facts("S.swift", text).contains("unresolved action action of category 'C' @ S.swift:3"))
    }

    @Test func serviceExtensionAndPushKit() {
        let text = """
            class NotificationService: UNNotificationServiceExtension {}
            func handle(_ e: UNNotificationServiceExtension) {}
            let registry = PKPushRegistry(queue: .main)
            let another = PKPushRegistry(queue: nil)
            """
        #expect(
            Self.facts("N.swift", text) == ["platforms ios", "extension @ N.swift:1", "pushkit @ N.swift:3"])
        let objc = """
            @interface NotificationService : UNNotificationServiceExtension
            @end
            PKPushRegistry *registry = [[PKPushRegistry alloc] initWithQueue:dispatch_get_main_queue()];
            """
        #expect(Self.facts("N.m", objc) == ["platforms ios", "extension @ N.m:1", "pushkit @ N.m:3"])
    }

    @Test func objectiveCCategoriesAndConstants() {
        let text = """
            NSString *const kCategory = @"ORDERS";
            #define kAccept @"ACCEPT"
            UNNotificationCategory *c = [UNNotificationCategory categoryWithIdentifier:kCategory
                actions:@[[UNNotificationAction actionWithIdentifier:kAccept title:@"OK" options:0]]
                intentIdentifiers:@[] options:0];
            UNNotificationCategory *d = [UNNotificationCategory categoryWithIdentifier:(flag ? @"X" : @"Y") actions:@[] intentIdentifiers:@[] options:0];
            """
        #expect(
            Self.facts("P.m", text) == [
                "platforms ios",
                "category ORDERS [ACCEPT] @ P.m:3",
                "unresolved category id (flag ? @\"X\" : @\"Y\") @ P.m:6",
            ])
    }

    @Test func infoPlistModesAndExtension() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>UIBackgroundModes</key>
              <array><string>remote-notification</string><string>voip</string></array>
              <key>NSExtension</key>
              <dict><key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string></dict>
            </dict></plist>
            """
        #expect(
            Self.facts("Info.plist", plist) == [
                "platforms ios", "mode remote-notification @ Info.plist:4", "mode voip @ Info.plist:4",
                "extension @ Info.plist:6",
            ])
        let content = plist.replacingOccurrences(of: ".service", with: ".content-extension")
        #expect(!Self.facts("Info.plist", content).contains("extension @ Info.plist:6"))
    }

    @Test func malformedAndHostilePropertyLists() {
        #expect(
            Self.facts("Info.plist", "<plist><dict><key>A</key") == [
                "platforms ios", "unreadable Info.plist: it is not well-formed XML",
            ])
        let deep = "<plist>" + String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600)
        #expect(
            Self.facts("Info.plist", deep + "</plist>") == [
                "platforms ios", "unreadable Info.plist: it is nested deeper than 512 levels",
            ])
        #expect(
            Self.facts("A.entitlements", "<plist><array/></plist>") == [
                "platforms ios", "unreadable A.entitlements: its root is not a dictionary of entitlements",
            ])
    }

    // MARK: Expo

    @Test func expoChannelsImportancesAndCategories() {
        let text = """
            const Ids = { 'orders': 'orders', CHAT: "chat" };
            await setNotificationChannelAsync(Ids.orders, { name: 'A', importance: 6 });
            await Notifications.setNotificationChannelAsync(Ids.CHAT, { name: 'B' });
            await setNotificationChannelAsync('x', options);
            await setNotificationChannelGroupAsync('group', { name: 'G' });
            await setNotificationCategoryAsync('CAT', [{ identifier: 'a' }, makeAction()]);
            """
        #expect(
            Self.facts("n.js", text) == [
                "platforms android",
                "channel orders high @ n.js:2",
                "channel chat ? @ n.js:3",
                "channel x ? @ n.js:4",
                "group group @ n.js:5",
                "category CAT [a] @ n.js:6",
                "unresolved importance of channel 'chat' (not given) @ n.js:3",
                "unresolved importance of channel 'x' options @ n.js:4",
                "unresolved action makeAction() of category 'CAT' @ n.js:6",
            ])
    }

    @Test func expoAppJSON() {
        let json = """
            {
              "expo": {
                "platforms": ["android"],
                "ios": { "entitlements": { "aps-environment": "production", "off": false } },
                "plugins": ["expo-notifications"]
              }
            }
            """
        #expect(
            Self.facts("app.json", json) == [
                "platforms android", "entitlement aps-environment @ app.json:4",
                "entitlement aps-environment @ app.json:5",
            ])
        #expect(Self.facts("app.json", #"{"name": "not expo"}"#) == ["platforms "])
        #expect(Self.facts("app.json", "{ broken").first == "platforms ")
        #expect(Self.facts("app.json", "{ broken").last?.hasPrefix("unreadable app.json: it is not JSON") == true)
    }

    @Test func expoAppConfigScript() {
        let text = """
            export default {
              expo: {
                ios: { infoPlist: { UIBackgroundModes: ['remote-notification', MODE] }, entitlements: ENTITLEMENTS },
                android: { permissions: ['POST_NOTIFICATIONS'] },
                plugins: [['expo-notifications', { defaultChannel: 'general', enableBackgroundRemoteNotifications: true }]],
              },
            };
            """
        #expect(
            Self.facts("app.config.js", text) == [
                "platforms android, ios",
                "mode remote-notification @ app.config.js:3",
                "mode remote-notification @ app.config.js:5",
                "entitlement aps-environment @ app.config.js:5",
                "default general @ app.config.js:5",
                "post-notifications @ app.config.js:4",
                "unresolved entitlements ENTITLEMENTS @ app.config.js:3",
                "unresolved background mode MODE @ app.config.js:3",
            ])
    }

    // MARK: Flutter

    @Test func flutterImportances() {
        let text = """
            const a = AndroidNotificationChannel('a', 'A', importance: Importance.max);
            const b = AndroidNotificationChannel('b', 'B', importance: Importance.unspecified);
            const c = AndroidNotificationChannel('c', 'C', description: 'no importance: the plugin default');
            """
        #expect(
            Self.facts("n.dart", text) == [
                "platforms android",
                "channel a max @ n.dart:1",
                "channel b ? @ n.dart:2",
                "channel c default @ n.dart:3",
                "unresolved importance of channel 'b' Importance.unspecified @ n.dart:2",
            ])
    }

    // MARK: Hostile input

    /// Every scanner on bytes that are no source at all: no crash, and every line a fact names is in the file.
    @Test(arguments: [
        "A.kt", "A.java", "A.swift", "A.m", "a.ts", "a.dart", "AndroidManifest.xml", "res/values/strings.xml",
        "Info.plist", "A.entitlements", "app.json", "app.config.js",
    ])
    func randomBytesNeverCrash(_ path: String) {
        var generator = SplitMix(seed: UInt64(path.utf8.count))
        let alphabet = Array("\"'`$#{}()[]<>/*\\\n @:=,.;r".utf8) + Array("NotificationChannel(".utf8)
        for round in 0..<200 {
            let count = Int(generator.next() % 400)
            let bytes = (0..<count).map { _ -> UInt8 in
                let r = generator.next()
                return r % 4 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : alphabet[Int((r >> 8) % UInt64(alphabet.count))]
            }
            guard let scan = AppSourceScanner.scan(bytes, path: path) else {
                Issue.record("\(path) is no app file")
                return
            }
            let lineCount = bytes.filter { $0 == 0x0A }.count + 1
            for line in scan.lines where line < 1 || line > lineCount {
                Issue.record("round \(round): line \(line) of \(lineCount)")
            }
            _ = AppFactsAssembler.assemble([scan])
        }
    }

    @Test func aFileOverTheLimitIsSkipped() {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: AppSourceScanner.maximumFileBytes + 1)
        #expect(AppSourceScanner.scan(bytes, path: "A.kt")?.skipped?.hasPrefix("it is larger than 2 MB") == true)
    }
}

/// A small deterministic generator for the random-input test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
