/// What linting one file produced.
public struct FileReport: Sendable {
    /// The file, as discovery found it; its findings are in it (they carry no path of their own).
    public var path: LintPath
    /// The payload kind; for a batch, the kind of its first payload.
    public var kind: PayloadKind?
    /// Largest wire size among the file's payloads (what the provider counts, DESIGN.md §3).
    public var wireBytes: Int?
    /// The limit that goes with `wireBytes`.
    public var wireLimit: Int?
    public var diagnostics: [Diagnostic]

    public init(path: LintPath, kind: PayloadKind?, wireBytes: Int?, wireLimit: Int?, diagnostics: [Diagnostic]) {
        self.path = path
        self.kind = kind
        self.wireBytes = wireBytes
        self.wireLimit = wireLimit
        self.diagnostics = diagnostics
    }
}

/// The result of a run.
public struct LintReport: Sendable {
    /// Linted files, sorted by displayed path.
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

    /// How many findings, of the files and of the project, have this severity. Counted in place: filtering would
    /// copy every finding (a reference count on each of its strings), and a JSON report counts three severities.
    public func count(_ severity: Severity) -> Int {
        var count = 0
        for file in files {
            let diagnostics = file.diagnostics
            for index in diagnostics.indices where diagnostics[index].severity == severity { count += 1 }
        }
        for index in project.indices where project[index].severity == severity { count += 1 }
        return count
    }

    /// No finding at all, neither in a file nor about the project.
    public var isClean: Bool { project.isEmpty && files.allSatisfy { $0.diagnostics.isEmpty } }
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
