import PushLintModel

/// Joins the scans of an app's files into its facts: identifiers written as constants are looked up among the string
/// constants of every file, `R.string.x` and `@string/x` among the default string resources, and whatever does not
/// come to exactly one value is listed in `unresolved`, never guessed.
///
/// Lookup order: a qualified name (`Channels.ORDERS`) among the members of that type or object, then among top-level
/// constants (a module imported under another name); an unqualified name among the constants of its own file, then
/// among those of every file. A name whose definitions disagree is unresolved.
public enum AppFactsAssembler {
    public static func assemble(_ scans: [AppSourceScan]) -> AppFacts {
        // In path order, whatever order the files were read in: the first manifest's default channel wins.
        let scans = scans.enumerated().sorted {
            $0.element.path == $1.element.path ? $0.offset < $1.offset : $0.element.path < $1.element.path
        }.map(\.element)
        var assembler = Assembly(scans)
        for scan in scans { assembler.add(scan) }
        var facts = assembler.finish()
        ResourceAssembler.merge(scans, into: &facts)
        return facts
    }

    struct Assembly {
        var facts = AppFacts()
        var constants: [String: [(definition: ConstantDefinition, path: String)]] = [:]
        var resources: [String: [String]] = [:]

        init(_ scans: [AppSourceScan]) {
            for scan in scans {
                for definition in scan.constants {
                    constants[definition.name, default: []].append((definition, scan.path))
                }
                for resource in scan.resources where resource.isDefault {
                    resources[resource.name, default: []].append(resource.value)
                }
            }
        }

        mutating func add(_ scan: AppSourceScan) {
            let path = scan.path
            if let reason = scan.unreadable {
                facts.unreadable.append(AppFacts.Unresolved(what: reason, location: .init(path: path, line: 0)))
            }
            if let reason = scan.skipped {
                facts.skipped.append(AppFacts.Unresolved(what: reason, location: .init(path: path, line: 0)))
                return
            }
            if scan.unreadable == nil { facts.filesRead += 1 }
            facts.platforms.formUnion(scan.platforms)
            facts.unresolved += scan.notes
            for fact in scan.facts { add(fact, path) }
        }

        mutating func add(_ fact: RawFact, _ path: String) {
            let location = AppFacts.Location(path: path, line: fact.line)
            switch fact.kind {
            case .channel:
                guard let id = resolve(fact.id, "channel id", path) else { return }
                var importance: Contract.Importance?
                switch fact.importance {
                case .known(let value): importance = value
                case .unknown(let text):
                    unresolved("importance of channel '\(id)' \(text)", fact.line, path)
                case nil: break
                }
                facts.channels.append(AppFacts.Channel(id: id, importance: importance, location: location))
                facts.platforms.insert(.android)
            case .deletedChannel:
                guard let id = resolve(fact.id, "deleted channel id", path) else { return }
                facts.deletedChannels.append(AppFacts.Fact(id: id, location: location))
            case .channelGroup:
                guard let id = resolve(fact.id, "channel group id", path) else { return }
                facts.channelGroups.append(AppFacts.Fact(id: id, location: location))
            case .category:
                guard let id = resolve(fact.id, "category id", path) else { return }
                var actions: [String] = []
                for action in fact.actions {
                    switch action {
                    case .action(let expression):
                        if let action = resolve(expression, "action id of category '\(id)'", path) {
                            actions.append(action)
                        }
                    case .unreadable(let what, let line):
                        unresolved("\(what) of category '\(id)'", line, path)
                    }
                }
                facts.categories.append(AppFacts.Category(id: id, actions: actions, location: location))
            case .defaultChannel:
                guard let id = resolve(fact.id, "default channel", path) else { return }
                // The first manifest (in path order) names it; a flavour's manifest may name another.
                if facts.defaultChannel == nil { facts.defaultChannel = AppFacts.Fact(id: id, location: location) }
                facts.platforms.insert(.android)
            case .backgroundMode:
                guard let id = resolve(fact.id, "background mode", path) else { return }
                facts.backgroundModes.append(AppFacts.Fact(id: id, location: location))
            case .entitlement:
                guard let id = resolve(fact.id, "entitlement", path) else { return }
                facts.entitlements.append(AppFacts.Fact(id: id, location: location))
            case .serviceExtension:
                facts.serviceExtensions.append(location)
                facts.platforms.insert(.ios)
            case .pushKit:
                facts.pushKit.append(location)
                facts.platforms.insert(.ios)
            case .postNotifications:
                if facts.postNotificationsPermission == nil { facts.postNotificationsPermission = location }
                facts.platforms.insert(.android)
            case .messagingService:
                if facts.messagingService == nil { facts.messagingService = location }
                facts.platforms.insert(.android)
            }
        }

        mutating func unresolved(_ what: String, _ line: Int, _ path: String) {
            facts.unresolved.append(AppFacts.Unresolved(what: what, location: .init(path: path, line: line)))
        }

        /// How many of a name's different values an unresolved entry lists: the entries of a name defined in N files
        /// and used in N others listed all N values each (N² output: 10 000 small files gave 170 MB of JSON).
        static let listedValues = 5

        /// The distinct values of a name's candidates, sorted, by name and scope: every use of a name defined in many
        /// files looks at the same candidates, so they are gathered once.
        var distinctValues: [String: [String]] = [:]

        /// The identifier's one value, or nil after listing it as unresolved.
        mutating func resolve(_ expression: SourceExpression?, _ what: String, _ path: String) -> String? {
            guard let expression else { return nil }
            let distinct: [String]
            var reason: String?
            switch expression.value {
            case .literal(let value):
                return value
            case .constant(let name, let qualifier):
                let definitions = constants[name] ?? []
                if let qualifier {
                    distinct = cachedDistinct("member \(qualifier).\(name)") {
                        var candidates = definitions.filter { $0.definition.scope == .member(qualifier) }
                        if candidates.isEmpty { candidates = definitions.filter { $0.definition.scope == .topLevel } }
                        return candidates.map(\.definition.value)
                    }
                } else {
                    let here = Self.definitions(definitions, in: path)
                    distinct =
                        here.isEmpty
                        ? cachedDistinct("any \(name)") { definitions.map(\.definition.value) }
                        : Array(Set(here.map(\.definition.value))).sorted()
                }
            case .resource(let name):
                let values = resources[name] ?? []
                if values.isEmpty { reason = "no string resource '\(name)' in res/values" }
                distinct = cachedDistinct("resource \(name)") { values }
            case .number, .other:
                distinct = []
            }
            if distinct.count == 1, let value = distinct.first { return value }
            if distinct.count > 1 {
                let listed = distinct.prefix(Self.listedValues).joined(separator: ", ")
                let more = distinct.count - Self.listedValues
                reason = "\(distinct.count) different values: " + listed + (more > 0 ? " and \(more) more" : "")
            }
            unresolved("\(what) \(expression.text)" + (reason.map { " (\($0))" } ?? ""), expression.line, path)
            return nil
        }

        mutating func cachedDistinct(_ key: String, _ values: () -> [String]) -> [String] {
            if let cached = distinctValues[key] { return cached }
            let distinct = Array(Set(values())).sorted()
            distinctValues[key] = distinct
            return distinct
        }

        /// The definitions of `path` among a name's definitions, which are in path order (the scans are read in
        /// path order): found by a binary search, not a pass over every file's definitions for every use.
        static func definitions(
            _ definitions: [(definition: ConstantDefinition, path: String)], in path: String
        ) -> ArraySlice<(definition: ConstantDefinition, path: String)> {
            var low = 0
            var high = definitions.count
            while low < high {
                let mid = (low + high) / 2
                if definitions[mid].path < path { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < definitions.count, definitions[end].path == path { end += 1 }
            return definitions[low..<end]
        }

        func finish() -> AppFacts {
            var facts = facts
            func byLocation<T>(_ items: inout [T], _ location: (T) -> AppFacts.Location) {
                items = items.enumerated().sorted {
                    let (a, b) = (location($0.element), location($1.element))
                    return a == b ? $0.offset < $1.offset : a < b
                }.map(\.element)
            }
            byLocation(&facts.channels, \.location)
            byLocation(&facts.deletedChannels, \.location)
            byLocation(&facts.channelGroups, \.location)
            byLocation(&facts.categories, \.location)
            byLocation(&facts.backgroundModes, \.location)
            byLocation(&facts.entitlements, \.location)
            byLocation(&facts.serviceExtensions, { $0 })
            byLocation(&facts.pushKit, { $0 })
            byLocation(&facts.unresolved, \.location)
            byLocation(&facts.unreadable, \.location)
            byLocation(&facts.skipped, \.location)
            return facts
        }
    }
}
