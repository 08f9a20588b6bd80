import PushLintModel

/// `pushlint app scan`: an app's facts in, text or JSON out.
///
/// JSON, one object (the notification facts first, then what else was read):
/// `channels` (`{"id", "importance", "path", "line"}`, importance as the contract spells it or null),
/// `categories` (`{"id", "path", "line", "actions"}`), `backgroundModes` and `entitlements` (strings, each once),
/// `defaultChannel` (id or null), `serviceExtension` (bool), `unresolved` (`{"what", "path", "line"}`); then
/// `platforms`, `deletedChannels` and `channelGroups` (`{"id", "path", "line"}`), `pushKit`,
/// `postNotificationsPermission` and `messagingService` (bool), `unreadable` and `skipped` (`{"path", "reason"}`)
/// and `filesRead`.
public enum AppFactsReporter {
    public static func json(_ facts: AppFacts) -> [UInt8] {
        var w = JSONWriter()
        w.beginObject()
        w.beginArray("channels")
        for channel in facts.channels {
            w.beginObject()
            w.string("id", channel.id)
            w.string("importance", channel.importance?.rawValue)
            location(&w, channel.location)
            w.endObject()
        }
        w.endArray()
        w.beginArray("categories")
        for category in facts.categories {
            w.beginObject()
            w.string("id", category.id)
            location(&w, category.location)
            w.beginArray("actions")
            for action in category.actions { w.string(nil, action) }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        strings(&w, "backgroundModes", facts.backgroundModes)
        strings(&w, "entitlements", facts.entitlements)
        w.string("defaultChannel", facts.defaultChannel?.id)
        w.bool("serviceExtension", facts.hasServiceExtension)
        w.beginArray("unresolved")
        for item in facts.unresolved {
            w.beginObject()
            w.string("what", item.what)
            location(&w, item.location)
            w.endObject()
        }
        w.endArray()

        w.beginArray("platforms")
        for platform in facts.platforms.sorted() { w.string(nil, platform.rawValue) }
        w.endArray()
        identified(&w, "deletedChannels", facts.deletedChannels)
        identified(&w, "channelGroups", facts.channelGroups)
        w.bool("pushKit", !facts.pushKit.isEmpty)
        w.bool("postNotificationsPermission", facts.postNotificationsPermission != nil)
        w.bool("messagingService", facts.messagingService != nil)
        files(&w, "unreadable", facts.unreadable)
        files(&w, "skipped", facts.skipped)
        w.number("filesRead", facts.filesRead)
        resourcesJSON(&w, facts)
        w.endObject()
        return w.finished() + [UInt8(ascii: "\n")]
    }

    static func location(_ w: inout JSONWriter, _ location: AppFacts.Location) {
        w.string("path", location.path)
        w.number("line", location.line)
    }

    /// Each id once, in the order first met.
    static func strings(_ w: inout JSONWriter, _ key: StaticString, _ facts: [AppFacts.Fact]) {
        var seen: Set<String> = []
        w.beginArray(key)
        for fact in facts where seen.insert(fact.id).inserted { w.string(nil, fact.id) }
        w.endArray()
    }

    static func identified(_ w: inout JSONWriter, _ key: StaticString, _ facts: [AppFacts.Fact]) {
        w.beginArray(key)
        for fact in facts {
            w.beginObject()
            w.string("id", fact.id)
            location(&w, fact.location)
            w.endObject()
        }
        w.endArray()
    }

    static func files(_ w: inout JSONWriter, _ key: StaticString, _ items: [AppFacts.Unresolved]) {
        w.beginArray(key)
        for item in items {
            w.beginObject()
            w.string("path", item.location.path)
            w.string("reason", item.what)
            w.endObject()
        }
        w.endArray()
    }

    // MARK: Text

    /// A summary grouped by kind, each fact with `path:line:`. The sections of a platform the app has are shown even
    /// when empty (`none`): a missing background mode or service extension is what the reader looks for.
    public static func text(_ facts: AppFacts, scanned paths: [String] = []) -> String {
        var out = ""
        let platforms = facts.platforms.sorted().map(\.rawValue).joined(separator: ", ")
        let files = "\(facts.filesRead) app \(facts.filesRead == 1 ? "file" : "files")"
        if facts.platforms.isEmpty {
            let scope = paths.isEmpty ? "" : " in " + paths.map(Escape.terminal).joined(separator: ", ")
            out += "read \(files)\(scope): no Android or iOS app sources found\n"
        } else {
            out += "read \(files) (\(platforms))\n"
        }
        let android = facts.platforms.contains(.android)
        let ios = facts.platforms.contains(.ios)

        if android || !facts.channels.isEmpty {
            section(
                &out, "channels",
                facts.channels.map { ($0.location, "\($0.id) (importance \($0.importance?.rawValue ?? "unknown"))") },
                always: true)
        }
        section(&out, "deleted channels", facts.deletedChannels.map { ($0.location, $0.id) })
        section(&out, "channel groups", facts.channelGroups.map { ($0.location, $0.id) })
        if android || facts.defaultChannel != nil {
            section(
                &out, "FCM default channel", facts.defaultChannel.map { [($0.location, $0.id)] } ?? [], always: true)
            section(
                &out, "POST_NOTIFICATIONS permission",
                facts.postNotificationsPermission.map { [($0, "declared or requested")] } ?? [], always: true)
            section(
                &out, "FirebaseMessagingService subclass", facts.messagingService.map { [($0, "found")] } ?? [],
                always: true)
        }
        if ios || !facts.categories.isEmpty {
            section(
                &out, "categories",
                facts.categories.map {
                    (
                        $0.location,
                        $0.id + ($0.actions.isEmpty ? "" : " (actions \($0.actions.joined(separator: ", ")))")
                    )
                }, always: true)
        }
        if ios || !facts.backgroundModes.isEmpty {
            section(&out, "background modes", facts.backgroundModes.map { ($0.location, $0.id) }, always: true)
        }
        if ios || !facts.entitlements.isEmpty {
            section(&out, "entitlements", facts.entitlements.map { ($0.location, $0.id) }, always: true)
        }
        if ios {
            section(
                &out, "notification service extension", facts.serviceExtensions.map { ($0, "found") }, always: true)
            section(&out, "PushKit", facts.pushKit.map { ($0, "PKPushRegistry") }, always: true)
        }
        resourcesText(&out, facts)
        section(
            &out, "unresolved (not a literal or a simple constant: never guessed)",
            facts.unresolved.map { ($0.location, $0.what) })
        section(&out, "unreadable", facts.unreadable.map { ($0.location, $0.what) })
        section(&out, "skipped", facts.skipped.map { ($0.location, $0.what) })
        return out
    }

    static func section(
        _ out: inout String, _ title: String, _ items: [(AppFacts.Location, String)], always: Bool = false
    ) {
        guard always || !items.isEmpty else { return }
        out += "\n\(title)\n"
        if items.isEmpty { out += "  none\n" }
        for (location, text) in items {
            let place = location.line > 0 ? "\(location.path):\(location.line)" : location.path
            out += "  \(Escape.terminal(place)): \(Escape.terminal(text))\n"
        }
    }
}
