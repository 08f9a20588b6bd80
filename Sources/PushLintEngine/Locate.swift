import PushLintJSON
import PushLintModel
import PushLintParallel

/// The locate stage: findings at their configured levels, with lines and columns, in the order a report shows them.
extension Engine {
    /// Applies configured levels, drops what is off, fills in line/column, sorts.
    /// `lines`: the parsed document's, nil when the file did not parse.
    func resolve(_ diagnostics: consuming [Diagnostic], target: LintTarget, bytes: [UInt8], lines: LineIndex?)
        -> [Diagnostic]
    {
        var kept = atLevels(diagnostics, path: target.path.configRelative)
        guard !kept.isEmpty else { return [] }
        // A file that did not parse has its lines found here, on several threads when it is large.
        let jobs = options.jobs
        let lines =
            isJSONLinesLine
            ? LineIndex(bytes, lineStarts: [0])
            : lines ?? LineIndex(bytes, parts: 4 * jobs, map: { parallelMap($0, jobs: jobs, $1) })
        // A binary file has no line to show.
        let located = locations(
            of: kept.map(\.span), lines: lines, withExcerpts: options.lineExcerpts && !FileContext.isBinary(bytes))
        for index in kept.indices { kept[index].location = located[index] }
        if options.byteRanges { addByteRanges(&kept, lines: lines) }
        kept.sort {
            let a = $0.location!
            let b = $1.location!
            return (a.line, a.column, $0.ruleId, $0.message) < (b.line, b.column, $1.ruleId, $1.message)
        }
        return kept
    }

    /// The findings of known rules that are on at `path`, each at its configured severity; compacted in place, so
    /// a large file's findings are not copied.
    func atLevels(_ diagnostics: consuming [Diagnostic], path: String) -> [Diagnostic] {
        var kept = diagnostics
        var count = 0
        for index in kept.indices {
            guard descriptionById[kept[index].ruleId] != nil,
                let severity = levels.severity(of: kept[index].ruleId, emitted: kept[index].severity, path: path)
            else { continue }
            if count != index { kept.swapAt(count, index) }
            kept[count].severity = severity
            count += 1
        }
        kept.removeSubrange(count...)
        return kept
    }

    /// Where each span starts and ends, in lines and columns, with the text of its line when asked; in slices, on
    /// several threads when a batch has thousands of findings.
    func locations(of spans: [ByteSpan], lines: LineIndex, withExcerpts: Bool) -> [ResolvedLocation] {
        let slices = workSlices(spans.count, jobs: options.jobs) ?? [0..<spans.count]
        let located = parallelMap(slices.count, jobs: options.jobs) { part in
            let range = slices[part]
            var offsets: [Int] = []
            offsets.reserveCapacity(2 * range.count)
            for span in spans[range] {
                offsets.append(span.start)
                offsets.append(span.end)
            }
            let positions = lines.positions(of: offsets)
            return range.map { index in
                let k = index - range.lowerBound
                let start = positions[2 * k]
                let end = positions[2 * k + 1]
                let excerpt =
                    withExcerpts
                    ? lines.excerpt(offset: spans[index].start, column: start.column) : (text: "", startColumn: 1)
                return ResolvedLocation(
                    line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
                    lineText: excerpt.text, lineTextColumn: excerpt.startColumn)
            }
        }
        return joined(located) { $0 }
    }

    /// Each finding's range and its fix's edits in lines and UTF-8 byte columns (`byteRange`, `fixByteRanges`).
    func addByteRanges(_ findings: inout [Diagnostic], lines: LineIndex) {
        func range(_ start: Int, _ end: Int) -> LineByteRange {
            let a = lines.bytePosition(of: start)
            let b = lines.bytePosition(of: end)
            return LineByteRange(startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column)
        }
        for index in findings.indices {
            findings[index].byteRange = range(findings[index].span.start, findings[index].span.end)
            if let edits = findings[index].fix?.edits {
                findings[index].fixByteRanges = edits.map { range($0.offset, $0.offset + $0.length) }
            }
        }
    }
}
