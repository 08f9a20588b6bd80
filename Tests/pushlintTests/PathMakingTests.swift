import Foundation
import TestSupport
import Testing

/// One path type from discovery to the baseline (issue 19): a linted file's `LintPath` is made where the file
/// enters the run, and everything after it reads the form it needs. Read from the sources: the calls that make
/// paths out of other paths stay in the files that may make them.
@Suite struct PathMakingTests {
    /// Calls that make a path, and the files of `Sources/` that may make them.
    static let allowed: [(call: String, files: Set<String>)] = [
        // A run's paths: discovery (files, standard input, an editor's document) only.
        ("LintPath(display:", ["PushLintEngine/Discovery.swift"]),
        // Absolute forms: discovery for linted files, the project for its config and contract, the session and the
        // command line for the files a run names besides what it lints (baseline, reports, the `init` folder).
        (
            "PathText.absolute(",
            [
                "PushLintEngine/Paths.swift", "PushLintEngine/Discovery.swift", "PushLintEngine/Project.swift",
                "PushLintEngine/LintSession.swift", "PushLintCLI/CommandLineTool.swift",
            ]
        ),
        // Relative forms: discovery's display and config-relative paths, the names of the config and contract, and
        // the baseline's key, made from the absolute form.
        (
            "PathText.relative(",
            [
                "PushLintEngine/Paths.swift", "PushLintEngine/Discovery.swift", "PushLintEngine/Project.swift",
                "PushLintEngine/Baseline.swift",
            ]
        ),
    ]

    /// Every use of `call` outside comments in the Swift files under `Sources/`: "Target/File.swift:line".
    static func uses(of call: String) -> [(file: String, line: Int)] {
        let sources = Paths.repo.appendingPathComponent("Sources")
        var found: [(String, Int)] = []
        for file in Paths.allFiles(below: sources) where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                if code.contains(call) { found.append((relative, number + 1)) }
            }
        }
        return found
    }

    @Test(arguments: allowed.map(\.call))
    func pathsAreMadeWhereTheyMayBe(_ call: String) throws {
        let files = try #require(Self.allowed.first { $0.call == call }?.files)
        let uses = Self.uses(of: call)
        #expect(uses.contains { $0.file == "PushLintEngine/Discovery.swift" }, "the check reads the sources")
        for (file, line) in uses where !files.contains(file) {
            Issue.record(
                "Sources/\(file):\(line) calls \(call): a linted file's path is made once, in discovery (LintPath), and read from there"
            )
        }
    }

    /// The baseline keys off the absolute form: it never reads a displayed path back.
    @Test func theBaselineDoesNotReadDisplayedPaths() throws {
        let text = try String(
            contentsOf: Paths.repo.appendingPathComponent("Sources/PushLintEngine/Baseline.swift"), encoding: .utf8)
        #expect(text.contains("path.absolute"))
        // `.display` as a whole name (`.displayQuoted`, the writer's string literal, is another thing).
        let displayedPathReads = text.ranges(of: ".display").filter { range in
            text[range.upperBound...].first.map { !$0.isLetter } ?? true
        }
        #expect(displayedPathReads.isEmpty)
    }
}
