import PushLintJSON
import PushLintModel

/// Reads localizable strings for `loc-key` (APNs) and `title_loc_key` / `body_loc_key` (FCM Android): the keys, their
/// locales, and the format specifiers `loc-args` fill.
/// - `Localizable.strings`: `"key" = "value";` in UTF-8 or UTF-16 (with or without a byte order mark), comments
///   skipped; invalid UTF-16 or text that is no strings file makes the file unreadable (what was read stays);
/// - `Localizable.stringsdict`: each key's `NSStringLocalizedFormatKey`, whose `%#@variable@` is one argument of
///   the variable's `NSStringFormatValueTypeKey`;
/// - `Localizable.xcstrings` (a String Catalog, JSON): every key with the locales of its `localizations`, and the
///   catalog's `sourceLanguage` as the development locale (a key without a source localization is its own text);
/// - Android `res/values*/strings.xml`: `<string name>` (not `formatted="false"`), with `<color>` and
///   `<drawable>` resources beside.
/// Every reader is one pass over the bytes.
enum LocalizedStringScanner {
    // MARK: Format specifiers

    enum FormatStyle { case apple, java }

    /// The conversions of the format specifiers of `text` in argument order (`%1$@` and `%@` both fill one
    /// argument; positional ones by their position): `%%` and Java's `%n` take none, `%#@name@` (a plural variable)
    /// is `#`.
    static func conversions(in text: String, style: FormatStyle) -> [Character] {
        let (sequential, positional) = specifiers(in: text, style: style)
        guard let last = positional.keys.max() else { return sequential }
        var result = (1...max(last, sequential.count)).map { positional[$0] ?? "?" }
        for (index, conversion) in sequential.enumerated() where result[index] == "?" { result[index] = conversion }
        return result
    }

    /// `conversions` with the arguments a plural variable's texts name by position. A variable's own number is
    /// written `%d` (or `%lld`, or Xcode's `%arg`) in its texts and is the variable's argument, but `%2$@` in them is
    /// the format's second argument (`"%#@followers@"` whose texts are `"%2$@ follower"` / `"%2$@ followers"` takes
    /// two): counted, or the string looks one argument short of what the app passes.
    static func conversions(in format: String, variableTexts: [String]) -> [Character] {
        var result = conversions(in: format, style: .apple)
        for text in variableTexts where text.utf8.contains(UInt8(ascii: "$")) {
            for (position, conversion) in specifiers(in: text, style: .apple).positional.sorted(by: { $0.key < $1.key })
            where position > result.count && position <= 64 {
                result += [Character](repeating: "?", count: position - result.count - 1) + [conversion]
            }
        }
        return result
    }

    /// The specifiers of `text`: those without a position in order, and those with one by position.
    static func specifiers(in text: String, style: FormatStyle) -> (
        sequential: [Character], positional: [Int: Character]
    ) {
        // Most strings have no specifier: settled on the bytes, without listing the scalars.
        guard text.utf8.contains(UInt8(ascii: "%")) else { return ([], [:]) }
        let scalars = Array(text.unicodeScalars)
        var sequential: [Character] = []
        var positional: [Int: Character] = [:]
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
        while i < scalars.count {
            guard scalars[i] == "%" else {
                i += 1
                continue
            }
            var j = i + 1
            guard j < scalars.count else { break }
            if scalars[j] == "%" {
                i = j + 1
                continue
            }
            if style == .apple, scalars[j] == "#", j + 1 < scalars.count, scalars[j + 1] == "@" {
                // `%#@name@`: one argument of the variable's type.
                var k = j + 2
                while k < scalars.count, scalars[k] != "@" { k += 1 }
                sequential.append("#")
                i = k + 1
                continue
            }
            // An argument position `N$`.
            var number = 0
            var k = j
            while k < scalars.count, isDigit(scalars[k]), number < 10_000 {
                number = number * 10 + Int(scalars[k].value - 48)
                k += 1
            }
            var position: Int?
            if k > j, k < scalars.count, scalars[k] == "$" {
                position = number
                j = k + 1
            }
            while j < scalars.count, isFlag(scalars[j], style) { j += 1 }
            while j < scalars.count, isDigit(scalars[j]) || scalars[j] == "*" { j += 1 }
            if j < scalars.count, scalars[j] == "." {
                j += 1
                while j < scalars.count, isDigit(scalars[j]) || scalars[j] == "*" { j += 1 }
            }
            if style == .apple {
                while j < scalars.count, "hlqLztj".unicodeScalars.contains(scalars[j]) { j += 1 }
            }
            guard j < scalars.count else { break }
            let conversion = scalars[j]
            let known =
                style == .apple
                ? "@dDiuUxXoOfFeEgGcCsSpaA".unicodeScalars.contains(conversion)
                : "bBhHsScCdoxXeEfgGaAtT".unicodeScalars.contains(conversion)
            if style == .java, conversion == "n" {
                i = j + 1
                continue
            }
            guard known else {
                // Not a specifier ("100% sure"): the `%` stands for itself.
                i += 1
                continue
            }
            if style == .java, conversion == "t" || conversion == "T" { j += 1 }
            let character = Character(conversion)
            if let position, position > 0 {
                positional[position] = character
            } else {
                sequential.append(character)
            }
            i = j + 1
        }
        return (sequential, positional)
    }

    /// A flag of a specifier. No space flag: "50% off" is text, not a specifier with a space flag.
    static func isFlag(_ scalar: Unicode.Scalar, _ style: FormatStyle) -> Bool {
        switch scalar {
        case "-", "+", "#", "0": return true
        case "'": return style == .apple
        case ",", "(", "<": return style == .java
        default: return false
        }
    }

    // MARK: Localizable.strings

    /// The file's text as UTF-8, from UTF-8 or UTF-16 (either byte order, with or without a byte order mark), or
    /// why it is not text.
    static func utf8(_ bytes: [UInt8]) -> Result<[UInt8], ReadProblem> {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .success(Array(bytes.dropFirst(3))) }
        var bigEndian: Bool?
        var start = 0
        if bytes.starts(with: [0xFF, 0xFE]) {
            bigEndian = false
            start = 2
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            bigEndian = true
            start = 2
        } else if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 {
            bigEndian = true
        } else if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 {
            bigEndian = false
        }
        guard let bigEndian else {
            if bytes.contains(0) { return .failure(.init("it holds NUL bytes but is not UTF-16")) }
            return .success(bytes)
        }
        guard (bytes.count - start) % 2 == 0 else {
            return .failure(.init("it is not valid UTF-16 (an odd number of bytes)"))
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2)
        var i = start
        func unit(_ at: Int) -> UInt32 {
            bigEndian ? UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1]) : UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
        }
        while i < bytes.count {
            var value = unit(i)
            i += 2
            if value >= 0xD800 && value < 0xDC00 {
                guard i < bytes.count, case let low = unit(i), low >= 0xDC00 && low < 0xE000 else {
                    return .failure(.init("it is not valid UTF-16 (an unpaired surrogate at byte \(i - 2))"))
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                i += 2
            } else if value >= 0xDC00 && value < 0xE000 {
                return .failure(.init("it is not valid UTF-16 (an unpaired surrogate at byte \(i - 2))"))
            }
            guard let scalar = Unicode.Scalar(value) else {
                return .failure(.init("it is not valid UTF-16 at byte \(i - 2)"))
            }
            append(scalar, to: &out)
        }
        return .success(out)
    }

    /// The UTF-8 of one scalar, written into `out` (no buffer per scalar).
    static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (v >> 6)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (v >> 12)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (v >> 18)))
            out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    struct ReadProblem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func scanStrings(_ bytes: [UInt8], locale: String, into scan: inout AppSourceScan) {
        let text: [UInt8]
        switch utf8(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let problem):
            scan.unreadable = problem.reason
            return
        }
        var reader = StringsReader(bytes: text)
        while let (key, value, line) = reader.next() {
            scan.resourceFacts.strings.append(
                ResourceScan.StringEntry(
                    platform: .ios, key: key, locale: locale, conversions: conversions(in: value, style: .apple),
                    line: line))
        }
        if let problem = reader.problem { scan.unreadable = problem }
    }

    /// `"key" = "value";` pairs of a strings file, one pass; stops at the first thing that is none, and says what.
    struct StringsReader {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var problem: String?

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipTrivia() {
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x0A {
                    line += 1
                    i += 1
                } else if b == 0x20 || b == 0x09 || b == 0x0D {
                    i += 1
                } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                    while i < bytes.count, bytes[i] != 0x0A { i += 1 }
                } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                    i += 2
                    while i < bytes.count,
                        !(bytes[i] == UInt8(ascii: "*") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/"))
                    {
                        if bytes[i] == 0x0A { line += 1 }
                        i += 1
                    }
                    i += 2
                } else {
                    return
                }
            }
        }

        static func isBareByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2E
                || b == 0x2D || b == 0x24 || b == 0x3A || b == 0x2F
        }

        mutating func string() -> String? {
            guard i < bytes.count else { return nil }
            if bytes[i] != UInt8(ascii: "\"") {
                let start = i
                while i < bytes.count, Self.isBareByte(bytes[i]) { i += 1 }
                return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
            }
            i += 1
            var out: [UInt8] = []
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") {
                    i += 1
                    return String(decoding: out, as: UTF8.self)
                }
                if b == 0x0A { line += 1 }
                if b == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    let e = bytes[i + 1]
                    i += 2
                    switch e {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "U"), UInt8(ascii: "u"):
                        var value: UInt32 = 0
                        var digits = 0
                        while digits < 4, i < bytes.count, let digit = Self.hex(bytes[i]) {
                            value = value << 4 | digit
                            digits += 1
                            i += 1
                        }
                        if let scalar = Unicode.Scalar(value) { out += Array(String(scalar).utf8) }
                    default:
                        if e == 0x0A { line += 1 }
                        out.append(e)
                    }
                    continue
                }
                out.append(b)
                i += 1
            }
            problem = "a string that starts on line \(line) is never closed"
            return nil
        }

        static func hex(_ b: UInt8) -> UInt32? {
            switch b {
            case 0x30...0x39: return UInt32(b - 0x30)
            case 0x41...0x46: return UInt32(b - 0x41 + 10)
            case 0x61...0x66: return UInt32(b - 0x61 + 10)
            default: return nil
            }
        }

        mutating func next() -> (key: String, value: String, line: Int)? {
            guard problem == nil else { return nil }
            skipTrivia()
            guard i < bytes.count else { return nil }
            let keyLine = line
            guard let key = string() else {
                if problem == nil { problem = unexpected() }
                return nil
            }
            skipTrivia()
            if i < bytes.count, bytes[i] == UInt8(ascii: ";") {
                i += 1
                return (key, key, keyLine)
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                problem = unexpected()
                return nil
            }
            i += 1
            skipTrivia()
            guard let value = string() else {
                if problem == nil { problem = unexpected() }
                return nil
            }
            skipTrivia()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
                problem = "the entry '\(key)' on line \(keyLine) does not end with ';'"
                return nil
            }
            i += 1
            return (key, value, keyLine)
        }

        func unexpected() -> String {
            guard i < bytes.count else { return "it ends in the middle of an entry (line \(line))" }
            let b = bytes[i]
            let shown = b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
            return "it is not a strings file: unexpected \(shown) on line \(line)"
        }
    }

    // MARK: Localizable.stringsdict

    static func scanStringsDict(_ bytes: [UInt8], locale: String, into scan: inout AppSourceScan) {
        guard let root = PropertyListScanner.readRoot(bytes, into: &scan) else { return }
        guard case .dictionary(let members, _) = root else {
            scan.unreadable = "its root is not a dictionary of strings"
            return
        }
        for member in members {
            guard case .string(let format, _) = member.value.member("NSStringLocalizedFormatKey") else { continue }
            // `%#@name@` is one argument, of the type its variable declares.
            let variables = self.variables(in: format)
            var texts: [String] = []
            for name in variables {
                guard case .dictionary(let rules, _) = member.value.member(name) else { continue }
                for rule in rules where !rule.key.hasPrefix("NSStringFormat") {
                    if case .string(let text, _) = rule.value { texts.append(text) }
                }
            }
            var result = conversions(in: format, variableTexts: texts)
            var variableIndex = 0
            for index in result.indices where result[index] == "#" {
                defer { variableIndex += 1 }
                guard variableIndex < variables.count,
                    case .string(let type, _) = member.value.member(variables[variableIndex])?.member(
                        "NSStringFormatValueTypeKey"),
                    let last = type.last
                else {
                    result[index] = "d"
                    continue
                }
                result[index] = last
            }
            scan.resourceFacts.strings.append(
                ResourceScan.StringEntry(
                    platform: .ios, key: member.key, locale: locale, conversions: result, line: member.line))
        }
    }

    /// The names of the `%#@name@` variables of a format, in order.
    static func variables(in format: String) -> [String] {
        let scalars = Array(format.unicodeScalars)
        var names: [String] = []
        var i = 0
        while i + 2 < scalars.count {
            guard scalars[i] == "%", scalars[i + 1] == "#", scalars[i + 2] == "@" else {
                i += 1
                continue
            }
            var end = i + 3
            var name = String.UnicodeScalarView()
            while end < scalars.count, scalars[end] != "@" {
                name.append(scalars[end])
                end += 1
            }
            names.append(String(name))
            i = end + 1
        }
        return names
    }

    // MARK: String Catalogs

    static func scanCatalog(_ bytes: [UInt8], into scan: inout AppSourceScan) {
        let result = JSONParser.parse(
            bytes,
            options: JSONParseOptions(
                mode: .strict, maxDepth: 64, maxBytes: AppResourceKind.stringCatalog.maximumFileBytes)
        )
        guard let doc = result.document else {
            scan.unreadable = "it is not JSON: " + (result.error?.message ?? "it could not be parsed")
            return
        }
        guard doc.kind(doc.root) == .object, let strings = doc.member(doc.root, "strings"),
            doc.kind(strings) == .object
        else {
            scan.unreadable = "it is no String Catalog (no \"strings\" object)"
            return
        }
        let source = doc.member(doc.root, "sourceLanguage").flatMap(doc.stringValue) ?? "en"
        scan.resourceFacts.developmentLocale = source
        let lines = LineIndex(bytes)
        // Only the line: `position(of:)` also counts the line's scalars up to each key, quadratic in a catalog
        // written on one line.
        for member in doc.members(strings) {
            let key = doc.string(member.key)
            let line = lines.bytePosition(of: doc.span(member.key).start).line
            var texts: [String: String] = [:]
            var substitutionTexts: [String: [String]] = [:]
            if doc.kind(member.value) == .object, let localizations = doc.member(member.value, "localizations"),
                doc.kind(localizations) == .object
            {
                for localization in doc.members(localizations) {
                    let locale = doc.string(localization.key)
                    texts[locale] = text(of: localization.value, doc) ?? ""
                    substitutionTexts[locale] = self.substitutionTexts(of: localization.value, doc)
                }
            }
            // The key is the source text when the source locale has no entry of its own.
            if texts[source] == nil { texts[source] = key }
            for (locale, text) in texts {
                var result = conversions(in: text, variableTexts: substitutionTexts[locale] ?? [])
                for index in result.indices where result[index] == "#" { result[index] = "d" }
                scan.resourceFacts.strings.append(
                    ResourceScan.StringEntry(platform: .ios, key: key, locale: locale, conversions: result, line: line))
            }
        }
    }

    /// The texts of a localization's plural `substitutions` (every case of every variable), where a `%2$@` names
    /// an argument of the whole string.
    static func substitutionTexts(of localization: NodeID, _ doc: JSONDocument) -> [String] {
        guard doc.kind(localization) == .object, let substitutions = doc.member(localization, "substitutions"),
            doc.kind(substitutions) == .object
        else { return [] }
        var result: [String] = []
        for substitution in doc.members(substitutions) {
            guard let variations = doc.member(substitution.value, "variations"), doc.kind(variations) == .object else {
                continue
            }
            for kind in doc.members(variations) where doc.kind(kind.value) == .object {
                for variation in doc.members(kind.value) {
                    if let unit = doc.member(variation.value, "stringUnit"), doc.kind(unit) == .object,
                        let value = doc.member(unit, "value").flatMap(doc.stringValue)
                    {
                        result.append(value)
                    }
                }
            }
        }
        return result
    }

    /// A localization's text: its `stringUnit.value`, else that of its `other` (or first) variation, on an explicit
    /// walk of at most a few levels.
    static func text(of localization: NodeID, _ doc: JSONDocument) -> String? {
        var node = localization
        for _ in 0..<8 {
            guard doc.kind(node) == .object else { return nil }
            if let unit = doc.member(node, "stringUnit"), doc.kind(unit) == .object,
                let value = doc.member(unit, "value").flatMap(doc.stringValue)
            {
                return value
            }
            guard let variations = doc.member(node, "variations"), doc.kind(variations) == .object,
                let kind = doc.members(variations).first?.value, doc.kind(kind) == .object
            else { return nil }
            guard let next = doc.member(kind, "other") ?? doc.members(kind).first?.value else { return nil }
            node = next
        }
        return nil
    }

    // MARK: Android values

    /// `<string name="x">`, `<color name="x">` and `<drawable name="x">` of a `res/values*` file.
    static func scanAndroidValues(
        _ file: AndroidResourceScanner.ValuesFile, path: String, into scan: inout AppSourceScan
    ) {
        let locale = AppResourceKind.androidLocale(path)
        for string in file.strings {
            scan.resourceFacts.strings.append(
                ResourceScan.StringEntry(
                    platform: .android, key: string.name, locale: locale,
                    conversions: string.formatted ? conversions(in: string.text, style: .java) : [], line: string.line))
        }
        for color in file.colors {
            scan.resourceFacts.colors.append(
                AppFacts.Resource(
                    platform: .android, name: color.name, location: AppFacts.Location(path: scan.path, line: color.line)
                ))
        }
        for drawable in file.drawables {
            scan.resourceFacts.icons.append(
                AppFacts.Resource(
                    platform: .android, name: drawable.name,
                    location: AppFacts.Location(path: scan.path, line: drawable.line)))
        }
        if !scan.resourceFacts.strings.isEmpty { scan.platforms.insert(.android) }
    }
}
