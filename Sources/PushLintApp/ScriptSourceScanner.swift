/// Reads JavaScript and TypeScript (Expo, React Native):
/// - `setNotificationChannelAsync(id, { importance: AndroidImportance.X, … })`: channels;
/// - `deleteNotificationChannelAsync(id)`: deleted channels;
/// - `setNotificationChannelGroupAsync(id, …)`: channel groups;
/// - `setNotificationCategoryAsync(id, [{ identifier: …, buttonTitle: … }, …])`: categories with their actions.
enum ScriptSourceScanner {
    static func scan(_ file: SourceFile, into scan: inout AppSourceScan) {
        var i = 0
        while i < file.count {
            defer { i += 1 }
            guard file.isIdentifier(i), file.isPunctuation(i + 1, "("), !file.isIdentifier(i - 1, "function") else {
                continue
            }
            if file.isIdentifier(i, "setNotificationChannelAsync"), let arguments = file.arguments(i + 1),
                let id = arguments.first
            {
                scan.facts.append(
                    RawFact(
                        .channel, id: file.expression(id),
                        importance: importance(file, arguments.count >= 2 ? arguments[1] : nil), line: file.line(i)))
                scan.platforms.insert(.android)
            } else if file.isIdentifier(i, "deleteNotificationChannelAsync"), let id = file.arguments(i + 1)?.first {
                scan.facts.append(RawFact(.deletedChannel, id: file.expression(id), line: file.line(i)))
                scan.platforms.insert(.android)
            } else if file.isIdentifier(i, "setNotificationChannelGroupAsync"), let id = file.arguments(i + 1)?.first {
                scan.facts.append(RawFact(.channelGroup, id: file.expression(id), line: file.line(i)))
                scan.platforms.insert(.android)
            } else if file.isIdentifier(i, "setNotificationCategoryAsync"), let arguments = file.arguments(i + 1),
                let id = arguments.first
            {
                let actions = arguments.count >= 2 ? self.actions(file, arguments[1]) : []
                scan.facts.append(RawFact(.category, id: file.expression(id), actions: actions, line: file.line(i)))
            }
        }
    }

    /// The `importance` member of the channel object; Expo requires it.
    static func importance(_ file: SourceFile, _ options: Range<Int>?) -> ImportanceReading {
        guard let options else { return .unknown("(no channel object)") }
        guard let members = objectMembers(file, options) else { return .unknown(file.sourceText(options)) }
        guard let value = members.first(where: { $0.key == "importance" })?.value else {
            return .unknown("(not given)")
        }
        return ImportanceNames.expo(file, value)
    }

    /// The members of an object literal that is the whole range: `key: value` pairs (a shorthand `{ key }` is the
    /// key's own name as its value). Nil when the range is no object literal.
    static func objectMembers(_ file: SourceFile, _ range: Range<Int>) -> [(
        key: String, keyLine: Int, value: Range<Int>
    )]? {
        let range = file.trimmed(range)
        guard !range.isEmpty, file.isPunctuation(range.lowerBound, "{"),
            file.partner(of: range.lowerBound) == range.upperBound - 1,
            let members = file.arguments(range.lowerBound)
        else { return nil }
        return members.compactMap { member in
            if let pair = file.labeled(member), file.isPunctuation(member.lowerBound + 1, ":") {
                return (pair.label, file.line(member.lowerBound), pair.value)
            }
            if member.count == 1, file.isIdentifier(member.lowerBound) {
                return (file.text(member.lowerBound), file.line(member.lowerBound), member)
            }
            return nil
        }
    }

    /// The elements of an array literal that is the whole range, nil when it is none.
    static func arrayElements(_ file: SourceFile, _ range: Range<Int>) -> [Range<Int>]? {
        let range = file.trimmed(range)
        guard !range.isEmpty, file.isPunctuation(range.lowerBound, "["),
            file.partner(of: range.lowerBound) == range.upperBound - 1
        else { return nil }
        return file.arguments(range.lowerBound)
    }

    /// `[{ identifier: 'reply', buttonTitle: 'Reply' }, …]`.
    static func actions(_ file: SourceFile, _ range: Range<Int>) -> [ActionReading] {
        guard let elements = arrayElements(file, range) else {
            return [.unreadable(what: "actions " + file.sourceText(range), line: file.line(range.lowerBound))]
        }
        return elements.map { element in
            if let members = objectMembers(file, element),
                let id = members.first(where: { $0.key == "identifier" })?.value
            {
                return .action(file.expression(id))
            }
            return .unreadable(what: "action " + file.sourceText(element), line: file.line(element.lowerBound))
        }
    }
}
