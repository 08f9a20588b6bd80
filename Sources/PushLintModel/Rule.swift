import PushLintJSON

/// Families group rules in docs and in `pushlint rules`; the source folders use the same names.
public enum RuleFamily: String, Sendable, CaseIterable, Codable {
    case json = "JSON and input"
    case size = "Size"
    case apns = "APNs"
    case fcm = "FCM HTTP v1"
    case expo = "Expo"
    case webpush = "Web Push"
    case android = "Android and channels"
    case priority = "Priority"
    case content = "Payload content"
    case contract = "Contract"
    case app = "App sources"
    case template = "Templates"
    case sns = "AWS SNS"
    case relay = "Relays (PubNub, Pusher Beams)"

    /// Short machine name (`apns`, `fcm`, ...), used in JSON output and SARIF tags.
    public var slug: String {
        switch self {
        case .json: return "json"
        case .size: return "size"
        case .apns: return "apns"
        case .fcm: return "fcm"
        case .expo: return "expo"
        case .webpush: return "webpush"
        case .android: return "android"
        case .priority: return "priority"
        case .content: return "content"
        case .contract: return "contract"
        case .app: return "app"
        case .template: return "template"
        case .sns: return "sns"
        case .relay: return "relay"
        }
    }
}

/// A configurable option of a rule (`options` in `.pushlint.json`).
public struct RuleOption: Sendable {
    public enum ValueType: String, Sendable {
        case number, integer, boolean, string
        case stringArray = "string array"
    }
    public var name: String
    public var type: ValueType
    public var defaultValue: String
    public var summary: String
    /// The values a number option accepts (a ratio: 0...1); the config reader refuses others.
    public var range: ClosedRange<Double>?
    public init(
        _ name: String, _ type: ValueType, default defaultValue: String, _ summary: String,
        range: ClosedRange<Double>? = nil
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.summary = summary
        self.range = range
    }
}

/// A payload used as a rule example. Mark the place where a finding must start with `↓` (triggering examples);
/// the marker is removed before linting. A rule that reports in the contract file (`ContractRule`) marks the
/// contract's text the same way.
public struct RuleExample: Sendable {
    public var source: String
    /// File name the example is linted as (its extension decides template mode).
    public var fileName: String
    /// A contract (JSON) to lint with, for rules that need one.
    public var contract: String?
    /// `.pushlint.json` content to lint with.
    public var config: String?
    /// A short note shown above the example in the docs.
    public var note: String?
    /// What the app's sources say, for the `app-*` rules (as `pushlint app scan` would read them).
    public var app: AppFacts?

    public init(
        _ source: String, fileName: String = "example.json", contract: String? = nil, config: String? = nil,
        app: AppFacts? = nil, note: String? = nil
    ) {
        self.source = source
        self.fileName = fileName
        self.contract = contract
        self.config = config
        self.app = app
        self.note = note
    }

    public static let marker: Character = "↓"
}

/// A before -> after pair for a fixable rule.
public struct RuleCorrection: Sendable {
    public var before: RuleExample
    public var after: String
    public init(_ before: RuleExample, _ after: String) {
        self.before = before
        self.after = after
    }
    public init(_ before: String, _ after: String, fileName: String = "example.json") {
        self.init(RuleExample(before, fileName: fileName), after)
    }
}

/// Everything about a rule except its logic: the single source of `rules/<id>.md`, `pushlint explain`, `pushlint
/// rules` and SARIF rule metadata.
public struct RuleDescription: Sendable {
    public var id: String
    public var summary: String
    public var family: RuleFamily
    public var defaultSeverity: Severity
    /// Why the rule exists, with the platform source (the public documentation, by URL).
    public var rationale: String
    public var options: [RuleOption]
    public var triggering: [RuleExample]
    public var nonTriggering: [RuleExample]
    public var corrections: [RuleCorrection]
    /// Where the rule looks, derived from the protocols its type adopts when the description is read through the
    /// rule (`rule.description`), so it cannot disagree with them; `.file` for a description on its own.
    public internal(set) var scope: RuleScope = .file

    public init(
        id: String, summary: String, family: RuleFamily, defaultSeverity: Severity, rationale: String,
        options: [RuleOption] = [], triggering: [RuleExample] = [], nonTriggering: [RuleExample] = [],
        corrections: [RuleCorrection] = []
    ) {
        self.id = id
        self.summary = summary
        self.family = family
        self.defaultSeverity = defaultSeverity
        self.rationale = rationale
        self.options = options
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.corrections = corrections
    }

    public var isFixable: Bool { !corrections.isEmpty }
}

/// Where a rule looks: each file's payloads, all files together, the contract file, or both a file's payloads and
/// the contract. Follows from the protocols a rule adopts (`Rule.scope`).
public enum RuleScope: Sendable, Equatable {
    /// A `FileRule` or `PayloadRule`.
    case file
    /// A `ProjectRule`: the summaries of every payload, after all files.
    case project
    /// A `ContractRule` only.
    case contract
    /// A `PayloadRule` (or `FileRule`) and a `ContractRule`: the same mistake seen from both sides.
    case fileAndContract
}

/// A rule: a description, and a pure check. The description is a constant of the rule's type (`static let
/// description`), so a rule value holds nothing and copying it retains none of the description's strings.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    /// The description the engine reads: the type's, unless a rule made at run time (a test's) has its own.
    var description: RuleDescription { get }
    /// The rule as each kind of check, nil for the kinds it is not. Answered by the protocol extensions below,
    /// chosen when the conformance is compiled: a dynamic cast (`rule as? any FileRule`) searches the binary's
    /// conformance records at run time, which cost more than the check (BENCHMARKS.md).
    var asFileRule: (any FileRule)? { get }
    var asPayloadRule: (any PayloadRule)? { get }
    var asProjectRule: (any ProjectRule)? { get }
    var asContractRule: (any ContractRule)? { get }
    /// Where the rule looks. Answered by the protocol extensions below from the protocols the rule adopts (the most
    /// specific one is chosen when the conformance is compiled), never written by a rule.
    static var scope: RuleScope { get }
}

extension Rule {
    public var description: RuleDescription {
        var description = Self.description
        description.scope = Self.scope
        return description
    }

    public static var scope: RuleScope { .file }

    public var asFileRule: (any FileRule)? { nil }
    public var asPayloadRule: (any PayloadRule)? { nil }
    public var asProjectRule: (any ProjectRule)? { nil }
    public var asContractRule: (any ContractRule)? { nil }
}

extension FileRule {
    public var asFileRule: (any FileRule)? { self }
}

extension PayloadRule {
    public var asPayloadRule: (any PayloadRule)? { self }
}

extension ProjectRule {
    public var asProjectRule: (any ProjectRule)? { self }
    public static var scope: RuleScope { .project }
}

extension ContractRule {
    public var asContractRule: (any ContractRule)? { self }
    public static var scope: RuleScope { .contract }
}

extension ContractRule where Self: PayloadRule {
    public static var scope: RuleScope { .fileAndContract }
}

extension ContractRule where Self: FileRule {
    public static var scope: RuleScope { .fileAndContract }
}

/// Rules over a whole file: how it was read and parsed (the JSON family).
public protocol FileRule: Rule {
    func check(_ file: FileContext) -> [Diagnostic]
}

/// Rules over one payload (one message of a file; a batch file has several).
public protocol PayloadRule: Rule {
    func check(_ context: PayloadContext) -> [Diagnostic]
}

/// Rules over the summaries of every linted payload, run after all files.
public protocol ProjectRule: Rule {
    func checkProject(_ project: ProjectContext) -> [ProjectDiagnostic]
}

/// Rules whose findings sit in the contract file: the contract checked against what the run knows besides the
/// payloads (the app's facts). Run once per run, after the files, when the contract was read from a file; their
/// diagnostics point into the contract's document (`diagnostic(_:at:in:)` with `context.document`) and are
/// reported as the contract file's findings, so every reporter, baseline and override treats them like a payload
/// file's. A rule may be a `PayloadRule` too, for the same mistake seen from the payload side.
public protocol ContractRule: Rule {
    func checkContract(_ context: ContractContext) -> [Diagnostic]
}

/// What a finding says, made by a function in the rule's `// MARK: Messages` section: one sentence that names the
/// value, the consequence and the fix (`message`), and the fix alone as editors show it (`help`).
public struct FindingText: Sendable {
    public var message: String
    public var help: String?
    public init(_ message: String, help: String? = nil) {
        self.message = message
        self.help = help
    }
}

extension Rule {
    public var id: String { description.id }

    /// A finding of this rule at a node, saying `text`, with the rule's default severity. `FindingText` is the only
    /// thing a rule says, so every message is a function of the rule's `// MARK: Messages` section.
    // Inlinable so that a rule reads its description where its type keeps it (for built-in rules a constant of the
    // type) instead of copying the whole description through the protocol for every finding.
    @inlinable
    public func diagnostic(
        _ text: FindingText, at node: NodeID, in document: JSONDocument, severity: Severity? = nil, fix: Fix? = nil
    ) -> Diagnostic {
        Diagnostic(
            ruleId: description.id, severity: severity ?? description.defaultSeverity, message: text.message,
            span: document.span(node), pointer: document.pointer(of: node), help: text.help, fix: fix)
    }

    /// A finding of this rule at a byte span (input that did not parse, or a template's source).
    @inlinable
    public func diagnostic(
        _ text: FindingText, span: ByteSpan, pointer: String?, severity: Severity? = nil, fix: Fix? = nil
    ) -> Diagnostic {
        Diagnostic(
            ruleId: description.id, severity: severity ?? description.defaultSeverity, message: text.message,
            span: span, pointer: pointer, help: text.help, fix: fix)
    }

    /// A finding of a `ProjectRule` about the files in `related`.
    @inlinable
    public func diagnostic(_ text: FindingText, related: [String], severity: Severity? = nil) -> ProjectDiagnostic {
        ProjectDiagnostic(
            ruleId: description.id, severity: severity ?? description.defaultSeverity, message: text.message,
            related: related, help: text.help)
    }
}
