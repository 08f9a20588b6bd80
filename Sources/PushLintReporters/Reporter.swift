import PushLintEngine
import PushLintModel

/// Output formats (DESIGN.md §8).
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, junit, sarif, github
}

public struct ReportOptions: Sendable {
    /// ANSI colours (text only).
    public var color: Bool
    public init(color: Bool = false) { self.color = color }
}

/// Turns a lint report into one output format.
public protocol Reporter: Sendable {
    func render(_ report: LintReport) -> String
}

public enum Reporters {
    /// The reporter for a format. Formats without a reporter yet return nil.
    public static func make(_ format: ReportFormat, options: ReportOptions = ReportOptions()) -> (any Reporter)? {
        switch format {
        case .text: return TextReporter(color: options.color)
        case .json: return JSONReporter()
        case .junit, .sarif, .github: return nil
        }
    }

    /// Formats that can be asked for in this build.
    public static var available: [ReportFormat] { ReportFormat.allCases.filter { make($0) != nil } }
}
