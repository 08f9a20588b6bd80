import PushLintModel

/// `--format gitlab`: a GitLab Code Quality report (the `artifacts:reports:codequality` of a job), as GitLab
/// documents it at https://docs.gitlab.com/ci/testing/code_quality/#code-quality-report-format: a JSON array with
/// one object per finding, with exactly the fields GitLab reads:
///
/// - `description`: the message (with the help, and for a project finding its files);
/// - `check_name`: the rule id;
/// - `fingerprint`: 32 hex digits (FNV-1a, 128 bits) of rule id, path, JSON pointer and message, so the same
///   finding keeps its fingerprint across runs while lines move; a second identical finding in the same file gets
///   its occurrence number mixed in, since GitLab shows one issue per fingerprint;
/// - `severity`: GitLab's scale is info, minor, major, critical, blocker. pushlint has three levels:
///   error -> `major`, warning -> `minor`, info -> `info`. (An error is a payload the provider rejects or the device
///   drops, which is what `major` means for a merge request; `critical` and `blocker` are left for security and
///   outage tools, so pushlint findings do not outrank them in the widget.)
/// - `location.path` (relative to the working directory, which is the project root in a GitLab job) and
///   `location.lines.begin` (1 when the finding has no line: an unreadable file, a project finding, which points
///   at its first file).
///
/// Control characters (but line breaks) and bidirectional overrides of a payload's text are written as visible
/// `\u{..}` text in the description, which people read; paths stay exact, as GitLab matches them with the
/// repository's files. The fingerprint is made from the unescaped text.
///
/// `testdata/formats/gitlab-codequality.schema.json` is a JSON Schema of these documented fields; the tests validate every
/// report against it.
public struct GitLabReporter: Reporter {
    public init() {}

    public func render(_ report: LintReport) -> String { String(decoding: renderBytes(report), as: UTF8.self) }

    public func renderBytes(_ report: LintReport) -> [UInt8] {
        var w = JSONWriter()
        w.beginArray()
        var fingerprints = OccurrenceFingerprints(hash: Self.fingerprint)
        for file in report.files {
            let path = file.path.display
            for d in file.diagnostics {
                var description = d.message
                if let help = d.help { description += " (help: \(help))" }
                issue(
                    description: description, rule: d.ruleId, severity: d.severity,
                    fingerprint: fingerprints.next(["file", d.ruleId, path, d.pointer ?? "", d.message]), path: path,
                    line: d.location?.line ?? 1, to: &w)
            }
        }
        for p in report.project {
            var description = p.message
            if !p.related.isEmpty { description += " (files: \(p.related.joined(separator: ", ")))" }
            if let help = p.help { description += " (help: \(help))" }
            issue(
                description: description, rule: p.ruleId, severity: p.severity,
                fingerprint: fingerprints.next(["project", p.ruleId] + p.related + [p.message]),
                path: p.related.first ?? ".",
                line: 1,
                to: &w)
        }
        w.endArray()
        return w.finished()
    }

    func issue(
        description: String, rule: String, severity: Severity, fingerprint: String, path: String, line: Int,
        to w: inout JSONWriter
    ) {
        w.beginObject()
        w.string("description", Escape.keepingLineBreaks(description))
        w.string("check_name", rule)
        w.string("fingerprint", fingerprint)
        w.string("severity", Self.severity(severity))
        w.beginObject("location")
        w.string("path", path)
        w.beginObject("lines")
        w.number("begin", max(1, line))
        w.endObject()
        w.endObject()
        w.endObject()
    }

    /// pushlint's levels on GitLab's scale (see the type's documentation).
    public static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .info: return "info"
        }
    }

    /// FNV-1a with 128 bits, as 32 lowercase hex digits: the same on every run and machine (unlike `Hasher`), and as
    /// long as the MD5 digests GitLab's own analyzers write.
    public static func fingerprint(_ text: String) -> String {
        var h: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
        let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B
        for byte in text.utf8 {
            h ^= UInt128(byte)
            h = h &* prime
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 32 - hex.count) + hex
    }
}
