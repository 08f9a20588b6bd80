import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// `pushlint schema apns|fcm|expo|webpush|sns|config|contract`: the committed `schemas/*.schema.json` are what the tables generate today
/// (`swift run pushlint-docgen` rewrites them), each is a valid draft 2020-12 schema, and every bundled valid
/// payload validates against the schema of its kind (python `jsonschema` from `.venv/`, made by `scripts/test`).
@Suite(.serialized) struct PayloadJSONSchemaTests {
    @Test(arguments: PayloadJSONSchema.names)
    func committedSchemaIsCurrent(_ name: String) throws {
        let url = Paths.repo.appendingPathComponent("schemas/" + PayloadJSONSchema.fileName(name))
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(
            committed == PayloadJSONSchema.render(name),
            "schemas/\(PayloadJSONSchema.fileName(name)) is stale: run `swift run pushlint-docgen`")
    }

    @Test func unknownNameHasNoSchema() {
        #expect(PayloadJSONSchema.render("gcm") == nil)
    }

    /// The bundled payloads that are valid: Apple's and Expo's documented shapes, the clean fixtures, and the
    /// example project's files that draw no warning or error. Each with the schema of its detected kind.
    static func validPayloads() throws -> [(name: String, schema: String, path: String)] {
        var files: [URL] = []
        for folder in ["conformance/apns", "conformance/expo", "examples", "sns/aws"] {
            files += Paths.allFiles(below: Paths.testdata.appendingPathComponent(folder))
        }
        for family in try FileManager.default.contentsOfDirectory(
            atPath: Paths.testdata.appendingPathComponent("fixtures").path)
        {
            files += Paths.allFiles(below: Paths.testdata.appendingPathComponent("fixtures/\(family)/clean"))
        }
        let engine = Engine(project: Project(baseDirectory: Paths.repo.path), options: LintOptions(jobs: 1))
        var out: [(String, String, String)] = []
        for file in files
        where file.pathExtension == "json" && !file.lastPathComponent.hasPrefix(".")
            && !file.lastPathComponent.contains("contract")
        {
            let bytes = try [UInt8](Data(contentsOf: file))
            let report = engine.lint(bytes: bytes, path: file.path)
            guard let fileReport = report.files.first, let kind = fileReport.kind,
                !fileReport.diagnostics.contains(where: { $0.severity >= .warning })
            else { continue }
            let schema: String
            switch kind {
            case .apns: schema = "apns"
            case .fcm: schema = "fcm"
            case .expo: schema = "expo"
            case .webpush: schema = "webpush"
            case .sns: schema = "sns"
            default: continue
            }
            out.append((String(file.path.dropFirst(Paths.testdata.path.count + 1)), schema, file.path))
        }
        return out
    }

    @Test(.tags(.slow), .whenSlowTestsAreOn) func schemasAreValidAndTheBundledPayloadsValidate() throws {
        let payloads = try Self.validPayloads()
        // Web Push has one documented example (the Push API's declarative message) besides the example project's.
        // AWS documents six SNS messages; two draw findings (a number in FCM data, a URL inside aps).
        let fewest = ["webpush": 2, "sns": 4]
        let schemaNames = PayloadJSONSchema.payloadNames + PayloadJSONSchema.envelopeNames
        for name in schemaNames {
            #expect(
                payloads.filter { $0.schema == name }.count >= fewest[name, default: 5],
                "too few \(name) payloads found")
        }
        let schemaFiles = try schemaNames.map {
            try ExternalTool.temporaryFile(PayloadJSONSchema.render($0)!, suffix: ".json")
        }
        defer { for file in schemaFiles { try? FileManager.default.removeItem(at: file) } }
        // Mistakes each schema must refuse: the validator really validates.
        let invalid = [
            ("invalid apns", "apns", #"{"aps": {"badge": "three", "interruption-level": "urgent"}}"#),
            // A Live Activity's localized title and any relevance score, in a notification that has no event.
            (
                "invalid apns notification", "apns",
                #"{"aps": {"alert": {"title": {"loc-key": "T"}}, "relevance-score": 5}}"#
            ),
            ("invalid fcm", "fcm", #"{"message": {"token": "t", "android": {"priority": "urgent", "ttl": 3600}}}"#),
            ("invalid expo", "expo", #"{"to": "ExponentPushToken[x]", "priority": "urgent"}"#),
            ("invalid sns", "sns", #"{"default": "d", "APNS": {"aps": {}}, "gcm": "{}"}"#),
            ("invalid webpush", "webpush", #"{"web_push": 8030, "notification": {"title": 3, "navigate": "x"}}"#),
        ]
        let invalidFiles = try invalid.map { try ExternalTool.temporaryFile($0.2, suffix: ".json") }
        defer { for file in invalidFiles { try? FileManager.default.removeItem(at: file) } }
        let names = payloads.map(\.name) + invalid.map(\.0)
        let jobs = payloads.map { "\($0.schema)=\($0.path)" } + zip(invalid, invalidFiles).map { "\($0.1)=\($1.path)" }
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator as V
            schemas = {}
            count = int(sys.argv[1])
            for name, path in zip(sys.argv[2:2 + count], sys.argv[2 + count:2 + 2 * count]):
                s = json.load(open(path)); V.check_schema(s); schemas[name] = V(s, format_checker=V.FORMAT_CHECKER)
            bad = 0
            for i, job in enumerate(sys.argv[2 + 2 * count:]):
                name, path = job.split("=", 1)
                for e in schemas[name].iter_errors(json.load(open(path, encoding="utf-8"))):
                    bad = 1; print("%d\\t%s %s" % (i, e.json_path, e.message))
            sys.exit(bad)
            """
        let result = try ExternalTool.runPython(
            ["-c", script, String(schemaNames.count)] + schemaNames
                + schemaFiles.map(\.path) + jobs)
        var problems: [String: String] = [:]
        if result.status != 0 {
            for line in result.output.split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 1)
                if parts.count == 2, let i = Int(parts[0]), names.indices.contains(i) {
                    problems[names[i], default: ""] += parts[1] + "\n"
                } else {
                    problems["(validator)", default: ""] += line + "\n"
                }
            }
        }
        for (name, _, _) in invalid {
            #expect(problems.removeValue(forKey: name) != nil, "the schema accepted \(name)")
        }
        #expect(problems.isEmpty, "\(problems.sorted { $0.key < $1.key }.map { "\($0.key):\n\($0.value)" }.joined())")
    }
}
