import PushLintJSON
import PushLintModel

/// Reads what a tap can open and what a notification can show, beside the other scanners of the same files:
/// - AndroidManifest.xml: an activity's `<intent-filter>` `<action android:name>` and `<data android:scheme / android:host>` (a
///   host is verified when its filter has `android:autoVerify="true"` and an https scheme), and the FCM meta-data
///   `default_notification_icon` / `default_notification_color`;
/// - Info.plist: `CFBundleURLTypes` > `CFBundleURLSchemes`;
/// - `*.entitlements`: `com.apple.developer.associated-domains` `applinks:` hosts;
/// - Expo's app.json: `scheme`, `ios.associatedDomains`, `android.intentFilters` and the expo-notifications plugin's
///   `sounds` and `icon` / `color` (app.config.js / .ts: the same keys, read by `ExpoConfigScanner.scanScript`).
/// A value that is a reference or a build variable (`@string/x`, `$(PRODUCT_BUNDLE_IDENTIFIER)`,
/// `${applicationId}`) is listed as unresolved, never guessed.
enum AppLinkScanner {
    static let defaultIconKey = "com.google.firebase.messaging.default_notification_icon"
    static let defaultColorKey = "com.google.firebase.messaging.default_notification_color"
    static let associatedDomainsKey = "com.apple.developer.associated-domains"

    // MARK: AndroidManifest.xml

    static func scanManifest(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        let (events, _) = XMLReader.events(bytes)
        var filter: (autoVerify: Bool, schemes: [(String, Int)], hosts: [(String, Int)])?
        // Only an activity's filters open something on a tap (a service's `MESSAGING_EVENT` does not).
        var inActivity = false
        for event in events {
            switch event {
            case .start(let name, let attributes, let selfClosing, _):
                func attribute(_ key: String) -> XMLReader.Attribute? { attributes.first { $0.name == key } }
                switch name {
                case "meta-data":
                    let key = attribute("android:name")?.value
                    guard key == defaultIconKey || key == defaultColorKey,
                        let value = attribute("android:resource") ?? attribute("android:value")
                    else { continue }
                    let resource = resourceName(value.value)
                    let fact = AppFacts.Fact(id: resource, location: .init(path: scan.path, line: value.line))
                    if key == defaultIconKey {
                        scan.resourceFacts.defaultIcon = fact
                    } else {
                        scan.resourceFacts.defaultColor = fact
                    }
                case "activity", "activity-alias":
                    if !selfClosing { inActivity = true }
                case "intent-filter":
                    if !selfClosing, inActivity {
                        filter = (attribute("android:autoVerify")?.value == "true", [], [])
                    }
                case "action":
                    guard filter != nil, let value = attribute("android:name") else { continue }
                    link(.action, .android, value.value, verified: false, line: value.line, into: &scan)
                case "data":
                    guard filter != nil else { continue }
                    if let scheme = attribute("android:scheme") { filter?.schemes.append((scheme.value, scheme.line)) }
                    if let host = attribute("android:host") { filter?.hosts.append((host.value, host.line)) }
                default:
                    continue
                }
            case .end(let name, _):
                if name == "activity" || name == "activity-alias" { inActivity = false }
                guard name == "intent-filter", let open = filter else { continue }
                filter = nil
                for (scheme, line) in open.schemes {
                    link(.scheme, .android, scheme, verified: false, line: line, into: &scan)
                }
                let https = open.schemes.contains { $0.0.lowercased() == "https" }
                for (host, line) in open.hosts {
                    link(.host, .android, host, verified: open.autoVerify && https, line: line, into: &scan)
                }
            case .text:
                continue
            }
        }
    }

    /// `@drawable/ic_stat` is `ic_stat`; a literal stays as written.
    static func resourceName(_ value: String) -> String {
        guard value.hasPrefix("@"), let slash = value.firstIndex(of: "/") else { return value }
        return String(value[value.index(after: slash)...])
    }

    /// Adds a link, or an unresolved note for a value that is a reference or a build variable.
    static func link(
        _ kind: AppFacts.Link.Kind, _ platform: AppFacts.Platform, _ value: String, verified: Bool, line: Int,
        into scan: inout AppSourceScan
    ) {
        let location = AppFacts.Location(path: scan.path, line: line)
        if value.hasPrefix("@") || value.contains("$(") || value.contains("${") {
            scan.notes.append(AppFacts.Unresolved(what: "link \(kind.rawValue) \(value)", location: location))
            return
        }
        guard !value.isEmpty else { return }
        let stored = kind == .action ? value : value.lowercased()
        scan.resourceFacts.links.append(
            AppFacts.Link(kind: kind, platform: platform, value: stored, verified: verified, location: location))
    }

    // MARK: Property lists

    static func scanInfoPlist(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        guard case .success(let root) = PropertyListReader.read(bytes),
            case .array(let types, _) = root.member("CFBundleURLTypes")
        else { return }
        for type in types {
            guard case .array(let schemes, _) = type.member("CFBundleURLSchemes") else { continue }
            for case .string(let scheme, let line) in schemes {
                link(.scheme, .ios, scheme, verified: false, line: line, into: &scan)
            }
        }
    }

    static func scanEntitlements(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        guard case .success(let root) = PropertyListReader.read(bytes),
            case .array(let domains, _) = root.member(associatedDomainsKey)
        else { return }
        for case .string(let domain, let line) in domains {
            guard let host = applinksHost(domain) else { continue }
            link(.host, .ios, host, verified: true, line: line, into: &scan)
        }
    }

    /// `applinks:example.com?mode=developer` is `example.com`; other services (`webcredentials:`) are no links.
    static func applinksHost(_ domain: String) -> String? {
        guard domain.hasPrefix("applinks:") else { return nil }
        let host = domain.dropFirst("applinks:".count).prefix { $0 != "?" }
        return host.isEmpty ? nil : String(host)
    }

    // MARK: Expo

    static func scanExpoJSON(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        let result = JSONParser.parse(bytes, options: JSONParseOptions(mode: .jsonc, maxDepth: 512, maxBytes: 4 << 20))
        guard let doc = result.document, doc.kind(doc.root) == .object else { return }
        let root =
            doc.member(doc.root, "expo").flatMap { doc.kind($0) == .object ? $0 : nil }
            ?? (ExpoConfigScanner.isExpoShaped(doc) ? doc.root : nil)
        guard let root else { return }
        let lines = LineIndex(bytes)
        func line(_ node: NodeID) -> Int { lines.bytePosition(of: doc.span(node).start).line }
        func strings(_ node: NodeID?) -> [NodeID] {
            guard let node else { return [] }
            if doc.kind(node) == .string { return [node] }
            guard doc.kind(node) == .array else { return [] }
            return doc.elements(node).filter { doc.kind($0) == .string }
        }
        for scheme in strings(doc.member(root, "scheme")) {
            for platform in [AppFacts.Platform.ios, .android] {
                link(.scheme, platform, doc.string(scheme), verified: false, line: line(scheme), into: &scan)
            }
        }
        for domain in strings(doc.lookup(root, ["ios", "associatedDomains"])) {
            guard let host = applinksHost(doc.string(domain)) else { continue }
            link(.host, .ios, host, verified: true, line: line(domain), into: &scan)
        }
        if let filters = doc.lookup(root, ["android", "intentFilters"]), doc.kind(filters) == .array {
            for filter in doc.elements(filters) where doc.kind(filter) == .object {
                let autoVerify = doc.member(filter, "autoVerify").flatMap(doc.boolValue) == true
                for action in strings(doc.member(filter, "action")) {
                    link(
                        .action, .android, expoIntentAction(doc.string(action)), verified: false, line: line(action),
                        into: &scan)
                }
                var data = strings(nil)
                if let node = doc.member(filter, "data") {
                    data = doc.kind(node) == .array ? doc.elements(node) : [node]
                }
                let schemes = data.compactMap { doc.member($0, "scheme") }.filter { doc.kind($0) == .string }
                let https = schemes.contains { doc.string($0).lowercased() == "https" }
                for scheme in schemes {
                    link(.scheme, .android, doc.string(scheme), verified: false, line: line(scheme), into: &scan)
                }
                for host in data.compactMap({ doc.member($0, "host") }) where doc.kind(host) == .string {
                    link(
                        .host, .android, doc.string(host), verified: autoVerify && https, line: line(host),
                        into: &scan)
                }
            }
        }
        guard let plugins = doc.member(root, "plugins"), doc.kind(plugins) == .array else { return }
        for element in doc.elements(plugins) where doc.kind(element) == .array {
            let parts = doc.elements(element)
            guard parts.count >= 2, doc.stringValue(parts[0]) == ExpoConfigScanner.plugin,
                doc.kind(parts[1]) == .object
            else { continue }
            // expo-notifications copies each file into the iOS bundle (by its name) and Android's res/raw (by its
            // name without the extension).
            for sound in strings(doc.member(parts[1], "sounds")) {
                expoSound(doc.string(sound), line: line(sound), into: &scan)
            }
            if let icon = doc.member(parts[1], "icon"), doc.kind(icon) == .string {
                expoNotificationResource(icon: true, line: line(icon), into: &scan)
            }
            if let color = doc.member(parts[1], "color"), doc.kind(color) == .string {
                expoNotificationResource(icon: false, line: line(color), into: &scan)
            }
        }
    }

    /// Expo's prebuild writes an intent filter's `action` as `android.intent.action.<action>` (`VIEW` is
    /// `android.intent.action.VIEW`; @expo/config-plugins `IntentFilters`, `renderIntentFilters`).
    static func expoIntentAction(_ action: String) -> String { "android.intent.action." + action }

    /// expo-notifications copies each file of its `sounds` into the iOS bundle (by its name) and Android's res/raw
    /// (by its name without the extension).
    static func expoSound(_ path: String, line: Int, into scan: inout AppSourceScan) {
        let file = AppResourceKind.folderAndName(path).name
        let location = AppFacts.Location(path: scan.path, line: line)
        scan.resourceFacts.sounds.append(AppFacts.Resource(platform: .ios, name: file, location: location))
        scan.resourceFacts.sounds.append(
            AppFacts.Resource(platform: .android, name: AppResourceKind.androidResourceName(file), location: location))
    }

    /// The plugin writes its `icon` as the FCM default notification icon and `color` as the default colour.
    /// Prebuild generates those resources, so they count as the app's.
    static func expoNotificationResource(icon: Bool, line: Int, into scan: inout AppSourceScan) {
        let location = AppFacts.Location(path: scan.path, line: line)
        if icon {
            scan.resourceFacts.defaultIcon = AppFacts.Fact(id: "notification_icon", location: location)
            scan.resourceFacts.icons.append(
                AppFacts.Resource(platform: .android, name: "notification_icon", location: location))
        } else {
            scan.resourceFacts.defaultColor = AppFacts.Fact(id: "notification_icon_color", location: location)
            scan.resourceFacts.colors.append(
                AppFacts.Resource(platform: .android, name: "notification_icon_color", location: location))
        }
    }
}
