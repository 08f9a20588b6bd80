import PushLintJSON
import PushLintModel

/// `pushlint init`: writes a commented starter `.pushlint.json` and, on request, a starter contract filled from
/// the templates found below the folder. Never overwrites an existing file.
public struct Initializer: Sendable {
    /// Absolute folder to write into and to scan.
    public var directory: String
    public var fileSystem: any FileSystem

    public static let contractFileName = PushLintFile.contract.fileName!

    public init(directory: String, fileSystem: any FileSystem) {
        self.directory = PathText.normalize(directory)
        self.fileSystem = fileSystem
    }

    public enum Outcome: Sendable, Equatable {
        case written(String)
        /// The file exists and was left alone.
        case exists(String)
        /// The config existed and now names the contract written.
        case linked(String)
    }

    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// Writes `.pushlint.json` (and `push-contract.json` with `contract`) unless they exist. With `contract`, a
    /// config that exists but names no contract is updated (atomically) to name the one written, so that the next
    /// run reads it. Throws when every requested file already exists or a write fails.
    public func run(contract: Bool) throws(Failure) -> [Outcome] {
        var plan: [(name: String, text: () -> String)] = [
            (Project.configFileName, { Self.configText(contract: contract ? Self.contractFileName : nil) })
        ]
        if contract { plan.append((Self.contractFileName, { contractText() })) }
        var outcomes: [Outcome] = []
        for item in plan {
            let path = PathText.join(directory, item.name)
            if fileSystem.info(path, followLinks: false) != nil {
                if contract, item.name == Project.configFileName, let linked = try linkContract(configAt: path) {
                    outcomes.append(linked)
                } else {
                    outcomes.append(.exists(item.name))
                }
                continue
            }
            do {
                try fileSystem.writeAtomically(path, Array(item.text().utf8))
            } catch {
                throw Failure(message: "cannot write \(item.name): \(error.message)")
            }
            outcomes.append(.written(item.name))
        }
        if !outcomes.contains(where: { if case .exists = $0 { return false } else { return true } }) {
            throw Failure(
                message: plan.map(\.name).joined(separator: " and ") + (plan.count == 1 ? " exists" : " exist")
                    + "; init never overwrites a file")
        }
        return outcomes
    }

    /// Names the starter contract in an existing config that names none: the commented line `init` writes is
    /// turned on, or the key is added after the opening brace. Nil when the config already names a contract (or
    /// cannot be read as one: it is left alone, and the next run says what is wrong with it).
    func linkContract(configAt path: String) throws(Failure) -> Outcome? {
        guard case .bytes(let bytes) = fileSystem.read(path, limit: 1 << 20),
            let config = try? ConfigReader(path: Project.configFileName, bytes: bytes),
            config.document.kind(config.document.root) == .object,
            config.document.member(config.document.root, "contract") == nil
        else { return nil }
        let line = Array("\"contract\": \(Self.literal(Self.contractFileName)),".utf8)
        var updated: [UInt8]
        let commented = Array("// ".utf8) + line
        if let start = bytes.withUnsafeBufferPointer({ ASCIIText.firstIndex(of: commented, in: $0) }) {
            updated = Array(bytes[..<start]) + line + bytes[(start + commented.count)...]
        } else {
            // After the root object's opening brace: every later key keeps its place, and the comma keeps it JSONC.
            let brace = config.document.span(config.document.root).start
            updated = Array(bytes[...brace]) + Array("\n  ".utf8) + line + bytes[(brace + 1)...]
        }
        do {
            try fileSystem.writeAtomically(path, updated)
        } catch {
            throw Failure(message: "cannot update \(Project.configFileName): \(error.message)")
        }
        return .linked(Project.configFileName)
    }

    /// What to do next, printed after `init` (to standard error, with the files written).
    public static func nextSteps(contract: Bool) -> String {
        var steps = [
            "run `pushlint` to lint every payload below this folder (files that are no payload are skipped)",
            "narrow `include` in .pushlint.json to the folders that hold payloads and templates",
        ]
        steps.append(
            contract
                ? "review push-contract.json: each event names its payload files or the data value that identifies it; add channel importances and event urgencies"
                : "run `pushlint init --contract` to write a starter contract from your payloads")
        steps.append(
            "in CI or pre-commit: `pushlint --format github` or the pre-commit hook (see "
                + PushLintInfo.informationURI + "/blob/main/docs/ci.md)")
        return "next steps:\n" + steps.enumerated().map { "  \($0.offset + 1). \($0.element)\n" }.joined()
    }

    // MARK: The config

    public static func configText(contract: String?) -> String {
        let include = Config.defaultInclude.map { "\"\($0)\"" }.joined(separator: ", ")
        let kinds = PayloadKind.allCases.map(\.rawValue).joined(separator: ", ")
        let contractLine =
            contract.map {
                "  // The app's contract: channels, categories, events and their fields.\n  \"contract\": \(Self.literal($0)),\n"
            }
            ?? "  // The app's contract (channels, categories, events); `pushlint init --contract` writes a starter.\n  // \"contract\": \"push-contract.json\",\n"
        return """
            // pushlint configuration. JSONC: comments and trailing commas are allowed.
            // Every key is optional; globs are relative to this file's folder.
            // Documentation: https://github.com/pushlint/pushlint/blob/main/docs/configuration.md; `pushlint rules` lists every rule.
            {
              "$schema": "https://raw.githubusercontent.com/pushlint/pushlint/main/schemas/pushlint.schema.json",

              // Files linted when a folder is walked: only those whose content shows a payload (https://github.com/pushlint/pushlint/blob/main/docs/discovery.md).
              "include": [\(include)],
              // Skipped while walking (.git, .build, node_modules, Pods and DerivedData always are).
              "exclude": [],

              // Force the payload kind by glob (\(kinds)) instead of detecting it.
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
        /// Interruption levels that need an entitlement (`time-sensitive`, `critical`), as the payloads use them.
        var entitlements: Set<String> = []
        /// An FCM notification that names no channel: it goes to the app's default channel, which only the app
        /// knows, so the starter lists no channels (with a list, a missing channel is reported).
        var notificationWithoutChannel = false

        mutating func insert(file relative: String, stem: String) {
            let order = events.count
            events[.file(stem: stem), default: EventInfo(order: order)].files.insert(relative)
        }
        /// Event -> what the payloads of the event showed.
        var events: [EventIdentity: EventInfo] = [:]
    }

    /// What makes payloads one event. A data value and a file's name are two name spaces: an event named by its
    /// files claims them whatever their data says, one named by a value claims that value wherever it is sent, so
    /// the two never share an event (that event would need both to hold). Two keys naming the same value
    /// (`"type": "order"` here, `"event": "order"` there) are two events too: one `match` holds one key.
    enum EventIdentity: Hashable {
        case matched(key: String, value: String)
        case file(stem: String)
    }

    struct EventInfo {
        /// The payload files of an event named by its file (config-relative); empty for an event named by a data
        /// value, which `match` claims wherever it is sent (templates, logs).
        var files: Set<String> = []
        /// The data value that names the event (`"type": "order_shipped"`), when the payloads carry one.
        var match: (key: String, value: String)?
        var channels: Set<String> = []
        /// Field -> observed types (nil: unknown, a placeholder or null) and how many payloads had it.
        var fields: [String: (types: Set<String>, unknownType: Bool, count: Int)] = [:]
        var payloads = 0
        /// When the scan first saw the event: the first of two that want one name keeps it.
        var order = 0
    }

    /// Each event's name in the contract: a matched event is named by its value, the first one seen keeping it when
    /// two keys name the same value (the later one is suffixed with its key); an event named by its files takes the
    /// stem, suffixed when a value already names an event.
    static func names(of events: [EventIdentity: EventInfo]) -> [String: EventInfo] {
        var named: [String: EventInfo] = [:]
        func claim(_ name: String, _ suffix: String, _ info: EventInfo) {
            var candidate = name
            var number = 1
            while named[candidate] != nil {
                candidate = name + "-" + suffix + (number == 1 ? "" : "-\(number)")
                number += 1
            }
            named[candidate] = info
        }
        let ordered = events.sorted { $0.value.order < $1.value.order }
        for (identity, info) in ordered {
            if case .matched(let key, let value) = identity { claim(value, key, info) }
        }
        for (identity, info) in ordered {
            if case .file(let stem) = identity { claim(stem, "file", info) }
        }
        return named
    }

    /// A starter contract from the payloads found below `directory`: the channels and categories they use, and one
    /// event per kind of message. An event is named by what the payloads say, never by their folders (a folder
    /// `android`, `ios` or `expo` is a platform, not an event): by a data value that names it (`type`, `event`,
    /// ...; the event then claims every message with that value by `match`, in templates and logs alike), else by
    /// the file's name (`order-shipped.json.hbs` is `order-shipped`), claiming its files. Each event lists its
    /// custom data fields with the types seen (required when every payload of the event has it).
    /// A JSON string literal for text from the repository, safe to show on a terminal.
    static func literal(_ text: String) -> String { JSONDocument.displayQuoted(text) }

    public func contractText() -> String {
        let observed = scan()
        var lines: [String] = [
            "// Starter contract written by `pushlint init --contract` from the payloads found.",
            "// Review it: add channel importances, event urgencies and field patterns; see https://github.com/pushlint/pushlint/blob/main/docs/contract.md.",
            "{",
            "  \"$schema\": \"https://raw.githubusercontent.com/pushlint/pushlint/main/schemas/push-contract.schema.json\",",
        ]
        var sections: [String] = []
        var ios: [String] = []
        if observed.bundleIds.count == 1, let id = observed.bundleIds.first {
            ios.append("    \"bundleId\": \(Self.literal(id))")
        }
        if !observed.categories.isEmpty { ios.append("    \"categories\": \(list(observed.categories))") }
        if !observed.entitlements.isEmpty { ios.append("    \"entitlements\": \(list(observed.entitlements))") }
        if !ios.isEmpty { sections.append("  \"ios\": {\n" + ios.joined(separator: ",\n") + "\n  }") }
        if !observed.channels.isEmpty, observed.notificationWithoutChannel {
            sections.append(
                "  // The payloads use the channels \(sorted(observed.channels).joined(separator: ", ")), and some name none (they go to the\n"
                    + "  // app's default channel). List them as \"android\": {\"defaultChannel\": ..., \"channels\": [...]}.\n"
                    + "  \"android\": {}")
        } else if !observed.channels.isEmpty {
            let channels = sorted(observed.channels).map { "      { \"id\": \(Self.literal($0)) }" }
            sections.append(
                "  \"android\": {\n    \"channels\": [\n" + channels.joined(separator: ",\n") + "\n    ]\n  }")
        }
        var events: [String] = []
        let named = Self.names(of: observed.events)
        for name in sorted(Set(named.keys)) {
            guard let info = named[name] else { continue }
            var parts: [String] = []
            if !info.files.isEmpty { parts.append("      \"files\": \(list(info.files))") }
            if let match = info.match {
                parts.append("      \"match\": { \(Self.literal(match.key)): \(Self.literal(match.value)) }")
            }
            if info.channels.count == 1, let channel = info.channels.first {
                parts.append("      \"channel\": \(Self.literal(channel))")
            }
            if !info.fields.isEmpty {
                let fields = sorted(Set(info.fields.keys)).compactMap { field -> String? in
                    guard let seen = info.fields[field] else { return nil }
                    var spec: [String] = []
                    if seen.count == info.payloads { spec.append("\"required\": true") }
                    if seen.types.count == 1, !seen.unknownType, let type = seen.types.first {
                        spec.append("\"type\": \"\(type)\"")
                    }
                    return "        \(Self.literal(field)): { " + spec.joined(separator: ", ")
                        + (spec.isEmpty ? "}" : " }")
                }
                parts.append("      \"fields\": {\n" + fields.joined(separator: ",\n") + "\n      }")
            }
            events.append("    \(Self.literal(name)): {\n" + parts.joined(separator: ",\n") + "\n    }")
        }
        sections.append(
            events.isEmpty ? "  \"events\": {}" : "  \"events\": {\n" + events.joined(separator: ",\n") + "\n  }")
        lines.append(sections.joined(separator: ",\n"))
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    func sorted(_ set: Set<String>) -> [String] { set.sorted(by: ASCIIText.precedesInUTF8) }

    func list(_ set: Set<String>) -> String {
        "[" + sorted(set).map { Self.literal($0) }.joined(separator: ", ") + "]"
    }

    /// Custom data keys whose string value names the message's event, in the order they are asked.
    static let eventKeys = ["type", "event", "event_type", "eventType", "notification_type", "notificationType"]

    func scan() -> Observed {
        let config = Config.defaults
        let discovery = Discovery(config: config, baseDirectory: directory, cwd: directory, fileSystem: fileSystem)
        var observed = Observed()
        let targets = (try? discovery.targets(for: ["."])) ?? []
        for target in targets {
            let relative = target.path.configRelative
            // A log holds messages as they were sent, not templates: the events' `match` claims its lines.
            if Engine.isJSONLines(relative) { continue }
            guard case .bytes(let bytes) = fileSystem.read(target.path.absolute, limit: 8 << 20) else { continue }
            let dialect = config.templateDialect(relative)
            let stem = Self.stem(of: relative)
            guard let doc = document(bytes, dialect: dialect) else {
                // A template pushlint cannot render still belongs to an event: the one its name says.
                if dialect != nil { observed.insert(file: relative, stem: stem) }
                continue
            }
            let roots = doc.kind(doc.root) == .array ? doc.elements(doc.root) : [doc.root]
            let payloads = roots.compactMap { node -> Payload? in
                guard doc.kind(node) == .object, let kind = PayloadKind.detect(doc, node) else { return nil }
                return PayloadBuilder.build(doc, node: node, kind: kind)
            }
            if payloads.isEmpty {
                if dialect != nil { observed.insert(file: relative, stem: stem) }
                continue
            }
            for payload in payloads {
                guard payload.kind.isEnvelope else {
                    observe(payload, in: doc, file: relative, stem: stem, into: &observed)
                    continue
                }
                // An envelope's platform payloads are what the app receives: the contract learns from them.
                for enclosed in payload.enclosedPayloads(in: doc) {
                    observe(enclosed.payload, in: enclosed.document, file: relative, stem: stem, into: &observed)
                }
            }
        }
        return observed
    }

    /// Learns from one payload of a file: its event (named by a custom data key, else by the file), the channels,
    /// entitlements, bundle ids and categories it uses, and the types of its custom fields.
    func observe(
        _ payload: Payload, in doc: JSONDocument, file relative: String, stem: String, into observed: inout Observed
    ) {
        let fields = customFields(doc, payload)
        // The keys in `eventKeys` order, whatever the order of the payload's members: a payload with both
        // `type` and `event` is named by the same key as every other.
        let named = Self.eventKeys.lazy.compactMap { key -> (key: String, value: String)? in
            guard let member = fields.first(where: { doc.string($0.key) == key }),
                let value = literal(doc, member.value)
            else { return nil }
            return (key, value)
        }.first
        let identity: EventIdentity = named.map { .matched(key: $0.key, value: $0.value) } ?? .file(stem: stem)
        var event = observed.events[identity] ?? EventInfo(order: observed.events.count)
        if let named { event.match = named } else { event.files.insert(relative) }
        event.payloads += 1
        if let channel = payload.android?.channelId.flatMap({ literal(doc, $0) }) {
            observed.channels.insert(channel)
            event.channels.insert(channel)
        } else if let android = payload.android, android.origin == .fcm, android.hasNotification,
            android.channelId == nil
        {
            observed.notificationWithoutChannel = true
        }
        if let level = payload.apns?.field("interruption-level").flatMap({ literal(doc, $0.value) }),
            level == "time-sensitive" || level == "critical"
        {
            observed.entitlements.insert(level == "critical" ? "critical-alerts" : level)
        }
        if let topic = payload.apns?.headers?.value("apns-topic"), !topic.contains("{{"), !topic.isEmpty {
            observed.bundleIds.insert(Self.bundleId(ofTopic: topic))
        }
        if let category = payload.apns?.field("category").flatMap({ literal(doc, $0.value) }) {
            observed.categories.insert(category)
        }
        // FCM data values are strings (the platform rejects others): a number there is a mistake that
        // `fcm-data-string-values` reports, not a type to learn.
        let stringsOnly = payload.kind == .fcm || payload.kind == .fcmLegacy
        for member in fields {
            let key = doc.string(member.key)
            var seen = event.fields[key] ?? ([], false, 0)
            seen.count += 1
            if let type = typeName(doc, member.value), !stringsOnly || type == "string" {
                seen.types.insert(type)
            } else {
                seen.unknownType = true
            }
            event.fields[key] = seen
        }
        observed.events[identity] = event
    }

    /// The file parsed as its dialect reads it: a template with blocks as its first rendering that parses (a
    /// rendering stands for the template's shape; some renderings of a template with a mistake do not parse); nil
    /// when none does.
    func document(_ bytes: [UInt8], dialect: TemplateDialect?) -> JSONDocument? {
        let options = JSONParseOptions(mode: dialect != nil ? .defaultTemplate : .strict, recoversTrailingCommas: false)
        guard let dialect, dialect != .placeholders else { return JSONParser.parse(bytes, options: options).document }
        let program = TemplateProgram(bytes, dialect: dialect)
        guard program.hasControlFlow else { return JSONParser.parse(bytes, options: options).document }
        guard program.isRenderable else { return nil }
        for selection in TemplateSelections(domains: program.choices.map(\.optionCount), limit: 16).rows {
            guard let rendering = program.render(selection, limit: 1 << 20) else { continue }
            if let document = JSONParser.parse(rendering.bytes, options: options).document { return document }
        }
        return nil
    }

    /// A file's name without its folder and its extensions: `push/templates/order-shipped.json.hbs` is
    /// `order-shipped`.
    static func stem(of relative: String) -> String {
        let name = relative.split(separator: "/").last.map(String.init) ?? relative
        return name.split(separator: ".").first.map(String.init) ?? name
    }

    /// The suffixes push types add to the bundle id (`APNsPushType.topicSuffix`, platform-rules.md §1.2).
    static let topicSuffixes = APNsPushType.allCases.compactMap(\.topicSuffix)

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
        case .sns, .pubnub, .pusherBeams:
            break
        case .webpush:
            if let data = payload.webpush?.data { add(doc.members(data)) }
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
