import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// The issue-5 rules stay silent on every fixture meant to be clean; `payload-sensitive-data` fires only where a
/// fixture is built for it.
@Suite struct ContentFixturesTests {
    static let cleanFolders = ["apns/clean", "fcm/clean", "expo/clean"]

    static var cleanFiles: [URL] {
        cleanFolders.flatMap {
            Paths.files(in: Paths.testdata.appendingPathComponent("fixtures/\($0)"), withExtension: "json")
        }
    }

    /// A contract that fits the clean fixtures (the example shop app, with a default channel and no events).
    static let fittingContract = """
        {
          "ios": {"bundleId": "com.example.shop", "categories": ["ORDER_ACTIONS", "CHAT_REPLY"], "entitlements": ["time-sensitive", "critical-alerts"]},
          "android": {"defaultChannel": "general", "channels": [
            {"id": "orders", "importance": "high"}, {"id": "promo", "importance": "low"}, {"id": "chat", "importance": "high"}, {"id": "general"}]},
          "variables": {"title": {"maxLength": 60}},
          "links": {"schemes": ["https", "shop"], "hosts": ["example.com", "*.example.com"]}
        }
        """

    @Test func cleanFixturesExist() {
        #expect(Self.cleanFiles.count >= 30)
    }

    @Test(arguments: [nil, fittingContract])
    func theseRulesAreSilentOnCleanFixtures(_ contract: String?) throws {
        for url in Self.cleanFiles {
            let source = try String(contentsOf: url, encoding: .utf8)
            let report = try ExampleLinter.lint(source, fileName: url.lastPathComponent, contract: contract)
            // The fixtures write Expo's documentation token, ExponentPushToken[xxx...]: payload-target-placeholder
            // names it at info, the one finding they are meant to have.
            let found = report.allDiagnostics.filter {
                ContractPackRules.ids.contains($0.ruleId)
                    && !($0.ruleId == "payload-target-placeholder" && $0.severity == .info)
            }
            #expect(found.isEmpty, "\(url.lastPathComponent): \(found.map { "\($0.ruleId): \($0.message)" })")
        }
    }

    @Test func sensitiveDataOnlyWhereAFixtureIsBuiltForIt() throws {
        let files = ContractPackRules.payloadFiles
        #expect(files.count >= 60)
        var triggered: [String] = []
        for url in files {
            let path = ContractPackRules.relative(url)
            let source = try String(contentsOf: url, encoding: .utf8)
            let report = try ExampleLinter.lint(source, fileName: path, config: #"{"templates": ["**/templates/**"]}"#)
            let found = report.allDiagnostics.filter { $0.ruleId == "payload-sensitive-data" }
            if path.hasPrefix("testdata/fixtures/content/sensitive/") {
                #expect(found.count == 1, "\(path): expected one finding, got \(found.map(\.message))")
                triggered.append(url.lastPathComponent)
            } else {
                #expect(found.isEmpty, "\(path): \(found.map(\.message))")
            }
        }
        #expect(
            triggered.sorted() == [
                "api-key.json", "card.json", "email.json", "jwt.json", "password.json", "phone.json",
            ])
    }

    @Test func sensitiveFixturesPointAtTheValue() throws {
        let expected = [
            "email.json": "/aps/alert/body", "phone.json": "/message/data/callback_number", "jwt.json": "/data/session",
            "api-key.json": "/api_key", "card.json": "/message/data/card", "password.json": "/message/data/password",
        ]
        for (name, pointer) in expected {
            let url = Paths.testdata.appendingPathComponent("fixtures/content/sensitive/\(name)")
            let report = try ExampleLinter.lint(try String(contentsOf: url, encoding: .utf8), fileName: name)
            let found = report.allDiagnostics.filter { $0.ruleId == "payload-sensitive-data" }
            #expect(found.map(\.pointer) == [pointer], "\(name)")
        }
    }
}
