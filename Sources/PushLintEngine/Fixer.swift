import Dispatch
import PushLintJSON
import PushLintModel
import PushLintParallel
import Synchronization

/// What `--fix` / `--fix-dry-run` may apply.
public struct FixOptions: Sendable {
    /// Also apply fixes their rules mark unsafe (`--unsafe-fixes`).
    public var includeUnsafe: Bool
    /// Write the fixed files (`--fix`); false computes the result only (`--fix-dry-run`).
    public var write: Bool
    /// Passes of fix, re-parse and re-lint before giving up on reaching a fixed point.
    public var maxPasses: Int

    public init(includeUnsafe: Bool = false, write: Bool = true, maxPasses: Int = 10) {
        self.includeUnsafe = includeUnsafe
        self.write = write
        self.maxPasses = maxPasses
    }
}

/// The outcome of fixing one file.
public struct FileFix: Sendable {
    /// The file, as discovery found it (`absolute` is what is written).
    public var path: LintPath
    public var original: [UInt8]
    /// The fixed text; equal to `original` when nothing applied or the file was left alone.
    public var fixed: [UInt8]
    /// Fixes applied over all passes.
    public var appliedFixes: Int
    public var passes: Int
    /// Why the file was left unchanged although fixes were available (the result did not parse, or could not
    /// be written).
    public var problem: String?
    /// True when `fixed` was written to disk.
    public var written: Bool

    public var changed: Bool { fixed != original }
}

/// A fix run: the report of what is left after fixing, and what happened to each file.
public struct FixRun: Sendable {
    public var report: LintReport
    /// Files that had applicable fixes, in path order.
    public var files: [FileFix]

    public var changedFiles: [FileFix] { files.filter(\.changed) }
    public var appliedFixes: Int { files.filter(\.changed).reduce(0) { $0 + $1.appliedFixes } }
}

extension Engine {
    /// Fixes targets (DESIGN.md §7): in each pass the applicable fixes of the file's findings are
    /// applied as byte-range edits on the current text (whole fixes only, never overlapping), the result is
    /// re-parsed and re-linted, until no fix applies or `maxPasses` passes ran. A result that does not parse is
    /// never written: the file is left alone and its fixable findings say why. Writes are atomic and keep the
    /// file mode (`FileSystem.writeAtomically`).
    public func fix(_ targets: [LintTarget], options fixOptions: FixOptions) -> FixRun {
        let all = parallelMap(targets.count, jobs: options.jobs) { fixFile(targets[$0], fixOptions) }
        var files = all.compactMap(\.1)
        files.sort { ASCIIText.precedesInUTF8($0.path.display, $1.path.display) }
        return FixRun(report: finish(all.map(\.0)), files: files)
    }

    func isApplicable(_ fix: Fix?, _ options: FixOptions) -> Bool {
        guard let fix, !fix.edits.isEmpty else { return false }
        return fix.isSafe || options.includeUnsafe
    }

    func fixFile(_ target: LintTarget, _ fixOptions: FixOptions) -> (FileOutcome, FileFix?) {
        // A JSON Lines log is what was sent: it is linted, never rewritten.
        if Self.isJSONLines(target.path.absolute) { return (lintFile(target), nil) }
        let read = fileSystem.read(target.path.absolute, limit: options.maxFileBytes)
        guard case .bytes(let original) = read else { return (lint(bytes: read, target: target), nil) }
        let first = lint(bytes: read, target: target)
        var outcome = first
        var current = original
        var applied = 0
        var passes = 0
        var problem: String?
        while passes < fixOptions.maxPasses {
            let diagnostics = outcome.report?.diagnostics ?? []
            let fixes = diagnostics.compactMap(\.fix).filter { isApplicable($0, fixOptions) }
            if fixes.isEmpty { break }
            let step = FixApplier.apply(fixes: fixes, to: current)
            if step.applied.isEmpty || step.bytes == current { break }
            passes += 1
            let parsed = JSONParser.parse(step.bytes, options: parseOptions(for: target))
            if parsed.document == nil {
                problem = Self.unparsable(parsed, step.bytes, fixedBy: diagnostics, applied: step.applied)
                break
            }
            applied += step.applied.count
            current = step.bytes
            outcome = lint(bytes: .bytes(current), target: target)
        }
        guard passes > 0 else { return (first, nil) }
        var result = FileFix(
            path: target.path, original: original, fixed: current,
            appliedFixes: applied, passes: passes, problem: problem, written: false)
        if problem == nil, fixOptions.write, result.changed {
            do {
                try fileSystem.writeAtomically(target.path.absolute, current)
                result.written = true
            } catch {
                result.problem = "cannot write the fixed file: \(error.message)"
            }
        }
        if let why = result.problem {
            // Left alone: report the findings of the text on disk, and say on each fixable one why it stays.
            result.fixed = original
            result.appliedFixes = 0
            outcome = leftAlone(first, why: why, fixOptions)
        }
        return (outcome, result)
    }

    /// Why fixed text does not parse: which rules' fixes gave it, and where it breaks.
    static func unparsable(
        _ parsed: JSONParseResult, _ bytes: [UInt8], fixedBy diagnostics: [Diagnostic], applied: [Fix]
    )
        -> String
    {
        let rules = Set(diagnostics.filter { d in d.fix.map { applied.contains($0) } ?? false }.map(\.ruleId))
        let error =
            parsed.error.map { e -> String in
                let position = LineIndex(bytes).position(of: e.offset)
                return "\(e.message) at line \(position.line), column \(position.column)"
            } ?? "a syntax error"
        return "the fixes of \(rules.sorted().joined(separator: ", ")) give text that does not parse (\(error))"
    }

    /// The outcome of a file left unchanged, each fixable finding saying why it was not fixed.
    func leftAlone(_ outcome: FileOutcome, why: String, _ fixOptions: FixOptions) -> FileOutcome {
        var outcome = outcome
        if var report = outcome.report {
            for index in report.diagnostics.indices where isApplicable(report.diagnostics[index].fix, fixOptions) {
                let help = report.diagnostics[index].help.map { $0 + "; " } ?? ""
                report.diagnostics[index].help = help + "not fixed: \(why), so the file was left unchanged"
            }
            outcome.report = report
        }
        return outcome
    }

    func parseOptions(for target: LintTarget) -> JSONParseOptions {
        let config = project.config
        let mode: JSONParseOptions.Mode =
            config.isTemplate(target.path.configRelative)
            ? .template(open: config.placeholders.open, close: config.placeholders.close) : .strict
        return JSONParseOptions(mode: mode, maxDepth: 512, maxBytes: options.maxFileBytes)
    }
}
