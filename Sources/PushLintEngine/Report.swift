import PushLintModel

/// What linting one file produced.
public struct FileReport: Sendable {
    public var path: String
    /// The payload kind; for a batch, the kind of its first payload.
    public var kind: PayloadKind?
    /// Largest wire size among the file's payloads (what the provider counts, DESIGN.md §3).
    public var wireBytes: Int?
    /// The limit that goes with `wireBytes`.
    public var wireLimit: Int?
    public var diagnostics: [Diagnostic]

    public init(path: String, kind: PayloadKind?, wireBytes: Int?, wireLimit: Int?, diagnostics: [Diagnostic]) {
        self.path = path
        self.kind = kind
        self.wireBytes = wireBytes
        self.wireLimit = wireLimit
        self.diagnostics = diagnostics
    }
}

/// The result of a run.
public struct LintReport: Sendable {
    /// Linted files, sorted by path.
    public var files: [FileReport]
    /// Files found by walking that parsed but are no payload.
    public var skipped: Int
    public var project: [ProjectDiagnostic]
    /// Every rule that was enabled in this run.
    public var rules: [RuleDescription]

    public init(files: [FileReport], skipped: Int, project: [ProjectDiagnostic], rules: [RuleDescription]) {
        self.files = files
        self.skipped = skipped
        self.project = project
        self.rules = rules
    }

    public var allDiagnostics: [Diagnostic] { files.flatMap(\.diagnostics) }

    public func count(_ severity: Severity) -> Int {
        files.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == severity }.count }
            + project.filter { $0.severity == severity }.count
    }
}

extension LintReport {
    /// The report with errors only (`--quiet`).
    public func onlyErrors() -> LintReport {
        var copy = self
        copy.files = files.map { file in
            var f = file
            f.diagnostics = file.diagnostics.filter { $0.severity == .error }
            return f
        }
        copy.project = project.filter { $0.severity == .error }
        return copy
    }
}
