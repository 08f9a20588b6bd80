/// Reads Kotlin and Java sources:
/// - `NotificationChannel(id, name, importance)` and `NotificationChannelCompat.Builder(id, importance)`: channels;
/// - `NotificationChannelGroup(id, name)` and `NotificationChannelGroupCompat.Builder(id)`: channel groups;
/// - `deleteNotificationChannel(id)`: deleted channels;
/// - a class extending `FirebaseMessagingService` (Kotlin `: FirebaseMessagingService()`, Java `extends`);
/// - `Manifest.permission.POST_NOTIFICATIONS` (or the permission's string) in code.
///
/// Constructing a channel is read as creating it: the app builds a channel to hand it to
/// `createNotificationChannel`.
enum AndroidSourceScanner {
    static func scan(_ file: SourceFile, into scan: inout AppSourceScan) {
        var i = 0
        while i < file.count {
            defer { i += 1 }
            guard file.isIdentifier(i) else {
                if file.isString(i), file.stringValue(i) == "android.permission.POST_NOTIFICATIONS" {
                    scan.facts.append(RawFact(.postNotifications, line: file.line(i)))
                }
                continue
            }
            if file.isIdentifier(i, "NotificationChannel"), file.isPunctuation(i + 1, "("),
                let arguments = file.arguments(i + 1), let id = arguments.first
            {
                let importance = arguments.count >= 3 ? ImportanceNames.android(file, arguments[2]) : nil
                scan.facts.append(
                    RawFact(
                        .channel, id: file.expression(id), importance: importance ?? .unknown("(not given)"),
                        line: file.line(i)))
            } else if file.isIdentifier(i, "NotificationChannelCompat"), file.isPunctuation(i + 1, "."),
                file.isIdentifier(i + 2, "Builder"), file.isPunctuation(i + 3, "("),
                let arguments = file.arguments(i + 3),
                let id = arguments.first
            {
                let importance = arguments.count >= 2 ? ImportanceNames.android(file, arguments[1]) : nil
                scan.facts.append(
                    RawFact(
                        .channel, id: file.expression(id), importance: importance ?? .unknown("(not given)"),
                        line: file.line(i)))
            } else if file.isIdentifier(i, "NotificationChannelGroup"), file.isPunctuation(i + 1, "("),
                let id = file.arguments(i + 1)?.first
            {
                scan.facts.append(RawFact(.channelGroup, id: file.expression(id), line: file.line(i)))
            } else if file.isIdentifier(i, "NotificationChannelGroupCompat"), file.isPunctuation(i + 1, "."),
                file.isIdentifier(i + 2, "Builder"), file.isPunctuation(i + 3, "("),
                let id = file.arguments(i + 3)?.first
            {
                scan.facts.append(RawFact(.channelGroup, id: file.expression(id), line: file.line(i)))
            } else if file.isIdentifier(i, "deleteNotificationChannel"), file.isPunctuation(i + 1, "("),
                !file.isIdentifier(i - 1, "fun"), let id = file.arguments(i + 1)?.first
            {
                scan.facts.append(RawFact(.deletedChannel, id: file.expression(id), line: file.line(i)))
            } else if file.isIdentifier(i, "FirebaseMessagingService"), isSupertype(file, i) {
                scan.facts.append(RawFact(.messagingService, line: file.line(i)))
            } else if file.isIdentifier(i, "POST_NOTIFICATIONS"), file.isPunctuation(i - 1, "."),
                file.isIdentifier(i - 2, "permission")
            {
                scan.facts.append(RawFact(.postNotifications, line: file.line(i)))
            }
        }
    }

    /// `class X : FirebaseMessagingService()` (Kotlin calls the superclass constructor; a parameter's type is never
    /// followed by `(`) or `class X extends FirebaseMessagingService` (Java), the type possibly qualified.
    static func isSupertype(_ file: SourceFile, _ i: Int) -> Bool {
        var start = i
        while file.isPunctuation(start - 1, "."), file.isIdentifier(start - 2) { start -= 2 }
        if file.isIdentifier(start - 1, "extends") { return true }
        return file.isPunctuation(start - 1, ":") && file.isPunctuation(i + 1, "(")
    }
}
