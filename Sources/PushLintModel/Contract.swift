import PushLintJSON

/// What the app promises to understand (DESIGN.md §5).
public struct Contract: Sendable {
    public struct IOS: Sendable {
        public var bundleId: String?
        public var categories: [String]?
        public var entitlements: [String]?
        /// Sound files payloads may name (`aps.sound`), as they name them: with the extension (`chime.caf`).
        public var sounds: [String]?
        /// The app's `ActivityAttributes` types by name (`aps.attributes-type`), with the keys they decode.
        public var liveActivities: [LiveActivity]?
        /// The value node of each of `categories` and `entitlements`, in the same order, in `Contract.document`:
        /// where findings about an entry are located (the `app-*` rules).
        public var categoryNodes: [NodeID] = []
        public var entitlementNodes: [NodeID] = []
    }

    public enum Importance: String, Sendable, CaseIterable {
        case none, min, low, `default`, high, max
    }

    public struct Channel: Sendable {
        public var id: String
        public var importance: Importance?
        /// The `id` and `importance` value nodes in `Contract.document`.
        public var idNode: NodeID?
        public var importanceNode: NodeID?
    }

    public struct Android: Sendable {
        public var package: String?
        public var defaultChannel: String?
        public var channels: [Channel]?
        /// `res/raw` sounds payloads may name (`android.notification.sound`), without the extension (`chime`).
        public var sounds: [String]?
        /// The `defaultChannel` value node and the `channels` key node in `Contract.document`.
        public var defaultChannelNode: NodeID?
        public var channelsKeyNode: NodeID?
    }

    public enum Urgency: String, Sendable, CaseIterable {
        case transactional, marketing, realtime, background
    }

    public enum FieldType: String, Sendable, CaseIterable {
        case string, number, integer, boolean, object, array
    }

    public struct Field: Sendable {
        public var name: String
        public var required: Bool
        public var type: FieldType?
        public var allowed: [String]?
        public var pattern: ContractPattern?
        public var maxLength: Int?
        public var minLength: Int?
    }

    public struct Event: Sendable {
        public var name: String
        public var files: [Glob]
        /// Custom data values that identify the event (`"type": "order_updated"`).
        public var match: [(key: String, value: String)]
        public var urgency: Urgency?
        public var channel: String?
        /// nil when the event does not declare its fields (then unknown fields are not checked).
        public var fields: [Field]?
    }

    public struct Variable: Sendable {
        public var maxBytes: Int?
        public var maxLength: Int?
        /// Most items of a list that a template loops over: loops render 0, 1, 2 and this many times.
        public var maxItems: Int?
        /// Worst-case encoded bytes: `maxBytes`, or `maxLength` characters at 4 bytes each (saturating at
        /// `Int.max`: any whole number passes the reader, so the product must not trap).
        public var worstCaseBytes: Int? { maxBytes ?? maxLength.map { Saturating.multiply($0, 4) } }
    }

    public struct Links: Sendable {
        public var schemes: [String]?
        public var hosts: [String]?
        /// Custom data keys that carry a link, besides the well-known ones (`url`, `link`, `deeplink`, `deep_link`).
        public var fields: [String]?
    }

    /// The JSON shape of a Live Activity property as the synthesized `Codable` decoder reads it; `date` is a number
    /// of seconds since 1 January 2001 (the default `JSONDecoder`'s `.deferredToDate`).
    public enum StateType: String, Sendable, CaseIterable {
        case string, number, integer, boolean, date, array, object

        /// The shape of a Swift type as written (`Int`, `Date`, `[String]`, `Optional` removed); nil for a type
        /// whose shape is not known (an enum, a struct of the app).
        public init?(swiftType type: String) {
            switch type {
            case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64":
                self = .integer
            case "Double", "Float", "CGFloat", "Float32", "Float64", "Decimal", "TimeInterval": self = .number
            case "String", "URL", "UUID", "Character", "Substring": self = .string
            case "Bool": self = .boolean
            case "Date": self = .date
            default:
                if type.hasPrefix("[") {
                    self = type.contains(":") ? .object : .array
                } else if type.hasPrefix("Array<") || type.hasPrefix("Set<") {
                    self = .array
                } else if type.hasPrefix("Dictionary<") {
                    self = .object
                } else {
                    return nil
                }
            }
        }
    }

    /// A key a Live Activity type decodes: its JSON name, shape (nil: any) and whether it may be absent or null.
    public struct StateField: Sendable {
        public var name: String
        public var type: StateType?
        public var optional: Bool
        public init(name: String, type: StateType?, optional: Bool) {
            self.name = name
            self.type = type
            self.optional = optional
        }
    }

    /// An `ActivityAttributes` type: the keys of its `ContentState` and of its static attributes (a push-to-start's
    /// `aps.attributes`); nil when the contract does not declare them.
    public struct LiveActivity: Sendable {
        public var attributesType: String
        public var contentState: [StateField]?
        public var attributes: [StateField]?
        /// The line of the type's key in the contract, for findings that name where the keys were declared.
        public var line: Int
    }

    public var path: String
    public var ios: IOS?
    public var android: Android?
    public var events: [Event]
    public var variables: [String: Variable]
    public var links: Links?
    /// The document the contract was read from (JSONC), so that findings about its entries can point into it; nil
    /// for a contract built in code.
    public var document: JSONDocument?

    /// Keys of the file and of its nested objects, as the reader checks them: the names of the contract's table
    /// (`ContractSchema`).
    public static let knownKeys = ContractSchema.top.names
    public static let iosKeys = ContractSchema.ios.names
    public static let androidKeys = ContractSchema.android.names
    public static let liveActivityKeys = ContractSchema.liveActivity.names
    public static let stateFieldKeys = ContractSchema.stateField.names
    public static let channelKeys = ContractSchema.channel.names
    public static let eventKeys = ContractSchema.event.names
    public static let fieldKeys = ContractSchema.field.names
    public static let variableKeys = ContractSchema.variable.names
    public static let linksKeys = ContractSchema.links.names
    public static let entitlements = ["time-sensitive", "critical-alerts"]
    /// The most items a template loop is rendered with (`variables.NAME.maxItems`).
    public static let maxLoopItems = 1000

    public static func read(path: String, bytes: [UInt8]) throws(ConfigurationError) -> Contract {
        let reader = try ConfigReader(path: path, bytes: bytes)
        let doc = reader.document
        let top = try reader.object(doc.root, "the contract", known: knownKeys)
        var contract = Contract(path: path, ios: nil, android: nil, events: [], variables: [:], links: nil)
        contract.document = doc

        if let node = top["ios"] {
            let f = try reader.object(node, "'ios'", known: iosKeys)
            var ios = IOS()
            if let n = f["bundleId"] { ios.bundleId = try reader.string(n, "'ios.bundleId'") }
            if let n = f["categories"] {
                ios.categories = try reader.strings(n, "'ios.categories'")
                ios.categoryNodes = doc.elements(n)
            }
            if let n = f["entitlements"] {
                let values = try reader.strings(n, "'ios.entitlements'")
                let known = entitlements
                for (index, value) in values.enumerated() where !known.contains(value) {
                    throw reader.error(
                        doc.elements(n)[index],
                        "unknown entitlement '\(value)': use time-sensitive or critical-alerts."
                            + Suggest.didYouMean(value, in: known))
                }
                ios.entitlements = values
                ios.entitlementNodes = doc.elements(n)
            }
            if let n = f["sounds"] { ios.sounds = try readSounds(reader, n, platform: "ios") }
            if let n = f["liveActivities"] { ios.liveActivities = try readLiveActivities(reader, n) }
            contract.ios = ios
        }
        if let node = top["android"] {
            let f = try reader.object(node, "'android'", known: androidKeys)
            var android = Android()
            if let n = f["package"] { android.package = try reader.string(n, "'android.package'") }
            if let n = f["defaultChannel"] {
                android.defaultChannel = try reader.string(n, "'android.defaultChannel'")
                android.defaultChannelNode = n
            }
            if let n = f["channels"] {
                guard doc.kind(n) == .array else {
                    throw reader.error(
                        n, "'android.channels' must be an array of {id, importance} objects, found \(doc.typeName(n))")
                }
                android.channelsKeyNode = doc.keyNode(ofValue: n)
                var channels: [Channel] = []
                var seen: Set<String> = []
                for element in doc.elements(n) {
                    let c = try reader.object(element, "a channel", known: channelKeys)
                    guard let idNode = c["id"] else { throw reader.error(element, "a channel needs an 'id'") }
                    let id = try reader.string(idNode, "'id' of a channel")
                    guard seen.insert(id).inserted else {
                        throw reader.error(idNode, "channel '\(id)' is declared twice")
                    }
                    var importance: Importance?
                    if let i = c["importance"] {
                        let text = try reader.string(i, "'importance' of channel '\(id)'")
                        guard let value = Importance(rawValue: text) else {
                            let names = Importance.allCases.map(\.rawValue)
                            throw reader.error(
                                i,
                                "unknown importance '\(text)' for channel '\(id)'."
                                    + Suggest.didYouMean(text, in: names),
                                hint: "importances: " + names.joined(separator: ", "))
                        }
                        importance = value
                    }
                    channels.append(
                        Channel(id: id, importance: importance, idNode: idNode, importanceNode: c["importance"]))
                }
                android.channels = channels
            }
            if let n = f["sounds"] { android.sounds = try readSounds(reader, n, platform: "android") }
            if let d = android.defaultChannel, let channels = android.channels,
                !channels.contains(where: { $0.id == d }),
                let n = f["defaultChannel"]
            {
                throw reader.error(
                    n,
                    "defaultChannel '\(d)' is not one of the declared channels."
                        + Suggest.didYouMean(d, in: channels.map(\.id)))
            }
            contract.android = android
        }
        if let node = top["events"] {
            for entry in try reader.map(node, "'events'") {
                contract.events.append(
                    try readEvent(reader, entry.key, entry.value, channels: contract.android?.channels))
            }
        }
        if let node = top["variables"] {
            for entry in try reader.map(node, "'variables'") {
                let f = try reader.object(entry.value, "variable '\(entry.key)'", known: variableKeys)
                var variable = Variable()
                if let n = f["maxBytes"] {
                    variable.maxBytes = try reader.nonNegativeInteger(n, "'maxBytes' of '\(entry.key)'")
                }
                if let n = f["maxLength"] {
                    variable.maxLength = try reader.nonNegativeInteger(n, "'maxLength' of '\(entry.key)'")
                }
                if let n = f["maxItems"] {
                    let items = try reader.nonNegativeInteger(n, "'maxItems' of '\(entry.key)'")
                    guard items <= maxLoopItems else {
                        throw reader.error(
                            n,
                            "'maxItems' of '\(entry.key)' is \(items): pushlint renders loops with at most \(maxLoopItems) items"
                        )
                    }
                    variable.maxItems = items
                }
                contract.variables[entry.key] = variable
            }
        }
        if let node = top["links"] {
            let f = try reader.object(node, "'links'", known: linksKeys)
            var links = Links()
            if let n = f["schemes"] {
                let schemes = try reader.strings(n, "'links.schemes'")
                for (index, scheme) in schemes.enumerated() where !isScheme(scheme) {
                    let bare = scheme.split(separator: ":").first.map(String.init) ?? scheme
                    throw reader.error(
                        doc.elements(n)[index], "'\(scheme)' in 'links.schemes' is not a URI scheme",
                        hint: isScheme(bare)
                            ? "write the scheme alone: \"\(bare)\""
                            : "a scheme is a letter followed by letters, digits, '+', '-' or '.'")
                }
                links.schemes = schemes.map { $0.lowercased() }
            }
            if let n = f["hosts"] {
                let hosts = try reader.strings(n, "'links.hosts'")
                for (index, host) in hosts.enumerated() {
                    let name = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
                    if name.isEmpty || name.contains(where: { "/:*@ ?#".contains($0) }) {
                        throw reader.error(
                            doc.elements(n)[index], "'\(host)' in 'links.hosts' is not a host name",
                            hint:
                                "write a bare host (\"example.com\") or all its subdomains (\"*.example.com\"), without scheme, port or path"
                        )
                    }
                }
                links.hosts = hosts.map { $0.lowercased() }
            }
            if let n = f["fields"] {
                let fields = try reader.strings(n, "'links.fields'")
                if let index = fields.firstIndex(where: \.isEmpty) {
                    throw reader.error(
                        doc.elements(n)[index], "an entry of 'links.fields' is empty",
                        hint: "name a custom data key that carries a link: \"fields\": [\"target_url\"]")
                }
                links.fields = fields
            }
            contract.links = links
        }
        return contract
    }

    static func readEvent(_ reader: ConfigReader, _ name: String, _ node: NodeID, channels: [Channel]?)
        throws(ConfigurationError) -> Event
    {
        let doc = reader.document
        let f = try reader.object(node, "event '\(name)'", known: eventKeys)
        var event = Event(name: name, files: [], match: [], urgency: nil, channel: nil, fields: nil)
        if let n = f["files"] { event.files = try reader.globs(n, "'files' of event '\(name)'") }
        if f["files"] == nil && f["match"] == nil {
            throw reader.error(
                reader.document.keyNode(ofValue: node) ?? node,
                "event '\(name)' has neither 'files' nor 'match', so no template can map to it",
                hint:
                    "add \"files\": [\"push/...\"] (globs relative to .pushlint.json) or \"match\": {\"type\": \"...\"}"
            )
        }
        if let n = f["match"] {
            for entry in try reader.map(n, "'match' of event '\(name)'") {
                switch doc.kind(entry.value) {
                case .string: event.match.append((entry.key, doc.string(entry.value)))
                case .number, .bool: event.match.append((entry.key, doc.rawText(entry.value)))
                default:
                    throw reader.error(
                        entry.value,
                        "'match' values must be strings, numbers or booleans, found \(doc.typeName(entry.value))")
                }
            }
        }
        if let n = f["urgency"] {
            let text = try reader.string(n, "'urgency' of event '\(name)'")
            guard let urgency = Urgency(rawValue: text) else {
                let names = Urgency.allCases.map(\.rawValue)
                throw reader.error(
                    n, "unknown urgency '\(text)'." + Suggest.didYouMean(text, in: names),
                    hint: "urgencies: " + names.joined(separator: ", "))
            }
            event.urgency = urgency
        }
        if let n = f["channel"] {
            let channel = try reader.string(n, "'channel' of event '\(name)'")
            if let channels, !channels.contains(where: { $0.id == channel }) {
                throw reader.error(
                    n,
                    "event '\(name)' names channel '\(channel)', which 'android.channels' does not declare."
                        + Suggest.didYouMean(channel, in: channels.map(\.id)))
            }
            event.channel = channel
        }
        if let n = f["fields"] {
            var fields: [Field] = []
            for entry in try reader.map(n, "'fields' of event '\(name)'") {
                let what = "field '\(entry.key)' of event '\(name)'"
                let g = try reader.object(entry.value, what, known: fieldKeys)
                var field = Field(name: entry.key, required: false)
                if let x = g["required"] { field.required = try reader.bool(x, "'required' of \(what)") }
                if let x = g["type"] {
                    let text = try reader.string(x, "'type' of \(what)")
                    guard let type = FieldType(rawValue: text) else {
                        let names = FieldType.allCases.map(\.rawValue)
                        throw reader.error(
                            x, "unknown type '\(text)' for \(what)." + Suggest.didYouMean(text, in: names),
                            hint: "types: " + names.joined(separator: ", "))
                    }
                    field.type = type
                }
                if let x = g["enum"] {
                    guard doc.kind(x) == .array else { throw reader.error(x, "'enum' of \(what) must be an array") }
                    field.allowed = doc.elements(x).map { doc.kind($0) == .string ? doc.string($0) : doc.rawText($0) }
                }
                if let x = g["pattern"] {
                    let source = try reader.string(x, "'pattern' of \(what)")
                    guard let pattern = ContractPattern(source) else {
                        let reason = ContractPattern.problem(source) ?? "not a regular expression"
                        throw reader.error(
                            x,
                            "'pattern' of \(what) is not a valid regular expression of the JSON Schema subset pushlint reads (\(reason)): \(source)"
                        )
                    }
                    field.pattern = pattern
                }
                if let x = g["maxLength"] {
                    field.maxLength = try reader.nonNegativeInteger(x, "'maxLength' of \(what)")
                }
                if let x = g["minLength"] {
                    field.minLength = try reader.nonNegativeInteger(x, "'minLength' of \(what)")
                }
                if let min = field.minLength, let max = field.maxLength, min > max, let x = g["minLength"] {
                    throw reader.error(
                        x,
                        "'minLength' \(min) of \(what) is greater than its 'maxLength' \(max): no value can satisfy both"
                    )
                }
                if let allowed = field.allowed, let pattern = field.pattern, let x = g["enum"],
                    let bad = allowed.first(where: { pattern.check($0) == .notMatched })
                {
                    throw reader.error(
                        x, "enum value '\(bad)' of \(what) does not match its own 'pattern' \(pattern.source)")
                }
                fields.append(field)
            }
            event.fields = fields
        }
        return event
    }

    /// `ios.sounds` or `android.sounds`: file names as payloads name them. iOS names a bundle file with its
    /// extension; Android a `res/raw` resource by its name, which aapt allows only in lowercase letters, digits and
    /// `_` (https://developer.android.com/guide/topics/resources/providing-resources).
    static func readSounds(_ reader: ConfigReader, _ node: NodeID, platform: String) throws(ConfigurationError)
        -> [String]
    {
        let what = "'\(platform).sounds'"
        let sounds = try reader.strings(node, what)
        for (index, sound) in sounds.enumerated() {
            if let problem = soundProblem(sound, android: platform == "android") {
                throw reader.error(
                    reader.document.elements(node)[index], "'\(sound)' in \(what) is not \(problem.what)",
                    hint: problem.hint)
            }
        }
        return sounds
    }

    /// Why `name` cannot be a sound of `ios.sounds` (or `android.sounds`): what it is not, and the fix; nil when it
    /// can.
    public static func soundProblem(_ name: String, android: Bool) -> (what: String, hint: String)? {
        if name.isEmpty || name.contains("/") {
            return (
                "a sound name",
                android
                    ? "write the res/raw resource name a payload sends: \"chime\""
                    : "write the file name a payload sends, without a folder: \"chime.caf\""
            )
        }
        guard android,
            !name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { return nil }
        let base = name.split(separator: ".").first.map { String($0).lowercased() } ?? name
        return (
            "a res/raw resource name",
            name.contains(".")
                ? "Android names raw resources without their extension: write \"\(base)\""
                : "resource names have only lowercase letters, digits and '_'"
        )
    }

    /// Whether `name` can be a key of `ios.liveActivities`: a type name, as `aps.attributes-type` names it.
    public static func isTypeName(_ name: String) -> Bool { !name.isEmpty && !name.contains(where: \.isWhitespace) }

    /// `ios.liveActivities`: attributes type name → `{contentState, attributes}`, each a map of key → `{type,
    /// optional}`.
    static func readLiveActivities(_ reader: ConfigReader, _ node: NodeID) throws(ConfigurationError)
        -> [LiveActivity]
    {
        var result: [LiveActivity] = []
        for entry in try reader.map(node, "'ios.liveActivities'") {
            if !isTypeName(entry.key) {
                throw reader.error(
                    entry.keyNode, "'\(entry.key)' in 'ios.liveActivities' is not a type name",
                    hint: "write the name of the ActivityAttributes type, as aps.attributes-type names it")
            }
            let what = "Live Activity '\(entry.key)'"
            let f = try reader.object(entry.value, what, known: liveActivityKeys)
            var activity = LiveActivity(
                attributesType: entry.key, contentState: nil, attributes: nil,
                line: reader.position(entry.keyNode).line)
            if let n = f["contentState"] {
                activity.contentState = try readStateFields(reader, n, "'contentState' of \(what)")
            }
            if let n = f["attributes"] {
                activity.attributes = try readStateFields(reader, n, "'attributes' of \(what)")
            }
            result.append(activity)
        }
        return result
    }

    static func readStateFields(_ reader: ConfigReader, _ node: NodeID, _ what: String) throws(ConfigurationError)
        -> [StateField]
    {
        var fields: [StateField] = []
        for entry in try reader.map(node, what) {
            let fieldWhat = "key '\(entry.key)' of \(what)"
            let g = try reader.object(entry.value, fieldWhat, known: stateFieldKeys)
            var field = StateField(name: entry.key, type: nil, optional: false)
            if let x = g["type"] {
                let text = try reader.string(x, "'type' of \(fieldWhat)")
                guard let type = StateType(rawValue: text) else {
                    let names = StateType.allCases.map(\.rawValue)
                    let swift = StateType(swiftType: text).map { " (a Swift \(text) is \"\($0.rawValue)\")" } ?? ""
                    throw reader.error(
                        x, "unknown type '\(text)' for \(fieldWhat)\(swift)." + Suggest.didYouMean(text, in: names),
                        hint: "types: " + names.joined(separator: ", "))
                }
                field.type = type
            }
            if let x = g["optional"] { field.optional = try reader.bool(x, "'optional' of \(fieldWhat)") }
            fields.append(field)
        }
        return fields
    }

    public func channel(_ id: String) -> Channel? { android?.channels?.first { $0.id == id } }

    /// RFC 3986: a letter, then letters, digits, `+`, `-` or `.`.
    static func isScheme(_ text: String) -> Bool {
        func letter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
        guard let first = text.unicodeScalars.first, letter(first) else { return false }
        return text.unicodeScalars.allSatisfy {
            letter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
        }
    }
}

/// Size arithmetic on declared maxima, which a contract or template may set to any whole number: the result stops
/// at `Int.max` instead of trapping, and `Int.max` reads as "too large to count".
public enum Saturating {
    public static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    public static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) == (b < 0) ? Int.max : Int.min) : product
    }
}
