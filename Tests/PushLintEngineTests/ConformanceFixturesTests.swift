import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// The reference fixtures of testdata/conformance/: payload shapes that Apple documents and the Expo push message
/// type, written by hand from the platform owners' documentation (sources in each folder's SOURCES.md). They are
/// valid, so linting them as `pushlint lint testdata/conformance` does (same engine entry point, no config, no
/// contract) must report no warning and no error, and an info only where `allowedInfos` lists it.
///
/// Findings that pushlint reports today although the platform says the payload is valid are listed, one by one,
/// in `knownFalsePositives`. The list is exact both ways: an unlisted warning or error fails, and so does a listed
/// one that no longer occurs, so an entry must be removed in the same change that fixes its rule.
@Suite struct ConformanceFixturesTests {
    static let folder = "testdata/conformance"
    /// The valid references; `fcm-rejected/` beside them holds invalid messages, checked by
    /// scripts/conformance/fcm_firebase_admin.py.
    static let referenceFolders = ["apns", "expo"]
    static var paths: [String] { referenceFolders.map { "\(folder)/\($0)" } }
    static let root = Paths.testdata.appendingPathComponent("conformance")

    /// One finding, named by the file (relative to testdata/conformance), the rule and the JSON Pointer it points
    /// at ("" for the document).
    struct Entry: Hashable, CustomStringConvertible {
        var file: String
        var rule: String
        var pointer: String
        var description: String { "\(file) \(rule) \(pointer.isEmpty ? "\"\"" : pointer)" }
    }

    struct Known {
        var entry: Entry
        /// What is wrong with the finding, and the platform source that says the payload is valid.
        var reason: String

        init(_ file: String, _ rule: String, _ pointer: String, _ reason: String) {
            entry = Entry(file: file, rule: rule, pointer: pointer)
            self.reason = reason
        }
    }

    // MARK: Expected failures

    /// Today's false positives (warning or error) on the reference fixtures. Each entry goes away with the rule fix
    /// that silences it (issue 17); the test fails while a listed finding is absent, so remove the entry then.
    static let knownFalsePositives: [Known] = []

    /// Infos that may appear on the fixtures (file, rule, pointer, why); an info not listed here fails.
    static let allowedInfos: [Known] = [
        // apns-interruption-entitlement: with no contract pushlint cannot know the app's entitlements, so each
        // documented use of the two levels gets a reminder, as info.
        Known(
            "apns/interruption-critical.json", "apns-interruption-entitlement", "/payload/aps/interruption-level",
            "critical needs the critical-alerts entitlement, which only the contract can say the app has (UNNotificationInterruptionLevel.critical)"
        ),
        Known(
            "apns/interruption-time-sensitive.json", "apns-interruption-entitlement", "/payload/aps/interruption-level",
            "time-sensitive needs the Time Sensitive Notifications capability"),
        Known(
            "expo/every-field.json", "apns-interruption-entitlement", "/sound/critical",
            "Expo's sound.critical (ExpoPushMessage: critical?: boolean) needs critical-alerts"),
        Known(
            "expo/every-field.json", "apns-interruption-entitlement", "/interruptionLevel",
            "Expo's interruptionLevel time-sensitive (ExpoPushMessage)"),
        Known(
            "expo/sound-critical.json", "apns-interruption-entitlement", "/interruptionLevel",
            "Expo's interruptionLevel critical (ExpoPushMessage)"),
    ]

    // MARK: The run

    struct Run {
        var report: LintReport
        var findings: [(entry: Entry, diagnostic: Diagnostic)]
    }

    /// Lints the folder the way the command line does from the repository root: `Project.load` with no
    /// `--config`/`--contract`, discovery from the project's config, and `Engine.lint(paths:discovery:)`.
    static func lintFolder() throws -> Run {
        let cwd = Paths.repo.path
        let fileSystem = LocalFileSystem()
        let project = try Project.load(
            configPath: nil, contractPath: nil, cwd: cwd, paths: paths, fileSystem: fileSystem)
        #expect(
            project.configFile == nil,
            "a .pushlint.json above the repository would change the run: \(project.configFile ?? "")")
        #expect(project.contract == nil)
        let engine = Engine(project: project, options: LintOptions(jobs: 2), fileSystem: fileSystem)
        var discovery = Discovery(
            config: project.config, baseDirectory: project.baseDirectory, cwd: cwd, fileSystem: fileSystem)
        discovery.ignoredFiles = project.ownFiles
        let report = try engine.lint(paths: paths, discovery: discovery)
        var findings: [(Entry, Diagnostic)] = []
        for file in report.files {
            let shown = file.path.display
            let relative = shown.hasPrefix(folder + "/") ? String(shown.dropFirst(folder.count + 1)) : shown
            for diagnostic in file.diagnostics {
                findings.append(
                    (Entry(file: relative, rule: diagnostic.ruleId, pointer: diagnostic.pointer ?? ""), diagnostic))
            }
        }
        return Run(report: report, findings: findings)
    }

    static func show(_ finding: (entry: Entry, diagnostic: Diagnostic)) -> String {
        let d = finding.diagnostic
        let place = d.location.map { ":\($0.line):\($0.column)" } ?? ""
        return
            "\(folder)/\(finding.entry.file)\(place): \(d.severity.rawValue) [\(d.ruleId)] at \(d.pointer.map { $0.isEmpty ? "\"\"" : $0 } ?? "-"): \(d.message)"
    }

    // MARK: Tests

    /// Every fixture is a payload that the run lints (none skipped as unrecognised), and both platforms are there.
    @Test func everyFixtureIsLinted() throws {
        let run = try Self.lintFolder()
        let onDisk = Paths.allFiles(below: Self.root).filter { $0.pathExtension == "json" }
            .map { String($0.path.dropFirst(Self.root.path.count + 1)) }
            .filter { file in Self.referenceFolders.contains { file.hasPrefix($0 + "/") } }
        let linted = run.report.files.map { String($0.path.display.dropFirst(Self.folder.count + 1)) }
        #expect(run.report.skipped == 0)
        #expect(Set(linted) == Set(onDisk), "not linted: \(Set(onDisk).subtracting(linted).sorted())")
        #expect(onDisk.filter { $0.hasPrefix("apns/") }.count >= 30)
        #expect(onDisk.filter { $0.hasPrefix("expo/") }.count >= 11)
        #expect(run.report.files.allSatisfy { $0.kind != nil }, "every fixture is detected as a payload")
    }

    /// No warning or error beyond the known false positives, and every known false positive still occurs.
    @Test func noWarningOrErrorBeyondTheKnownFalsePositives() throws {
        let run = try Self.lintFolder()
        let known = Set(Self.knownFalsePositives.map(\.entry))
        #expect(known.count == Self.knownFalsePositives.count, "an entry is listed twice")
        let serious = run.findings.filter { $0.diagnostic.severity >= .warning }
        let unexpected = serious.filter { !known.contains($0.entry) }.map(Self.show)
        #expect(
            unexpected.isEmpty,
            "findings on documented-valid payloads (fix the rule, or list them in knownFalsePositives with the platform source):\n\(unexpected.joined(separator: "\n"))"
        )
        let occurring = Set(serious.map(\.entry))
        let gone = Self.knownFalsePositives.filter { !occurring.contains($0.entry) }.map { "\($0.entry): \($0.reason)" }
        #expect(
            gone.isEmpty,
            "listed in knownFalsePositives but no longer reported at warning or error (remove the entry):\n\(gone.joined(separator: "\n"))"
        )
        #expect(run.report.project.filter { $0.severity >= .warning }.isEmpty, "\(run.report.project.map(\.message))")
    }

    /// Infos only where `allowedInfos` lists them, and each listed one still occurs.
    @Test func infosOnlyWhereListed() throws {
        let run = try Self.lintFolder()
        let allowed = Set(Self.allowedInfos.map(\.entry))
        let infos = run.findings.filter { $0.diagnostic.severity == .info }
        let unexpected = infos.filter { !allowed.contains($0.entry) }.map(Self.show)
        #expect(unexpected.isEmpty, "infos not listed in allowedInfos:\n\(unexpected.joined(separator: "\n"))")
        let gone = Self.allowedInfos.filter { entry in !infos.contains { $0.entry == entry.entry } }.map(
            \.entry.description)
        #expect(gone.isEmpty, "listed in allowedInfos but not reported: \(gone)")
    }

    /// The broadcast fixture keeps exercising the broadcast limit: its body is above 4096 and at most 5120 bytes.
    @Test func broadcastFixtureSitsBetweenTheTwoLimits() throws {
        let run = try Self.lintFolder()
        let file = try #require(
            run.report.files.first { $0.path.display == "\(Self.folder)/apns/live-activity-broadcast-update.json" })
        let bytes = try #require(file.wireBytes)
        #expect(bytes > 4096 && bytes <= 5120, "\(bytes) bytes")
    }
}
