import Foundation
import PushLintModel
import TestSupport
import Testing

/// One version, in one place (`PushLintInfo.version`): `--version` prints it, and the latest released version of
/// CHANGELOG.md is it, so a release tag, the changelog and the binary agree (the release workflow checks the tag).
@Suite struct VersionTests {
    /// `## [X.Y.Z] - YYYY-MM-DD` headings of CHANGELOG.md, newest first (Keep a Changelog); `[Unreleased]` is not one.
    static func releasedVersions() throws -> [String] {
        let text = try String(contentsOf: Paths.repo.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("## ["), let close = line.firstIndex(of: "]") else { return nil }
            let version = String(line[line.index(line.startIndex, offsetBy: 4)..<close])
            return version == "Unreleased" ? nil : version
        }
    }

    static func isSemanticVersion(_ text: String) -> Bool {
        text.range(
            of: #"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$"#, options: .regularExpression)
            != nil
    }

    @Test func changelogsLatestReleaseIsTheVersion() throws {
        let versions = try Self.releasedVersions()
        #expect(
            versions.first == PushLintInfo.version,
            "CHANGELOG.md's latest release \(versions.first ?? "(none)") is not PushLintInfo.version \(PushLintInfo.version)"
        )
        #expect(Self.isSemanticVersion(PushLintInfo.version))
        let text = try String(contentsOf: Paths.repo.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(text.contains("## [Unreleased]"), "CHANGELOG.md keeps an Unreleased section")
        for version in versions {
            #expect(Self.isSemanticVersion(version), "\(version)")
            #expect(
                text.contains("[\(version)]: https://github.com/pushlint/pushlint/releases/tag/v\(version)"),
                "link for \(version)")
        }
    }

    @Test(.tags(.slow), .whenSlowTestsAreOn) func versionPrintsIt() throws {
        let run = try BuiltBinary.pushlint(["--version"], cwd: Paths.repo.path)
        #expect(run.status == 0)
        #expect(run.stdout == "pushlint \(PushLintInfo.version)\n")
    }
}
