import PushLintJSON

/// The VAPID claims a web push sender signs (RFC 8292 §2), as `.pushlint.json`'s `vapid` key names them: the `sub`
/// contact and how long each JWT lives (`exp` minus the time of the request). Never a key: pushlint needs none,
/// and the reader refuses anything that looks like one without echoing it.
public struct VAPIDClaims: Sendable, Hashable {
    /// The `sub` claim: a `mailto:` or `https:` contact URI.
    public var subject: String?
    /// Seconds from the request to the JWT's `exp`.
    public var expiresIn: Int?

    /// RFC 8292 §2: `exp` "MUST NOT be more than 24 hours from the time of the request".
    public static let maxLifetime = 86_400

    /// Whether a key name or a value looks like key material: a name that says private key or secret, a PEM
    /// private key, a JWK's private member `d`, or 43 characters of base64url (a raw P-256 private key, as
    /// web-push and pywebpush print it). Decided on the value without keeping or printing it.
    public static func looksLikeSecret(key: String, value: String?) -> Bool {
        let name = Suggest.normalize(key)
        if name.contains("private") || name.contains("secret") || name == "d" || name == "key" { return true }
        guard let value else { return false }
        if value.contains("PRIVATE KEY") { return true }
        let bytes = Array(value.utf8)
        return bytes.count == 43
            && bytes.allSatisfy { ASCIIText.isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// Reads the `vapid` object of a config into `config.vapid`: `subject` (a string) and `expiresIn` (whole
    /// seconds). Anything that looks like key material is an error that names the key, never the value.
    static func read(_ reader: ConfigReader, _ node: NodeID, into config: inout Config) throws(ConfigurationError) {
        let doc = reader.document
        guard doc.kind(node) == .object else {
            throw reader.error(node, "'vapid' must be an object, found \(doc.typeName(node))")
        }
        var secret: NodeID?
        doc.forEachMember(node) { member in
            guard secret == nil else { return }
            let value = doc.kind(member.value) == .string ? doc.string(member.value) : nil
            if looksLikeSecret(key: doc.string(member.key), value: value) { secret = member.key }
        }
        if let secret {
            // The key's name is shown (JSON-quoted, and only when short), its value never.
            let name = doc.string(secret)
            let shown = name.utf8.count <= 32 ? "vapid key " + JSONDocument.quoted(name) : "a key of 'vapid'"
            throw reader.error(
                secret,
                "\(shown) looks like a private key or secret; it does not belong in \(PushLintFile.config.fileName!) (pushlint only reads the subject and the lifetime of the VAPID JWT): remove it and keep the key in your secret store",
                hint: "rotate the key if this file was ever committed")
        }
        let fields = try reader.object(node, "'vapid'", known: ConfigSchema.vapid.map(\.name))
        var subject: String?
        if let node = fields["subject"] { subject = try reader.string(node, "'vapid.subject'") }
        var expiresIn: Int?
        if let expires = fields["expiresIn"] {
            guard doc.kind(expires) == .number, doc.isInteger(expires), let seconds = doc.intValue(expires),
                seconds > 0
            else {
                // The type or the number: neither is a secret.
                throw reader.error(
                    expires,
                    "'vapid.expiresIn' must be a positive whole number of seconds, found \(doc.typeName(expires))")
            }
            expiresIn = seconds
        }
        config.vapid = VAPIDClaims(subject: subject, expiresIn: expiresIn)
    }
}

/// VAPID claims in a sidecar file beside a web push payload file (`shipped.json` -> `shipped.vapid.json`), for a
/// sender whose claims differ by message; the config's `vapid` holds everyone else's. Read as the config's key is:
/// `subject` and `expiresIn`, and key material refused by its name, its value never kept.
public struct VAPIDSidecar: Sendable, Hashable {
    public var path: String
    public var claims = VAPIDClaims()
    /// The name of a member that looks like key material (never its value).
    public var secretKey: String?
    /// Why the file gives no claims (not a JSON object, a subject that is no string, an unknown key), nil when it
    /// reads.
    public var problem: String?

    public init(path: String) { self.path = path }

    /// The sidecar of a payload file.
    public static func path(of payload: String) -> String { Sidecar.path(of: payload, named: name) }
    /// `NAME.vapid.json`.
    public static let name = "vapid"

    /// The claims of a sidecar's bytes (JSON with comments), with the keys of the config's `vapid`
    /// (`ConfigSchema.vapid`).
    public static func read(path: String, bytes: [UInt8]) -> VAPIDSidecar {
        var sidecar = VAPIDSidecar(path: path)
        guard let doc = JSONParser.parse(bytes, options: JSONParseOptions(mode: .jsonc)).document,
            doc.kind(doc.root) == .object
        else {
            sidecar.problem = "it is not a JSON object"
            return sidecar
        }
        doc.forEachMember(doc.root) { member in
            guard sidecar.secretKey == nil else { return }
            let key = doc.string(member.key)
            let text = doc.kind(member.value) == .string ? doc.string(member.value) : nil
            if VAPIDClaims.looksLikeSecret(key: key, value: text) {
                sidecar.secretKey = key
                return
            }
            guard sidecar.problem == nil else { return }
            switch key {
            case "subject":
                if let text { sidecar.claims.subject = text } else { sidecar.problem = "'subject' is not a string" }
            case "expiresIn":
                if doc.kind(member.value) == .number, doc.isInteger(member.value),
                    let seconds = doc.intValue(member.value), seconds > 0
                {
                    sidecar.claims.expiresIn = seconds
                } else {
                    sidecar.problem = "'expiresIn' is not a positive whole number of seconds"
                }
            default:
                let shown = key.utf8.count <= 32 ? JSONDocument.displayQuoted(key) : "a key"
                let known = ConfigSchema.vapid.map(\.name).joined(separator: ", ")
                sidecar.problem = "\(shown) is no key of a VAPID sidecar (\(known))"
            }
        }
        return sidecar
    }
}
