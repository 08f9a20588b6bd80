import PushLintJSON

/// Settings that every rule may read: options, contract, the app's facts, template delimiters. Built once per run.
// A class: every file and payload context holds the run's settings, and copying a struct of dictionaries and a
// contract costs reference counts each time, on objects every worker shares (contended atomics).
public final class LintSettings: Sendable {
    public let ruleOptions: [String: RuleOptions]
    public let contract: Contract?
    public let placeholders: PlaceholderDelimiters
    /// What the app's sources say (config `app`, `--app`); nil when no app folder is named, and then the `app-*`
    /// rules stay silent.
    public let app: AppFacts?
    /// The VAPID claims of the config's `vapid` (web push), nil when it names none.
    public let vapid: VAPIDClaims?

    public init(
        ruleOptions: [String: RuleOptions] = [:], contract: Contract? = nil,
        placeholders: PlaceholderDelimiters = .mustache, app: AppFacts? = nil, vapid: VAPIDClaims? = nil
    ) {
        self.ruleOptions = ruleOptions
        self.contract = contract
        self.placeholders = placeholders
        self.app = app
        self.vapid = vapid
    }

    public func options(for ruleId: String) -> RuleOptions { ruleOptions[ruleId] ?? RuleOptions() }

    /// These settings with other placeholder delimiters, every other setting carried over.
    public func with(placeholders: PlaceholderDelimiters) -> LintSettings {
        LintSettings(ruleOptions: ruleOptions, contract: contract, placeholders: placeholders, app: app, vapid: vapid)
    }

    /// These settings with the app's facts, every other setting carried over.
    public func with(app: AppFacts) -> LintSettings {
        LintSettings(ruleOptions: ruleOptions, contract: contract, placeholders: placeholders, app: app, vapid: vapid)
    }
}

/// What a file-level rule sees: how the file was read and parsed.
public struct FileContext: Sendable {
    public var path: String
    /// Named on the command line (not found by walking a folder).
    public var isExplicit: Bool
    /// Why the file could not be read, when it could not.
    public var readError: String?
    /// Size of the file on disk.
    public var byteCount: Int
    /// The `--max-file-bytes` limit.
    public var maxBytes: Int
    /// Nil when the file was not read or was too large to parse.
    public var parse: JSONParseResult?
    /// The file's bytes when it was read (what `json-syntax` reads to say why a file is not JSON).
    public var source: [UInt8]?
    /// The file parsed but is no known payload kind.
    public var isUnknownKind: Bool
    public var settings: LintSettings
    /// A template with control flow: its structure and what its renderings gave (nil for other files, and for each
    /// rendering's own context).
    public var template: TemplateAnalysis?
    /// A line of a JSON Lines stream, as the engine reads it (`PayloadContext.isLogLine`).
    public var isLogLine = false

    public init(
        path: String, isExplicit: Bool, readError: String? = nil, byteCount: Int, maxBytes: Int,
        parse: JSONParseResult?,
        isUnknownKind: Bool = false, settings: LintSettings = LintSettings(), template: TemplateAnalysis? = nil
    ) {
        self.template = template
        self.path = path
        self.isExplicit = isExplicit
        self.readError = readError
        self.byteCount = byteCount
        self.maxBytes = maxBytes
        self.parse = parse
        self.isUnknownKind = isUnknownKind
        self.settings = settings
    }

    public var document: JSONDocument? { parse?.document }

    /// A NUL byte in the first 8000 bytes, as git decides that a file is binary: no text, so no line of it is shown.
    public static func isBinary(_ bytes: [UInt8]) -> Bool { bytes.prefix(8000).contains(0) }
}

/// What a payload rule sees.
///
/// A class, never changed once made: rules and their helpers keep it in checkers and closures, and each copy of a
/// struct of two paths, the document, the payload and the settings counted a reference on every one of them.
public final class PayloadContext: Sendable {
    public let path: String
    /// The path relative to the folder of `.pushlint.json` (the cwd when there is none): what contract and config
    /// globs match.
    public let configRelativePath: String
    public let document: JSONDocument
    public let payload: Payload
    /// The file is a template (placeholders may stand in strings and in value position).
    public let isTemplate: Bool
    public let settings: LintSettings
    /// A line of a JSON Lines stream (a log of messages that were sent, not a template), as the engine reads it:
    /// standard input read as JSON Lines has no file name that says so.
    public let isLogLine: Bool
    /// The kind of the envelope the payload is written inside (`.sns` for the APNs payload of an SNS `APNS` value,
    /// whose `document` is the value unescaped; `.pubnub` for `pn_apns`); nil for a payload of its own.
    public let enclosingKind: PayloadKind?

    public init(
        path: String, configRelativePath: String? = nil, document: JSONDocument, payload: Payload, isTemplate: Bool,
        settings: LintSettings, isLogLine: Bool = false, enclosingKind: PayloadKind? = nil
    ) {
        self.enclosingKind = enclosingKind
        self.path = path
        self.configRelativePath = configRelativePath ?? path
        self.document = document
        self.payload = payload
        self.isTemplate = isTemplate
        self.settings = settings
        self.isLogLine = isLogLine
    }

    /// The context of a payload inside this envelope: the same file and settings, the payload's own document.
    public func enclosing(_ enclosed: EnclosedPayload) -> PayloadContext {
        PayloadContext(
            path: path, configRelativePath: configRelativePath, document: enclosed.document, payload: enclosed.payload,
            isTemplate: isTemplate, settings: settings, isLogLine: isLogLine, enclosingKind: payload.kind)
    }

    public var contract: Contract? { settings.contract }

    /// Placeholders inside a string node (empty outside template mode).
    public func placeholders(in node: NodeID) -> [Placeholder] {
        guard isTemplate, document.kind(node) == .string || document.kind(node) == .key else { return [] }
        return settings.placeholders.find(in: document.string(node))
    }

    /// True for a placeholder in value position, or a string that contains one: its rendered value is unknown,
    /// so value checks (pattern, enum, URL, format) skip it.
    public func isTemplated(_ node: NodeID) -> Bool {
        guard isTemplate else { return false }
        let kind = document.kind(node)
        if kind == .placeholder { return true }
        guard kind == .string || kind == .key else { return false }
        // A byte search settles it without decoding the text or listing the placeholders.
        return document.withStringBytes(node, settings.placeholders.containsPlaceholder)
    }
}

/// What a contract rule sees: the contract, the document it was read from, the run's settings (the app's facts).
public struct ContractContext: Sendable {
    public let contract: Contract
    public let document: JSONDocument
    public let settings: LintSettings
    public init(contract: Contract, document: JSONDocument, settings: LintSettings) {
        self.contract = contract
        self.document = document
        self.settings = settings
    }
}

/// What a project rule sees: a summary of every payload, never whole documents.
public struct ProjectContext: Sendable {
    public var summaries: [PayloadSummary]
    public var settings: LintSettings
    public init(summaries: [PayloadSummary], settings: LintSettings) {
        self.summaries = summaries
        self.settings = settings
    }
}

/// Receiving platforms as a bit set: a summary is kept for every payload of a run, so it holds no arrays for them.
public struct PlatformSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let android = PlatformSet(rawValue: 1)
    public static let apns = PlatformSet(rawValue: 2)
    public static let expo = PlatformSet(rawValue: 4)
    public static let webpush = PlatformSet(rawValue: 8)

    static let named: [(name: String, platform: PlatformSet)] = [
        ("android", .android), ("apns", .apns), ("expo", .expo), ("webpush", .webpush),
    ]

    /// The platform of a name ("android", "apns", "expo", "webpush"), empty for any other.
    public init(name: String) {
        self = Self.named.first { $0.name == name }?.platform ?? []
    }

    /// The names of the platforms in the set, in a fixed order.
    public var names: [String] { Self.named.filter { contains($0.platform) }.map(\.name) }
}

/// The facts about one payload that project rules need.
///
/// Stored properties are declared widest first, so that the one-byte ones share the last word instead of padding
/// each (a batch holds a summary per message while it is checked).
public struct PayloadSummary: Sendable, Hashable {
    public var path: String
    /// Android collapse key, when set.
    public var collapseKey: String?
    /// The contract event the payload maps to.
    public var event: String?
    /// Custom data field names the client reads, per platform ("android", "apns", "expo", "webpush"). Listed only
    /// when the payload maps to a contract `event` (their one reader is contract-platform-parity): a batch of
    /// 100 000 messages without a contract keeps no names.
    public var fieldsByPlatform: [String: [String]]
    public var wireBytes: Int
    /// How many messages this summary stands for: a JSON Lines stream merges equal summaries (and keeps the
    /// largest wire size and the first line), so that its memory follows the kinds of messages, not their number.
    public var count: Int = 1
    public var batchIndex: Int?
    public var kind: PayloadKind
    /// Platforms on which the message goes at high priority (Android, APNs).
    public var highPriority: PlatformSet
    /// The platforms the message has a view for: what each of them receives is known (DESIGN.md §3).
    public var views: PlatformSet
    /// A line of a JSON Lines stream (`PayloadContext.isLogLine`): a message that was sent, not a template.
    public var isLogLine: Bool
    /// The VAPID claims of a web push payload's sidecar file (`NAME.vapid.json`), nil without one.
    public var vapidSidecar: VAPIDSidecar?

    public init(
        path: String, batchIndex: Int?, kind: PayloadKind, wireBytes: Int, highPriority: PlatformSet = [],
        views: PlatformSet = [], collapseKey: String? = nil, event: String? = nil,
        fieldsByPlatform: [String: [String]] = [:], isLogLine: Bool = false
    ) {
        self.isLogLine = isLogLine
        self.path = path
        self.batchIndex = batchIndex
        self.kind = kind
        self.wireBytes = wireBytes
        self.highPriority = highPriority
        self.views = views
        self.collapseKey = collapseKey
        self.event = event
        self.fieldsByPlatform = fieldsByPlatform
    }
}
