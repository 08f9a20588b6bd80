import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `template-worst-case-size`: the rendered payload can exceed the limit.
struct TemplateWorstCaseSize: PayloadRule {
    static let description = RuleDescription(
        id: "template-worst-case-size",
        summary: "With every placeholder at its declared maximum, the rendered payload would be over its size limit.",
        family: .template,
        defaultSeverity: .error,
        rationale: """
            A template that measures 1 KB with `{{body}}` in it can render to 5 KB with a long review or a \
            translated text, and the provider rejects it at send time (APNs 413 PayloadTooLarge, FCM \
            INVALID_ARGUMENT "message too big", Expo MessageTooBig; https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode, https://docs.expo.dev/push-notifications/sending-notifications/). The contract's \
            `variables` declare each variable's maximum: `maxBytes` (encoded bytes) or `maxLength` (characters, \
            counted at 4 bytes each, the longest UTF-8 encoding, which also covers the JSON escaping of quotes \
            and backslashes). pushlint replaces each placeholder by its maximum and measures the wire size of \
            what each receiver counts, against the same limits as `payload-size` (APNs 4096, VoIP 5120, FCM 4096, \
            2048 to topics, Expo 4096, web push 3993). The finding names the variables that add the most. \
            Variables without a maximum are counted at their literal size and reported by \
            `template-unbounded-variable`. A template already over the limit as written is `payload-size`'s. \
            A plain `.json` file whose strings name variables the contract declares (`"{{title}}"`) is measured \
            as a template too, without a template extension or `templates` glob.
            """,
        triggering: [
            RuleExample(
                "↓{\"aps\": {\"alert\": {\"title\": \"{{title}}\", \"body\": \"{{review}}\"}}, \"review_id\": \"r-{{review_id}}\"}",
                fileName: "review.json.tmpl",
                contract:
                    #"{"variables": {"title": {"maxLength": 60}, "review": {"maxLength": 1000}, "review_id": {"maxBytes": 24}}}"#,
                note: "1000 characters of review text are up to 4000 bytes."),
            RuleExample(
                "↓{\"aps\": {\"alert\": {\"title\": \"{{title}}\", \"body\": \"{{review}}\"}}}",
                fileName: "review.json",
                contract: #"{"variables": {"title": {"maxLength": 60}, "review": {"maxLength": 1000}}}"#,
                note: "A plain .json file naming declared variables."),
            RuleExample(
                "{\"message\": ↓{\"topic\": \"news\", \"notification\": {\"title\": \"{{headline}}\", \"body\": \"{{teaser}}\"}}}",
                fileName: "news.json.tmpl",
                contract: #"{"variables": {"headline": {"maxLength": 100}, "teaser": {"maxBytes": 1800}}}"#,
                note: "Sent to a topic: the limit is 2048."),
        ],
        nonTriggering: [
            RuleExample(
                "{\"aps\": {\"alert\": {\"title\": \"{{title}}\", \"body\": \"{{body}}\"}, \"badge\": {{count}}}, \"order_id\": \"{{order_id}}\"}",
                fileName: "order.json.tmpl", contract: ExampleContracts.shop,
                note: "title 60, body 178 characters: 952 bytes at most."),
            RuleExample(
                "{\"aps\": {\"alert\": {\"body\": \"{{review}}\"}}}", fileName: "review.json.tmpl",
                note: "No contract: the worst case is unknown (see template-unbounded-variable)."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.isTemplate, let contract = context.contract, !contract.variables.isEmpty else { return [] }
        var result: [Diagnostic] = []
        for size in context.payload.sizes where size.bytes <= size.limit {
            let worst = TemplateVariables.worstCase(size.wire, literalBytes: size.bytes, context)
            guard worst.bytes > size.limit else { continue }
            result.append(diagnostic(Self.overWorstCase(size, worst), at: size.anchor, in: context.document))
        }
        return result
    }

    // MARK: Messages

    static func overWorstCase(_ size: SizeMeasurement, _ worst: TemplateVariables.WorstCase) -> FindingText {
        let behind = worst.growth.prefix(5).map { "\($0.name) +\(bytes($0.bytes)) B" }.joined(separator: ", ")
        let unknown =
            worst.undeclared.isEmpty
            ? "" : " (not counting \(worst.undeclared.joined(separator: ", ")), which have no declared maximum)"
        return FindingText(
            "with every placeholder at its declared maximum, \(size.label) is \(bytes(worst.bytes)) bytes on the wire, over the \(size.limit)-byte limit (\(size.limitReason)): \(behind)\(unknown); the provider would reject it",
            help: "lower the maxima of the largest variables, or send an id and let the app fetch the long text")
    }

    /// A byte count; a sum that saturated (declared maxima past what an Int holds) is said as such.
    private static func bytes(_ count: Int) -> String {

        count == Int.max ? "more than \(Int.max)" : "\(count)"
    }
}
