import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintReporters
import TestSupport
import Testing

/// The reader side of `conformance/github-annotations.md`, written after the runner's `ActionCommand.TryParseV2`:
/// kind + properties up to the next `::`, properties split on `,` and each on the first `=`, then
/// `UnescapeProperty` / `UnescapeData` (`%0D`, `%0A`, in properties `%3A`, `%2C`, and `%25` last).
enum RunnerDecoder {
    struct Command: Equatable {
        var kind: String
        var properties: [String: String]
        var names: [String]
        var message: String
    }

    static func unescapeData(_ s: String) -> String {
        s.replacing("%0D", with: "\r").replacing("%0A", with: "\n").replacing("%25", with: "%")
    }

    static func unescapeProperty(_ s: String) -> String {
        s.replacing("%0D", with: "\r").replacing("%0A", with: "\n").replacing("%3A", with: ":").replacing(
            "%2C", with: ","
        )
        .replacing("%25", with: "%")
    }

    static func decode(_ line: Substring) -> Command? {
        guard line.hasPrefix("::") else { return nil }
        let rest = line.dropFirst(2)
        guard let end = rest.firstRange(of: "::") else { return nil }
        let head = rest[..<end.lowerBound]
        let message = String(rest[end.upperBound...])
        let kind: Substring
        var properties: [String: String] = [:]
        var names: [String] = []
        if let space = head.firstIndex(of: " ") {
            kind = head[..<space]
            for pair in head[head.index(after: space)...].split(separator: ",", omittingEmptySubsequences: true) {
                guard let eq = pair.firstIndex(of: "=") else { continue }
                let value = String(pair[pair.index(after: eq)...])
                guard !value.isEmpty else { continue }
                names.append(String(pair[..<eq]))
                properties[String(pair[..<eq])] = unescapeProperty(value)
            }
        } else {
            kind = head
        }
        return Command(kind: String(kind), properties: properties, names: names, message: unescapeData(message))
    }

    /// Splits output the way the runner reads it: by lines (CR, LF or CRLF all end a line).
    static func lines(_ output: String) -> [Substring] {
        output.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    }
}

@Suite struct GitHubReporterTests {
    /// Controls other than CR/LF (and bidi overrides) are shown as `\u{..}`; everything else must come back as is.
    static func visible(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            let v = s.value
            let unsafe =
                v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
            if unsafe && s != "\n" && s != "\r" {
                out += "\\u{\(String(v, radix: 16))}"
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    @Test func everyLineDecodesBackToTheFindingWithTheRunnersRules() throws {
        let report = ReportFixtures.findings
        let output = GitHubReporter().render(report)
        let lines = RunnerDecoder.lines(output)
        let diagnostics = report.files.flatMap { file in file.diagnostics.map { (path: file.path.display, d: $0) } }
        #expect(
            lines.count == diagnostics.count + report.project.count, "one line per finding, no line broken by content")
        for (line, (path, d)) in zip(lines, diagnostics) {
            let command = try #require(RunnerDecoder.decode(line))
            #expect(command.kind == ["error": "error", "warning": "warning", "info": "notice"][d.severity.rawValue])
            #expect(command.message == Self.visible(GitHubReporter.message(d.message, help: d.help, files: [])))
            #expect(command.properties["title"] == "pushlint (\(d.ruleId))")
            #expect(command.properties["file"] == Self.visible(path))
            if let loc = d.location {
                #expect(command.properties["line"] == String(loc.line))
                #expect(command.properties["endLine"] == String(loc.endLine))
                if loc.line == loc.endLine {
                    #expect(command.properties["col"] == String(loc.column))
                    #expect(command.properties["endColumn"] == String(loc.endColumn))
                } else {
                    #expect(
                        command.properties["col"] == nil && command.properties["endColumn"] == nil,
                        "columns across lines are dropped")
                }
            } else {
                #expect(command.properties["line"] == nil)
            }
            let order = ["title", "file", "line", "endLine", "col", "endColumn"]
            #expect(command.names == order.filter { command.names.contains($0) }, "@actions/core property order")
        }
        let project = try #require(report.project.first)
        let last = try #require(lines.last.flatMap(RunnerDecoder.decode))
        #expect(last.kind == "warning")
        #expect(last.properties == ["title": "pushlint (fixture-project)"])
        #expect(
            last.message
                == Self.visible(GitHubReporter.message(project.message, help: project.help, files: project.related)))
        #expect(last.message.contains("100% 'odd': a::b, c=d; literal %0A and &amp; stay\nline 2\r\nline 3\rend"))
    }

    @Test func noControlCharacterReachesTheLog() {
        let output = GitHubReporter().render(ReportFixtures.findings)
        for s in output.unicodeScalars where s != "\n" {
            #expect(
                !(s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value) || s == "\u{202E}"),
                "U+\(String(s.value, radix: 16)) in the output")
        }
        #expect(output.hasSuffix("\n"))
    }

    /// The worked examples of `conformance/github-annotations.md`.
    @Test(arguments: [
        (
            "payloads/alert.json", "aps.alert must be a string or object",
            "::error file=payloads/alert.json::aps.alert must be a string or object"
        ),
        ("payloads/a,b.json", "badge should be a number", "::error file=payloads/a%2Cb.json::badge should be a number"),
        ("x.json", "first line\r\nsecond line", "::error file=x.json::first line%0D%0Asecond line"),
        (
            "p.json", "literal %0A stays literal; key \"a::b\"",
            "::error file=p.json::literal %250A stays literal; key \"a::b\""
        ),
    ])
    func escapingMatchesTheToolkit(path: String, message: String, expected: String) {
        let output = "::error file=\(GitHubReporter.escapeProperty(path))::\(GitHubReporter.escapeData(message))"
        #expect(output == expected)
        #expect(GitHubReporter.escapeProperty("PL002: badge, sound") == "PL002%3A badge%2C sound")
        #expect(GitHubReporter.escapeProperty("multi\nline") == "multi%0Aline")
        #expect(GitHubReporter.escapeData("checked 12 payloads, 100% valid") == "checked 12 payloads, 100%25 valid")
    }

    @Test func kindsAndFullLine() {
        var d = Diagnostic(
            ruleId: "fcm-data-string-values", severity: .warning, message: "m: a, b", span: ByteSpan(0, 1),
            pointer: "/a")
        d.location = ResolvedLocation(line: 7, column: 16, endLine: 7, endColumn: 17, lineText: "")
        let report = LintReport(
            files: [
                FileReport(
                    path: ReportFixtures.path("push/x.json"), kind: .fcm, wireBytes: 1, wireLimit: 2, diagnostics: [d])
            ],
            skipped: 0, project: [], rules: [])
        #expect(
            GitHubReporter().render(report)
                == "::warning title=pushlint (fcm-data-string-values),file=push/x.json,line=7,endLine=7,col=16,endColumn=17::m: a, b\n"
        )
        d.severity = .info
        #expect(
            GitHubReporter().render(
                LintReport(
                    files: [
                        FileReport(
                            path: ReportFixtures.path("push/x.json"), kind: .fcm, wireBytes: 1, wireLimit: 2,
                            diagnostics: [d])
                    ],
                    skipped: 0, project: [], rules: [])
            ).hasPrefix("::notice "))
        #expect(GitHubReporter().render(ReportFixtures.clean).isEmpty)
    }

    @Test func pathsWithLineBreaksColonsAndCommasStayOneProperty() throws {
        let path = "push/a:b,c\r\nd=e %41.json"
        var d = Diagnostic(ruleId: "r", severity: .error, message: "m", span: ByteSpan(0, 1), pointer: "")
        d.location = ResolvedLocation(line: 1, column: 1, endLine: 1, endColumn: 2, lineText: "")
        let output = GitHubReporter().render(
            LintReport(
                files: [
                    FileReport(
                        path: ReportFixtures.path(path), kind: nil, wireBytes: nil, wireLimit: nil, diagnostics: [d])
                ],
                skipped: 0, project: [], rules: []))
        let lines = RunnerDecoder.lines(output)
        #expect(lines.count == 1)
        let command = try #require(lines.first.flatMap(RunnerDecoder.decode))
        #expect(command.properties["file"] == path)
        #expect(command.properties["line"] == "1")
        #expect(command.message == "m")
    }
}
