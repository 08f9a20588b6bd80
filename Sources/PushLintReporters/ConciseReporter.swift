import PushLintModel

/// `--format concise`: one line per finding and nothing else, for grep and editors' problem matchers:
///
///     push/orders/shipped.json:7:16: error: data value must be a string, found number [fcm-data-string-values]
///
/// No code frame, no help, no summary: a clean run prints nothing. A finding without a position (an unreadable
/// file) is `path: severity: message [rule]`; a project finding is `(project): severity: message [rule]` with its
/// files after the message. Control characters, line breaks and bidirectional overrides from payloads or file names
/// are written as visible `\u{..}` text, so a finding is always exactly one line.
public struct ConciseReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var out = ""
        for file in report.files {
            let path = Escape.terminal(file.path.display)
            for d in file.diagnostics {
                out += path
                if let loc = d.location {
                    out += ":\(loc.line):\(loc.column)"
                }
                out += ": \(d.severity.rawValue): \(Escape.terminal(d.message)) [\(d.ruleId)]\n"
            }
        }
        for p in report.project {
            let files =
                p.related.isEmpty ? "" : " (files: " + p.related.map(Escape.terminal).joined(separator: ", ") + ")"
            out +=
                "\(JUnitReporter.projectSuiteName): \(p.severity.rawValue): \(Escape.terminal(p.message))\(files) [\(p.ruleId)]\n"
        }
        return out
    }
}
