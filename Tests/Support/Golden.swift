import Foundation

/// Golden files under `testdata/golden/`: a test renders something and compares it byte for byte with the
/// committed file. They are rewritten only on request:
///
///     PUSHLINT_UPDATE_GOLDEN=1 swift test --filter GoldenTests
///
/// (then review `git diff testdata/golden`). Without the switch a missing or different golden is a failure.
public enum Golden {
    public static let folder = Paths.testdata.appendingPathComponent("golden")
    public static let updateVariable = "PUSHLINT_UPDATE_GOLDEN"

    public static var isUpdating: Bool { ProcessInfo.processInfo.environment[updateVariable] == "1" }

    public static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// nil when `actual` matches the golden `name` (or the golden was just rewritten); else what differs.
    public static func check(_ actual: String, name: String) -> String? {
        let url = url(name)
        if isUpdating {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url, options: .atomic)
                return nil
            } catch {
                return "cannot write \(url.path): \(error)"
            }
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return "testdata/golden/\(name) is missing; create it with \(updateVariable)=1 swift test --filter GoldenTests"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return nil }
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        while line < min(a.count, e.count) && a[line] == e[line] { line += 1 }
        let got = line < a.count ? String(a[line]) : "(end of output)"
        let want = line < e.count ? String(e[line]) : "(end of file)"
        return """
            testdata/golden/\(name) differs at line \(line + 1):
              expected: \(want.debugDescription)
              actual:   \(got.debugDescription)
            if the change is intended: \(updateVariable)=1 swift test --filter GoldenTests, and review the diff
            """
    }
}

/// Runs an external validator (`xmllint`, `python3`). A missing tool is an error, never a skip: CI installs them
/// (`.ci/run`), and a developer sees how to.
public enum ExternalTool {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// The absolute path of `name` on PATH, or nil.
    public static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    public static func run(_ name: String, _ arguments: [String], installHint: String) throws -> Result {
        guard let executable = find(name) else {
            throw Missing(description: "\(name) is not installed; it is needed to validate reports: \(installHint)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    public static let xmllintHint = "apt-get install -y libxml2-utils (Debian/Ubuntu; part of macOS)"
    public static let jsonschemaHint = "python3 -m pip install 'jsonschema[format-nongpl]'"

    /// Writes `text` to a temporary file and returns its path.
    public static func temporaryFile(_ text: String, suffix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pushlint-\(UUID().uuidString)\(suffix)")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// `xmllint --noout --schema XSD file`: nil when valid, else xmllint's complaint.
    public static func validateJUnit(_ xml: String, schema: URL) throws -> String? {
        let file = try temporaryFile(xml, suffix: ".xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try run("xmllint", ["--noout", "--schema", schema.path, file.path], installHint: xmllintHint)
        return result.status == 0 ? nil : "xmllint exit \(result.status): \(result.output)"
    }

    /// The SARIF schema check of `conformance/sarif/README.md` (Draft-07 validator with format checks) over
    /// several logs in one python run: name -> problems, only for the invalid ones.
    public static func validateSARIF(_ logs: [(name: String, json: String)]) throws -> [String: String] {
        let files = try logs.map { try temporaryFile($0.json, suffix: ".sarif") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let schema = Paths.conformance.appendingPathComponent("sarif/sarif-schema-2.1.0.json")
        let script = """
            import json, sys
            try:
                from jsonschema import Draft7Validator as V
                import rfc3986_validator, rfc3339_validator  # the format-nongpl extra: without it uri/date-time go unchecked
            except ImportError as error:
                print("python jsonschema[format-nongpl] is not installed (%s): \(jsonschemaHint)" % error); sys.exit(3)
            s = json.load(open(sys.argv[1])); V.check_schema(s); v = V(s, format_checker=V.FORMAT_CHECKER)
            bad = 0
            for i, path in enumerate(sys.argv[2:]):
                for e in v.iter_errors(json.load(open(path, encoding="utf-8"))):
                    bad = 1; print("%d\t%s %s" % (i, e.json_path, e.message))
            sys.exit(bad)
            """
        let result = try run("python3", ["-c", script, schema.path] + files.map(\.path), installHint: jsonschemaHint)
        if result.status == 0 { return [:] }
        var problems: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let index = Int(parts[0]), logs.indices.contains(index) {
                problems[logs[index].name, default: ""] += String(parts[1]) + "\n"
            } else {
                problems["(validator)", default: ""] += String(line) + "\n"
            }
        }
        if problems.isEmpty { problems["(validator)"] = "exit \(result.status): \(result.output)" }
        return problems
    }
}
