import PushLintModel
import PushLintParallel

/// Output formats (DESIGN.md §8).
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, junit, sarif, github, concise, gitlab, checkstyle, rdjson

    /// The format quotes each finding's line (`ResolvedLocation.lineText`); the others do not need it located.
    public var showsLineText: Bool { self == .text }

    /// The format counts columns in UTF-8 bytes (`Diagnostic.byteRange`, `fixByteRanges`): reviewdog's rdjson.
    public var countsBytes: Bool { self == .rdjson }
}

public struct ReportOptions: Sendable {
    /// ANSI colours (text only).
    public var color: Bool
    /// JUnit `timestamp` (`yyyy-MM-ddTHH:mm:ss`, UTC); nil: the time of rendering. Tests fix it for goldens.
    public var timestamp: String?
    /// JUnit `hostname`; nil: this machine's name.
    public var hostname: String?
    /// SARIF `originalUriBaseIds["%SRCROOT%"]`: the absolute directory report paths are relative to (the command
    /// line passes its working directory); nil: none is written.
    public var workingDirectory: String?

    /// Threads a long report is rendered on (`--jobs`); the output does not depend on it.
    public var jobs: Int

    public init(
        color: Bool = false, timestamp: String? = nil, hostname: String? = nil, workingDirectory: String? = nil,
        jobs: Int = 1
    ) {
        self.color = color
        self.timestamp = timestamp
        self.hostname = hostname
        self.workingDirectory = workingDirectory
        self.jobs = jobs
    }
}

/// Turns a lint report into one output format.
public protocol Reporter: Sendable {
    func render(_ report: LintReport) -> String
    /// The same output as UTF-8, for writing: JSON and SARIF build bytes, and a report of a 50 MB batch should
    /// not be held as bytes, then as a String, then as bytes again.
    func renderBytes(_ report: LintReport) -> [UInt8]
}

extension Reporter {
    public func renderBytes(_ report: LintReport) -> [UInt8] { Array(render(report).utf8) }
}

/// Renders a report's files in runs of consecutive files (`workRuns`), on `jobs` threads, in order; a short report
/// in one run on this thread. A report of 10 000 small files is then 157 parts to allocate, fill and join rather
/// than 10 000.
func renderRuns<Part: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Range<Int>) -> Part) -> [Part] {
    let runs = workRuns(count, jobs: jobs)
    return parallelMap(runs.count, jobs: jobs) { body(runs[$0]) }
}

public enum Reporters {
    /// The reporter for a format.
    public static func make(_ format: ReportFormat, options: ReportOptions = ReportOptions()) -> any Reporter {
        switch format {
        case .text: return TextReporter(color: options.color, jobs: options.jobs)
        case .json: return JSONReporter(jobs: options.jobs)
        case .junit: return JUnitReporter(timestamp: options.timestamp, hostname: options.hostname)
        case .sarif: return SARIFReporter(workingDirectory: options.workingDirectory)
        case .github: return GitHubReporter()
        case .concise: return ConciseReporter()
        case .gitlab: return GitLabReporter()
        case .checkstyle: return CheckstyleReporter()
        case .rdjson: return RDJSONReporter()
        }
    }

}
