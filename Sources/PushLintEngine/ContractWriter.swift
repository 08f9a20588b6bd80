import PushLintJSON
import PushLintModel

/// `pushlint app scan --write-contract`: fills or updates the contract's `ios`, `android` and `links` sections from
/// what the app's sources say (issues 23 and 30), so that a project adopts a contract in one step: categories,
/// entitlements, channels, the default channel, sounds, link schemes and hosts, and Live Activity types.
///
/// It merges, never deletes: what the team wrote stays byte for byte (channels, names, descriptions, comments,
/// trailing commas, layout, the events); the app's categories, entitlements (the contract's spellings
/// `time-sensitive` and `critical-alerts`), channels with their importance, and the FCM default channel are
/// inserted as text at the end of the containers they belong to, in the layout of their neighbours. An entry the
/// app contradicts is left as written and listed in `kept`, for a person to decide: a channel whose importance
/// differs (raising it in code does not reach installed apps, `app-channel-importance`), another default channel,
/// a channel or category the app does not create or register. Facts of a platform whose sources were not read are
/// not written. The result is read back as a contract before it is returned, and merging it again changes nothing.
public enum ContractWriter {
    /// What a merge gives: the new text and what changed.
    public struct Merge: Sendable, Equatable {
        /// The contract before (nil when there was none).
        public var original: [UInt8]?
        /// The contract after: the original with the insertions, or a new contract. A valid contract.
        public var bytes: [UInt8]
        /// What was added, one line each with the app's file:line ("android.channels: added 'chat' (importance
        /// high) from App.kt:38").
        public var changes: [String]
        /// Differences between the contract and the app that were left as the team wrote them, one line each.
        public var kept: [String]

        /// Whether there is anything to write.
        public var isChanged: Bool { !changes.isEmpty }

        /// `diff -u` of the contract before and after (empty when unchanged), for showing before writing.
        public func diff(path: String) -> String { UnifiedDiff.render(old: original ?? [], new: bytes, path: path) }
    }

    /// The first line of a contract written from scratch.
    public static let header =
        "// Written by `pushlint app scan --write-contract` from the app's sources. Review it, then add the events your templates send (README, \"Contract\")."

    /// Merges the app's facts into the contract `contract` (its bytes; nil when there is none yet, then a new
    /// contract is made). `path` names the contract in errors. Throws when the existing contract is not a valid
    /// contract (the error `pushlint lint` would give), or, should a merge ever give text that does not read back
    /// as a contract, rather than return it.
    public static func merge(contract: [UInt8]?, path: String, facts: AppFacts) throws(ConfigurationError) -> Merge {
        let start = contract ?? Array((header + "\n{\n}\n").utf8)
        let existing = try Contract.read(path: path, bytes: start)
        guard let document = existing.document else {
            throw ConfigurationError(path: path, position: nil, message: "the contract could not be read")
        }
        var plan = Plan(document: document, contract: existing, facts: facts)
        plan.build()
        let bytes = Plan.apply(plan.edits, to: start)
        do {
            _ = try Contract.read(path: path, bytes: bytes)
        } catch {
            throw ConfigurationError(
                path: path, position: nil,
                message:
                    "merging the app's facts gave a contract that does not read back (\(error.message)); nothing was written",
                hint: "please report this with the contract")
        }
        return Merge(
            original: contract, bytes: plan.changes.isEmpty ? (contract ?? start) : bytes, changes: plan.changes,
            kept: plan.kept)
    }

    /// The edits of one merge, and the lines that describe them.
    struct Plan {
        let document: JSONDocument
        let contract: Contract
        let facts: AppFacts
        let layout: Layout
        var edits: [TextEdit] = []
        var changes: [String] = []
        var kept: [String] = []

        init(document: JSONDocument, contract: Contract, facts: AppFacts) {
            self.document = document
            self.contract = contract
            self.facts = facts
            layout = Layout(document)
        }

        static func place(_ location: AppFacts.Location) -> String {
            location.line > 0 ? "\(location.path):\(location.line)" : location.path
        }

        mutating func build() {
            var sections: [(String, Value)] = []
            if facts.platforms.contains(.ios), let ios = iosSection() { sections.append(("ios", ios)) }
            if facts.platforms.contains(.android), let android = androidSection() {
                sections.append(("android", android))
            }
            if let links = linksSection() { sections.append(("links", links)) }
            if !sections.isEmpty { edits += layout.insert(sections.map { .member($0.0, $0.1) }, into: document.root) }
            let notRead = facts.unresolved.count
            if notRead > 0, let first = facts.unresolved.first {
                kept.append(
                    "\(notRead) identifier\(notRead == 1 ? "" : "s") of the app could not be read (\(first.what) at \(Self.place(first.location))\(notRead > 1 ? ", ..." : "")): not written"
                )
            }
        }

        func member(_ object: NodeID?, _ name: String) -> NodeID? {
            guard let object, document.kind(object) == .object else { return nil }
            return document.member(object, name)
        }

        // MARK: iOS

        /// The `ios` section to add, when the contract has none; otherwise the edits go into the one it has.
        mutating func iosSection() -> Value? {
            var categories: [(id: String, location: AppFacts.Location)] = []
            for category in facts.categories.sorted(by: { $0.location < $1.location })
            where !categories.contains(where: { $0.id == category.id }) {
                categories.append((category.id, category.location))
            }
            var entitlements: [(name: String, location: AppFacts.Location)] = []
            for name in Contract.entitlements {
                let key = "com.apple.developer.usernotifications." + name
                if let fact = facts.entitlements.filter({ $0.id == key }).min(by: { $0.location < $1.location }) {
                    entitlements.append((name, fact.location))
                }
            }
            let declaredCategories = contract.ios?.categories ?? []
            let declaredEntitlements = contract.ios?.entitlements ?? []
            for name in declaredCategories where !categories.contains(where: { $0.id == name }) {
                kept.append("ios.categories: '\(name)' is not registered by the app: kept")
            }
            for name in declaredEntitlements where !entitlements.contains(where: { $0.name == name }) {
                kept.append("ios.entitlements: '\(name)' is not among the app's entitlements: kept")
            }
            let newCategories = categories.filter { !declaredCategories.contains($0.id) }
            let newEntitlements = entitlements.filter { !declaredEntitlements.contains($0.name) }
            for category in newCategories {
                changes.append("ios.categories: added '\(category.id)' from \(Self.place(category.location))")
            }
            for entitlement in newEntitlements {
                changes.append("ios.entitlements: added '\(entitlement.name)' from \(Self.place(entitlement.location))")
            }
            let newSounds = sounds(.ios, declared: contract.ios?.sounds)
            let ios = member(document.root, "ios")
            var members: [(String, Value)] = []
            for (name, values) in [
                ("categories", newCategories.map(\.id)), ("entitlements", newEntitlements.map(\.name)),
                ("sounds", newSounds),
            ]
            where !values.isEmpty {
                if let array = member(ios, name) {
                    edits += layout.insert(values.map { .element(.string($0)) }, into: array)
                } else {
                    members.append((name, .inlineArray(values.map { .string($0) })))
                }
            }
            if let activities = liveActivities(in: member(ios, "liveActivities")) {
                members.append(("liveActivities", activities))
            }
            guard !members.isEmpty else { return nil }
            if let ios {
                edits += layout.insert(members.map { .member($0.0, $0.1) }, into: ios)
                return nil
            }
            return .object(members)
        }

        // MARK: Sounds

        /// The sounds of `platform` the app ships that the contract does not list yet (each once, as a payload
        /// names it); the contract's other sounds are kept. A name the contract cannot hold (an Android resource
        /// with a capital letter, which aapt refuses anyway) is not written.
        mutating func sounds(_ platform: AppFacts.Platform, declared: [String]?) -> [String] {
            let key = platform == .ios ? "ios.sounds" : "android.sounds"
            var new: [String] = []
            var shipped: Set<String> = []
            for sound in facts.sounds.sorted(by: { $0.location < $1.location }) where sound.platform == platform {
                guard shipped.insert(sound.name).inserted, !(declared ?? []).contains(sound.name) else { continue }
                if let problem = Contract.soundProblem(sound.name, android: platform == .android) {
                    kept.append(
                        "\(key): '\(sound.name)' (\(Self.place(sound.location))) is not \(problem.what): not written")
                    continue
                }
                new.append(sound.name)
                changes.append("\(key): added '\(sound.name)' from \(Self.place(sound.location))")
            }
            for name in declared ?? [] where !shipped.contains(name) {
                kept.append("\(key): '\(name)' is not shipped by the app: kept")
            }
            return new
        }

        // MARK: Live Activities

        /// The keys of a Live Activity part as the contract writes them: `{"type": "integer"}`, `"optional": true`
        /// for an optional property, `{}` for a type whose JSON shape is not known.
        static func fieldValue(_ field: AppFacts.LiveActivityField) -> Value {
            var members: [(String, Value)] = []
            if let type = Contract.StateType(swiftType: field.type) { members.append(("type", .string(type.rawValue))) }
            if field.optional { members.append(("optional", .literal("true"))) }
            return .inlineObject(members)
        }

        /// `ios.liveActivities` from the app's `ActivityAttributes` types whose keys the scan read: a type the
        /// contract lacks is added whole, a known type gets the parts and keys it lacks; a key the contract
        /// declares otherwise, or that the app's type does not read, is kept as written. Returns the whole map
        /// when the contract has none (`existing` nil), else adds its edits.
        mutating func liveActivities(in existing: NodeID?) -> Value? {
            var types: [AppFacts.LiveActivity] = []
            for type in facts.liveActivities.sorted(by: { $0.location < $1.location })
            where (type.contentState != nil || type.attributes != nil)
                && !types.contains(where: { $0.attributesType == type.attributesType })
            {
                guard Contract.isTypeName(type.attributesType) else { continue }
                types.append(type)
            }
            let declared = contract.ios?.liveActivities ?? []
            var newTypes: [(String, Value)] = []
            for type in types {
                let parts: [(key: String, fields: [AppFacts.LiveActivityField]?)] = [
                    ("contentState", type.contentState), ("attributes", type.attributes),
                ]
                guard let written = declared.first(where: { $0.attributesType == type.attributesType }),
                    let object = member(existing, type.attributesType)
                else {
                    newTypes.append(
                        (
                            type.attributesType,
                            .object(
                                parts.compactMap { part in
                                    part.fields.map { (part.key, .object($0.map { ($0.name, Self.fieldValue($0)) })) }
                                })
                        ))
                    changes.append(
                        "ios.liveActivities: added '\(type.attributesType)' from \(Self.place(type.location))")
                    continue
                }
                var newParts: [(String, Value)] = []
                for part in parts {
                    guard let fields = part.fields else { continue }
                    let writtenFields = part.key == "contentState" ? written.contentState : written.attributes
                    guard let writtenFields, let partObject = member(object, part.key) else {
                        newParts.append((part.key, .object(fields.map { ($0.name, Self.fieldValue($0)) })))
                        changes.append(
                            "ios.liveActivities: '\(type.attributesType)' gets its \(part.key) from \(Self.place(type.location))"
                        )
                        continue
                    }
                    mergeFields(fields, declared: writtenFields, into: partObject, of: type, part: part.key)
                }
                if !newParts.isEmpty { edits += layout.insert(newParts.map { .member($0.0, $0.1) }, into: object) }
            }
            for type in declared
            where !facts.liveActivities.contains(where: { $0.attributesType == type.attributesType }) {
                kept.append("ios.liveActivities: '\(type.attributesType)' is not a type of the app: kept")
            }
            guard !newTypes.isEmpty else { return nil }
            if let existing {
                edits += layout.insert(newTypes.map { .member($0.0, $0.1) }, into: existing)
                return nil
            }
            return .object(newTypes)
        }

        /// Adds to a declared part (`contentState` or `attributes`) of a Live Activity type the keys the app's type
        /// reads and the contract lacks; a key declared otherwise, or that the app's type does not read, is kept as
        /// written.
        mutating func mergeFields(
            _ fields: [AppFacts.LiveActivityField], declared writtenFields: [Contract.StateField],
            into partObject: NodeID,
            of type: AppFacts.LiveActivity, part: String
        ) {
            var newFields: [(String, Value)] = []
            for field in fields {
                guard let same = writtenFields.first(where: { $0.name == field.name }) else {
                    newFields.append((field.name, Self.fieldValue(field)))
                    changes.append(
                        "ios.liveActivities: '\(type.attributesType)' \(part) gets '\(field.name)' from \(Self.place(type.location))"
                    )
                    continue
                }
                let appType = Contract.StateType(swiftType: field.type)
                if same.type != appType || same.optional != field.optional {
                    kept.append(
                        "ios.liveActivities: '\(type.attributesType)' \(part) '\(field.name)' is declared \(Self.describe(same.type, same.optional)), the app's type reads \(field.optional ? field.type + "?" : field.type) at \(Self.place(type.location)): left as written"
                    )
                }
            }
            for field in writtenFields where !fields.contains(where: { $0.name == field.name }) {
                kept.append(
                    "ios.liveActivities: '\(type.attributesType)' \(part) '\(field.name)' is not read by the app's type (\(Self.place(type.location))): kept"
                )
            }
            if !newFields.isEmpty {
                edits += layout.insert(newFields.map { .member($0.0, $0.1) }, into: partObject)
            }
        }

        static func describe(_ type: Contract.StateType?, _ optional: Bool) -> String {
            (type?.rawValue ?? "of any type") + (optional ? " (optional)" : "")
        }

        // MARK: Links

        /// `links.schemes` and `links.hosts` from the URL schemes the app registers and the hosts it claims
        /// (`applinks:`, `autoVerify` filters), `https` among the schemes when it claims a host, so that
        /// `payload-link` accepts the links the app opens. Missing values are added; the team's stay.
        mutating func linksSection() -> Value? {
            var wanted: [(key: String, values: [(value: String, location: AppFacts.Location)])] = []
            var schemes: [(value: String, location: AppFacts.Location)] = []
            var hosts: [(value: String, location: AppFacts.Location)] = []
            for link in facts.links.sorted(by: { $0.location < $1.location }) {
                if link.kind == .scheme, !schemes.contains(where: { $0.value == link.value }) {
                    schemes.append((link.value, link.location))
                } else if link.kind == .host, link.verified, !hosts.contains(where: { $0.value == link.value }) {
                    hosts.append((link.value, link.location))
                }
            }
            if let first = hosts.first, !schemes.contains(where: { $0.value == "https" }) {
                schemes.append(("https", first.location))
            }
            wanted = [("schemes", schemes), ("hosts", hosts)]
            let links = member(document.root, "links")
            var members: [(String, Value)] = []
            for (key, values) in wanted {
                let declared = key == "schemes" ? contract.links?.schemes : contract.links?.hosts
                let new = values.filter { !(declared ?? []).contains($0.value) }
                guard !new.isEmpty else { continue }
                for value in new {
                    changes.append("links.\(key): added '\(value.value)' from \(Self.place(value.location))")
                }
                if let array = member(links, key), document.kind(array) == .array {
                    edits += layout.insert(new.map { .element(.string($0.value)) }, into: array)
                } else {
                    members.append((key, .inlineArray(new.map { .string($0.value) })))
                }
            }
            guard !members.isEmpty else { return nil }
            if let links {
                edits += layout.insert(members.map { .member($0.0, $0.1) }, into: links)
                return nil
            }
            return .object(members)
        }

        // MARK: Android

        /// A channel the app creates, with its importance when every creation agrees on it.
        typealias AppChannel = (id: String, importance: Contract.Importance?, location: AppFacts.Location)

        mutating func androidSection() -> Value? {
            let channels = appChannels()
            let android = member(document.root, "android")
            let newChannels = mergeChannels(channels)
            var members: [(String, Value)] = []
            if let fact = facts.defaultChannel, let member = defaultChannel(fact, channels: channels) {
                members.append(member)
            }
            let newSounds = sounds(.android, declared: contract.android?.sounds)
            if !newSounds.isEmpty {
                if let array = member(android, "sounds") {
                    edits += layout.insert(newSounds.map { .element(.string($0)) }, into: array)
                } else {
                    members.append(("sounds", .inlineArray(newSounds.map { .string($0) })))
                }
            }
            if !newChannels.isEmpty {
                if let array = member(android, "channels") {
                    edits += layout.insert(newChannels.map { .element($0) }, into: array, padded: padded(array))
                } else {
                    members.append(("channels", .lines(newChannels)))
                }
            }
            guard !members.isEmpty else { return nil }
            if let android {
                edits += layout.insert(members.map { .member($0.0, $0.1) }, into: android)
                return nil
            }
            return .object(members)
        }

        /// Each channel the app creates, once, with its importance when every creation agrees on it.
        mutating func appChannels() -> [AppChannel] {
            var channels: [AppChannel] = []
            for channel in facts.channels.sorted(by: { $0.location < $1.location })
            where !channels.contains(where: { $0.id == channel.id }) {
                let known = Set(facts.channels.filter { $0.id == channel.id }.compactMap(\.importance))
                if known.count > 1 {
                    let all = facts.channels.filter { $0.id == channel.id && $0.importance != nil }.map {
                        "\($0.importance?.rawValue ?? "") at \(Self.place($0.location))"
                    }
                    kept.append(
                        "android.channels: '\(channel.id)' is created with several importances (\(all.joined(separator: ", "))): no importance written"
                    )
                }
                channels.append((channel.id, known.count == 1 ? known.first : nil, channel.location))
            }
            return channels
        }

        /// The channels the contract lacks, as new entries; a declared channel gains the importance it lacks, and
        /// one declared otherwise, or not created by the app, is kept as written.
        mutating func mergeChannels(_ channels: [AppChannel]) -> [Value] {
            let declared = contract.android?.channels ?? []
            var newChannels: [Value] = []
            for channel in channels {
                guard let existing = declared.first(where: { $0.id == channel.id }) else {
                    var fields: [(String, Value)] = [("id", .string(channel.id))]
                    if let importance = channel.importance {
                        fields.append(("importance", .string(importance.rawValue)))
                    }
                    newChannels.append(.inlineObject(fields))
                    changes.append(
                        "android.channels: added '\(channel.id)'"
                            + (channel.importance.map { " (importance \($0.rawValue))" } ?? "")
                            + " from \(Self.place(channel.location))")
                    continue
                }
                guard let importance = channel.importance else { continue }
                if let written = existing.importance {
                    if written != importance {
                        kept.append(
                            "android.channels: '\(channel.id)' is declared with importance \(written.rawValue), the app creates it with \(importance.rawValue) at \(Self.place(channel.location)): left as written (a channel keeps its first importance on installed apps; decide which is right, app-channel-importance)"
                        )
                    }
                } else if let idNode = existing.idNode, let object = parent(ofValue: idNode) {
                    edits += layout.insert([.member("importance", .string(importance.rawValue))], into: object)
                    changes.append(
                        "android.channels: '\(channel.id)' gets importance \(importance.rawValue) from \(Self.place(channel.location))"
                    )
                }
            }
            for channel in declared where !channels.contains(where: { $0.id == channel.id }) {
                kept.append("android.channels: '\(channel.id)' is not created by the app: kept")
            }
            return newChannels
        }

        /// `android.defaultChannel` from the manifest, when the contract has none and the app creates the channel.
        mutating func defaultChannel(_ fact: AppFacts.Fact, channels: [AppChannel]) -> (String, Value)? {
            if let written = contract.android?.defaultChannel {
                if written != fact.id {
                    kept.append(
                        "android.defaultChannel: '\(written)' left as written; the app's manifest names '\(fact.id)' at \(Self.place(fact.location))"
                    )
                }
            } else if channels.contains(where: { $0.id == fact.id }) {
                let member = ("defaultChannel", Value.string(fact.id))
                changes.append(
                    "android.defaultChannel: set to '\(fact.id)' from \(Self.place(fact.location))")
                return member
            } else {
                // The contract's reader requires the default channel among the channels, and the app never
                // creates it: app-default-channel reports that; writing it would make the contract invalid.
                kept.append(
                    "android.defaultChannel: the manifest's '\(fact.id)' (\(Self.place(fact.location))) is never created by the app: not written"
                )
            }
            return nil
        }

        /// The object that holds a member value.
        func parent(ofValue node: NodeID) -> NodeID? {
            guard let channels = member(member(document.root, "android"), "channels") else { return nil }
            return document.elements(channels).first { element in
                document.kind(element) == .object && document.members(element).contains { $0.value == node }
            }
        }

        /// Whether the channel objects of an array are written `{ "id": … }` (with inner spaces).
        func padded(_ array: NodeID) -> Bool {
            guard let first = document.elements(array).first(where: { document.kind($0) == .object }) else {
                return false
            }
            let start = document.span(first).start + 1
            return start < document.bytes.count && document.bytes[start] == UInt8(ascii: " ")
        }

        /// Applies insertions (edits of length 0) from the end; insertions at one offset keep their order.
        static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
            var out = bytes
            let ordered = edits.enumerated().sorted { ($0.element.offset, $0.offset) > ($1.element.offset, $1.offset) }
            for (_, edit) in ordered {
                out.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: Array(edit.text.utf8))
            }
            return out
        }
    }

    // MARK: Text

    /// A value to write.
    indirect enum Value {
        case string(String)
        /// JSON text written as it is (`true`).
        case literal(String)
        /// `["a", "b"]` on one line.
        case inlineArray([Value])
        /// `{"id": "orders", "importance": "high"}` on one line.
        case inlineObject([(String, Value)])
        /// An array with one item per line (in a multi-line container).
        case lines([Value])
        /// An object with one member per line (in a multi-line container).
        case object([(String, Value)])
    }

    /// An item to insert into a container: an object's member or an array's element.
    enum Item {
        case member(String, Value)
        case element(Value)
    }

    /// How the contract is written: its line break and indentation step, and where lines start.
    struct Layout {
        let document: JSONDocument
        let newline: String
        let step: String

        init(_ document: JSONDocument) {
            self.document = document
            let bytes = document.bytes
            newline =
                zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: "\r") && $1 == UInt8(ascii: "\n") }
                ? "\r\n" : "\n"
            // The step is how much deeper the first member of the top-level object stands than the object's line.
            var step = "  "
            if document.kind(document.root) == .object, let first = document.members(document.root).first {
                let outer = Self.indent(bytes, at: document.span(document.root).start)
                let inner = Self.indent(bytes, at: document.span(first.key).start)
                if Self.startsLine(bytes, at: document.span(first.key).start), inner.count > outer.count,
                    inner.hasPrefix(outer)
                {
                    step = String(inner.dropFirst(outer.count))
                }
            }
            self.step = step
        }

        /// The spaces and tabs that start the line holding `offset`.
        static func indent(_ bytes: [UInt8], at offset: Int) -> String {
            var start = offset
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            var end = start
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// Only spaces and tabs stand before `offset` on its line.
        static func startsLine(_ bytes: [UInt8], at offset: Int) -> Bool {
            var index = offset
            while index > 0 {
                let byte = bytes[index - 1]
                if byte == UInt8(ascii: "\n") { return true }
                if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { return false }
                index -= 1
            }
            return true
        }

        func isMultiline(_ node: NodeID) -> Bool {
            let span = document.span(node)
            return document.bytes[span.start..<span.end].contains(UInt8(ascii: "\n"))
        }

        func render(_ value: Value, indent: String, multiline: Bool, padded: Bool = false) -> String {
            switch value {
            case .string(let text):
                return JSONDocument.displayQuoted(text)
            case .literal(let text):
                return text
            case .inlineArray(let items):
                return "[" + items.map { render($0, indent: indent, multiline: false) }.joined(separator: ", ") + "]"
            case .inlineObject(let members):
                let inner = members.map {
                    JSONDocument.displayQuoted($0.0) + ": " + render($0.1, indent: indent, multiline: false)
                }
                .joined(separator: ", ")
                return padded ? "{ " + inner + " }" : "{" + inner + "}"
            case .lines(let items):
                guard multiline else { return render(.inlineArray(items), indent: indent, multiline: false) }
                let deeper = indent + step
                return "["
                    + items.map { newline + deeper + render($0, indent: deeper, multiline: true) }
                    .joined(separator: ",") + newline + indent + "]"
            case .object(let members):
                guard multiline, !members.isEmpty else {
                    return render(.inlineObject(members), indent: indent, multiline: false)
                }
                let deeper = indent + step
                return "{"
                    + members.map {
                        newline + deeper + JSONDocument.displayQuoted($0.0) + ": "
                            + render($0.1, indent: deeper, multiline: true)
                    }.joined(separator: ",") + newline + indent + "}"
            }
        }

        func render(_ item: Item, indent: String, multiline: Bool, padded: Bool) -> String {
            switch item {
            case .member(let key, let value):
                return JSONDocument.displayQuoted(key) + ": "
                    + render(value, indent: indent, multiline: multiline, padded: padded)
            case .element(let value):
                return render(value, indent: indent, multiline: multiline, padded: padded)
            }
        }

        /// Edits that add `items` at the end of the object or array `container`, after its last child: on lines
        /// of their own with the last child's indentation in a multi-line container (after a comment that ends
        /// the last child's line, keeping a trailing comma style), inline otherwise.
        func insert(_ items: [Item], into container: NodeID, padded: Bool = false) -> [TextEdit] {
            guard !items.isEmpty else { return [] }
            let bytes = document.bytes
            let span = document.span(container)
            let multiline = isMultiline(container)
            let children: [(start: Int, end: Int)] =
                document.kind(container) == .object
                ? document.members(container).map { (document.span($0.key).start, document.span($0.value).end) }
                : document.elements(container).map { (document.span($0).start, document.span($0).end) }
            guard let last = children.last else {
                // Empty: after the opening bracket.
                let at = span.start + 1
                if !multiline {
                    let text = items.map { render($0, indent: "", multiline: false, padded: padded) }
                        .joined(separator: ", ")
                    return [TextEdit(offset: at, length: 0, text: text)]
                }
                let indent = Self.indent(bytes, at: span.end - 1) + step
                let text = items.map { newline + indent + render($0, indent: indent, multiline: true, padded: padded) }
                    .joined(separator: ",")
                return [TextEdit(offset: at, length: 0, text: text)]
            }
            // What follows the last child on its line: a comma, a comment.
            var after = last.end
            func skipBlanks() {
                while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t") {
                    after += 1
                }
            }
            skipBlanks()
            let hasComma = after < bytes.count && bytes[after] == UInt8(ascii: ",")
            if hasComma { after += 1 }
            let afterComma = after
            skipBlanks()
            if !multiline {
                let text = items.map { render($0, indent: "", multiline: false, padded: padded) }
                    .joined(separator: ", ")
                return hasComma
                    ? [TextEdit(offset: afterComma, length: 0, text: " " + text + ",")]
                    : [TextEdit(offset: last.end, length: 0, text: ", " + text)]
            }
            let indent = Self.indent(bytes, at: last.start)
            let lines = items.map { newline + indent + render($0, indent: indent, multiline: true, padded: padded) }
                .joined(separator: ",")
            // A line comment after the last child stays with it: the new lines go after the comment.
            if after + 1 < bytes.count, bytes[after] == UInt8(ascii: "/"), bytes[after + 1] == UInt8(ascii: "/") {
                var end = after
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end > after, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                var edits = [TextEdit(offset: end, length: 0, text: lines + (hasComma ? "," : ""))]
                if !hasComma { edits.insert(TextEdit(offset: last.end, length: 0, text: ","), at: 0) }
                return edits
            }
            return hasComma
                ? [TextEdit(offset: afterComma, length: 0, text: lines + ",")]
                : [TextEdit(offset: last.end, length: 0, text: "," + lines)]
        }
    }
}
