/// Reads Dart (Flutter with flutter_local_notifications):
/// - `AndroidNotificationChannel('id', 'name', importance: Importance.x)`: channels (the plugin's default
///   importance is `Importance.defaultImportance`);
/// - `AndroidNotificationDetails('id', 'name', importance: Importance.x)`: a channel the plugin creates lazily, on
///   the first notification shown with it;
/// - `AndroidNotificationChannelGroup('id', 'name')`: channel groups;
/// - `deleteNotificationChannel('id')`: deleted channels;
/// - `DarwinNotificationCategory('id', actions: [DarwinNotificationAction.plain('id', …), …])`: categories.
///
/// A Flutter app's `android/` and `ios/` folders are Android and iOS sources and are read as such.
enum DartSourceScanner {
    static func scan(_ file: SourceFile, into scan: inout AppSourceScan) {
        var i = 0
        while i < file.count {
            defer { i += 1 }
            guard file.isIdentifier(i), file.isPunctuation(i + 1, "(") else { continue }
            // `AndroidNotificationDetails('id', 'name', …)` counts as creating its channel: the plugin creates it
            // when it first shows a notification with it, at that importance (`Importance.defaultImportance` by
            // default), as `AndroidNotificationChannel` does when it is registered.
            if file.isIdentifier(i, "AndroidNotificationChannel") || file.isIdentifier(i, "AndroidNotificationDetails"),
                let arguments = file.arguments(i + 1), let id = file.positional(arguments).first
            {
                let importance =
                    file.argument(arguments, labeled: "importance").map { ImportanceNames.flutter(file, $0) }
                    ?? .known(.default)
                scan.facts.append(
                    RawFact(.channel, id: file.expression(id), importance: importance, line: file.line(i)))
                scan.platforms.insert(.android)
            } else if file.isIdentifier(i, "AndroidNotificationChannelGroup"), let arguments = file.arguments(i + 1),
                let id = file.positional(arguments).first
            {
                scan.facts.append(RawFact(.channelGroup, id: file.expression(id), line: file.line(i)))
                scan.platforms.insert(.android)
            } else if file.isIdentifier(i, "deleteNotificationChannel"), let arguments = file.arguments(i + 1),
                let id = file.positional(arguments).first
            {
                scan.facts.append(RawFact(.deletedChannel, id: file.expression(id), line: file.line(i)))
                scan.platforms.insert(.android)
            } else if file.isIdentifier(i, "DarwinNotificationCategory"), let arguments = file.arguments(i + 1),
                let id = file.positional(arguments).first
            {
                let actions = file.argument(arguments, labeled: "actions").map { self.actions(file, $0) } ?? []
                scan.facts.append(RawFact(.category, id: file.expression(id), actions: actions, line: file.line(i)))
                scan.platforms.insert(.ios)
            }
        }
    }

    /// `<DarwinNotificationAction>[DarwinNotificationAction.plain('id', 'Title'), …]`.
    static func actions(_ file: SourceFile, _ range: Range<Int>) -> [ActionReading] {
        guard let elements = ScriptSourceScanner.arrayElements(file, range) else {
            return [.unreadable(what: "actions " + file.sourceText(range), line: file.line(range.lowerBound))]
        }
        return elements.map { element in
            let element = file.trimmed(element)
            let start = element.lowerBound
            if file.isIdentifier(start, "DarwinNotificationAction"), file.isPunctuation(start + 1, "."),
                file.isIdentifier(start + 2), file.isPunctuation(start + 3, "("),
                let id = file.arguments(start + 3).flatMap({ file.positional($0).first })
            {
                return .action(file.expression(id))
            }
            return .unreadable(what: "action " + file.sourceText(element), line: file.line(start))
        }
    }
}
