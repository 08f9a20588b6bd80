import PushLintModel

/// The app files that are not sources: localizable strings of iOS, and the files whose name alone is the
/// fact (a sound in the bundle, an Android `res/raw` sound, a drawable or mipmap icon). Decided on the path alone.
public enum AppResourceKind: Sendable, Hashable {
    /// `Localizable.strings` (UTF-8 or UTF-16), in the locale of its `.lproj` folder.
    case localizableStrings
    /// `Localizable.stringsdict` (an XML property list of plural rules).
    case localizableStringsDict
    /// A String Catalog, `Localizable.xcstrings` (JSON).
    case stringCatalog
    /// An iOS sound: `.caf`, `.aiff`, `.aif` or `.wav` outside an Android `res` folder (the name is the fact).
    case iosSound
    /// A file of an Android `res/raw` folder: a sound FCM and channels can name (the name is the fact).
    case androidRaw
    /// A file of an Android `res/drawable*` or `res/mipmap*` folder (the name is the fact).
    case androidDrawable
    /// A colour state list of an Android `res/color*` folder: `@color/NAME` as much as a `<color>` of `res/values`
    /// (`ContextCompat.getColor` resolves it to its default colour; the name is the fact).
    case androidColor

    /// The names a walk for these files keeps, as globs (beside `AppSourceKind.walkGlobs`).
    public static let walkGlobs = [
        "Localizable.strings", "Localizable.stringsdict", "Localizable.xcstrings", "*.caf", "*.aiff", "*.aif",
        "*.wav", "*.mp3", "*.ogg", "*.m4a", "*.png", "*.webp", "*.jpg",
    ]

    /// The path ends with an extension of `walkGlobs`' sounds and images: such a file that is no resource is no app
    /// file either (a walk passes it over without a word).
    public static func hasResourceExtension(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".caf", ".aiff", ".aif", ".wav", ".mp3", ".ogg", ".m4a", ".png", ".webp", ".jpg"].contains(
            where: lower.hasSuffix)
    }

    /// The largest file of this kind that is read. A String Catalog holds every locale of every key in one file: a
    /// real app with 40 locales has a catalog of 2 to 20 MB, over the 2 MB sources are read up to; the JSON and
    /// strings readers are linear, so the larger limit costs time in proportion only.
    public var maximumFileBytes: Int {
        switch self {
        case .localizableStrings, .localizableStringsDict, .stringCatalog: return 32 << 20
        case .iosSound, .androidRaw, .androidDrawable, .androidColor: return 0
        }
    }

    /// Whether the file's name is all that is read: its bytes are never opened.
    public var isNameOnly: Bool {
        switch self {
        case .iosSound, .androidRaw, .androidDrawable, .androidColor: return true
        case .localizableStrings, .localizableStringsDict, .stringCatalog: return false
        }
    }

    public init?(path: String) {
        let (folder, name) = Self.folderAndName(path)
        let inRes = path.hasPrefix("res/") || path.contains("/res/")
        if inRes, folder == "raw" {
            self = .androidRaw
            return
        }
        if inRes, folder.hasPrefix("drawable") || folder.hasPrefix("mipmap") {
            // Drawable XML (vectors, layer lists) is an icon too; other XML of those folders is not an app source.
            self = .androidDrawable
            return
        }
        if inRes, folder == "color" || folder.hasPrefix("color-") {
            self = .androidColor
            return
        }
        switch name {
        case "Localizable.strings": self = .localizableStrings
        case "Localizable.stringsdict": self = .localizableStringsDict
        case "Localizable.xcstrings": self = .stringCatalog
        default:
            let lower = name.lowercased()
            guard
                [".caf", ".aiff", ".aif", ".wav"].contains(where: lower.hasSuffix),
                !path.contains("/res/")
            else { return nil }
            self = .iosSound
        }
    }

    /// The last folder's name and the file's name of a `/`-separated path.
    static func folderAndName(_ path: String) -> (folder: String, name: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let name = parts.last.map(String.init) ?? path
        let folder = parts.count >= 2 ? String(parts[parts.count - 2]) : ""
        return (folder, name)
    }

    /// The locale of an iOS file: its `xx.lproj` folder (`Base`, `en`, `pt-BR`), or `Base` outside one.
    static func appleLocale(_ path: String) -> String {
        let folder = folderAndName(path).folder
        guard folder.hasSuffix(".lproj") else { return "Base" }
        return String(folder.dropLast(".lproj".count))
    }

    /// The locale of an Android `res/values*` folder: `default` for `values` and qualifiers that are no language
    /// (`values-night`, `values-v26`), else the language qualifier (`fr`, `fr-rCA`, `b+sr+Latn`).
    static func androidLocale(_ path: String) -> String {
        let folder = folderAndName(path).folder
        let qualifiers = folder.split(separator: "-").dropFirst()
        guard let first = qualifiers.first else { return "default" }
        let isLanguage =
            (first.count == 2 || first.count == 3) && first.allSatisfy { $0.isASCII && $0.isLowercase }
            && first != "car"
        if first.hasPrefix("b+") { return String(first) }
        guard isLanguage else { return "default" }
        if qualifiers.count > 1, let region = qualifiers.dropFirst().first, region.hasPrefix("r"), region.count == 3 {
            return "\(first)-\(region)"
        }
        return String(first)
    }

    /// A resource's name as Android's `R` class and a payload name it: the file name without its extensions
    /// (`ic_stat_bell.9.png` is `ic_stat_bell`).
    static func androidResourceName(_ name: String) -> String {
        String(name.prefix { $0 != "." })
    }
}

/// The resource facts of one app file, before the files of an app are joined (strings are joined per key).
struct ResourceScan: Sendable {
    /// One key of one localizable-strings file.
    struct StringEntry: Sendable {
        var platform: AppFacts.Platform
        var key: String
        var locale: String
        var conversions: [Character]
        var line: Int
    }

    var strings: [StringEntry] = []
    /// A String Catalog's `sourceLanguage`: the development locale of its keys.
    var developmentLocale: String?
    var sounds: [AppFacts.Resource] = []
    var icons: [AppFacts.Resource] = []
    var colors: [AppFacts.Resource] = []
    var defaultIcon: AppFacts.Fact?
    var defaultColor: AppFacts.Fact?
    var links: [AppFacts.Link] = []
    var liveActivities: [AppFacts.LiveActivity] = []
    var isEmpty: Bool {
        strings.isEmpty && sounds.isEmpty && icons.isEmpty && colors.isEmpty && defaultIcon == nil
            && defaultColor == nil && links.isEmpty && liveActivities.isEmpty
    }
}

/// Reads the files of `AppResourceKind`: pure functions of bytes and a path, like `AppSourceScanner`.
public enum AppResourceScanner {
    /// The file at `path` as its name says, nil when it is no resource file; `bytes` is not read for a name-only kind.
    public static func scan(_ bytes: [UInt8], path: String) -> AppSourceScan? {
        guard let kind = AppResourceKind(path: path) else { return nil }
        return scan(bytes, path: path, kind: kind)
    }

    public static func scan(_ bytes: [UInt8], path: String, kind: AppResourceKind) -> AppSourceScan {
        var scan = AppSourceScan(path: path)
        let name = AppResourceKind.folderAndName(path).name
        let location = AppFacts.Location(path: path, line: 0)
        switch kind {
        case .iosSound:
            scan.resourceFacts.sounds.append(AppFacts.Resource(platform: .ios, name: name, location: location))
            return scan
        case .androidRaw:
            scan.resourceFacts.sounds.append(
                AppFacts.Resource(
                    platform: .android, name: AppResourceKind.androidResourceName(name), location: location))
            return scan
        case .androidDrawable:
            scan.resourceFacts.icons.append(
                AppFacts.Resource(
                    platform: .android, name: AppResourceKind.androidResourceName(name), location: location))
            return scan
        case .androidColor:
            scan.resourceFacts.colors.append(
                AppFacts.Resource(
                    platform: .android, name: AppResourceKind.androidResourceName(name), location: location))
            return scan
        case .localizableStrings, .localizableStringsDict, .stringCatalog:
            break
        }
        if bytes.count > kind.maximumFileBytes {
            return .skipped(
                path: path, reason: "it is larger than \(kind.maximumFileBytes >> 20) MB (\(bytes.count) bytes)")
        }
        let locale = AppResourceKind.appleLocale(path)
        switch kind {
        case .localizableStrings:
            LocalizedStringScanner.scanStrings(bytes, locale: locale, into: &scan)
        case .localizableStringsDict:
            if PropertyListReader.isBinary(bytes) {
                return .unreadable(path: path, reason: PropertyListReader.binaryReason)
            }
            LocalizedStringScanner.scanStringsDict(bytes, locale: locale, into: &scan)
        case .stringCatalog:
            LocalizedStringScanner.scanCatalog(bytes, into: &scan)
        default:
            break
        }
        if !scan.resourceFacts.strings.isEmpty { scan.platforms.insert(.ios) }
        return scan
    }
}

/// Joins the resource facts of an app's files (in path order) into its facts.
enum ResourceAssembler {
    static func merge(_ scans: [AppSourceScan], into facts: inout AppFacts) {
        var strings: [StringGroupKey: [(entry: ResourceScan.StringEntry, path: String)]] = [:]
        var order: [StringGroupKey] = []
        var developmentLocales: [StringGroupKey: String] = [:]
        for scan in scans where scan.skipped == nil {
            let resources = scan.resourceFacts
            for entry in resources.strings {
                let key = StringGroupKey(platform: entry.platform, key: entry.key)
                if strings[key] == nil { order.append(key) }
                strings[key, default: []].append((entry, scan.path))
                if let development = resources.developmentLocale { developmentLocales[key] = development }
            }
            facts.sounds += resources.sounds
            facts.icons += resources.icons
            facts.colors += resources.colors
            if facts.defaultIcon == nil { facts.defaultIcon = resources.defaultIcon }
            if facts.defaultColor == nil { facts.defaultColor = resources.defaultColor }
            facts.links += resources.links
            facts.liveActivities += resources.liveActivities
        }
        for key in order {
            guard let entries = strings[key], !entries.isEmpty else { continue }
            let locales = Set(entries.map(\.entry.locale))
            let development: String
            if key.platform == .android {
                development = locales.contains("default") ? "default" : locales.sorted()[0]
            } else if let declared = developmentLocales[key], locales.contains(declared) {
                development = declared
            } else if locales.contains("Base") {
                development = "Base"
            } else if locales.contains("en") {
                development = "en"
            } else {
                development = locales.sorted()[0]
            }
            guard let base = entries.first(where: { $0.entry.locale == development }) else { continue }
            var mismatched: [String: Int] = [:]
            for (entry, _) in entries where entry.locale != development {
                if entry.conversions.count != base.entry.conversions.count {
                    mismatched[entry.locale] = entry.conversions.count
                }
            }
            facts.strings.append(
                AppFacts.LocalizedString(
                    platform: key.platform, key: key.key, locales: locales.sorted(),
                    arguments: base.entry.conversions.count, conversions: base.entry.conversions,
                    mismatchedLocales: mismatched, location: AppFacts.Location(path: base.path, line: base.entry.line)))
        }
        facts.strings.sort { ($0.platform, $0.key) < ($1.platform, $1.key) }
    }

    struct StringGroupKey: Hashable {
        var platform: AppFacts.Platform
        var key: String
    }
}
