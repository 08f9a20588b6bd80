import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// `AppScan` over the fixture apps of testdata/apps (one per stack, deliberate gaps listed in EXPECTED.md): every
/// fact with its exact file and line, generated and vendored folders never walked, and files that cannot be read
/// listed without stopping the scan.
@Suite struct AppScanTests {
    static func scan(_ app: String) throws -> [String] {
        let root = Paths.testdata.appendingPathComponent("apps/\(app)").path
        return AppFactsLines.describe(try AppScan.scan(folders: ["."], cwd: root, jobs: 2))
    }

    @Test func androidKotlin() throws {
        let shop = "app/src/main/java/com/example/shop"
        #expect(
            try Self.scan("android-kotlin") == [
                "platforms android",
                "channel orders high @ \(shop)/ShopApplication.kt:25",
                "channel chat default @ \(shop)/ShopApplication.kt:34",
                "channel general default @ \(shop)/ShopApplication.kt:37",
                "channel promo_weekly low @ \(shop)/ShopApplication.kt:47",
                "channel regional ? @ \(shop)/push/RemoteChannels.kt:20",
                "deleted promo @ \(shop)/ShopApplication.kt:41",
                "group shopping @ \(shop)/ShopApplication.kt:23",
                "default general @ app/src/main/AndroidManifest.xml:21",
                "post-notifications @ app/src/main/AndroidManifest.xml:6",
                "messaging-service @ \(shop)/push/ShopMessagingService.kt:6",
                "unresolved channel id config.getString(\"flash_sale_channel\") @ \(shop)/push/RemoteChannels.kt:11",
                "unresolved importance of channel 'regional' importance @ \(shop)/push/RemoteChannels.kt:20",
            ])
    }

    @Test func androidJava() throws {
        let news = "app/src/main/java/com/example/news"
        #expect(
            try Self.scan("android-java") == [
                "platforms android",
                "channel breaking high @ \(news)/NewsApp.java:19",
                "channel sports ? @ \(news)/NewsApp.java:25",
                "messaging-service @ \(news)/NewsMessagingService.java:6",
                "unresolved channel id DIGEST (2 different values: digest, digest_v1) @ \(news)/NewsApp.java:23",
                "unresolved importance of channel 'sports' NotificationManager.IMPORTANCE_UNSPECIFIED @ \(news)/NewsApp.java:25",
            ])
    }

    @Test func iosSwiftAndObjectiveC() throws {
        #expect(
            try Self.scan("ios-swift") == [
                "platforms ios",
                "category ORDER_ACTIONS [TRACK_ORDER, CANCEL_ORDER] @ Shop/AppDelegate.swift:22",
                "category CHAT_REPLY [REPLY] @ Shop/AppDelegate.swift:27",
                "category PROMO [SHOP_NOW, DISMISS] @ Shop/Legacy/PushSetup.m:15",
                "mode fetch @ Shop/Info.plist:14",
                "mode processing @ Shop/Info.plist:15",
                "entitlement aps-environment @ Shop/Shop.entitlements:5",
                "entitlement com.apple.security.application-groups @ Shop/Shop.entitlements:9",
                "entitlement com.apple.developer.associated-domains @ Shop/Shop.entitlements:13",
                "extension @ NotificationService/Info.plist:10",
                "extension @ NotificationService/NotificationService.swift:4",
                "unresolved link scheme $(PRODUCT_BUNDLE_IDENTIFIER) @ Shop/Info.plist:27",
                "unresolved category id config.string(forKey: \"seasonal_category\") @ Shop/RemoteCategories.swift:8",
                "unresolved content state of Live Activity type ScoreActivityAttributes (a custom init(from:)) @ Widgets/DeliveryActivity.swift:26",
            ])
    }

    @Test func expo() throws {
        #expect(
            try Self.scan("expo") == [
                "platforms android, ios",
                "channel orders high @ src/notifications/channels.ts:6",
                "channel chat max @ src/notifications/channels.ts:11",
                "channel promo low @ src/notifications/channels.ts:15",
                "deleted legacy @ src/notifications/channels.ts:24",
                "category ORDER_ACTIONS [track, cancel] @ src/notifications/categories.ts:7",
                "category CHAT_REPLY [reply] @ src/notifications/categories.ts:12",
                "mode remote-notification @ app.json:10",
                "entitlement com.apple.developer.usernotifications.time-sensitive @ app.config.ts:13",
                "entitlement aps-environment @ app.config.ts:18",
                "entitlement aps-environment @ app.json:23",
                "default default @ app.json:26",
                "post-notifications @ app.json:18",
                "unresolved enableBackgroundRemoteNotifications IS_PRODUCTION @ app.config.ts:18",
                "unresolved channel id `chat-${userId}` @ src/notifications/channels.ts:20",
            ])
    }

    @Test func flutter() throws {
        #expect(
            try Self.scan("flutter") == [
                "platforms android, ios",
                "channel orders high @ lib/notifications.dart:13",
                "channel chat default @ lib/notifications.dart:24",
                "channel order_updates high @ lib/show.dart:4",
                "deleted promo @ lib/notifications.dart:27",
                "group shopping @ lib/notifications.dart:22",
                "category ORDER_ACTIONS [track, cancel] @ lib/notifications.dart:32",
                "category CHAT_REPLY [reply] @ lib/notifications.dart:39",
                "mode fetch @ ios/Runner/Info.plist:9",
                "mode remote-notification @ ios/Runner/Info.plist:10",
                "entitlement aps-environment @ ios/Runner/Runner.entitlements:5",
                "default orders @ android/app/src/main/AndroidManifest.xml:4",
                "post-notifications @ android/app/src/main/AndroidManifest.xml:2",
                "unresolved channel id 'promo_$locale' @ lib/notifications.dart:26",
            ])
    }

    /// The example project's app (testdata/examples/EXPECTED.md, "The app"), read as `pushlint app scan` reads it
    /// from the project's folder: through the config's `app` folders.
    @Test func theExampleProjectsApp() throws {
        let folder = Paths.testdata.appendingPathComponent("examples").path
        let facts = try AppScan.run(AppScanRequest(workingDirectory: folder, jobs: 1))
        let channels = "app/android/app/src/main/java/com/example/shop/push/ShopChannels.kt"
        #expect(
            AppFactsLines.describe(facts) == [
                "platforms android, ios",
                "channel orders high @ \(channels):16",
                "channel promo low @ \(channels):17",
                "channel chat default @ \(channels):19",
                "channel general default @ \(channels):20",
                "category ORDER_ACTIONS [TRACK] @ app/ios/Shop/AppDelegate.swift:11",
                "category CHAT_REPLY [REPLY] @ app/ios/Shop/AppDelegate.swift:14",
                "mode remote-notification @ app/ios/Shop/Info.plist:9",
                "entitlement aps-environment @ app/ios/Shop/Shop.entitlements:5",
                "entitlement com.apple.developer.usernotifications.time-sensitive @ app/ios/Shop/Shop.entitlements:7",
                "entitlement com.apple.developer.associated-domains @ app/ios/Shop/Shop.entitlements:9",
                "extension @ app/ios/NotificationService/Info.plist:8",
                "extension @ app/ios/NotificationService/NotificationService.swift:4",
                "post-notifications @ app/android/app/src/main/AndroidManifest.xml:3",
                "messaging-service @ app/android/app/src/main/java/com/example/shop/push/ShopMessagingService.kt:6",
            ])
    }

    /// The fixtures hold calls in build/, .gradle/, Pods/, DerivedData/, node_modules/ and .dart_tool/ that would
    /// show up if those folders were walked.
    @Test func generatedAndVendoredFoldersAreNotWalked() throws {
        let all = try ["android-kotlin", "ios-swift", "expo", "flutter"].flatMap { try Self.scan($0) }.joined()
        for name in [
            "generated_in_build", "cached_in_gradle", "FROM_PODS", "FROM_DERIVED_DATA", "from_node_modules",
            "from_dart_tool", "from_build",
        ] {
            #expect(!all.contains(name), "\(name) was read from a skipped folder")
        }
    }

    /// Paths are relative to the working directory, wherever the app folder is.
    @Test func pathsAreRelativeToTheWorkingDirectory() throws {
        let facts = try AppScan.scan(folders: ["apps/flutter/ios"], cwd: Paths.testdata.path, jobs: 1)
        #expect(
            facts.backgroundModes.map { "\($0.location.path):\($0.location.line)" } == [
                "apps/flutter/ios/Runner/Info.plist:9", "apps/flutter/ios/Runner/Info.plist:10",
            ])
        #expect(facts.platforms == [.ios])
    }

    @Test func aMissingPathIsAnError() {
        #expect(throws: Discovery.MissingPath.self) {
            try AppScan.scan(folders: ["no/such/folder"], cwd: Paths.testdata.path, jobs: 1)
        }
    }

    // MARK: Hostile trees

    @Test func hugeBinaryAndUnreadableFilesAreListedNotFatal() throws {
        let dir = TempDirectory()
        dir.write(
            "app/Channels.kt",
            "val c = NotificationChannel(\"orders\", \"Orders\", NotificationManager.IMPORTANCE_HIGH)\n")
        // A 5 MB file on one line: larger than app scan reads.
        dir.write("app/Generated.kt", [UInt8](repeating: UInt8(ascii: "a"), count: 5 << 20))
        dir.write("app/Blob.swift", [0x00, 0x01, 0x02, 0xFF] + Array("UNNotificationCategory(identifier: \"X\")".utf8))
        dir.write("app/Locked.swift", "let x = 1\n")
        dir.write("app/Info.plist", Array("bplist00".utf8) + [0x00, 0xD1, 0x01, 0x02])
        let fileSystem = FaultyFileSystem(failingReads: ["Locked.swift": "permission denied"])
        let facts = try AppScan.scan(folders: ["app"], cwd: dir.path, fileSystem: fileSystem, jobs: 1)
        #expect(facts.channels.map(\.id) == ["orders"])
        #expect(facts.categories.isEmpty)
        #expect(
            facts.skipped.map { "\($0.location.path): \($0.what)" } == [
                "app/Blob.swift: it holds binary data (a NUL byte)",
                "app/Generated.kt: it is larger than 2 MB (5242880 bytes)",
            ])
        #expect(
            facts.unreadable.map { "\($0.location.path): \($0.what)" } == [
                "app/Info.plist: it is a binary property list, which app scan does not read; convert it with `plutil -convert xml1 FILE`",
                "app/Locked.swift: cannot read it: permission denied",
            ])
        #expect(facts.filesRead == 1)
    }

    @Test func symlinkLoopsAreWalkedOnce() throws {
        let dir = TempDirectory()
        dir.write("app/src/Push.kt", "val c = NotificationChannel(\"orders\", \"Orders\", 4)\n")
        dir.symlink("app/src/loop", to: dir.path + "/app")
        dir.symlink("app/src/self", to: ".")
        let facts = try AppScan.scan(folders: ["app"], cwd: dir.path, jobs: 1)
        #expect(facts.channels.map(\.location.path) == ["app/src/Push.kt"])
    }

    @Test func invalidUTF8IsReadAroundNotFatal() throws {
        let dir = TempDirectory()
        dir.write(
            "ios/Setup.swift",
            Array("let a = \"\u{FFFD}\"\n".utf8) + [0xC3, 0x28, 0xFF, 0xFE, 0x0A]
                + Array(
                    "let c = UNNotificationCategory(identifier: \"ORDERS\", actions: [], intentIdentifiers: [])\n".utf8)
        )
        let facts = try AppScan.scan(folders: ["ios"], cwd: dir.path, jobs: 1)
        #expect(AppFactsLines.describe(facts) == ["platforms ios", "category ORDERS [] @ ios/Setup.swift:3"])
    }

    @Test func anExplicitFileOfAnotherKindIsSkipped() throws {
        let dir = TempDirectory()
        dir.write("README.md", "# not an app file\n")
        let facts = try AppScan.scan(folders: ["README.md"], cwd: dir.path, jobs: 1)
        #expect(facts.skipped.map(\.what) == ["app scan does not read files of this name"])
    }

    // MARK: The config's app folders

    @Test func runReadsTheConfigsAppFolders() throws {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{ "app": ["mobile/android"] }"#)
        dir.write("mobile/android/Push.kt", "val c = NotificationChannel(\"orders\", \"Orders\", 4)\n")
        dir.write("mobile/ios/Setup.swift", "let c = UNNotificationCategory(identifier: \"X\", actions: [])\n")
        dir.write("sub/.keep", "")
        let facts = try AppScan.run(AppScanRequest(workingDirectory: dir.path + "/sub", jobs: 1))
        #expect(facts.channels.map(\.location.path) == ["../mobile/android/Push.kt"])
        #expect(facts.categories.isEmpty)
        let named = try AppScan.run(AppScanRequest(paths: ["mobile"], workingDirectory: dir.path, jobs: 1))
        #expect(named.categories.map(\.id) == ["X"])
    }

    @Test func runReportsAMissingConfigFolderAndABadConfig() throws {
        let dir = TempDirectory()
        dir.write(".pushlint.json", #"{ "app": "mobile" }"#)
        #expect {
            try AppScan.run(AppScanRequest(workingDirectory: dir.path, jobs: 1))
        } throws: { error in
            guard case LintSessionError.missingPath(let path) = error else { return false }
            return path == "mobile"
        }
        dir.write(".pushlint.json", #"{ "app": 3 }"#)
        #expect {
            try AppScan.run(AppScanRequest(workingDirectory: dir.path, jobs: 1))
        } throws: { error in
            guard case LintSessionError.configuration(let problem) = error else { return false }
            return problem.message.contains("'app'") && problem.position?.line == 1
        }
    }
}
