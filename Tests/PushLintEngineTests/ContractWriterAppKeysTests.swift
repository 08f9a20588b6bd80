import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// `--write-contract` fills the contract's sounds and Live Activity types from the app (issue 30): insertions only,
/// idempotent, the team's entries kept; and a contract written from a fixture app lets payloads that use the app's
/// values lint clean, without the app folder.
@Suite struct ContractWriterAppKeysTests {
    static func at(_ path: String, _ line: Int) -> AppFacts.Location { AppFacts.Location(path: path, line: line) }

    /// An app with sounds on both platforms, a URL scheme and a Live Activity type (and one with a custom decoder).
    static var facts: AppFacts {
        var app = AppFacts()
        app.platforms = [.android, .ios]
        app.sounds = [
            AppFacts.Resource(platform: .ios, name: "chime.caf", location: at("ios/Sounds/chime.caf", 0)),
            AppFacts.Resource(platform: .ios, name: "chime.caf", location: at("ios/Other/chime.caf", 0)),
            AppFacts.Resource(platform: .android, name: "chime", location: at("android/res/raw/chime.ogg", 0)),
            AppFacts.Resource(platform: .android, name: "Bad-Name", location: at("android/res/raw/Bad-Name.ogg", 0)),
        ]
        app.liveActivities = [
            AppFacts.LiveActivity(
                attributesType: "DeliveryAttributes",
                contentState: [
                    AppFacts.LiveActivityField(name: "status", type: "String", optional: false),
                    AppFacts.LiveActivityField(name: "stops_left", type: "Int", optional: false),
                    AppFacts.LiveActivityField(name: "eta", type: "Date", optional: true),
                    AppFacts.LiveActivityField(name: "phase", type: "DeliveryPhase", optional: false),
                ],
                attributes: [AppFacts.LiveActivityField(name: "orderNumber", type: "String", optional: false)],
                location: at("ios/Widgets/Delivery.swift", 5)),
            AppFacts.LiveActivity(
                attributesType: "ScoreAttributes", contentState: nil, attributes: nil,
                location: at("ios/Widgets/Score.swift", 3)),
        ]
        return app
    }

    static func merge(_ text: String?, _ facts: AppFacts = facts) throws(ConfigurationError) -> ContractWriter.Merge {
        try ContractWriter.merge(contract: text.map { Array($0.utf8) }, path: "push-contract.json", facts: facts)
    }

    /// The result reads back, keeps the original as a subsequence, and a second merge changes nothing.
    static func roundTrips(_ merge: ContractWriter.Merge, _ facts: AppFacts = facts) throws -> Contract {
        let contract = try Contract.read(path: "push-contract.json", bytes: merge.bytes)
        if let original = merge.original {
            var index = original.startIndex
            for byte in merge.bytes where index < original.endIndex && original[index] == byte { index += 1 }
            #expect(index == original.endIndex, "the merge deleted text")
        }
        let again = try ContractWriter.merge(contract: merge.bytes, path: "push-contract.json", facts: facts)
        #expect(again.changes.isEmpty, "second merge: \(again.changes)")
        #expect(again.bytes == merge.bytes)
        return contract
    }

    @Test func writesSoundsAndLiveActivitiesIntoANewContract() throws {
        let merge = try Self.merge(nil)
        let contract = try Self.roundTrips(merge)
        #expect(contract.ios?.sounds == ["chime.caf"])
        #expect(contract.android?.sounds == ["chime"])
        let activities = try #require(contract.ios?.liveActivities)
        #expect(
            activities.map(\.attributesType) == ["DeliveryAttributes"], "a type with a custom decoder is not written")
        let state = try #require(activities[0].contentState)
        #expect(state.map(\.name) == ["status", "stops_left", "eta", "phase"])
        #expect(state.map(\.type) == [.string, .integer, .date, nil])
        #expect(state.map(\.optional) == [false, false, true, false])
        #expect(activities[0].attributes?.map(\.name) == ["orderNumber"])
        #expect(merge.changes.contains("ios.sounds: added 'chime.caf' from ios/Other/chime.caf"), "\(merge.changes)")
        #expect(
            merge.changes.contains("ios.liveActivities: added 'DeliveryAttributes' from ios/Widgets/Delivery.swift:5"))
        #expect(merge.kept.contains { $0.contains("'Bad-Name'") && $0.contains("not written") }, "\(merge.kept)")
        let text = String(decoding: merge.bytes, as: UTF8.self)
        #expect(text.contains(#""eta": {"type": "date", "optional": true}"#), "\(text)")
        #expect(text.contains(#""phase": {}"#), "\(text)")
    }

    /// The team's sounds, types, parts and keys stay as written; only what is missing is added, and what the app
    /// contradicts is listed for a person.
    @Test func mergesIntoWhatTheTeamWrote() throws {
        let original = """
            // The team's contract.
            {
              "ios": {
                "sounds": ["legacy.aiff"],
                "liveActivities": {
                  "DeliveryAttributes": {
                    "description": "kept",
                    "contentState": {
                      "status": {"type": "string"},
                      "stops_left": {"type": "number"}, // the team's choice
                      "courier": {"type": "string", "optional": true},
                    },
                  },
                  "OldAttributes": {},
                },
              },
              "android": {"sounds": ["chime"]},
            }

            """
        let merge = try Self.merge(original)
        let contract = try Self.roundTrips(merge)
        #expect(contract.ios?.sounds == ["legacy.aiff", "chime.caf"])
        #expect(contract.android?.sounds == ["chime"])
        let activities = try #require(contract.ios?.liveActivities)
        #expect(activities.map(\.attributesType) == ["DeliveryAttributes", "OldAttributes"])
        #expect(activities[0].contentState?.map(\.name) == ["status", "stops_left", "courier", "eta", "phase"])
        #expect(activities[0].contentState?[1].type == .number, "the team's type is kept")
        #expect(activities[0].attributes?.map(\.name) == ["orderNumber"])
        #expect(merge.kept.contains { $0.contains("'stops_left' is declared number, the app's type reads Int") })
        #expect(merge.kept.contains { $0.contains("'courier' is not read by the app's type") })
        #expect(merge.kept.contains("ios.liveActivities: 'OldAttributes' is not a type of the app: kept"))
        #expect(merge.kept.contains("ios.sounds: 'legacy.aiff' is not shipped by the app: kept"))
        let text = String(decoding: merge.bytes, as: UTF8.self)
        #expect(text.contains("\"stops_left\": {\"type\": \"number\"}, // the team's choice\n"))
    }

    /// Sounds and types only of the platforms whose sources were read.
    @Test func onlyThePlatformsRead() throws {
        var android = Self.facts
        android.platforms = [.android]
        let merge = try Self.merge(nil, android)
        let contract = try Self.roundTrips(merge, android)
        #expect(contract.ios == nil)
        #expect(contract.android?.sounds == ["chime"])
    }

    /// Identifiers from app sources are JSON-escaped in the contract: a quote, a backslash or a control character
    /// in a name cannot break out of its string.
    @Test func escapesIdentifiers() throws {
        var app = AppFacts()
        app.platforms = [.ios]
        app.sounds = [AppFacts.Resource(platform: .ios, name: "a\"b\\c\u{1b}[31m.caf", location: Self.at("x.caf", 0))]
        app.liveActivities = [
            AppFacts.LiveActivity(
                attributesType: "T",
                contentState: [AppFacts.LiveActivityField(name: "k\"\n", type: "Int", optional: false)],
                attributes: nil, location: Self.at("T.swift", 1))
        ]
        let merge = try Self.merge(nil, app)
        let contract = try Self.roundTrips(merge, app)
        #expect(contract.ios?.sounds == ["a\"b\\c\u{1b}[31m.caf"])
        #expect(contract.ios?.liveActivities?.first?.contentState?.first?.name == "k\"\n")
    }

    // MARK: The fixture apps

    static let fixtures = ["android-java", "android-kotlin", "expo", "flutter", "ios-swift"]

    static func fixtureFacts(_ app: String) throws -> AppFacts {
        let folder = Paths.testdata.appendingPathComponent("apps").appendingPathComponent(app).path
        return try AppScan.scan(folders: ["."], cwd: folder, jobs: 1)
    }

    /// Each fixture app's contract takes the app's facts, reads back, and a second run changes nothing.
    @Test(arguments: fixtures)
    func eachFixtureAppsContractRoundTrips(_ app: String) throws {
        let facts = try Self.fixtureFacts(app)
        let url = Paths.testdata.appendingPathComponent("apps/\(app)/push-contract.json")
        let original = try String(contentsOf: url, encoding: .utf8)
        // The expo fixture's contract names a default channel it does not declare (a deliberate gap that
        // `pushlint lint` refuses): the merge refuses it as well, so that app gets a contract of its own.
        let readable = (try? Contract.read(path: "c", bytes: Array(original.utf8))) != nil
        #expect(readable || app == "expo")
        let merge = try Self.merge(readable ? original : nil, facts)
        let contract = try Self.roundTrips(merge, facts)
        for platform in [AppFacts.Platform.ios, .android] where facts.platforms.contains(platform) {
            let shipped = Set(facts.sounds.filter { $0.platform == platform }.map(\.name))
            let declared = Set((platform == .ios ? contract.ios?.sounds : contract.android?.sounds) ?? [])
            #expect(shipped.isSubset(of: declared), "\(app) \(platform): \(shipped) not in \(declared)")
        }
        let resolved = facts.liveActivities.filter { $0.contentState != nil }.map(\.attributesType)
        #expect(Set(resolved).isSubset(of: Set(contract.ios?.liveActivities?.map(\.attributesType) ?? [])))
    }

    /// The iOS fixture's written contract alone (no app folder) accepts payloads that use the app's sound, scheme
    /// and Live Activity keys, and reports the same payloads with the values the app does not have.
    @Test func theWrittenContractLintsTheIOSFixturesPayloads() throws {
        let facts = try Self.fixtureFacts("ios-swift")
        let merge = try Self.merge(nil, facts)
        let contract = try Self.roundTrips(merge, facts)
        #expect(contract.ios?.sounds == ["ding.caf"])
        #expect(contract.links?.schemes?.contains("exampleshop") == true)
        let delivery = try #require(
            contract.ios?.liveActivities?.first { $0.attributesType == "DeliveryActivityAttributes" })
        #expect(delivery.contentState?.map(\.name) == ["status", "stops_left", "eta", "courier_name"])
        // The tolerant decoder's content state is not known: the type is written with its (empty) attributes only,
        // so that a content state without attributes-type is not judged (it may be one of that type).
        let score = try #require(contract.ios?.liveActivities?.first { $0.attributesType == "ScoreActivityAttributes" })
        #expect(score.contentState == nil)

        let engine = Engine(project: Project(contract: contract, baseDirectory: "/"), options: LintOptions(jobs: 1))
        func findings(_ payload: String) -> [String] {
            engine.lint(bytes: Array(payload.utf8), path: "push.json").allDiagnostics.map(\.ruleId)
                .filter { ["app-sound-missing", "app-live-activity-state", "payload-link"].contains($0) }
        }
        let clean = [
            #"{"aps": {"alert": "Shipped", "sound": "ding.caf"}, "url": "exampleshop://orders/1"}"#,
            #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "Near", "stops_left": 2, "eta": 817308000}}}"#,
            #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "Near", "stops_left": 2, "courier_name": null}}}"#,
        ]
        for payload in clean { #expect(findings(payload).isEmpty, "\(payload): \(findings(payload))") }
        #expect(findings(#"{"aps": {"alert": "Shipped", "sound": "dong.caf"}}"#) == ["app-sound-missing"])
        #expect(
            findings(
                #"{"aps": {"timestamp": 1780000000, "event": "start", "attributes-type": "DeliveryActivityAttributes", "attributes": {"orderNumber": "1"}, "content-state": {"status": "Near"}, "alert": "Near"}}"#
            ) == ["app-live-activity-state"])
        #expect(
            findings(#"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "Near"}}}"#)
                .isEmpty, "without attributes-type, it may be the type whose content state is not known")
        #expect(findings(#"{"aps": {"alert": "Shipped"}, "url": "shop://orders/1"}"#) == ["payload-link"])
    }
}
