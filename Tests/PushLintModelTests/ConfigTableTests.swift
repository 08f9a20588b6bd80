import Foundation
import PushLintJSON
import PushLintModel
import Testing

/// `.pushlint.json` is one table (`ConfigSchema`): the reader reads every key of it and no other, and the JSON
/// Schema lists the same keys, in its order, with its descriptions. (The language server's completion from the
/// table is checked in LanguageServerTests.)
@Suite struct ConfigTableTests {
    func readError(_ text: String) -> ConfigurationError? {
        do {
            _ = try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: ConfigTests.rules)
            return nil
        } catch { return error }
    }

    /// Each nested table, with a JSON text that puts a key of it in place: `%@` is where `"key": null` goes.
    static let nested: [(keys: [ConfigSchema.Key], text: String)] = [
        (ConfigSchema.apns, #"{"apns": {%@}}"#),
        (ConfigSchema.placeholders, #"{"placeholders": {%@}}"#),
        (ConfigSchema.overrideEntry, #"{"overrides": [{"files": ["a"], %@}]}"#),
        (ConfigSchema.templateEntry, #"{"templates": [{"files": "a", %@}]}"#),
    ]

    @Test func theReaderReadsEveryKeyOfTheTable() {
        // `$schema` is for editors: the reader takes any value.
        for key in ConfigSchema.top where key.name != "$schema" {
            let error = readError("{\"\(key.name)\": null}")
            #expect(
                error?.message.contains(key.name) == true,
                "'\(key.name)' is in the table but not read: \(error?.message ?? "no error")")
            #expect(error?.message.contains("unknown key") == false)
        }
        for (keys, text) in Self.nested {
            for key in keys where !(key.name == "files" && text.contains("\"files\"")) {
                let error = readError(text.replacingOccurrences(of: "%@", with: "\"\(key.name)\": null"))
                #expect(
                    error?.message.contains(key.name) == true,
                    "'\(key.name)' is in the table but not read: \(error?.message ?? "no error")")
            }
        }
    }

    @Test func theReaderKnowsNoKeyBesideTheTable() {
        let error = readError(#"{"plugins": []}"#)
        #expect(error?.hint == "known keys: " + ConfigSchema.top.map(\.name).joined(separator: ", "))
        for (keys, text) in Self.nested {
            let nestedError = readError(text.replacingOccurrences(of: "%@", with: #""plugins": 1"#))
            #expect(nestedError?.hint == "known keys: " + keys.map(\.name).joined(separator: ", "), "\(text)")
        }
    }

    /// The keys (in order) and descriptions of a `properties` object of the rendered schema.
    static func properties(_ doc: JSONDocument, _ node: NodeID?) -> [(name: String, description: String?)] {
        guard let node, let properties = doc.member(node, "properties") else { return [] }
        return doc.members(properties).map { member in
            (doc.string(member.key), doc.member(member.value, "description").map { doc.string($0) })
        }
    }

    @Test func theJSONSchemaListsTheTable() throws {
        let text = try #require(PayloadJSONSchema.render("config", rules: ConfigTests.rules))
        let doc = try #require(JSONParser.parse(text).document)
        func at(_ path: String...) -> NodeID? {
            var node: NodeID? = doc.root
            for step in path {
                guard let current = node else { return nil }
                if let index = Int(step) {
                    node = doc.elements(current).dropFirst(index).first
                } else {
                    node =
                        step == "properties" || step == "items" || step == "anyOf"
                        ? doc.member(current, step)
                        : doc.member(current, "properties").flatMap { doc.member($0, step) }
                }
            }
            return node
        }
        let tables: [([ConfigSchema.Key], NodeID?)] = [
            (ConfigSchema.top, doc.root),
            (ConfigSchema.apns, at("apns")),
            (ConfigSchema.placeholders, at("placeholders")),
            (ConfigSchema.overrideEntry, at("overrides", "items")),
            (ConfigSchema.templateEntry, at("templates", "items", "anyOf", "1")),
        ]
        for (keys, node) in tables {
            let written = Self.properties(doc, node)
            #expect(written.map(\.name) == keys.map(\.name))
            #expect(written.map(\.description) == keys.map(\.description))
        }
    }
}
