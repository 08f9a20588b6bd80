import PushLintModel

/// `--format github`: one GitHub Actions workflow command per finding, exactly as
/// `conformance/github-annotations.md` describes (the `@actions/core` writer and the runner's reader):
///
///     ::error title=pushlint (rule-id),file=path,line=7,endLine=7,col=16,endColumn=17::message%0Ahelp: ...
///
/// `error` / `warning` / `notice` (for info). Properties in `@actions/core` order (title, file, line, endLine,
/// col, endColumn); columns only when the finding starts and ends on one line (the runner drops them
/// otherwise). Message escaped as data (`%`, CR, LF), property values also `:` and `,`. Other control characters
/// and bidirectional overrides from payloads would reach the log viewer raw (it renders ANSI colours), so they are
/// written as visible `\u{..}` text; everything else (quotes, `<`, `&`, `::` in the message, non-ASCII) passes
/// through and decodes back unchanged. Project findings have no file; their message lists the related files.
public struct GitHubReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String {
        var out = ""
        for file in report.files {
            let path = file.path.display
            for d in file.diagnostics {
                var properties: [(String, String)] = [("title", Self.title(d.ruleId)), ("file", path)]
                if let loc = d.location, loc.line > 0 {
                    properties.append(("line", String(loc.line)))
                    if loc.endLine >= loc.line { properties.append(("endLine", String(loc.endLine))) }
                    if loc.endLine == loc.line, loc.column > 0 {
                        properties.append(("col", String(loc.column)))
                        if loc.endColumn >= loc.column { properties.append(("endColumn", String(loc.endColumn))) }
                    }
                }
                out += Self.command(Self.kind(d.severity), properties, Self.message(d.message, help: d.help, files: []))
            }
        }
        for p in report.project {
            out += Self.command(
                Self.kind(p.severity), [("title", Self.title(p.ruleId))],
                Self.message(p.message, help: p.help, files: p.related))
        }
        return out
    }

    public static func title(_ ruleId: String) -> String { "pushlint (\(ruleId))" }

    /// The annotation text before escaping: the message, then the help and related files on their own lines.
    public static func message(_ message: String, help: String?, files: [String]) -> String {
        var text = message
        if !files.isEmpty { text += "\nfiles: " + files.joined(separator: ", ") }
        if let help { text += "\nhelp: " + help }
        return text
    }

    static func kind(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }

    /// One command line. Empty property values are left out, as the toolkit does.
    static func command(_ kind: String, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.filter { !$0.1.isEmpty }.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(kind)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))\n"
    }

    /// `escapeData` of `@actions/core`: `%`, CR and LF (per Unicode scalar: a CR LF pair is one Swift
    /// `Character`, so `String.replacing` would miss it).
    public static func escapeData(_ text: String) -> String { escape(visible(text), property: false) }

    /// `escapeProperty`: the data escapes, then `:` and `,`.
    public static func escapeProperty(_ text: String) -> String { escape(visible(text), property: true) }

    static func escape(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Control characters other than CR/LF (which the escapes carry) and bidi overrides as `\u{..}` text.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\r" && Escape.isUnsafe($0) }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n" && scalar != "\r" && Escape.isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
