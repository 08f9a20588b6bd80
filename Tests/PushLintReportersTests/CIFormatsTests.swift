import Foundation
import PushLintEngine
import PushLintModel
import PushLintReporters
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The CI formats (issue 21): `gitlab`, `checkstyle`, `rdjson` and `concise`, each checked against its format's
/// source: reviewdog's published JSON Schema (`conformance/rdjson`), the JSON Schema of GitLab's documented Code
/// Quality fields (`testdata/formats`), and Checkstyle's documented XML structure, with the test command's venv
/// (`ExternalTool`). A missing validator FAILS these tests, as in `SchemaValidationTests`.
@Suite(.serialized) struct CIFormatsTests {
    static func inputs() throws -> [(name: String, report: LintReport)] {
        ReportFixtures.all + [("examples", try SchemaValidationTests.examplesReport())]
    }

    static func documents(_ format: ReportFormat, golden: String) throws -> [(name: String, json: String)] {
        var documents = try inputs().map { (name: $0.name, json: Reporters.make(format).render($0.report)) }
        for (name, _) in ReportFixtures.all {
            documents.append(
                (
                    name: "golden \(name).\(golden)",
                    json: try String(contentsOf: Golden.url("\(name).\(golden)"), encoding: .utf8)
                ))
        }
        return documents
    }

    static func report(_ problems: [String: String]) -> String {
        problems.sorted { $0.key < $1.key }.map { "\($0.key):\n\($0.value)" }.joined()
    }

    // MARK: rdjson

    @Test(.tags(.slow), .whenSlowTestsAreOn) func rdjsonValidatesAgainstReviewdogsSchema() throws {
        var documents = try Self.documents(.rdjson, golden: "rdjson.json")
        documents.append((name: "invalid sample", json: #"{"diagnostics": [{"message": "m", "severity": "FATAL"}]}"#))
        let schema = Paths.conformance.appendingPathComponent("rdjson/DiagnosticResult.json")
        var problems = try JSONSchemaValidator.validate(documents, schema: schema)
        #expect(
            problems.removeValue(forKey: "invalid sample") != nil,
            "jsonschema accepted a severity reviewdog does not define")
        #expect(problems.isEmpty, "\(Self.report(problems))")
    }

    /// Columns and suggestions count UTF-8 bytes (reviewdog's `Position.column`), and a suggestion applied at its
    /// range gives the fixed text.
    @Test func rdjsonRangesAndSuggestionsCountBytes() throws {
        let text = "{\"message\": {\"topic\": \"news\", \"data\": {\"通知é\": 3}}}\n"
        let report = Engine(project: Project(contract: nil, baseDirectory: "/"), options: LintOptions(jobs: 1))
            .lint(bytes: Array(text.utf8), path: "push/a.json")
        let finding = try #require(report.allDiagnostics.first { $0.ruleId == "fcm-data-string-values" })
        let json = try JSONSerialization.jsonObject(with: Data(RDJSONReporter().renderBytes(report))) as? [String: Any]
        let diagnostics = try #require(json?["diagnostics"] as? [[String: Any]])
        let diagnostic = try #require(
            diagnostics.first { ($0["code"] as? [String: Any])?["value"] as? String == finding.ruleId })
        let range = try #require((diagnostic["location"] as? [String: Any])?["range"] as? [String: [String: Int]])
        let offset = finding.span.start
        #expect(range["start"]?["column"] == offset + 1, "one line: the byte column is the byte offset + 1")
        #expect(
            range["start"]?["column"] != finding.location?.column, "the line has multi-byte characters before the value"
        )
        let suggestion = try #require((diagnostic["suggestions"] as? [[String: Any]])?.first)
        let suggested = try #require(suggestion["range"] as? [String: [String: Int]])
        let start = try #require(suggested["start"]?["column"])
        let end = try #require(suggested["end"]?["column"])
        var bytes = Array(text.utf8)
        bytes.replaceSubrange((start - 1)..<(end - 1), with: Array((suggestion["text"] as? String ?? "").utf8))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "{\"message\": {\"topic\": \"news\", \"data\": {\"通知é\": \"3\"}}}\n")
    }

    // MARK: gitlab

    @Test(.tags(.slow), .whenSlowTestsAreOn) func gitlabValidatesAgainstTheDocumentedFields() throws {
        var documents = try Self.documents(.gitlab, golden: "gitlab.json")
        documents.append(
            (
                name: "invalid sample",
                json:
                    #"[{"description": "d", "check_name": "c", "fingerprint": "f", "severity": "error", "location": {"path": "a"}}]"#
            ))
        let schema = Paths.testdata.appendingPathComponent("formats/gitlab-codequality.schema.json")
        var problems = try JSONSchemaValidator.validate(documents, schema: schema)
        #expect(
            problems.removeValue(forKey: "invalid sample") != nil,
            "the schema accepted a severity GitLab does not define and no line")
        #expect(problems.isEmpty, "\(Self.report(problems))")
    }

    /// Fingerprints depend on rule, path, pointer and message, not on lines: reformatting keeps them; every
    /// finding of a report has its own.
    @Test func gitlabFingerprintsAreStableWhenLinesMove() throws {
        let engine = Engine(project: Project(contract: nil, baseDirectory: "/"), options: LintOptions(jobs: 1))
        let compact = #"{"message": {"topic": "news", "data": {"a": 1, "b": 2, "c": true}}}"#
        let moved =
            "\n\n\n{\n  \"message\": {\n    \"topic\": \"news\",\n    \"data\": {\"a\": 1,\n \"b\": 2, \"c\": true}\n  }\n}\n"
        func fingerprints(_ text: String) throws -> [String] {
            let report = engine.lint(bytes: Array(text.utf8), path: "push/a.json")
            let issues =
                try JSONSerialization.jsonObject(with: Data(GitLabReporter().renderBytes(report))) as? [[String: Any]]
                ?? []
            return issues.compactMap { $0["fingerprint"] as? String }
        }
        let before = try fingerprints(compact)
        let after = try fingerprints(moved)
        #expect(before.count == 3, "three data values are not strings: \(before)")
        #expect(Set(before).count == before.count, "fingerprints are unique")
        #expect(before == after)
        let golden =
            try JSONSerialization.jsonObject(with: Data(GitLabReporter().renderBytes(ReportFixtures.findings)))
            as? [[String: Any]] ?? []
        let all = golden.compactMap { $0["fingerprint"] as? String }
        #expect(all.count == golden.count && Set(all).count == all.count)
        #expect(all.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    // MARK: checkstyle

    @Test(.tags(.slow), .whenSlowTestsAreOn) func checkstyleIsWellFormedWithCheckstylesStructure() throws {
        var documents = try Self.inputs().map { (name: $0.name, xml: CheckstyleReporter().render($0.report)) }
        for (name, _) in ReportFixtures.all {
            documents.append(
                (
                    name: "golden \(name)",
                    xml: try String(contentsOf: Golden.url("\(name).checkstyle.xml"), encoding: .utf8)
                ))
        }
        // Well-formed for two parsers: python's expat (through the venv, one run) and libxml2 (Foundation's XMLParser).
        let expat = try JSONSchemaValidator.wellFormedXML(documents)
        #expect(expat.isEmpty, "not well-formed XML: \(Self.report(expat))")
        for (name, xml) in documents {
            let problems = CheckstyleStructure.check(Data(xml.utf8))
            #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "\n"))")
        }
        #expect(
            !CheckstyleStructure.check(
                Data(#"<checkstyle><file><error line="0" severity="fatal" rule="x"/></file></checkstyle>"#.utf8)
            ).isEmpty)
    }

    /// The hostile fixture survives the trip: every message, path and rule id reads back as it was written (XML
    /// 1.0 cannot hold some control characters; those come back as their visible `\u{..}` text).
    @Test func checkstyleRoundTripsHostileText() throws {
        let xml = CheckstyleReporter().render(ReportFixtures.findings)
        let parsed = CheckstyleStructure.errors(Data(xml.utf8))
        let hostile = ReportFixtures.findings.files.first { $0.path.display == ReportFixtures.hostilePath }
        let names = parsed.map(\.file)
        #expect(names.contains(ReportFixtures.hostilePath))
        #expect(names.contains(ReportFixtures.unicodePath))
        let first = try #require(
            parsed.first {
                $0.file == ReportFixtures.hostilePath && $0.attributes["source"] == "pushlint.fixture-quoted-value"
            })
        let message = try #require(first.attributes["message"])
        #expect(message.hasPrefix("data value must be a string, found number key \"a<b>&c\" is 100% 'odd'"))
        #expect(message.contains("\nline 2\r\nline 3\rend \t tab \\u{1b}[31mred"))
        #expect(hostile != nil)
    }

    // MARK: concise

    @Test func conciseIsOneLinePerFinding() throws {
        for (name, report) in try Self.inputs() {
            let output = ConciseReporter().render(report)
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == report.allDiagnostics.count + report.project.count, "\(name)")
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0 == "\r" || $0.value == 0x202E }, "\(name)")
            for (line, d) in zip(lines, report.allDiagnostics) {
                let position = d.location.map { ":\($0.line):\($0.column)" } ?? ""
                #expect(line.hasSuffix(" [\(d.ruleId)]"))
                #expect(line.contains("\(position): \(d.severity.rawValue): "))
            }
        }
    }
}

/// Checkstyle's XML report structure (https://checkstyle.org/result_reports.html and the `checkstyle-report-1.0.0.xsd`
/// it links): `<checkstyle version?>` holding `<file name>` elements holding `<error>` elements with the
/// attributes line and column (positive integers), severity (ignore, info, warning, error), message and source.
enum CheckstyleStructure {
    struct Found {
        var file: String
        var attributes: [String: String]
    }

    final class Reader: NSObject, XMLParserDelegate {
        var stack: [String] = []
        var problems: [String] = []
        var errors: [Found] = []
        var file = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let parent = stack.last
            let allowed: Set<String>
            switch (parent, name) {
            case (nil, "checkstyle"): allowed = ["version"]
            case ("checkstyle", "file"):
                allowed = ["name"]
                if attributes["name"] == nil { problems.append("<file> without name") }
                file = attributes["name"] ?? ""
            case ("checkstyle", "error"), ("file", "error"):
                allowed = ["line", "column", "severity", "message", "source"]
                for key in ["line", "column"] {
                    if let value = attributes[key], (Int(value) ?? 0) < 1 {
                        problems.append("<error \(key)=\"\(value)\"> is not a positive integer")
                    }
                }
                if let severity = attributes["severity"], !["ignore", "info", "warning", "error"].contains(severity) {
                    problems.append("<error severity=\"\(severity)\"> is not a Checkstyle severity")
                }
                for key in ["severity", "message", "source"] where attributes[key] == nil {
                    problems.append("<error> without \(key)")
                }
                errors.append(Found(file: parent == "file" ? file : "", attributes: attributes))
            default:
                allowed = []
                problems.append("<\(name)> inside <\(parent ?? "(document)")>")
            }
            for key in attributes.keys where !allowed.contains(key) {
                problems.append("<\(name)> has attribute \(key)")
            }
            stack.append(name)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if !string.allSatisfy(\.isWhitespace) { problems.append("text inside <\(stack.last ?? "")>") }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
            problems.append("not well-formed: \(error) at line \(parser.lineNumber)")
        }
    }

    static func read(_ data: Data) -> Reader {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        if !parser.parse(), reader.problems.isEmpty {
            reader.problems.append("not well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        }
        return reader
    }

    static func check(_ data: Data) -> [String] { read(data).problems }
    static func errors(_ data: Data) -> [Found] { read(data).errors }
}
