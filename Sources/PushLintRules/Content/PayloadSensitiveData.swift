import PushLintDetectors
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
            storage while the device is offline (APNs keeps the newest notification for up to 30 days, https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns; \
            FCM up to 4 weeks, https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages), and on the device it lands in notification history and, on Android, in \
            the intent extras that other code can read (https://firebase.google.com/docs/cloud-messaging/android/receive). Credentials and personal data do not belong \
            there: send an id and let the app fetch the details over its own authenticated connection. The \
            rule looks for e-mail addresses, phone numbers (E.164 and common national forms), JSON Web Tokens, \
            bearer tokens, API keys (well-known key prefixes, or high-entropy values under key-like names), card \
            numbers that pass the Luhn check, and literal values of fields named like `password`, `secret`, \
            `api_key` or `access_token`. It stays silent on placeholders, masked values, and the delivery targets \
            themselves (the FCM `token`, `apns.live_activity_token`, Expo `to`), which must be in the message.

            What a business publishes is not personal data: role mailboxes (`support@`, `orders@`, `billing@`, \
            `no-reply@`, the role names of RFC 2142) and toll-free numbers (North America's 800, 833 to 888, \
            the International Freephone +800, national 0800 and 0808 ranges). A key's name alone does not make \
            an identifier a secret: a UUID or a hex digest (MD5, SHA-1, SHA-2 lengths) under `idempotency_key`, \
            `cache_key` or `signature`, or under a secret's name that says only "key" or "token", is an id, and a \
            path to an object (`invoices/2026/11/inv-48213.pdf`, an S3 key) is a reference.
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
                #"{"aps": {"alert": "Questions? Call 1-800-555-0199 or write to orders@shop.example.com"}, "idempotency_key": "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", "s3_key": "invoices/2026/11/Invoice-48213.pdf"}"#,
                note: "A toll-free number, a role mailbox, a UUID and an object path: published or identifiers."),
            RuleExample(
                #"{"aps": {"alert": "Order 4111 shipped"}, "placed_at": "2025-11-28T18:42:10+01:00", "postal_code": "50674", "next_page_token": "ZXhhbXBsZV9jdXJzb3I"}"#
            ),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        // An envelope's platform payloads are checked as their platforms' payloads.
        if context.payload.kind.isEnvelope { return [] }
        let doc = context.document
        let body = context.payload.body
        var findings: [(node: NodeID, keyNode: NodeID?, verdict: Verdict)] = []
        // The payload's nodes in document order, read in place: every string of every payload passes here, so the
        // walk reads the nodes and bytes without a call, a closure or a reference count per string.
        withUnsafeTemporaryAllocation(of: NodeID.self, capacity: Self.maxSkipped) { skipMemory in
            // Skipped subtrees in document order, passed in turn as the walk below reaches them.
            let skip = UnsafeBufferPointer(rebasing: skipMemory[..<skipped(context, into: skipMemory)])
            doc.nodes.withUnsafeBufferPointer { nodes in
                doc.bytes.withUnsafeBufferPointer { all in
                    /// The bytes of a string or key node without escapes, where they lie.
                    func inPlace(_ n: JSONNode) -> UnsafeBufferPointer<UInt8> {
                        UnsafeBufferPointer(rebasing: all[(Int(n.start) &+ 1)..<(Int(n.end) &- 1)])
                    }
                    // The strings of an array share their key: its nature is looked at once for all of them.
                    var natureOf = -1
                    var nature = KeyNature()
                    var skipIndex = 0
                    var nextSkip = skip.first ?? Int.max
                    var node = body
                    let end = Int(nodes[body].next)
                    while node < end {
                        if node >= nextSkip {
                            if node == nextSkip { node = Int(nodes[node].next) }
                            while skipIndex < skip.count, skip[skipIndex] < node { skipIndex &+= 1 }
                            nextSkip = skipIndex < skip.count ? skip[skipIndex] : Int.max
                            continue
                        }
                        let n = nodes[node]
                        guard n.kind == .string else {
                            node &+= 1
                            continue
                        }
                        let keyNode = owningKey(of: node, nodes)
                        if keyNode != natureOf {
                            natureOf = keyNode
                            nature = KeyNature()
                            if keyNode >= 0 {
                                let key = nodes[keyNode]
                                if key.flags & JSONNode.hasEscapes == 0 {
                                    nature = KeyNature(inPlace(key))
                                } else {
                                    nature = doc.stringBytes(keyNode).withUnsafeBufferPointer { KeyNature($0) }
                                }
                            }
                        }
                        var verdict =
                            nature.isSecret && keyNode >= 0
                            ? secretVerdict(doc.string(node), namesKeyOrToken: nature.namesKeyOrToken) : nil
                        if verdict == nil {
                            verdict =
                                n.flags & JSONNode.hasEscapes == 0
                                ? detect(inPlace(n), nature)
                                : doc.stringBytes(node).withUnsafeBufferPointer { detect($0, nature) }
                        }
                        if let verdict { findings.append((node, keyNode >= 0 ? keyNode : nil, verdict)) }
                        node &+= 1
                    }
                }
            }
        }
        // Whether a string is templated is asked only of the few that would be findings.
        return findings.compactMap { found in
            context.isTemplated(found.node)
                ? nil : diagnostic(found.verdict, at: found.node, keyNode: found.keyNode, doc)
        }
    }

    /// What makes a string a finding, if anything: a literal secret, or personal data found in it.
    private enum Verdict {
        case secret
        case personal(TextDetectors.Finding)
    }

    /// Personal data or a key in a string's bytes; the key's nature says whether digits are a phone number.
    private func detect(_ text: UnsafeBufferPointer<UInt8>, _ nature: KeyNature) -> Verdict? {
        let isPhone = nature.isPhone
        return TextDetectors.sensitive(inBytes: text, keyLike: nature.isKeyLike, keyIsPhone: { isPhone }).map {
            .personal($0)
        }
    }

    /// `doc.owningKey(of:)` on the nodes in hand, -1 for none: a member's value follows its key.
    @inline(__always)
    private func owningKey(of node: NodeID, _ nodes: UnsafeBufferPointer<JSONNode>) -> NodeID {
        var current = node
        while true {
            let parent = nodes[current].parent
            guard parent != JSONNode.noParent else { return -1 }
            if nodes[Int(parent)].kind == .object { return current &- 1 }
            current = Int(parent)
        }
    }

    /// A value under a key named like a secret is one unless it is masked, a URL or a path; under a name that says
    /// only "key" or "token" (`access_key`, `session_token`), an identifier (a UUID, a hex digest) is not one either:
    /// the name alone does not make an id a credential.
    private func secretVerdict(_ text: String, namesKeyOrToken: Bool) -> Verdict? {
        if TextDetectors.isMasked(text) || TextDetectors.isURL(text) { return nil }
        let isReference = text.withUTF8Bytes { bytes in
            TextDetectors.isObjectPath(bytes) || namesKeyOrToken && TextDetectors.isIdentifier(bytes)
        }
        return isReference ? nil : .secret
    }

    private func diagnostic(_ verdict: Verdict, at node: NodeID, keyNode: NodeID?, _ doc: JSONDocument) -> Diagnostic {
        switch verdict {
        case .secret:
            return diagnostic(Self.secret(keyNode.map { doc.string($0) } ?? ""), at: node, in: doc)
        case .personal(let found):
            return diagnostic(Self.personal(keyNode.map { doc.string($0) }, found), at: node, in: doc)
        }
    }

    /// The most subtrees `skipped` names: an FCM message's targets, its APNs headers and Live Activity token, and
    /// its Web Push headers.
    private static let maxSkipped = max(FCMSchema.unsentKeys.count + 3, FCMSchema.legacyTargets.count)

    /// Subtrees that are not content: delivery targets and headers. Writes their nodes into `nodes` in document
    /// order and returns how many there are. The buffer is the caller's stack memory: every payload asks, and an
    /// array cost an allocation each time.
    private func skipped(_ context: PayloadContext, into nodes: UnsafeMutableBufferPointer<NodeID>) -> Int {
        let doc = context.document
        let body = context.payload.body
        var count = 0
        func add(_ node: NodeID?) {
            if let node, count < nodes.count {
                nodes[count] = node
                count += 1
            }
        }
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
        case .sns, .webpush, .pubnub, .pusherBeams:
            break
        }
        // A few nodes, in document order for the walk: sorted in place, without the generic sort.
        var k = 1
        while k < count {
            var j = k
            while j > 0, nodes[j - 1] > nodes[j] {
                nodes.swapAt(j - 1, j)
                j -= 1
            }
            k += 1
        }
        return count
    }

    /// What a key's name says about its value: a secret, a key or token when long and random, or a phone number
    /// when it is digits. Most names are settled by a byte search for the hints the word tests look for; the
    /// others are split into words on their bytes.
    private struct KeyNature {
        var isSecret = false
        var isKeyLike = false
        var isPhone = false
        /// A secret's name whose last word is `key` or `token` (`api_key`, `accessToken`), not `password`.
        var namesKeyOrToken = false

        init() {}

        init(_ name: UnsafeBufferPointer<UInt8>) {
            let hints = TextDetectors.nameHints(name)
            if hints.contains(.secretOrKeyLike) { (isSecret, isKeyLike) = TextDetectors.nameNature(name) }
            if isSecret { namesKeyOrToken = TextDetectors.endsInKeyOrToken(name) }
            if hints.contains(.phone) { isPhone = TextDetectors.isPhoneKey(name) }
        }
    }

    // MARK: Messages

    static func secret(_ key: String) -> FindingText {
        FindingText(
            "\(MessageText.single(key)) holds a literal secret: the payload is stored and logged by the push provider and shown to code on the device; never send credentials in a push",
            help: "remove it; let the app fetch what it needs over its authenticated connection")
    }

    static func personal(_ key: String?, _ found: TextDetectors.Finding) -> FindingText {
        // Built in one allocation: a finding of this rule is common in real payloads (a third of the varied corpus
        // has one).
        let consequence =
            ": the payload crosses the push provider, its logs and the device's notification history; send an id and let the app fetch the details"
        let help = "replace it with an id the app resolves after opening"
        guard let key else {
            return FindingText(ASCIIText.concatenated("this value contains ", found.name, consequence), help: help)
        }
        return FindingText(ASCIIText.concatenated("'", key, "' contains ", found.name, consequence), help: help)
    }

}
