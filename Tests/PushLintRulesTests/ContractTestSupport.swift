import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport

/// Lints a project folder the way `pushlint lint` run inside it does: the command line's one engine entry point,
/// with its `.pushlint.json`, its contract, its app folders and the files discovery finds.
enum FolderLinter {
    static func lint(_ folder: URL) throws -> LintReport {
        do {
            return try LintSession.run(
                LintRequest(paths: ["."], workingDirectory: folder.path, options: LintOptions(jobs: 2))
            ).report
        } catch {
            if case .configuration(let configurationError) = error { throw configurationError }
            throw error
        }
    }
}

/// The rules of issue 5 (Android and channels, Priority, Payload content, Contract, Templates).
enum ContractPackRules {
    static let families: Set<RuleFamily> = [.android, .priority, .content, .contract, .template]
    static let ids: Set<String> = Set(RuleRegistry.descriptions.filter { families.contains($0.family) }.map(\.id))

    /// Findings of these rules as "path rule line:column".
    static func findings(_ report: LintReport) -> [String] {
        report.files.flatMap { file in
            file.diagnostics.filter { ids.contains($0.ruleId) }.map { d in
                "\(file.path.display) \(d.ruleId) \(d.location.map { "\($0.line):\($0.column)" } ?? "?")"
            }
        }.sorted()
    }

    /// Every fixture and example payload file, relative to the repository.
    static var payloadFiles: [URL] {
        (Paths.allFiles(below: Paths.testdata.appendingPathComponent("fixtures"))
            + Paths.allFiles(below: Paths.testdata.appendingPathComponent("examples/push")))
            .filter { $0.lastPathComponent.hasSuffix(".json") || $0.lastPathComponent.hasSuffix(".json.tmpl") }
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.lastPathComponent != "push-contract.json" }
    }

    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(Paths.repo.path.count + 1))
    }
}
