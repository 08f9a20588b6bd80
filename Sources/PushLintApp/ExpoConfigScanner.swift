import PushLintJSON
import PushLintModel

/// Reads Expo's app config: `app.json` / `app.config.json` (JSON, under `expo` or at the top), and the plain literals
/// of `app.config.js` / `app.config.ts`.
/// - `ios.infoPlist.UIBackgroundModes`: background modes;
/// - `ios.entitlements`: entitlement keys (those set to `false` are off);
/// - `android.permissions`: `POST_NOTIFICATIONS`;
/// - the `expo-notifications` plugin: `defaultChannel` (the FCM default channel it writes into the manifest),
///   `enableBackgroundRemoteNotifications` (it adds the `remote-notification` mode), and the plugin itself, which
///   adds `aps-environment` (Expo SDK 51 and later add that entitlement when expo-notifications is used);
/// - `platforms`: the app's platforms (Expo's default is iOS and Android).
enum ExpoConfigScanner {
    static let plugin = "expo-notifications"

    // MARK: app.json

    static func scanJSON(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        let result = JSONParser.parse(bytes, options: JSONParseOptions(mode: .jsonc, maxDepth: 512, maxBytes: 4 << 20))
        guard let doc = result.document else {
            scan.unreadable = "it is not JSON: " + (result.error?.message ?? "it could not be parsed")
            return
        }
        let lines = LineIndex(bytes)
        func line(_ node: NodeID) -> Int { lines.bytePosition(of: doc.span(node).start).line }
        func literal(_ node: NodeID) -> SourceExpression {
            SourceExpression(value: .literal(doc.string(node)), text: doc.string(node), line: line(node))
        }
        guard doc.kind(doc.root) == .object else { return }
        let expo = doc.member(doc.root, "expo").flatMap { doc.kind($0) == .object ? $0 : nil }
        guard let root = expo ?? (isExpoShaped(doc) ? doc.root : nil) else { return }

        scan.platforms = [.android, .ios]
        if let platforms = doc.member(root, "platforms"), doc.kind(platforms) == .array {
            scan.platforms = Set(
                doc.elements(platforms).compactMap { doc.kind($0) == .string ? doc.string($0) : nil }.compactMap(
                    AppFacts.Platform.init(rawValue:)))
        }
        if let modes = doc.lookup(root, ["ios", "infoPlist", "UIBackgroundModes"]), doc.kind(modes) == .array {
            for element in doc.elements(modes) where doc.kind(element) == .string {
                scan.facts.append(RawFact(.backgroundMode, id: literal(element), line: line(element)))
            }
        }
        if let entitlements = doc.lookup(root, ["ios", "entitlements"]), doc.kind(entitlements) == .object {
            for member in doc.members(entitlements) where doc.boolValue(member.value) != false {
                scan.facts.append(RawFact(.entitlement, id: literal(member.key), line: line(member.key)))
            }
        }
        if let permissions = doc.lookup(root, ["android", "permissions"]), doc.kind(permissions) == .array {
            for element in doc.elements(permissions) where doc.kind(element) == .string {
                if isPostNotifications(doc.string(element)) {
                    scan.facts.append(RawFact(.postNotifications, line: line(element)))
                }
            }
        }
        if let plugins = doc.member(root, "plugins"), doc.kind(plugins) == .array {
            for element in doc.elements(plugins) {
                var name = element
                var options: NodeID?
                if doc.kind(element) == .array, let first = doc.elements(element).first {
                    name = first
                    options = doc.elements(element).dropFirst().first
                }
                guard doc.kind(name) == .string, doc.string(name) == plugin else { continue }
                apsEnvironment(line: line(name), into: &scan)
                guard let options, doc.kind(options) == .object else { continue }
                if let channel = doc.member(options, "defaultChannel"), doc.kind(channel) == .string {
                    scan.facts.append(RawFact(.defaultChannel, id: literal(channel), line: line(channel)))
                }
                if let flag = doc.member(options, "enableBackgroundRemoteNotifications"), doc.boolValue(flag) == true {
                    remoteNotificationMode(line: line(flag), into: &scan)
                }
            }
        }
    }

    /// An `app.config.json` may hold the config at its top, without `expo`.
    static func isExpoShaped(_ doc: JSONDocument) -> Bool {
        ["ios", "android", "plugins"].contains { doc.member(doc.root, $0) != nil }
    }

    static func isPostNotifications(_ text: String) -> Bool {
        text == "POST_NOTIFICATIONS" || text == AndroidResourceScanner.postNotifications
    }

    static func apsEnvironment(line: Int, into scan: inout AppSourceScan) {
        scan.facts.append(
            RawFact(
                .entitlement,
                id: SourceExpression(value: .literal("aps-environment"), text: "aps-environment", line: line),
                line: line))
    }

    static func remoteNotificationMode(line: Int, into scan: inout AppSourceScan) {
        scan.facts.append(
            RawFact(
                .backgroundMode,
                id: SourceExpression(value: .literal("remote-notification"), text: "remote-notification", line: line),
                line: line))
    }

    // MARK: app.config.js / app.config.ts

    /// The same keys, found anywhere in the script as `key: value` members of object literals; a value that is no
    /// literal is listed as unresolved.
    static func scanScript(_ file: SourceFile, into scan: inout AppSourceScan) {
        scan.platforms.formUnion([.android, .ios])
        var i = 0
        while i < file.count {
            defer { i += 1 }
            guard file.isIdentifier(i) || file.isString(i), file.isPunctuation(i + 1, ":"),
                file.isPunctuation(i - 1, "{") || file.isPunctuation(i - 1, ",")
            else { continue }
            let key = file.isString(i) ? (file.stringValue(i) ?? "") : file.text(i)
            guard scriptKeys.contains(key) else { continue }
            let value = memberValue(file, from: i + 2)
            switch key {
            case "scheme":
                // The config's own `scheme` (a string or an array of them) registers on both platforms.
                for element in literals(file, value, what: "scheme", into: &scan) {
                    for platform in [AppFacts.Platform.ios, .android] {
                        AppLinkScanner.link(
                            .scheme, platform, element.text, verified: false, line: element.line, into: &scan)
                    }
                }
            case "associatedDomains":
                for element in literals(file, value, what: "associated domains", into: &scan) {
                    guard let host = AppLinkScanner.applinksHost(element.text) else { continue }
                    AppLinkScanner.link(.host, .ios, host, verified: true, line: element.line, into: &scan)
                }
            case "intentFilters":
                intentFilters(file, value, into: &scan)
                // Its `data` entries' `scheme` members are Android's alone, not the config's `scheme`.
                i = max(i, value.upperBound - 1)
            case "UIBackgroundModes":
                for element in elements(file, value, what: "background modes", into: &scan) {
                    scan.facts.append(
                        RawFact(.backgroundMode, id: file.expression(element), line: file.line(element.lowerBound)))
                }
            case "entitlements":
                guard let members = ScriptSourceScanner.objectMembers(file, value) else {
                    unresolved("entitlements", file, value, into: &scan)
                    continue
                }
                for member in members
                where !(member.value.count == 1 && file.isIdentifier(member.value.lowerBound, "false")) {
                    scan.facts.append(
                        RawFact(
                            .entitlement,
                            id: SourceExpression(value: .literal(member.key), text: member.key, line: member.keyLine),
                            line: member.keyLine))
                }
            case "permissions":
                for element in elements(file, value, what: "Android permissions", into: &scan) {
                    if case .literal(let text) = file.classify(element), isPostNotifications(text) {
                        scan.facts.append(RawFact(.postNotifications, line: file.line(element.lowerBound)))
                    }
                }
            case "platforms":
                guard let elements = ScriptSourceScanner.arrayElements(file, value) else { continue }
                let names = elements.compactMap { element -> AppFacts.Platform? in
                    guard case .literal(let text) = file.classify(element) else { return nil }
                    return AppFacts.Platform(rawValue: text)
                }
                scan.platforms = Set(names)
            default:
                plugins(file, value, into: &scan)
            }
        }
    }

    static let scriptKeys: Set<String> = [
        "UIBackgroundModes", "entitlements", "permissions", "plugins", "platforms", "scheme", "associatedDomains",
        "intentFilters",
    ]

    /// The string literals of a value that is one string literal or an array of them; anything else is unresolved.
    static func literals(_ file: SourceFile, _ value: Range<Int>, what: String, into scan: inout AppSourceScan)
        -> [(text: String, line: Int)]
    {
        let elements = ScriptSourceScanner.arrayElements(file, value) ?? [value]
        var result: [(String, Int)] = []
        for element in elements {
            guard case .literal(let text) = file.classify(element) else {
                unresolved(what, file, element, into: &scan)
                continue
            }
            result.append((text, file.line(file.trimmed(element).lowerBound)))
        }
        return result
    }

    /// `android.intentFilters`: `[{ action: 'VIEW', autoVerify: true, data: [{ scheme: 'https', host: … }] }]`, as
    /// `AppLinkScanner.scanExpoJSON` reads the same keys of app.json.
    static func intentFilters(_ file: SourceFile, _ value: Range<Int>, into scan: inout AppSourceScan) {
        guard let filters = ScriptSourceScanner.arrayElements(file, value) else {
            unresolved("intent filters", file, value, into: &scan)
            return
        }
        for filter in filters {
            guard let members = ScriptSourceScanner.objectMembers(file, filter) else {
                unresolved("intent filter", file, filter, into: &scan)
                continue
            }
            func member(_ key: String) -> Range<Int>? { members.first { $0.key == key }?.value }
            let autoVerify = member("autoVerify").map { $0.count == 1 && file.isIdentifier($0.lowerBound, "true") }
            if let action = member("action") {
                for element in literals(file, action, what: "intent filter action", into: &scan) {
                    AppLinkScanner.link(
                        .action, .android, AppLinkScanner.expoIntentAction(element.text), verified: false,
                        line: element.line, into: &scan)
                }
            }
            var data: [Range<Int>] = []
            if let node = member("data") {
                data = ScriptSourceScanner.arrayElements(file, node) ?? [node]
            }
            var schemes: [(text: String, line: Int)] = []
            var hosts: [(text: String, line: Int)] = []
            for entry in data {
                guard let fields = ScriptSourceScanner.objectMembers(file, entry) else {
                    unresolved("intent filter data", file, entry, into: &scan)
                    continue
                }
                for field in fields where field.key == "scheme" || field.key == "host" {
                    guard case .literal(let text) = file.classify(field.value) else {
                        unresolved("intent filter \(field.key)", file, field.value, into: &scan)
                        continue
                    }
                    if field.key == "scheme" {
                        schemes.append((text, field.keyLine))
                    } else {
                        hosts.append((text, field.keyLine))
                    }
                }
            }
            let https = schemes.contains { $0.text.lowercased() == "https" }
            for scheme in schemes {
                AppLinkScanner.link(.scheme, .android, scheme.text, verified: false, line: scheme.line, into: &scan)
            }
            for host in hosts {
                AppLinkScanner.link(
                    .host, .android, host.text, verified: autoVerify == true && https, line: host.line, into: &scan)
            }
        }
    }

    /// The tokens of a member's value: up to the `,` or `}` of its object.
    static func memberValue(_ file: SourceFile, from start: Int) -> Range<Int> {
        var i = start
        while i < file.count {
            if let partner = file.partner(of: i), partner > i {
                i = partner + 1
                continue
            }
            if file.isPunctuation(i, ",") || file.isPunctuation(i, "}") || file.isPunctuation(i, "]")
                || file.isPunctuation(i, ")") || file.isPunctuation(i, ";")
            {
                break
            }
            i += 1
        }
        return start..<max(start, i)
    }

    static func elements(_ file: SourceFile, _ value: Range<Int>, what: String, into scan: inout AppSourceScan)
        -> [Range<Int>]
    {
        guard let elements = ScriptSourceScanner.arrayElements(file, value) else {
            unresolved(what, file, value, into: &scan)
            return []
        }
        return elements
    }

    static func unresolved(_ what: String, _ file: SourceFile, _ value: Range<Int>, into scan: inout AppSourceScan) {
        guard !value.isEmpty else { return }
        scan.notes.append(
            AppFacts.Unresolved(
                what: "\(what) \(file.sourceText(value))",
                location: AppFacts.Location(path: scan.path, line: file.line(value.lowerBound))))
    }

    /// `'expo-notifications'` or `['expo-notifications', { defaultChannel: …, enableBackgroundRemoteNotifications:
    /// true }]` among the plugins.
    static func plugins(_ file: SourceFile, _ value: Range<Int>, into scan: inout AppSourceScan) {
        guard let elements = ScriptSourceScanner.arrayElements(file, value) else {
            unresolved("plugins", file, value, into: &scan)
            return
        }
        for element in elements {
            var name = element
            var options: Range<Int>?
            if let parts = ScriptSourceScanner.arrayElements(file, element), let first = parts.first {
                name = first
                options = parts.dropFirst().first
            }
            guard case .literal(plugin) = file.classify(name) else { continue }
            apsEnvironment(line: file.line(name.lowerBound), into: &scan)
            guard let options else { continue }
            guard let members = ScriptSourceScanner.objectMembers(file, options) else {
                unresolved("expo-notifications options", file, options, into: &scan)
                continue
            }
            for member in members {
                if member.key == "defaultChannel" {
                    scan.facts.append(RawFact(.defaultChannel, id: file.expression(member.value), line: member.keyLine))
                } else if member.key == "sounds" {
                    for sound in literals(file, member.value, what: "expo-notifications sounds", into: &scan) {
                        AppLinkScanner.expoSound(sound.text, line: sound.line, into: &scan)
                    }
                } else if member.key == "icon" || member.key == "color" {
                    guard case .literal = file.classify(member.value) else {
                        unresolved("expo-notifications \(member.key)", file, member.value, into: &scan)
                        continue
                    }
                    AppLinkScanner.expoNotificationResource(
                        icon: member.key == "icon", line: member.keyLine, into: &scan)
                } else if member.key == "enableBackgroundRemoteNotifications" {
                    if member.value.count == 1, file.isIdentifier(member.value.lowerBound, "true") {
                        remoteNotificationMode(line: member.keyLine, into: &scan)
                    } else if !(member.value.count == 1 && file.isIdentifier(member.value.lowerBound, "false")) {
                        unresolved("enableBackgroundRemoteNotifications", file, member.value, into: &scan)
                    }
                }
            }
        }
    }
}
