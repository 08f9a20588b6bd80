import Foundation
import PushLintEngine
import PushLintModel
import PushLintReporters
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A parsed JUnit file: what a CI server would read.
final class JUnitDocument: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        var children: [Int] = []
    }
    var elements: [Element] = []
    private var stack: [Int] = []
    var error: Error?

    init(_ xml: String) {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: name, attributes: attributes))
        if let parent = stack.last { elements[parent].children.append(elements.count - 1) }
        stack.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = stack.last { elements[current].text += string }
    }

    func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }
    func children(of element: Element, _ name: String) -> [Element] {
        element.children.map { elements[$0] }.filter { $0.name == name }
    }
}

@Suite struct JUnitReporterTests {
    static let reporter = JUnitReporter(timestamp: "2026-01-02T03:04:05", hostname: "ci-host")

    /// What a message becomes in XML: characters XML 1.0 forbids (and C1/DEL) as visible `\u{..}` text.
    static func xmlSafe(_ text: String) -> String {
        var out = ""
        for s in text.unicodeScalars {
            let v = s.value
            if (v < 0x20 && v != 9 && v != 10 && v != 13) || v == 0xFFFE || v == 0xFFFF || v == 0x7F
                || (0x80...0x9F).contains(v)
            {
                out += "\\u{\(String(v, radix: 16))}"
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }

    @Test func countsAreConsistentWithTheContent() throws {
        let report = ReportFixtures.findings
        let doc = JUnitDocument(Self.reporter.render(report))
        #expect(doc.error == nil)
        #expect(doc.all("testsuites").count == 1)
        let suites = doc.all("testsuite")
        #expect(suites.count == report.files.count + 1)
        var totalFailures = 0
        for (index, suite) in suites.enumerated() {
            let cases = doc.children(of: suite, "testcase")
            let failures = cases.filter { !doc.children(of: $0, "failure").isEmpty }.count
            #expect(suite.attributes["tests"] == String(cases.count))
            #expect(suite.attributes["failures"] == String(failures))
            #expect(suite.attributes["errors"] == "0")
            #expect(suite.attributes["skipped"] == "0")
            #expect(suite.attributes["time"] == "0")
            #expect(suite.attributes["id"] == String(index))
            #expect(cases.allSatisfy { $0.attributes["time"] == "0" && doc.children(of: $0, "failure").count <= 1 })
            totalFailures += failures
        }
        #expect(totalFailures == report.allDiagnostics.count + report.project.count)
        #expect(suites.map { $0.attributes["name"] } == report.files.map(\.path.display) + ["(project)"])
    }

    @Test func hostileTextRoundTripsThroughAnXMLParser() throws {
        let report = ReportFixtures.findings
        let doc = JUnitDocument(Self.reporter.render(report))
        #expect(doc.error == nil)
        let failures = doc.all("failure")
        let expected = report.allDiagnostics.map(\.message) + report.project.map(\.message)
        #expect(failures.map { $0.attributes["message"] } == expected.map { Self.xmlSafe($0) })
        // Element text keeps CR, LF and tab exactly.
        let hostile = try #require(failures.first { $0.attributes["message"]?.contains("line 2") == true })
        #expect(hostile.text.contains(Self.xmlSafe(ReportFixtures.hostile)))
        #expect(hostile.text.contains("help: write \"3\" <quoted> & done: 100%"))
        let classnames = doc.all("testcase").map { $0.attributes["classname"] }
        #expect(classnames.contains(ReportFixtures.hostilePath))
        #expect(classnames.contains(ReportFixtures.unicodePath))
    }

    @Test func noForbiddenCharacterIsEmitted() {
        let xml = Self.reporter.render(ReportFixtures.findings)
        for s in xml.unicodeScalars {
            let v = s.value
            #expect(
                !((v < 0x20 && v != 9 && v != 10 && v != 13) || v == 0xFFFE || v == 0xFFFF || v == 0x7F
                    || (0x80...0x9F).contains(v)), "U+\(String(v, radix: 16)) in the XML")
        }
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"))
    }

    @Test func cleanFileIsOnePassingTestcase() {
        let doc = JUnitDocument(Self.reporter.render(ReportFixtures.clean))
        let cases = doc.all("testcase")
        #expect(cases.count == 2)
        #expect(cases.allSatisfy { $0.attributes["name"] == JUnitReporter.cleanCaseName && $0.children.isEmpty })
        #expect(doc.all("testsuite").allSatisfy { $0.attributes["failures"] == "0" && $0.attributes["tests"] == "1" })
    }

    @Test func testcaseNamesAreRuleAndPosition() {
        let doc = JUnitDocument(Self.reporter.render(ReportFixtures.findings))
        let names = doc.all("testcase").compactMap { $0.attributes["name"] }
        #expect(names.contains("fixture-quoted-value 3:14"))
        #expect(names.contains("fixture-unreadable"))
        #expect(names.contains("fixture-project"))
        #expect(
            doc.all("failure").compactMap { $0.attributes["type"] }.sorted() == [
                "error", "error", "error", "info", "warning", "warning",
            ])
    }

    @Test func blankNamesFallBackSoTheStrictSchemaHolds() {
        var report = ReportFixtures.clean
        report.files[0].path = ReportFixtures.path(" \t")
        let xml = Self.reporter.render(report)
        #expect(xml.contains("name=\"(unnamed)\""))
    }

    @Test func machineTimestampHasTheStrictForm() throws {
        let xml = JUnitReporter(hostname: "h").render(ReportFixtures.clean)
        let regex = try Regex(#"timestamp="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}""#)
        #expect(xml.contains(regex))
    }

    @Test func pathsWithLineBreaksRoundTrip() throws {
        var report = ReportFixtures.clean
        report.files[0].path = ReportFixtures.path("push/a\r\nb\t\"c\" <d> & 'e'.json")
        let doc = JUnitDocument(Self.reporter.render(report))
        #expect(doc.error == nil)
        #expect(doc.all("testsuite").first?.attributes["name"] == report.files[0].path.display)
        #expect(doc.all("testcase").first?.attributes["classname"] == report.files[0].path.display)
    }
}
