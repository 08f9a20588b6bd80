import Foundation
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// `schemas/*.schema.json` describe exactly the keys the Swift readers accept (Config.swift, Contract.swift):
/// every key the reader knows is in the schema and every key of the schema is known to the reader.
@Suite struct SchemaTests {
    static func schema(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Paths.repo.appendingPathComponent("schemas/\(name)"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The object schema at a path of property names; `*` steps into `additionalProperties`, `[]` into `items`.
    static func object(_ root: [String: Any], _ path: [String]) throws -> [String: Any] {
        var node = root
        for step in path {
            switch step {
            case "*":
                node = try #require(
                    node["additionalProperties"] as? [String: Any], "no additionalProperties at \(path)")
            case "[]": node = try #require(node["items"] as? [String: Any], "no items at \(path)")
            default:
                let properties = try #require(node["properties"] as? [String: Any], "no properties at \(path)")
                node = try #require(properties[step] as? [String: Any], "no property \(step) at \(path)")
            }
        }
        return node
    }

    static func keys(_ root: [String: Any], _ path: [String]) throws -> Set<String> {
        let node = try object(root, path)
        #expect(
            node["additionalProperties"] as? Bool == false, "\(path): unknown keys must be rejected as the reader does")
        return Set((node["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test func configSchemaMatchesTheReader() throws {
        let schema = try Self.schema("pushlint.schema.json")
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(try Self.keys(schema, []) == Set(Config.knownKeys))
        #expect(try Self.keys(schema, ["apns"]) == Set(Config.apnsKeys))
        #expect(try Self.keys(schema, ["overrides", "[]"]) == Set(Config.overrideKeys))
        #expect(try Self.keys(schema, ["placeholders"]) == Set(Config.placeholderKeys))
        let kinds = try Self.object(schema, []).description
        for kind in PayloadKind.allCases { #expect(kinds.contains(kind.rawValue)) }
    }

    @Test func contractSchemaMatchesTheReader() throws {
        let schema = try Self.schema("push-contract.schema.json")
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(try Self.keys(schema, []) == Set(Contract.knownKeys))
        #expect(try Self.keys(schema, ["ios"]) == Set(Contract.iosKeys))
        #expect(try Self.keys(schema, ["android"]) == Set(Contract.androidKeys))
        #expect(try Self.keys(schema, ["android", "channels", "[]"]) == Set(Contract.channelKeys))
        #expect(try Self.keys(schema, ["events", "*"]) == Set(Contract.eventKeys))
        #expect(try Self.keys(schema, ["events", "*", "fields", "*"]) == Set(Contract.fieldKeys))
        #expect(try Self.keys(schema, ["variables", "*"]) == Set(Contract.variableKeys))
        #expect(try Self.keys(schema, ["links"]) == Set(Contract.linksKeys))
        #expect(try Self.keys(schema, ["ios", "liveActivities", "*"]) == Set(Contract.liveActivityKeys))
        for part in ["contentState", "attributes"] {
            #expect(try Self.keys(schema, ["ios", "liveActivities", "*", part, "*"]) == Set(Contract.stateFieldKeys))
        }
    }

    @Test func enumsMatchTheReader() throws {
        let contract = try Self.schema("push-contract.schema.json")
        func values(_ node: [String: Any]) -> Set<String> { Set((node["enum"] as? [String]) ?? []) }
        #expect(
            values(try Self.object(contract, ["android", "channels", "[]", "importance"]))
                == Set(Contract.Importance.allCases.map(\.rawValue)))
        #expect(
            values(try Self.object(contract, ["events", "*", "urgency"]))
                == Set(Contract.Urgency.allCases.map(\.rawValue)))
        #expect(
            values(try Self.object(contract, ["events", "*", "fields", "*", "type"]))
                == Set(Contract.FieldType.allCases.map(\.rawValue)))
        #expect(values(try Self.object(contract, ["ios", "entitlements", "[]"])) == Set(Contract.entitlements))
        #expect(
            values(try Self.object(contract, ["ios", "liveActivities", "*", "contentState", "*", "type"]))
                == Set(Contract.StateType.allCases.map(\.rawValue)))
        let config = try Self.schema("pushlint.schema.json")
        let defs = try #require(config["$defs"] as? [String: Any])
        #expect(values(try #require(defs["kind"] as? [String: Any])) == Set(PayloadKind.allCases.map(\.rawValue)))
        #expect(values(try #require(defs["level"] as? [String: Any])) == ["off", "info", "warning", "error"])
    }
}

/// The complete config and contract examples of the reference pages (docs/configuration.md, docs/contract.md) are
/// read by the Swift readers without error.
@Suite struct ReadmeExampleTests {
    static func blocks(containing marker: String) throws -> [String] {
        let readme = try ["docs/configuration.md", "docs/contract.md"].map {
            try String(contentsOf: Paths.repo.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        return readme.components(separatedBy: "```jsonc\n").dropFirst().compactMap { part in
            let block = part.components(separatedBy: "```").first ?? ""
            return block.contains(marker) ? block : nil
        }
    }

    @Test func theCompleteConfigExampleReads() throws {
        let blocks = try Self.blocks(containing: "schemas/pushlint.schema.json")
        #expect(!blocks.isEmpty)
        for block in blocks {
            let config = try Config.read(path: "README.md", bytes: Array(block.utf8), rules: RuleRegistry.descriptions)
            #expect(config.contract == "push-contract.json")
        }
    }

    @Test func theCompleteContractExampleReads() throws {
        let blocks = try Self.blocks(containing: "schemas/push-contract.schema.json")
        #expect(!blocks.isEmpty)
        for block in blocks {
            let contract = try Contract.read(path: "README.md", bytes: Array(block.utf8))
            #expect(contract.events.first?.fields?.count == 3)
        }
    }
}
