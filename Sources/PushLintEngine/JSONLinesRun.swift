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

    /// Bytes of lines a worker lints in one go: large enough that handing work over costs nothing next to it, small
    /// enough that the chunks in flight (`streamWindow`) keep memory bounded.
    static let streamChunkBytes = 1 << 20

    /// Reads the stream through `read` (which hands over chunks and returns why it failed, if it did), cuts it into
    /// chunks of whole lines, lints the chunks on `--jobs` workers while reading goes on, and merges their totals in
    /// input order (`StreamState.merge`), so the result is the one a line-by-line pass gives. Of the findings it
    /// keeps only the first of each rule, with counts; payload summaries for the project rules are merged when
    /// equal, so their number follows the kinds of messages, not the lines.
    func lintStream(_ target: LintTarget, read: (_ sink: (UnsafeBufferPointer<UInt8>) -> Void) -> String?)
        -> FileOutcome
    {
        let maxPerRule = options.maxFindingsPerRule ?? Self.defaultMaxFindingsPerRule
        var state = StreamState(path: target.path.display, maxPerRule: maxPerRule)
        let lineEngine = {
            var engine = self
            engine.isJSONLinesLine = true
            return engine
        }()
        // What the config says about the stream's path is decided once, not for every line.
        let plan = lineEngine.plan(target)
        let jobs = min(options.jobs, Self.activeProcessors)
        var failure: String?
        orderedMap(
            jobs: jobs, window: 2 * jobs + 2,
            produce: { submit in
                failure = withoutActuallyEscaping(submit) { submit in
                    var splitter = JSONLinesSplitter(maxLineBytes: options.maxFileBytes)
                    var chunk: [JSONLinesSplitter.Line] = []
                    var chunkBytes = 0
                    func take(_ line: JSONLinesSplitter.Line) {
                        chunk.append(line)
                        chunkBytes += line.bytes.count + 64
                        guard chunkBytes >= Self.streamChunkBytes else { return }
                        submit(chunk)
                        chunk = []
                        chunkBytes = 0
                    }
                    let failure = read { bytes in splitter.feed(bytes, take) }
                    splitter.finish(take)
                    if !chunk.isEmpty { submit(chunk) }
                    return failure
                }
            },
            { lines in lineEngine.lintLines(lines, plan: plan, maxPerRule: maxPerRule) },
            consume: { state.merge($0) })
        if let failure, state.lines == 0 {
            return lint(bytes: .failed(failure), target: target)
        }
        // A walked log of which no line is a payload is no push log: skipped without a word (docs/discovery.md).
        guard state.totals.kind != nil || target.isExplicit else { return FileOutcome(report: nil, summaries: []) }
        streams.add(state.summary)
        let report = FileReport(
            path: target.path, kind: state.totals.kind, wireBytes: state.totals.largest?.bytes,
            wireLimit: state.totals.largest?.limit, diagnostics: state.tally.kept)
        return FileOutcome(report: report, summaries: state.summaries)
    }

    /// Lints a chunk of a stream's lines, one by one, into the chunk's totals.
    func lintLines(_ lines: [JSONLinesSplitter.Line], plan: FilePlan, maxPerRule: Int) -> StreamPart {
        var part = StreamPart(maxPerRule: maxPerRule)
        for line in lines {
            let outcome = lint(line.oversize.map { .tooLarge(size: $0) } ?? .bytes(line.bytes), plan: plan)
            part.add(outcome, line: line.number)
        }
        return part
    }
}

/// What a chunk of consecutive lines found, gathered on its worker: each rule's first findings (no more than a
/// stream keeps), counts, and equal payload summaries once, in the order they first came. `StreamState.merge`
/// adds chunks in order to the totals a line-by-line pass gives.
struct StreamPart: Sendable {
    var lastLine = 0
    var totals = LineTotals()
    /// In line order, each rule's first `maxPerRule` only: a stream never shows more of a rule.
    var tally: RuleTally
    /// A summary with its line (the first that gave it), the largest wire size and how many later lines gave it.
    var groups: [(summary: PayloadSummary, more: Int)] = []
    var groupIndex: [PayloadSummary: Int] = [:]

    init(maxPerRule: Int) { tally = RuleTally(maxPerRule: maxPerRule) }

    mutating func add(_ outcome: FileOutcome, line: Int) {
        lastLine = max(lastLine, line)
        guard let report = outcome.report else { return }
        totals.linted += 1
        if totals.kind == nil { totals.kind = report.kind }
        if let bytes = report.wireBytes, let limit = report.wireLimit { totals.note(bytes, limit: limit) }
        var sawSyntax = false
        var sawLimit = false
        for var diagnostic in report.diagnostics {
            if let location = diagnostic.location {
                var moved = location
                moved.line = line + location.line - 1
                moved.endLine = line + location.endLine - 1
                diagnostic.location = moved
            }
            if diagnostic.ruleId == "json-syntax" { sawSyntax = true }
            if diagnostic.ruleId == "json-limit" { sawLimit = true }
            tally.add(diagnostic, line: line)
        }
        if sawSyntax { totals.notJSON += 1 }
        if sawLimit && report.diagnostics.count == 1 { totals.oversize += 1 }
        for var summary in outcome.summaries {
            summary.batchIndex = line
            let key = StreamState.key(of: summary)
            if let index = groupIndex[key] {
                groups[index].more += 1
                groups[index].summary.wireBytes = max(groups[index].summary.wireBytes, summary.wireBytes)
            } else {
                groupIndex[key] = groups.count
                groups.append((summary, 0))
            }
        }
    }
}

/// The counts of a stream's lines, the same whether added line by line or chunk by chunk.
struct LineTotals: Sendable {
    /// Lines that were linted (not skipped as no payload, in a walked file).
    var linted = 0
    var notJSON = 0
    var oversize = 0
    /// The kind of the first linted line.
    var kind: PayloadKind?
    /// The wire size and limit of the largest message: the first of equally large ones.
    var largest: (bytes: Int, limit: Int)?

    mutating func note(_ bytes: Int, limit: Int) {
        if bytes > (largest?.bytes ?? -1) { largest = (bytes, limit) }
    }

    /// Adds the totals of the lines that follow.
    mutating func add(_ later: LineTotals) {
        linted += later.linted
        notJSON += later.notJSON
        oversize += later.oversize
        if kind == nil { kind = later.kind }
        if let other = later.largest { note(other.bytes, limit: other.limit) }
    }
}

/// Each rule's findings in line order: how many, the lines of the first five, and the first `maxPerRule` kept.
struct RuleTally: Sendable {
    let maxPerRule: Int
    var kept: [Diagnostic] = []
    var counts: [String: (count: Int, firstLines: [Int], shown: Int)] = [:]

    init(maxPerRule: Int) { self.maxPerRule = maxPerRule }

    /// Counts a finding on `line` and keeps it if its rule has shown fewer than `maxPerRule`.
    mutating func add(_ diagnostic: Diagnostic, line: Int) {
        keep(diagnostic) { entry in
            entry.count += 1
            if entry.firstLines.count < 5, entry.firstLines.last != line { entry.firstLines.append(line) }
        }
    }

    /// Adds the tally of the lines that follow: the same as adding their findings one by one.
    mutating func add(_ later: RuleTally) {
        for diagnostic in later.kept { keep(diagnostic) { _ in } }
        for (id, other) in later.counts {
            var entry = counts[id] ?? (0, [], 0)
            entry.count += other.count
            for line in other.firstLines where entry.firstLines.count < 5 && entry.firstLines.last != line {
                entry.firstLines.append(line)
            }
            counts[id] = entry
        }
    }

    private mutating func keep(
        _ diagnostic: Diagnostic, counting: (inout (count: Int, firstLines: [Int], shown: Int)) -> Void
    ) {
        let id = diagnostic.ruleId
        var entry = counts[id] ?? (0, [], 0)
        counting(&entry)
        if entry.shown < maxPerRule {
            entry.shown += 1
            kept.append(diagnostic)
        }
        counts[id] = entry
    }
}

/// The running totals of one stream.
struct StreamState {
    let path: String
    var lines = 0
    var totals = LineTotals()
    var tally: RuleTally
    var summaries: [PayloadSummary] = []
    /// Equal summaries (but for the line and the wire size) are one, with a count.
    var summaryIndex: [PayloadSummary: Int] = [:]

    init(path: String, maxPerRule: Int) {
        self.path = path
        tally = RuleTally(maxPerRule: maxPerRule)
    }

    /// Adds one line's outcome (a chunk of one line).
    mutating func add(_ outcome: FileOutcome, line: Int) {
        var part = StreamPart(maxPerRule: tally.maxPerRule)
        part.add(outcome, line: line)
        merge(part)
    }

    /// Adds the next chunk's totals: the same totals as adding its lines one by one. Findings past a rule's
    /// `maxPerRule` are dropped in line order; first lines stay the first five; a summary counts every line that
    /// gave it, and the kinds of summaries come in the order of their first line, so the cap on exact summaries
    /// falls where it falls line by line.
    mutating func merge(_ part: StreamPart) {
        lines = max(lines, part.lastLine)
        totals.add(part.totals)
        tally.add(part.tally)
        for group in part.groups { add(group.summary, more: group.more) }
    }

    /// A summary as equal ones are found: without its line and wire size.
    static func key(of summary: PayloadSummary) -> PayloadSummary {
        var key = summary
        key.batchIndex = nil
        key.wireBytes = 0
        return key
    }

    /// Adds a summary that `more` later lines gave too (its wire size the largest of them).
    mutating func add(_ summary: PayloadSummary, more: Int) {
        let key = Self.key(of: summary)
        if let index = summaryIndex[key] {
            summaries[index].count += 1 + more
            summaries[index].wireBytes = max(summaries[index].wireBytes, summary.wireBytes)
        } else if summaryIndex.count < Self.maxExactSummaries {
            summaryIndex[key] = summaries.count
            var first = summary
            first.count += more
            summaries.append(first)
        } else {
            addCoarsely(summary, more: more)
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
    mutating func addCoarsely(_ summary: PayloadSummary, more: Int) {
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
            summary.count += more
            summaries.append(summary)
            return
        }
        summaries[index].count += 1 + more
        summaries[index].wireBytes = max(summaries[index].wireBytes, summary.wireBytes)
        var fields = summaries[index].fieldsByPlatform
        for (platform, names) in fields {
            let other = Set(summary.fieldsByPlatform[platform] ?? [])
            fields[platform] = names.filter { other.contains($0) }
        }
        summaries[index].fieldsByPlatform = fields
    }

    var summary: StreamSummary {
        let rules = tally.counts.map {
            StreamSummary.RuleCount(
                ruleId: $0.key, count: $0.value.count, firstLines: $0.value.firstLines, shown: $0.value.shown)
        }
        .sorted { ($0.count, $1.ruleId) > ($1.count, $0.ruleId) }
        return StreamSummary(
            path: path, lines: lines, notJSON: totals.notJSON, oversize: totals.oversize, rules: rules)
    }
}
