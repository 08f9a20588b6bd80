import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `contract-event-unknown`: a template that maps to no event, or to several.
struct ContractEventUnknown: PayloadRule {
    static let description = RuleDescription(
        id: "contract-event-unknown",
        summary: "A template maps to no event of the contract, or to more than one.",
        family: .contract,
        defaultSeverity: .error,
        rationale: """
            The contract (docs/contract.md) says which events the app understands and what each carries; a template \
            is checked against the event it belongs to. An event claims templates by its `files` globs (relative \
            to the folder of `.pushlint.json`) and/or by `match`, custom data values such as \
            `"type": "order_updated"`; when it declares both, both must hold. A template that no event claims is \
            something the app was never told about: its fields, channel and urgency go unchecked, and on the \
            device the handler falls through to a default branch. A template that two events claim is \
            ambiguous: the finding names both and why each matched, so the globs or match values can be made \
            disjoint. The rule only runs when the contract declares events.

            A JSON Lines file (`.jsonl`, `.ndjson`) is a log of messages that were sent, not a template: it is \
            not mapped to events line by line, so a line that no event claims, or that two claim, is no finding \
            here (an event whose `files` name the log, or whose `match` one line meets, still checks that line's \
            fields).
            """,
        triggering: [
            RuleExample(
                #"↓{"message": {"token": "t", "notification": {"title": "Back in stock"}, "data": {"type": "restock"}}}"#,
                fileName: "push/stock/restock.json", contract: ExampleContracts.shop),
            RuleExample(
                #"↓{"message": {"token": "t", "data": {"type": "order_shipped", "order_id": "1", "cursor": "c"}}}"#,
                fileName: "push/orders/shipped.json", contract: ExampleContracts.shop,
                note: "The path matches `order.updated`'s files, but its `match` wants type `order_updated`."),
            RuleExample(
                #"↓{"aps": {"alert": "Hi"}, "type": "order_updated", "order_id": "1", "cursor": "c"}"#,
                fileName: "push/promo/odd.json",
                contract:
                    #"{"events": {"a": {"files": ["push/promo/**"]}, "b": {"match": {"type": "order_updated"}}}}"#,
                note: "Two events claim the file."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "order_updated", "order_id": "1", "cursor": "c"}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Back in stock"}}}"#,
                contract: ExampleContracts.channels, note: "A contract without events maps nothing."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Back in stock"}, "data": {"type": "restock"}}}"#,
                fileName: "logs/sent.jsonl", contract: ExampleContracts.shop,
                note: "A line of a JSON Lines log: logs are not mapped to events line by line."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let contract = context.contract, !context.isLogLine else { return [] }
        let anchor = context.payload.node
        switch EventMapping.map(context) {
        case .noEvents, .one:
            return []
        case .none(let nearMisses):
            return [
                diagnostic(
                    Self.noEvent(nearMisses: nearMisses, events: contract.events.map(\.name)), at: anchor,
                    in: context.document)
            ]
        case .ambiguous(let matches):
            return [
                diagnostic(
                    Self.severalEvents(matches.map { ($0.event.name, $0.reason) }), at: anchor, in: context.document)
            ]
        }
    }

    // MARK: Messages

    /// `nearMisses`: why the closest events did not match.
    static func noEvent(nearMisses: [String], events: [String]) -> FindingText {
        let why = nearMisses.isEmpty ? "" : " (" + nearMisses.joined(separator: "; ") + ")"
        let names = events.map { "'\($0)'" }.joined(separator: ", ")
        return FindingText(
            "this template maps to no event of the contract\(why), so the app was never told about it; the contract's events are \(names)",
            help: "add the path to an event's 'files', or give the data the values of an event's 'match'")
    }

    static func severalEvents(_ matches: [(event: String, reason: String)]) -> FindingText {
        let list = matches.map { "'\($0.event)' (\($0.reason))" }.joined(separator: " and ")
        return FindingText(
            "this template maps to \(matches.count) events of the contract: \(list); each template must be one event",
            help: "make the events' 'files' globs or 'match' values disjoint")
    }

}
