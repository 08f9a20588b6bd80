import PushLintModel

/// An app's facts as one line per fact (`channel orders high @ path:25`), so tests state the expected facts of a
/// fixture app compactly and a failure shows the whole difference.
public enum AppFactsLines {
    public static func describe(_ facts: AppFacts) -> [String] {
        func at(_ location: AppFacts.Location) -> String { "@ \(location.path):\(location.line)" }
        var lines = ["platforms " + facts.platforms.sorted().map(\.rawValue).joined(separator: ", ")]
        lines += facts.channels.map { "channel \($0.id) \($0.importance?.rawValue ?? "?") \(at($0.location))" }
        lines += facts.deletedChannels.map { "deleted \($0.id) \(at($0.location))" }
        lines += facts.channelGroups.map { "group \($0.id) \(at($0.location))" }
        lines += facts.categories.map {
            "category \($0.id) [\($0.actions.joined(separator: ", "))] \(at($0.location))"
        }
        lines += facts.backgroundModes.map { "mode \($0.id) \(at($0.location))" }
        lines += facts.entitlements.map { "entitlement \($0.id) \(at($0.location))" }
        lines += facts.defaultChannel.map { ["default \($0.id) \(at($0.location))"] } ?? []
        lines += facts.serviceExtensions.map { "extension \(at($0))" }
        lines += facts.pushKit.map { "pushkit \(at($0))" }
        lines += facts.postNotificationsPermission.map { ["post-notifications \(at($0))"] } ?? []
        lines += facts.messagingService.map { ["messaging-service \(at($0))"] } ?? []
        lines += facts.unresolved.map { "unresolved \($0.what) \(at($0.location))" }
        lines += facts.unreadable.map { "unreadable \($0.location.path): \($0.what)" }
        lines += facts.skipped.map { "skipped \($0.location.path): \($0.what)" }
        return lines
    }
}
