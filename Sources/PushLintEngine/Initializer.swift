import PushLintJSON
import PushLintModel

/// `pushlint init`: writes a commented starter `.pushlint.json` and, on request, a starter contract filled from
/// the templates found below the folder. Never overwrites an existing file.
public struct Initializer: Sendable {
    /// Absolute folder to write into and to scan.
    public var directory: String
    public var fileSystem: any FileSystem

    public static let contractFileName = "push-contract.json"

    public init(directory: String, fileSystem: any FileSystem = LocalFileSystem()) {
        self.directory = PathText.normalize(directory)
        self.fileSystem = fileSystem
    }

    public enum Outcome: Sendable, Equatable {
        case written(String)
        /// The file exists and was left alone.
        case exists(String)
    }

    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// Writes `.pushlint.json` (and `push-contract.json` with `contract`) unless they exist. Throws when every
    /// requested file already exists or a write fails.
    public func run(contract: Bool) throws(Failure) -> [Outcome] {
        var plan: [(name: String, text: () -> String)] = [
            (Project.configFileName, { Self.configText(contract: contract ? Self.contractFileName : nil) })
        ]
        if contract { plan.append((Self.contractFileName, { contractText() })) }
        var outcomes: [Outcome] = []
        for item in plan {
            let path = PathText.join(directory, item.name)
            if fileSystem.info(path, followLinks: false) != nil {
                outcomes.append(.exists(item.name))
                continue
            }
            do {
                try fileSystem.writeAtomically(path, Array(item.text().utf8))
            } catch {
                throw Failure(message: "cannot write \(item.name): \(error.message)")
            }
            outcomes.append(.written(item.name))
        }
        if !outcomes.contains(where: { if case .written = $0 { return true } else { return false } }) {
            throw Failure(
                message: plan.map(\.name).joined(separator: " and ") + (plan.count == 1 ? " exists" : " exist")
                    + "; init never overwrites a file")
        }
        return outcomes
    }

    // MARK: The config

    public static func configText(contract: String?) -> String {
        let include = Config.defaultInclude.map { "\"\($0)\"" }.joined(separator: ", ")
        let contractLine =
            contract.map {
                "  // The app's contract: channels, categories, events and their fields.\n  \"contract\": \(JSONDocument.quoted($0)),\n"
            }
            ?? "  // The app's contract (channels, categories, events); `pushlint init --contract` writes a starter.\n  // \"contract\": \"push-contract.json\",\n"
        return """
            // pushlint configuration. JSONC: comments and trailing commas are allowed.
            // Every key is optional; globs are relative to this file's folder.
            // Documentation: the README's "Configuration" section; `pushlint rules` lists every rule.
            {
              "$schema": "https://raw.githubusercontent.com/pushlint/pushlint/main/schemas/pushlint.schema.json",

              // Files linted when a folder is walked (named files are always linted).
              "include": [\(include)],
              // Skipped while walking (.git, .build, node_modules, Pods and DerivedData always are).
              "exclude": [],

              // Force the payload kind by glob (apns, fcm, fcm-legacy, expo) instead of detecting it.
              "kinds": {},

              // APNs headers for bare APNs bodies (files without a {"headers", "payload"} envelope), by glob.
              // For example: "push/ios/silent/**": { "apns-push-type": "background", "apns-priority": "5" }
              "apns": { "headers": {} },

              // Rule levels: "off", "info", "warning" or "error".
              // For example: "payload-data-not-link": "error"
              "rules": {},
              // Rule options, by rule id. For example: "payload-size-headroom": { "ratio": 0.9 }
              "options": {},
              // Levels for some files only; later entries win.
              // For example: { "files": ["push/legacy/**"], "rules": { "fcm-legacy-format": "warning" } }
              "overrides": [],

              // Template mode (placeholders in value position) for these globs, besides *.json.tmpl/.hbs/.j2.
              "templates": [],
              "placeholders": { "open": "{{", "close": "}}" },

            \(contractLine)}

            """
    }

    // MARK: The contract

    struct Observed {
        var channels: Set<String> = []
        var categories: Set<String> = []
        /// `apns-topic` values without their push-type suffix.
        var bundleIds: Set<String> = []
        /// Event name -> folders (config-relative) and the files seen.
        var events: [String: EventInfo] = [:]
    }

    struct EventInfo {
        var globs: Set<String> = []
        var files = 0
        var channels: Set<String> = []
        /// Field -> observed types (nil: unknown, a placeholder or null) and how many payloads had it.
        var fields: [String: (types: Set<String>, unknownType: Bool, count: Int)] = [:]
        var payloads = 0
    }

    /// A starter contract from the payloads found below `directory`: the channels and categories they use, one
    /// event per folder name (templates in `push/ios/orders` and `push/android/orders` are event `orders`), and
    /// each event's custom data fields with the types seen (required when every payload of the event has it).
    public func contractText() -> String {
        let observed = scan()
        var lines: [String] = [
            "// Starter contract written by `pushlint init --contract` from the templates found.",
            "// Review it: add channel importances, event urgencies and field patterns; see the README's \"Contract\" section.",
            "{",
        ]
        var sections: [String] = []
        var ios: [String] = []
        if observed.bundleIds.count == 1, let id = observed.bundleIds.first {
            ios.append("    \"bundleId\": \(JSONDocument.quoted(id))")
        }
        if !observed.categories.isEmpty { ios.append("    \"categories\": \(list(observed.categories))") }
        if !ios.isEmpty { sections.append("  \"ios\": {\n" + ios.joined(separator: ",\n") + "\n  }") }
        if !observed.channels.isEmpty {
            let channels = sorted(observed.channels).map { "      { \"id\": \(JSONDocument.quoted($0)) }" }
            sections.append(
                "  \"android\": {\n    \"channels\": [\n" + channels.joined(separator: ",\n") + "\n    ]\n  }")
        }
        var events: [String] = []
        for name in sorted(Set(observed.events.keys)) {
            guard let info = observed.events[name] else { continue }
            var parts = ["      \"files\": \(list(info.globs))"]
            if info.channels.count == 1, let channel = info.channels.first {
                parts.append("      \"channel\": \(JSONDocument.quoted(channel))")
            }
            if !info.fields.isEmpty {
                let fields = sorted(Set(info.fields.keys)).compactMap { field -> String? in
                    guard let seen = info.fields[field] else { return nil }
                    var spec: [String] = []
                    if seen.count == info.payloads { spec.append("\"required\": true") }
                    if seen.types.count == 1, !seen.unknownType, let type = seen.types.first {
                        spec.append("\"type\": \"\(type)\"")
                    }
                    return "        \(JSONDocument.quoted(field)): { " + spec.joined(separator: ", ")
                        + (spec.isEmpty ? "}" : " }")
                }
                parts.append("      \"fields\": {\n" + fields.joined(separator: ",\n") + "\n      }")
            }
            events.append("    \(JSONDocument.quoted(name)): {\n" + parts.joined(separator: ",\n") + "\n    }")
        }
        sections.append(
            events.isEmpty ? "  \"events\": {}" : "  \"events\": {\n" + events.joined(separator: ",\n") + "\n  }")
        lines.append(sections.joined(separator: ",\n"))
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    func sorted(_ set: Set<String>) -> [String] { set.sorted(by: ASCIIText.precedesInUTF8) }

    func list(_ set: Set<String>) -> String {
        "[" + sorted(set).map { JSONDocument.quoted($0) }.joined(separator: ", ") + "]"
    }

    func scan() -> Observed {
        let config = Config.defaults
        let discovery = Discovery(config: config, baseDirectory: directory, cwd: directory, fileSystem: fileSystem)
        var observed = Observed()
        let targets = (try? discovery.targets(for: ["."])) ?? []
        for target in targets {
            guard case .bytes(let bytes) = fileSystem.read(target.path.absolute, limit: 8 << 20) else { continue }
            let relative = target.path.configRelative
            let isTemplate = config.isTemplate(relative)
            let mode: JSONParseOptions.Mode = isTemplate ? .defaultTemplate : .strict
            guard let doc = JSONParser.parse(bytes, options: JSONParseOptions(mode: mode)).document else { continue }
            let roots = doc.kind(doc.root) == .array ? doc.elements(doc.root) : [doc.root]
            let payloads = roots.compactMap { node -> Payload? in
                guard doc.kind(node) == .object, let kind = PayloadKind.detect(doc, node) else { return nil }
                return PayloadBuilder.build(doc, node: node, kind: kind)
            }
            guard !payloads.isEmpty else { continue }
            let folder = PathText.parent(relative)
            let name: String
            let glob: String
            if folder == "." {
                name = String(relative.split(separator: ".").first ?? Substring(relative))
                glob = relative
            } else {
                name = String(folder.split(separator: "/").last ?? Substring(folder))
                glob = folder + "/*"
            }
            var event = observed.events[name] ?? EventInfo()
            event.globs.insert(glob)
            event.files += 1
            for payload in payloads {
                event.payloads += 1
                if let channel = payload.android?.channelId.flatMap({ literal(doc, $0) }) {
                    observed.channels.insert(channel)
                    event.channels.insert(channel)
                }
                if let topic = payload.apns?.headers?.value("apns-topic"), !topic.contains("{{"), !topic.isEmpty {
                    observed.bundleIds.insert(Self.bundleId(ofTopic: topic))
                }
                if let category = payload.apns?.field("category").flatMap({ literal(doc, $0.value) }) {
                    observed.categories.insert(category)
                }
                for member in customFields(doc, payload) {
                    let key = doc.string(member.key)
                    var seen = event.fields[key] ?? ([], false, 0)
                    seen.count += 1
                    if let type = typeName(doc, member.value) {
                        seen.types.insert(type)
                    } else {
                        seen.unknownType = true
                    }
                    event.fields[key] = seen
                }
            }
            observed.events[name] = event
        }
        return observed
    }

    static let topicSuffixes = [
        ".push-type.liveactivity", ".push-type.widgets", ".push-type.controls", ".pushkit.fileprovider", ".voip-ptt",
        ".complication", ".location-query", ".voip",
    ]

    static func bundleId(ofTopic topic: String) -> String {
        for suffix in topicSuffixes where topic.hasSuffix(suffix) { return String(topic.dropLast(suffix.count)) }
        return topic
    }

    /// A string value without placeholders.
    func literal(_ doc: JSONDocument, _ node: NodeID) -> String? {
        guard let text = doc.stringValue(node), !text.contains("{{"), !text.isEmpty else { return nil }
        return text
    }

    /// The custom data the client reads: FCM `data`/`android.data`, APNs keys beside `aps`, Expo `data`.
    func customFields(_ doc: JSONDocument, _ payload: Payload) -> [Member] {
        var members: [Member] = []
        var names: Set<String> = []
        func add(_ list: [Member]) {
            for m in list where names.insert(doc.string(m.key)).inserted { members.append(m) }
        }
        switch payload.kind {
        case .fcm, .fcmLegacy:
            if let data = doc.memberObject(payload.body, "data") { add(doc.members(data)) }
            if let data = payload.android?.data { add(doc.members(data)) }
        case .apns:
            add(payload.apns?.customKeys ?? [])
        case .expo:
            if let data = doc.memberObject(payload.body, "data") { add(doc.members(data)) }
        }
        return members
    }

    func typeName(_ doc: JSONDocument, _ node: NodeID) -> String? {
        switch doc.kind(node) {
        case .string: return "string"
        case .number: return doc.isInteger(node) ? "integer" : "number"
        case .bool: return "boolean"
        case .object: return "object"
        case .array: return "array"
        default: return nil
        }
    }
}
