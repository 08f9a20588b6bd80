import PushLintModel

/// `--format sarif` (DESIGN.md §8): SARIF 2.1.0 (Errata 01), one run, ready for GitHub code scanning upload.
///
/// - `tool.driver.rules`: every rule that ran (plus any rule a result names that was not in that list), with
///   the rule page of `RuleDocumentation.page` as `help.markdown` (the same text as `pushlint explain`), `helpUri`
///   to `rules/<id>.md`, the default level and the family as a tag.
/// - results: `ruleId` + `ruleIndex`, `level`, `message`, one physical location (uri relative to the working
///   directory under `uriBaseId` `%SRCROOT%`, 1-based region with exclusive end column, columns counted in Unicode
///   code points as `run.columnKind` says), the JSON Pointer as a logical location, `partialFingerprints` that
///   depend on rule id, path and pointer only (not on lines, so edits above a finding keep its identity), and
///   `fixes` with byte-offset replacements when the rule offers one.
/// - project findings (several files together) point at the first related file (line 1) and list every
///   related file in `relatedLocations`; with no related file they have no location.
public struct SARIFReporter: Reporter {
    /// Absolute path of the directory the report's relative paths start from; when set it becomes
    /// `originalUriBaseIds["%SRCROOT%"]` so a consumer can resolve them.
    public var workingDirectory: String?

    public init(workingDirectory: String? = nil) {
        self.workingDirectory = workingDirectory
    }

    public static let schemaURI =
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let uriBaseId: StaticString = "%SRCROOT%"
    public static let fingerprintKey: StaticString = "pushlint/v1"

    public func render(_ report: LintReport) -> String { String(decoding: renderBytes(report), as: UTF8.self) }

    public func renderBytes(_ report: LintReport) -> [UInt8] {
        let rules = Self.driverRules(report)
        let ruleIndex = Dictionary(
            rules.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var w = JSONWriter()
        w.beginObject()
        w.string("$schema", Self.schemaURI)
        w.string("version", "2.1.0")
        w.beginArray("runs")
        w.beginObject()

        w.beginObject("tool")
        w.beginObject("driver")
        w.string("name", PushLintInfo.name)
        w.string("version", PushLintInfo.version)
        w.string("semanticVersion", PushLintInfo.version)
        w.string("informationUri", PushLintInfo.informationURI)
        w.beginArray("rules")
        for rule in rules { write(rule, to: &w) }
        w.endArray()
        w.endObject()
        w.endObject()

        w.beginArray("invocations")
        w.beginObject()
        w.bool("executionSuccessful", true)
        w.endObject()
        w.endArray()

        if let base = workingDirectory.flatMap(Self.directoryURI) {
            w.beginObject("originalUriBaseIds")
            w.beginObject(Self.uriBaseId)
            w.string("uri", base)
            w.endObject()
            w.endObject()
        }
        w.string("columnKind", "unicodeCodePoints")

        w.beginArray("results")
        var fingerprints = OccurrenceFingerprints(hash: Self.hash)
        for file in report.files {
            let path = file.path.display
            for d in file.diagnostics {
                write(
                    d, path: path, ruleIndex: ruleIndex[d.ruleId],
                    fingerprint: fingerprints.next([d.ruleId, path, d.pointer ?? ""]), to: &w)
            }
        }
        for p in report.project {
            write(p, ruleIndex: ruleIndex[p.ruleId], fingerprint: fingerprints.next([p.ruleId] + p.related), to: &w)
        }
        w.endArray()

        w.endObject()
        w.endArray()
        w.endObject()
        return w.finished()
    }

    // MARK: rules

    /// The rules of the run, in the run's order, then rules that only results name.
    static func driverRules(_ report: LintReport) -> [RuleDescription] {
        var rules = report.rules
        var ids = Set(rules.map(\.id))
        let named = report.allDiagnostics.map(\.ruleId) + report.project.map(\.ruleId)
        for id in named where !ids.contains(id) {
            ids.insert(id)
            // The engine lists every rule its findings name; a report built otherwise still gets a valid driver.
            rules.append(
                RuleDescription(id: id, summary: "Rule \(id).", family: .json, defaultSeverity: .warning, rationale: "")
            )
        }
        return rules
    }

    func write(_ rule: RuleDescription, to w: inout JSONWriter) {
        w.beginObject()
        w.string("id", rule.id)
        w.string("name", Self.ruleName(rule.id))
        w.beginObject("shortDescription")
        w.string("text", rule.summary)
        w.endObject()
        w.beginObject("fullDescription")
        w.string("text", rule.rationale.isEmpty ? rule.summary : rule.rationale)
        w.endObject()
        w.beginObject("help")
        w.string(
            "text",
            rule.summary + (rule.rationale.isEmpty ? "" : "\n\n" + rule.rationale) + "\n\nSee " + Self.helpURI(rule.id))
        w.string("markdown", RuleDocumentation.page(rule))
        w.endObject()
        w.string("helpUri", Self.helpURI(rule.id))
        w.beginObject("defaultConfiguration")
        w.string("level", Self.level(rule.defaultSeverity))
        w.endObject()
        w.beginObject("properties")
        w.beginArray("tags")
        w.string(nil, rule.family.slug)
        w.endArray()
        w.bool("fixable", rule.isFixable)
        w.endObject()
        w.endObject()
    }

    public static func helpURI(_ id: String) -> String {
        "\(PushLintInfo.informationURI)/blob/main/rules/\(percentEncoded(id)).md"
    }

    /// `fcm-data-string-values` -> `FCMDataStringValues` (the rule's file name).
    public static func ruleName(_ id: String) -> String {
        let acronyms: Set<String> = ["json", "apns", "fcm", "bom", "ttl", "io", "url", "uri", "id", "utf8", "hms"]
        return id.split(separator: "-").map { part in
            let word = String(part)
            return acronyms.contains(word) ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    // MARK: results

    /// Opens a result object with what every result has: rule, level and message.
    func beginResult(_ ruleId: String, ruleIndex: Int?, severity: Severity, message: String, to w: inout JSONWriter) {
        w.beginObject()
        w.string("ruleId", ruleId)
        if let ruleIndex { w.number("ruleIndex", ruleIndex) }
        w.string("level", Self.level(severity))
        w.beginObject("message")
        w.string("text", message)
        w.endObject()
    }

    func write(_ d: Diagnostic, path: String, ruleIndex: Int?, fingerprint: String, to w: inout JSONWriter) {
        beginResult(d.ruleId, ruleIndex: ruleIndex, severity: d.severity, message: d.message, to: &w)
        w.beginArray("locations")
        w.beginObject()
        w.beginObject("physicalLocation")
        writeArtifactLocation(path, to: &w)
        if let loc = d.location {
            w.beginObject("region")
            w.number("startLine", loc.line)
            w.number("startColumn", loc.column)
            w.number("endLine", loc.endLine)
            w.number("endColumn", loc.endColumn)
            w.endObject()
        }
        w.endObject()
        if let pointer = d.pointer, !pointer.isEmpty {
            w.beginArray("logicalLocations")
            w.beginObject()
            w.string("fullyQualifiedName", pointer)
            w.string("kind", "value")
            w.endObject()
            w.endArray()
        }
        w.endObject()
        w.endArray()
        w.beginObject("partialFingerprints")
        w.string(Self.fingerprintKey, fingerprint)
        w.endObject()
        if let fix = d.fix, !fix.edits.isEmpty {
            w.beginArray("fixes")
            w.beginObject()
            w.beginObject("description")
            w.string("text", d.help ?? "Apply the fix of \(d.ruleId).")
            w.endObject()
            w.beginArray("artifactChanges")
            w.beginObject()
            writeArtifactLocation(path, to: &w)
            w.beginArray("replacements")
            for edit in fix.edits {
                w.beginObject()
                w.beginObject("deletedRegion")
                w.number("byteOffset", edit.offset)
                w.number("byteLength", edit.length)
                w.endObject()
                w.beginObject("insertedContent")
                w.string("text", edit.text)
                w.endObject()
                w.endObject()
            }
            w.endArray()
            w.endObject()
            w.endArray()
            w.beginObject("properties")
            w.bool("safe", fix.isSafe)
            w.endObject()
            w.endObject()
            w.endArray()
        }
        if d.pointer != nil || d.help != nil {
            w.beginObject("properties")
            if let pointer = d.pointer { w.string("pointer", pointer) }
            if let help = d.help { w.string("help", help) }
            w.endObject()
        }
        w.endObject()
    }

    func write(_ p: ProjectDiagnostic, ruleIndex: Int?, fingerprint: String, to w: inout JSONWriter) {
        beginResult(p.ruleId, ruleIndex: ruleIndex, severity: p.severity, message: p.message, to: &w)
        if let first = p.related.first {
            w.beginArray("locations")
            w.beginObject()
            w.beginObject("physicalLocation")
            writeArtifactLocation(first, to: &w)
            w.beginObject("region")
            w.number("startLine", 1)
            w.endObject()
            w.endObject()
            w.endObject()
            w.endArray()
            w.beginArray("relatedLocations")
            for (index, path) in p.related.enumerated() {
                w.beginObject()
                w.number("id", index)
                w.beginObject("physicalLocation")
                writeArtifactLocation(path, to: &w)
                w.endObject()
                w.endObject()
            }
            w.endArray()
        }
        w.beginObject("partialFingerprints")
        w.string(Self.fingerprintKey, fingerprint)
        w.endObject()
        w.beginObject("properties")
        w.bool("project", true)
        if let help = p.help { w.string("help", help) }
        w.endObject()
        w.endObject()
    }

    func writeArtifactLocation(_ path: String, to w: inout JSONWriter) {
        w.beginObject("artifactLocation")
        if path.hasPrefix("/") {
            w.string("uri", "file://" + Self.percentEncoded(path))
        } else {
            w.string("uri", Self.percentEncoded(path))
            w.string("uriBaseId", "\(Self.uriBaseId)")
        }
        w.endObject()
    }

    // MARK: helpers

    /// A path as a URI reference: every byte except unreserved characters (RFC 3986) and `/` percent-encoded,
    /// so spaces, `%`, `#`, `?`, `:` and non-ASCII names stay one valid relative reference.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// `file:///abs/dir/` for an absolute directory path; nil for a relative one.
    static func directoryURI(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        return "file://" + percentEncoded(path.hasSuffix("/") ? path : path + "/")
    }

    /// FNV-1a, 64 bits, as 16 hex digits: the same on every run and machine (unlike `Hasher`).
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
