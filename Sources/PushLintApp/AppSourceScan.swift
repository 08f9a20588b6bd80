import PushLintModel

/// What kind of app file a path is, decided on its name alone (so nothing else is read).
public enum AppSourceKind: Sendable, Hashable {
    case source(SourceLanguage)
    /// `AndroidManifest.xml`.
    case androidManifest
    /// An XML file of an Android `res/values*` folder; `isDefault` for `values` itself (no qualifier).
    case androidValues(isDefault: Bool)
    /// `Info.plist` (and `*-Info.plist`).
    case infoPlist
    /// `*.entitlements`.
    case entitlements
    /// Expo's `app.json` / `app.config.json`.
    case expoConfig
    /// Expo's `app.config.js` / `app.config.ts`: read for plain literals, and as JavaScript.
    case expoConfigScript

    /// The names a walk for app sources keeps, as globs: every name `init(path:)` may give a kind (it decides
    /// finally, by the folder of an XML file and the name of a plist). Written beside it so that the two change
    /// together; `AppSourceKindTests` checks that each glob's names can have a kind.
    public static let walkGlobs = [
        "*.kt", "*.java", "*.swift", "*.m", "*.mm", "*.h", "*.js", "*.jsx", "*.ts", "*.tsx", "*.mjs", "*.cjs",
        "*.dart", "*.xml", "*.plist", "*.entitlements", "app.json", "app.config.json",
    ]

    /// The kind of the file at `path`, nil for files app scan does not read. Asked of every walked file: the name
    /// and its folder are cut from the path's bytes (splitting it into Characters costs a grapheme break test per
    /// byte).
    public init?(path: String) {
        let utf8 = path.utf8
        let slash = UInt8(ascii: "/")
        let nameStart = utf8.lastIndex(of: slash).map { utf8.index(after: $0) } ?? utf8.startIndex
        let name = String(Substring(utf8[nameStart...]))
        var folder = ""
        if nameStart > utf8.startIndex {
            let folderEnd = utf8.index(before: nameStart)
            let folderStart = utf8[..<folderEnd].lastIndex(of: slash).map { utf8.index(after: $0) } ?? utf8.startIndex
            folder = String(Substring(utf8[folderStart..<folderEnd]))
        }
        switch name {
        case "AndroidManifest.xml": self = .androidManifest
        case "Info.plist": self = .infoPlist
        case "app.json", "app.config.json": self = .expoConfig
        case "app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs": self = .expoConfigScript
        default:
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            switch name[name.index(after: dot)...] {
            case "kt": self = .source(.kotlin)
            case "java": self = .source(.java)
            case "swift": self = .source(.swift)
            case "m", "mm", "h": self = .source(.objectiveC)
            case "js", "jsx", "ts", "tsx", "mjs", "cjs":
                if name.hasSuffix(".d.ts") { return nil }
                self = .source(.javaScript)
            case "dart": self = .source(.dart)
            case "entitlements": self = .entitlements
            case "plist":
                // Firebase's GoogleService-Info.plist is a configuration file, not the app's Info.plist.
                guard name.hasSuffix("-Info.plist"), name != "GoogleService-Info.plist" else { return nil }
                self = .infoPlist
            case "xml":
                guard folder == "values" || folder.hasPrefix("values-") else { return nil }
                self = .androidValues(isDefault: folder == "values")
            default: return nil
            }
        }
    }
}

/// One fact as a scanner reads it, before constants and resources are looked up.
struct RawFact: Sendable {
    enum Kind: Sendable {
        case channel, deletedChannel, channelGroup, category, defaultChannel, backgroundMode, entitlement
        case serviceExtension, pushKit, postNotifications, messagingService
    }

    var kind: Kind
    var id: SourceExpression?
    var importance: ImportanceReading?
    /// A category's actions (nil for other facts).
    var actions: [ActionReading] = []
    var line: Int

    init(
        _ kind: Kind, id: SourceExpression? = nil, importance: ImportanceReading? = nil, actions: [ActionReading] = [],
        line: Int
    ) {
        self.kind = kind
        self.id = id
        self.importance = importance
        self.actions = actions
        self.line = line
    }
}

/// A category action as read: its identifier expression, or why it could not be read (a variable that holds no
/// action this file creates, an array that is no literal).
enum ActionReading: Sendable {
    case action(SourceExpression)
    case unreadable(what: String, line: Int)
}

/// A channel's importance as read from the code.
enum ImportanceReading: Sendable, Hashable {
    case known(Contract.Importance)
    /// A constant the contract has no spelling for (`IMPORTANCE_UNSPECIFIED`), or an expression: the text.
    case unknown(String)
}

/// `val NAME = "value"`, `static let name = "value"`, `const NAME = 'value'`: a string constant the scanners may
/// resolve identifiers to.
struct ConstantDefinition: Sendable, Hashable {
    enum Scope: Sendable, Hashable {
        case topLevel
        /// Directly inside a type, object or enum of that name.
        case member(String)
        /// Inside a function or another block.
        case local
    }
    var name: String
    var scope: Scope
    var value: String
}

/// `<string name="x">value</string>` of an Android `res/values*` file.
struct StringResource: Sendable, Hashable {
    var name: String
    var value: String
    var isDefault: Bool
}

/// What one app file says: its facts (identifiers not yet resolved), the constants and string resources it defines,
/// and the platforms it is evidence of. A pure function of the file's bytes and path makes it
/// (`AppSourceScanner.scan`); `AppFactsAssembler` joins the files of an app.
public struct AppSourceScan: Sendable {
    public var path: String
    var facts: [RawFact] = []
    var constants: [ConstantDefinition] = []
    var resources: [StringResource] = []
    var platforms: Set<AppFacts.Platform> = []
    /// What the scanner itself could not read (a config value that is no literal).
    var notes: [AppFacts.Unresolved] = []
    /// Strings, sounds, icons, links and Live Activity types the file holds.
    var resourceFacts = ResourceScan()
    /// Why the file could not be read (a binary property list), nil when it was.
    public var unreadable: String?
    /// Why the file was passed over (binary content, too large), nil when it was read.
    public var skipped: String?

    public init(path: String) { self.path = path }

    /// A file the engine could not read.
    public static func unreadable(path: String, reason: String) -> AppSourceScan {
        var scan = AppSourceScan(path: path)
        scan.unreadable = reason
        return scan
    }

    /// A file the engine passed over.
    public static func skipped(path: String, reason: String) -> AppSourceScan {
        var scan = AppSourceScan(path: path)
        scan.skipped = reason
        return scan
    }

    /// Every line a fact or an action of this file points at.
    public var lines: [Int] {
        facts.flatMap { fact in
            [fact.line] + (fact.id.map { [$0.line] } ?? [])
                + fact.actions.map {
                    switch $0 {
                    case .action(let expression): return expression.line
                    case .unreadable(_, let line): return line
                    }
                }
        }
    }
}

/// Reads one app file: a pure function of its bytes and path, so it can be tested and fuzzed without a disk.
public enum AppSourceScanner {
    /// The largest file read; larger ones are passed over (generated code, bundles), reported, never fatal.
    public static let maximumFileBytes = 2 << 20

    /// Reads the file at `path` (the display path, used in every location) as the kind its name says; nil when
    /// app scan does not read files of that name.
    public static func scan(_ bytes: [UInt8], path: String) -> AppSourceScan? {
        guard let kind = AppSourceKind(path: path) else { return AppResourceScanner.scan(bytes, path: path) }
        return scan(bytes, path: path, kind: kind)
    }

    public static func scan(_ bytes: [UInt8], path: String, kind: AppSourceKind) -> AppSourceScan {
        if bytes.count > maximumFileBytes {
            return .skipped(path: path, reason: "it is larger than \(maximumFileBytes >> 20) MB (\(bytes.count) bytes)")
        }
        if case .infoPlist = kind, PropertyListReader.isBinary(bytes) {
            return .unreadable(path: path, reason: PropertyListReader.binaryReason)
        }
        if case .entitlements = kind, PropertyListReader.isBinary(bytes) {
            return .unreadable(path: path, reason: PropertyListReader.binaryReason)
        }
        if isBinary(bytes) { return .skipped(path: path, reason: "it holds binary data (a NUL byte)") }
        var scan = AppSourceScan(path: path)
        switch kind {
        case .source(let language):
            let file = SourceFile(bytes: bytes, language: language)
            switch language {
            case .kotlin, .java:
                AndroidSourceScanner.scan(file, into: &scan)
                scan.platforms.insert(.android)
            case .swift, .objectiveC:
                AppleSourceScanner.scan(file, into: &scan)
                if language == .swift { LiveActivityScanner.scan(file, into: &scan) }
                scan.platforms.insert(.ios)
            case .javaScript:
                ScriptSourceScanner.scan(file, into: &scan)
            case .dart:
                DartSourceScanner.scan(file, into: &scan)
            }
            scan.constants = ConstantScanner.definitions(in: file)
        case .expoConfigScript:
            let file = SourceFile(bytes: bytes, language: .javaScript)
            ScriptSourceScanner.scan(file, into: &scan)
            ExpoConfigScanner.scanScript(file, into: &scan)
            scan.constants = ConstantScanner.definitions(in: file)
        case .androidManifest:
            AndroidResourceScanner.scanManifest(bytes, into: &scan)
            AppLinkScanner.scanManifest(bytes, into: &scan)
            scan.platforms.insert(.android)
        case .androidValues(let isDefault):
            let values = AndroidResourceScanner.readValues(bytes)
            AndroidResourceScanner.scanValues(values, isDefault: isDefault, into: &scan)
            LocalizedStringScanner.scanAndroidValues(values, path: path, into: &scan)
        case .infoPlist:
            PropertyListScanner.scanInfoPlist(bytes, into: &scan)
            AppLinkScanner.scanInfoPlist(bytes, into: &scan)
            scan.platforms.insert(.ios)
        case .entitlements:
            PropertyListScanner.scanEntitlements(bytes, into: &scan)
            AppLinkScanner.scanEntitlements(bytes, into: &scan)
            scan.platforms.insert(.ios)
        case .expoConfig:
            ExpoConfigScanner.scanJSON(bytes, into: &scan)
            AppLinkScanner.scanExpoJSON(bytes, into: &scan)
        }
        return scan
    }

    /// A NUL byte in the first 8 KB: no source file of these languages holds one.
    static func isBinary(_ bytes: [UInt8]) -> Bool { bytes.prefix(8192).contains(0) }
}
