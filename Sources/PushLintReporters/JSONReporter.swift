import PushLintModel
import PushLintParallel

/// `--format json`: schema version 1, the exact keys of DESIGN.md §8. Every linted file is listed; `help`
/// and `fix` appear only on findings that have them.
public struct JSONReporter: Reporter {
    /// Threads the files' entries are written on; the output does not depend on it.
    public var jobs: Int
    public init(jobs: Int = 1) { self.jobs = jobs }

    public func render(_ report: LintReport) -> String { String(decoding: renderBytes(report), as: UTF8.self) }

    public func renderBytes(_ report: LintReport) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.number("version", 1)
        w.beginObject("tool")
        w.string("name", PushLintInfo.name)
        w.string("version", PushLintInfo.version)
        w.endObject()
        w.beginObject("summary")
        w.number("files", report.files.count)
        w.number("skipped", report.skipped)
        w.number("errors", report.count(.error))
        w.number("warnings", report.count(.warning))
        w.number("infos", report.count(.info))
        w.endObject()
        w.beginArray("files")
        let depth = w.openDepth
        let pretty = w.pretty
        let files = report.files
        w.appendItems(
            renderRuns(files.count, jobs: jobs) { run in
                // About 600 bytes per finding with its location and help, 150 for the file's own entry; the findings of
                // a file long enough to be written in slices go to parts of their own.
                let capacity = run.reduce(0) { total, index in
                    let findings = files[index].diagnostics.count
                    return total + 256 + (isWorthSlicing(findings, jobs: jobs) ? 0 : 768 * findings)
                }
                var item = JSONWriter(
                    pretty: pretty, itemsAtDepth: depth, continuing: run.lowerBound > 0, capacity: capacity)
                for index in run { write(files[index], to: &item) }
                return item.parts
            }.flatMap { $0 })
        w.endArray()
        w.beginArray("project")
        for p in report.project {
            w.beginObject()
            w.string("ruleId", p.ruleId)
            w.string("severity", p.severity.rawValue)
            w.string("message", p.message)
            w.beginArray("related")
            for path in p.related { w.string(nil, path) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.finished()
    }

    func write(_ file: FileReport, to w: inout JSONWriter) {
        w.beginObject()
        w.string("path", file.path.display)
        w.string("kind", file.kind?.rawValue)
        w.number("wireBytes", file.wireBytes)
        w.beginArray("diagnostics")
        let diagnostics = file.diagnostics
        if let slices = workSlices(diagnostics.count, jobs: jobs) {
            // A batch file can have tens of thousands of findings: they are written in slices on `jobs` threads.
            let depth = w.openDepth
            let pretty = w.pretty
            w.appendItems(
                parallelMap(slices.count, jobs: jobs) { index in
                    var item = JSONWriter(
                        pretty: pretty, itemsAtDepth: depth, continuing: index > 0, capacity: 768 * slices[index].count)
                    for d in diagnostics[slices[index]] { write(d, to: &item) }
                    return item.parts
                }.flatMap { $0 })
        } else {
            for d in diagnostics { write(d, to: &w) }
        }
        w.endArray()
        w.endObject()
    }

    func write(_ d: Diagnostic, to w: inout JSONWriter) {
        w.beginObject()
        w.string("ruleId", d.ruleId)
        w.string("severity", d.severity.rawValue)
        w.string("message", d.message)
        w.string("pointer", d.pointer)
        w.number("line", d.location?.line)
        w.number("column", d.location?.column)
        w.number("endLine", d.location?.endLine)
        w.number("endColumn", d.location?.endColumn)
        if let help = d.help { w.string("help", help) }
        if let fix = d.fix {
            w.beginObject("fix")
            w.bool("safe", fix.isSafe)
            w.beginArray("edits")
            for edit in fix.edits {
                w.beginObject()
                w.number("offset", edit.offset)
                w.number("length", edit.length)
                w.string("text", edit.text)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endObject()
    }
}
