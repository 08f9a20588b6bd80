import PushLintJSON
import PushLintModel

/// Which contract event a payload is (DESIGN.md §5): an event matches when one of its `files` globs matches the
/// path (relative to the config folder) and every `match` value equals the custom field of that name; an event
/// that declares only one of the two is matched by that one.
package enum EventMapping {
    package enum Outcome {
        /// No contract, or a contract without events.
        case noEvents
        /// No event matches; `nearMisses` explain events whose globs matched but whose `match` values did not.
        case none(nearMisses: [String])
        case one(Contract.Event)
        /// Several events match; `reasons` say why each does.
        case ambiguous([(event: Contract.Event, reason: String)])
    }

    package static func map(_ context: PayloadContext) -> Outcome {
        guard let contract = context.contract, !contract.events.isEmpty else { return .noEvents }
        let fields = CustomData.allFields(context)
        let doc = context.document
        var matched: [(event: Contract.Event, reason: String)] = []
        var nearMisses: [String] = []
        for event in contract.events {
            if event.files.isEmpty && event.match.isEmpty { continue }
            var reasons: [String] = []
            if !event.files.isEmpty {
                guard let glob = event.files.first(where: { $0.matches(context.configRelativePath) }) else { continue }
                reasons.append("its files glob \(MessageText.single(glob.pattern)) matches the path")
            }
            var failure: String?
            for (key, expected) in event.match {
                let field = fields.last { doc.string($0.key) == key }
                let actual = field.flatMap { CustomData.scalarText(context, $0.value) }
                if actual != expected {
                    if let field, context.isTemplated(field.value) {
                        failure =
                            "field \(MessageText.single(key)) is a placeholder, not \(MessageText.single(expected))"
                    } else if let actual {
                        failure =
                            "field \(MessageText.single(key)) is \(MessageText.single(actual)), not \(MessageText.single(expected))"
                    } else {
                        failure =
                            "field \(MessageText.single(key)) is missing (it should be \(MessageText.single(expected)))"
                    }
                    break
                }
            }
            if let failure {
                if !event.files.isEmpty {
                    nearMisses.append("its path matches the files of \(MessageText.single(event.name)) but \(failure)")
                }
                continue
            }
            if !event.match.isEmpty {
                reasons.append(
                    "its data matches " + event.match.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))
            }
            matched.append((event, reasons.joined(separator: " and ")))
        }
        switch matched.count {
        case 0: return .none(nearMisses: nearMisses)
        case 1: return .one(matched[0].event)
        default: return .ambiguous(matched)
        }
    }

    /// The event of a payload when exactly one matches.
    package static func event(_ context: PayloadContext) -> Contract.Event? {
        if case .one(let event) = map(context) { return event }
        return nil
    }
}
