import PushLintJSON

/// Template placeholder delimiters (`{{ }}` by default: Mustache, Handlebars, Jinja, Liquid, Go templates).
public struct PlaceholderDelimiters: Sendable, Hashable {
    public let open: String
    public let close: String
    /// Their UTF-8: every string of every template is searched for them.
    let openUTF8: [UInt8]
    let closeUTF8: [UInt8]

    public init(open: String, close: String) {
        self.open = open
        self.close = close
        openUTF8 = Array(open.utf8)
        closeUTF8 = Array(close.utf8)
    }
    public static let mustache = PlaceholderDelimiters(open: "{{", close: "}}")

    /// Whether `find` would find a placeholder in this UTF-8, without building the text: `find` stops at the first
    /// opening delimiter that is not closed, so the answer is whether the first one is.
    public func containsPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let open = openUTF8
        let close = closeUTF8
        guard !open.isEmpty, !close.isEmpty, bytes.count >= open.count else { return false }
        guard let i = ASCIIText.firstIndex(of: open, in: bytes) else { return false }
        var j = i + open.count
        var closer = close
        if open.last == UInt8(ascii: "{"), j < bytes.count, bytes[j] == UInt8(ascii: "{") {
            closer = [UInt8(ascii: "}")] + close
            j += 1
        }
        return ASCIIText.contains(UnsafeBufferPointer(rebasing: bytes[j...]), closer)
    }

    /// Placeholders in a text, in order. `{{{ raw }}}` counts as one placeholder.
    public func find(in text: String) -> [Placeholder] {
        var result: [Placeholder] = []
        let scalars = Array(text.unicodeScalars)
        let open = Array(self.open.unicodeScalars)
        let close = Array(self.close.unicodeScalars)
        guard !open.isEmpty, !close.isEmpty else { return [] }
        func matches(_ pattern: [Unicode.Scalar], _ at: Int) -> Bool {
            guard at + pattern.count <= scalars.count else { return false }
            for k in 0..<pattern.count where scalars[at + k] != pattern[k] { return false }
            return true
        }
        var i = 0
        while i < scalars.count {
            guard matches(open, i) else {
                i += 1
                continue
            }
            var closer = close
            var j = i + open.count
            if open.last == "{", j < scalars.count, scalars[j] == "{" {
                closer = ["}"] + close
                j += 1
            }
            let innerStart = j
            while j < scalars.count, !matches(closer, j) { j += 1 }
            guard j < scalars.count else { break }
            var inner = String(String.UnicodeScalarView(scalars[innerStart..<j]))
            inner = inner.trimmingSpaces
            result.append(Placeholder(expression: inner, scalarOffset: i, scalarLength: j + closer.count - i))
            i = j + closer.count
        }
        return result
    }
}

/// A placeholder found in a string or in value position.
public struct Placeholder: Sendable, Hashable {
    /// The text between the delimiters, trimmed (`name`, `user.name | upper`).
    public var expression: String
    public var scalarOffset: Int
    public var scalarLength: Int

    /// The variable it reads: the first identifier path of the expression, without filters or helpers'
    /// keywords (`user.name | upper` -> `user.name`, `#if x` -> `x`, `.cursor` -> `cursor`).
    public var variable: String {
        var text = expression
        // `.Title` of a Go template reads the field `Title`.
        while let first = text.first, "#/^&>!-~=.".contains(first) { text.removeFirst() }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "|" || $0 == "(" || $0 == ")" }).map(String.init)
        return words.first { !Self.helperKeywords.contains($0) } ?? text
    }

    /// The filters after the variable, by name (`name | truncate: 40 | upcase` -> `truncate`, `upcase`), with
    /// their arguments.
    public var filters: [(name: String, argument: String)] {
        expression.split(separator: "|").dropFirst().map { part in
            let text = String(part).trimmingSpaces
            guard let cut = text.firstIndex(where: { $0 == ":" || $0 == "(" || $0 == " " }) else { return (text, "") }
            var argument = String(text[text.index(after: cut)...]).trimmingSpaces
            if argument.hasSuffix(")") { argument.removeLast() }
            return (String(text[..<cut]), argument)
        }
    }

    /// A filter that writes its value as JSON (`| json`, `| tojson`, `| dump`): a string renders with its quotes.
    public var rendersJSON: Bool {
        filters.contains { Self.jsonFilters.contains($0.name) }
    }

    static let jsonFilters: Set<String> = ["json", "tojson", "dump", "jsonify", "json_encode", "to_json"]

    /// The most characters the value renders to when a filter bounds it: Liquid's `truncate: N` and Django's
    /// `truncatechars:N` (ellipsis included), Jinja's and Nunjucks' `truncate(N)` (which leaves a text of up to N + 5
    /// characters whole, its default leeway).
    public var declaredMaximumLength: Int? {
        var result: Int?
        for filter in filters where filter.name == "truncate" || filter.name == "truncatechars" {
            var argument = Substring(filter.argument)
            if argument.hasPrefix("length=") { argument = argument.dropFirst(7) }
            let digits = argument.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { continue }
            // More digits than an Int holds is still a bound, just one no payload reaches.
            let n = Int(digits) ?? Int.max
            let bound = filter.name == "truncate" && expression.contains("truncate(") ? Saturating.add(n, 5) : n
            result = min(result ?? bound, bound)
        }
        return result
    }

    /// Words of Handlebars and Go templates that are not variables.
    static let helperKeywords: Set<String> = ["if", "unless", "each", "with", "else", "end", "range", "not"]
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}

extension PlaceholderDelimiters {
    /// A strict `.json` file is a template all the same when its strings name variables the contract declares
    /// (`"title": "{{title}}"`): their declared maxima are then what its worst-case size is measured with. Only
    /// strings are looked at (a placeholder in value position does not parse as strict JSON), and only files that
    /// hold the opening delimiter at all.
    public func namesDeclaredVariable(in document: JSONDocument, declared: [String: Contract.Variable]) -> Bool {
        guard !declared.isEmpty, !document.nodes.isEmpty else { return false }
        let mayHold = document.bytes.withUnsafeBufferPointer { containsPlaceholder($0) }
        guard mayHold else { return false }
        for node in document.nodes.indices where document.kind(node) == .string {
            let holds = document.withStringBytes(node) { containsPlaceholder($0) }
            if holds, find(in: document.string(node)).contains(where: { declared[$0.variable] != nil }) { return true }
        }
        return false
    }
}
