import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintReporters

/// The fixed inputs of the golden files: reports built directly (not by linting), so the goldens depend on the
/// reporters only, and rule descriptions of their own, so edits to real rules never churn them.
enum ReportFixtures {
    /// Fixed values for what a report would otherwise take from the machine.
    static let options = ReportOptions(
        color: false, timestamp: "2026-01-02T03:04:05", hostname: "ci-host", workingDirectory: "/work/project")

    /// Everything a hostile payload or file name can put into a message: XML markup and quotes, the annotation
    /// escapes (`%`, `:`, `,`, `::`), text that already looks escaped, LF/CR/CRLF, tab, ESC, NUL, a character
    /// XML forbids (U+FFFF), DEL, a C1 control, a bidi override, non-ASCII letters, a combining mark and an emoji.
    static let hostile =
        "key \"a<b>&c\" is 100% 'odd': a::b, c=d; literal %0A and &amp; stay\nline 2\r\nline 3\rend \t tab \u{1B}[31mred\u{1B}[0m nul\u{0} ffff\u{FFFF} del\u{7F} c1\u{85} rtl\u{202E}txt Grüße 通知 e\u{301} 🚀"

    static let hostilePath = "push/we\"ird <&> dir/a,b:c%20 100%.json"
    static let unicodePath = "push/ünïcode/通知 🚀.json"

    static let quotedValue = RuleDescription(
        id: "fixture-quoted-value", summary: "A value needs quotes <here> & \"there\".", family: .content,
        defaultSeverity: .error,
        rationale:
            "Providers read `data` values as strings (see **FCM** `Message.data`); 100% of numbers are rejected.",
        triggering: [RuleExample("{\"message\": {\"data\": {\"n\": ↓3}}}")],
        corrections: [
            RuleCorrection("{\"message\": {\"data\": {\"n\": 3}}}", "{\"message\": {\"data\": {\"n\": \"3\"}}}")
        ])
    static let multiline = RuleDescription(
        id: "fixture-multiline", summary: "A finding that spans lines.", family: .apns, defaultSeverity: .warning,
        rationale: "Spans several lines: columns are only meaningful on one line.")
    static let note = RuleDescription(
        id: "fixture-info", summary: "An informational finding.", family: .fcm, defaultSeverity: .info,
        rationale: "Info level becomes a SARIF note and a GitHub notice.")
    static let unreadable = RuleDescription(
        id: "fixture-unreadable", summary: "A finding without a position.", family: .json, defaultSeverity: .error,
        rationale: "The file could not be read, so there is no line.")
    static let projectRule = FixtureProjectRule().description

    /// A project rule of the fixtures' own: its description's scope comes from the protocol it adopts.
    struct FixtureProjectRule: ProjectRule {
        static let description = RuleDescription(
            id: "fixture-project", summary: "A finding about several files together.", family: .priority,
            defaultSeverity: .warning, rationale: "Looks at every payload at once.")
        func checkProject(_ project: ProjectContext) -> [ProjectDiagnostic] { [] }
    }

    static let rules = [quotedValue, multiline, note, unreadable, projectRule]

    /// A file of the fixtures' project, as discovery makes its path from the working directory `/project`.
    static func path(_ display: String) -> LintPath {
        LintPath(display: display, absolute: "/project/" + display, configRelative: display)
    }

    static func diagnostic(
        _ rule: RuleDescription, _ message: String, span: ByteSpan, pointer: String?,
        location: ResolvedLocation?, severity: Severity? = nil, help: String? = nil, fix: Fix? = nil,
        bytes: LineByteRange? = nil, fixBytes: [LineByteRange]? = nil
    ) -> Diagnostic {
        var d = Diagnostic(
            ruleId: rule.id, severity: severity ?? rule.defaultSeverity, message: message, span: span, pointer: pointer,
            help: help,
            fix: fix)
        d.location = location
        // What the engine fills in for the byte-counting formats (rdjson); on an ASCII line the same columns.
        d.byteRange =
            bytes
            ?? location.map {
                LineByteRange(startLine: $0.line, startColumn: $0.column, endLine: $0.endLine, endColumn: $0.endColumn)
            }
        d.fixByteRanges = fixBytes
        return d
    }

    /// Findings of every severity, with and without fix, on one line and across lines, in hostile and
    /// non-ASCII paths; a clean file; an unreadable file; a project finding.
    static var findings: LintReport {
        let hostileFile = FileReport(
            path: path(hostilePath), kind: .fcm, wireBytes: 120, wireLimit: 4096,
            diagnostics: [
                diagnostic(
                    quotedValue, "data value must be a string, found number \(hostile)",
                    span: ByteSpan(40, 41),
                    pointer: "/message/data/a~1b~0c",
                    location: ResolvedLocation(
                        line: 3, column: 14, endLine: 3, endColumn: 15, lineText: "    \"a/b~c\": 3,"),
                    help: "write \"3\" <quoted> & done: 100%",
                    fix: Fix(edits: [TextEdit(offset: 40, length: 1, text: "\"3\" <&> 通知")], isSafe: true),
                    fixBytes: [LineByteRange(startLine: 3, startColumn: 14, endLine: 3, endColumn: 15)]),
                diagnostic(
                    multiline, "object spans lines: \(hostile)", span: ByteSpan(10, 60),
                    pointer: "/message",
                    location: ResolvedLocation(
                        line: 2, column: 3, endLine: 5, endColumn: 4, lineText: "  \"message\": {")),
                diagnostic(
                    note, "just so you know, \"x\" < y", span: ByteSpan(0, 0), pointer: "",
                    location: ResolvedLocation(line: 1, column: 1, endLine: 1, endColumn: 1, lineText: "{"),
                    help: "nothing to do"),
            ])
        let unicodeFile = FileReport(
            path: path(unicodePath), kind: .apns, wireBytes: 64, wireLimit: 4096,
            diagnostics: [
                diagnostic(
                    quotedValue, "Grüße: \"通知\" 🚀 needs quotes", span: ByteSpan(20, 22),
                    pointer: "/aps/通知",
                    location: ResolvedLocation(
                        line: 1, column: 20, endLine: 1, endColumn: 22, lineText: "{\"aps\": {\"通知\": 🚀1, \"é\": 2}}"),
                    fix: Fix(edits: [TextEdit(offset: 20, length: 1, text: "\"1\"")], isSafe: false),
                    // Columns 20..<22 in scalars are 27..<29 in UTF-8 bytes: 通 and 知 take 3 bytes each, 🚀 4.
                    bytes: LineByteRange(startLine: 1, startColumn: 27, endLine: 1, endColumn: 29),
                    fixBytes: [LineByteRange(startLine: 1, startColumn: 27, endLine: 1, endColumn: 28)])
            ])
        let unreadableFile = FileReport(
            path: path("push/locked.json"), kind: nil, wireBytes: nil, wireLimit: nil,
            diagnostics: [
                diagnostic(
                    unreadable, "cannot read the file: permission denied",
                    span: ByteSpan(0, 0), pointer: nil, location: nil)
            ])
        let clean = FileReport(path: path("push/ok.json"), kind: .expo, wireBytes: 42, wireLimit: 4096, diagnostics: [])
        let project = ProjectDiagnostic(
            ruleId: projectRule.id, severity: .warning,
            message: "3 of 4 templates are sent at high priority: \(hostile)",
            related: [hostilePath, unicodePath, "push/ok.json"], help: "send promotions at \"normal\" priority, 100%")
        return LintReport(
            files: [clean, unreadableFile, hostileFile, unicodeFile].sorted { $0.path.display < $1.path.display },
            skipped: 2,
            project: [project], rules: rules)
    }

    /// A run without findings.
    static var clean: LintReport {
        LintReport(
            files: [
                FileReport(path: path("push/a.json"), kind: .apns, wireBytes: 80, wireLimit: 4096, diagnostics: []),
                FileReport(path: path("push/b.json"), kind: .fcm, wireBytes: 90, wireLimit: 4096, diagnostics: []),
            ], skipped: 0, project: [], rules: rules)
    }

    /// Nothing linted at all.
    static var empty: LintReport { LintReport(files: [], skipped: 0, project: [], rules: []) }

    static let all: [(name: String, report: LintReport)] = [("findings", findings), ("clean", clean), ("empty", empty)]
}
