import PushLintJSON

/// A small ordered JSON writer for reports: keys stay in the order written, output is deterministic.
struct JSONWriter {
    private(set) var text = ""
    private var needsComma: [Bool] = [false]
    let pretty: Bool
    private var depth = 0

    init(pretty: Bool = true) { self.pretty = pretty }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { text += "," }
        needsComma[needsComma.count - 1] = true
        if pretty && depth > 0 { text += "\n" + String(repeating: "  ", count: depth) }
    }

    mutating func beginObject(_ key: String? = nil) {
        prefix(key)
        text += "{"
        open()
    }

    mutating func beginArray(_ key: String? = nil) {
        prefix(key)
        text += "["
        open()
    }

    mutating func endObject() { close("}") }
    mutating func endArray() { close("]") }

    private mutating func open() {
        depth += 1
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        let hadItems = needsComma.removeLast()
        depth -= 1
        if pretty && hadItems { text += "\n" + String(repeating: "  ", count: depth) }
        text += bracket
    }

    private mutating func prefix(_ key: String?) {
        separator()
        if let key { text += JSONDocument.quoted(key) + (pretty ? ": " : ":") }
    }

    mutating func string(_ key: String?, _ value: String?) {
        prefix(key)
        text += value.map { JSONDocument.quoted($0) } ?? "null"
    }

    mutating func number(_ key: String?, _ value: Int?) {
        prefix(key)
        text += value.map { String($0) } ?? "null"
    }

    mutating func bool(_ key: String?, _ value: Bool) {
        prefix(key)
        text += value ? "true" : "false"
    }

    mutating func raw(_ key: String?, _ json: String) {
        prefix(key)
        text += json
    }
}
