import Foundation
import TestSupport
import Testing

/// `pushlint schema NAME` as a user runs it: the committed schema file on stdout; an unknown name is a usage error.
@Suite struct SchemaCommandTests {
    @Test(arguments: [
        ("apns", "apns"), ("fcm", "fcm"), ("expo", "expo"), ("config", "pushlint"), ("contract", "push-contract"),
    ])
    func writesTheCommittedSchema(_ name: String, _ file: String) throws {
        let result = InProcess.pushlint(["schema", name], cwd: Paths.repo.path)
        #expect(result.status == 0, "\(result.stderr)")
        let committed = try String(
            contentsOf: Paths.repo.appendingPathComponent("schemas/\(file).schema.json"), encoding: .utf8)
        #expect(result.stdout == committed)
    }

    @Test func unknownNameIsAUsageError() throws {
        let result = InProcess.pushlint(["schema", "fcmm"], cwd: Paths.repo.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Did you mean 'fcm'?"), "\(result.stderr)")
        #expect(InProcess.pushlint(["schema"], cwd: Paths.repo.path).status == 2)
    }
}
