import PushLintJSON

/// Values quoted inside finding messages and helps, escaped in this one place: a value's own quotes, backslashes
/// and control characters must not break the quoting around it (`message.condition "\"dogs\" in topics"`, never
/// `message.condition ""dogs" in topics"`), and a newline in a value must not split a one-line message.
package enum MessageText {
    /// The value as a JSON string literal, `"..."`: what the user writes in the payload (and copies from a help).
    package static func json(_ value: some CustomStringConvertible) -> String {
        let text = value.description
        guard needsEscaping(text, quote: UInt8(ascii: "\"")) else { return "\"" + text + "\"" }
        return JSONDocument.quoted(text)
    }

    /// The value in single quotes, `'...'`, with `'` and `\` escaped by a backslash and control characters written
    /// as JSON writes them (`\n`, `\u0001`): names of keys, files and ids in prose.
    package static func single(_ value: some CustomStringConvertible) -> String {
        let text = value.description
        guard needsEscaping(text, quote: UInt8(ascii: "'")) else { return "'" + text + "'" }
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }

    /// The value as `single` quotes it, cut to its first 57 characters and `...` when it is longer than 60: a long
    /// value is named in a finding, not repeated whole.
    package static func singleClipped(_ value: some CustomStringConvertible) -> String {
        let text = value.description
        guard text.utf8.count > 60, text.count > 60 else { return single(text) }
        return single(String(text.prefix(57)) + "...")
    }

    /// Whether the text holds the quote, a backslash or a control character: most values hold none, and are
    /// quoted as they are.
    package static func needsEscaping(_ text: String, quote: UInt8) -> Bool {
        text.utf8.contains { $0 == quote || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0x7F }
    }
}
