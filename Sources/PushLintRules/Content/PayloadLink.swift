import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `payload-link`: a link the app does not handle.
struct PayloadLink: PayloadRule {
    static let description = RuleDescription(
        id: "payload-link",
        summary: "A link in the payload uses a scheme or host that the contract does not allow.",
        family: .content,
        defaultSeverity: .warning,
        rationale: """
            A tap on a notification opens its link: a custom scheme the app does not register opens nothing (or \
            another app that claims it), an http(s) host outside the app's associated domains opens the browser \
            instead of the app, and a plain `http` link is refused by FCM for web push (`webpush.fcm_options.link` \
            must be HTTPS, https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages). The contract's `links` lists the `schemes` the app \
            handles and the `hosts` its http(s) links may point to (`*.example.com` for subdomains). The rule \
            checks the custom data fields that carry a link: `url`, `link`, `deeplink` and `deep_link` (any case, \
            with or without `_` or `-`) and the keys the contract declares in `links.fields`; FCM \
            `android.notification.click_action` when it is a URI (otherwise it is an intent action), and \
            `webpush.fcm_options.link`. In templates the literal part before the first placeholder is checked \
            when it contains the scheme (and host).
            """,
        triggering: [
            RuleExample(
                #"{"message": {"topic": "deals", "notification": {"title": "Deals"}, "data": {"deeplink": ↓"shopapp://promo/wk48"}}}"#,
                contract: ExampleContracts.shop),
            RuleExample(
                #"{"aps": {"alert": "Track your parcel"}, "url": ↓"https://tracking.carrier.example.net/48213"}"#,
                contract: ExampleContracts.shop, note: "A host the app does not handle."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"target_url": ↓"shopapp://orders/48213"}}}"#,
                contract: #"{"links": {"schemes": ["https", "shop"], "fields": ["target_url"]}}"#,
                note: "The contract declares `target_url` a link field."),
            RuleExample(
                #"{"message": {"token": "t", "webpush": {"fcm_options": {"link": ↓"http://shop.example.com/chat/{{thread_id}}"}}}}"#,
                fileName: "chat.json.tmpl", contract: ExampleContracts.shop),
        ],
        nonTriggering: [
            RuleExample(
                #"{"message": {"topic": "deals", "notification": {"title": "Deals"}, "data": {"deeplink": "shop://promo/wk48"}, "android": {"notification": {"click_action": "OPEN_PROMO"}}}}"#,
                contract: ExampleContracts.shop),
            RuleExample(
                #"{"message": {"token": "t", "webpush": {"fcm_options": {"link": "https://shop.example.com/chat/{{thread_id}}"}}}}"#,
                fileName: "chat.json.tmpl", contract: ExampleContracts.shop),
            RuleExample(
                #"{"aps": {"alert": "Hi"}, "url": "https://anywhere.example.org/x"}"#,
                note: "No contract `links`, nothing to compare with."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard let links = context.contract?.links, links.schemes != nil || links.hosts != nil else { return [] }
        let doc = context.document
        var candidates: [NodeID] = []
        for field in CustomData.allFields(context) {
            collect(field.value, key: doc.string(field.key), doc, context.contract, &candidates)
        }
        if let notification = context.payload.android?.notification,
            let click = doc.member(notification, anyOf: ["click_action", "clickAction"])
        {
            candidates.append(click)
        }
        if context.payload.kind == .fcmLegacy,
            let notification = doc.memberObject(context.payload.body, "notification"),
            let click = doc.member(notification, "click_action")
        {
            candidates.append(click)
        }
        if let link = context.payload.webpush?.link { candidates.append(link) }
        var seen: Set<NodeID> = []
        return candidates.compactMap { node in
            guard seen.insert(node).inserted, let text = doc.stringValue(node) else { return nil }
            return problem(text, node, links, context).map { diagnostic(Self.unopened($0), at: node, in: doc) }
        }
    }

    private func collect(
        _ node: NodeID, key: String, _ doc: JSONDocument, _ contract: Contract?, _ out: inout [NodeID]
    ) {
        switch doc.kind(node) {
        case .string:
            if LinkFields.isLink(key, contract) { out.append(node) }
        case .object:
            for member in doc.members(node) {
                collect(member.value, key: doc.string(member.key), doc, contract, &out)
            }
        case .array:
            for element in doc.elements(node) { collect(element, key: key, doc, contract, &out) }
        default:
            return
        }
    }

    /// A link the app does not open: `text` is the whole link as written.
    enum Problem {
        case scheme(text: String, scheme: String, allowed: [String])
        case host(text: String, host: String, allowed: [String])
    }

    private func problem(_ text: String, _ node: NodeID, _ links: Contract.Links, _ context: PayloadContext) -> Problem?
    {
        // Only the literal text before the first placeholder is known.
        var literal = text
        if let first = context.placeholders(in: node).first {
            literal = String(String.UnicodeScalarView(text.unicodeScalars.prefix(first.scalarOffset)))
        }
        let templated = literal.unicodeScalars.count < text.unicodeScalars.count
        guard let scheme = TextDetectors.scheme(of: literal),
            literal.unicodeScalars.count > scheme.count + 1 || !templated
        else { return nil }
        if let schemes = links.schemes, !schemes.contains(scheme) {
            return .scheme(text: text, scheme: scheme, allowed: schemes)
        }
        guard scheme == "http" || scheme == "https", let hosts = links.hosts else { return nil }
        let afterScheme = literal.unicodeScalars.dropFirst(scheme.count + 1)
        guard afterScheme.starts(with: "//".unicodeScalars) else { return nil }
        let authority = afterScheme.dropFirst(2)
        guard
            let end = authority.firstIndex(where: { "/?#".unicodeScalars.contains($0) })
                ?? (templated ? nil : authority.endIndex)
        else {
            return nil
        }
        var host = String(String.UnicodeScalarView(authority[..<end])).lowercased()
        if let at = host.lastIndex(of: "@") { host = String(host[host.index(after: at)...]) }
        if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") { host = String(host[..<colon]) }
        guard !host.isEmpty, !hosts.contains(where: { Self.hostMatches(host, $0) }) else { return nil }
        return .host(text: text, host: host, allowed: hosts)
    }

    static func hostMatches(_ host: String, _ pattern: String) -> Bool {
        if pattern.hasPrefix("*.") {
            let base = pattern.dropFirst(2)
            return host.hasSuffix("." + base)
        }
        return host == pattern
    }

    // MARK: Messages

    static func unopened(_ problem: Problem) -> FindingText {
        FindingText(message(problem), help: help(problem))
    }

    private static func message(_ problem: Problem) -> String {
        switch problem {
        case .scheme(let text, let scheme, let schemes):
            "link \(MessageText.single(text)) uses the scheme \(MessageText.single(scheme)), which the app does not handle (the contract allows \(schemes.joined(separator: ", "))): tapping the notification opens nothing."
                + Suggest.didYouMean(scheme, in: schemes)
        case .host(let text, let host, let hosts):
            "link \(MessageText.single(text)) points to host \(MessageText.single(host)), which is not among the app's link hosts (\(hosts.joined(separator: ", "))): it opens in the browser, not the app"
        }
    }

    private static func help(_ problem: Problem) -> String {

        switch problem {
        case .scheme(_, let scheme, let schemes):
            Suggest.closest(to: scheme, in: schemes).map { "write the link with the scheme \(MessageText.single($0))" }
                ?? "use one of the schemes \(schemes.joined(separator: ", "))"
        case .host(_, _, let hosts): "link to one of the hosts " + hosts.joined(separator: ", ")
        }
    }
}
