import PushLintModel

/// `--format checkstyle`: the XML report of Checkstyle (https://checkstyle.org/result_reports.html, the "XML
/// report" and its `checkstyle-report-1.0.0.xsd`), which Jenkins warnings-ng (`checkStyle` tool), Bitbucket Code
/// Insights integrations, reviewdog (`-f=checkstyle`) and many other CI plugins read:
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <checkstyle version="4.3">
///       <file name="push/orders/shipped.json">
///         <error line="7" column="16" severity="error" message="..." source="pushlint.fcm-data-string-values"/>
///       </file>
///     </checkstyle>
///
/// - `version="4.3"`: the version of the format that consumers key on (Checkstyle's own XMLLogger format since 4.3).
/// - Every linted file is a `<file name="PATH">`, clean ones empty (as Checkstyle does), in report order.
/// - A finding is an `<error>`: `line` and `column` (1-based, Unicode scalars) when it has a position;
///   `severity` `error`, `warning` or `info` (Checkstyle's own levels); `message` with the help after it;
///   `source` `pushlint.RULE-ID` (consumers show the part after the last dot as the type).
/// - Project findings follow, each in a `<file>` of its first related file (`.` without one) and without a line,
///   their message naming every related file.
/// - Escaping as in the JUnit report: markup characters and quotes as entities, tab/LF/CR as character references,
///   characters XML 1.0 forbids (and C1 controls) as visible `\u{..}` text.
public struct CheckstyleReporter: Reporter {
    public init() {}

    public static let formatVersion = "4.3"

    public func render(_ report: LintReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"\(Self.formatVersion)\">\n"
        for file in report.files {
            if file.diagnostics.isEmpty {
                out += "  <file name=\"\(XML.attribute(file.path.display))\"/>\n"
                continue
            }
            out += "  <file name=\"\(XML.attribute(file.path.display))\">\n"
            for d in file.diagnostics {
                var message = d.message
                if let help = d.help { message += " (help: \(help))" }
                error(
                    line: d.location?.line, column: d.location?.column, severity: d.severity, message: message,
                    rule: d.ruleId, to: &out)
            }
            out += "  </file>\n"
        }
        for p in report.project {
            var message = p.message
            if !p.related.isEmpty { message += " (files: \(p.related.joined(separator: ", ")))" }
            if let help = p.help { message += " (help: \(help))" }
            out += "  <file name=\"\(XML.attribute(p.related.first ?? "."))\">\n"
            error(line: nil, column: nil, severity: p.severity, message: message, rule: p.ruleId, to: &out)
            out += "  </file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }

    func error(line: Int?, column: Int?, severity: Severity, message: String, rule: String, to out: inout String) {
        out += "    <error"
        if let line, line > 0 { out += " line=\"\(line)\"" }
        if let column, column > 0 { out += " column=\"\(column)\"" }
        out +=
            " severity=\"\(severity.rawValue)\" message=\"\(XML.attribute(message))\" source=\"\(XML.attribute(Self.source(rule)))\"/>\n"
    }

    public static func source(_ ruleId: String) -> String { "\(PushLintInfo.name).\(ruleId)" }
}
