import PushLintJSON
import PushLintModel

/// `app-live-activity-state`: a Live Activity `content-state` (or push-to-start `attributes`) that does not decode
/// into the app's `ActivityAttributes` type.
struct AppLiveActivityState: PayloadRule {
    static let description = RuleDescription(
        id: "app-live-activity-state",
        summary:
            "A Live Activity content-state or push-to-start attributes does not decode into the app's ActivityAttributes type.",
        family: .app,
        defaultSeverity: .error,
        rationale: """
            The system decodes `aps.content-state` into the app's `ActivityAttributes.ContentState` and, for a \
            push-to-start, `aps.attributes` into the type `aps.attributes-type` names \
            (https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications). \
            When decoding fails APNs still answers 200, and the device logs "Unable to decode content state" \
            and drops the update (docs/platform-facts.md, Live Activities; \
            https://github.com/istornz/flutter_live_activities/issues/118): a missing or \
            misspelt key of a non-optional property, a string where the property is an `Int`, `null` for a \
            non-optional, an `attributes-type` that is no type of the app. These are errors.

            Apple documents no date strategy for these pushes; ActivityKit decodes with a default \
            `JSONDecoder`, whose `Date` strategy `.deferredToDate` reads a number of seconds since 1 January \
            2001 (https://developer.apple.com/documentation/foundation/jsondecoder/datedecodingstrategy/deferredtodate, \
            as home-assistant/iOS#4677 found): a string date fails to decode (an error), and a Unix timestamp \
            (seconds since 1970) or milliseconds decode to a date decades late (a warning).

            The rule reads the types `pushlint app scan` lists (`liveActivities`: the stored properties the \
            synthesized decoders read, by their `CodingKeys`). A type with a custom `init(from:)` (often written \
            to tolerate absent keys) or declared elsewhere is not known, and not judged; nor is a value with a \
            placeholder. Keys the type does not read are ignored by the decoder, and reported only when they are \
            a misspelling of a key it reads. It runs when the config names the app (`app`, or `--app`), with iOS \
            sources, or when the contract declares types in `ios.liveActivities` (`app scan --write-contract` \
            writes them): a declared type is used when the app's sources do not give it (no iOS folder, or a \
            custom decoder whose keys the team declares), with the same severities, as the team's declaration of \
            what the app decodes; a type read from the sources wins over the contract's.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "On its way", ↓"stopsLeft": 3}}}"#,
                app: ExampleApps.resources, note: "`DeliveryAttributes.ContentState` reads `stops_left`."),
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "On its way", "stops_left": ↓"3"}}}"#,
                app: ExampleApps.resources, note: "A string where the property is an `Int`."),
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "On its way", "stops_left": 3, "eta": ↓1780001800}}}"#,
                app: ExampleApps.resources, note: "Unix seconds: the default decoder reads seconds since 2001."),
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": ↓2}}}"#,
                contract:
                    #"{"ios": {"liveActivities": {"DeliveryAttributes": {"contentState": {"status": {"type": "string"}, "eta": {"type": "date", "optional": true}}}}}}"#,
                note: "No app folder: the contract declares the type's keys."),
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "start", "attributes-type": ↓"DeliveryAttribute", "attributes": {"orderNumber": "48213"}, "content-state": {"status": "Packed", "stops_left": 5}, "alert": {"title": "Order 48213", "body": "Packed"}}}"#,
                app: ExampleApps.resources),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "On its way", "stops_left": 3, "eta": 817308000}}}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "start", "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "48213"}, "content-state": {"status": "Packed", "stops_left": 5}, "alert": {"title": "Order 48213", "body": "Packed"}}}"#,
                app: ExampleApps.resources),
            RuleExample(
                #"{"aps": {"timestamp": 1780000000, "event": "update", "content-state": {"status": "On its way"}}}"#,
                app: ExampleApps.changed(ExampleApps.resources) { $0.liveActivities[0].contentState = nil },
                note: "A custom init(from:): what it tolerates is not known."),
        ])

    /// A property's JSON shape, as the synthesized decoder reads it: from the Swift type the app's sources write,
    /// or the contract's `type`.
    enum Shape: Equatable {
        case integer, number, string, bool, date, array, object, unknown

        init(_ type: String) {
            switch Contract.StateType(swiftType: type) ?? Contract.StateType(rawValue: type) {
            case .integer: self = .integer
            case .number: self = .number
            case .string: self = .string
            case .boolean: self = .bool
            case .date: self = .date
            case .array: self = .array
            case .object: self = .object
            case nil: self = .unknown
            }
        }
    }

    /// One reason a value does not decode (or decodes to the wrong date).
    struct Problem {
        var node: NodeID
        var text: FindingText
        var severity: Severity?
    }

    /// The Live Activity types a payload is checked against: the app's (when its iOS sources were read), and the
    /// contract's `ios.liveActivities` for a type the sources do not give (none read, or one with a custom
    /// `init(from:)`: its content state is nil). A type the sources resolve is taken from them: it is what the
    /// device decodes.
    static func types(_ context: PayloadContext) -> (types: [AppFacts.LiveActivity], facts: AppFacts?) {
        let facts = App.facts(context.settings, .ios)
        var types = facts?.liveActivities ?? []
        for declared in context.contract?.ios?.liveActivities ?? [] {
            let index = types.firstIndex { $0.attributesType == declared.attributesType }
            if let index, types[index].contentState != nil { continue }
            func fields(_ fields: [Contract.StateField]?) -> [AppFacts.LiveActivityField]? {
                fields?.map {
                    AppFacts.LiveActivityField(name: $0.name, type: $0.type?.rawValue ?? "", optional: $0.optional)
                }
            }
            let type = AppFacts.LiveActivity(
                attributesType: declared.attributesType, contentState: fields(declared.contentState),
                attributes: fields(declared.attributes),
                location: AppFacts.Location(path: context.contract?.path ?? "the contract", line: declared.line))
            if let index { types[index] = type } else { types.append(type) }
        }
        return (types, facts)
    }

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let (allTypes, facts) = Self.types(context)
        guard !allTypes.isEmpty, let apns = context.payload.apns else { return [] }
        let doc = context.document
        let typeNode = apns.field("attributes-type")?.value
        var types = allTypes
        let unresolvedTypes = facts.map { App.unresolved($0, "live activity type") } ?? []
        var problems: [Problem] = []
        if let typeNode, doc.kind(typeNode) == .string, !context.isTemplated(typeNode) {
            let name = doc.string(typeNode)
            types = allTypes.filter { $0.attributesType == name }
            if types.isEmpty {
                let unresolved = unresolvedTypes
                let known = allTypes.map(\.attributesType)
                return [
                    diagnostic(
                        Self.unknownType(
                            name, known: known, contract: facts == nil ? context.contract?.path : nil,
                            unresolved: unresolved),
                        at: typeNode, in: doc, severity: unresolved.isEmpty ? nil : .info)
                ]
            }
            if let attributesNode = apns.field("attributes")?.value, doc.kind(attributesNode) == .object,
                let fields = types[0].attributes
            {
                problems += self.problems(attributesNode, fields, "attributes", types[0], context)
            }
        }
        if let stateNode = apns.field("content-state")?.value, doc.kind(stateNode) == .object {
            // Without attributes-type, the content state must decode into one of the app's types.
            // A type whose content state is not known (a custom decoder, a type declared elsewhere) may be the one.
            let unknown = typeNode == nil && !unresolvedTypes.isEmpty
            if unknown || types.contains(where: { $0.contentState == nil }) { return diagnostics(problems, doc) }
            // The type meant is the one that shares the most keys with the payload (then: the fewest problems).
            let keys = Set(doc.members(stateNode).map { doc.string($0.key) })
            var best: (overlap: Int, problems: [Problem])?
            for type in types {
                guard let fields = type.contentState else { continue }
                let found = self.problems(stateNode, fields, "content-state", type, context)
                if found.isEmpty {
                    best = nil
                    break
                }
                let overlap = fields.filter { keys.contains($0.name) }.count
                if best == nil || overlap > best!.overlap
                    || (overlap == best!.overlap && found.count < best!.problems.count)
                {
                    best = (overlap, found)
                }
            }
            problems += best?.problems ?? []
        }
        return diagnostics(problems, doc)
    }

    func diagnostics(_ problems: [Problem], _ doc: JSONDocument) -> [Diagnostic] {
        problems.map { diagnostic($0.text, at: $0.node, in: doc, severity: $0.severity) }
    }

    func problems(
        _ object: NodeID, _ fields: [AppFacts.LiveActivityField], _ what: String, _ type: AppFacts.LiveActivity,
        _ context: PayloadContext
    ) -> [Problem] {
        let doc = context.document
        let place =
            "\(type.attributesType)\(what == "content-state" ? ".ContentState" : "") (\(App.place(type.location)))"
        let names = Set(fields.map(\.name))
        let extra = doc.members(object).map { doc.string($0.key) }.filter { !names.contains($0) }
        var result: [Problem] = []
        for field in fields {
            guard let value = doc.member(object, field.name) else {
                let misspelt = Suggest.closest(to: field.name, in: extra)
                let anchor = misspelt.flatMap { name in doc.members(object).first { doc.string($0.key) == name }?.key }
                if field.optional {
                    if let misspelt, let anchor {
                        result.append(
                            Problem(
                                node: anchor, text: Self.misspeltOptional(misspelt, field, what, place),
                                severity: .warning))
                    }
                    continue
                }
                result.append(
                    Problem(node: anchor ?? object, text: Self.missingKey(field, what, place, misspelt: misspelt)))
                continue
            }
            if context.isTemplated(value) { continue }
            let kind = doc.kind(value)
            if kind == .null {
                if !field.optional {
                    result.append(
                        Problem(node: value, text: Self.nullValue(field, what, place)))
                }
                continue
            }
            let shape = Shape(field.type)
            let matches: Bool
            switch shape {
            case .integer: matches = kind == .number && doc.isInteger(value)
            case .number, .date: matches = kind == .number
            case .string: matches = kind == .string
            case .bool: matches = kind == .bool
            case .array: matches = kind == .array
            case .object: matches = kind == .object
            case .unknown: matches = true
            }
            if !matches {
                result.append(
                    Problem(node: value, text: Self.wrongType(field, what, place, found: doc.rawText(value), shape)))
                continue
            }
            if shape == .date, let seconds = Double(doc.rawText(value)), seconds > 1.2e9 {
                let unit = seconds > 1e11 ? "milliseconds since 1970" : "seconds since 1970"
                result.append(
                    Problem(node: value, text: Self.unixDate(field, what, place, unit: unit), severity: .warning))
            }
        }
        return result
    }

    static func jsonName(_ shape: Shape) -> String {
        switch shape {
        case .integer: return "integer"
        case .number, .date: return "number"
        case .string: return "string"
        case .bool: return "boolean (true or false)"
        case .array: return "array"
        case .object: return "object"
        case .unknown: return "value"
        }
    }

    // MARK: Messages

    /// The type as the app or the contract writes it; "value" for a contract key declared without a type.
    static func typeName(_ field: AppFacts.LiveActivityField) -> String { field.type.isEmpty ? "value" : field.type }

    /// `contract`: the contract's path when the types are the contract's; `unresolved`: types the scan could not read.
    static func unknownType(_ name: String, known: [String], contract: String?, unresolved: [AppFacts.Unresolved])
        -> FindingText
    {
        let source = contract.map { "the contract's ios.liveActivities (\($0)) list" } ?? "it has"
        return FindingText(
            App.sentences(
                "attributes-type '\(name)' is no ActivityAttributes type of the app (\(source) \(App.quotedList(known))), so the device cannot start the Live Activity",
                Suggest.didYouMean(name, in: known), App.unresolvedNote(unresolved, "Live Activity types")),
            help: "write the name of the app's ActivityAttributes type")
    }

    static func missingKey(_ field: AppFacts.LiveActivityField, _ what: String, _ place: String, misspelt: String?)
        -> FindingText
    {
        let written = misspelt.map { " ('\($0)' is written instead)" } ?? ""
        return FindingText(
            "\(what) lacks '\(field.name)'\(written), a non-optional \(typeName(field)) of \(place), so the device cannot decode it and drops the update",
            help: misspelt.map { "write \"\(field.name)\" instead of \"\($0)\"" } ?? "add \"\(field.name)\" to \(what)")
    }

    static func misspeltOptional(
        _ written: String, _ field: AppFacts.LiveActivityField, _ what: String, _ place: String
    ) -> FindingText {
        FindingText(
            "\(what) key '\(written)' is not read by \(place); it reads the optional '\(field.name)', which stays nil",
            help: "write \"\(field.name)\"")
    }

    static func nullValue(_ field: AppFacts.LiveActivityField, _ what: String, _ place: String) -> FindingText {
        FindingText(
            "\(what) '\(field.name)' is null, but \(place) declares it a non-optional \(typeName(field)), so the device cannot decode it and drops the update",
            help: "send a \(typeName(field)), or make the property optional")
    }

    static func wrongType(
        _ field: AppFacts.LiveActivityField, _ what: String, _ place: String, found: String, _ shape: Shape
    ) -> FindingText {
        let shown = found.count > 40 ? String(found.prefix(40)) + "…" : found
        return FindingText(
            "\(what) '\(field.name)' is \(shown), but \(place) declares it \(field.type), so the device cannot decode it and drops the update",
            help: shape == .date
                ? "send the date as seconds since 1 January 2001 (timeIntervalSinceReferenceDate)"
                : "send a JSON \(jsonName(shape)) for \(field.name)")
    }

    static func unixDate(_ field: AppFacts.LiveActivityField, _ what: String, _ place: String, unit: String)
        -> FindingText
    {
        FindingText(
            "\(what) '\(field.name)' looks like \(unit), but the system decodes a Date of \(place) as seconds since 1 January 2001, so the date shown is decades late",
            help: "subtract 978307200 (and divide milliseconds by 1000): seconds since 1 January 2001")
    }

}
