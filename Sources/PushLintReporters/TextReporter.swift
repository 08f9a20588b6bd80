import PushLintJSON
import PushLintModel
import PushLintParallel

/// The default terminal format (DESIGN.md §8): `path:line:col: severity: message [rule-id]`, a code frame with
/// a caret under the range, the help, a per-file line with the wire size when the file has findings, and one
/// summary line. Control characters from payloads are shown escaped, never sent to the terminal.
public struct TextReporter: Reporter {
    public var color: Bool
    /// Threads the files' findings are rendered on; the output does not depend on it.
    public var jobs: Int
    public init(color: Bool = false, jobs: Int = 1) {
        self.color = color
        self.jobs = jobs
    }

    static let maxFrameWidth = 120

    public func render(_ report: LintReport) -> String {
        var out = ""
        let files = report.files.filter { !$0.diagnostics.isEmpty }
        let filesWithFindings = files.count
        for part in renderRuns(files.count, jobs: jobs, { run in run.reduce(into: "") { $0 += render(files[$1]) } }) {
            out += part
        }
        for p in report.project {
            out +=
                style("(project)", .bold) + ": " + style(p.severity.rawValue, p.severity.color) + ": "
                + Escape.terminal(p.message) + " " + style("[\(p.ruleId)]", .dim) + "\n"
            if !p.related.isEmpty {
                out +=
                    "    " + style("files:", .dim) + " " + p.related.map(Escape.terminal).joined(separator: ", ") + "\n"
            }
            if let help = p.help { out += "    " + style("help:", .cyan) + " " + Escape.terminal(help) + "\n" }
        }
        let severities = report.files.flatMap { $0.diagnostics.map(\.severity) } + report.project.map(\.severity)
        let skipped = report.skipped > 0 ? " (\(report.skipped) skipped: not payloads)" : ""
        if severities.isEmpty {
            out +=
                style("✔", .green)
                + " \(report.files.count) \(report.files.count == 1 ? "file" : "files") checked, no problems\(skipped)\n"
        } else {
            let mark = severities.contains(.error) ? style("✖", .red) : style("⚠", .yellow)
            out +=
                "\(mark) \(counts(severities)) in \(filesWithFindings) of \(report.files.count) \(report.files.count == 1 ? "file" : "files")\(skipped)\n"
        }
        return out
    }

    /// A file's findings and its summary line.
    func render(_ file: FileReport) -> String {
        var out = ""
        let diagnostics = file.diagnostics
        let path = style(Escape.terminal(file.path.display), .bold)
        // The findings of a large batch file, in slices on `jobs` threads.
        let slices = workSlices(diagnostics.count, jobs: jobs) ?? [diagnostics.indices]
        for part in parallelMap(
            slices.count, jobs: jobs,
            { index in
                var text = ""
                for d in diagnostics[slices[index]] { text += render(d, path: path) }
                return text
            })
        { out += part }
        out += style(file.path.display, .bold) + ": " + counts(file.diagnostics.map(\.severity))
        // A body of `{}` is a message with only its target (FCM counts the message without it): "2 B" would read as
        // the size of the file, so the size is shown only for a message with content.
        if let bytes = file.wireBytes, let limit = file.wireLimit, bytes > 2 {
            out += " (wire size \(bytes) B / \(limit))"
        }
        out += "\n"
        return out
    }

    /// A finding of the file whose path (escaped and styled) is `path`.
    // Appended piece by piece into one String: `a + b + c` builds a String per `+`, for every finding.
    func render(_ d: Diagnostic, path: String) -> String {
        var out = path
        if let loc = d.location {
            out += ":"
            out += String(loc.line)
            out += ":"
            out += String(loc.column)
        }
        out += ": "
        out += style(d.severity.rawValue, d.severity.color)
        out += ": "
        out += Escape.terminal(d.message)
        out += " "
        out += style("[\(d.ruleId)]", .dim)
        out += "\n"
        guard let loc = d.location, d.pointer != nil || !loc.lineText.isEmpty, !loc.lineText.isEmpty else {
            if let help = d.help {
                appendHelp(help, after: "     ", to: &out)
                out += "\n"
            }
            return out
        }
        let offset = loc.lineTextColumn - 1
        var frame = Frame(
            line: loc.lineText, column: loc.column - offset,
            endColumn: loc.endLine == loc.line ? loc.endColumn - offset : nil)
        if offset > 0 { frame.markCutStart() }
        let number = String(loc.line)
        let gutterWidth = max(4, number.utf8.count + 1)
        out += style(ASCIIText.repeated(" ", gutterWidth - number.utf8.count) + number + " |", .dim)
        out += " "
        out += frame.text
        out += "\n"
        out += style(ASCIIText.repeated(" ", gutterWidth) + " |", .dim)
        out += " "
        out += ASCIIText.repeated(" ", frame.caretOffset)
        out += style(ASCIIText.repeated("^", frame.caretLength), d.severity.color)
        if let help = d.help { appendHelp(help, after: " ", to: &out) }
        out += "\n"
        return out
    }

    func appendHelp(_ help: String, after gap: String, to out: inout String) {
        out += gap
        out += style("help:", .cyan)
        out += " "
        out += Escape.terminal(help)
    }

    /// The visible part of a source line, with the caret position adjusted for escapes and truncation.
    struct Frame {
        var text = ""
        var caretOffset = 0
        var caretLength = 1

        init(line: String, column: Int, endColumn: Int?) {
            let scalars = Array(line.unicodeScalars)
            let start = max(0, min(column - 1, scalars.count))
            var end = endColumn.map { max(start + 1, min($0 - 1, scalars.count)) } ?? scalars.count
            if end <= start { end = start + 1 }
            // Long lines (minified payloads) are cut to a window around the finding.
            var windowStart = 0
            var windowEnd = scalars.count
            if scalars.count > TextReporter.maxFrameWidth {
                windowStart = max(0, start - 40)
                windowEnd = min(scalars.count, windowStart + TextReporter.maxFrameWidth)
            }
            // Built as UTF-8 and turned into a String once: a report of thousands of findings has a frame each.
            var utf8: [UInt8] = []
            utf8.reserveCapacity(4 * (windowEnd - windowStart) + 8)
            if windowStart > 0 { utf8.append(contentsOf: "…".utf8) }
            var width = windowStart > 0 ? 1 : 0
            for index in windowStart..<windowEnd {
                if index == start { caretOffset = width }
                // One scalar is one column; only escapes are wider.
                let scalar = scalars[index]
                if scalar != "\t", !Escape.isUnsafe(scalar) {
                    UTF8.encode(scalar) { utf8.append($0) }
                    width += 1
                } else {
                    let shown = Escape.scalarForFrame(scalar)
                    utf8.append(contentsOf: shown.utf8)
                    width += shown.count
                }
                if index == min(end, windowEnd) - 1 { caretLength = max(1, width - caretOffset) }
            }
            if start >= windowEnd { caretOffset = width }
            if windowEnd < scalars.count { utf8.append(contentsOf: "…".utf8) }
            text = String(decoding: utf8, as: UTF8.self)
        }

        /// The excerpt does not start at the line's start: say so.
        mutating func markCutStart() {
            guard !text.hasPrefix("…") else { return }
            text = "…" + text
            caretOffset += 1
        }
    }

    func counts(_ severities: [Severity]) -> String {
        let e = severities.filter { $0 == .error }.count
        let w = severities.filter { $0 == .warning }.count
        let i = severities.filter { $0 == .info }.count
        var parts: [String] = []
        if e > 0 { parts.append("\(e) \(e == 1 ? "error" : "errors")") }
        if w > 0 { parts.append("\(w) \(w == 1 ? "warning" : "warnings")") }
        if i > 0 { parts.append("\(i) info") }
        return parts.joined(separator: ", ")
    }

    enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "1;31"
        case yellow = "1;33"
        case blue = "1;34"
        case cyan = "36"
        case green = "32"
    }

    func style(_ text: String, _ s: Style) -> String {
        color ? "\u{1B}[\(s.rawValue)m\(text)\u{1B}[0m" : text
    }
}

extension Severity {
    var color: TextReporter.Style {
        switch self {
        case .error: return .red
        case .warning: return .yellow
        case .info: return .blue
        }
    }
}

/// Escaping of untrusted text for the terminal (the reporters, and the command line's own lines that quote an
/// app's sources).
public enum Escape {
    /// Control characters (C0, DEL, C1) and bidirectional overrides as visible `\u{..}` text, so a payload
    /// cannot move the cursor, change colours or reorder what the reader sees.
    public static func terminal(_ text: String) -> String {
        // Most texts hold none of them, and their UTF-8 says so without rebuilding the text: C0 and DEL are single
        // bytes, C1 controls start with 0xC2, the bidirectional controls with 0xE2.
        let mayHoldUnsafe = text.withUTF8Bytes { $0.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 } }
        guard mayHoldUnsafe else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// As `terminal`, but line breaks (LF, CR) stay: for messages that a CI shows as multi-line text (GitLab's
    /// Code Quality widget, reviewdog's comments and terminal output).
    static func keepingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\r" && isUnsafe($0) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n" && scalar != "\r" && isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func scalarForFrame(_ scalar: Unicode.Scalar) -> String {
        if scalar == "\t" { return " " }
        return isUnsafe(scalar) ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v)
            || (0x2066...0x2069).contains(v)
    }
}
