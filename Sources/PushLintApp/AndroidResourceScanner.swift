/// Reads `AndroidManifest.xml` and the string resources of `res/values*`:
/// - `<meta-data android:name="com.google.firebase.messaging.default_notification_channel_id"
///   android:value="…">`: the FCM default channel, a literal or `@string/name`;
/// - `<uses-permission android:name="android.permission.POST_NOTIFICATIONS"/>`;
/// - `<string name="x">value</string>`: string resources, which `@string/x` and `R.string.x` resolve to.
enum AndroidResourceScanner {
    static let defaultChannelKey = "com.google.firebase.messaging.default_notification_channel_id"
    static let postNotifications = "android.permission.POST_NOTIFICATIONS"

    static func scanManifest(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        let (events, complete) = XMLReader.events(bytes)
        for event in events {
            guard case .start(let name, let attributes, _, let line) = event else { continue }
            func attribute(_ key: String) -> XMLReader.Attribute? { attributes.first { $0.name == key } }
            switch name {
            case "meta-data":
                guard attribute("android:name")?.value == defaultChannelKey else { continue }
                guard let value = attribute("android:value") ?? attribute("android:resource") else {
                    scan.facts.append(
                        RawFact(
                            .defaultChannel,
                            id: SourceExpression(value: .other, text: "(no android:value)", line: line),
                            line: line))
                    continue
                }
                scan.facts.append(RawFact(.defaultChannel, id: reference(value), line: value.line))
            case "uses-permission", "uses-permission-sdk-23":
                if attribute("android:name")?.value == postNotifications {
                    scan.facts.append(RawFact(.postNotifications, line: line))
                }
            default:
                continue
            }
        }
        if !complete && events.isEmpty { scan.unreadable = "it is not well-formed XML" }
    }

    /// A manifest attribute value: `@string/name` is a string resource, anything else starting with `@` or `?` a
    /// reference app scan does not follow, and the rest a literal.
    static func reference(_ attribute: XMLReader.Attribute) -> SourceExpression {
        let value = attribute.value
        let expression: AppExpression
        if value.hasPrefix("@string/") {
            expression = .resource(String(value.dropFirst("@string/".count)))
        } else if value.hasPrefix("@") || value.hasPrefix("?") {
            expression = .other
        } else {
            expression = .literal(value)
        }
        return SourceExpression(value: expression, text: value, line: attribute.line)
    }

    /// What a `res/values*` file declares, read once for every scanner: its `<string>` resources (text as the app
    /// reads it), `<color>`s and `<drawable>`s, each with its line.
    struct ValuesFile {
        struct StringValue {
            let name: String
            let text: String
            let line: Int
            /// `formatted="false"` makes the text no format string.
            let formatted: Bool
        }
        var strings: [StringValue] = []
        var colors: [(name: String, line: Int)] = []
        var drawables: [(name: String, line: Int)] = []
    }

    static func readValues(_ bytes: [UInt8]) -> ValuesFile {
        var file = ValuesFile()
        let (events, _) = XMLReader.events(bytes)
        var current: (name: String, text: String, nested: Int, line: Int, formatted: Bool)?
        for event in events {
            switch event {
            case .start(let name, let attributes, let selfClosing, let line):
                if var open = current {
                    // Markup inside a string (`<xliff:g>`) keeps its text.
                    if !selfClosing { open.nested += 1 }
                    current = open
                    continue
                }
                guard let resource = attributes.first(where: { $0.name == "name" })?.value else { continue }
                switch name {
                case "string" where !selfClosing:
                    let formatted = attributes.first(where: { $0.name == "formatted" })?.value != "false"
                    current = (resource, "", 0, line, formatted)
                case "color": file.colors.append((resource, line))
                case "drawable": file.drawables.append((resource, line))
                default: continue
                }
            case .text(let text, _):
                current?.text += text
            case .end(let name, _):
                guard var open = current else { continue }
                if open.nested > 0 {
                    open.nested -= 1
                    current = open
                } else if name == "string" {
                    file.strings.append(
                        ValuesFile.StringValue(
                            name: open.name, text: resourceText(open.text), line: open.line, formatted: open.formatted))
                    current = nil
                }
            }
        }
        return file
    }

    static func scanValues(_ file: ValuesFile, isDefault: Bool, into scan: inout AppSourceScan) {
        for string in file.strings {
            scan.resources.append(StringResource(name: string.name, value: string.text, isDefault: isDefault))
        }
    }

    /// A string resource as the app reads it: surrounding double quotes kept text as it stands, backslash escapes
    /// (`\'`, `\"`, `\n`, `\@`) stand for their character, and whitespace runs outside quotes become one space.
    static func resourceText(_ raw: String) -> String {
        var out = ""
        var quoted = false
        var space = false
        var iterator = raw.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            switch c {
            case "\"":
                quoted.toggle()
            case "\\":
                guard let e = iterator.next() else { break }
                if space && !out.isEmpty { out += " " }
                space = false
                switch e {
                case "n": out += "\n"
                case "t": out += "\t"
                default: out.unicodeScalars.append(e)
                }
            case " ", "\n", "\t", "\r":
                if quoted {
                    out.unicodeScalars.append(c)
                } else {
                    space = true
                }
            default:
                if space && !out.isEmpty { out += " " }
                space = false
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
