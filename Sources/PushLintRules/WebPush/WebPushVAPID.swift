import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `webpush-vapid`: the VAPID claims in the config's `vapid` that push services refuse: a `sub` that is no `mailto:`
/// or `https:` URI, a reserved or local domain, a JWT that lives more than 24 hours.
struct WebPushVAPID: ProjectRule {
    static let description = RuleDescription(
        id: "webpush-vapid",
        summary:
            "The VAPID subject or lifetime in the config's vapid key or a VAPID sidecar is one push services refuse (not mailto:/https:, a local domain, over 24 hours).",
        family: .webpush,
        defaultSeverity: .error,
        rationale: """
            A web push request carries a VAPID JWT (RFC 8292 §2, https://www.rfc-editor.org/rfc/rfc8292#section-2): \
            its `exp` "MUST NOT be more than 24 hours from the time of the request", and its `sub` "SHOULD \
            include a contact URI", a `mailto:` or an `https:` URI. Apple's push service answers 403 BadJwtToken \
            when "The JWT subject claim isn't a URL or mailto:" or "The JWT expiration parameter is more than one \
            day into the future" (https://developer.apple.com/documentation/usernotifications/sending-web-push-notifications-in-web-apps-and-browsers), \
            and Mozilla's autopush refuses an `exp` more than a day ahead \
            (https://mozilla-services.github.io/autopush-rs/errors.html): errors. A missing subject is an \
            error for the same reason (Apple needs a subject). An `http:` subject is a URL but not the https \
            the RFC names: a warning.

            Apple also answers BadJwtToken for a `mailto:` at `localhost` or at a reserved or local domain \
            (`.invalid`, `.local`, `.test`, `example.com`): reproduced by several projects \
            (https://github.com/web-push-libs/web-push/issues/947) but not in Apple's documentation, so a \
            warning.

            pushlint reads the claims from the config (`"vapid": {"subject": ..., "expiresIn": seconds}`) and, \
            for a sender whose claims differ by message, from a sidecar file beside a web push payload file \
            (`shipped.json` -> `shipped.vapid.json`, the same two keys), never the key: a `vapid` entry or a \
            sidecar member that looks like a private key is refused without printing it. The rule speaks only in \
            a run with web push payloads.
            """,
        triggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
                config: #"{"vapid": {"subject": "admin@shop.com", "expiresIn": 172800}}"#,
                note: "No mailto: scheme, and a JWT that lives two days."),
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
                config: #"{"vapid": {"subject": "mailto:admin@localhost"}}"#,
                note: "Apple refuses localhost (a warning: observed, not documented)."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
                config: #"{"vapid": {"subject": "mailto:push@shop-mail.net", "expiresIn": 43200}}"#),
            RuleExample(
                #"{"aps": {"alert": "Hi"}}"#, config: #"{"vapid": {"subject": "mailto:admin@localhost"}}"#,
                note: "No web push payload in the run."),
        ])

    func checkProject(_ project: ProjectContext) -> [ProjectDiagnostic] {
        guard project.summaries.contains(where: { $0.kind == .webpush }) else { return [] }
        var result: [ProjectDiagnostic] = []
        if let claims = project.settings.vapid { result += check(claims, in: .config) }
        var seen: Set<String> = []
        for sidecar in project.summaries.lazy.compactMap(\.vapidSidecar) where seen.insert(sidecar.path).inserted {
            let place = Place.sidecar(sidecar.path)
            if let key = sidecar.secretKey {
                result.append(diagnostic(Self.secretInSidecar(key), related: [sidecar.path]))
            } else if let problem = sidecar.problem {
                result.append(diagnostic(Self.unreadableSidecar(problem), related: [sidecar.path]))
            } else {
                result += check(sidecar.claims, in: place)
            }
        }
        return result
    }

    /// Where the claims were read: the config's `vapid`, or a payload's sidecar file.
    enum Place {
        case config
        case sidecar(String)

        var related: [String] {
            if case .sidecar(let path) = self { return [path] }
            return []
        }
    }

    func check(_ claims: VAPIDClaims, in place: Place) -> [ProjectDiagnostic] {
        let related = place.related
        var result: [ProjectDiagnostic] = []
        if let subject = claims.subject {
            if let url = WebURL.parse(subject), url.scheme == "mailto" || url.scheme == "https" || url.scheme == "http"
            {
                if url.scheme == "http" {
                    result.append(diagnostic(Self.httpSubject(subject, place), related: related, severity: .warning))
                } else if url.host == nil {
                    result.append(diagnostic(Self.notAContact(subject, place), related: related))
                } else if url.isReservedHost {
                    result.append(
                        diagnostic(
                            Self.reservedHost(subject, url.host ?? "", place), related: related, severity: .warning))
                }
            } else {
                result.append(diagnostic(Self.notAContact(subject, place), related: related))
            }
        } else {
            result.append(diagnostic(Self.noSubject(place), related: related))
        }
        if let seconds = claims.expiresIn, seconds > VAPIDClaims.maxLifetime {
            result.append(diagnostic(Self.tooLong(seconds, place), related: related))
        }
        return result
    }

    // MARK: Messages

    /// Where a claim was written, as messages name it: `config 'vapid.subject'`, `'subject' in 'shipped.vapid.json'`.
    static func source(_ key: String, _ place: Place) -> String {
        switch place {
        case .config: return "config 'vapid.\(key)'"
        case .sidecar(let path): return "'\(key)' in \(MessageText.single(path))"
        }
    }

    static func notAContact(_ subject: String, _ place: Place) -> FindingText {
        FindingText(
            "the VAPID subject \(MessageText.json(subject)) (\(source("subject", place))) is no mailto: address or https: URL, and Apple's push service answers 403 BadJwtToken for it; write mailto:you@yourdomain",
            help: "write \"mailto:push@yourdomain\" or an https:// URL of your site")
    }

    static func httpSubject(_ subject: String, _ place: Place) -> FindingText {
        FindingText(
            "the VAPID subject \(MessageText.json(subject)) (\(source("subject", place))) is an http: URL; RFC 8292 names mailto: and https: contacts, so a push service may refuse it; write the https:// URL",
            help: "write an https:// URL or a mailto: address")
    }

    static func reservedHost(_ subject: String, _ host: String, _ place: Place) -> FindingText {
        FindingText(
            "the VAPID subject \(MessageText.json(subject)) (\(source("subject", place))) is at \(MessageText.single(host)), a local or reserved domain: Apple's push service has been seen to answer 403 BadJwtToken for such subjects; write an address at a domain you own",
            help: "write mailto: with an address at a real domain")
    }

    static func noSubject(_ place: Place) -> FindingText {
        let holder: String
        switch place {
        case .config: holder = "the config's 'vapid'"
        case .sidecar(let path): holder = "the VAPID sidecar \(MessageText.single(path))"
        }
        return FindingText(
            "\(holder) has no subject, and Apple's push service answers 403 BadJwtToken when the JWT's sub is not a URL or mailto:; add \"subject\": \"mailto:...\"",
            help: "add \"subject\": \"mailto:push@yourdomain\"")
    }

    static func tooLong(_ seconds: Int, _ place: Place) -> FindingText {
        FindingText(
            "the VAPID JWT lives \(seconds) seconds (\(source("expiresIn", place))), more than the 24 hours (86400) RFC 8292 allows; Apple answers 403 BadJwtToken and Mozilla's push service refuses it; write 86400 or less",
            help: "write \"expiresIn\": 43200 (12 hours, web-push's default)")
    }

    static func secretInSidecar(_ key: String) -> FindingText {
        let shown = key.utf8.count <= 32 ? "key \(MessageText.single(key))" : "a key"
        return FindingText(
            "the VAPID sidecar holds \(shown) that looks like a private key or secret; pushlint reads only the subject and the lifetime of the VAPID JWT: remove it, keep the key in your secret store, and rotate it if the file was ever committed",
            help: "remove the key material from the sidecar")
    }

    static func unreadableSidecar(_ problem: String) -> FindingText {
        FindingText(
            "the VAPID sidecar gives no claims: \(problem); write {\"subject\": \"mailto:...\", \"expiresIn\": seconds}",
            help: "write the sidecar as {\"subject\": ..., \"expiresIn\": ...}")
    }
}
