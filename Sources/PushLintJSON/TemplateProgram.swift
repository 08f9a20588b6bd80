/// Templates with control flow (DESIGN.md §3): the tags of each template language, read from the bytes into a
/// block structure that `TemplateProgram.render` turns into one rendering per branch selection.

/// The template languages pushlint reads.
public enum TemplateDialect: String, Sendable, CaseIterable, Hashable {
    /// `{{x}}` placeholders only, no control flow: `.json.tmpl`, and `templates` globs that name no dialect.
    case placeholders
    /// Handlebars and Mustache: `{{#if x}}`, `{{#each}}`, sections `{{#x}}`, inverted `{{^x}}`, `{{! }}`.
    case handlebars
    /// Liquid (Shopify, Braze, Iterable, Customer.io): `{% if %}`, `{% elsif %}`, `{% case %}`, `{% unless %}`.
    case liquid
    /// Jinja, Django and Nunjucks: `{% if %}`, `{% elif %}`, `{% for %}`, `{% set %}`, `{# #}`.
    case jinja
    /// Go `text/template`: `{{if .X}}`, `{{range}}`, `{{with}}`, `{{end}}`, `{{/* */}}`.
    case go

    /// The names a config may give (`"dialect": "nunjucks"`), with the dialect each reads as.
    public static let names: [(name: String, dialect: TemplateDialect)] = [
        ("placeholders", .placeholders), ("handlebars", .handlebars), ("mustache", .handlebars), ("liquid", .liquid),
        ("jinja", .jinja), ("django", .jinja), ("nunjucks", .jinja), ("go", .go),
    ]

    public init?(name: String) {
        guard let found = Self.names.first(where: { $0.name == name }) else { return nil }
        self = found.dialect
    }

    /// Template extensions after `.json`, with their dialect. `.tmpl` stays plain placeholders, as it always was:
    /// Go templates are `.gotmpl`, or `.tmpl` named by a `templates` entry with `"dialect": "go"`.
    public static let extensions: [(suffix: String, dialect: TemplateDialect)] = [
        (".tmpl", .placeholders), (".hbs", .handlebars), (".handlebars", .handlebars), (".mustache", .handlebars),
        (".liquid", .liquid), (".j2", .jinja), (".jinja", .jinja), (".jinja2", .jinja), (".njk", .jinja),
        (".gotmpl", .go),
    ]

    /// The name used in messages.
    public var displayName: String {
        switch self {
        case .placeholders: return "placeholder"
        case .handlebars: return "Handlebars"
        case .liquid: return "Liquid"
        case .jinja: return "Jinja"
        case .go: return "Go template"
        }
    }
}

/// A mistake in a template's own structure: the template engine refuses the template.
public struct TemplateSyntaxProblem: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A tag opened (`{{`, `{%`, `{#`) and never closed.
        case unclosedTag(closer: String)
        /// A block (`if`, `each`, `for`, a section) without its closing tag; `closer` is the tag it needs.
        case unclosedBlock(name: String, closer: String)
        /// A closing tag with no open block, or one that closes another block than the innermost one.
        case unexpectedClose(tag: String, open: String?)
        /// `else`, `elsif`, `when`, ... outside the block it belongs to, or after that block's `else`.
        case misplaced(tag: String, open: String?)
        /// A tag name the dialect does not define (a warning: an engine may register custom tags).
        case unknownTag(name: String)
        /// A tag that needs an argument it lacks (`{% if %}`, `{{#each}}`).
        case missingArgument(tag: String)
        /// `{{{#if` (Handlebars) or `{{{` (Go): a JSON brace written against a tag makes the engine read another tag.
        case braceBeforeTag(tag: String)
        /// Blocks nest deeper than pushlint follows.
        case tooDeep(limit: Int)
    }
    public var kind: Kind
    /// The tag, in the template's bytes.
    public var span: ByteSpan
}

/// A decision a rendering makes: whether a condition holds, which branch of a chain or case, how many items a loop
/// has. Blocks on the same condition share one choice, so `{{#if a}}` twice always goes the same way.
public struct TemplateChoice: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Option 0: the expression is truthy; option 1: it is not.
        case truth(String)
        /// Option i < count: the i-th condition holds (and no earlier one); option count: none does.
        case chain([String])
        /// Option i < count: the subject matches the i-th `when`; option count: none does.
        case cases(subject: String, values: [String])
        /// Option n: the loop renders n times (0, 1 or 2).
        case loop(String)
    }
    public var kind: Kind
    public var optionCount: Int
    /// The first tag that asks it.
    public var span: ByteSpan
}

/// A parsed template: its literal text, placeholders and blocks, and the choices that select a rendering.
public struct TemplateProgram: Sendable {
    public let dialect: TemplateDialect
    public let source: [UInt8]
    public internal(set) var problems: [TemplateSyntaxProblem] = []
    public internal(set) var choices: [TemplateChoice] = []
    /// For each loop choice, how many items each of its options renders: 0, 1, 2, and a declared maximum.
    public internal(set) var loopCounts: [[Int]] = []
    /// Any tag other than a plain placeholder: a block, a comment, a statement.
    public internal(set) var hasControlFlow = false
    /// The deepest nesting of blocks.
    public internal(set) var depth = 0
    /// What every rendering writes at least: the bytes and steps of the pieces outside conditions and loops.
    public internal(set) var minimumRendering = (bytes: 0, work: 0)

    /// Blocks nested deeper than this are not rendered (a `tooDeep` problem).
    public static let maximumDepth = 64
    /// Syntax problems recorded at most (100 000 unclosed blocks are one mistake repeated).
    public static let maximumProblems = 20

    enum Piece: Sendable {
        /// Literal bytes of the template.
        case text(Int, Int)
        /// A placeholder, rendered as `{{expression}}` and located at its tag.
        case output(ByteSpan, [UInt8])
        /// A plain placeholder (`{{name}}`, `{{ user.name }}`) rendered as written: the tag's own bytes, with no copy
        /// of them (a large template is mostly these).
        case placeholder(ByteSpan)
        /// Text a tag writes (`{{ "," if not loop.last }}`), located at its tag.
        case literal(ByteSpan, [UInt8])
        case block(Int)
    }

    enum LoopPosition: Sendable {
        case first, last, notFirst
    }

    struct Block: Sendable {
        enum Kind: Sendable {
            /// One body per branch; `options[i]` is the choice option that selects body i.
            case branches
            /// Body 0 rendered 0, 1 or 2 times; body 1 (if any) when it renders 0 times.
            case loop
            /// Rendered once, unconditionally (`{% with %}`, `{% block %}`, `{{#> layout}}`).
            case plain
            /// Never rendered in place (`{% capture %}`, `{% set x %}`, `{{define}}`, `{{#*inline}}`).
            case silent
        }
        var kind: Kind
        var span: ByteSpan
        var bodies: [Int]
        /// The branch conditions as written (nil for `else`), for `branches`.
        var conditions: [String?] = []
        var caseSubject: String?
        var loopSubject: String = ""
        var choice = -1
        var options: [Int] = []
        /// A condition on the innermost loop's iteration (`@last`, `loop.first`): decided by the loop, not a choice.
        var position: LoopPosition?
        var positionNegated = false
        var insideLoop = false
    }

    var bodies: [[Piece]] = [[]]
    var blocks: [Block] = []

    /// Whether the template can render at all: no syntax problem other than an unknown tag.
    public var isRenderable: Bool {
        !problems.contains {
            if case .unknownTag = $0.kind { return false }
            return true
        }
    }

    public init(_ source: [UInt8], dialect: TemplateDialect) {
        self.dialect = dialect
        self.source = source
        var parser = TemplateParser(source: source, dialect: dialect)
        parser.run()
        problems = parser.problems
        hasControlFlow = parser.hasControlFlow
        depth = parser.maxDepth
        bodies = parser.bodies
        blocks = parser.blocks
        if depth > Self.maximumDepth {
            problems.append(TemplateSyntaxProblem(kind: .tooDeep(limit: Self.maximumDepth), span: parser.deepestSpan))
        }
        assignChoices()
        if depth <= Self.maximumDepth { minimumRendering = minimumCost(body: 0) }
    }

    /// The bytes and steps `render` spends on `body` whatever the selection: its pieces, with blocks that may render
    /// nothing counted as nothing. Recursive over plain blocks, whose nesting is at most `maximumDepth`.
    func minimumCost(body: Int) -> (bytes: Int, work: Int) {
        var bytes = 0
        var work = 0
        for piece in bodies[body] {
            work += 1
            switch piece {
            case .text(let start, let end): bytes += end - start
            case .literal(_, let text): bytes += text.count
            case .output(_, let expression): bytes += expression.count + 4
            case .placeholder(let span): bytes += span.length
            case .block(let index):
                guard blocks[index].kind == .plain, let first = blocks[index].bodies.first else { continue }
                let inner = minimumCost(body: first)
                bytes += inner.bytes
                work += inner.work
            }
        }
        return (bytes, work)
    }

    /// Gives every branching block its choice, shared by blocks that ask the same.
    mutating func assignChoices() {
        defer { loopCounts = choices.map { if case .loop = $0.kind { return [0, 1, 2] } else { return [] } } }
        var byKey: [String: Int] = [:]
        func choice(_ key: String, _ kind: TemplateChoice.Kind, _ count: Int, _ span: ByteSpan) -> Int {
            if let found = byKey[key], choices[found].optionCount == count { return found }
            choices.append(TemplateChoice(kind: kind, optionCount: count, span: span))
            byKey[key] = choices.count - 1
            return choices.count - 1
        }
        for index in blocks.indices {
            var block = blocks[index]
            switch block.kind {
            case .loop:
                block.choice = choice("loop\u{0}" + block.loopSubject, .loop(block.loopSubject), 3, block.span)
            case .branches:
                let conditions = block.conditions
                let hasElse = conditions.last.map { $0 == nil } ?? false
                let tests = conditions.compactMap { $0 }
                if let subject = block.caseSubject {
                    let key = "case\u{0}" + subject + "\u{0}" + tests.joined(separator: "\u{0}")
                    block.choice = choice(key, .cases(subject: subject, values: tests), tests.count + 1, block.span)
                    block.options = conditions.indices.map { $0 < tests.count ? $0 : tests.count }
                } else if tests.count == 1 {
                    var (expression, negated) = Self.negation(tests[0], dialect)
                    if let position = Self.loopPosition(expression), block.insideLoop {
                        block.position = position
                        block.positionNegated = negated
                        break
                    }
                    if expression.isEmpty { expression = tests[0] }
                    block.choice = choice("truth\u{0}" + expression, .truth(expression), 2, block.span)
                    // Option 0 is "truthy": a negated test (`unless`, `{{^x}}`, `not x`) renders its body on 1.
                    block.options = negated ? [1, 0] : [0, 1]
                    if !hasElse { block.options = [block.options[0]] }
                } else {
                    let key = "chain\u{0}" + tests.joined(separator: "\u{0}")
                    block.choice = choice(key, .chain(tests), tests.count + 1, block.span)
                    block.options = conditions.indices.map { $0 < tests.count ? $0 : tests.count }
                }
            case .plain, .silent:
                break
            }
            blocks[index] = block
        }
    }

    /// Gives loops over a list with a declared maximum (the contract's `maxItems`) a fourth option: that many items.
    /// `maximum` is asked with the loop's subject as written, without a leading `.` (Go).
    public mutating func declareLoopMaxima(_ maximum: (String) -> Int?) {
        for c in choices.indices {
            guard case .loop(let subject) = choices[c].kind else { continue }
            let name = subject.hasPrefix(".") ? String(subject.dropFirst()) : subject
            guard let most = maximum(name), most > 2 else { continue }
            choices[c].optionCount = 4
            loopCounts[c] = [0, 1, 2, most]
        }
    }

    /// A leading negation: `not x` (Jinja, Go) and Handlebars' `unless` arrive here as `!x`.
    static func negation(_ expression: String, _ dialect: TemplateDialect) -> (String, Bool) {
        if expression.hasPrefix("!") {
            let (inner, negated) = negation(String(expression.dropFirst()), dialect)
            return (inner, !negated)
        }
        // Tests of presence read as the variable itself, so that `{% if x != blank %}` and `{% if x == blank %}`
        // (or `x is defined` and `x is not defined`) are one choice.
        let words = expression.split(separator: " ").map(String.init)
        if words.count == 3 || words.count == 4, !words[0].isEmpty {
            let empties: Set<String> = ["blank", "nil", "empty", "null", "None", "none", "\"\"", "''"]
            switch (words.count, words[1], words.count == 3 ? words[2] : words[2] + " " + words[3]) {
            case (3, "==", let value) where empties.contains(value): return (words[0], true)
            case (3, "!=", let value) where empties.contains(value): return (words[0], false)
            case (3, "is", "defined"), (4, "is", "not none"), (4, "is", "not None"): return (words[0], false)
            case (4, "is", "not defined"), (3, "is", "none"), (3, "is", "None"), (3, "is", "undefined"):
                return (words[0], true)
            default: break
            }
            if words.count == 3, words[1] == "!=" { return (words[0] + " == " + words[2], true) }
        }
        if dialect == .jinja || dialect == .go, expression.hasPrefix("not "), !expression.contains(" and "),
            !expression.contains(" or ")
        {
            return (String(expression.dropFirst(4)).trimmedTemplateSpace, true)
        }
        return (expression, false)
    }

    static func loopPosition(_ expression: String) -> LoopPosition? {
        switch expression {
        case "@first", "loop.first", "forloop.first": return .first
        case "@last", "loop.last", "forloop.last": return .last
        case "@index", "loop.index0", "\u{0}index": return .notFirst
        default: return nil
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmedTemplateSpace: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }

    /// Runs of whitespace as one space, trimmed.
    var collapsedTemplateSpace: String {
        var out = ""
        var space = false
        for c in self {
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                space = !out.isEmpty
            } else {
                if space { out.append(" ") }
                space = false
                out.append(c)
            }
        }
        return out
    }

    /// Where `needle` first occurs (no Foundation here).
    func templateRange(of needle: String) -> Range<String.Index>? {
        guard !needle.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(needle) { return start..<index(start, offsetBy: needle.count) }
            start = index(after: start)
        }
        return nil
    }

    /// The first word and the rest.
    var splitFirstWord: (String, String) {
        guard let space = firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            return (self, "")
        }
        return (String(self[..<space]), String(self[space...]).trimmedTemplateSpace)
    }
}

/// Reads a template's tags, one dialect's syntax at a time, into bodies and blocks. Iterative: 100 000 nested
/// `if`s are a stack of frames, never a deep recursion.
struct TemplateParser {
    let source: [UInt8]
    let dialect: TemplateDialect
    var problems: [TemplateSyntaxProblem] = []
    var hasControlFlow = false
    var bodies: [[TemplateProgram.Piece]] = [[]]
    var blocks: [TemplateProgram.Block] = []
    var maxDepth = 0
    var deepestSpan = ByteSpan(0, 0)

    struct Frame {
        var block: Int
        /// The block's name, as its closing tag names it: `if`, `each`, a section's variable; `""` for Go.
        var name: String
        var sawElse = false
        var isCase = false
        /// Go: the `$i` of `range $i, $e := ...`.
        var indexVariable: String?
    }
    var frames: [Frame] = []
    var loopDepth = 0
    var trimNext = false

    init(source: [UInt8], dialect: TemplateDialect) {
        self.source = source
        self.dialect = dialect
    }

    var currentBody: Int {
        guard let frame = frames.last else { return 0 }
        return blocks[frame.block].bodies.last!
    }

    mutating func problem(_ kind: TemplateSyntaxProblem.Kind, _ span: ByteSpan) {
        hasControlFlow = true
        guard problems.count < TemplateProgram.maximumProblems else { return }
        problems.append(TemplateSyntaxProblem(kind: kind, span: span))
    }

    func matches(_ text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset >= 0, offset + count <= source.count else { return false }
        let p = text.utf8Start
        for k in 0..<count where source[offset + k] != p[k] { return false }
        return true
    }

    func find(_ text: StaticString, from: Int) -> Int? {
        var i = from
        let first = text.utf8Start[0]
        while i < source.count {
            if source[i] == first, matches(text, at: i) { return i }
            i += 1
        }
        return nil
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    mutating func appendText(_ start: Int, _ end: Int) {
        var start = start
        if trimNext {
            while start < end, Self.isSpace(source[start]) { start += 1 }
            trimNext = false
        }
        guard start < end else { return }
        bodies[currentBody].append(.text(start, end))
    }

    /// `{{~`, `{%-`, `{{- `: the whitespace before the tag goes, in the text piece just before it.
    mutating func trimBefore() {
        let body = currentBody
        guard case .text(let s, var e)? = bodies[body].last else { return }
        while e > s, Self.isSpace(source[e - 1]) { e -= 1 }
        bodies[body].removeLast()
        if e > s { bodies[body].append(.text(s, e)) }
    }

    mutating func run() {
        var i = 0
        var textStart = 0
        while i < source.count {
            guard source[i] == UInt8(ascii: "{"), i + 1 < source.count else {
                i += 1
                continue
            }
            let next = source[i + 1]
            let opensTag: Bool
            switch dialect {
            case .placeholders: opensTag = false
            case .handlebars, .go: opensTag = next == UInt8(ascii: "{")
            case .liquid: opensTag = next == UInt8(ascii: "{") || next == UInt8(ascii: "%")
            case .jinja: opensTag = next == UInt8(ascii: "{") || next == UInt8(ascii: "%") || next == UInt8(ascii: "#")
            }
            guard opensTag else {
                i += 1
                continue
            }
            appendText(textStart, i)
            guard let end = readTag(at: i) else {
                // Unclosed: the rest is not a template the engine accepts.
                textStart = source.count
                break
            }
            i = end
            textStart = end
        }
        appendText(textStart, source.count)
        // Blocks still open at the end, innermost first.
        while let frame = frames.popLast() {
            let block = blocks[frame.block]
            problem(.unclosedBlock(name: frame.name, closer: closer(for: frame)), block.span)
        }
    }

    func closer(for frame: Frame) -> String {
        switch dialect {
        case .handlebars: return "{{/\(frame.name)}}"
        case .go: return "{{end}}"
        case .liquid, .jinja: return "{% end\(frame.name) %}"
        case .placeholders: return ""
        }
    }

    /// Reads the tag at `start` and returns the offset after it, nil when it is not closed.
    mutating func readTag(at start: Int) -> Int? {
        let second = source[start + 1]
        switch dialect {
        case .handlebars:
            return readHandlebars(at: start)
        case .go:
            return readGo(at: start)
        case .liquid, .jinja:
            if second == UInt8(ascii: "#") {
                hasControlFlow = true
                guard let close = find("#}", from: start + 2) else {
                    problem(.unclosedTag(closer: "#}"), ByteSpan(start, start + 2))
                    return nil
                }
                let inner = start + 2
                if inner < close, source[inner] == UInt8(ascii: "-") { trimBefore() }
                if close > inner, source[close - 1] == UInt8(ascii: "-") { trimNext = true }
                return close + 2
            }
            let closer: StaticString = second == UInt8(ascii: "%") ? "%}" : "}}"
            guard let close = find(closer, from: start + 2) else {
                problem(.unclosedTag(closer: second == UInt8(ascii: "%") ? "%}" : "}}"), ByteSpan(start, start + 2))
                return nil
            }
            var innerStart = start + 2
            var innerEnd = close
            if innerStart < innerEnd, source[innerStart] == UInt8(ascii: "-") || source[innerStart] == UInt8(ascii: "+")
            {
                if source[innerStart] == UInt8(ascii: "-") { trimBefore() }
                innerStart += 1
            }
            var trimAfter = false
            if innerEnd > innerStart,
                source[innerEnd - 1] == UInt8(ascii: "-") || source[innerEnd - 1] == UInt8(ascii: "+")
            {
                trimAfter = source[innerEnd - 1] == UInt8(ascii: "-")
                innerEnd -= 1
            }
            let span = ByteSpan(start, close + 2)
            // `{{ name }}`: a placeholder whatever the name (Jinja's inline `if` starts with a quote).
            if second == UInt8(ascii: "{"), plainLeadingWord(innerStart, innerEnd) != nil, rendersAsWritten(span) {
                bodies[currentBody].append(.placeholder(span))
                if trimAfter { trimNext = true }
                return close + 2
            }
            let inner = String(decoding: source[innerStart..<innerEnd], as: UTF8.self).trimmedTemplateSpace
            var end = close + 2
            if second == UInt8(ascii: "{") {
                if dialect == .jinja, let inline = Self.inlineIf(inner) {
                    hasControlFlow = true
                    inlineBranch(inline, span)
                } else {
                    output(inner, span)
                }
            } else {
                hasControlFlow = true
                end = statement(inner, span)
            }
            if trimAfter { trimNext = true }
            return end
        case .placeholders:
            return start + 1
        }
    }

    /// Whether the tag at `span` is a plain `{{ name }}` that renders as written, so that findings quote the
    /// template's own text: no trim or sigil at its ends, and nothing between its braces that would end or escape
    /// the JSON string it may stand in.
    func rendersAsWritten(_ span: ByteSpan) -> Bool {
        guard span.length > 4, source[span.start + 1] == UInt8(ascii: "{"), source[span.end - 1] == UInt8(ascii: "}"),
            source[span.end - 2] == UInt8(ascii: "}")
        else { return false }
        switch source[span.start + 2] {
        case UInt8(ascii: "{"), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "#"),
            UInt8(ascii: "/"), UInt8(ascii: "^"):
            return false
        default: break
        }
        switch source[span.end - 3] {
        case UInt8(ascii: "}"), UInt8(ascii: "-"), UInt8(ascii: "~"): return false
        default: break
        }
        for k in (span.start + 2)..<(span.end - 2) {
            let b = source[k]
            if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == UInt8(ascii: "}") { return false }
        }
        return true
    }

    /// The first word of a tag's inner bytes (after spaces) when it is ASCII letters, digits, `_`, `.` or `@` up to
    /// a space or the end: then the tag's String form starts with the same word, and a word that is no keyword
    /// tells the tag is a placeholder without decoding it. Nil for anything else (a sigil, a quote, `$`, non-ASCII).
    func plainLeadingWord(_ start: Int, _ end: Int) -> Range<Int>? {
        var k = start
        while k < end, source[k] == 0x20 { k += 1 }
        let first = k
        while k < end {
            switch source[k] {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"):
                k += 1
                continue
            default: break
            }
            break
        }
        guard k > first, k == end || source[k] == 0x20 else { return nil }
        return first..<k
    }

    /// Whether `range` of the source spells `word`.
    func spells(_ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && matches(word, at: range.lowerBound)
    }

    mutating func output(_ expression: String, _ span: ByteSpan) {
        if rendersAsWritten(span) {
            bodies[currentBody].append(.placeholder(span))
            return
        }
        // A placeholder may stand inside a JSON string, where the engine replaces it: its own quotes
        // (`{{ name | default: "there" }}`) and backslashes must not end or escape that string here.
        var text = Array(expression.collapsedTemplateSpace.utf8).map { b -> UInt8 in
            b == UInt8(ascii: "\"") ? UInt8(ascii: "'") : b == UInt8(ascii: "\\") ? 0x20 : b
        }
        // Rendered between `{{` and `}}` for the JSON parser: no brace may make it a triple or close it early.
        if text.first == UInt8(ascii: "{") { text.insert(0x20, at: 0) }
        for k in text.indices
        where text[k] == UInt8(ascii: "}") && k + 1 < text.count && text[k + 1] == UInt8(ascii: "}") {
            text[k + 1] = 0x20
        }
        if text.last == UInt8(ascii: "}") { text.append(0x20) }
        bodies[currentBody].append(.output(span, text))
    }

    /// Jinja's conditional expression with literal strings: `{{ "," if not loop.last }}`,
    /// `{{ "a" if x else "b" }}`.
    static func inlineIf(_ inner: String) -> (then: String, condition: String, otherwise: String?)? {
        guard let quote = inner.first, quote == "\"" || quote == "'" else { return nil }
        let afterQuote = inner.index(after: inner.startIndex)
        guard let close = inner[afterQuote...].firstIndex(of: quote) else { return nil }
        let then = String(inner[afterQuote..<close])
        guard !then.contains("\\") else { return nil }
        let rest = String(inner[inner.index(after: close)...]).trimmedTemplateSpace
        guard rest.hasPrefix("if ") else { return nil }
        var condition = String(rest.dropFirst(3)).trimmedTemplateSpace
        var otherwise: String?
        if let range = condition.templateRange(of: " else ") {
            let text = String(condition[range.upperBound...]).trimmedTemplateSpace
            condition = String(condition[..<range.lowerBound]).trimmedTemplateSpace
            guard let q = text.first, q == "\"" || q == "'", text.count >= 2, text.last == q else { return nil }
            otherwise = String(text.dropFirst().dropLast())
        }
        guard !condition.isEmpty else { return nil }
        return (then, condition, otherwise)
    }

    /// A conditional expression as a block of two literal branches.
    mutating func inlineBranch(_ inline: (then: String, condition: String, otherwise: String?), _ span: ByteSpan) {
        var block = TemplateProgram.Block(kind: .branches, span: span, bodies: [])
        block.insideLoop = loopDepth > 0
        block.conditions = [inline.condition.collapsedTemplateSpace]
        bodies.append([.literal(span, Array(inline.then.utf8))])
        block.bodies.append(bodies.count - 1)
        if let otherwise = inline.otherwise {
            block.conditions.append(nil)
            bodies.append([.literal(span, Array(otherwise.utf8))])
            block.bodies.append(bodies.count - 1)
        }
        blocks.append(block)
        bodies[currentBody].append(.block(blocks.count - 1))
    }

    // MARK: Handlebars and Mustache

    mutating func readHandlebars(at start: Int) -> Int? {
        var j = start + 2
        var triple = false
        if j < source.count, source[j] == UInt8(ascii: "{") {
            triple = true
            j += 1
        }
        if triple, j < source.count, "#/^!>".utf8.contains(source[j]) || matches("else", at: j) {
            problem(
                .braceBeforeTag(tag: "{{{" + String(decoding: source[j..<min(source.count, j + 1)], as: UTF8.self)),
                ByteSpan(start, j + 1))
            return source.count
        }
        var leftTrim = false
        if j < source.count, source[j] == UInt8(ascii: "~") {
            leftTrim = true
            j += 1
        }
        // Comments: `{{!-- may hold }} --}}` and `{{! short }}`.
        if !triple, j < source.count, source[j] == UInt8(ascii: "!") {
            hasControlFlow = true
            if leftTrim { trimBefore() }
            if matches("!--", at: j) {
                guard let close = find("--", from: j + 3).flatMap({ self.commentEnd(from: $0) }) else {
                    problem(.unclosedTag(closer: "--}}"), ByteSpan(start, j + 3))
                    return nil
                }
                return close
            }
            guard let close = find("}}", from: j) else {
                problem(.unclosedTag(closer: "}}"), ByteSpan(start, j + 1))
                return nil
            }
            if close > j, source[close - 1] == UInt8(ascii: "~") { trimNext = true }
            return close + 2
        }
        let closer: StaticString = triple ? "}}}" : "}}"
        guard let close = find(closer, from: j) else {
            problem(.unclosedTag(closer: triple ? "}}}" : "}}"), ByteSpan(start, j))
            return nil
        }
        var innerEnd = close
        var rightTrim = false
        if innerEnd > j, source[innerEnd - 1] == UInt8(ascii: "~") {
            rightTrim = true
            innerEnd -= 1
        }
        if leftTrim { trimBefore() }
        let span = ByteSpan(start, close + closer.utf8CodeUnitCount)
        // `{{name}}`: a placeholder unless its first word is `else`.
        if !triple, let word = plainLeadingWord(j, innerEnd), !spells(word, "else"), rendersAsWritten(span) {
            bodies[currentBody].append(.placeholder(span))
            if rightTrim { trimNext = true }
            return span.end
        }
        let inner = String(decoding: source[j..<innerEnd], as: UTF8.self).trimmedTemplateSpace
        if triple {
            output(inner, span)
        } else {
            handlebarsTag(inner, span)
        }
        if rightTrim { trimNext = true }
        return span.end
    }

    /// The end of `--}}` or `--~}}` at `dashes`, or of a later one.
    func commentEnd(from dashes: Int) -> Int? {
        var k = dashes
        while k < source.count {
            if matches("--}}", at: k) { return k + 4 }
            if matches("--~}}", at: k) { return k + 5 }
            guard let next = find("--", from: k + 1) else { return nil }
            k = next
        }
        return nil
    }

    mutating func handlebarsTag(_ inner: String, _ span: ByteSpan) {
        guard let sigil = inner.first else {
            output(inner, span)
            return
        }
        let body = String(inner.dropFirst()).trimmedTemplateSpace
        switch sigil {
        case "#":
            hasControlFlow = true
            var (name, argument) = body.splitFirstWord
            if name.hasPrefix(">") || name.hasPrefix("*") {
                // `{{#> layout}}` renders its body as the partial's default; `{{#*inline}}` defines a partial.
                open(name.hasPrefix(">") ? .plain : .silent, name: String(name.dropFirst()).splitFirstWord.0, span)
                return
            }
            switch name {
            case "if":
                // Still opened: no cascade of close errors.
                if argument.isEmpty { problem(.missingArgument(tag: "#if"), span) }
                openBranch(name: "if", condition: argument, span)
            case "unless":
                // Still opened: no cascade of close errors.
                if argument.isEmpty { problem(.missingArgument(tag: "#unless"), span) }
                openBranch(name: "unless", condition: "!" + argument, span)
            case "with":
                // Still opened: no cascade of close errors.
                if argument.isEmpty { problem(.missingArgument(tag: "#with"), span) }
                openBranch(name: "with", condition: argument.splitFirstWord.0, span)
            case "each":
                // Still opened: no cascade of close errors.
                if argument.isEmpty { problem(.missingArgument(tag: "#each"), span) }
                if let bar = argument.templateRange(of: " as |") { argument = String(argument[..<bar.lowerBound]) }
                openLoop(name: "each", subject: argument, indexVariable: nil, span)
            default:
                // A section (`{{#items}}`) or a custom block helper: rendered or not.
                openBranch(name: name, condition: body, span)
            }
        case "^":
            hasControlFlow = true
            if body.isEmpty {
                orElse(tag: "{{^}}", span)
            } else {
                openBranch(name: body.splitFirstWord.0, condition: "!" + body, span)
            }
        case "/":
            hasControlFlow = true
            close(name: body.splitFirstWord.0, tag: "{{/\(body)}}", span)
        case "@", ">", "&":
            output(inner, span)
        case "=":
            hasControlFlow = true
            problem(.unknownTag(name: "{{=" + body), span)
        default:
            let (word, rest) = inner.splitFirstWord
            if word == "else" {
                hasControlFlow = true
                if rest.isEmpty {
                    orElse(tag: "{{else}}", span)
                } else {
                    let (helper, condition) = rest.splitFirstWord
                    switch helper {
                    case "if": elseIf(condition, tag: "{{else if}}", span)
                    case "unless": elseIf("!" + condition, tag: "{{else unless}}", span)
                    default: elseIf(rest, tag: "{{else \(helper)}}", span)
                    }
                }
            } else {
                output(inner, span)
            }
        }
    }

    // MARK: Liquid, Jinja, Django, Nunjucks

    static let liquidStatements: Set<String> = [
        "assign", "break", "continue", "layout", "section", "sections",
        "liquid", "#", "connected_content", "abort_message", "catalog_items", "promotion", "content_blocks",
    ]
    static let liquidOutputs: Set<String> = ["echo", "include", "render", "increment", "decrement", "cycle"]
    static let jinjaStatements: Set<String> = [
        "import", "from", "extends", "do", "break", "continue", "load", "csrf_token", "resetcycle", "regroup",
        "debug", "set",
    ]
    static let jinjaOutputs: Set<String> = [
        "include", "url", "now", "firstof", "cycle", "trans", "translate", "templatetag", "widthratio", "lorem",
        "static", "super",
    ]

    /// Reads a `{% %}` statement; returns the offset after everything it consumed (a raw or comment block).
    mutating func statement(_ inner: String, _ span: ByteSpan) -> Int {
        let (word, argument) = inner.splitFirstWord
        let liquid = dialect == .liquid
        switch word {
        case "if":
            if argument.isEmpty { problem(.missingArgument(tag: "if"), span) }
            openBranch(name: "if", condition: argument, span)
        case "unless" where liquid:
            if argument.isEmpty { problem(.missingArgument(tag: "unless"), span) }
            openBranch(name: "unless", condition: "!" + argument, span)
        case "ifequal" where !liquid, "ifnotequal" where !liquid, "ifchanged":
            openBranch(name: word, condition: inner, span)
        case "elsif" where liquid, "elif" where !liquid, "elseif" where !liquid:
            elseIf(argument, tag: word, span)
        case "else":
            orElse(tag: "else", span)
        case "empty" where !liquid:
            orElse(tag: "empty", span)
        case "case" where liquid:
            if argument.isEmpty { problem(.missingArgument(tag: "case"), span) }
            openBranch(name: "case", condition: nil, span, caseSubject: argument)
        case "when" where liquid:
            when(argument, span)
        case "for" where true, "tablerow" where liquid:
            var subject = "?"
            if let range = argument.templateRange(of: " in ") {
                subject = String(argument[range.upperBound...]).trimmedTemplateSpace
            } else {
                problem(.missingArgument(tag: word), span)
            }
            // `for x in xs limit:2 reversed`, `for x in xs if x.ok`: the subject is the sequence.
            if let cut = subject.firstIndex(where: { $0 == " " }) { subject = String(subject[..<cut]) }
            openLoop(name: word, subject: subject, indexVariable: nil, span)
        case "with" where !liquid, "block" where !liquid, "filter" where !liquid, "autoescape" where !liquid,
            "spaceless" where !liquid, "blocktrans" where !liquid, "blocktranslate" where !liquid, "call" where !liquid:
            open(.plain, name: word, span)
        case "macro" where !liquid:
            open(.silent, name: word, span)
        case "set" where !liquid && !argument.contains("="), "capture" where liquid:
            open(.silent, name: word, span)
        case "raw" where true, "verbatim" where !liquid:
            return rawBlock(word, span)
        case "comment":
            return rawBlock(word, span, renders: false)
        default:
            if word.hasPrefix("end") {
                close(name: String(word.dropFirst(3)), tag: "{% \(word) %}", span)
            } else if liquid ? Self.liquidOutputs.contains(word) : Self.jinjaOutputs.contains(word) {
                output(inner, span)
            } else if word.hasPrefix("#") && liquid {
                // `{% # inline comment %}`
            } else if !(liquid ? Self.liquidStatements.contains(word) : Self.jinjaStatements.contains(word)) {
                problem(.unknownTag(name: word), span)
            }
        }
        return span.end
    }

    /// `{% raw %}…{% endraw %}`: literal text; `{% comment %}…{% endcomment %}`: nothing.
    mutating func rawBlock(_ word: String, _ span: ByteSpan, renders: Bool = true) -> Int {
        let end = "end" + word
        var k = span.end
        while let open = find("{%", from: k) {
            var j = open + 2
            if j < source.count, source[j] == UInt8(ascii: "-") { j += 1 }
            while j < source.count, Self.isSpace(source[j]) { j += 1 }
            let name = Array(end.utf8)
            if j + name.count <= source.count, Array(source[j..<(j + name.count)]) == name {
                j += name.count
                while j < source.count, Self.isSpace(source[j]) || source[j] == UInt8(ascii: "-") { j += 1 }
                if matches("%}", at: j) {
                    if renders { bodies[currentBody].append(.text(span.end, open)) }
                    return j + 2
                }
            }
            k = open + 2
        }
        problem(.unclosedBlock(name: word, closer: "{% \(end) %}"), span)
        return source.count
    }

    // MARK: Go text/template

    mutating func readGo(at start: Int) -> Int? {
        var j = start + 2
        if j < source.count, source[j] == UInt8(ascii: "{") {
            problem(.braceBeforeTag(tag: "{{{"), ByteSpan(start, start + 3))
            return source.count
        }
        // `{{- ` trims; `{{-3}}` is a number.
        if j + 1 < source.count, source[j] == UInt8(ascii: "-"), Self.isSpace(source[j + 1]) {
            trimBefore()
            j += 2
        }
        while j < source.count, Self.isSpace(source[j]) { j += 1 }
        if matches("/*", at: j) {
            hasControlFlow = true
            guard let close = find("*/", from: j + 2) else {
                problem(.unclosedTag(closer: "*/}}"), ByteSpan(start, j + 2))
                return nil
            }
            var k = close + 2
            while k < source.count, Self.isSpace(source[k]) { k += 1 }
            if matches("-}}", at: k) {
                trimNext = true
                return k + 3
            }
            guard matches("}}", at: k) else {
                problem(.unclosedTag(closer: "*/}}"), ByteSpan(start, close + 2))
                return nil
            }
            return k + 2
        }
        guard let close = find("}}", from: j) else {
            problem(.unclosedTag(closer: "}}"), ByteSpan(start, start + 2))
            return nil
        }
        var innerEnd = close
        var rightTrim = false
        if innerEnd - 1 > j, source[innerEnd - 1] == UInt8(ascii: "-"), Self.isSpace(source[innerEnd - 2]) {
            rightTrim = true
            innerEnd -= 1
        }
        let span = ByteSpan(start, close + 2)
        // `{{.Name}}`: a placeholder unless its first word is one of `goAction`'s keywords.
        if let word = plainLeadingWord(j, max(j, innerEnd)), !Self.goKeywords.contains(where: { spells(word, $0) }),
            rendersAsWritten(span)
        {
            bodies[currentBody].append(.placeholder(span))
            if rightTrim { trimNext = true }
            return span.end
        }
        let inner = String(decoding: source[j..<max(j, innerEnd)], as: UTF8.self).trimmedTemplateSpace
        goAction(inner, span)
        if rightTrim { trimNext = true }
        return span.end
    }

    /// The words `goAction` reads as actions rather than placeholders.
    static let goKeywords: [StaticString] = [
        "if", "with", "range", "else", "end", "define", "block", "break", "continue",
    ]

    mutating func goAction(_ inner: String, _ span: ByteSpan) {
        let (word, argument) = inner.splitFirstWord
        switch word {
        case "if":
            hasControlFlow = true
            // Still opened: no cascade of close errors.
            if argument.isEmpty { problem(.missingArgument(tag: "if"), span) }
            openBranch(name: "", condition: goCondition(argument), span)
        case "with":
            hasControlFlow = true
            // Still opened: no cascade of close errors.
            if argument.isEmpty { problem(.missingArgument(tag: "with"), span) }
            openBranch(name: "", condition: goCondition(argument), span)
        case "range":
            hasControlFlow = true
            // Still opened: no cascade of close errors.
            if argument.isEmpty { problem(.missingArgument(tag: "range"), span) }
            var subject = argument
            var index: String?
            if let assign = argument.templateRange(of: ":=") {
                subject = String(argument[assign.upperBound...]).trimmedTemplateSpace
                let names = argument[..<assign.lowerBound].split(separator: ",").map { String($0).trimmedTemplateSpace }
                if names.count == 2 { index = names[0] }
            }
            openLoop(name: "", subject: subject, indexVariable: index, span)
        case "else":
            hasControlFlow = true
            if argument.isEmpty {
                orElse(tag: "{{else}}", span)
            } else {
                let (keyword, condition) = argument.splitFirstWord
                elseIf(goCondition(condition), tag: "{{else \(keyword)}}", span)
            }
        case "end":
            hasControlFlow = true
            close(name: "", tag: "{{end}}", span)
        case "define":
            hasControlFlow = true
            open(.silent, name: "", span)
        case "block":
            hasControlFlow = true
            open(.plain, name: "", span)
        case "break", "continue":
            hasControlFlow = true
        default:
            // `{{$x := .Y}}` and `{{$x = .Y}}` print nothing.
            if word.hasPrefix("$"), argument.hasPrefix(":=") || argument.hasPrefix("= ") {
                hasControlFlow = true
                return
            }
            output(inner, span)
        }
    }

    /// A Go condition, with the innermost range's index variable (truthy from the second item on) marked.
    func goCondition(_ text: String) -> String {
        let index = frames.last(where: { $0.indexVariable != nil })?.indexVariable
        if let index, text == index { return "\u{0}index" }
        if let index, text == "not " + index { return "not \u{0}index" }
        return text
    }

    // MARK: Blocks

    mutating func newBody() -> Int {
        bodies.append([])
        return bodies.count - 1
    }

    mutating func push(_ block: TemplateProgram.Block, frame: Frame) {
        let index = blocks.count
        blocks.append(block)
        bodies[currentBody].append(.block(index))
        frames.append(frame)
        if frames.count > maxDepth {
            maxDepth = frames.count
            if maxDepth == TemplateProgram.maximumDepth + 1 { deepestSpan = block.span }
        }
    }

    mutating func openBranch(name: String, condition: String?, _ span: ByteSpan, caseSubject: String? = nil) {
        let body = newBody()
        var block = TemplateProgram.Block(kind: .branches, span: span, bodies: [body])
        block.insideLoop = loopDepth > 0
        if let subject = caseSubject {
            // Text before the first `when` renders in no branch: it goes to a body that `when` replaces.
            block.caseSubject = subject.collapsedTemplateSpace
            block.conditions = []
            push(block, frame: Frame(block: blocks.count, name: name, isCase: true))
            return
        }
        block.conditions = [condition?.collapsedTemplateSpace]
        push(block, frame: Frame(block: blocks.count, name: name))
    }

    mutating func openLoop(name: String, subject: String, indexVariable: String?, _ span: ByteSpan) {
        var block = TemplateProgram.Block(kind: .loop, span: span, bodies: [newBody()])
        block.loopSubject = subject.collapsedTemplateSpace
        block.insideLoop = loopDepth > 0
        push(block, frame: Frame(block: blocks.count, name: name, indexVariable: indexVariable))
        loopDepth += 1
    }

    mutating func open(_ kind: TemplateProgram.Block.Kind, name: String, _ span: ByteSpan) {
        let block = TemplateProgram.Block(kind: kind, span: span, bodies: [newBody()])
        push(block, frame: Frame(block: blocks.count, name: name))
    }

    mutating func elseIf(_ condition: String, tag: String, _ span: ByteSpan) {
        guard let frame = frames.last, blocks[frame.block].kind == .branches, !frame.isCase, !frame.sawElse else {
            return problem(.misplaced(tag: tag, open: frames.last?.name), span)
        }
        guard !condition.isEmpty else { return problem(.missingArgument(tag: tag), span) }
        let body = newBody()
        blocks[frame.block].bodies.append(body)
        blocks[frame.block].conditions.append(condition.collapsedTemplateSpace)
    }

    mutating func orElse(tag: String, _ span: ByteSpan) {
        guard let frame = frames.last, !frame.sawElse else {
            return problem(.misplaced(tag: tag, open: frames.last?.name), span)
        }
        let kind = blocks[frame.block].kind
        guard kind == .branches || (kind == .loop && blocks[frame.block].bodies.count == 1) else {
            return problem(.misplaced(tag: tag, open: frame.name), span)
        }
        frames[frames.count - 1].sawElse = true
        let body = newBody()
        if frame.isCase, blocks[frame.block].conditions.isEmpty {
            blocks[frame.block].bodies = [body]
        } else {
            blocks[frame.block].bodies.append(body)
        }
        if kind == .branches { blocks[frame.block].conditions.append(nil) }
    }

    mutating func when(_ values: String, _ span: ByteSpan) {
        guard let frame = frames.last, frame.isCase, !frame.sawElse else {
            return problem(.misplaced(tag: "when", open: frames.last?.name), span)
        }
        guard !values.isEmpty else { return problem(.missingArgument(tag: "when"), span) }
        let body = newBody()
        let index = frame.block
        if blocks[index].conditions.isEmpty {
            // The body before the first `when` never renders: drop it.
            blocks[index].bodies = [body]
        } else {
            blocks[index].bodies.append(body)
        }
        blocks[index].conditions.append(values.collapsedTemplateSpace)
    }

    mutating func close(name: String, tag: String, _ span: ByteSpan) {
        guard let frame = frames.last else {
            return problem(.unexpectedClose(tag: tag, open: nil), span)
        }
        // Go's `{{end}}` closes any block; the others name theirs.
        guard dialect == .go || frame.name == name else {
            return problem(.unexpectedClose(tag: tag, open: frame.name), span)
        }
        if blocks[frame.block].kind == .loop { loopDepth -= 1 }
        if frame.isCase, blocks[frame.block].conditions.isEmpty {
            // A case without any `when`: nothing renders.
            blocks[frame.block].bodies = []
        }
        frames.removeLast()
    }
}
