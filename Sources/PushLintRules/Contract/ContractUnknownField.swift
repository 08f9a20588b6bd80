import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `contract-unknown-field`: a field the event does not declare.
struct ContractUnknownField: PayloadRule {
    static let description = RuleDescription(
        id: "contract-unknown-field",
        summary: "A custom data field is not declared by the template's event.",
        family: .contract,
        defaultSeverity: .warning,
        rationale: """
            When an event declares its `fields`, anything else in the custom data is something the app does not \
            read: usually a misspelling (`orderId` for `order_id`, `curser` for `cursor`), so the field the app \
            does read is missing, or a leftover that costs bytes of the 4 KB budget (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). Fields are \
            FCM `data`/`android.data`/`webpush.data`, APNs keys beside `aps`, Expo `data`. The finding suggests \
            the declared field closest to the name. Events without `fields` are not checked.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "order_updated", "order_id": "1", "cursor": "c", ↓"orderId": "1"}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop)
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "order_updated", "order_id": "1", "cursor": "c", "count": "2"}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop),
            RuleExample(
                #"{"message": {"topic": "deals", "notification": {"title": "Deals"}, "data": {"anything": "x"}}}"#,
                fileName: "push/promo/weekly.json", contract: ExampleContracts.shop,
                note: "`promo.weekly` declares no fields."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let event = EventMapping.event(context), let declared = event.fields else { return [] }
        let doc = context.document
        let names = declared.map(\.name)
        return CustomData.allFields(context).compactMap { field in
            let name = doc.string(field.key)
            guard !names.contains(name), !context.isTemplated(field.key) else { return nil }
            return diagnostic(Self.undeclared(name, by: event.name, declared: names), at: field.key, in: doc)
        }
    }

    // MARK: Messages

    static func undeclared(_ name: String, by event: String, declared names: [String]) -> FindingText {
        let suggestion = Suggest.sameWordDifferentSpelling(name, in: names) ?? Suggest.closest(to: name, in: names)
        return FindingText(
            "field '\(name)' is not declared by event '\(event)', so the app does not read it."
                + Suggest.didYouMean(name, in: names),
            help: suggestion.map { "rename it to \"\($0)\"" } ?? "remove it, or declare it under the event's 'fields'")
    }

}
