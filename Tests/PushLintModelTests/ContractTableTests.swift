import Foundation
import PushLintJSON
import PushLintModel
import TestSupport
import Testing

/// The contract is one table (`ContractSchema`): the reader reads every key of it with the value it says and no
/// other key, the JSON Schema and docs/contract.md list the same keys with its descriptions, and completion offers
/// them. (Completion in the language server itself is checked in LanguageServerTests.)
@Suite struct ContractTableTests {
    typealias Shape = ContractSchema.Shape

    func readError(_ text: String) -> ConfigurationError? {
        do {
            _ = try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
            return nil
        } catch { return error }
    }

    // MARK: Contracts made from the table

    /// A value of `shape` that the reader accepts.
    static func validValue(_ shape: Shape) -> String {
        switch shape {
        case .string, .scalar: return #""x""#
        case .boolean: return "true"
        case .count: return "1"
        case .strings: return #"["x"]"#
        case .enumeration(let values): return "\"\(values[0])\""
        case .array(let element): return "[" + validValue(element) + "]"
        case .anyArray: return #"["x", 1]"#
        case .object(let record): return "{" + companions(record, present: nil).joined(separator: ", ") + "}"
        case .map(let value): return #"{"x": "# + validValue(value) + "}"
        }
    }

    /// Values of a JSON kind that `shape` does not take.
    static func wrongValues(_ shape: Shape) -> [String] {
        switch shape {
        case .string, .enumeration: return ["1", "null", "{}"]
        case .scalar: return ["[]", "{}"]
        case .boolean: return [#""x""#, "1"]
        case .count(let max): return [#""x""#, "-1", "1.5"] + (max.map { ["\($0 + 1)"] } ?? [])
        case .strings: return [#""x""#, "[1]"]
        case .array(let element): return [#""x""#, "{}"] + wrongValues(element).map { "[\($0)]" }
        case .anyArray: return [#""x""#, "{}"]
        case .object: return [#""x""#, "[]"]
        case .map: return [#""x""#, "[]"]
        }
    }

    /// What an object of `record` needs beside the key `present` for the reader to reach it: its required keys, and
    /// an event's way to be found (`files` or `match`, which the reader wants one of).
    static func companions(_ record: ContractSchema.Record, present: String?) -> [String] {
        var members = record.keys.filter { $0.isRequired && $0.name != present }.map {
            "\"\($0.name)\": " + validValue($0.shape)
        }
        if record.name == ContractSchema.event.name, present != "files", present != "match" {
            members.append(#""match": {"type": "x"}"#)
        }
        return members
    }

    /// A contract with the member `"name": value` in the object at `path` (a path of `ContractSchema.records`).
    static func contract(placing name: String, _ value: String, at path: [String]) -> String {
        func build(_ shape: Shape, _ rest: ArraySlice<String>) -> String {
            switch shape {
            case .object(let record):
                let present = rest.first ?? name
                let member =
                    rest.first.flatMap { step in
                        record.keys.first { $0.name == step }.map {
                            "\"\(step)\": " + build($0.shape, rest.dropFirst())
                        }
                    } ?? "\"\(name)\": \(value)"
                return "{" + ([member] + companions(record, present: present)).joined(separator: ", ") + "}"
            case .array(let element): return "[" + build(element, rest.dropFirst()) + "]"
            case .map(let values): return #"{"x": "# + build(values, rest.dropFirst()) + "}"
            default: return "null"
            }
        }
        return build(.object(ContractSchema.top), path[...])
    }

    /// The table's paths as a reader of the contract writes them: `android.channels[].id`, `events.NAME.files`.
    static func dotted(_ path: [String], _ key: String) -> String {
        var out = ""
        for step in path + [key] {
            if step == "[]" {
                out += step
            } else {
                out += (out.isEmpty ? "" : ".") + step
            }
        }
        return out
    }

    @Test func theWalkReachesEveryRecordOfTheTable() {
        let reached = Set(ContractSchema.records.map(\.record.name))
        let declared: [ContractSchema.Record] = [
            ContractSchema.top, ContractSchema.ios, ContractSchema.liveActivity, ContractSchema.stateField,
            ContractSchema.android, ContractSchema.channel, ContractSchema.event, ContractSchema.field,
            ContractSchema.variable, ContractSchema.links,
        ]
        #expect(reached == Set(declared.map(\.name)))
        // Completion shows a record's name: two records must not share one.
        #expect(Set(declared.map(\.name)).count == declared.count)
    }

    // MARK: The reader

    @Test func theReaderReadsEveryKeyOfTheTableWithItsShape() {
        for (path, record) in ContractSchema.records {
            for key in record.keys {
                let place = Self.dotted(path, key.name)
                let valid = Self.contract(placing: key.name, Self.validValue(key.shape), at: path)
                #expect(readError(valid) == nil, "\(place): \(valid) is refused: \(readError(valid)?.message ?? "")")
                for wrong in Self.wrongValues(key.shape) {
                    let text = Self.contract(placing: key.name, wrong, at: path)
                    let error = readError(text)
                    if key.isDocumentationOnly {
                        // Kept by nobody: only the JSON Schema checks it.
                        #expect(error == nil, "\(place) is documentation only, yet \(text) is refused")
                    } else {
                        // An element of an array of objects is named as what it is ("a channel must be an object").
                        var names = [key.name]
                        if case .array(.object(let element)) = key.shape { names.append(element.name) }
                        #expect(
                            names.contains { error?.message.contains($0) == true },
                            "\(place) is in the table but \(text) is not refused naming it: \(error?.message ?? "no error")"
                        )
                        if let error { #expect(!error.message.contains("unknown key"), "\(text)") }
                    }
                }
            }
        }
    }

    @Test func theReaderTakesExactlyTheTablesValues() {
        for (path, record) in ContractSchema.records {
            for key in record.keys {
                let values: [String]
                let wrap: (String) -> String
                switch key.shape {
                case .enumeration(let v):
                    values = v
                    wrap = { $0 }
                case .array(.enumeration(let v)):
                    values = v
                    wrap = { "[\($0)]" }
                default: continue
                }
                for value in values {
                    let text = Self.contract(placing: key.name, wrap("\"\(value)\""), at: path)
                    #expect(readError(text) == nil, "\(text)")
                }
                let error = readError(Self.contract(placing: key.name, wrap(#""zzz""#), at: path))
                #expect(error?.message.contains("'zzz'") == true, "\(Self.dotted(path, key.name))")
            }
        }
        let items = Self.contract(placing: "maxItems", "\(Contract.maxLoopItems)", at: ["variables", "NAME"])
        #expect(readError(items) == nil)
    }

    @Test func theReaderKnowsNoKeyBesideTheTable() {
        for (path, record) in ContractSchema.records {
            let error = readError(Self.contract(placing: "plugins", "1", at: path))
            #expect(error?.message.contains("unknown key 'plugins'") == true, "\(path)")
            #expect(error?.hint == "known keys: " + record.names.joined(separator: ", "), "\(path)")
        }
    }

    @Test func theReaderNamesAMissingRequiredKey() {
        for (path, record) in ContractSchema.records {
            for key in record.keys where key.isRequired {
                // The object without the key: place another of its keys.
                guard let other = record.keys.first(where: { !$0.isRequired }) else { continue }
                var text = Self.contract(placing: other.name, Self.validValue(other.shape), at: path)
                text = text.replacingOccurrences(of: "\"\(key.name)\": " + Self.validValue(key.shape), with: "")
                    .replacingOccurrences(of: ", }", with: "}")
                #expect(readError(text)?.message.contains("'\(key.name)'") == true, "\(text)")
            }
        }
    }

    // MARK: The JSON Schema

    @Test func theJSONSchemaListsTheTable() throws {
        let text = try #require(PayloadJSONSchema.render("contract", rules: []))
        let doc = try #require(JSONParser.parse(text).document)
        #expect(doc.member(doc.root, "description").map { doc.string($0) } == ContractSchema.summary)
        for (path, record) in ContractSchema.records {
            var node: NodeID? = doc.root
            for step in path {
                guard let current = node else { break }
                switch step {
                case "[]": node = doc.member(current, "items")
                case "NAME": node = doc.member(current, "additionalProperties")
                default: node = doc.member(current, "properties").flatMap { doc.member($0, step) }
                }
            }
            let object = try #require(node, "\(path) is not in the JSON Schema")
            #expect(doc.member(object, "additionalProperties").flatMap { doc.boolValue($0) } == false, "\(path)")
            let properties = try #require(doc.member(object, "properties"))
            let written = doc.members(properties)
            #expect(written.map { doc.string($0.key) } == record.names, "\(path)")
            #expect(
                written.map { member in doc.member(member.value, "description").map { doc.string($0) } }
                    == record.keys.map(\.description), "\(path)")
            let required = doc.member(object, "required").map { doc.elements($0).map { doc.string($0) } } ?? []
            #expect(required == record.required, "\(path)")
            for (member, key) in zip(written, record.keys) {
                var values = member.value
                if case .array(.enumeration) = key.shape, let items = doc.member(values, "items") { values = items }
                let written = doc.member(values, "enum").map { doc.elements($0).map { doc.string($0) } }
                switch key.shape {
                case .enumeration(let expected), .array(.enumeration(let expected)):
                    #expect(written == expected, "\(Self.dotted(path, key.name))")
                default: #expect(written == nil, "\(Self.dotted(path, key.name))")
                }
            }
        }
    }

    // MARK: Completion

    @Test func completionOffersEveryRecordsKeys() throws {
        for (path, record) in ContractSchema.records {
            let steps = path.map { $0 == "NAME" ? "order_shipped" : $0 }
            let schema = try #require(ContractSchema.object(at: steps), "\(path)")
            #expect(schema.fields.map(\.name) == record.names)
            #expect(schema.required == record.required)
            for (field, key) in zip(schema.fields, record.keys) {
                if case .enumeration(let values) = key.shape, case .enumeration(let offered, _) = field.type {
                    #expect(offered == values)
                }
            }
        }
        // A map's keys are the team's names, and a key's value is no object.
        #expect(ContractSchema.object(at: ["events"]) == nil)
        #expect(ContractSchema.object(at: ["ios", "bundleId"]) == nil)
        #expect(ContractSchema.object(at: ["android", "channels"]) == nil)
        #expect(ContractSchema.object(at: ["nope"]) == nil)
    }

    // MARK: The docs

    @Test func theReferencePageListsEveryKeyOfTheTable() throws {
        let page = try String(
            contentsOf: Paths.repo.appendingPathComponent("docs/contract.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
        var expected: [String] = []
        for (path, record) in ContractSchema.records {
            for key in record.keys {
                let name = Self.dotted(path, key.name)
                expected.append(name)
                let row = rows.first { $0.hasPrefix("| `\(name)` |") }
                #expect(row?.hasSuffix("| \(key.description) |") == true, "docs/contract.md: \(name)")
            }
        }
        #expect(rows.count == expected.count, "docs/contract.md has rows the table lacks, or lacks some")
    }
}
