import PushLintJSON
import PushLintModel
import Synchronization

/// What linting a JSON Lines stream found, besides the findings the report shows: lines, lines that were not
/// JSON, and for each rule how many findings and the lines of the first ones (the report keeps the first
/// `--max-findings-per-rule` of each rule, so that a log of millions of messages reports in bounded memory).
public struct StreamSummary: Sendable, Equatable {
    public struct RuleCount: Sendable, Equatable {
        public var ruleId: String
        public var count: Int
        /// The lines of the first findings (up to 5).
        public var firstLines: [Int]
        /// How many of them the report shows.
        public var shown: Int
    }

    public var path: String
    public var lines: Int
    /// Lines with a `json-syntax` finding (truncated, blank, not JSON).
    public var notJSON: Int
    /// Lines over the per-line limit (`json-limit`, not parsed).
    public var oversize: Int
    /// Most findings first (ties by id).
    public var rules: [RuleCount]
}

/// Reads a stream chunk by chunk, in order, never holding more than one: why reading stopped when it failed, nil
/// at the end.
public typealias ChunkReader = @Sendable (_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> String?

/// Every stream summary of a run, gathered from the workers.
final class StreamSummaryCollector: Sendable {
    private let summaries = Mutex<[StreamSummary]>([])
    func add(_ summary: StreamSummary) { summaries.withLock { $0.append(summary) } }
    var all: [StreamSummary] { summaries.withLock { $0 }.sorted { ASCIIText.precedesInUTF8($0.path, $1.path) } }
}

extension Engine {
    /// JSON Lines: one payload per line.
    public static func isJSONLines(_ path: String) -> Bool { path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson") }

    /// How many findings of each rule a JSON Lines report keeps, unless `--max-findings-per-rule` says.
    public static let defaultMaxFindingsPerRule = 100

    /// Lints JSON Lines held in memory (the library, the fuzz target); a file is streamed by `lint(paths:)`.
    public func lint(jsonLines bytes: [UInt8], path: String) -> LintReport {
        let target = LintTarget(path: LintPath(named: path), isExplicit: true)
        return finish([
            lintStream(target) { sink in
                bytes.withUnsafeBufferPointer { all in
                    var start = 0
                    // In pieces, as a file is read: lines cross their edges.
                    while start < all.count {
                        let end = min(all.count, start + (1 << 16))
                        sink(UnsafeBufferPointer(rebasing: all[start..<end]))
                        start = end
                    }
                }
                return nil
            }
        ])
    }

    /// Lints a stream that is no file (standard input) as JSON Lines, read in chunks through `read`, at a path made
    /// for it (`Discovery.standardInput(named:)`).
    public func lint(jsonLines read: ChunkReader, at path: LintPath) -> LintReport {
        finish([lintStream(LintTarget(path: path, isExplicit: true), read: read)])
    }

    /// Lints the JSON Lines an editor holds for the file at `absolutePath` (the language server), as
    /// `lint(editorText:absolutePath:displayPath:)` does one JSON text: a log the walk skips gives an empty report,
    /// and one the walk finds without a specific glob is linted only when a line is a payload.
    public func lint(editorJSONLines read: ChunkReader, absolutePath: String, displayPath: String) -> LintReport {
        guard let target = editorTarget(absolutePath: absolutePath, displayPath: displayPath) else {
            return finish([], checksContract: false)
        }
        return finish([lintStream(target, read: read)], checksContract: false)
    }

    /// The stream summaries of the runs of this engine so far.
    public var streamSummaries: [StreamSummary] { streams.all }

    /// Reads the stream through `read` (which hands over chunks and returns why it failed, if it did), lints
    /// batches of lines on `--jobs` threads, and keeps of the findings only the first of each rule, with counts.
    /// Payload summaries for the project rules are merged when equal, so their number follows the kinds of
    /// messages, not the lines.
    func lintStream(_ target: LintTarget, read: (_ sink: (UnsafeBufferPointer<UInt8>) -> Void) -> String?)
        -> FileOutcome
    {
        var splitter = JSONLinesSplitter(maxLineBytes: options.maxFileBytes)
        var state = StreamState(
            path: target.path.display, maxPerRule: options.maxFindingsPerRule ?? Self.defaultMaxFindingsPerRule)
        var pending: [JSONLinesSplitter.Line] = []
        var pendingBytes = 0
        let engine = {
            var engine = self
            engine.isJSONLinesLine = true
            return engine
        }()
        func flush() {
            guard !pending.isEmpty else { return }
            let lines = pending
            let slices = workSlices(lines.count, jobs: options.jobs, size: 32) ?? [0..<lines.count]
            let outcomes = parallelMap(slices.count, jobs: options.jobs) { part in
                slices[part].map { index -> FileOutcome in
                    let line = lines[index]
                    return engine.lint(
                        bytes: line.oversize.map { .tooLarge(size: $0) } ?? .bytes(line.bytes), target: target)
                }
            }
            var index = 0
            for part in outcomes {
                for outcome in part {
                    state.add(outcome, line: lines[index].number)
                    index += 1
                }
            }
            pending.removeAll(keepingCapacity: true)
            pendingBytes = 0
        }
        func take(_ line: JSONLinesSplitter.Line) {
            pending.append(line)
            pendingBytes += line.bytes.count + 64
            if pending.count >= 4096 || pendingBytes >= 8 << 20 { flush() }
        }
        let failure = read { chunk in splitter.feed(chunk, take) }
        splitter.finish(take)
        flush()
        if let failure, state.lines == 0 {
            return lint(bytes: .failed(failure), target: target)
        }
        // A walked log of which no line is a payload is no push log: skipped without a word (docs/discovery.md).
        guard state.kind != nil || target.isExplicit else { return FileOutcome(report: nil, summaries: []) }
        streams.add(state.summary)
        let report = FileReport(
            path: target.path, kind: state.kind, wireBytes: state.largest?.bytes,
            wireLimit: state.largest?.limit,
            diagnostics: state.kept)
        return FileOutcome(report: report, summaries: state.summaries)
    }
}

/// The running totals of one stream.
struct StreamState {
    let path: String
    let maxPerRule: Int
    var lines = 0
    /// Lines that were linted (not skipped as no payload, in a walked file).
    var linted = 0
    var notJSON = 0
    var oversize = 0
    var kind: PayloadKind?
    var largest: (bytes: Int, limit: Int)?
    var kept: [Diagnostic] = []
    var counts: [String: (count: Int, firstLines: [Int], shown: Int)] = [:]
    var summaries: [PayloadSummary] = []
    /// Equal summaries (but for the line and the wire size) are one, with a count.
    var summaryIndex: [PayloadSummary: Int] = [:]

    init(path: String, maxPerRule: Int) {
        self.path = path
        self.maxPerRule = maxPerRule
    }

    mutating func add(_ outcome: FileOutcome, line: Int) {
        lines = max(lines, line)
        guard let report = outcome.report else { return }
        linted += 1
        if kind == nil { kind = report.kind }
        if let bytes = report.wireBytes, let limit = report.wireLimit, bytes > (largest?.bytes ?? -1) {
            largest = (bytes, limit)
        }
        var sawSyntax = false
        var sawLimit = false
        for var diagnostic in report.diagnostics {
            if let location = diagnostic.location {
                var moved = location
                moved.line = line + location.line - 1
                moved.endLine = line + location.endLine - 1
                diagnostic.location = moved
            }
            let id = diagnostic.ruleId
            if id == "json-syntax" { sawSyntax = true }
            if id == "json-limit" { sawLimit = true }
            var entry = counts[id] ?? (0, [], 0)
            entry.count += 1
            if entry.firstLines.count < 5, entry.firstLines.last != line { entry.firstLines.append(line) }
            if entry.shown < maxPerRule {
                entry.shown += 1
                kept.append(diagnostic)
            }
            counts[id] = entry
        }
        if sawSyntax { notJSON += 1 }
        if sawLimit && report.diagnostics.count == 1 { oversize += 1 }
        for var summary in outcome.summaries {
            summary.batchIndex = line
            var key = summary
            key.batchIndex = nil
            key.wireBytes = 0
            if let index = summaryIndex[key] {
                summaries[index].count += 1
                summaries[index].wireBytes = max(summaries[index].wireBytes, summary.wireBytes)
            } else if summaryIndex.count < Self.maxExactSummaries {
                summaryIndex[key] = summaries.count
                summaries.append(summary)
            } else {
                addCoarsely(summary)
            }
        }
    }

    /// Distinct summaries a stream keeps exactly; past them (a log whose every message has its own collapse key or
    /// custom field) new kinds of messages are merged coarsely, so that memory stays bounded whatever the values.
    static let maxExactSummaries = 1024
    /// Distinct collapse keys a stream keeps by name: more than a device's 4 already make fcm-collapse-key-limit's
    /// finding, and it shows 10. Past them a new key is counted as the first one.
    static let maxCollapseKeys = 64
    var collapseKeys: [String] = []
    var collapseKeySet: Set<String> = []
    var coarseIndex: [PayloadSummary: Int] = [:]

    /// Merges `summary` with the others of its kind, event and platforms, whatever its custom fields: their
    /// fields are intersected, which keeps what every message of the kind carries (the fields
    /// contract-platform-parity compares) exact.
    mutating func addCoarsely(_ summary: PayloadSummary) {
        var summary = summary
        if let collapseKey = summary.collapseKey, !collapseKeySet.contains(collapseKey) {
            if collapseKeys.count < Self.maxCollapseKeys {
                collapseKeys.append(collapseKey)
                collapseKeySet.insert(collapseKey)
            } else {
                summary.collapseKey = collapseKeys[0]
            }
        }
        var key = summary
        key.batchIndex = nil
        key.wireBytes = 0
        key.fieldsByPlatform = [:]
        guard let index = coarseIndex[key] else {
            coarseIndex[key] = summaries.count
            summaries.append(summary)
            return
        }
        summaries[index].count += 1
        summaries[index].wireBytes = max(summaries[index].wireBytes, summary.wireBytes)
        var fields = summaries[index].fieldsByPlatform
        for (platform, names) in fields {
            let other = Set(summary.fieldsByPlatform[platform] ?? [])
            fields[platform] = names.filter { other.contains($0) }
        }
        summaries[index].fieldsByPlatform = fields
    }

    var summary: StreamSummary {
        let rules = counts.map {
            StreamSummary.RuleCount(
                ruleId: $0.key, count: $0.value.count, firstLines: $0.value.firstLines, shown: $0.value.shown)
        }
        .sorted { ($0.count, $1.ruleId) > ($1.count, $0.ruleId) }
        return StreamSummary(path: path, lines: lines, notJSON: notJSON, oversize: oversize, rules: rules)
    }
}
