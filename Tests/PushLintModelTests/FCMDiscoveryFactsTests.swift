import Foundation
import PushLintModel
import TestSupport
import Testing

/// The FCM schema table against Google's discovery document (`testdata/conformance/platforms/`, revision
/// 20261023): the generated facts say what the document says, field for field, and the schemas rules read are
/// built from them, narrowing a type only where a description says more. When the pinned document changes, run
/// `python3 scripts/gen-fcm-schema.py` and decide about what is new.
@Suite struct FCMDiscoveryFactsTests {
    static let factsFile = Paths.conformance.appendingPathComponent("platforms/fcm-v1-message.schema-facts.json")

    static func document() throws -> [String: Any] {
        let data = try Data(contentsOf: factsFile)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func schemas() throws -> [String: [String: Any]] {
        try #require(try document()["schemas"] as? [String: [String: Any]])
    }

    /// A property of the document as a `FieldType`, read independently of the generator.
    static func fieldType(_ property: [String: Any]) throws -> FCMDiscovery.FieldType {
        if let ref = property["$ref"] as? String { return .ref(ref) }
        let format = property["format"] as? String
        if let values = property["enum"] as? [String] { return .enumeration(values) }
        switch property["type"] as? String {
        case "string": return .string(format: format)
        case "boolean": return .boolean
        case "integer": return .integer(format: format)
        case "number": return .number(format: format)
        case "any": return .any
        case "array": return .array(try fieldType(try #require(property["items"] as? [String: Any])))
        case "object": return .map(try fieldType(try #require(property["additionalProperties"] as? [String: Any])))
        case let other: throw Mismatch(description: "unknown type \(String(describing: other))")
        }
    }

    struct Mismatch: Error, CustomStringConvertible { var description: String }

    /// Names of `Message` and every schema it references in the document.
    static func reachable(_ schemas: [String: [String: Any]]) throws -> Set<String> {
        var seen: Set<String> = []
        var todo = ["Message"]
        func refs(_ type: FCMDiscovery.FieldType) -> [String] {
            switch type {
            case .ref(let name): return [name]
            case .array(let element), .map(let element): return refs(element)
            default: return []
            }
        }
        while let name = todo.popLast() {
            guard seen.insert(name).inserted else { continue }
            let properties =
                try #require(schemas[name], "\(name) is referenced but missing")["properties"]
                as? [String: [String: Any]] ?? [:]
            for property in properties.values { todo += refs(try fieldType(property)) }
        }
        return seen
    }

    @Test func factsAreThoseOfThePinnedDocument() throws {
        let document = try Self.document()
        #expect((document["source"] as? String)?.hasSuffix("revision \(FCMDiscovery.revision)") == true)
        let schemas = try Self.schemas()
        let names = try Self.reachable(schemas)
        #expect(
            names.contains("AndroidConfigV2") && names.contains("GoogleFirebaseFcmV1AndroidNotificationV2LightSettings")
        )
        #expect(Set(FCMDiscovery.schemas.map(\.name)) == names, "schemas: run python3 scripts/gen-fcm-schema.py")
        #expect(FCMDiscovery.schemas.count == names.count, "a schema twice")
        for table in FCMDiscovery.schemas {
            let properties = schemas[table.name]?["properties"] as? [String: [String: Any]] ?? [:]
            #expect(Set(table.fields.map(\.jsonName)) == Set(properties.keys), "\(table.name): fields differ")
            #expect(table.fields.count == properties.count, "\(table.name): a field twice")
            for field in table.fields {
                guard let property = properties[field.jsonName] else { continue }
                #expect(
                    field.type == (try Self.fieldType(property)),
                    "\(table.name).\(field.jsonName): type, format or enum differs")
                // The proto name is the one proto3 JSON derives this json name from.
                #expect(SchemaField.lowerCamelCase(field.name) == field.jsonName, "\(table.name).\(field.name)")
                #expect(field.name == field.name.lowercased(), "\(table.name).\(field.name) is not snake_case")
            }
        }
    }

    /// Whether a pushlint type is the document's type, or a narrower reading of it (a format, a bound, aliases).
    static func refines(_ type: SchemaType, _ fact: FCMDiscovery.FieldType) -> Bool {
        switch (type, fact) {
        case (.string(_), .string(format: nil)): return true
        case (.duration, .string(format: "google-duration")): return true
        case (.timestamp, .string(format: "google-datetime")): return true
        case (.bool, .boolean): return true
        case (.int32, .integer(format: "int32")): return true
        case (.number, .number): return true
        case (.enumeration(let values, _), .enumeration(let facts)): return values == facts
        case (.message(let schema), .ref(let name)): return schema.name == name
        case (.stringMap, .map(.string(format: nil))): return true
        case (.freeObject, .map(.any)): return true
        case (.array(let element), .array(let fact)): return refines(element, fact)
        default: return false
        }
    }

    /// Every schema reachable from `FCMSchema.message` has the document's fields, in its order and spellings, and
    /// a type that is the document's or narrower; every schema of the document is reachable.
    @Test func schemasAreBuiltFromTheFacts() throws {
        var seen: Set<String> = []
        func visit(_ schema: MessageSchema) {
            guard seen.insert(schema.name).inserted else { return }
            guard let facts = FCMDiscovery.schema(named: schema.name) else {
                Issue.record("\(schema.name) is not in the discovery facts")
                return
            }
            #expect(schema.fields.map(\.name) == facts.fields.map(\.name), "\(schema.name)")
            #expect(schema.fields.map(\.jsonName) == facts.fields.map(\.jsonName), "\(schema.name)")
            for (field, fact) in zip(schema.fields, facts.fields) {
                #expect(
                    Self.refines(field.type, fact.type),
                    "\(schema.name).\(field.name): \(field.type.summary) is not \(fact.type)")
                for nested in Self.messages(in: field.type) { visit(nested) }
            }
        }
        visit(FCMSchema.message)
        #expect(seen == Set(FCMDiscovery.schemas.map(\.name)))
        #expect(
            FCMSchema.sendRequest.field(named: "message").map { Self.messages(in: $0.type).first === FCMSchema.message }
                == true)
    }

    static func messages(in type: SchemaType) -> [MessageSchema] {
        switch type {
        case .message(let schema): return [schema]
        case .array(let element): return messages(in: element)
        default: return []
        }
    }

    /// The committed table is what the generator writes from the pinned facts.
    @Test(.tags(.slow), .whenSlowTestsAreOn) func generatedFileIsCurrent() throws {
        let result = try ExternalTool.runPython(
            [Paths.repo.appendingPathComponent("scripts/gen-fcm-schema.py").path, Self.factsFile.path, "--check"])
        #expect(result.status == 0, "\(result.output)")
    }
}
