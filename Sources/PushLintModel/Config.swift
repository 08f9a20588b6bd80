import PushLintJSON

/// A rule's configured level.
public enum RuleLevel: Sendable, Hashable {
    case off
    case on(Severity)

    public init?(_ text: String) {
        switch text {
        case "off": self = .off
        case "info": self = .on(.info)
        case "warning": self = .on(.warning)
        case "error": self = .on(.error)
        default: return nil
        }
    }
}

/// `.pushlint.json` (DESIGN.md §4).
public struct Config: Sendable {
    public struct Override: Sendable {
        public var files: [Glob]
        public var rules: [String: RuleLevel]
    }

    /// The file it was read from; nil for the built-in defaults.
    public var path: String?
    public var include: [Glob]
    public var exclude: [Glob]
    public var kinds: [(glob: Glob, kind: PayloadKind)]
    public var apnsHeaders: [(glob: Glob, headers: [(String, String)])]
    public var rules: [String: RuleLevel]
    public var options: [String: RuleOptions]
    public var overrides: [Override]
    public var templates: [Glob]
    /// `templates` entries that name a dialect (`{"files": [...], "dialect": "liquid"}`), in config order.
    public var templateDialects: [(glob: Glob, dialect: TemplateDialect)] = []
    public var placeholders: PlaceholderDelimiters
    /// As written, relative to the config file's folder.
    public var contract: String?
    /// The app's source folders (`"app": "mobile"` or `["android", "ios"]`), as written, relative to the config
    /// file's folder: what `pushlint app scan` reads by default and the `app-*` rules check against. Nil when
    /// the config names none.
    public var app: [String]?
    /// The VAPID claims of `vapid`, nil when the config names none.
    public var vapid: VAPIDClaims?

    public static let defaultInclude =
        ["**/*.json", "**/*.apns", "**/*.jsonl", "**/*.ndjson"]
        + TemplateDialect.extensions.map { "**/*.json" + $0.suffix }
    /// Folders never walked.
    public static let alwaysExcluded: Set<String> = [".git", ".build", ".venv", "node_modules", "Pods", "DerivedData"]
    /// `.json.tmpl` and the others, as bytes, with their dialect: every linted file's name is compared with them.
    static let templateSuffixes: [(utf8: [UInt8], dialect: TemplateDialect)] =
        TemplateDialect.extensions.map { (Array((".json" + $0.suffix).utf8), $0.dialect) }

    public static var defaults: Config {
        Config(
            path: nil, include: defaultInclude.map { try! Glob($0) }, exclude: [], kinds: [], apnsHeaders: [],
            rules: [:],
            options: [:], overrides: [], templates: [], placeholders: .mustache, contract: nil)
    }

    /// Keys of the file and of its nested objects, as the reader checks them: the names of the config table
    /// (`ConfigSchema`).
    public static let knownKeys = ConfigSchema.top.map(\.name)
    public static let apnsKeys = ConfigSchema.apns.map(\.name)
    public static let overrideKeys = ConfigSchema.overrideEntry.map(\.name)
    public static let placeholderKeys = ConfigSchema.placeholders.map(\.name)
    /// Keys of a `templates` entry written as an object.
    public static let templateEntryKeys = ConfigSchema.templateEntry.map(\.name)

    /// Reads and validates a config. `rules` describes every known rule (ids and options).
    public static func read(path: String, bytes: [UInt8], rules: [RuleDescription]) throws(ConfigurationError) -> Config
    {
        let reader = try ConfigReader(path: path, bytes: bytes)
        let doc = reader.document
        var config = Config.defaults
        config.path = path
        let top = try reader.object(doc.root, "the configuration", known: knownKeys)
        let ruleIds = rules.map(\.id)
        let byId = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })

        if let node = top["include"] { config.include = try reader.globs(node, "'include'") }
        if let node = top["exclude"] { config.exclude = try reader.globs(node, "'exclude'") }
        if let node = top["templates"] { try readTemplates(reader, node, into: &config) }
        if let node = top["contract"] { config.contract = try reader.string(node, "'contract'") }
        if let node = top["app"] { config.app = try readApp(reader, node) }
        if let node = top["kinds"] {
            for entry in try reader.map(node, "'kinds'") {
                let glob = try reader.glob(entry.keyNode, "a key of 'kinds'")
                let text = try reader.string(entry.value, "the kind of '\(entry.key)'")
                guard let kind = PayloadKind(rawValue: text) else {
                    let names = PayloadKind.allCases.map(\.rawValue)
                    throw reader.error(
                        entry.value, "unknown payload kind '\(text)'." + Suggest.didYouMean(text, in: names),
                        hint: "kinds: " + names.joined(separator: ", "))
                }
                config.kinds.append((glob, kind))
            }
        }
        if let node = top["vapid"] { try VAPIDClaims.read(reader, node, into: &config) }
        if let node = top["apns"] {
            let apns = try reader.object(node, "'apns'", known: apnsKeys)
            if let headers = apns["headers"] {
                for entry in try reader.map(headers, "'apns.headers'") {
                    let glob = try reader.glob(entry.keyNode, "a key of 'apns.headers'")
                    var values: [(String, String)] = []
                    for header in try reader.map(entry.value, "the headers of '\(entry.key)'") {
                        values.append((header.key, try reader.string(header.value, "header '\(header.key)'")))
                    }
                    config.apnsHeaders.append((glob, values))
                }
            }
        }
        if let node = top["rules"] {
            config.rules = try readLevels(reader, node, "'rules'", ruleIds)
        }
        if let node = top["options"] {
            for entry in try reader.map(node, "'options'") {
                guard let description = byId[entry.key] else {
                    throw reader.error(
                        entry.keyNode,
                        "unknown rule id '\(entry.key)' in 'options'." + Suggest.didYouMean(entry.key, in: ruleIds))
                }
                config.options[entry.key] = try readOptions(reader, entry.value, description)
            }
        }
        if let node = top["overrides"] {
            guard doc.kind(node) == .array else {
                throw reader.error(
                    node, "'overrides' must be an array of {files, rules} objects, found \(doc.typeName(node))")
            }
            for element in doc.elements(node) {
                let fields = try reader.object(element, "an entry of 'overrides'", known: overrideKeys)
                guard let files = fields["files"] else {
                    throw reader.error(element, "an entry of 'overrides' needs 'files'")
                }
                let levels =
                    try fields["rules"].map { n throws(ConfigurationError) in
                        try readLevels(reader, n, "'overrides[].rules'", ruleIds)
                    } ?? [:]
                config.overrides.append(Override(files: try reader.globs(files, "'overrides[].files'"), rules: levels))
            }
        }
        if let node = top["placeholders"] {
            let fields = try reader.object(node, "'placeholders'", known: placeholderKeys)
            let open =
                try fields["open"].map { n throws(ConfigurationError) in try reader.string(n, "'placeholders.open'") }
                ?? "{{"
            let close =
                try fields["close"].map { n throws(ConfigurationError) in try reader.string(n, "'placeholders.close'") }
                ?? "}}"
            guard !open.isEmpty, !close.isEmpty else {
                throw reader.error(node, "placeholder delimiters cannot be empty")
            }
            config.placeholders = PlaceholderDelimiters(open: open, close: close)
        }
        return config
    }

    /// `templates`: globs, or `{"files": glob or globs, "dialect": name}` objects.
    static func readTemplates(_ reader: ConfigReader, _ node: NodeID, into config: inout Config)
        throws(ConfigurationError)
    {
        let doc = reader.document
        guard doc.kind(node) == .array else {
            throw reader.error(
                node, "'templates' must be an array of globs or {files, dialect} objects, found \(doc.typeName(node))")
        }
        for element in doc.elements(node) {
            guard doc.kind(element) == .object else {
                config.templates.append(try reader.glob(element, "each entry of 'templates'"))
                continue
            }
            let fields = try reader.object(element, "an entry of 'templates'", known: templateEntryKeys)
            guard let files = fields["files"] else {
                throw reader.error(element, "an entry of 'templates' needs 'files'")
            }
            let globs =
                doc.kind(files) == .array
                ? try reader.globs(files, "'templates[].files'") : [try reader.glob(files, "'templates[].files'")]
            config.templates += globs
            guard let name = fields["dialect"] else { continue }
            let text = try reader.string(name, "'templates[].dialect'")
            guard let dialect = TemplateDialect(name: text) else {
                let names = TemplateDialect.names.map(\.name)
                throw reader.error(
                    name, "unknown template dialect '\(text)'." + Suggest.didYouMean(text, in: names),
                    hint: "dialects: " + names.joined(separator: ", "))
            }
            config.templateDialects += globs.map { ($0, dialect) }
        }
    }

    /// `app`: one folder or an array of folders, none empty.
    static func readApp(_ reader: ConfigReader, _ node: NodeID) throws(ConfigurationError) -> [String] {
        let doc = reader.document
        let folders =
            doc.kind(node) == .array
            ? try reader.strings(node, "'app'") : [try reader.string(node, "'app' (a folder or an array of folders)")]
        for (index, folder) in folders.enumerated() where folder.isEmpty {
            throw reader.error(
                doc.kind(node) == .array ? doc.elements(node)[index] : node, "an 'app' folder cannot be empty",
                hint: "name the app's folder relative to this file, such as \"mobile\" or \".\"")
        }
        return folders
    }

    static func readLevels(_ reader: ConfigReader, _ node: NodeID, _ what: String, _ ruleIds: [String])
        throws(ConfigurationError) -> [String: RuleLevel]
    {
        var result: [String: RuleLevel] = [:]
        for entry in try reader.map(node, what) {
            guard ruleIds.contains(entry.key) else {
                throw reader.error(
                    entry.keyNode,
                    "unknown rule id '\(entry.key)' in \(what)." + Suggest.didYouMean(entry.key, in: ruleIds),
                    hint: "`pushlint rules` lists every rule")
            }
            let text = try reader.string(entry.value, "the level of '\(entry.key)'")
            guard let level = RuleLevel(text) else {
                throw reader.error(
                    entry.value,
                    "unknown level '\(text)' for '\(entry.key)': use off, info, warning or error."
                        + Suggest.didYouMean(text, in: ["off", "info", "warning", "error"]))
            }
            result[entry.key] = level
        }
        return result
    }

    static func readOptions(_ reader: ConfigReader, _ node: NodeID, _ rule: RuleDescription) throws(ConfigurationError)
        -> RuleOptions
    {
        var values: [String: OptionValue] = [:]
        let names = rule.options.map(\.name)
        for entry in try reader.map(node, "the options of '\(rule.id)'") {
            guard let option = rule.options.first(where: { $0.name == entry.key }) else {
                let known = names.isEmpty ? "it has no options" : "its options: " + names.joined(separator: ", ")
                throw reader.error(
                    entry.keyNode,
                    "rule '\(rule.id)' has no option '\(entry.key)'." + Suggest.didYouMean(entry.key, in: names),
                    hint: known)
            }
            let what = "option '\(entry.key)' of '\(rule.id)'"
            switch option.type {
            case .number:
                let value = try reader.number(entry.value, what)
                if let range = option.range, !range.contains(value) {
                    throw reader.error(
                        entry.value,
                        "\(what) must be between \(number(range.lowerBound)) and \(number(range.upperBound)), found \(reader.document.rawText(entry.value))"
                    )
                }
                values[entry.key] = .number(value)
            case .integer: values[entry.key] = .number(Double(try reader.nonNegativeInteger(entry.value, what)))
            case .boolean: values[entry.key] = .bool(try reader.bool(entry.value, what))
            case .string: values[entry.key] = .string(try reader.string(entry.value, what))
            case .stringArray: values[entry.key] = .strings(try reader.strings(entry.value, what))
            }
        }
        return RuleOptions(values)
    }

    /// A bound as the config writes it: `1`, not `1.0`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: Queries

    /// True when the file at this path (relative to the config folder) is a template.
    public func isTemplate(_ relativePath: String) -> Bool { templateDialect(relativePath) != nil }

    /// The template dialect of the file at this path, nil when it is no template: the last `templates` entry that
    /// names a dialect and matches, else its extension's (`.json.liquid`), else plain placeholders for a file that
    /// a `templates` glob names. Asked of every file once: the suffixes are compared on the path's bytes.
    public func templateDialect(_ relativePath: String) -> TemplateDialect? {
        if let named = templateDialects.last(where: { $0.glob.matches(relativePath) }) { return named.dialect }
        let byName = relativePath.withUTF8Bytes { path in
            Config.templateSuffixes.last { ASCIIText.matches(path, at: path.count - $0.utf8.count, $0.utf8) }?.dialect
        }
        if let byName { return byName }
        return templates.contains { $0.matches(relativePath) } ? .placeholders : nil
    }

    public func forcedKind(_ relativePath: String) -> PayloadKind? {
        kinds.last { $0.glob.matches(relativePath) }?.kind
    }

    public func headers(for relativePath: String) -> (glob: String, headers: [(String, String)])? {
        apnsHeaders.last { $0.glob.matches(relativePath) }.map { ($0.glob.pattern, $0.headers) }
    }
}

/// pushlint's own files: the configuration, the contract and the baseline. Each is read by its own reader
/// (`Config.read`, `Contract.read`, `Baseline.read`) and never linted as a payload, whether a walk finds it or the
/// command line names it (a pre-commit hook names every changed file). Recognised by name, by the `$schema` that
/// `pushlint init` writes, or by content: a baseline says `"tool": "pushlint"`, a contract has `events` and only
/// a contract's keys.
public enum PushLintFile: String, Sendable, CaseIterable {
    case config, contract, baseline

    /// The name `pushlint init` gives the file (a baseline is named on the command line).
    public var fileName: String? {
        switch self {
        case .config: ".pushlint.json"
        case .contract: "push-contract.json"
        case .baseline: nil
        }
    }

    /// The JSON Schema each is published with under `schemas/`: a `$schema` ending in its name says what the file is.
    public var schemaFileName: String? {
        switch self {
        case .config: "pushlint.schema.json"
        case .contract: "push-contract.schema.json"
        case .baseline: nil
        }
    }

    /// What the file named `name` (its last path component) holding `document` (parsed as JSONC; nil when it does
    /// not parse) is, or nil when it is none of pushlint's files.
    public static func recognise(name: String, document: JSONDocument?) -> PushLintFile? {
        if let named = allCases.first(where: { $0.fileName == name }) { return named }
        guard let document, document.kind(document.root) == .object else { return nil }
        let root = document.root
        if let schema = document.memberString(root, "$schema") {
            for file in allCases {
                if let suffix = file.schemaFileName, schema.hasSuffix("/" + suffix) || schema == suffix { return file }
            }
        }
        if document.memberString(root, "tool") == "pushlint", document.member(root, "entries") != nil {
            return .baseline
        }
        if let events = document.member(root, "events"), document.kind(events) == .object,
            !document.anyMember(root, { !Contract.knownKeys.contains(document.string($0.key)) })
        {
            return .contract
        }
        return nil
    }
}
