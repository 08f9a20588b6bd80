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
            return
                "testdata/golden/\(name) is missing; create it with \(updateVariable)=1 swift test --filter GoldenTests"
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

/// Runs the report validators, which are python packages pinned in `scripts/requirements.txt`. They live in the
/// repository's virtual environment `.venv/` (or `$PUSHLINT_VENV`), which the test command `scripts/test` creates;
/// the tests never use a python or a validator from elsewhere on PATH, so every machine validates with the same
/// versions. Without that environment these tests FAIL with the one command to run (they never skip).
public enum ExternalTool {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// The test command, which creates `.venv/` with the pinned validators (and then runs every test).
    public static let setupCommand = "scripts/test"

    /// The virtual environment's folder: `$PUSHLINT_VENV` when set (as `scripts/test` honours it), else `.venv/`
    /// in the repository.
    public static var venv: URL {
        if let custom = ProcessInfo.processInfo.environment["PUSHLINT_VENV"], !custom.isEmpty {
            return URL(fileURLWithPath: custom)
        }
        return Paths.repo.appendingPathComponent(".venv")
    }

    /// The venv's python, or `Missing` naming the command that creates it.
    public static func python() throws -> String {
        let path = venv.appendingPathComponent("bin/python3").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(
                description: """
                    the pinned report validators (python xmlschema, jsonschema[format-nongpl]) are not installed: \
                    \(path) does not exist. Run `\(setupCommand)` once from the repository root: it creates .venv/ \
                    with them (no root needed) and runs the whole suite; plain `swift test` then finds them too
                    """)
        }
        return path
    }

    /// Runs the venv's python with `arguments`; stdout and stderr together.
    public static func runPython(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try python())
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The hint printed by the python side when a package is missing from the venv.
    static let reinstallHint =
        "the venv lacks it: run \(setupCommand), which rebuilds .venv/ from scripts/requirements.txt"

    /// Writes `text` to a temporary file and returns its path.
    public static func temporaryFile(_ text: String, suffix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pushlint-\(UUID().uuidString)\(suffix)")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// One document against one XSD: nil when valid, else the validator's complaint.
    public static func validateJUnit(_ xml: String, schema: URL) throws -> String? {
        let problems = try validateJUnit([(name: "document", xml: xml)], schema: schema)
        return problems.isEmpty ? nil : problems.sorted { $0.key < $1.key }.map(\.value).joined()
    }

    /// Several JUnit documents against one XSD with python `xmlschema` (XSD 1.0) in one python run: name ->
    /// problems, only for the invalid ones.
    public static func validateJUnit(_ documents: [(name: String, xml: String)], schema: URL) throws -> [String: String]
    {
        let files = try documents.map { try temporaryFile($0.xml, suffix: ".xml") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let script = """
            import sys
            try:
                import xmlschema
            except ImportError as error:
                print("python xmlschema is not installed (%s): \(reinstallHint)" % error); sys.exit(3)
            schema = xmlschema.XMLSchema10(sys.argv[1])
            bad = 0
            for i, path in enumerate(sys.argv[2:]):
                for e in schema.iter_errors(path):
                    bad = 1; print("%d\\t%s: %s" % (i, e.path, " ".join(str(e.reason).split())))
            sys.exit(bad)
            """
        let result = try runPython(["-c", script, schema.path] + files.map(\.path))
        return problems(result, names: documents.map(\.name))
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
                print("python jsonschema[format-nongpl] is not installed (%s): \(reinstallHint)" % error); sys.exit(3)
            s = json.load(open(sys.argv[1])); V.check_schema(s); v = V(s, format_checker=V.FORMAT_CHECKER)
            bad = 0
            for i, path in enumerate(sys.argv[2:]):
                for e in v.iter_errors(json.load(open(path, encoding="utf-8"))):
                    bad = 1; print("%d\\t%s %s" % (i, e.json_path, e.message))
            sys.exit(bad)
            """
        let result = try runPython(["-c", script, schema.path] + files.map(\.path))
        return problems(result, names: logs.map(\.name))
    }

    /// Reads `index<TAB>problem` lines; anything else (a traceback, a missing package) is the validator's own.
    static func problems(_ result: Result, names: [String]) -> [String: String] {
        if result.status == 0 { return [:] }
        var problems: [String: String] = [:]
        for line in result.output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let index = Int(parts[0]), names.indices.contains(index) {
                problems[names[index], default: ""] += String(parts[1]) + "\n"
            } else {
                problems["(validator)", default: ""] += String(line) + "\n"
            }
        }
        if problems.isEmpty { problems["(validator)"] = "exit \(result.status): \(result.output)" }
        return problems
    }
}
