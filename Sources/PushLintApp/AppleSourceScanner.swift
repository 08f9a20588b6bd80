/// Reads Swift and Objective-C sources:
/// - `UNNotificationCategory(identifier:actions:…)` and `[UNNotificationCategory categoryWithIdentifier:actions:…]`:
///   categories, with the identifiers of their actions (`UNNotificationAction(identifier:…)`,
///   `UNTextInputNotificationAction`, `actionWithIdentifier:`), written inline or bound to a name in the same file;
/// - a class whose superclass is `UNNotificationServiceExtension`: a Notification Service Extension;
/// - `PKPushRegistry(…)` / `[[PKPushRegistry alloc] …]`: PushKit.
enum AppleSourceScanner {
    static let actionTypes: [StaticString] = ["UNNotificationAction", "UNTextInputNotificationAction"]
    static let classKeywords: [StaticString] = ["class", "interface"]

    static func scan(_ file: SourceFile, into scan: inout AppSourceScan) {
        let bindings = actionBindings(file)
        var sawPushKit = false
        var i = 0
        while i < file.count {
            defer { i += 1 }
            guard file.isIdentifier(i) else { continue }
            if file.isIdentifier(i, "UNNotificationCategory"), file.isPunctuation(i + 1, "("),
                let arguments = file.arguments(i + 1), let id = file.argument(arguments, labeled: "identifier")
            {
                let actions = file.argument(arguments, labeled: "actions").map {
                    swiftActions(file, $0, bindings)
                }
                scan.facts.append(
                    RawFact(.category, id: file.expression(id), actions: actions ?? [], line: file.line(i)))
            } else if file.isIdentifier(i, "categoryWithIdentifier"), file.isPunctuation(i + 1, ":") {
                let id = selectorArgument(file, from: i + 2)
                let actions = selectorPart(file, "actions", after: id.upperBound).map {
                    objectiveCActions(file, selectorArgument(file, from: $0), bindings)
                }
                scan.facts.append(
                    RawFact(.category, id: file.expression(id), actions: actions ?? [], line: file.line(i)))
            } else if file.isIdentifier(i, "UNNotificationServiceExtension"), file.isPunctuation(i - 1, ":"),
                file.isIdentifier(i - 2), file.isIdentifier(i - 3, oneOf: classKeywords)
            {
                scan.facts.append(RawFact(.serviceExtension, line: file.line(i)))
            } else if !sawPushKit, file.isIdentifier(i, "PKPushRegistry"),
                file.isPunctuation(i + 1, "(") || (file.isPunctuation(i - 1, "[") && file.isIdentifier(i + 1, "alloc"))
            {
                sawPushKit = true
                scan.facts.append(RawFact(.pushKit, line: file.line(i)))
            }
        }
    }

    /// Names bound to an action in this file: `let accept = UNNotificationAction(identifier: …)`,
    /// `UNNotificationAction *accept = [UNNotificationAction actionWithIdentifier:…]`. A name bound to two
    /// different identifiers is left out (it is not known which one a category takes).
    static func actionBindings(_ file: SourceFile) -> [String: SourceExpression] {
        var found: [String: SourceExpression?] = [:]
        for i in 0..<file.count where file.isIdentifier(i, oneOf: actionTypes) {
            var start = i
            if file.isPunctuation(i - 1, "[") { start = i - 1 }
            guard let id = actionIdentifier(file, at: start) else { continue }
            // `let NAME = `, `let NAME: Type = `, `Type *NAME = `.
            guard file.isPunctuation(start - 1, "=") else { continue }
            var nameIndex = start - 2
            if !file.isIdentifier(nameIndex - 1, "let"), !file.isIdentifier(nameIndex - 1, "var"),
                file.isIdentifier(nameIndex), file.isPunctuation(nameIndex - 1, ":")
            {
                nameIndex -= 2
            }
            guard file.isIdentifier(nameIndex) else { continue }
            let name = file.text(nameIndex)
            if let existing = found[name] {
                if existing?.value != id.value { found[name] = .some(nil) }
            } else {
                found[name] = id
            }
        }
        return found.compactMapValues { $0 }
    }

    /// The identifier of the action created at `i`: `UNNotificationAction(identifier: X, …)` or
    /// `[UNNotificationAction actionWithIdentifier:X …]`.
    static func actionIdentifier(_ file: SourceFile, at i: Int) -> SourceExpression? {
        if file.isIdentifier(i, oneOf: actionTypes), file.isPunctuation(i + 1, "("),
            let arguments = file.arguments(i + 1),
            let id = file.argument(arguments, labeled: "identifier")
        {
            return file.expression(id)
        }
        if file.isPunctuation(i, "["), file.isIdentifier(i + 1, oneOf: actionTypes),
            file.isIdentifier(i + 2, "actionWithIdentifier"), file.isPunctuation(i + 3, ":")
        {
            return file.expression(selectorArgument(file, from: i + 4))
        }
        return nil
    }

    /// The elements of a Swift `actions:` array.
    static func swiftActions(_ file: SourceFile, _ range: Range<Int>, _ bindings: [String: SourceExpression])
        -> [ActionReading]
    {
        guard file.isPunctuation(range.lowerBound, "["), file.partner(of: range.lowerBound) == range.upperBound - 1,
            let elements = file.arguments(range.lowerBound)
        else {
            return [.unreadable(what: "actions " + file.sourceText(range), line: file.line(range.lowerBound))]
        }
        return elements.map { action(file, $0, bindings) }
    }

    /// The elements of an Objective-C `actions:@[…]` array.
    static func objectiveCActions(_ file: SourceFile, _ range: Range<Int>, _ bindings: [String: SourceExpression])
        -> [ActionReading]
    {
        guard file.isPunctuation(range.lowerBound, "@"), file.isPunctuation(range.lowerBound + 1, "["),
            file.partner(of: range.lowerBound + 1) == range.upperBound - 1,
            let elements = file.arguments(range.lowerBound + 1)
        else {
            return [.unreadable(what: "actions " + file.sourceText(range), line: file.line(range.lowerBound))]
        }
        return elements.map { action(file, $0, bindings) }
    }

    static func action(_ file: SourceFile, _ element: Range<Int>, _ bindings: [String: SourceExpression])
        -> ActionReading
    {
        if let id = actionIdentifier(file, at: element.lowerBound) { return .action(id) }
        if element.count == 1, file.isIdentifier(element.lowerBound), let id = bindings[file.text(element.lowerBound)] {
            return .action(id)
        }
        return .unreadable(what: "action " + file.sourceText(element), line: file.line(element.lowerBound))
    }

    /// An Objective-C message argument starting at `start`: up to the next selector part (`name:` at this level),
    /// the end of the message, or the statement.
    static func selectorArgument(_ file: SourceFile, from start: Int) -> Range<Int> {
        var i = start
        while i < file.count {
            if let inner = file.partner(of: i), inner > i {
                i = inner + 1
                continue
            }
            if file.isPunctuation(i, "]") || file.isPunctuation(i, ")") || file.isPunctuation(i, ";")
                || file.isPunctuation(i, "}")
            {
                break
            }
            if i > start, file.isIdentifier(i), file.isPunctuation(i + 1, ":"), !file.isPunctuation(i - 1, "?") {
                break
            }
            i += 1
        }
        return start..<max(start, i)
    }

    /// The index after `part:` when the next selector part is `part`.
    static func selectorPart(_ file: SourceFile, _ part: StaticString, after index: Int) -> Int? {
        file.isIdentifier(index, part) && file.isPunctuation(index + 1, ":") ? index + 2 : nil
    }
}
