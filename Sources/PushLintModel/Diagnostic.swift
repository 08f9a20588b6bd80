import PushLintJSON

/// How serious a finding is. Ordered: `info < warning < error`.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case info, warning, error

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
}

/// One byte-range replacement on the original text of a file.
public struct TextEdit: Sendable, Hashable, Codable {
    public var offset: Int
    public var length: Int
    public var text: String
    public init(offset: Int, length: Int, text: String) {
        self.offset = offset
        self.length = length
        self.text = text
    }
    public init(replacing span: ByteSpan, with text: String) {
        self.init(offset: span.start, length: span.length, text: text)
    }
}

/// Edits that correct a finding. Safe fixes keep the meaning the author evidently wanted and are applied by
/// `--fix`; unsafe ones need `--unsafe-fixes`.
public struct Fix: Sendable, Hashable, Codable {
    public var edits: [TextEdit]
    public var isSafe: Bool
    public init(edits: [TextEdit], isSafe: Bool = true) {
        self.edits = edits
        self.isSafe = isSafe
    }
}

/// Where a finding is, in a form every reporter can use: 1-based lines, columns in Unicode scalars.
public struct ResolvedLocation: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int
    /// The text of the first line, for code frames; of a long line (a minified payload) only an excerpt around
    /// the finding.
    public var lineText: String
    /// The column at which `lineText` starts (1 unless the line was cut).
    public var lineTextColumn: Int
    public init(line: Int, column: Int, endLine: Int, endColumn: Int, lineText: String, lineTextColumn: Int = 1) {
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.lineText = lineText
        self.lineTextColumn = lineTextColumn
    }
}

/// A range as lines and UTF-8 byte columns (1-based; the end is exclusive), for formats that count columns in bytes
/// (reviewdog's rdjson). `ResolvedLocation` counts Unicode scalars, as editors and SARIF do.
public struct LineByteRange: Sendable, Hashable, Codable {
    public var startLine: Int
    public var startColumn: Int
    public var endLine: Int
    public var endColumn: Int
    public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }
}

/// A finding.
public struct Diagnostic: Sendable, Hashable {
    public var ruleId: String
    public var severity: Severity
    /// One sentence: what is wrong and why it matters.
    public var message: String
    /// Byte range in the file.
    public var span: ByteSpan
    /// RFC 6901 pointer of the offending value ("" for the whole document, nil when the file did not parse).
    public var pointer: String?
    /// What to write instead.
    public var help: String?
    public var fix: Fix?
    /// Filled in by the engine. The file is the `FileReport`'s that holds the finding.
    public var location: ResolvedLocation?
    /// Filled in by the engine when a report counts columns in bytes (`LintOptions.byteRanges`): the finding's
    /// range, and the range of each edit of `fix`, in the same order.
    public var byteRange: LineByteRange?
    public var fixByteRanges: [LineByteRange]?

    public init(
        ruleId: String, severity: Severity, message: String, span: ByteSpan, pointer: String?, help: String? = nil,
        fix: Fix? = nil
    ) {
        self.ruleId = ruleId
        self.severity = severity
        self.message = message
        self.span = span
        self.pointer = pointer
        self.help = help
        self.fix = fix
    }
}

/// A finding about the set of templates rather than one file (`priority-high-ratio`, ...).
public struct ProjectDiagnostic: Sendable, Hashable {
    public var ruleId: String
    public var severity: Severity
    public var message: String
    /// The files behind the finding, relative paths.
    public var related: [String]
    public var help: String?
    public init(ruleId: String, severity: Severity, message: String, related: [String], help: String? = nil) {
        self.ruleId = ruleId
        self.severity = severity
        self.message = message
        self.related = related
        self.help = help
    }
}
