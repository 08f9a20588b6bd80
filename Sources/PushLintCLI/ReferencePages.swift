import PushLintJSON
import PushLintModel
import PushLintRules

/// The parts of the reference pages in docs/ that are generated from the code, so they cannot drift from it: the
/// command line's help text (docs/cli.md), and every key of `.pushlint.json` and of the contract with its type,
/// default and meaning, read from the JSON Schemas that `pushlint schema` writes (docs/configuration.md,
/// docs/contract.md). Each page is hand-written around one generated section; `swift run pushlint-docgen` rewrites
/// the sections and `DocsTests` fails when a committed page differs from what it would write.
public enum ReferencePages {
    public struct Section: Sendable {
        /// The page, relative to the repository root.
        public var page: String
        /// The section's name in its markers (`<!-- generated:NAME begin ... -->`).
        public var name: String
        public var content: String
    }

    public static func sections() -> [Section] {
        [
            Section(page: "docs/cli.md", name: "help", content: helpReference()),
            Section(page: "docs/configuration.md", name: "keys", content: schemaReference("config")),
            Section(page: "docs/contract.md", name: "keys", content: schemaReference("contract")),
        ]
    }

    /// A page with its generated section rewritten; nil when the page lacks the section's markers.
    public static func updating(_ page: String, _ section: Section) -> String? {
        RuleDocumentation.replacingSection(section.name, in: page, with: section.content)
    }

    // MARK: The command line

    /// Every help screen, in the order of `pushlint --help`.
    static let helpScreens: [(command: String, text: String)] = [
        ("pushlint --help", Help.root),
        ("pushlint lint --help", Help.lint),
        ("pushlint rules --help", Help.rules),
        ("pushlint explain --help", Help.explain),
        ("pushlint init --help", Help.initCommand),
        ("pushlint schema --help", Help.schema),
        ("pushlint server --help", Help.server),
        ("pushlint app scan --help", Help.app),
    ]

    static func helpReference() -> String {
        var out = ""
        for (command, text) in helpScreens {
            var body = text
            while body.hasSuffix("\n") { body.removeLast() }
            out += "### `\(command)`\n\n```text\n\(body)\n```\n\n"
        }
        return out
    }

    // MARK: The configuration and the contract

    /// A table of every key of a schema (`config` or `contract`): nested keys by their dotted path, `NAME` for a
    /// key the user chooses (an event, a rule id), `[]` for the elements of an array.
    static func schemaReference(_ name: String) -> String {
        guard let text = PayloadJSONSchema.render(name), let document = JSONParser.parse(text).document,
            let properties = document.member(document.root, "properties")
        else { return "(the `\(name)` schema could not be read)\n" }
        let reader = SchemaReader(document: document)
        var rows: [String] = []
        reader.addRows(of: properties, prefix: "", into: &rows)
        return "| key | type | default | meaning |\n|---|---|---|---|\n" + rows.joined(separator: "\n") + "\n"
    }

    struct SchemaReader {
        var document: JSONDocument

        func addRows(of properties: NodeID, prefix: String, into rows: inout [String]) {
            for member in document.members(properties) {
                let key = prefix + document.string(member.key)
                let node = member.value
                rows.append(
                    "| `\(key)` | \(cell(type(of: node))) | \(cell(defaultValue(of: node))) | "
                        + "\(cell(description(of: node))) |")
                for (suffix, record) in records(below: node) {
                    addRows(of: record, prefix: key + suffix, into: &rows)
                }
            }
        }

        /// The `properties` objects under a node: its own, its array elements' (`[].`), its map values' (`.NAME.`),
        /// and those of each `anyOf` alternative.
        func records(below node: NodeID) -> [(suffix: String, properties: NodeID)] {
            var found: [(String, NodeID)] = []
            if let properties = document.member(node, "properties") { found.append((".", properties)) }
            if let items = document.member(node, "items"), document.kind(items) == .object {
                found += records(below: items).map { ("[]" + $0.suffix, $0.properties) }
            }
            if let values = document.member(node, "additionalProperties"), document.kind(values) == .object {
                found += records(below: values).map { (".NAME" + $0.suffix, $0.properties) }
            }
            if let alternatives = document.member(node, "anyOf") {
                for alternative in document.elements(alternatives) { found += records(below: alternative) }
            }
            return found
        }

        func type(of node: NodeID) -> String {
            if let values = document.member(node, "enum") {
                return document.elements(values).map { "`\(document.rawText($0))`" }.joined(separator: " | ")
            }
            if let ref = document.member(node, "$ref") {
                return definitionName(document.string(ref))
            }
            if let alternatives = document.member(node, "anyOf") {
                return document.elements(alternatives).map { type(of: $0) }.joined(separator: " or ")
            }
            guard let type = document.member(node, "type") else { return "" }
            let names =
                document.kind(type) == .array
                ? document.elements(type).map { document.string($0) } : [document.string(type)]
            if names == ["array"], let items = document.member(node, "items") {
                let element = self.type(of: items)
                return element.isEmpty ? "array" : "[\(element)]"
            }
            if names == ["object"], document.member(node, "properties") == nil,
                let values = document.member(node, "additionalProperties"), document.kind(values) == .object
            {
                let value = self.type(of: values)
                return value.isEmpty ? "object" : "NAME → \(value)"
            }
            return names.joined(separator: " or ")
        }

        /// `#/$defs/globs` → `[glob]`; a definition that is an enumeration → its values.
        func definitionName(_ ref: String) -> String {
            let name = ref.split(separator: "/").last.map(String.init) ?? ref
            if let definitions = document.member(document.root, "$defs"),
                let definition = document.member(definitions, name)
            {
                if document.member(definition, "enum") != nil { return type(of: definition) }
                if let items = document.member(definition, "items"), let itemRef = document.member(items, "$ref") {
                    return "[\(definitionName(document.string(itemRef)))]"
                }
                if document.member(definition, "additionalProperties") != nil { return type(of: definition) }
            }
            return name
        }

        func defaultValue(of node: NodeID) -> String {
            guard let value = document.member(node, "default") else { return "" }
            return "`\(compact(value))`"
        }

        /// A value's JSON on one line.
        func compact(_ node: NodeID) -> String {
            switch document.kind(node) {
            case .array: return "[" + document.elements(node).map(compact).joined(separator: ", ") + "]"
            case .object:
                return "{"
                    + document.members(node).map { "\(document.rawText($0.key)): \(compact($0.value))" }
                    .joined(separator: ", ") + "}"
            default: return document.rawText(node)
            }
        }

        func description(of node: NodeID) -> String {
            document.member(node, "description").map { document.string($0) } ?? ""
        }

        /// Table cells hold one line, and a `|` of the text does not end the cell.
        func cell(_ text: String) -> String {
            var out = ""
            for character in text {
                switch character {
                case "\n": out += " "
                case "|": out += "\\|"
                default: out.append(character)
                }
            }
            return out
        }
    }
}
