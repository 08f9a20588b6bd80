import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules

/// Lints rule examples (`RuleExample`) in memory, with the example's own config and contract.
public enum ExampleLinter {
    public struct Marked {
        /// The example without its `↓` markers.
        public var source: String
        /// Byte offsets (in `source`) where the markers stood.
        public var markers: [Int]
    }

    public static func stripMarkers(_ text: String) -> Marked {
        var bytes: [UInt8] = []
        var markers: [Int] = []
        for character in text {
            if character == RuleExample.marker {
                markers.append(bytes.count)
            } else {
                bytes.append(contentsOf: Array(String(character).utf8))
            }
        }
        return Marked(source: String(decoding: bytes, as: UTF8.self), markers: markers)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where an example's contract is, as findings located in it name it.
    public static let contractPath = "push-contract.json"

    /// The project of an example: its config, its contract (without `↓` markers: contract rules mark where their
    /// findings start in it) and the app's facts.
    public static func project(config: String?, contract: String?, app: AppFacts? = nil) throws -> Project {
        var configuration = Config.defaults
        if let config {
            do {
                configuration = try Config.read(
                    path: ".pushlint.json", bytes: Array(config.utf8), rules: RuleRegistry.descriptions)
            } catch { throw Failure(description: "example config: \(error)") }
        }
        var parsedContract: Contract?
        if let contract {
            do {
                parsedContract = try Contract.read(
                    path: contractPath, bytes: Array(stripMarkers(contract).source.utf8))
            } catch { throw Failure(description: "example contract: \(error)") }
        }
        var project = Project(config: configuration, contract: parsedContract, baseDirectory: "/example")
        if let app {
            let settings = project.settings
            project.settings = LintSettings(
                ruleOptions: settings.ruleOptions, contract: settings.contract, placeholders: settings.placeholders,
                app: app)
        }
        return project
    }

    /// Lints `source` as the example's file and returns the full report.
    public static func lint(
        _ source: String, fileName: String = "example.json", config: String? = nil, contract: String? = nil,
        app: AppFacts? = nil, options: LintOptions = LintOptions(jobs: 1)
    ) throws -> LintReport {
        let engine = Engine(
            project: try project(config: config, contract: contract, app: app), options: options,
            fileSystem: LocalFileSystem())
        return engine.lint(bytes: Array(source.utf8), path: fileName)
    }

    public static func lint(_ example: RuleExample) throws -> (marked: Marked, report: LintReport) {
        let marked = stripMarkers(example.source)
        let report = try lint(
            marked.source, fileName: example.fileName, config: example.config, contract: example.contract,
            app: example.app)
        return (marked, report)
    }

    /// Applies the fixes a rule offers on `before` (one pass, like `--fix`) and returns the result.
    public static func applyFixes(of ruleId: String, _ example: RuleExample, includeUnsafe: Bool = true) throws
        -> String
    {
        let (marked, report) = try lint(example)
        let edits = report.allDiagnostics.filter { $0.ruleId == ruleId }.compactMap(\.fix).filter {
            includeUnsafe || $0.isSafe
        }.flatMap(\.edits)
        let fixed = FixApplier.apply(edits, to: Array(marked.source.utf8)).bytes
        return String(decoding: fixed, as: UTF8.self)
    }
}
