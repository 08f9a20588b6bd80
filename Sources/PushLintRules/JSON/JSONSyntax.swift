import PushLintJSON
import PushLintModel

/// `json-syntax`: the file is not RFC 8259 JSON.
struct JSONSyntax: FileRule {
    static let description = RuleDescription(
        id: "json-syntax",
        summary: "The file is not valid JSON (RFC 8259).",
        family: .json,
        defaultSeverity: .error,
        rationale: """
            Providers parse the request body as strict JSON: APNs answers 400 for a body it cannot read and FCM \
            answers INVALID_ARGUMENT ("Invalid JSON payload received"). A file named on the command line, or \
            by a config glob that names payload folders, that does not parse is always a finding; a file found by \
            walking a folder is one only when it shows a payload's keys (a `tsconfig.json` with comments or an \
            empty test fixture is no payload: docs/discovery.md). pushlint reports the first error, and says the \
            cause when it is plain: an empty file, a binary file, a text that is not JSON at all, a comment (JSONC \
            is not a payload), or template syntax (then the dialect's extension is the fix). Comments and trailing commas are \
            allowed only in `.pushlint.json` and the contract; template files may hold placeholders in value \
            position (`"badge": {{count}}`). A `.json.tmpl` file holds placeholders only: a template with blocks \
            (`{{#if}}`, `{% if %}`, Go's `{{if}}`) is read in its dialect when its extension or a `templates` entry \
            names one, and its problems are then `template-syntax` and `template-render-invalid`.

            A trailing comma, the most common slip in hand-edited payloads, is reported at each comma with a safe \
            fix that deletes it, and the file is still checked by every other rule, so the mistakes behind the \
            comma show in the same run.
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "Hi"↓,}}"#, note: "A trailing comma."),
            RuleExample(#"{"aps": {"badge": ↓01}}"#, note: "A number with a leading zero."),
            RuleExample(#"{"aps": {"alert": ↓'Hi'}}"#, note: "Single quotes."),
            RuleExample("{\"aps\": {\"alert\": \"Hi\"}} ↓// sent on Mondays", note: "A comment."),
            RuleExample(
                #"{"aps": {"alert": "Hi", "badge": 1↓,}, "tags": ["a"↓,]}"#, note: "Every trailing comma is reported."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Hi"}}"#),
            RuleExample(#"{"aps": {"alert": "Hi {{name}}", "badge": {{count}}}}"#, fileName: "example.json.tmpl"),
        ],
        corrections: [
            RuleCorrection(#"{"aps": {"alert": "Hi",}}"#, #"{"aps": {"alert": "Hi"}}"#),
            RuleCorrection("{\"tags\": [\n  \"a\",\n  \"b\",\n]}", "{\"tags\": [\n  \"a\",\n  \"b\"\n]}"),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let parse = file.parse else { return [] }
        var result: [Diagnostic] = []
        for issue in parse.issues where issue.kind == .trailingComma {
            result.append(trailingComma(issue.span, in: file.document))
        }
        if let error = parse.error, error.kind == .syntax {
            let span = ByteSpan(error.offset, error.offset + error.length)
            // The message and hint follow the cause: a file that is no JSON text at all is said to be so in one
            // line, not as the character the parser expected there.
            // A line of JSON Lines: its parser's message says enough (a blank line is no empty file).
            let isLine = file.isLogLine
            switch isLine ? .other : file.source.map({ Cause($0, errorOffset: error.offset) }) ?? .other {
            case .empty:
                result.append(diagnostic(Self.empty, span: ByteSpan(0, 0), pointer: nil))
            case .binary:
                result.append(diagnostic(Self.binary, span: ByteSpan(0, 0), pointer: nil))
            case .notJSON(let first):
                result.append(diagnostic(Self.notJSON(first), span: span, pointer: nil))
            case .comment:
                result.append(diagnostic(Self.comment(error.message), span: span, pointer: nil))
            case .template(let dialect):
                result.append(
                    diagnostic(Self.templateSyntax(error.message, dialect, path: file.path), span: span, pointer: nil))
            case .other:
                result.append(
                    diagnostic(Self.syntaxError(error.message, isLogLine: file.isLogLine), span: span, pointer: nil))
            }
        }
        return result
    }

    func trailingComma(_ comma: ByteSpan, in document: JSONDocument?) -> Diagnostic {
        let closing = document.flatMap { doc in
            comma.end < doc.bytes.count ? nextToken(after: comma.end, in: doc.bytes) : nil
        }
        return diagnostic(
            Self.trailingComma(before: closing), span: comma, pointer: nil,
            fix: Fix(edits: [TextEdit(replacing: comma, with: "")]))
    }

    /// The closing bracket a trailing comma stands before (only whitespace lies between them in strict JSON).
    func nextToken(after offset: Int, in bytes: [UInt8]) -> Character? {
        bytes[offset...].first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }.map {
            Character(UnicodeScalar($0))
        }
    }

    /// Why a file does not parse, as far as its bytes tell.

    enum Cause: Equatable {
        case empty, binary, comment, other
        /// The first character of a text that does not start as JSON does.
        case notJSON(Character)
        /// Template syntax of this dialect (nil: placeholders only) where JSON expected a value.
        case template(TemplateDialect?)

        init(_ bytes: [UInt8], errorOffset: Int) {
            guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
                self = .empty
                return
            }
            if FileContext.isBinary(bytes) {
                self = .binary
                return
            }
            let at = bytes[min(errorOffset, bytes.count)...].prefix(2)
            if at.elementsEqual("//".utf8) || at.elementsEqual("/*".utf8) {
                self = .comment
                return
            }
            if let dialect = Self.dialect(bytes) {
                self = .template(dialect)
                return
            }
            let opening = bytes[first]
            if opening != UInt8(ascii: "{") && opening != UInt8(ascii: "[") {
                self = .notJSON(Character(UnicodeScalar(opening < 0x80 ? opening : UInt8(ascii: "?"))))
                return
            }
            self = .other
        }

        /// The template dialect whose syntax the file holds: `.some(nil)` for plain `{{placeholders}}`, nil for none.
        static func dialect(_ bytes: [UInt8]) -> TemplateDialect?? {
            func has(_ text: String) -> Bool {
                bytes.withUnsafeBufferPointer { ASCIIText.firstIndex(of: Array(text.utf8), in: $0) != nil }
            }
            if has("{%") { return .some(has("loop.") || has("{%-") ? .jinja : .liquid) }
            if has("{{#") || has("{{/") || has("{{^") || has("{{else") { return .some(.handlebars) }
            if has("{{.") || has("{{ .") || has("{{if ") || has("{{range ") || has("{{- ") { return .some(.go) }
            if has("{{") { return .some(nil) }
            return nil
        }
    }

    // MARK: Messages

    static let empty = FindingText(
        "empty file: a payload file holds one JSON object (or a batch of them in an array)",
        help: "write the payload, or delete the file")

    static let binary = FindingText("binary file, not JSON text: a payload file holds one JSON object in UTF-8")

    static func notJSON(_ first: Character) -> FindingText {
        let shown = first == "'" ? "\\'" : String(first)
        return FindingText(
            "not JSON: a payload file starts with '{' (one message) or '[' (a batch), this one with '\(shown)'",
            help: "a file that is no payload need not be named: pushlint skips it when it walks a folder")
    }

    /// `parserMessage` says where the parser stopped, at the comment.
    static func comment(_ parserMessage: String) -> FindingText {
        FindingText(
            parserMessage,
            help:
                "JSONC is not a payload: APNs and FCM parse the body as strict JSON; delete the comment (comments belong in .pushlint.json and the contract)"
        )
    }

    static func templateSyntax(_ parserMessage: String, _ dialect: TemplateDialect?, path: String) -> FindingText {
        FindingText(parserMessage, help: templateHelp(dialect, path: path))
    }

    static func syntaxError(_ parserMessage: String, isLogLine: Bool) -> FindingText {
        FindingText(
            parserMessage,
            help: isLogLine
                ? "each line of JSON Lines is one JSON value; a cut or blank line is reported and the next one linted"
                : nil)
    }

    static func trailingComma(before closing: Character?) -> FindingText {
        FindingText(
            "trailing comma\(closing.map { " before '\($0)'" } ?? ""): APNs and FCM parse the body as strict JSON and refuse it; delete the comma",
            help: "delete the comma")
    }

    /// The extension that reads a file holding template syntax: the dialect's, or `.json.tmpl` for placeholders.
    static func templateHelp(_ dialect: TemplateDialect?, path: String) -> String {
        guard let dialect, dialect != .placeholders else {
            if path.hasSuffix(".tmpl") {
                return
                    "a .json.tmpl file holds placeholders in strings and in value position only; for blocks name it .json.hbs, .json.liquid, .json.j2 or .json.gotmpl"
            }
            return "this file holds {{placeholders}}: name it *.json.tmpl so that they are read as template values"
        }
        let extensions =
            switch dialect {
            case .handlebars: ".json.hbs (or .json.mustache)"
            case .liquid: ".json.liquid (or .json.j2 for Jinja)"
            case .jinja: ".json.j2"
            case .go, .placeholders: ".json.gotmpl"
            }
        return
            "this file holds \(dialect.displayName) syntax: name it *\(extensions), or give its dialect in a `templates` entry, so that each rendering is checked"
    }
}
