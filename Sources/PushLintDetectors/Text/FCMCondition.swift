import PushLintModel

/// The FCM condition language (send-topic-messages, platform-rules.md §2.5):
/// `'A' in topics && ('B' in topics || !('C' in topics))`, at most five topics.
package enum FCMCondition {
    package static let maxTopics = 5

    package enum Token: Equatable {
        case topic(String)
        case word(String)
        case and, or, not, open, close
        case bad(String)
    }

    /// Why the condition is not valid, or nil.
    package static func problem(in text: String) -> String? {
        let tokens: [Token]
        switch tokenize(text) {
        case .success(let t): tokens = t
        case .failure(let error): return error.reason
        }
        var parser = Parser(tokens: tokens)
        if let error = parser.parseExpression() { return error }
        if parser.position < tokens.count {
            return "unexpected \(describe(tokens[parser.position])) after a complete condition"
        }
        if parser.topics.count > maxTopics {
            return "it names \(parser.topics.count) topics, FCM allows at most \(maxTopics)"
        }
        if let bad = parser.topics.first(where: { !ASCIIText.isWhole($0, SchemaValueChecker.isTopicByte) }) {
            return "\(MessageText.single(bad)) is not a topic name (letters, digits and - _ . ~ %)"
        }
        return nil
    }

    /// Whether a topic name is written in double quotes (`"dogs" in topics`), which Google's examples never do.
    package static func hasDoubleQuotedTopic(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "\"")), case .success = tokenize(text) else { return false }
        return true
    }

    /// The condition with its double-quoted topic names in single quotes, as Google documents them.
    package static func singleQuoted(_ text: String) -> String {
        String(text.map { $0 == "\"" ? "'" : $0 })
    }

    package struct Failure: Error { var reason: String }

    package static func tokenize(_ text: String) -> Result<[Token], Failure> {
        var tokens: [Token] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" || c == "\n" {
                i += 1
            } else if c == "'" || c == "\"" {
                var j = i + 1
                while j < chars.count, chars[j] != c { j += 1 }
                guard j < chars.count else { return .failure(Failure(reason: "a topic name's quote is not closed")) }
                // Double quotes are read as single ones: firebase-admin for Node sends the condition as it is, and
                // Google documents single quotes without documenting a rejection of double ones.
                // `hasDoubleQuotedTopic` says so, as a warning.
                tokens.append(.topic(String(chars[(i + 1)..<j])))
                i = j + 1
            } else if c == "&" || c == "|" {
                guard i + 1 < chars.count, chars[i + 1] == c else {
                    return .failure(Failure(reason: "\(MessageText.single(c)) must be doubled ('\(c)\(c)')"))
                }
                tokens.append(c == "&" ? .and : .or)
                i += 2
            } else if c == "!" {
                tokens.append(.not)
                i += 1
            } else if c == "(" {
                tokens.append(.open)
                i += 1
            } else if c == ")" {
                tokens.append(.close)
                i += 1
            } else if c.isLetter {
                var j = i
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "_" { j += 1 }
                tokens.append(.word(String(chars[i..<j])))
                i = j
            } else {
                return .failure(Failure(reason: "unexpected character \(MessageText.single(c))"))
            }
        }
        return .success(tokens)
    }

    package static func describe(_ token: Token) -> String {
        switch token {
        case .topic(let t): return MessageText.single(t)
        case .word(let w): return MessageText.single(w)
        case .and: return "'&&'"
        case .or: return "'||'"
        case .not: return "'!'"
        case .open: return "'('"
        case .close: return "')'"
        case .bad(let b): return MessageText.single(b)
        }
    }

    /// Recursive descent: or := and ('||' and)*; and := unary ('&&' unary)*; unary := '!' unary | primary;
    /// primary := '(' or ')' | TOPIC 'in' 'topics'.
    package struct Parser {
        package var tokens: [Token]
        package var position = 0
        package var topics: [String] = []
        package var depth = 0

        package var current: Token? { position < tokens.count ? tokens[position] : nil }

        package mutating func parseExpression() -> String? {
            if let e = parseAnd() { return e }
            while current == .or {
                position += 1
                if let e = parseAnd() { return e }
            }
            return nil
        }

        package mutating func parseAnd() -> String? {
            if let e = parseUnary() { return e }
            while current == .and {
                position += 1
                if let e = parseUnary() { return e }
            }
            return nil
        }

        package mutating func parseUnary() -> String? {
            while current == .not { position += 1 }
            return parsePrimary()
        }

        package mutating func parsePrimary() -> String? {
            guard let token = current else { return "the condition ends where a topic test was expected" }
            switch token {
            case .open:
                depth += 1
                guard depth <= 32 else { return "parentheses are nested too deeply" }
                position += 1
                if let e = parseExpression() { return e }
                guard current == .close else {
                    return current.map { "expected ')' but found \(FCMCondition.describe($0))" }
                        ?? "a '(' is not closed"
                }
                depth -= 1
                position += 1
                return nil
            case .topic(let name):
                position += 1
                guard current == .word("in") else { return "expected 'in topics' after \(MessageText.single(name))" }
                position += 1
                guard current == .word("topics") else {
                    return "expected 'in topics' after \(MessageText.single(name))"
                }
                position += 1
                topics.append(name)
                return nil
            case .word(let w):
                return
                    "expected a quoted topic name but found \(MessageText.single(w)) (write \(MessageText.single(w)) in topics)"
            default:
                return "expected a topic test but found \(FCMCondition.describe(token))"
            }
        }
    }
}
