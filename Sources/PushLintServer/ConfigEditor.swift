import PushLintEngine
import PushLintJSON
import PushLintModel

/// "Disable this rule for this file": an `overrides` entry in `.pushlint.json`, inserted as text (the rest of the
/// file, comments included, stays as it is), checked to load before it is written, written atomically.
enum ConfigEditor {
    struct Failure: Error {
        var message: String
    }

    static func disable(
        rule: String, forFile path: String, project: Project, folder: String, fileSystem: any FileSystem
    ) throws(Failure) {
        let base = project.baseDirectory
        let relative =
            path.hasPrefix(base + "/")
            ? String(path.dropFirst(base.count + 1)) : String(path.split(separator: "/").last ?? "")
        let entry = "{ \"files\": [\(quoted(relative))], \"rules\": { \(quoted(rule)): \"off\" } }"
        let file = project.configFile ?? folder + "/" + Project.configFileName
        var original: [UInt8] = []
        if project.configFile != nil {
            guard case .bytes(let bytes) = fileSystem.read(file, limit: 64 << 20) else {
                throw Failure(message: "cannot read \(file)")
            }
            original = bytes
        }
        let edited = try insert(entry: entry, into: original)
        do {
            _ = try EditorSchemas.readConfig(path: file, bytes: edited)
        } catch {
            throw Failure(
                message: "the edited configuration would not load (\(error.message)); \(file) is left unchanged")
        }
        do {
            try fileSystem.writeAtomically(file, edited)
        } catch {
            throw Failure(message: "cannot write \(file): \(error.message)")
        }
    }

    /// The config text with `entry` appended to `overrides` (made when missing); an empty text is a new file.
    static func insert(entry: String, into bytes: [UInt8]) throws(Failure) -> [UInt8] {
        if bytes.allSatisfy({ $0 == 32 || $0 == 10 || $0 == 13 || $0 == 9 }) {
            return Array("{\n  \"overrides\": [\n    \(entry)\n  ]\n}\n".utf8)
        }
        let parse = JSONParser.parse(bytes, options: JSONParseOptions(mode: .jsonc, maxDepth: 512, maxBytes: 64 << 20))
        guard let doc = parse.document, parse.error == nil, doc.kind(doc.root) == .object else {
            throw Failure(message: "the configuration does not parse; fix it first")
        }
        var out = bytes
        if let overrides = doc.member(doc.root, "overrides") {
            guard doc.kind(overrides) == .array else { throw Failure(message: "'overrides' is not an array") }
            if let last = doc.elements(overrides).last {
                out.insert(contentsOf: Array(", \(entry)".utf8), at: doc.span(last).end)
            } else {
                out.insert(contentsOf: Array(entry.utf8), at: doc.span(overrides).start + 1)
            }
        } else if let last = doc.members(doc.root).last {
            out.insert(contentsOf: Array(",\n  \"overrides\": [\(entry)]".utf8), at: doc.span(last.value).end)
        } else {
            out.insert(contentsOf: Array("\"overrides\": [\(entry)]".utf8), at: doc.span(doc.root).start + 1)
        }
        return out
    }

    static func quoted(_ s: String) -> String { String(decoding: LSPValue.string(s).bytes, as: UTF8.self) }
}
