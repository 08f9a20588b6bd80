import Foundation
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// The registry, the rule files and the generated docs agree (DESIGN.md §7).
@Suite struct RuleFilesTests {
    static let sources = Paths.repo.appendingPathComponent("Sources/PushLintRules")

    static func normalized(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter || $0.isNumber }
    }

    /// Every `*.swift` in a family folder except the family's list is one rule.
    static var ruleFiles: [URL] {
        Paths.allFiles(below: sources).filter {
            $0.pathExtension == "swift" && $0.deletingLastPathComponent() != sources
                && !$0.lastPathComponent.hasSuffix("Rules.swift")
                && !$0.deletingLastPathComponent().lastPathComponent.hasPrefix("Shared")
        }
    }

    @Test func everyRegisteredRuleHasItsOwnFileNamedAfterItsId() throws {
        let files = Set(Self.ruleFiles.map { Self.normalized($0.deletingPathExtension().lastPathComponent) })
        for d in RuleRegistry.descriptions {
            #expect(files.contains(Self.normalized(d.id)), "no file named after \(d.id)")
        }
    }

    /// The engine sorts rules by `asFileRule`/`asPayloadRule`/`asProjectRule` (no run-time conformance search):
    /// they must say what a dynamic cast says, and every rule is at least one kind.
    @Test func ruleKindsAreWhatTheRuleConformsTo() {
        for rule in RuleRegistry.all {
            #expect((rule.asFileRule != nil) == (rule is any FileRule), "\(rule.id)")
            #expect((rule.asPayloadRule != nil) == (rule is any PayloadRule), "\(rule.id)")
            #expect((rule.asProjectRule != nil) == (rule is any ProjectRule), "\(rule.id)")
            #expect(
                rule.asFileRule != nil || rule.asPayloadRule != nil || rule.asProjectRule != nil
                    || rule.asContractRule != nil, "\(rule.id)")
            #expect((rule.asContractRule != nil) == (rule is any ContractRule), "\(rule.id)")
        }
    }

    /// The scope the docs show is the one the protocols say: a description read through its rule carries it.
    @Test func scopeFollowsTheProtocolsARuleAdopts() {
        for rule in RuleRegistry.all {
            let expected: RuleScope =
                rule is any ProjectRule
                ? .project
                : rule is any ContractRule
                    ? (rule is any PayloadRule || rule is any FileRule ? .fileAndContract : .contract) : .file
            #expect(rule.description.scope == expected, "\(rule.id)")
        }
    }

    @Test func everyRuleFileIsRegistered() {
        let ids = Set(RuleRegistry.descriptions.map { Self.normalized($0.id) })
        for file in Self.ruleFiles {
            #expect(
                ids.contains(Self.normalized(file.deletingPathExtension().lastPathComponent)),
                "\(file.lastPathComponent) is not in the registry")
        }
    }

    @Test func rulesFolderFollowsTheFamily() {
        for file in Self.ruleFiles {
            let name = Self.normalized(file.deletingPathExtension().lastPathComponent)
            guard let d = RuleRegistry.descriptions.first(where: { Self.normalized($0.id) == name }) else { continue }
            let folder = file.deletingLastPathComponent().lastPathComponent.lowercased()
            #expect(
                folder == d.family.slug || (folder == "json" && d.family == .json),
                "\(file.lastPathComponent) is in \(folder)/ but its family is \(d.family.slug)")
        }
    }

    /// A rule speaks only through the typed functions of its `// MARK: Messages` section: the text of a finding is
    /// never built where it is reported. Above that line a rule file makes no `FindingText` and no `Diagnostic` or
    /// `ProjectDiagnostic` of its own (the `diagnostic(_:...)` functions take a `FindingText` only, so a string
    /// literal cannot be passed there).
    @Test func everyRuleSpeaksThroughItsMessagesSection() throws {
        // The family's shared helpers (`Shared/`) follow the same rule; a helper with no words of its own (the one
        // that reports unknown fields in each rule's words) needs no section.
        let shared = Paths.files(in: Self.sources.appendingPathComponent("Shared"), withExtension: "swift")
        #expect(Self.ruleFiles.count > 60)
        for file in Self.ruleFiles + shared {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.lastPathComponent
            let messages = text.range(of: "// MARK: Messages")
            if messages == nil, !shared.contains(file) {
                Issue.record("\(name) has no `// MARK: Messages` section")
            }
            let above = text[..<(messages?.lowerBound ?? text.endIndex)]

            for made in ["FindingText(", "Diagnostic(ruleId", "ProjectDiagnostic(", "message: \""] {
                let makesIt = above.contains(made)
                #expect(!makesIt, "\(name) makes `\(made)` above its `// MARK: Messages` section")
            }

        }
    }

    /// `rules/*.md` is generated; a stale page fails here. Regenerate with `swift run pushlint-docgen`.

    @Test func generatedDocsAreUpToDate() throws {
        let folder = Paths.repo.appendingPathComponent("rules")
        let pages = RuleDocumentation.allPages(RuleRegistry.descriptions)
        for page in pages {
            let url = folder.appendingPathComponent(page.name)
            let committed = try? String(contentsOf: url, encoding: .utf8)
            #expect(committed == page.content, "rules/\(page.name) is stale: run `swift run pushlint-docgen`")
        }
        let onDisk = Set(Paths.files(in: folder, withExtension: "md").map(\.lastPathComponent))
        #expect(onDisk == Set(pages.map(\.name)), "rules/ has pages of rules that do not exist")
    }
}
