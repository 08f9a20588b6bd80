import Foundation
import TestSupport
import Testing

/// The SwiftPM command plugin for real: a package in a temporary folder depends on this repository by path, and
/// `swift package pushlint` lints its payloads. It builds pushlint for that package (into `.build/plugin-test` of
/// this repository, so later runs are incremental), so it is slow; it needs no network (a path dependency).
/// It runs with the test command (a slow test: plain `swift test` skips it); `PUSHLINT_SKIP_PLUGIN_TEST=1` skips it
/// explicitly (CONTRIBUTING.md "Releases and distribution checks").
@Suite(.tags(.slow), .whenSlowTestsAreOn) struct PluginTests {
    static let skipVariable = "PUSHLINT_SKIP_PLUGIN_TEST"

    @Test(.enabled(if: ProcessInfo.processInfo.environment[skipVariable] != "1", "skipped: \(skipVariable)=1"))
    func swiftPackagePushlintLintsTheDependingPackage() throws {
        let folder = TempDirectory()
        folder.write(
            "Package.swift",
            """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "PayloadApp",
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: \(String(reflecting: Paths.repo.path)))],
                targets: [.target(name: "PayloadApp")]
            )
            """)
        folder.write("Sources/PayloadApp/PayloadApp.swift", "public let sender = \"push\"\n")
        folder.write("push/orders/shipped.json", "{\"message\": {\"topic\": \"orders\", \"data\": {\"count\": 3}}}\n")
        folder.write("push/ios/welcome.json", "{\"aps\": {\"alert\": {\"title\": \"Welcome\", \"body\": \"Hi\"}}}\n")
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let swift = try #require(
            path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) },
            "swift is not on PATH")
        let scratch = Paths.repo.appendingPathComponent(".build/plugin-test").path

        func swiftPackage(_ arguments: [String]) throws -> BuiltBinary.Result {
            // On macOS plugins run in a sandbox; linting only reads, but the tool runs from the scratch folder.
            BuiltBinary.run(
                swift, ["package", "--disable-sandbox", "--scratch-path", scratch] + arguments, cwd: folder.path,
                stdin: nil)
        }

        // No arguments: `pushlint lint .` in the package's folder.
        let all = try swiftPackage(["pushlint"])
        #expect(all.status != 0, "findings fail the command: \(all.stdout)\(all.stderr)")
        #expect(all.stdout.contains("push/orders/shipped.json:1:"), "\(all.stdout)\(all.stderr)")
        #expect(all.stdout.contains("[fcm-data-string-values]"))
        #expect(all.stderr.contains("pushlint found problems at or above the fail level (exit 1)"), "\(all.stderr)")

        // Arguments replace the default.
        let clean = try swiftPackage(["pushlint", "lint", "push/ios", "-f", "concise"])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.isEmpty)
        let concise = try swiftPackage(["pushlint", "lint", "push", "-f", "concise"])
        #expect(concise.stdout.hasPrefix("push/orders/shipped.json:1:"), "\(concise.stdout)")
    }
}
