import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `pubnub-push-config`: a PubNub `pn_apns` without `pn_push`, or a `pn_push` whose targets PubNub cannot match.
struct PubNubPushConfig: PayloadRule {
    static let description = RuleDescription(
        id: "pubnub-push-config",
        summary: "A PubNub `pn_apns` has no `pn_push` target for APNs over HTTP/2, or one PubNub cannot match.",
        family: .relay,
        defaultSeverity: .warning,
        rationale: """
            PubNub sends `pn_apns` to devices registered for APNs over HTTP/2 (push gateway `apns2`) only through \
            the targets of `pn_push`: an array of configurations with `"version": "v2"` and `targets`, each an \
            `environment` (`development` or `production`) and a `topic` (the app's bundle id), optionally a \
            `push_type` and a `collapse_id` (https://www.pubnub.com/docs/sdks/rest-api/mobile-push-notifications-introduction, \
            "APNs HTTP/2 example"; https://www.pubnub.com/docs/general/push/send). A device is registered for \
            `apns2` with a topic and an environment, so a target that names another environment or no topic \
            reaches none of them. A `pn_apns` without `pn_push` is PubNub's older form for the certificate-based \
            gateway (`apns`): it reaches no device registered for `apns2`. The `push_type` and `collapse_id` of the \
            first configuration are the APNs headers of the push, so the APNs header rules check them against the \
            payload.
            """,
        triggering: [
            RuleExample(#"{↓"pn_apns": {"aps": {"alert": "hi", "badge": 2}}}"#),
            RuleExample(
                #"{"pn_apns": {"aps": {"alert": "Hi"}, "pn_push": [{"version": ↓"v1", "targets": [{"environment": ↓"prod", "topic": "com.example.app"}]}]}}"#
            ),
            RuleExample(#"{"pn_apns": {"aps": {"alert": "Hi"}, "pn_push": [{"version": "v2", ↓"targets": []}]}}"#),
        ],
        nonTriggering: [
            RuleExample(
                #"{"pn_apns": {"aps": {"alert": "hello world"}, "pn_push": [{"targets": [{"environment": "production", "topic": "BUNDLE_ID_FOR_APP_1"}], "version": "v2"}]}}"#
            ),
            RuleExample(#"{"pn_fcm": {"notification": {"title": "Hi"}}}"#),
        ])

    static let environments = ["development", "production"]

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard context.payload.kind == .pubnub, let apns = context.payload.relay?.part("pn_apns") else { return [] }
        let doc = context.document
        guard let configs = doc.member(apns.value, "pn_push") else {
            return [diagnostic(Self.noPushConfig, at: apns.key, in: doc)]
        }
        guard doc.kind(configs) == .array, !doc.elements(configs).isEmpty else {
            if context.isTemplated(configs) { return [] }
            return [diagnostic(Self.notConfigurations, at: doc.keyNode(ofValue: configs) ?? configs, in: doc)]
        }
        var findings: [Diagnostic] = []
        for config in doc.elements(configs) where doc.kind(config) == .object {
            findings += check(config, context)
        }
        return findings
    }

    /// The findings of one `pn_push` configuration: its version and its targets.
    func check(_ config: NodeID, _ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        var findings: [Diagnostic] = []
        let version = doc.member(config, "version")
        if let version, !context.isTemplated(version), doc.stringValue(version) != "v2" {
            findings.append(
                diagnostic(Self.version(doc.stringValue(version) ?? doc.rawText(version)), at: version, in: doc))
        } else if version == nil {
            findings.append(diagnostic(Self.versionMissing, at: config, in: doc))
        }
        guard let targets = doc.member(config, "targets"), doc.kind(targets) == .array, !doc.elements(targets).isEmpty
        else {
            let targets = doc.member(config, "targets")
            if let targets, context.isTemplated(targets) { return findings }
            let anchor = targets.flatMap { doc.keyNode(ofValue: $0) } ?? config
            return findings + [diagnostic(Self.noTargets, at: anchor, in: doc)]
        }
        for target in doc.elements(targets) where doc.kind(target) == .object {
            if let environment = doc.member(target, "environment"), !context.isTemplated(environment),
                !(doc.stringValue(environment).map(Self.environments.contains) ?? false)
            {
                findings.append(
                    diagnostic(
                        Self.environment(doc.stringValue(environment) ?? doc.rawText(environment)), at: environment,
                        in: doc))
            }
            let topic = doc.member(target, "topic")
            if let topic, context.isTemplated(topic) { continue }
            if (topic.flatMap { doc.stringValue($0) } ?? "").isEmpty {
                findings.append(diagnostic(Self.topic, at: topic ?? target, in: doc))
            }
        }
        return findings
    }

    // MARK: Messages

    static let noPushConfig = FindingText(
        "'pn_apns' has no 'pn_push', so PubNub sends it only to devices registered with the certificate-based 'apns' gateway and to none registered for APNs over HTTP/2 ('apns2'); add \"pn_push\": [{\"version\": \"v2\", \"targets\": [{\"environment\": \"production\", \"topic\": \"<bundle id>\"}]}]",
        help: "add a pn_push configuration with the app's topic and environment")

    static let notConfigurations = FindingText(
        "'pn_push' is not a list of configurations, so PubNub has no APNs HTTP/2 target to send to; write [{\"version\": \"v2\", \"targets\": [{\"environment\": ..., \"topic\": ...}]}]",
        help: "write pn_push as an array of configurations")

    static func version(_ written: String) -> FindingText {
        FindingText(
            "pn_push version \(MessageText.single(written)) is not \"v2\", the version PubNub reads for APNs over HTTP/2; write \"v2\"",
            help: "write \"version\": \"v2\"")
    }

    static let versionMissing = FindingText(
        "this pn_push configuration has no 'version'; PubNub reads APNs HTTP/2 configurations with \"version\": \"v2\"",
        help: "add \"version\": \"v2\"")

    static let noTargets = FindingText(
        "this pn_push configuration has no targets, so it reaches no device; add {\"environment\": \"development\" or \"production\", \"topic\": \"<bundle id>\"}",
        help: "add a target with the app's environment and topic")

    static func environment(_ written: String) -> FindingText {
        FindingText(
            "target environment \(MessageText.single(written)) is neither \"development\" nor \"production\", so it matches no device registered for APNs over HTTP/2; write the environment the devices registered with",
            help: "write \"development\" or \"production\"")
    }

    static let topic = FindingText(
        "this pn_push target has no topic, so it matches no device: PubNub matches devices by the topic (the app's bundle id) they registered with",
        help: "add \"topic\": \"<bundle id>\"")
}
