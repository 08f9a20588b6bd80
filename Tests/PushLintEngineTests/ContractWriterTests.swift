import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// `--write-contract`: the app's facts merged into the contract as text insertions, never deleting, and
/// idempotent (issue 23).
@Suite struct ContractWriterTests {
    static func at(_ path: String, _ line: Int) -> AppFacts.Location { AppFacts.Location(path: path, line: line) }

    static let kotlin = "app/src/main/java/App.kt"

    /// Both platforms: channels orders (high), promo (low), calls (max); default channel orders; categories
    /// ORDER_ACTIONS and CALL_ACTIONS; time-sensitive and critical-alerts entitlements (and aps-environment).
    static var facts: AppFacts {
        var app = AppFacts()
        app.platforms = [.android, .ios]
        app.channels = [
            AppFacts.Channel(id: "orders", importance: .high, location: at(kotlin, 10)),
            AppFacts.Channel(id: "promo", importance: .low, location: at(kotlin, 11)),
            AppFacts.Channel(id: "calls", importance: .max, location: at(kotlin, 12)),
        ]
        app.defaultChannel = AppFacts.Fact(id: "orders", location: at("app/src/main/AndroidManifest.xml", 7))
        app.categories = [
            AppFacts.Category(id: "ORDER_ACTIONS", location: at("ios/App.swift", 20)),
            AppFacts.Category(id: "CALL_ACTIONS", location: at("ios/App.swift", 30)),
        ]
        app.entitlements = [
            AppFacts.Fact(id: "aps-environment", location: at("ios/App.entitlements", 4)),
            AppFacts.Fact(
                id: "com.apple.developer.usernotifications.critical-alerts", location: at("ios/App.entitlements", 8)),
            AppFacts.Fact(
                id: "com.apple.developer.usernotifications.time-sensitive", location: at("ios/App.entitlements", 6)),
        ]
        return app
    }

    static func merge(_ text: String?, _ facts: AppFacts = facts) throws(ConfigurationError) -> ContractWriter.Merge {
        try ContractWriter.merge(contract: text.map { Array($0.utf8) }, path: "push-contract.json", facts: facts)
    }

    /// The result reads back as a contract, and merging it again changes nothing.
    static func roundTrips(_ merge: ContractWriter.Merge, _ facts: AppFacts = facts) throws {
        _ = try Contract.read(path: "push-contract.json", bytes: merge.bytes)
        if let original = merge.original { #expect(isSubsequence(original, of: merge.bytes), "the merge deleted text") }
        let again = try ContractWriter.merge(contract: merge.bytes, path: "push-contract.json", facts: facts)
        #expect(again.changes.isEmpty, "second merge: \(again.changes)")
        #expect(again.bytes == merge.bytes)
    }

    static func isSubsequence(_ a: [UInt8], of b: [UInt8]) -> Bool {
        var index = a.startIndex
        for byte in b where index < a.endIndex && a[index] == byte { index += 1 }
        return index == a.endIndex
    }

    static func text(_ merge: ContractWriter.Merge) -> String { String(decoding: merge.bytes, as: UTF8.self) }

    @Test func writesANewContract() throws {
        let merge = try Self.merge(nil)
        #expect(merge.original == nil)
        #expect(merge.isChanged)
        #expect(
            Self.text(merge) == """
                \(ContractWriter.header)
                {
                  "ios": {
                    "categories": ["ORDER_ACTIONS", "CALL_ACTIONS"],
                    "entitlements": ["time-sensitive", "critical-alerts"]
                  },
                  "android": {
                    "defaultChannel": "orders",
                    "channels": [
                      {"id": "orders", "importance": "high"},
                      {"id": "promo", "importance": "low"},
                      {"id": "calls", "importance": "max"}
                    ]
                  }
                }

                """)
        #expect(
            merge.changes.first == "ios.categories: added 'ORDER_ACTIONS' from ios/App.swift:20"
                && merge.changes.contains("android.channels: added 'calls' (importance max) from \(Self.kotlin):12"))
        #expect(
            merge.diff(path: "push-contract.json").hasPrefix(
                "--- a/push-contract.json\n+++ b/push-contract.json\n@@ -0,0 +1,15 @@\n+// Written"))
        try Self.roundTrips(merge)
    }

    @Test func nothingToWriteWithoutFacts() throws {
        let merge = try Self.merge(nil, AppFacts())
        #expect(!merge.isChanged && merge.original == nil)
        let existing = #"{"ios": {"bundleId": "x"}}"#
        let same = try Self.merge(existing, AppFacts())
        #expect(!same.isChanged && Self.text(same) == existing && same.diff(path: "c.json").isEmpty)
    }

    /// Comments, trailing commas, padding and order of the team's text are kept; new entries follow their
    /// neighbours' layout; a comment that ends the last entry's line stays on that line.
    @Test func mergesIntoAnAnnotatedContract() throws {
        let contract = """
            // the shop
            {
              "ios": {
                "bundleId": "com.example.shop",
                "categories": ["ORDER_ACTIONS"], // registered in AppDelegate
              },
              "android": {
                "channels": [
                  { "id": "orders", "importance": "high", "name": "Orders" }, // the big one
                  { "id": "promo" },
                ],
              },
              "events": {},
            }

            """
        let merge = try Self.merge(contract)
        #expect(
            Self.text(merge) == """
                // the shop
                {
                  "ios": {
                    "bundleId": "com.example.shop",
                    "categories": ["ORDER_ACTIONS", "CALL_ACTIONS"], // registered in AppDelegate
                    "entitlements": ["time-sensitive", "critical-alerts"],
                  },
                  "android": {
                    "channels": [
                      { "id": "orders", "importance": "high", "name": "Orders" }, // the big one
                      { "id": "promo", "importance": "low" },
                      { "id": "calls", "importance": "max" },
                    ],
                    "defaultChannel": "orders",
                  },
                  "events": {},
                }

                """)
        #expect(merge.changes.contains("android.channels: 'promo' gets importance low from \(Self.kotlin):11"))
        #expect(merge.kept.isEmpty)
        try Self.roundTrips(merge)
    }

    @Test func mergesIntoAOneLineContract() throws {
        var facts = Self.facts
        facts.platforms = [.android]
        let merge = try Self.merge(#"{"android": {"channels": [{"id": "orders", "importance": "high"}]}}"#, facts)
        #expect(
            Self.text(merge)
                == #"{"android": {"channels": [{"id": "orders", "importance": "high"}, {"id": "promo", "importance": "low"}, {"id": "calls", "importance": "max"}], "defaultChannel": "orders"}}"#
        )
        try Self.roundTrips(merge, facts)
        let sections = try Self.merge(#"{"events": {}}"#, facts)
        #expect(
            Self.text(sections)
                == #"{"events": {}, "android": {"defaultChannel": "orders", "channels": [{"id": "orders", "importance": "high"}, {"id": "promo", "importance": "low"}, {"id": "calls", "importance": "max"}]}}"#
        )
        try Self.roundTrips(sections, facts)
    }

    /// What the app contradicts stays as the team wrote it, and is listed.
    @Test func keepsWhatTheAppContradicts() throws {
        let contract = """
            {
              "ios": {"categories": ["ORDER_ACTIONS", "CALL_ACTIONS", "RATE"], "entitlements": ["time-sensitive", "critical-alerts"]},
              "android": {
                "defaultChannel": "promo",
                "channels": [{"id": "orders", "importance": "default"}, {"id": "promo", "importance": "low"}, {"id": "calls", "importance": "max"}, {"id": "news"}]
              }
            }
            """
        let merge = try Self.merge(contract)
        #expect(!merge.isChanged)
        #expect(Self.text(merge) == contract)
        #expect(
            merge.kept == [
                "ios.categories: 'RATE' is not registered by the app: kept",
                "android.channels: 'orders' is declared with importance default, the app creates it with high at \(Self.kotlin):10: left as written (a channel keeps its first importance on installed apps; decide which is right, app-channel-importance)",
                "android.channels: 'news' is not created by the app: kept",
                "android.defaultChannel: 'promo' left as written; the app's manifest names 'orders' at app/src/main/AndroidManifest.xml:7",
            ])
    }

    @Test func onlyThePlatformsWhoseSourcesWereRead() throws {
        var facts = Self.facts
        facts.platforms = [.ios]
        let merge = try Self.merge("{\n  \"android\": {\"channels\": []}\n}\n", facts)
        #expect(
            Self.text(merge)
                == "{\n  \"android\": {\"channels\": []},\n  \"ios\": {\n    \"categories\": [\"ORDER_ACTIONS\", \"CALL_ACTIONS\"],\n    \"entitlements\": [\"time-sensitive\", \"critical-alerts\"]\n  }\n}\n"
        )
        try Self.roundTrips(merge, facts)
    }

    @Test func aDefaultChannelTheAppNeverCreatesIsNotWritten() throws {
        var facts = Self.facts
        facts.defaultChannel = AppFacts.Fact(id: "general", location: Self.at("AndroidManifest.xml", 7))
        let merge = try Self.merge(nil, facts)
        #expect(!Self.text(merge).contains("defaultChannel"))
        #expect(merge.kept.contains { $0.hasPrefix("android.defaultChannel: the manifest's 'general'") })
        try Self.roundTrips(merge, facts)
    }

    @Test func conflictingImportancesAreNotWritten() throws {
        var facts = Self.facts
        facts.platforms = [.android]
        facts.channels.append(AppFacts.Channel(id: "orders", importance: .default, location: Self.at("Other.kt", 3)))
        facts.channels.append(AppFacts.Channel(id: "promo", importance: nil, location: Self.at("Other.kt", 4)))
        let merge = try Self.merge(#"{"android": {"channels": []}}"#, facts)
        #expect(Self.text(merge).contains(#"{"id": "orders"}, {"id": "promo", "importance": "low"}"#))
        #expect(merge.kept.first?.contains("'orders' is created with several importances") == true)
        try Self.roundTrips(merge, facts)
    }

    @Test func emptyMultiLineContainersTabsAndCRLF() throws {
        var facts = Self.facts
        facts.platforms = [.ios]
        let tabs = "{\r\n\t\"ios\": {\r\n\t\t\"categories\": [\r\n\t\t]\r\n\t}\r\n}\r\n"
        let merge = try Self.merge(tabs, facts)
        #expect(
            Self.text(merge)
                == "{\r\n\t\"ios\": {\r\n\t\t\"categories\": [\r\n\t\t\t\"ORDER_ACTIONS\",\r\n\t\t\t\"CALL_ACTIONS\"\r\n\t\t],\r\n\t\t\"entitlements\": [\"time-sensitive\", \"critical-alerts\"]\r\n\t}\r\n}\r\n"
        )
        try Self.roundTrips(merge, facts)
    }

    @Test func escapesIdentifiers() throws {
        var facts = AppFacts()
        facts.platforms = [.ios]
        facts.categories = [AppFacts.Category(id: "say \"hi\"\\now", location: Self.at("a.swift", 1))]
        let merge = try Self.merge(nil, facts)
        #expect(try Contract.read(path: "c", bytes: merge.bytes).ios?.categories == ["say \"hi\"\\now"])
        try Self.roundTrips(merge, facts)
    }

    @Test func anInvalidContractIsAConfigurationError() {
        #expect(throws: ConfigurationError.self) { try Self.merge(#"{"android": {"channels": [{"id": 3}]}}"#) }
        do {
            _ = try Self.merge("{\n  \"ios\": [\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.path == "push-contract.json" && error.position != nil)
        }
    }

    /// The example project's contract (comments, trailing commas, events): everything the team wrote survives,
    /// the app's facts are added, and a second merge is a no-op.
    @Test func theExampleProjectsContractRoundTrips() throws {
        let url = Paths.testdata.appendingPathComponent("examples/push-contract.json")
        let original = try String(contentsOf: url, encoding: .utf8)
        let merge = try Self.merge(original)
        let merged = Self.text(merge)
        try Self.roundTrips(merge)
        // Insertions only: the original is a subsequence of the result, byte for byte.
        #expect(Self.isSubsequence(Array(original.utf8), of: merge.bytes))
        let before = try Contract.read(path: "c", bytes: Array(original.utf8))
        let after = try Contract.read(path: "c", bytes: merge.bytes)
        #expect(after.events.map(\.name) == before.events.map(\.name))
        #expect(after.android?.channels?.map(\.id) == (before.android?.channels?.map(\.id) ?? []) + ["calls"])
        #expect(after.ios?.categories == ["ORDER_ACTIONS", "CHAT_REPLY", "RETURN_ACTIONS", "CALL_ACTIONS"])
        #expect(after.ios?.entitlements == ["time-sensitive", "critical-alerts"])
        #expect(after.android?.defaultChannel == "orders")
        let diff = merge.diff(path: "push-contract.json")
        #expect(diff.contains("+      { \"id\": \"calls\", \"importance\": \"max\" },"))
    }
}
