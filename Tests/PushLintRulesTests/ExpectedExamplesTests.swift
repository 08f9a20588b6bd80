import Foundation
import PushLintEngine
import PushLintModel
import TestSupport
import Testing

/// `testdata/examples/EXPECTED.md` is the truth about the example project: its table of deliberate mistakes lists
/// every finding (one per payload file, and the contract's against the app) and its table of clean files lists files
/// with none.
@Suite struct ExpectedExamplesTests {
    static func table(after heading: String, in text: String) -> [[String]] {
        guard let start = text.range(of: heading) else { return [] }
        var rows: [[String]] = []
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, first.hasPrefix("`") else { continue }
            rows.append(cells.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")) })
        }
        return rows
    }

    @Test func theReportIsWhatExpectedMDSays() throws {
        let folder = Paths.testdata.appendingPathComponent("examples")
        let text = try String(contentsOf: folder.appendingPathComponent("EXPECTED.md"), encoding: .utf8)
        let mistakes = Self.table(after: "## Deliberate mistakes", in: text)
        let clean = Self.table(after: "## Clean files", in: text)
        #expect(mistakes.count == 23)
        let report = try FolderLinter.lint(folder)
        let found = report.files.flatMap { file in file.diagnostics.map { "\(file.path.display) \($0.ruleId)" } }
            .sorted()
        #expect(found == mistakes.map { "\($0[0]) \($0[1])" }.sorted())
        let withFindings = Set(report.files.filter { !$0.diagnostics.isEmpty }.map(\.path.display))
        for row in clean {
            #expect(report.files.contains { $0.path.display == row[0] }, "\(row[0]) is linted")
            #expect(!withFindings.contains(row[0]), "\(row[0]) should be clean")
        }
        // Every dialect is among the examples.
        for suffix in [".hbs", ".mustache", ".liquid", ".j2", ".njk", ".gotmpl"] {
            #expect(report.files.contains { $0.path.display.hasSuffix(suffix) }, "an example in \(suffix)")
        }
    }
}
