import PushLintJSON

/// A problem in `.pushlint.json` or the contract: exit code 2, with file, line and column.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var position: SourcePosition?
    public var message: String
    public var hint: String?

    public init(path: String, position: SourcePosition?, message: String, hint: String? = nil) {
        self.path = path
        self.position = position
        self.message = message
        self.hint = hint
    }

    public var description: String {
        let location = position.map { "\(path):\($0.line):\($0.column)" } ?? path
        return "\(location): \(message)" + (hint.map { "\nhint: \($0)" } ?? "")
    }
}

/// Reads a JSONC document with the strictness a config deserves: every key known, every type checked, every
/// error located.
public struct ConfigReader: Sendable {
    public let path: String
    public let document: JSONDocument
    let lines: LineIndex

    /// Parses `bytes` as JSONC; syntax errors become configuration errors.
    public init(path: String, bytes: [UInt8]) throws(ConfigurationError) {
        self.path = path
        let result = JSONParser.parse(bytes, options: JSONParseOptions(mode: .jsonc, maxDepth: 512, maxBytes: 64 << 20))
        lines = LineIndex(bytes)
        guard let document = result.document else {
            let error = result.error ?? JSONError(.syntax, "could not be parsed", at: 0)
            throw ConfigurationError(path: path, position: lines.position(of: error.offset), message: error.message)
        }
        self.document = document
        for issue in result.issues {
            if case .duplicateKey(let key, _) = issue.kind {
                throw ConfigurationError(
                    path: path, position: lines.position(of: issue.span.start),
                    message: "key '\(document.string(key))' appears twice in this object")
            }
        }
    }

    public func error(_ node: NodeID, _ message: String, hint: String? = nil) -> ConfigurationError {
        ConfigurationError(
            path: path, position: lines.position(of: document.span(node).start), message: message, hint: hint)
    }

    public func position(_ node: NodeID) -> SourcePosition { lines.position(of: document.span(node).start) }

    /// The members of an object whose keys must all be in `known`.
    public func object(_ node: NodeID, _ what: String, known: [String]) throws(ConfigurationError) -> [String: NodeID] {
        guard document.kind(node) == .object else {
            throw error(node, "\(what) must be an object, found \(document.typeName(node))")
        }
        var result: [String: NodeID] = [:]
        for member in document.members(node) {
            let key = document.string(member.key)
            guard known.contains(key) else {
                throw error(
                    member.key, "unknown key '\(key)' in \(what)." + Suggest.didYouMean(key, in: known),
                    hint: "known keys: " + known.joined(separator: ", "))
            }
            result[key] = member.value
        }
        return result
    }

    /// The members of an object with free keys (a map).
    public func map(_ node: NodeID, _ what: String) throws(ConfigurationError) -> [(
        key: String, keyNode: NodeID, value: NodeID
    )] {
        guard document.kind(node) == .object else {
            throw error(node, "\(what) must be an object, found \(document.typeName(node))")
        }
        return document.members(node).map { (document.string($0.key), $0.key, $0.value) }
    }

    public func string(_ node: NodeID, _ what: String) throws(ConfigurationError) -> String {
        guard document.kind(node) == .string || document.kind(node) == .key else {
            throw error(node, "\(what) must be a string, found \(document.typeName(node))")
        }
        return document.string(node)
    }

    public func bool(_ node: NodeID, _ what: String) throws(ConfigurationError) -> Bool {
        guard let value = document.boolValue(node) else {
            throw error(node, "\(what) must be true or false, found \(document.typeName(node))")
        }
        return value
    }

    public func number(_ node: NodeID, _ what: String) throws(ConfigurationError) -> Double {
        guard let value = document.doubleValue(node), value.isFinite else {
            throw error(node, "\(what) must be a number, found \(document.typeName(node))")
        }
        return value
    }

    public func nonNegativeInteger(_ node: NodeID, _ what: String) throws(ConfigurationError) -> Int {
        guard let value = document.intValue(node), value >= 0 else {
            throw error(node, "\(what) must be a whole number of at least 0, found \(document.rawText(node))")
        }
        return value
    }

    public func strings(_ node: NodeID, _ what: String) throws(ConfigurationError) -> [String] {
        guard document.kind(node) == .array else {
            throw error(node, "\(what) must be an array of strings, found \(document.typeName(node))")
        }
        var result: [String] = []
        for element in document.elements(node) { result.append(try string(element, "each entry of \(what)")) }
        return result
    }

    public func globs(_ node: NodeID, _ what: String) throws(ConfigurationError) -> [Glob] {
        guard document.kind(node) == .array else {
            throw error(node, "\(what) must be an array of glob strings, found \(document.typeName(node))")
        }
        var result: [Glob] = []
        for element in document.elements(node) { result.append(try glob(element, "each entry of \(what)")) }
        return result
    }

    public func glob(_ node: NodeID, _ what: String) throws(ConfigurationError) -> Glob {
        let text = try string(node, what)
        do {
            return try Glob(text)
        } catch {
            throw self.error(node, error.description)
        }
    }
}
