import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `contract-required-field`: a field the event requires is missing.
struct ContractRequiredField: PayloadRule {
    static let description = RuleDescription(
        id: "contract-required-field",
        summary: "A custom data field that the template's event requires is missing.",
        family: .contract,
        defaultSeverity: .error,
        rationale: """
            The contract lists the fields the app reads for each event; `"required": true` means the handler \
            cannot work without it (an order screen without `order_id`, a sync without its `cursor`). Fields are \
            the custom data the client reads: FCM `data` (or `android.data`, which replaces it on Android, and \
            `webpush.data` for browsers), APNs keys beside `aps` (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages; https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification: custom keys go at the top level \
            beside `aps`), Expo `data` (https://docs.expo.dev/push-notifications/sending-notifications/). Each platform's set is checked, so an FCM message whose \
            `android.data` carries the field but whose `data` for iOS does not is reported on `data`. Nothing \
            rejects such a payload: the app receives it and fails.
            """,
        triggering: [
            RuleExample(
                #"{"message": {"token": "t", ↓"data": {"type": "order_updated", "order_id": "48217"}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop, note: "`cursor` is required."),
            RuleExample(
                #"↓{"aps": {"alert": "Order 48217 updated"}, "type": "order_updated", "cursor": "c1"}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop,
                note: "APNs: `order_id` is missing beside `aps`."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "t", "data": {"type": "order_updated", "order_id": "48217", "cursor": "ord.48217.v2"}}}"#,
                fileName: "push/orders/updated.json", contract: ExampleContracts.shop)
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let event = EventMapping.event(context), let declared = event.fields else { return [] }
        let doc = context.document
        var result: [Diagnostic] = []
        var reported: Set<String> = []
        for set in CustomData.sets(context) {
            let present = Set(set.fields.map { doc.string($0.key) })
            let anchor = set.container.map { doc.keyNode(ofValue: $0) ?? $0 } ?? context.payload.body
            for field in declared where field.required && !present.contains(field.name) {
                guard reported.insert("\(anchor)/\(field.name)").inserted else { continue }
                result.append(
                    diagnostic(Self.missing(field.name, of: event.name, in: set.place), at: anchor, in: doc))
            }
        }
        return result
    }

    // MARK: Messages

    static func missing(_ field: String, of event: String, in place: String) -> FindingText {
        FindingText(
            "event '\(event)' requires field '\(field)' in \(place), and it is missing: the app's handler for this event cannot work without it",
            help: "add \"\(field)\" to \(place)")
    }

}
