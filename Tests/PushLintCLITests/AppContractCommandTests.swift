import Foundation
import PushLintJSON
import PushLintModel
import TestSupport
import Testing

/// The app's facts put to work from the command line (issue 23): `app scan --write-contract` shows a diff and
/// merges the app into the contract, and `lint` reads the app (`--app`, the config's `app`) for the app-* rules.
@Suite struct AppContractCommandTests {
    /// A small app: channels `orders` (high) and `chat` (default), category `ORDER_ACTIONS`, a silent-push mode.
    static func app(in folder: TempDirectory) {
        folder.write(
            "app/android/App.kt",
            """
            package com.example.shop
            import android.app.NotificationChannel
            import android.app.NotificationManager
            class App {
                fun onCreate() {
                    val orders = NotificationChannel("orders", "Orders", NotificationManager.IMPORTANCE_HIGH)
                    val chat = NotificationChannel("chat", "Chat", NotificationManager.IMPORTANCE_DEFAULT)
                }
            }

            """)
        folder.write(
            "app/ios/AppDelegate.swift",
            """
            import UserNotifications
            let track = UNNotificationAction(identifier: "TRACK", title: "Track")
            let category = UNNotificationCategory(identifier: "ORDER_ACTIONS", actions: [track], intentIdentifiers: [])

            """)
    }

    static let contract = """
        // The team's contract: a comment and a trailing comma that the merge keeps.
        {
          "android": {
            "channels": [
              { "id": "chat", "importance": "high" },
            ],
          },
        }

        """

    @Test func writeContractShowsTheDiffMergesAndIsThenUpToDate() throws {
        let folder = TempDirectory()
        Self.app(in: folder)
        folder.write(".pushlint.json", #"{"contract": "push-contract.json", "app": ["app"]}"#)
        folder.write("push-contract.json", Self.contract)

        let first = InProcess.pushlint(["app", "scan", "--write-contract"], cwd: folder.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("--- a/push-contract.json\n+++ b/push-contract.json\n"), "\(first.stdout)")
        #expect(first.stdout.contains("+"), "\(first.stdout)")
        #expect(first.stdout.contains("added 'orders' (importance high) from app/android/App.kt:6"), "\(first.stdout)")
        // The team said high for chat, the app creates it at default: a person decides, the file keeps "high".
        #expect(first.stdout.contains("'chat' is declared with importance high"), "\(first.stdout)")
        #expect(first.stdout.hasSuffix("wrote push-contract.json\n"), "\(first.stdout)")
        #expect(first.stderr.isEmpty, "the config names the contract: no hint")

        let written = try #require(folder.read("push-contract.json"))
        #expect(written.hasPrefix("// The team's contract: a comment and a trailing comma that the merge keeps.\n"))
        #expect(written.contains(#"{ "id": "chat", "importance": "high" },"#))
        let contract = try Contract.read(path: "push-contract.json", bytes: Array(written.utf8))
        #expect(contract.android?.channels?.map(\.id) == ["chat", "orders"])
        #expect(contract.ios?.categories == ["ORDER_ACTIONS"])

        let second = InProcess.pushlint(["app", "scan", "--write-contract"], cwd: folder.path)
        #expect(second.status == 0)
        #expect(second.stdout.hasSuffix("push-contract.json is up to date with the app: nothing to write\n"))
        #expect(folder.read("push-contract.json") == written, "a second merge writes nothing")
    }

    @Test func dryRunWritesNothingAndANewContractGetsAHint() {
        let folder = TempDirectory()
        Self.app(in: folder)
        let result = InProcess.pushlint(["app", "scan", "app", "--write-contract", "--dry-run"], cwd: folder.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("+++ b/push-contract.json"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("--dry-run: push-contract.json not written\n"))
        #expect(!folder.exists("push-contract.json"))
        #expect(result.stderr.contains(#"names it: "contract": "push-contract.json""#), "\(result.stderr)")

        let noFolder = InProcess.pushlint(
            ["app", "scan", "app", "--write-contract", "--contract", "contracts/app.json"], cwd: folder.path)
        #expect(noFolder.status == 2)
        #expect(noFolder.stderr.hasPrefix("pushlint: error: cannot write the contract to contracts/app.json: "))
        folder.mkdir("contracts")
        let named = InProcess.pushlint(
            ["app", "scan", "app", "--write-contract", "--contract", "contracts/app.json"], cwd: folder.path)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.hasSuffix("wrote contracts/app.json\n"), "\(named.stdout)")
        #expect(
            folder.read("contracts/app.json")?.hasPrefix("// Written by `pushlint app scan --write-contract`") == true)
    }

    @Test func anInvalidContractIsAConfigurationErrorAndStaysAsItWas() {
        let folder = TempDirectory()
        Self.app(in: folder)
        folder.write("push-contract.json", #"{"android": {"channels": [{"importance": "high"}]}}"#)
        let result = InProcess.pushlint(["app", "scan", "app", "--write-contract"], cwd: folder.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("push-contract.json"), "\(result.stderr)")
        #expect(folder.read("push-contract.json") == #"{"android": {"channels": [{"importance": "high"}]}}"#)
    }

    @Test func dryRunAndContractNeedWriteContract() {
        for arguments in [["app", "scan", "--dry-run"], ["app", "scan", "--contract", "c.json"]] {
            let result = InProcess.pushlint(arguments, cwd: TempDirectory().path)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("--write-contract"), "\(result.stderr)")
        }
    }

    @Test func lintReadsTheAppNamedByAppOrByTheConfig() {
        let folder = TempDirectory()
        Self.app(in: folder)
        folder.write(
            "push/shipped.json",
            #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"channel_id": "shipping"}}}}"#
        )
        let arguments = ["lint", "push", "-f", "concise", "--rule", "app-default-channel=off"]
        let without = InProcess.pushlint(arguments, cwd: folder.path)
        #expect(!without.stdout.contains("app-channel-not-created"), "no app folder: the app rules are silent")

        let named = InProcess.pushlint(arguments + ["--app", "app"], cwd: folder.path)
        #expect(
            named.stdout.contains(
                "push/shipped.json:1:109: warning: channel_id 'shipping' is a channel the app never creates"),
            "\(named.stdout)\(named.stderr)")
        #expect(named.stdout.contains("[app-channel-not-created]"))

        folder.write(".pushlint.json", #"{"app": "app"}"#)
        let configured = InProcess.pushlint(arguments, cwd: folder.path)
        #expect(configured.stdout == named.stdout)

        let missing = InProcess.pushlint(arguments + ["--app", "mobile"], cwd: folder.path)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("mobile"), "\(missing.stderr)")
    }
}
