import PushLintModel

/// `--format rdjson`: reviewdog's Diagnostic Format, one `DiagnosticResult` object (reviewdog `-f=rdjson`), as its
/// JSON Schema defines it (https://github.com/reviewdog/reviewdog/tree/master/proto/rdf/jsonschema; a copy is in
/// `conformance/rdjson`, which the tests validate against):
///
/// - `source`: `{name: "pushlint", url}`; `diagnostics`: one per finding, in report order.
/// - A diagnostic: `message` (with the help after it), `severity` `ERROR` / `WARNING` / `INFO`, `code` `{value:
///   rule id, url: the rule's page}`, `location` `{path, range}`. Ranges are lines and columns in UTF-8 bytes (the
///   schema's `Position.column`), 1-based, the end exclusive, from `Diagnostic.byteRange`; a report built without
///   byte ranges falls back to the Unicode-scalar columns (the same on ASCII lines).
/// - `suggestions`: the finding's fix as text edits, one `{range, text}` per edit, ranges in bytes as above, from
///   `Diagnostic.fixByteRanges` (left out when the report has no byte ranges: a wrong range would corrupt the file
///   reviewdog applies the suggestion to). Unsafe fixes are suggested too (a suggestion is reviewed before it is
///   applied); the message says so.
/// - Control characters (but line breaks) and bidirectional overrides in messages are written as visible `\u{..}`
///   text: reviewdog prints them in terminals and posts them as review comments. Paths and suggested text stay
///   exact (reviewdog matches paths with the diff, and a suggestion must be the fix's text).
/// - A finding without a position (an unreadable file) has a location without range. A project finding points at
///   its first file and lists the others as `related_locations`.
public struct RDJSONReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String { String(decoding: renderBytes(report), as: UTF8.self) }

    public func renderBytes(_ report: LintReport) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        writeSource(to: &w)
        w.beginArray("diagnostics")
        for file in report.files {
            for d in file.diagnostics { write(d, path: file.path.display, to: &w) }
        }
        for p in report.project { write(p, to: &w) }
        w.endArray()
        w.endObject()
        return w.finished()
    }

    func writeSource(to w: inout JSONWriter) {
        w.beginObject("source")
        w.string("name", PushLintInfo.name)
        w.string("url", PushLintInfo.informationURI)
        w.endObject()
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "ERROR"
        case .warning: return "WARNING"
        case .info: return "INFO"
        }
    }

    func writeCode(_ ruleId: String, to w: inout JSONWriter) {
        w.beginObject("code")
        w.string("value", ruleId)
        w.string("url", SARIFReporter.helpURI(ruleId))
        w.endObject()
    }

    func writeRange(_ range: LineByteRange, to w: inout JSONWriter) {
        w.beginObject("range")
        w.beginObject("start")
        w.number("line", range.startLine)
        w.number("column", range.startColumn)
        w.endObject()
        w.beginObject("end")
        w.number("line", range.endLine)
        w.number("column", range.endColumn)
        w.endObject()
        w.endObject()
    }

    func write(_ d: Diagnostic, path: String, to w: inout JSONWriter) {
        w.beginObject()
        var message = d.message
        if let help = d.help { message += " (help: \(help))" }
        if let fix = d.fix, !fix.isSafe, d.fixByteRanges != nil {
            message += " (the suggestion is an unsafe fix: review it)"
        }
        w.string("message", Escape.keepingLineBreaks(message))
        w.beginObject("location")
        w.string("path", path)
        let range =
            d.byteRange
            ?? d.location.map {
                LineByteRange(startLine: $0.line, startColumn: $0.column, endLine: $0.endLine, endColumn: $0.endColumn)
            }
        if let range, range.startLine > 0 { writeRange(range, to: &w) }
        w.endObject()
        w.string("severity", Self.severity(d.severity))
        writeCode(d.ruleId, to: &w)
        if let fix = d.fix, let ranges = d.fixByteRanges, ranges.count == fix.edits.count, !ranges.isEmpty {
            w.beginArray("suggestions")
            for (edit, range) in zip(fix.edits, ranges) {
                w.beginObject()
                writeRange(range, to: &w)
                w.string("text", edit.text)
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
    }

    func write(_ p: ProjectDiagnostic, to w: inout JSONWriter) {
        w.beginObject()
        var message = p.message
        if !p.related.isEmpty { message += " (files: \(p.related.joined(separator: ", ")))" }
        if let help = p.help { message += " (help: \(help))" }
        w.string("message", Escape.keepingLineBreaks(message))
        if let first = p.related.first {
            w.beginObject("location")
            w.string("path", first)
            w.endObject()
        }
        w.string("severity", Self.severity(p.severity))
        writeCode(p.ruleId, to: &w)
        if p.related.count > 1 {
            w.beginArray("related_locations")
            for path in p.related.dropFirst() {
                w.beginObject()
                w.string("message", "also part of this finding")
                w.beginObject("location")
                w.string("path", path)
                w.endObject()
                w.endObject()
            }
            w.endArray()
        }
        w.endObject()
    }
}
