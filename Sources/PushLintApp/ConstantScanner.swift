/// Finds the string constants of a source file: the simple ones an identifier may be resolved to (a simple
/// constant in the same project), with the type, object or enum they belong to, so that `Channels.ORDERS` finds the
/// `ORDERS` of `Channels`.
///
/// - Kotlin `val NAME = "x"` (and `const val`), Java `final String NAME = "x";`, Swift `let name = "x"` and
///   `case name = "x"` in an enum, Objective-C `NSString *const NAME = @"x";` and `#define NAME @"x"`, JavaScript
///   `const NAME = 'x'`, members of an object literal (`const Channels = { ORDERS: 'orders' }`) and of a TypeScript
///   enum, Dart `const name = 'x'` and `final name = 'x'`.
/// - The value must be one plain string literal ending the statement: `val x = "a" + b` is no constant.
enum ConstantScanner {
    struct Container {
        enum Kind { case type, enumeration, object }
        var name: String
        var depth: Int
        var kind: Kind
    }

    // The keyword lists are built once: a literal array at the call is built again for every identifier.
    static let functionKeywords: [StaticString] = ["fun", "func", "function"]
    static let typeKeywords: [StaticString] = ["class", "interface", "struct", "protocol", "extension", "mixin"]
    static let bindingKeywords: [StaticString] = ["const", "let", "var"]
    /// The longest keyword the scanner looks for (`interface`, `extension`, `function`): longer identifiers, most
    /// of them, are no keyword and skip every comparison.
    static let longestKeyword = 9

    static func keywords(_ language: SourceLanguage) -> [StaticString] {
        switch language {
        case .kotlin: return ["val"]
        case .java: return ["final"]
        case .swift: return ["let"]
        case .objectiveC: return ["const"]
        case .javaScript: return ["const"]
        case .dart: return ["const", "final"]
        }
    }

    static func definitions(in file: SourceFile) -> [ConstantDefinition] {
        var result: [ConstantDefinition] = []
        var depth = 0
        var containers: [Container] = []
        var pending: (name: String, kind: Container.Kind)?
        let keywords = keywords(file.language)
        let tracksContainers = file.language != .objectiveC

        func scope() -> ConstantDefinition.Scope {
            if let container = containers.last, container.depth == depth { return .member(container.name) }
            return depth == 0 ? .topLevel : .local
        }

        var i = 0
        while i < file.count {
            let token = file.tokens[i]
            if token.kind == .punctuation {
                switch file.bytes[Int(token.start)] {
                case UInt8(ascii: "{"):
                    depth += 1
                    if let open = pending {
                        containers.append(Container(name: open.name, depth: depth, kind: open.kind))
                        pending = nil
                    }
                case UInt8(ascii: "}"):
                    if containers.last?.depth == depth { containers.removeLast() }
                    depth = max(0, depth - 1)
                case UInt8(ascii: ";"):
                    pending = nil
                case UInt8(ascii: "#") where file.language == .objectiveC && file.isIdentifier(i + 1, "define"):
                    if let definition = macro(file, at: i) { result.append(definition) }
                default:
                    break
                }
                i += 1
                continue
            }
            guard token.kind == .identifier else {
                // JavaScript object members and enum cases keyed by a string: `'orders': 'orders'`.
                if token.kind == .string, let member = member(file, at: i, containers, depth) { result.append(member) }
                i += 1
                continue
            }
            if Int(token.end - token.start) > longestKeyword {
                if let member = member(file, at: i, containers, depth) { result.append(member) }
                i += 1
                continue
            }
            if tracksContainers, let open = container(file, at: i, enclosing: containers.last?.name) {
                pending = open
            } else if file.isIdentifier(i, oneOf: functionKeywords) {
                pending = nil
            }
            if file.isIdentifier(i, oneOf: keywords), let definition = declaration(file, at: i) {
                result.append(ConstantDefinition(name: definition.name, scope: scope(), value: definition.value))
            } else if file.language == .swift, file.isIdentifier(i, "case") {
                for definition in enumCases(file, at: i) {
                    result.append(ConstantDefinition(name: definition.name, scope: scope(), value: definition.value))
                }
            } else if let member = member(file, at: i, containers, depth) {
                result.append(member)
            }
            i += 1
        }
        return result
    }

    /// `class X`, `object X`, `enum X`, `struct X`, `extension X`, `companion object` (its members belong to the
    /// enclosing class), a JavaScript `const X = {`.
    static func container(_ file: SourceFile, at i: Int, enclosing: String?) -> (name: String, kind: Container.Kind)? {
        if file.isIdentifier(i, "object") {
            if file.isIdentifier(i - 1, "companion") { return enclosing.map { ($0, .type) } }
            return file.isIdentifier(i + 1) ? (file.text(i + 1), .type) : nil
        }
        if file.isIdentifier(i, "enum") {
            if file.isIdentifier(i + 1, "class"), file.isIdentifier(i + 2) { return (file.text(i + 2), .enumeration) }
            return file.isIdentifier(i + 1) ? (file.text(i + 1), .enumeration) : nil
        }
        if file.isIdentifier(i, oneOf: typeKeywords),
            !file.isIdentifier(i - 1, "enum"), file.isIdentifier(i + 1)
        {
            return (file.text(i + 1), .type)
        }
        if file.language == .javaScript, file.isIdentifier(i, oneOf: bindingKeywords), file.isIdentifier(i + 1),
            file.isPunctuation(i + 2, "="), file.isPunctuation(i + 3, "{")
        {
            return (file.text(i + 1), .object)
        }
        return nil
    }

    /// `KEYWORD [modifiers/type] NAME [: Type] = "value"` ending the statement.
    static func declaration(_ file: SourceFile, at i: Int) -> (name: String, value: String)? {
        var j = i + 1
        var colon: Int?
        var lastIdentifier: Int?
        while j < file.count, j - i <= 10 {
            if file.isPunctuation(j, "=") { break }
            if file.isIdentifier(j) {
                lastIdentifier = j
            } else if file.isPunctuation(j, ":") {
                if colon == nil { colon = j }
            } else if !(file.isPunctuation(j, ".") || file.isPunctuation(j, "?") || file.isPunctuation(j, "<")
                || file.isPunctuation(j, ">") || file.isPunctuation(j, "*"))
            {
                return nil
            }
            j += 1
        }
        guard file.isPunctuation(j, "="), !file.isPunctuation(j + 1, "=") else { return nil }
        let nameIndex = colon.map { $0 - 1 } ?? lastIdentifier
        guard let nameIndex, nameIndex > i, file.isIdentifier(nameIndex) else { return nil }
        guard
            let value = literalValue(
                file, at: j + 1, allowing: [";", "}"] + (file.language == .javaScript ? [","] : []))
        else { return nil }
        return (file.text(nameIndex), value)
    }

    /// A plain string (Objective-C: with its `@`) that ends its statement: followed by nothing, a token on a later
    /// line, one of `terminators`, or a TypeScript `as const`.
    static func literalValue(_ file: SourceFile, at index: Int, allowing terminators: [Unicode.Scalar]) -> String? {
        var v = index
        if file.language == .objectiveC, file.isPunctuation(v, "@") { v += 1 }
        guard let value = file.stringValue(v) else { return nil }
        let next = v + 1
        if next >= file.count || file.line(next) > file.line(v) { return value }
        if terminators.contains(where: { file.isPunctuation(next, $0) }) { return value }
        if file.language == .javaScript, file.isIdentifier(next, "as") { return value }
        return nil
    }

    /// Swift `case name = "value"` (and `case a = "x", b = "y"`).
    static func enumCases(_ file: SourceFile, at i: Int) -> [(name: String, value: String)] {
        var result: [(String, String)] = []
        var j = i + 1
        while file.isIdentifier(j), file.isPunctuation(j + 1, "=") {
            guard let value = file.stringValue(j + 2) else { break }
            result.append((file.text(j), value))
            guard file.isPunctuation(j + 3, ",") else { break }
            j += 4
        }
        return result
    }

    /// `#define NAME @"value"` on one line.
    static func macro(_ file: SourceFile, at i: Int) -> ConstantDefinition? {
        guard file.isIdentifier(i + 2), file.line(i + 2) == file.line(i) else { return nil }
        var v = i + 3
        if file.isPunctuation(v, "@") { v += 1 }
        guard let value = file.stringValue(v), file.line(v) == file.line(i),
            v + 1 >= file.count || file.line(v + 1) > file.line(v)
        else { return nil }
        return ConstantDefinition(name: file.text(i + 2), scope: .topLevel, value: value)
    }

    /// A member of a JavaScript object literal (`ORDERS: 'orders'`) or a TypeScript enum (`ORDERS = 'orders'`)
    /// directly inside its braces.
    static func member(_ file: SourceFile, at i: Int, _ containers: [Container], _ depth: Int) -> ConstantDefinition? {
        guard file.language == .javaScript, let container = containers.last, container.depth == depth,
            file.isPunctuation(i - 1, "{") || file.isPunctuation(i - 1, ",")
        else { return nil }
        let separator: Unicode.Scalar = container.kind == .enumeration ? "=" : ":"
        guard container.kind != .type, file.isPunctuation(i + 1, separator),
            let value = literalValue(file, at: i + 2, allowing: [",", "}"])
        else { return nil }
        let name = file.isString(i) ? file.stringValue(i) : file.text(i)
        return name.map { ConstantDefinition(name: $0, scope: .member(container.name), value: value) }
    }
}
