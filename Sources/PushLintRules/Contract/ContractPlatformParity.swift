import PushLintModel

/// `contract-platform-parity`: templates of one event carry different fields on different platforms.
struct ContractPlatformParity: ProjectRule {
    static let description = RuleDescription(
        id: "contract-platform-parity",
        summary: "Templates of one event carry different custom field sets on different platforms.",
        family: .contract,
        defaultSeverity: .warning,
        rationale: """
            One event is usually sent to several platforms from several templates: an APNs body for iOS, an FCM \
            message for Android, an Expo message for a React Native build. The apps share the event's handling, \
            so a field that only one platform's template carries (a `cursor` added to the FCM template and \
            forgotten in the APNs one) makes one platform's app fall back to a slower or broken path, and no \
            provider reports it. The rule groups the templates by contract event and by platform (APNs, FCM, \
            Expo) and lists, per file, the fields that every template of another platform carries and the \
            file lacks. When the event declares `fields`, only its optional fields are compared: a missing \
            required field is `contract-required-field`'s finding, an undeclared one `contract-unknown-field`'s. Fields are the custom data the client reads (docs/contract.md). Templates that map to \
            no event or to several are left to `contract-event-unknown`.
            """,
        triggering: [
            RuleExample(
                #"""
                [
                  {"aps": {"alert": {"title": "Shipped", "body": "Order 48213 is on its way"}}, "type": "order_shipped", "order_id": "48213", "cursor": "c1"},
                  {"message": {"token": "t", "notification": {"title": "Shipped", "body": "Order 48213 is on its way"}, "data": {"type": "order_shipped", "order_id": "48213"}}}
                ]
                """#, contract: Self.exampleContract,
                note: "The APNs and FCM templates of one event (a batch stands for both): FCM lacks `cursor`.")
        ],
        nonTriggering: [
            RuleExample(
                #"""
                [
                  {"aps": {"alert": {"title": "Shipped", "body": "Order 48213 is on its way"}}, "type": "order_shipped", "order_id": "48213", "cursor": "c1"},
                  {"message": {"token": "t", "notification": {"title": "Shipped", "body": "Order 48213 is on its way"}, "data": {"type": "order_shipped", "order_id": "48213", "cursor": "c1"}}}
                ]
                """#, contract: Self.exampleContract)
        ])

    static let exampleContract = #"{"events": {"order_shipped": {"match": {"type": "order_shipped"}}}}"#

    func checkProject(_ project: ProjectContext) -> [ProjectDiagnostic] {
        var byEvent: [String: [PayloadSummary]] = [:]
        for summary in project.summaries {
            if let event = summary.event { byEvent[event, default: []].append(summary) }
        }
        var result: [ProjectDiagnostic] = []
        for (event, summaries) in byEvent.sorted(by: { $0.key < $1.key }) {
            // With declared fields, missing required and undeclared fields are other rules' findings: compare the
            // optional declared fields only.
            let declared = project.settings.contract?.events.first { $0.name == event }?.fields
            let relevant = declared.map { Set($0.filter { !$0.required }.map(\.name)) }
            func fields(_ summary: PayloadSummary) -> Set<String> {
                let all = Self.fields(summary)
                return relevant.map { all.intersection($0) } ?? all
            }
            // Per platform, the fields every one of its templates carries.
            var common: [String: Set<String>] = [:]
            for summary in summaries {
                let platform = Self.platform(summary)
                common[platform] = common[platform].map { $0.intersection(fields(summary)) } ?? fields(summary)
            }
            guard common.count > 1 else { continue }
            var lines: [String] = []
            var related: [String] = []
            var relatedSet: Set<String> = []
            for summary in summaries.sorted(by: { ($0.path, $0.batchIndex ?? -1) < ($1.path, $1.batchIndex ?? -1) }) {
                let platform = Self.platform(summary)
                let others = common.filter { $0.key != platform }.values.reduce(into: Set<String>()) {
                    $0.formUnion($1)
                }
                let missing = others.subtracting(fields(summary)).sorted()
                guard !missing.isEmpty else { continue }
                lines.append(Self.lacks(summary, platform, missing))
                if relatedSet.insert(summary.path).inserted { related.append(summary.path) }
            }
            guard !lines.isEmpty else { continue }
            result.append(
                diagnostic(
                    Self.differentFields(event, platforms: common.keys.sorted(), lacking: lines), related: related))
        }
        return result
    }

    /// The platform a template is written for: its kind (an FCM message and a legacy one are both FCM).
    static func platform(_ summary: PayloadSummary) -> String {
        switch summary.kind {
        case .apns: return "apns"
        case .fcm, .fcmLegacy: return "fcm"
        case .expo: return "expo"
        case .sns: return "sns"
        case .webpush: return "webpush"
        case .pubnub: return "pubnub"
        case .pusherBeams: return "pusher-beams"
        }
    }

    static func fields(_ summary: PayloadSummary) -> Set<String> {
        summary.fieldsByPlatform.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    // MARK: Messages

    static func lacks(_ summary: PayloadSummary, _ platform: String, _ missing: [String]) -> String {
        "\(summary.place) (\(platform)) lacks " + missing.joined(separator: ", ")
    }

    /// `lacking`: one `lacks` line per template that misses fields.
    static func differentFields(_ event: String, platforms: [String], lacking: [String]) -> FindingText {
        FindingText(
            "templates of event '\(event)' carry different fields on different platforms (\(platforms.joined(separator: ", "))), so one platform's app misses what another's gets: "
                + lacking.joined(separator: "; "),
            help: "send the same custom fields for the event on every platform, or split it into separate events")
    }

}
