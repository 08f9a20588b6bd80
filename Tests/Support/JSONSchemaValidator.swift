import Foundation

/// Validates JSON documents against a JSON Schema with python `jsonschema[format-nongpl]` of the test command's
/// venv, in one python run, as `ExternalTool.validateSARIF` does: the validator class follows the schema's
/// `$schema` (draft-04 for reviewdog's rdjson, 2020-12 for the GitLab schema), with format checks. A missing venv
/// or validator is an error naming the command that installs it, never a skip.
public enum JSONSchemaValidator {
    /// name -> problems, only for the documents that are invalid; `(validator)` when python could not check them.
    public static func validate(_ documents: [(name: String, json: String)], schema: URL) throws -> [String: String] {
        let files = try documents.map { try ExternalTool.temporaryFile($0.json, suffix: ".json") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let script = """
            import json, sys
            try:
                from jsonschema.validators import validator_for
                import rfc3986_validator, rfc3339_validator  # the format-nongpl extra: without it uri/date-time go unchecked
            except ImportError as error:
                print("python jsonschema[format-nongpl] is not installed (%s): \(ExternalTool.reinstallHint)" % error); sys.exit(3)
            s = json.load(open(sys.argv[1])); V = validator_for(s); V.check_schema(s); v = V(s, format_checker=V.FORMAT_CHECKER)
            bad = 0
            for i, path in enumerate(sys.argv[2:]):
                for e in v.iter_errors(json.load(open(path, encoding="utf-8"))):
                    bad = 1; print("%d\\t%s %s" % (i, e.json_path, e.message))
            sys.exit(bad)
            """
        let result = try ExternalTool.runPython(["-c", script, schema.path] + files.map(\.path))
        return ExternalTool.problems(result, names: documents.map(\.name))
    }

    /// Whether XML documents are well-formed for python's expat (`xml.etree`), in one run of the venv's python:
    /// name -> the parser's complaint, only for the documents that are not.
    public static func wellFormedXML(_ documents: [(name: String, xml: String)]) throws -> [String: String] {
        let files = try documents.map { try ExternalTool.temporaryFile($0.xml, suffix: ".xml") }
        defer { for file in files { try? FileManager.default.removeItem(at: file) } }
        let script = """
            import sys, xml.etree.ElementTree as ET
            bad = 0
            for i, path in enumerate(sys.argv[1:]):
                try:
                    ET.parse(path)
                except ET.ParseError as e:
                    bad = 1; print("%d\\t%s" % (i, e))
            sys.exit(bad)
            """
        return ExternalTool.problems(
            try ExternalTool.runPython(["-c", script] + files.map(\.path)), names: documents.map(\.name))
    }
}
