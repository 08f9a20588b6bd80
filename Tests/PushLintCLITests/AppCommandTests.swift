import Foundation
import PushLintJSON
import TestSupport
import Testing

/// `pushlint app scan` as a user runs it: the example project's app by its config, any fixture app by path, JSON in
/// issue 23's shape, and the exit codes (0 whatever the facts, 2 for usage and configuration errors).
@Suite struct AppCommandTests {
    static let examples = Paths.testdata.appendingPathComponent("examples").path
    static let apps = Paths.testdata.appendingPathComponent("apps").path

    @Test func readsTheConfigsAppFoldersAsText() {
        let result = InProcess.pushlint(["app", "scan"], cwd: Self.examples)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "read 17 app files (android, ios)")
        for expected in [
            "  app/android/app/src/main/java/com/example/shop/push/ShopChannels.kt:19: chat (importance default)",
            "  app/ios/Shop/AppDelegate.swift:11: ORDER_ACTIONS (actions TRACK)",
            "  app/ios/Shop/Info.plist:9: remote-notification",
            "  app/ios/NotificationService/Info.plist:8: found",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)\n\(result.stdout)")
        }
        // The FCM default channel and PushKit sections say "none": what is missing is what a reader looks for.
        #expect(result.stdout.contains("FCM default channel\n  none\n"))
        #expect(result.stdout.contains("PushKit\n  none\n"))
    }

    @Test func writesJSONForNamedPaths() throws {
        let result = InProcess.pushlint(["app", "scan", "--format", "json", "ios-swift", "expo"], cwd: Self.apps)
        #expect(result.status == 0, "\(result.stderr)")
        let doc = try #require(JSONParser.parse(Array(result.stdout.utf8)).document)
        let categories = try #require(doc.member(doc.root, "categories"))
        // In path and line order, whatever order the paths were named in.
        #expect(
            doc.elements(categories).map { doc.member($0, "id").map(doc.string) } == [
                "ORDER_ACTIONS", "CHAT_REPLY", "ORDER_ACTIONS", "CHAT_REPLY", "PROMO",
            ])
        let first = try #require(doc.elements(categories).first)
        #expect(doc.string(try #require(doc.member(first, "path"))) == "expo/src/notifications/categories.ts")
        #expect(doc.intValue(try #require(doc.member(first, "line"))) == 7)
        let modes = try #require(doc.member(doc.root, "backgroundModes"))
        #expect(doc.elements(modes).map { doc.string($0) } == ["remote-notification", "fetch", "processing"])
        #expect(doc.string(try #require(doc.member(doc.root, "defaultChannel"))) == "default")
        #expect(doc.boolValue(try #require(doc.member(doc.root, "serviceExtension"))) == true)
        let unresolved = try #require(doc.member(doc.root, "unresolved"))
        // Two of them are the iOS app's resources (a build-variable URL scheme, a custom Live Activity decoder).
        #expect(doc.elements(unresolved).count == 5)
    }

    @Test func helpInEveryForm() {
        for arguments in [["app", "--help"], ["app", "scan", "--help"], ["app", "scan", "-h"], ["help", "app"]] {
            let result = InProcess.pushlint(arguments, cwd: Self.apps)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("OVERVIEW: Read an app's sources"), "\(arguments)")
        }
        #expect(InProcess.pushlint(["--help"], cwd: Self.apps).stdout.contains("app scan [PATH ...]"))
    }

    @Test(arguments: [
        (["app"], "'pushlint app' needs a subcommand: scan"),
        (["app", "scna"], "unknown subcommand 'scna' for 'pushlint app'. Did you mean 'scan'?"),
        (["app", "scan", "--format", "xml"], "'pushlint app scan' formats are text and json, got 'xml'."),
        (
            ["app", "scan", "--formt=json"],
            "unknown option '--formt=json' for 'pushlint app scan'. Did you mean '--format'?"
        ),
        (["app", "scan", "--config"], "option '--config' needs a value"),
        (["app", "scan", "-j0"], "--jobs takes a whole number of at least 1, got '0'"),
        (["app", "scan", "no/such/app"], "no such file or directory: no/such/app"),
    ])
    func usageErrorsExit2(_ arguments: [String], _ message: String) {
        let result = InProcess.pushlint(arguments, cwd: Self.apps)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("pushlint: error: \(message)\n"), "\(result.stderr)")
    }

    @Test func aBadConfigIsAConfigurationError() {
        let dir = TempDirectory()
        dir.write(".pushlint.json", "{\n  \"app\": [\"mobile\", 4]\n}\n")
        let result = InProcess.pushlint(["app", "scan"], cwd: dir.path)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("pushlint: error: .pushlint.json:2:21: "), "\(result.stderr)")
    }

    @Test func anEmptyFolderSaysSo() {
        let dir = TempDirectory()
        dir.write("README.md", "no app here\n")
        let result = InProcess.pushlint(["app", "scan", "."], cwd: dir.path)
        #expect(result.status == 0)
        #expect(result.stdout == "read 0 app files in .: no Android or iOS app sources found\n")
    }
}
