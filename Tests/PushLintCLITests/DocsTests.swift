import Foundation
import PushLintCLI
import TestSupport
import Testing

@testable import PushLintEngine
@testable import PushLintModel

/// The documentation agrees with the code and with itself: the generated sections of docs/ are what
/// `swift run pushlint-docgen` would write (the help text, the config's and the contract's keys), links between
/// pages lead somewhere, and no page sends a reader to a file the repository does not have.
@Suite struct DocsTests {
    static func text(_ relative: String) throws -> String {
        try String(contentsOf: Paths.repo.appendingPathComponent(relative), encoding: .utf8)
    }

    /// README.md, CONTRIBUTING.md, docs/*.md and rules/*.md, by path relative to the repository.
    static var userFacingPages: [String] {
        ["README.md", "CONTRIBUTING.md"]
            + Paths.files(in: Paths.repo.appendingPathComponent("docs"), withExtension: "md").map {
                "docs/" + $0.lastPathComponent
            }
            + Paths.files(in: Paths.repo.appendingPathComponent("rules"), withExtension: "md").map {
                "rules/" + $0.lastPathComponent
            }
    }

    @Test(arguments: ReferencePages.sections().map(\.page))
    func generatedSectionIsCurrent(_ page: String) throws {
        let committed = try Self.text(page)
        for section in ReferencePages.sections() where section.page == page {
            let updated = try #require(
                ReferencePages.updating(committed, section),
                "\(page) lacks the markers of its generated section '\(section.name)'")
            #expect(updated == committed, "\(page) is stale: run `swift run pushlint-docgen`")
        }
    }

    @Test func generatedSectionsCarryTheCode() throws {
        // The help section holds the lint options, the config section every top-level key of the config.
        let cli = try Self.text("docs/cli.md")
        #expect(cli.contains("--max-warnings N"))
        #expect(cli.contains("### `pushlint app scan --help`"))
        let configuration = try Self.text("docs/configuration.md")
        for key in ["include", "exclude", "kinds", "rules", "options", "overrides", "templates", "contract", "app"] {
            #expect(configuration.contains("| `\(key)` |"), "docs/configuration.md lacks the key \(key)")
        }
        #expect(try Self.text("docs/contract.md").contains("| `events.NAME.fields.NAME.pattern` |"))
    }

    @Test func pagesNeverSendReadersToFilesOutsideTheRepository() throws {
        #expect(Self.userFacingPages.count > 50)
        for page in Self.userFacingPages {
            let text = try Self.text(page)
            for name in ["platform-rules.md", "DESIGN.md"] {
                #expect(!text.contains(name), "\(page) cites \(name), which is not in the repository")
            }
        }
    }

    /// What the pages say about discovery and `init` is what the code does: named files are not linted whatever
    /// they hold (`--force-exclude`, pushlint's own files), a walked file that does not parse is linted only on
    /// evidence, and `init --contract` names events by data values or file names, never by folders.
    @Test func pagesDescribeDiscoveryAndInitAsTheCodeDoes() throws {
        for page in Self.userFacingPages where !page.hasPrefix("rules/") {
            let text = try Self.text(page)
            #expect(!text.contains("always linted"), "\(page) says named files are always linted")
            #expect(!text.contains("it is a broken template"), "\(page) says every unparsable walked file is linted")
        }
        let cli = try Self.text("docs/cli.md")
        #expect(cli.contains("--force-exclude") && cli.contains("(discovery.md)"))
        let contract = try Self.text("docs/contract.md")
        #expect(!contract.contains("one event per folder"))
        for key in Initializer.eventKeys { #expect(contract.contains("`\(key)`"), "docs/contract.md lacks \(key)") }
        // The generated table is the one table of the contract's keys.
        #expect(contract.components(separatedBy: "| key | type |").count == 2)
    }

    /// The limits the pages state are the code's: the bounds of a stream's summary, brace expansion, the
    /// template rendering budget, and the contract pattern's step budget.
    @Test func pagesStateTheLimitsOfTheCode() throws {
        let jsonl = try Self.prose("docs/jsonl.md")
        #expect(jsonl.contains("up to \(Self.grouped(StreamState.maxExactSummaries)) kinds of message"))
        #expect(jsonl.contains("At most \(StreamState.maxCollapseKeys) collapse keys"))
        #expect(jsonl.contains("a bare `\\r` inside a line is whitespace"))
        #expect(jsonl.contains("`contract-event-unknown`"))
        let configuration = try Self.prose("docs/configuration.md")
        #expect(configuration.contains("more than \(Glob.maxAlternatives) alternatives"))
        #expect(configuration.contains("a leading `!`") && configuration.contains("`{a,b}`"))
        let templates = try Self.prose("docs/templates.md")
        #expect(templates.contains("\(Engine.templateWorkBudget >> 20) MiB of bytes written plus steps"))
        #expect(templates.contains("`template-branch-limit`"))
        #expect(try Self.text("docs/contract.md").contains("**too complex to check**"))
    }

    /// A page's text with every run of white space (line breaks and indentation too) as one space.
    static func prose(_ relative: String) throws -> String {
        try text(relative).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// 1024 as the pages write it: `1 024`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: " ")
    }

    @Test func relativeLinksLeadToFiles() throws {
        for page in Self.userFacingPages where !page.hasPrefix("rules/") {
            let folder = URL(fileURLWithPath: page).deletingLastPathComponent().relativePath
            for target in Self.relativeLinks(in: try Self.text(page)) {
                let path = (folder == "." ? target : folder + "/" + target)
                let resolved = Paths.repo.appendingPathComponent(path).standardized
                #expect(
                    FileManager.default.fileExists(atPath: resolved.path),
                    "\(page) links to \(target), which does not exist")
            }
        }
    }

    /// `](target)` links without a scheme, anchor removed.
    static func relativeLinks(in text: String) -> [String] {
        var links: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "](") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ")") else { break }
            let target = String(rest[..<close].prefix { $0 != "#" })
            if !target.isEmpty, !target.contains("://"), !target.hasPrefix("mailto:"), !target.contains(" ") {
                links.append(target)
            }
        }
        return links
    }

    /// The README's fresh-machine block runs pushlint on the examples, then the test command, which CI runs.
    @Test func freshMachineBlockIsTheTestCommandOfCI() throws {
        let readme = try Self.text("README.md")
        let section = try #require(
            readme.range(of: "## On a fresh machine"), "README.md lacks its fresh-machine section")
        let after = readme[section.upperBound...]
        let fence = try #require(after.range(of: "```sh\n"))
        let end = try #require(after[fence.upperBound...].range(of: "```"))
        let commands = after[fence.upperBound..<end.lowerBound].split(separator: "\n").map {
            String($0.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        #expect(commands.count == 2)
        #expect(commands.first?.hasPrefix("swift run pushlint lint testdata/examples") == true)
        #expect(commands.last == "scripts/test")
        #expect(try Self.text(".ci/run").contains("scripts/test"))
    }
}
