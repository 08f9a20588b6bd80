import PushLintJSON
import PushLintModel

/// Today's findings, recorded so that an old codebase can adopt pushlint without a flag day (`--write-baseline`),
/// then hidden on later runs (`--baseline`). Entries are keyed by path, rule id and JSON pointer with a count,
/// never by line, so reformatting a file does not resurrect them. Paths are relative to the baseline file's
/// folder, made from each file's absolute path (`LintPath.absolute`) with symbolic links resolved on both sides, so
/// the file works from any working directory and through any link to the project.
public struct Baseline: Sendable, Equatable {
    public struct Key: Sendable, Hashable, Comparable {
        /// Relative to the baseline's folder; `""` for project findings.
        public var path: String
        public var ruleId: String
        /// `""` for the whole document; findings in files that do not parse have no pointer and use `""` too.
        public var pointer: String

        public init(path: String, ruleId: String, pointer: String) {
            self.path = path
            self.ruleId = ruleId
            self.pointer = pointer
        }

        public static func < (a: Key, b: Key) -> Bool {
            if a.path != b.path { return ASCIIText.precedesInUTF8(a.path, b.path) }
            if a.ruleId != b.ruleId { return ASCIIText.precedesInUTF8(a.ruleId, b.ruleId) }
            return ASCIIText.precedesInUTF8(a.pointer, b.pointer)
        }
    }

    public var counts: [Key: Int]

    public init(counts: [Key: Int] = [:]) { self.counts = counts }

    public static let version = 1

    /// Maps a linted file's path to the baseline's key path: relative to the baseline's folder.
    public struct PathMapper: Sendable {
        /// The baseline's folder, absolute, with symbolic links resolved.
        let folder: String
        let fileSystem: any FileSystem

        /// - Parameters: baselineFile: the baseline's path as the file system takes it (absolute).
        public init(baselineFile: String, _ fileSystem: any FileSystem) {
            let parent = PathText.parent(baselineFile)
            folder = fileSystem.realPath(parent) ?? PathText.normalize(parent)
            self.fileSystem = fileSystem
        }

        /// The key of the file at `path`: its absolute form with the links of its folder resolved (`resolved` keeps
        /// each folder's, as files come folder by folder), relative to the baseline's folder. The file's own name
        /// stays: a linked file is keyed as named.
        public func key(for path: LintPath, resolved: inout [String: String]) -> String {
            let absolute = path.absolute
            guard let slash = absolute.lastIndex(of: "/") else { return PathText.relative(absolute, to: folder) }
            let parent = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
            let real: String
            if let known = resolved[parent] {
                real = known
            } else {
                real = fileSystem.realPath(parent) ?? parent
                resolved[parent] = real
            }
            return PathText.relative(PathText.join(real, String(absolute[absolute.index(after: slash)...])), to: folder)
        }
    }

    // MARK: Recording

    public static func record(_ report: LintReport, paths: PathMapper) -> Baseline {
        var baseline = Baseline()
        for key in keys(report, paths) { baseline.counts[key.key, default: 0] += 1 }
        return baseline
    }

    /// The keys of every finding of a report, file findings first, in report order.
    static func keys(_ report: LintReport, _ paths: PathMapper) -> [(key: Key, file: Int?, index: Int)] {
        var result: [(Key, Int?, Int)] = []
        var resolved: [String: String] = [:]
        for (f, file) in report.files.enumerated() {
            let path = paths.key(for: file.path, resolved: &resolved)
            for (i, d) in file.diagnostics.enumerated() {
                result.append((Key(path: path, ruleId: d.ruleId, pointer: d.pointer ?? ""), f, i))
            }
        }
        for (i, d) in report.project.enumerated() {
            result.append((Key(path: "", ruleId: d.ruleId, pointer: ""), nil, i))
        }
        return result
    }

    /// Sorted, stable JSON: one entry per line so that a shrinking baseline gives a readable diff.
    public func render() -> String {
        let entries = counts.keys.sorted().map { key -> String in
            "    {\"path\": \(JSONDocument.displayQuoted(key.path)), \"rule\": \(JSONDocument.displayQuoted(key.ruleId)), "
                + "\"pointer\": \(JSONDocument.displayQuoted(key.pointer)), \"count\": \(counts[key] ?? 0)}"
        }
        let body = entries.isEmpty ? "[]" : "[\n" + entries.joined(separator: ",\n") + "\n  ]"
        return "{\n  \"version\": \(Self.version),\n  \"tool\": \"pushlint\",\n  \"entries\": \(body)\n}\n"
    }

    // MARK: Reading

    public static func read(path: String, bytes: [UInt8]) throws(ConfigurationError) -> Baseline {
        let reader = try ConfigReader(path: path, bytes: bytes)
        let doc = reader.document
        let top = try reader.object(doc.root, "the baseline", known: ["version", "tool", "entries"])
        if let v = top["version"], doc.intValue(v) != version {
            throw reader.error(
                v, "baseline version \(doc.rawText(v)) is not supported; this pushlint reads version \(version)",
                hint: "rewrite it with --write-baseline")
        }
        var baseline = Baseline()
        guard let entries = top["entries"] else { throw reader.error(doc.root, "the baseline has no 'entries'") }
        guard doc.kind(entries) == .array else {
            throw reader.error(entries, "'entries' must be an array, found \(doc.typeName(entries))")
        }
        for element in doc.elements(entries) {
            let f = try reader.object(element, "a baseline entry", known: ["path", "rule", "pointer", "count"])
            guard let p = f["path"], let r = f["rule"] else {
                throw reader.error(element, "a baseline entry needs 'path' and 'rule'")
            }
            let key = Key(
                path: try reader.string(p, "'path'"), ruleId: try reader.string(r, "'rule'"),
                pointer: try f["pointer"].map { n throws(ConfigurationError) in try reader.string(n, "'pointer'") }
                    ?? "")
            let count =
                try f["count"].map { n throws(ConfigurationError) in try reader.nonNegativeInteger(n, "'count'") } ?? 1
            baseline.counts[key, default: 0] += count
        }
        return baseline
    }

    // MARK: Applying

    /// The report without the findings the baseline records (up to each entry's count; extra findings of the
    /// same key are new and stay). Entries that no longer match anything are reported as project findings:
    /// info "fixed, prune the baseline", or errors with `strict` (`--strict-baseline`) so the baseline only
    /// shrinks.
    public func apply(to report: LintReport, paths: PathMapper, strict: Bool) -> LintReport {
        var remaining = counts
        var hiddenFile: Set<[Int]> = []
        var hiddenProject: Set<Int> = []
        for entry in Self.keys(report, paths) {
            guard let left = remaining[entry.key], left > 0 else { continue }
            remaining[entry.key] = left - 1
            if let file = entry.file {
                hiddenFile.insert([file, entry.index])
            } else {
                hiddenProject.insert(entry.index)
            }
        }
        var result = report
        for f in result.files.indices {
            result.files[f].diagnostics = report.files[f].diagnostics.enumerated()
                .filter { !hiddenFile.contains([f, $0.offset]) }.map(\.element)
        }
        result.project = report.project.enumerated().filter { !hiddenProject.contains($0.offset) }.map(\.element)
        for key in remaining.keys.sorted() {
            guard let left = remaining[key], left > 0 else { continue }
            let what = left == 1 ? "1 finding" : "\(left) findings"
            let verb = left == 1 ? "occurs" : "occur"
            let place = key.path.isEmpty ? "the project" : key.path + (key.pointer.isEmpty ? "" : " at \(key.pointer)")
            result.project.append(
                ProjectDiagnostic(
                    ruleId: key.ruleId, severity: strict ? .error : .info,
                    message:
                        "\(what) of \(key.ruleId) in \(place) recorded in the baseline no longer \(verb): fixed, prune the baseline",
                    related: key.path.isEmpty ? [] : [key.path],
                    help: "rewrite the baseline with --write-baseline so it only shrinks"))
        }
        return result
    }
}
