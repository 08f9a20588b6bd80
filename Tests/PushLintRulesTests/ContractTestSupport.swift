import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport

/// Lints a project folder the way `pushlint lint` run inside it does: its `.pushlint.json`, its contract, the
/// files discovery finds.
enum FolderLinter {
    /// Rules of packs that may not be built into this branch yet, which the examples' config names.
    static let foreignRuleIds = ["fcm-collapse-key-limit"]

    static func lint(_ folder: URL) throws -> LintReport {
        var descriptions = RuleRegistry.descriptions
        for id in foreignRuleIds where !descriptions.contains(where: { $0.id == id }) {
            descriptions.append(
                RuleDescription(id: id, summary: "", family: .fcm, defaultSeverity: .warning, rationale: ""))
        }
        let project = try Project.load(configPath: nil, contractPath: nil, cwd: folder.path, rules: descriptions)
        var discovery = Discovery(config: project.config, baseDirectory: project.baseDirectory, cwd: folder.path)
        discovery.ignoredFiles = project.ownFiles
        let targets = try discovery.targets(for: ["."])
        return Engine(project: project, options: LintOptions(jobs: 2)).lint(targets)
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
