import Foundation

/// Validates JSON documents against a JSON Schema with python `jsonschema[format-nongpl]`, the validator the SARIF
/// check uses (`ExternalTool.validateSARIF`): the project's `.venv/bin/python` when it exists, else `python3` on
/// PATH. The validator class follows the schema's `$schema` (draft-04 for reviewdog's rdjson, 2020-12 for the
/// GitLab schema), with format checks. A missing validator is an error, never a skip.
public enum JSONSchemaValidator {
    /// The interpreter: the project-local virtual environment's, or `python3` on PATH.
    public static func python() -> String? {
        let venv = Paths.repo.appendingPathComponent(".venv/bin/python").path
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        return ExternalTool.find("python3")
    }

    /// name -> problems, only for the documents that are invalid; `(validator)` when python could not run.
    public static func validate(_ documents: [(name: String, json: String)], schema: URL) throws -> [String: String] {
        guard let python = python() else {
            throw ExternalTool.Missing(description: "python3 is not installed; it is needed to validate reports: \(ExternalTool.jsonschemaHint)")
        }
        let files = try documents.map { try ExternalTool.temporaryFile($0.json, suffix: ".json") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let script = """
            import json, sys
            try:
                from jsonschema.validators import validator_for
                import rfc3986_validator, rfc3339_validator  # the format-nongpl extra: without it uri/date-time go unchecked
            except ImportError as error:
                print("python jsonschema[format-nongpl] is not installed (%s): \(ExternalTool.jsonschemaHint)" % error); sys.exit(3)
            s = json.load(open(sys.argv[1])); V = validator_for(s); V.check_schema(s); v = V(s, format_checker=V.FORMAT_CHECKER)
            bad = 0
            for i, path in enumerate(sys.argv[2:]):
                for e in v.iter_errors(json.load(open(path, encoding="utf-8"))):
                    bad = 1; print("%d\\t%s %s" % (i, e.json_path, e.message))
            sys.exit(bad)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, schema.path] + files.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        if process.terminationStatus == 0 { return [:] }
        var problems: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let index = Int(parts[0]), documents.indices.contains(index) {
                problems[documents[index].name, default: ""] += String(parts[1]) + "\n"
            } else {
                problems["(validator)", default: ""] += String(line) + "\n"
            }
        }
        if problems.isEmpty { problems["(validator)"] = "exit \(process.terminationStatus): \(output)" }
        return problems
    }
}
