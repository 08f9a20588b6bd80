import PushLintModel

/// `--format junit` (DESIGN.md §8): one `<testsuite>` per linted file (name = path), one `<testcase>` per finding
/// (classname = path, name = `rule-id line:col`) holding a `<failure type="severity" message="...">`, one
/// passing testcase for a clean file, and project findings in a `<testsuite name="(project)">`.
///
/// The output validates against both schemas of `conformance/junit`: the Jenkins xUnit `junit-10.xsd` and the
/// strict Ant `JUnit.xsd`. The strict schema decides the details: every suite carries `package`, `id` (from 0),
/// `timestamp` (no zone), `hostname`, `time`, an empty-or-not `<properties>`, and `<system-out>`/`<system-err>`;
/// every testcase has `classname` and `time`. It also allows no attributes on `<testsuites>`, so the totals live
/// on each suite (DESIGN.md's `tests=`/`failures=` on the root would make the file invalid there).
///
/// pushlint does not time files, so every `time` is `0` (sums stay consistent). Every finding is a `failure`;
/// `errors` and `skipped` are always 0 (pushlint has nothing to skip per file, and an unreadable or broken file is a
/// finding of `io-error` / `json-syntax`, not a crash of the test).
public struct JUnitReporter: Reporter {
    /// `timestamp` attribute, `yyyy-MM-ddTHH:mm:ss` in UTC; nil: the time of rendering.
    public var timestamp: String?
    /// `hostname` attribute; nil: this machine's name.
    public var hostname: String?

    public init(timestamp: String? = nil, hostname: String? = nil) {
        self.timestamp = timestamp
        self.hostname = hostname
    }

    public static let projectSuiteName = "(project)"

    public func render(_ report: LintReport) -> String {
        let timestamp = self.timestamp ?? SystemClock.utcTimestamp()
        let hostname = XML.nonEmptyToken(self.hostname ?? SystemClock.hostname(), fallback: "localhost")
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        var id = 0
        func suite(name: String, properties: [(String, String)], cases: [TestCase]) {
            let failures = cases.filter { $0.failure != nil }.count
            out +=
                "  <testsuite name=\"\(XML.attribute(XML.nonEmptyToken(name, fallback: "(unnamed)")))\" package=\"\(PushLintInfo.name)\""
            out +=
                " id=\"\(id)\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\""
            out += " timestamp=\"\(XML.attribute(timestamp))\" hostname=\"\(XML.attribute(hostname))\">\n"
            id += 1
            if properties.isEmpty {
                out += "    <properties/>\n"
            } else {
                out += "    <properties>\n"
                for (name, value) in properties {
                    out += "      <property name=\"\(XML.attribute(name))\" value=\"\(XML.attribute(value))\"/>\n"
                }
                out += "    </properties>\n"
            }
            for c in cases {
                out +=
                    "    <testcase name=\"\(XML.attribute(c.name))\" classname=\"\(XML.attribute(XML.nonEmptyToken(c.classname, fallback: "(unnamed)")))\" time=\"0\""
                if let failure = c.failure {
                    out +=
                        ">\n      <failure type=\"\(XML.attribute(failure.type))\" message=\"\(XML.attribute(failure.message))\">"
                    out += XML.text(failure.text) + "</failure>\n    </testcase>\n"
                } else {
                    out += "/>\n"
                }
            }
            out += "    <system-out></system-out>\n    <system-err></system-err>\n  </testsuite>\n"
        }

        for file in report.files {
            var properties: [(String, String)] = [("pushlint.version", PushLintInfo.version)]
            if let kind = file.kind { properties.append(("kind", kind.rawValue)) }
            if let bytes = file.wireBytes { properties.append(("wireBytes", String(bytes))) }
            if let limit = file.wireLimit { properties.append(("wireLimit", String(limit))) }
            let path = file.path.display
            let cases =
                file.diagnostics.isEmpty
                ? [TestCase(name: Self.cleanCaseName, classname: path, failure: nil)]
                : file.diagnostics.map { TestCase($0, path: path) }
            suite(name: path, properties: properties, cases: cases)
        }
        if !report.project.isEmpty {
            suite(
                name: Self.projectSuiteName, properties: [("pushlint.version", PushLintInfo.version)],
                cases: report.project.map { TestCase($0) })
        }
        out += "</testsuites>\n"
        return out
    }

    /// Name of the one passing testcase of a clean file.
    public static let cleanCaseName = "no problems"

    struct Failure {
        var type: String
        var message: String
        var text: String
    }

    struct TestCase {
        var name: String
        var classname: String
        var failure: Failure?

        init(name: String, classname: String, failure: Failure?) {
            self.name = name
            self.classname = classname
            self.failure = failure
        }

        init(_ d: Diagnostic, path: String) {
            var position = ""
            if let loc = d.location { position = ":\(loc.line):\(loc.column)" }
            name = d.ruleId + (d.location.map { " \($0.line):\($0.column)" } ?? "")
            classname = path
            var text = "\(path)\(position): \(d.severity.rawValue): \(d.message) [\(d.ruleId)]\n"
            if let pointer = d.pointer { text += "pointer: \(pointer.isEmpty ? "(document)" : pointer)\n" }
            if let help = d.help { text += "help: \(help)\n" }
            failure = Failure(type: d.severity.rawValue, message: d.message, text: text)
        }

        init(_ p: ProjectDiagnostic) {
            name = p.ruleId
            classname = JUnitReporter.projectSuiteName
            var text = "\(JUnitReporter.projectSuiteName): \(p.severity.rawValue): \(p.message) [\(p.ruleId)]\n"
            if !p.related.isEmpty { text += "files: \(p.related.joined(separator: ", "))\n" }
            if let help = p.help { text += "help: \(help)\n" }
            failure = Failure(type: p.severity.rawValue, message: p.message, text: text)
        }
    }
}

/// XML 1.0 escaping for untrusted text.
enum XML {
    /// Attribute value (inside double quotes): markup characters and both quotes as entities; tab, LF and CR as
    /// character references so attribute-value normalisation does not turn them into spaces; characters XML 1.0
    /// forbids replaced (see `replacement`).
    static func attribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: append(scalar, to: &out)
            }
        }
        return out
    }

    /// Element content: markup characters as entities, CR as a character reference (a parser would turn a raw CR
    /// into LF), forbidden characters replaced.
    static func text(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default: append(scalar, to: &out)
            }
        }
        return out
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        if let shown = replacement(scalar) { out += shown } else { out.unicodeScalars.append(scalar) }
    }

    /// XML 1.0 `Char` excludes C0 controls other than tab/LF/CR, U+FFFE and U+FFFF (surrogates cannot occur in a
    /// Swift string); C1 controls and DEL are allowed but "discouraged", and they can drive terminals that show
    /// the file. All of them are written as visible `\u{..}` text instead.
    static func replacement(_ scalar: Unicode.Scalar) -> String? {
        let v = scalar.value
        let forbidden = (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF
        let discouraged = v == 0x7F || (0x80...0x9F).contains(v)
        return forbidden || discouraged ? "\\u{\(String(v, radix: 16))}" : nil
    }

    /// `xs:token` attributes with `minLength 1` (suite and class names): a value that is empty after whitespace
    /// collapsing would make the strict schema fail.
    static func nonEmptyToken(_ text: String, fallback: String) -> String {
        text.unicodeScalars.contains { !" \t\n\r".unicodeScalars.contains($0) } ? text : fallback
    }
}
