import PushLintJSON
import PushLintModel

/// `payload-sensitive-data`: personal data or secrets in a payload.
struct PayloadSensitiveData: PayloadRule {
    static let description = RuleDescription(
        id: "payload-sensitive-data",
        summary:
            "The payload carries personal data or a secret: an e-mail address, a phone number, a token, an API key, a card number or a password.",
        family: .content,
        defaultSeverity: .warning,
        rationale: """
            A push payload crosses third parties: the provider (APNs, FCM, Expo's service), its logs and its \
            storage while the device is offline (APNs keeps the newest notification for up to 30 days, A-REQ; \
            FCM up to 4 weeks, F-REF), and on the device it lands in notification history and, on Android, in \
            the intent extras that other code can read (F-RCV). Credentials and personal data do not belong \
            there: send an id and let the app fetch the details over its own authenticated connection. The \
            rule looks for e-mail addresses (role addresses such as `support@` excepted), phone numbers (E.164 \
            and common national forms), JSON Web Tokens, bearer tokens, API keys (well-known key prefixes, or \
            high-entropy values under key-like names), card numbers that pass the Luhn check, and literal values \
            of fields named like `password`, `secret`, `api_key` or `access_token`. It stays silent on \
            placeholders, masked values, and the delivery targets themselves (the FCM `token`, \
            `apns.live_activity_token`, Expo `to`), which must be in the message.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": ↓"Your invoice was sent to anna.mueller@gmail.com"}, "invoice_id": "inv-881"}"#),
            RuleExample(#"{"message": {"token": "t", "data": {"type": "login", "password": ↓"hunter2!"}}}"#),
            RuleExample(
                #"{"message": {"token": "t", "data": {"session": ↓"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0ODIxMyJ9.c2lnbmF0dXJlLWJ5dGVz"}}}"#
            ),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Call back", "data": {"callback": ↓"+49 221 1234567"}}"#
            ),
            RuleExample(#"{"aps": {"alert": "Payment failed"}, "card": ↓"4111 1111 1111 1111"}"#),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "data": {"order_id": "48213", "cursor": "ord.48213.v7"}}}"#
            ),
            RuleExample(
                #"{"aps": {"alert": "Questions? Write to support@example.com"}, "call_id": "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}"#
            ),
            RuleExample(
                #"{"aps": {"alert": "Hi {{name}}"}, "email": "{{email}}", "password": "{{password}}"}"#,
                fileName: "welcome.json.tmpl",
                note: "Placeholders are not values."),
            RuleExample(
                #"{"aps": {"alert": "Order 4111 shipped"}, "placed_at": "2025-11-28T18:42:10+01:00", "postal_code": "50674", "next_page_token": "ZXhhbXBsZV9jdXJzb3I"}"#
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        let body = context.payload.body
        let skip = skipped(context)
        var natures: [String: KeyNature] = [:]
        // The strings of an array share their key: its nature is looked at once for all of them.
        var lastKey: (node: NodeID?, nature: KeyNature)?
        var result: [Diagnostic] = []
        // The payload's nodes in document order; skipped subtrees are jumped over whole.
        var node = body
        let end = Int(doc.nodes[body].next)
        while node < end {
            if skip.contains(node) {
                node = Int(doc.nodes[node].next)
                continue
            }
            if doc.kind(node) == .string {
                let keyNode = doc.owningKey(of: node)
                let nature: KeyNature
                if let last = lastKey, last.node == keyNode {
                    nature = last.nature
                } else {
                    nature = self.nature(of: keyNode, doc, &natures)
                    lastKey = (keyNode, nature)
                }
                // Whether a string is templated is asked only of the few that would be findings.
                if let verdict = examine(node, keyNode: keyNode, nature, doc), !context.isTemplated(node) {
                    result.append(diagnostic(verdict, at: node, keyNode: keyNode, doc))
                }
            }
            node += 1
        }
        return result
    }

    /// What a key's name says of the values under it; most names are settled by a byte search.
    private func nature(of keyNode: NodeID?, _ doc: JSONDocument, _ natures: inout [String: KeyNature]) -> KeyNature {
        guard let keyNode, doc.withStringBytes(keyNode, TextDetectors.mayBeSecretOrKeyLikeName) else {
            return KeyNature(isSecret: false, isKeyLike: false)
        }
        let name = doc.string(keyNode)
        if let known = natures[name] { return known }
        let (isSecret, isKeyLike) = TextDetectors.nameNature(name)
        let nature = KeyNature(isSecret: isSecret, isKeyLike: isKeyLike)
        natures[name] = nature
        return nature
    }

    /// What makes a string a finding, if anything: a literal secret, or personal data found in it.
    private enum Verdict {
        case secret
        case personal(TextDetectors.Finding)
    }

    private func examine(_ node: NodeID, keyNode: NodeID?, _ nature: KeyNature, _ doc: JSONDocument) -> Verdict? {
        if nature.isSecret, keyNode != nil {
            let text = doc.string(node)
            if !TextDetectors.isMasked(text), !TextDetectors.isURL(text) { return .secret }
        }
        let keyLike = nature.isKeyLike
        return doc.withStringBytes(node) {
            TextDetectors.sensitive(
                inBytes: $0, keyLike: keyLike,
                keyIsPhone: { keyNode.map { doc.withStringBytes($0, TextDetectors.isPhoneKey) } ?? false })
        }
        .map { .personal($0) }
    }

    private func diagnostic(_ verdict: Verdict, at node: NodeID, keyNode: NodeID?, _ doc: JSONDocument) -> Diagnostic {
        switch verdict {
        case .secret:
            return diagnostic(
                secret(keyNode.map { doc.string($0) } ?? ""), at: node, in: doc,
                help: "remove it; let the app fetch what it needs over its authenticated connection")
        case .personal(let found):
            return diagnostic(
                personal(keyNode.map { doc.string($0) }, found), at: node, in: doc,
                help: "replace it with an id the app resolves after opening")
        }
    }

    /// Subtrees that are not content: delivery targets and headers.
    private func skipped(_ context: PayloadContext) -> [NodeID] {
        let doc = context.document
        let body = context.payload.body
        var nodes: [NodeID] = []
        nodes.reserveCapacity(8)
        func add(_ node: NodeID?) { if let node { nodes.append(node) } }
        switch context.payload.kind {
        case .fcm:
            for name in FCMSchema.unsentKeys { add(doc.member(body, name)) }
            if let apns = doc.memberObject(body, "apns") {
                add(doc.member(apns, "headers"))
                add(doc.member(apns, anyOf: ["live_activity_token", "liveActivityToken"]))
            }
            if let web = doc.memberObject(body, "webpush") { add(doc.member(web, "headers")) }
        case .fcmLegacy:
            for name in FCMSchema.legacyTargets { add(doc.member(body, name)) }
        case .expo:
            add(doc.member(body, "to"))
        case .apns:
            add(doc.member(body, "Simulator Target Bundle"))
        }
        return nodes
    }

    /// What a key's name says about its value, worked out once per name and payload.
    private struct KeyNature {
        var isSecret: Bool
        var isKeyLike: Bool
    }

    // MARK: Messages

    private func secret(_ key: String) -> String {
        "'\(key)' holds a literal secret: the payload is stored and logged by the push provider and shown to code on the device; never send credentials in a push"
    }

    private func personal(_ key: String?, _ found: TextDetectors.Finding) -> String {
        let name = key.map { "'\($0)'" } ?? "this value"
        return
            "\(name) contains \(found.name): the payload crosses the push provider, its logs and the device's notification history; send an id and let the app fetch the details"
    }
}
