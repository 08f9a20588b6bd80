import PushLintModel

/// Reads Swift `ActivityAttributes` types: the stored properties their synthesized `Decodable` conformance reads,
/// for the static `attributes` (push-to-start) and the nested `ContentState` (`content-state`), by the keys of a
/// `CodingKeys` enum when there is one.
///
/// What the synthesized decoder does is known; what a hand-written one does is not: a type with its own
/// `init(from:)` (often written to tolerate absent keys), a `ContentState` that is a type alias or declared in
/// another file, and an `extension X: ActivityAttributes` of a type declared elsewhere are listed as unresolved,
/// never guessed. Only the file's tokens are read (comments and strings cannot fool it).
enum LiveActivityScanner {
    static let marker = Array("ActivityAttributes".utf8)

    /// A type declaration of the file: `struct`/`enum`/`class`/`extension` name, its body's brackets.
    struct Declaration {
        var keyword: String
        var name: String
        var headerStart: Int
        var open: Int
        var close: Int
        var conformsToActivityAttributes: Bool
    }

    static func scan(_ file: SourceFile, into scan: inout AppSourceScan) {
        guard contains(file.bytes, marker) else { return }
        let declarations = self.declarations(file)
        var seen: Set<String> = []
        for declaration in declarations where declaration.conformsToActivityAttributes {
            guard seen.insert(declaration.name).inserted else { continue }
            let location = AppFacts.Location(path: scan.path, line: file.line(declaration.headerStart))
            let bodies = declarations.filter {
                $0.name == declaration.name && ($0.keyword == "struct" || $0.keyword == "extension")
            }
            guard let type = bodies.first(where: { $0.keyword == "struct" }) else {
                scan.notes.append(
                    AppFacts.Unresolved(
                        what: "Live Activity type \(declaration.name) (declared in another file or module)",
                        location: location))
                continue
            }
            let outer = members(file, bodies.map { ($0.open, $0.close) })
            let typeLocation = AppFacts.Location(path: scan.path, line: file.line(type.headerStart))
            var attributes: [AppFacts.LiveActivityField]? = outer.fields
            if outer.customDecoder {
                attributes = nil
                scan.notes.append(
                    AppFacts.Unresolved(
                        what: "attributes of Live Activity type \(type.name) (a custom init(from:))",
                        location: typeLocation))
            }
            var contentState: [AppFacts.LiveActivityField]?
            if let nested = outer.contentState {
                let state = members(file, [(nested.open, nested.close)])
                if state.customDecoder {
                    scan.notes.append(
                        AppFacts.Unresolved(
                            what: "content state of Live Activity type \(type.name) (a custom init(from:))",
                            location: .init(path: scan.path, line: file.line(nested.headerStart))))
                } else {
                    contentState = state.fields
                }
            } else {
                scan.notes.append(
                    AppFacts.Unresolved(
                        what: "content state of Live Activity type \(type.name) (ContentState is declared elsewhere)",
                        location: typeLocation))
            }
            scan.resourceFacts.liveActivities.append(
                AppFacts.LiveActivity(
                    attributesType: type.name, contentState: contentState, attributes: attributes,
                    location: typeLocation))
        }
        if !scan.resourceFacts.liveActivities.isEmpty { scan.platforms.insert(.ios) }
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// Every `struct`, `enum`, `class` and `extension` with a body, at any depth.
    static func declarations(_ file: SourceFile) -> [Declaration] {
        var result: [Declaration] = []
        var i = 0
        while i < file.count {
            defer { i += 1 }
            guard file.isIdentifier(i, oneOf: ["struct", "enum", "class", "extension", "actor"]),
                file.isIdentifier(i + 1)
            else { continue }
            // The name: `A.B` for an extension of a nested type is `B` of `A`; the last part names it.
            var j = i + 1
            var name = file.text(j)
            while file.isPunctuation(j + 1, "."), file.isIdentifier(j + 2) {
                j += 2
                name = file.text(j)
            }
            var conforms = false
            var k = j + 1
            // The header runs to the body's `{` (a `where` clause and generic brackets included).
            while k < file.count, !file.isPunctuation(k, "{"), !file.isPunctuation(k, ";"), !file.isPunctuation(k, "}")
            {
                if file.isIdentifier(k, "ActivityAttributes") { conforms = true }
                if file.isPunctuation(k, "("), let close = file.partner(of: k), close > k {
                    k = close
                }
                k += 1
            }
            guard file.isPunctuation(k, "{"), let close = file.partner(of: k), close > k else { continue }
            result.append(
                Declaration(
                    keyword: file.text(i), name: name, headerStart: i, open: k, close: close,
                    conformsToActivityAttributes: conforms))
        }
        return result
    }

    struct Members {
        var fields: [AppFacts.LiveActivityField] = []
        var customDecoder = false
        /// The nested `struct ContentState` (nil when absent or a type alias).
        var contentState: Declaration?
    }

    /// The decoded stored properties of the bodies of one type (its declaration and extensions), by their keys.
    static func members(_ file: SourceFile, _ bodies: [(open: Int, close: Int)]) -> Members {
        var result = Members()
        var properties: [(name: String, type: String, optional: Bool, initialized: Bool, isLet: Bool)] = []
        var codingKeys: [String: String]?
        for body in bodies {
            var k = body.open + 1
            while k < body.close {
                if file.isPunctuation(k, "{") || file.isPunctuation(k, "(") || file.isPunctuation(k, "[") {
                    k = max(k, file.partner(of: k) ?? k) + 1
                    continue
                }
                if file.isIdentifier(k, oneOf: ["struct", "enum", "class"]), file.isIdentifier(k + 1) {
                    let name = file.text(k + 1)
                    var open = k + 2
                    while open < body.close, !file.isPunctuation(open, "{") { open += 1 }
                    guard open < body.close, let close = file.partner(of: open), close > open else {
                        k += 2
                        continue
                    }
                    if name == "ContentState", file.text(k) == "struct" {
                        result.contentState = Declaration(
                            keyword: "struct", name: name, headerStart: k, open: open, close: close,
                            conformsToActivityAttributes: false)
                    } else if name == "CodingKeys" {
                        codingKeys = self.codingKeys(file, open, close)
                    }
                    k = close + 1
                    continue
                }
                if file.isIdentifier(k, "init"), file.isPunctuation(k + 1, "("), file.isIdentifier(k + 2, "from") {
                    result.customDecoder = true
                }
                if file.isIdentifier(k, oneOf: ["var", "let"]), file.isIdentifier(k + 1),
                    file.isPunctuation(k + 2, ":"),
                    !isStatic(file, before: k)
                {
                    let isLet = file.isIdentifier(k, "let")
                    let name = file.text(k + 1)
                    let (type, end) = self.type(file, from: k + 3, limit: body.close)
                    var initialized = false
                    var computed = false
                    if file.isPunctuation(end, "=") { initialized = true }
                    if file.isPunctuation(end, "{") {
                        // `{ get … }` or a getter body is computed; `{ didSet … }` observes a stored property.
                        computed = !(file.isIdentifier(end + 1, "didSet") || file.isIdentifier(end + 1, "willSet"))
                    }
                    if !computed, !type.isEmpty {
                        var text = type
                        var optional = false
                        if text.hasSuffix("?") || text.hasSuffix("!") {
                            optional = true
                            text.removeLast()
                        } else if text.hasPrefix("Optional<"), text.hasSuffix(">") {
                            optional = true
                            text = String(text.dropFirst("Optional<".count).dropLast())
                        }
                        properties.append((name, text, optional, initialized, isLet))
                    }
                    k = max(end, k + 3)
                    continue
                }
                k += 1
            }
        }
        for property in properties {
            // A `let` with an initial value is never decoded; with `CodingKeys`, only the properties it lists are.
            if property.isLet && property.initialized { continue }
            var key = property.name
            if let codingKeys {
                guard let mapped = codingKeys[property.name] else { continue }
                key = mapped
            }
            result.fields.append(
                AppFacts.LiveActivityField(name: key, type: property.type, optional: property.optional))
        }
        return result
    }

    /// `static var` / `class let`: not part of an instance's encoding.
    static func isStatic(_ file: SourceFile, before k: Int) -> Bool {
        var j = k - 1
        while j >= 0, file.line(j) == file.line(k), file.isIdentifier(j) {
            if file.isIdentifier(j, "static") || file.isIdentifier(j, "class") { return true }
            j -= 1
        }
        return false
    }

    /// The type after a property's `:`, as written, and the token that ends it (`=`, `{`, `;`, or the next line).
    static func type(_ file: SourceFile, from start: Int, limit: Int) -> (String, Int) {
        guard start < limit else { return ("", limit) }
        let line = file.line(start)
        var text = ""
        var k = start
        while k < limit {
            if file.isPunctuation(k, "=") || file.isPunctuation(k, "{") || file.isPunctuation(k, ";")
                || file.isPunctuation(k, "}")
            {
                break
            }
            if file.line(k) != line && !text.isEmpty && !text.hasSuffix(",") && !text.hasSuffix("<") { break }
            if file.isPunctuation(k, "["), let close = file.partner(of: k), close > k, close < limit {
                text += file.sourceText(k..<(close + 1)).filter { $0 != " " }
                k = close + 1
                continue
            }
            if file.isPunctuation(k, "@") { break }
            text += file.text(k)
            k += 1
        }
        return (text, k)
    }

    /// `case a = "a_key", b` of a `CodingKeys` enum: property name to key.
    static func codingKeys(_ file: SourceFile, _ open: Int, _ close: Int) -> [String: String] {
        var keys: [String: String] = [:]
        var k = open + 1
        var inCase = false
        while k < close {
            if file.isIdentifier(k, "case") {
                inCase = true
            } else if inCase, file.isIdentifier(k) {
                let name = file.text(k)
                if file.isPunctuation(k + 1, "="), let value = file.stringValue(k + 2) {
                    keys[name] = value
                    k += 3
                    continue
                }
                keys[name] = name
            } else if file.isPunctuation(k, "{") || file.isPunctuation(k, "(") {
                inCase = false
                k = max(k, file.partner(of: k) ?? k) + 1
                continue
            } else if !file.isPunctuation(k, ",") {
                inCase = false
            }
            k += 1
        }
        return keys
    }
}
