import PushLintJSON

/// A platform key of an AWS SNS message published with `MessageStructure: json`: each selects the message for one
/// kind of platform endpoint (https://docs.aws.amazon.com/sns/latest/api/API_CreatePlatformApplication.html,
/// https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html).
public enum SNSPlatform: String, Sendable, CaseIterable {
    case apns = "APNS"
    case apnsSandbox = "APNS_SANDBOX"
    case apnsVoIP = "APNS_VOIP"
    case apnsVoIPSandbox = "APNS_VOIP_SANDBOX"
    case macOS = "MACOS"
    case macOSSandbox = "MACOS_SANDBOX"
    /// Firebase Cloud Messaging: AWS keeps the name `GCM`.
    case gcm = "GCM"
    case adm = "ADM"
    case baidu = "BAIDU"
    case mpns = "MPNS"
    case wns = "WNS"

    /// What the value holds once unescaped.
    public enum Body: Sendable {
        /// An APNs payload (`aps` and custom keys).
        case apns
        /// An FCM message: the legacy HTTP shape, or `{"fcmV1Message": {...}}` for HTTP v1.
        case fcm
        /// The platform's own JSON (Amazon Device Messaging, Baidu): parsed, not linted further.
        case json
        /// XML or raw text (Microsoft's services): not JSON.
        case text
    }

    public var body: Body {
        switch self {
        case .apns, .apnsSandbox, .apnsVoIP, .apnsVoIPSandbox, .macOS, .macOSSandbox: return .apns
        case .gcm: return .fcm
        case .adm, .baidu: return .json
        case .mpns, .wns: return .text
        }
    }

    /// The platform key a key means in another letter case (`gcm`, `Apns`), or under the name AWS used before
    /// (`FCM`, on the 2019 page, is `GCM` today).
    public static func meant(by key: String) -> SNSPlatform? {
        let upper = key.uppercased()
        if upper == "FCM" { return .gcm }
        return SNSPlatform(rawValue: String(upper.map { $0 == "-" ? "_" : $0 }))
    }
}

/// An SNS `MessageStructure: json` message: `default`, platform keys whose values are strings holding each
/// platform's payload, and the keys of other protocols of a topic (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html).
public struct SNSEnvelope: Sendable {
    /// The keys of the other protocols a topic delivers to: legal in a topic publish, not linted.
    public static let protocolKeys: Set<String> = [
        "email", "email-json", "sqs", "http", "https", "sms", "lambda", "firehose", "application",
    ]
    /// pushlint's own key beside the envelope: the message attributes it is published with (docs/sns.md). Not part
    /// of the message SNS receives.
    public static let attributesKey = "attributes"
    /// "messages must be UTF-8 encoded strings and at most 256 KB in size (262,144 bytes, not 262,144 characters)"
    /// (https://docs.aws.amazon.com/sns/latest/api/API_Publish.html).
    public static let messageSizeLimit = 262_144

    /// One member of the envelope whose key is a platform key, exact or meant.
    public struct Part: Sendable {
        public let key: NodeID
        public let value: NodeID
        /// The platform the key names exactly; nil for a key that only means one (`gcm`, `FCM`).
        public let platform: SNSPlatform?
        /// The platform the key means.
        public let meant: SNSPlatform
        /// The unescaped value, for a string value of a JSON platform.
        public let decoded: DecodedJSONString?
        /// The value parsed as JSON, for a string value of a JSON platform.
        public let parse: JSONParseResult?
    }

    public let node: NodeID
    public let parts: [Part]
    /// The `default` member's value.
    public let defaultValue: NodeID?
    /// The message attributes beside the envelope (`attributes`), name -> string value.
    public let attributes: [(name: String, value: String)]
    public let attributesNode: NodeID?

    public init(_ doc: JSONDocument, _ node: NodeID) {
        self.node = node
        var parts: [Part] = []
        var defaultValue: NodeID?
        var attributesNode: NodeID?
        doc.forEachMember(node) { member in
            let key = doc.string(member.key)
            if key == "default" { defaultValue = member.value }
            if key == Self.attributesKey { attributesNode = member.value }
            guard !Self.protocolKeys.contains(key), let meant = SNSPlatform.meant(by: key) else { return }
            let platform = SNSPlatform(rawValue: key)
            var decoded: DecodedJSONString?
            var parse: JSONParseResult?
            if doc.kind(member.value) == .string, meant.body != .text {
                let text = DecodedJSONString(doc, member.value)
                decoded = text
                parse = JSONParser.parse(text.bytes, options: Self.innerParseOptions(doc))
            }
            parts.append(
                Part(
                    key: member.key, value: member.value, platform: platform, meant: meant, decoded: decoded,
                    parse: parse))
        }
        self.parts = parts
        self.defaultValue = defaultValue
        self.attributesNode = attributesNode
        self.attributes = attributesNode.map { Self.attributes(doc, $0) } ?? []
    }

    /// Inner payloads are strict JSON (SNS parses them: "Failure to parse or validate any key or value in the
    /// message will cause the Publish call to return an error"), as deep as the file may be; in a template their
    /// placeholders are read as the file's.
    static func innerParseOptions(_ doc: JSONDocument) -> JSONParseOptions {
        var mode = JSONParseOptions.Mode.strict
        if case .template = doc.mode { mode = doc.mode }
        return JSONParseOptions(
            mode: mode, maxDepth: 512, maxBytes: JSONNode.maxOffset - 1, recoversTrailingCommas: false)
    }

    /// Message attributes as `{"NAME": "value"}` or as the Publish API writes them,
    /// `{"NAME": {"DataType": "String", "StringValue": "value"}}`.
    static func attributes(_ doc: JSONDocument, _ object: NodeID) -> [(name: String, value: String)] {
        guard doc.kind(object) == .object else { return [] }
        var result: [(String, String)] = []
        doc.forEachMember(object) { member in
            let name = doc.string(member.key)
            if let text = doc.stringValue(member.value) {
                result.append((name, text))
            } else if doc.kind(member.value) == .number {
                result.append((name, doc.rawText(member.value)))
            } else if doc.kind(member.value) == .object, let text = doc.memberString(member.value, "StringValue") {
                result.append((name, text))
            }
        }
        return result
    }

    /// The attributes that set APNs request headers
    /// (https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html
    /// "Specifying custom APNs header values").
    public static let apnsHeaderAttributes: [(attribute: String, header: String)] = [
        ("AWS.SNS.MOBILE.APNS.PUSH_TYPE", "apns-push-type"), ("AWS.SNS.MOBILE.APNS.PRIORITY", "apns-priority"),
        ("AWS.SNS.MOBILE.APNS.TOPIC", "apns-topic"), ("AWS.SNS.MOBILE.APNS.COLLAPSE_ID", "apns-collapse-id"),
    ]

    /// The payloads SNS sends on: for each exact platform key whose string parses as an APNs or FCM payload, that
    /// payload in the document parsed from the unescaped string. A key SNS ignores (`gcm`) sends nothing; of a key
    /// written twice (which SNS rejects, `json-duplicate-key`) the last is linted, as `member` reads it.
    public func platformPayloads(sidecar: [(name: String, value: String)]? = nil) -> [(
        part: Part, decoded: DecodedJSONString, document: JSONDocument, payload: Payload
    )] {
        var last: [SNSPlatform: Int] = [:]
        for (index, part) in parts.enumerated() { if let platform = part.platform { last[platform] = index } }
        return parts.indices.compactMap { index in
            let part = parts[index]
            guard let platform = part.platform, last[platform] == index, let decoded = part.decoded,
                let inner = part.parse?.document,
                let payload = PayloadBuilder.buildSNSInner(
                    inner, platform: platform,
                    apnsHeaders: apnsHeaders(for: inner, body: inner.root, sidecar: sidecar))
            else { return nil }
            return (part, decoded, inner, payload)
        }
    }

    /// The name of the sidecar file that holds a message's attributes: `shipped.json` -> `shipped.attributes.json`.
    public static func attributesSidecar(of path: String) -> String { Sidecar.path(of: path, named: attributesName) }
    /// The sidecar that holds a message's attributes: `NAME.attributes.json`.
    public static let attributesName = "attributes"

    /// The message attributes of a sidecar file's bytes (the same object as `attributes`); nil when they are no
    /// JSON object.
    public static func attributes(sidecar bytes: [UInt8]) -> [(name: String, value: String)]? {
        guard let doc = JSONParser.parse(bytes, options: JSONParseOptions(mode: .jsonc)).document,
            doc.kind(doc.root) == .object
        else { return nil }
        return attributes(doc, doc.root)
    }

    /// The APNs headers the attributes set (the `attributes` key, else the sidecar's); nil when there are none
    /// (the headers are unknown).
    public func apnsHeaders(for payload: JSONDocument, body: NodeID, sidecar: [(name: String, value: String)]? = nil)
        -> [APNsHeader]?
    {
        guard let attributes = attributesNode != nil ? attributes : sidecar else { return nil }
        var headers: [APNsHeader] = []
        for (attribute, header) in Self.apnsHeaderAttributes {
            if let value = attributes.last(where: { $0.name == attribute })?.value {
                headers.append(APNsHeader(name: header, value: value))
            }
        }
        if !headers.contains(where: { $0.name == "apns-push-type" }) {
            headers.append(APNsHeader(name: "apns-push-type", value: Self.inferredPushType(payload, body)))
        }
        return headers
    }

    /// The push type SNS sends without `AWS.SNS.MOBILE.APNS.PUSH_TYPE`: `background` when `aps` holds only
    /// `content-available` set to 1 (or true), `alert` otherwise (AWS, "Inferring the APNs push type header from
    /// the payload").
    public static func inferredPushType(_ doc: JSONDocument, _ body: NodeID) -> String {
        guard doc.kind(body) == .object, let aps = doc.memberObject(body, "aps"), doc.memberCount(aps) == 1,
            let available = doc.member(aps, "content-available")
        else { return "alert" }
        let isOne = doc.intValue(available) == 1 || doc.boolValue(available) == true
        return isOne ? "background" : "alert"
    }

    // MARK: Detection

    /// An SNS envelope, on evidence (envelope-facts §1.5): an exact platform key (`APNS`, `GCM`, ...) with a string
    /// that holds JSON (or XML for `MPNS`/`WNS`) or with an object (the mistake SNS drops), or a key that means one
    /// (`gcm`, `FCM`) with a string holding a push payload; and no key that is not SNS's: `default`, platform
    /// keys, other protocols' keys, `attributes`, or an upper-case name with a string value. No APNs, FCM or Expo
    /// payload has an upper-case `APNS` or `GCM` key.
    public static func isEnvelope(_ doc: JSONDocument, _ node: NodeID) -> Bool {
        guard doc.kind(node) == .object else { return false }
        var evidence = false
        var foreign = false
        doc.forEachMember(node) { member in
            guard !foreign else { return }
            switch doc.withStringBytes(member.key, keyClass) {
            case .foreign:
                foreign = true
            case .platform(let platform):
                let kind = doc.kind(member.value)
                if kind == .object || kind == .array {
                    evidence = true
                } else if kind == .string, startsLikeBody(doc, member.value, platform.body) {
                    evidence = true
                }
            case .meant:
                let isString = doc.kind(member.value) == .string
                if isString, holdsPushPayload(doc, member.value) { evidence = true }
                if !isString && doc.kind(member.value) != .object { foreign = true }
            case .other:
                break
            case .upperCase:
                if doc.kind(member.value) != .string { foreign = true }
            }
        }
        return evidence && !foreign
    }

    /// What a key of an object says about it being an SNS message.
    enum KeyClass {
        /// An exact platform key.
        case platform(SNSPlatform)
        /// A platform key in another case, or `FCM`.
        case meant
        /// `default`, `attributes`, another protocol's key.
        case other
        /// Another name of SNS's form (`APNS_PLATFORM`).
        case upperCase
        /// A key SNS messages do not have: every ordinary payload's first key.
        case foreign
    }

    /// Every key an SNS message may have in lower case (platform keys in any case, `fcm`), with its class.
    static let lowerCaseKeys: [(name: String, isPlatform: Bool)] =
        SNSPlatform.allCases.map { ($0.rawValue.lowercased(), true) } + [("fcm", true)]
        + (["default", attributesKey] + protocolKeys.sorted()).map { ($0, false) }
    static let lowerCaseTable = NameTable(lowerCaseKeys.map(\.name))

    /// The class of a key, from its bytes: no string is made for a key that is no SNS key.
    static func keyClass(_ key: UnsafeBufferPointer<UInt8>) -> KeyClass {
        guard !key.isEmpty else { return .foreign }
        let isUpperCaseName = key.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
        guard key.count <= 32 else { return isUpperCaseName ? .upperCase : .foreign }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: key.count) { lower in
            for (index, byte) in key.enumerated() {
                lower[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            }
            guard let position = lowerCaseTable.position(of: UnsafeBufferPointer(lower)) else {
                return isUpperCaseName ? .upperCase : .foreign
            }
            guard lowerCaseKeys[position].isPlatform else {
                // `default` and the protocol keys are matched as written.
                return key.elementsEqual(lowerCaseKeys[position].name.utf8) ? .other : .foreign
            }
            if let platform = SNSPlatform(rawValue: String(decoding: key, as: UTF8.self)) { return .platform(platform) }
            return .meant
        }
    }

    /// A string value that opens like the platform's body: `{` for JSON, `<` for XML; anything for raw text.
    static func startsLikeBody(_ doc: JSONDocument, _ value: NodeID, _ body: SNSPlatform.Body) -> Bool {
        doc.withStringBytes(value) { bytes in
            guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
            return body == .text ? true : first == UInt8(ascii: "{")
        }
    }

    /// A string holding a push payload's keys: evidence for a misspelt platform key.
    static func holdsPushPayload(_ doc: JSONDocument, _ value: NodeID) -> Bool {
        guard startsLikeBody(doc, value, .json) else { return false }
        let needles = ["\"aps\"", "\"fcmV1Message\"", "\"notification\"", "\"data\""].map { Array($0.utf8) }
        return doc.withStringBytes(value) { bytes in
            needles.contains { ASCIIText.firstIndex(of: $0, in: bytes) != nil }
        }
    }
}
