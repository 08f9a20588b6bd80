import PushLintModel
import TestSupport
import Testing

@testable import PushLintApp

/// The hostile app sources of issue 33 at small sizes: a large property list is read in linear time (its arrays and
/// dictionaries were copied on every element), and a name defined in many files gives bounded unresolved entries
/// (each listed every value of every file).
@Suite struct HostileAppSourceTests {
    /// 20 000 background modes and 10 000 entitlement keys: every one read, in order (quadratic before: seconds
    /// here, 40 s at the 2 MB cap).
    @Test func largePropertyListsAreReadWhole() throws {
        let count = 20_000
        let modes =
            "<plist><dict><key>UIBackgroundModes</key><array>"
            + (0..<count).map { "<string>m\($0)</string>" }.joined() + "</array></dict></plist>"
        let info = try #require(AppSourceScanner.scan(Array(modes.utf8), path: "ios/Info.plist"))
        let modeIDs = info.facts.filter { $0.kind == .backgroundMode }.compactMap { $0.id?.text }
        #expect(modeIDs.count == count)
        #expect(modeIDs.first == "m0" && modeIDs.last == "m\(count - 1)")

        let keys =
            "<plist><dict>" + (0..<(count / 2)).map { "<key>com.apple.developer.k\($0)</key><true/>" }.joined()
            + "<key>off</key><false/></dict></plist>"
        let entitlements = try #require(AppSourceScanner.scan(Array(keys.utf8), path: "ios/App.entitlements"))
        let names = entitlements.facts.filter { $0.kind == .entitlement }.compactMap { $0.id?.text }
        #expect(names.count == count / 2)
        #expect(names.last == "com.apple.developer.k\(count / 2 - 1)")
    }

    /// Nested arrays and dictionaries still come out whole after the in-place building.
    @Test func nestedPropertyListValues() throws {
        let text = """
            <plist><dict><key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key>\
            <string>com.apple.usernotifications.service</string><key>a</key><array><array/><dict/></array></dict>\
            <key>UIBackgroundModes</key><array><string>remote-notification</string></array></dict></plist>
            """
        let root = try PropertyListReader.read(Array(text.utf8)).get()
        guard case .array(let inner, _) = root.member("NSExtension")?.member("a") else {
            Issue.record("the nested array is missing")
            return
        }
        #expect(inner.count == 2)
        let scan = try #require(AppSourceScanner.scan(Array(text.utf8), path: "Info.plist"))
        #expect(scan.facts.contains { $0.kind == .serviceExtension })
        #expect(scan.facts.contains { $0.kind == .backgroundMode && $0.id?.text == "remote-notification" })
    }

    /// N files define CHANNEL with N values and N other files use it: each unresolved entry names the count and
    /// only the first values (sorted), so the output grows with N, not N².
    @Test func aNameDefinedInManyFilesGivesBoundedEntries() {
        let count = 300
        var scans: [AppSourceScan] = []
        for i in 0..<count {
            scans += [
                AppSourceScanner.scan(Array("package d\nconst val CHANNEL = \"c\(i)\"\n".utf8), path: "def/D\(i).kt"),
                AppSourceScanner.scan(
                    Array(
                        "class U { fun f() { NotificationChannel(CHANNEL, \"n\", NotificationManager.IMPORTANCE_HIGH) } }\n"
                            .utf8), path: "use/U\(i).kt"),
            ].compactMap { $0 }
        }
        let facts = AppFactsAssembler.assemble(scans)
        #expect(facts.unresolved.count == count)
        let sorted = (0..<count).map { "c\($0)" }.sorted()
        let expected =
            "channel id CHANNEL (\(count) different values: \(sorted.prefix(5).joined(separator: ", ")) and \(count - 5) more)"
        #expect(facts.unresolved.allSatisfy { $0.what == expected }, "\(facts.unresolved.first?.what ?? "")")
        // A file that defines the name itself still takes its own value.
        let own = AppFactsAssembler.assemble(
            scans + [
                AppSourceScanner.scan(
                    Array(
                        "const val CHANNEL = \"mine\"\nval c = NotificationChannel(CHANNEL, \"n\", NotificationManager.IMPORTANCE_HIGH)\n"
                            .utf8), path: "own/Own.kt")!
            ])
        #expect(own.channels.contains { $0.id == "mine" && $0.location.path == "own/Own.kt" })
    }
}
