import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintReporters

/// One fuzz input goes through everything pushlint does with untrusted bytes: the parser in each mode, a full
/// lint with the example contract, and every reporter. Invariants that must hold are checked with
/// `preconditionFailure`, so the fuzzer reports a violation as a crash.
enum FuzzTarget {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let engine: Engine = {
        let contractPath = repo.appendingPathComponent("testdata/examples/push-contract.json").path
        let contract = (FileManager.default.contents(atPath: contractPath)).flatMap {
            try? Contract.read(path: "push-contract.json", bytes: [UInt8]($0))
        }
        return Engine(project: Project(contract: contract, baseDirectory: "/"), options: LintOptions(jobs: 1, maxFileBytes: 1 << 20))
    }()

    static func run(_ bytes: [UInt8]) {
        for mode in [JSONParseOptions.Mode.strict, .jsonc, .defaultTemplate] {
            for recovers in [false, true] {
                let options = JSONParseOptions(mode: mode, maxDepth: 512, maxBytes: 1 << 20, recoversTrailingCommas: recovers)
                check(JSONParser.parse(bytes, options: options), bytes, mode)
            }
        }
        // The file name decides template mode; lint both ways.
        for name in ["fuzz.json", "fuzz.json.tmpl"] {
            let report = engine.lint(bytes: bytes, path: name)
            checkReport(report, bytes)
        }
        // And as JSON Lines (a sent-message log): each line is a payload, located by its line.
        let lines = engine.lint(jsonLines: bytes, path: "fuzz.jsonl")
        checkReport(lines, bytes)
        let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        for d in lines.allDiagnostics {
            precondition(d.location.map { $0.line >= 1 && $0.line <= lineCount } ?? false, "\(d.ruleId) at a line the input does not have")
        }
    }

    static func check(_ result: JSONParseResult, _ bytes: [UInt8], _ mode: JSONParseOptions.Mode) {
        guard let doc = result.document else {
            guard let error = result.error, error.offset >= 0, error.offset <= bytes.count, !error.message.isEmpty else {
                preconditionFailure("rejected without a located error")
            }
            return
        }
        for (index, node) in doc.nodes.enumerated() {
            precondition(node.start <= node.end && Int(node.end) <= bytes.count, "node range out of the input")
            precondition(Int(node.next) > index && Int(node.next) <= doc.nodes.count, "bad subtree end")
            _ = doc.pointer(of: index)
            if node.kind == .string || node.kind == .key { _ = doc.string(index) }
        }
        // The compact writer's output is JSON again, of exactly the measured size.
        let wire = doc.wireBytes(doc.root)
        precondition(wire.count == doc.wireSize(doc.root), "wireSize disagrees with wireBytes")
        if mode == .strict || mode == .jsonc {
            let again = JSONParser.parse(wire)
            precondition(again.document != nil, "compact output does not parse: \(again.error?.message ?? "")")
            precondition(again.document?.wireBytes(0) == wire, "compact output is not stable")
        }
    }

    static func checkReport(_ fullReport: LintReport, _ bytes: [UInt8]) {
        // SARIF describes every rule that ran; rendering all of their pages for each input would spend the
        // fuzzer's time on constant text, so only the rules that reported are kept.
        var report = fullReport
        let used = Set(report.allDiagnostics.map(\.ruleId) + report.project.map(\.ruleId))
        report.rules = report.rules.filter { used.contains($0.id) }
        for d in report.allDiagnostics {
            precondition(
                d.span.start >= 0 && d.span.end <= max(bytes.count, d.span.start),
                "\(d.ruleId) outside the file: \(d.span.start)..<\(d.span.end) of \(bytes.count) bytes")
            precondition(d.location != nil, "unresolved location")
        }
        for format in ReportFormat.allCases {
            let reporter = Reporters.make(format)
            let output = reporter.render(report)
            switch format {
            case .json, .sarif:
                let parsed = JSONParser.parse(output, options: JSONParseOptions(maxBytes: Int.max))
                precondition(parsed.document != nil, "\(format) output does not parse: \(parsed.error?.message ?? "") at \(parsed.error?.offset ?? -1)")
            case .text:
                precondition(!output.unicodeScalars.contains { $0.value == 0x1B }, "text output carries an escape sequence")
            case .github:
                for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
                    precondition(line.hasPrefix("::"), "annotation line injected: \(line)")
                }
            case .junit:
                precondition(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r" }, "XML carries a forbidden control character")
            }
        }
    }
}
