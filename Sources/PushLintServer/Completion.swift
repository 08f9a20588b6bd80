import PushLintEngine
import PushLintModel

/// Completion of keys and enum values inside `aps` (and an APNs envelope's `headers`), the FCM `message` and
/// Expo messages, from the schema tables the rules read, of `.pushlint.json` from the config's table and of a
/// contract from the contract's. The text before the cursor is scanned leniently (a document being typed rarely
/// parses) for the path of keys to the cursor's object.
extension LanguageServer {
    struct Cursor {
        /// Keys from the root to the object the cursor is in ("[]" for an array element).
        var path: [String] = []
        /// In key position (else in a value position, for `key`).
        var isKey = true
        var key: String?
        var inString = false
    }

    static func scan(_ bytes: [UInt8], upTo end: Int) -> Cursor? {
        struct Frame {
            var isObject: Bool
            var key: String?
            var expectsKey: Bool
        }
        var stack: [Frame] = []
        var path: [String] = []
        var i = 0
        var stringStart: Int?
        while i < end {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                var j = i + 1
                while j < end, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                if j >= end {
                    stringStart = i
                    i = end
                    continue
                }
                if var top = stack.last, top.isObject, top.expectsKey {
                    top.key = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
                    stack[stack.count - 1] = top
                }
                i = j + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if let top = stack.last { path.append(top.isObject ? (top.key ?? "") : "[]") }
                stack.append(Frame(isObject: b == UInt8(ascii: "{"), key: nil, expectsKey: true))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if stack.popLast() != nil, !stack.isEmpty { path.removeLast() }
            case UInt8(ascii: ":"):
                if !stack.isEmpty { stack[stack.count - 1].expectsKey = false }
            case UInt8(ascii: ","):
                if !stack.isEmpty, stack[stack.count - 1].isObject {
                    stack[stack.count - 1].expectsKey = true
                    stack[stack.count - 1].key = nil
                }
            default: break
            }
            i += 1
        }
        guard let top = stack.last, top.isObject else { return nil }
        return Cursor(path: path, isKey: top.expectsKey, key: top.key, inString: stringStart != nil)
    }

    /// The schema of the object at `path`, from the document's family.
    static func schema(at path: [String], in bytes: [UInt8]) -> MessageSchema? {
        let text = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        var current: MessageSchema
        var rest = path[...]
        if rest.first == "[]" { rest = rest.dropFirst() }
        if let first = rest.first, first == "aps" {
            current = EditorSchemas.aps
            rest = rest.dropFirst()
        } else if rest.count >= 2, rest[rest.startIndex] == "payload", rest[rest.startIndex + 1] == "aps" {
            current = EditorSchemas.aps
            rest = rest.dropFirst(2)
        } else if rest.first == "headers", text.contains("\"payload\"") {
            current = EditorSchemas.apnsHeaders
            rest = rest.dropFirst()
        } else if text.contains("\"web_push\"") {
            current = EditorSchemas.webpushDeclarative
        } else if text.contains("\"message\"") {
            current = EditorSchemas.fcmSendRequest
        } else if text.contains("PushToken[") || text.contains("\"to\"") || path.first == "[]" {
            current = EditorSchemas.expoMessage
        } else if text.contains("\"token\"") || text.contains("\"topic\"") || text.contains("\"condition\"") {
            current = EditorSchemas.fcmMessage
        } else {
            return nil
        }
        for key in rest {
            if key == "[]" { continue }
            guard let field = current.field(named: key), let next = messageSchema(in: field.type) else { return nil }
            current = next
        }
        return current
    }

    /// The schema of the object at `path` of a `.pushlint.json`: the config is a table like the payloads
    /// (`ConfigSchema`), so its keys and enum values complete as a payload's do.
    static func configSchema(at path: [String]) -> MessageSchema? {
        var current = ConfigSchema.file
        for key in path where key != "[]" {
            guard let field = current.field(named: key), let next = messageSchema(in: field.type) else { return nil }
            current = next
        }
        return current
    }

    /// The schema of the object at `path` of a document: its config table for `.pushlint.json`, the contract's
    /// table (`ContractSchema`) for a contract, else the payload schema of the document's family.
    static func schema(at path: [String], of document: Document, isContract: Bool) -> MessageSchema? {
        if PushLintFile.recognise(name: PathText.lastComponent(document.path), document: nil) == .config {
            return configSchema(at: path)
        }
        if isContract { return ContractSchema.object(at: path) }
        return schema(at: path, in: document.text.bytes)
    }

    /// Whether a document is a contract: named as `pushlint init --contract` names one, naming the contract's JSON
    /// Schema in its text (a document being typed rarely parses), or the contract a loaded project's config names.
    func isContract(_ document: Document) -> Bool {
        if PushLintFile.recognise(name: PathText.lastComponent(document.path), document: nil) == .contract {
            return true
        }
        if let schemaFile = PushLintFile.contract.schemaFileName,
            String(decoding: document.text.bytes.prefix(1 << 16), as: UTF8.self).contains(schemaFile)
        {
            return true
        }
        return projects.values.contains {
            if case .success(let project) = $0 { return project.contractFile == document.path } else { return false }
        }
    }

    static func messageSchema(in type: SchemaType) -> MessageSchema? {
        switch type {
        case .message(let schema): return schema
        case .array(let element): return messageSchema(in: element)
        case .oneOf(let types): return types.lazy.compactMap(messageSchema).first
        default: return nil
        }
    }

    /// The values a field takes, each as its text and whether it is inserted as a JSON literal (`true`, `1`)
    /// rather than a string.
    static func values(of type: SchemaType) -> [(text: String, isLiteral: Bool)] {
        switch type {
        case .enumeration(let values, let aliases): return (values + aliases).map { ($0, false) }
        case .bool: return [("true", true), ("false", true)]
        case .flag: return [("1", true)]
        case .literal(let values): return values.map { ($0, true) }
        case .oneOf(let types): return types.flatMap(values)
        default: return []
        }
    }

    func completion(_ document: Document, _ params: LSPValue) -> LSPValue {
        guard let offset = Self.offset(params["position"], in: document.text),
            let cursor = Self.scan(document.text.bytes, upTo: offset)
        else { return .array([]) }
        var items: [LSPValue] = []
        let isContract = isContract(document)
        if cursor.isKey {
            let schema = Self.schema(at: cursor.path, of: document, isContract: isContract)
            let fields = schema?.fields ?? []
            let root = cursor.path.isEmpty || cursor.path == ["[]"]
            let names: [(String, String)] =
                fields.map { ($0.name, $0.type.summary) }
                + (schema == nil && root
                    ? [
                        ("aps", "the APNs aps dictionary"), ("message", "an FCM HTTP v1 message"),
                        ("to", "Expo push tokens"),
                    ] : [])
            for (name, detail) in names {
                items.append(
                    .object([
                        ("label", .string(name)), ("kind", .int(10)), ("detail", .string(detail)),
                        ("insertText", .string(cursor.inString ? name : "\"\(name)\": ")),
                    ]))
            }
        } else if let key = cursor.key, let schema = Self.schema(at: cursor.path, of: document, isContract: isContract),
            let field = schema.field(named: key)
        {
            for (value, isLiteral) in Self.values(of: field.type) {
                items.append(
                    .object([
                        ("label", .string(value)), ("kind", .int(20)), ("detail", .string(field.type.summary)),
                        ("insertText", .string(cursor.inString || isLiteral ? value : "\"\(value)\"")),
                    ]))
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }
}
