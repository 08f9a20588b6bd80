import PushLintJSON
import PushLintModel

enum AppRules {
    static let all: [any Rule] = [
        AppChannelNotCreated(), AppChannelImportance(), AppDefaultChannel(), AppCategoryNotRegistered(),
        AppBackgroundModeMissing(), AppServiceExtensionMissing(), AppEntitlementMissing(),
        AppLocKeyMissing(), AppLocArgsMismatch(), AppSoundMissing(), AppIconMissing(), AppLinkUnhandled(),
        AppLiveActivityState(),
    ]
}

/// What the `app-*` rules read of the app's facts (`LintSettings.app`, filled by `pushlint app scan` from the
/// folders of the config's `app` key or `--app`), and the words their messages share.
///
/// Ownership: when the app's sources of a platform were read, they are the evidence of what the app does, so the
/// payload checks against the contract's lists (`android-channel-exists`, `android-channel-missing`,
/// `contract-category-exists`, `apns-interruption-entitlement`) stay silent for that platform and the `app-*`
/// rules judge the payload against the app instead; the contract's own entries are then checked against the app
/// too, with findings located in the contract file. One mistake, one finding on each spot.
enum App {
    /// The app's facts, when its sources for `platform` were read; nil otherwise (no app folder, or an app folder
    /// without sources of that platform), and then the `app-*` rules about that platform are silent.
    static func facts(_ settings: LintSettings, _ platform: AppFacts.Platform) -> AppFacts? {
        guard let facts = settings.app, facts.platforms.contains(platform) else { return nil }
        return facts
    }

    /// "path:line", as findings print places.
    static func place(_ location: AppFacts.Location) -> String { "\(location.path):\(location.line)" }

    /// Identifiers of this kind that the scan could not read (`what` starts with `channel` or `category`, as
    /// `AppFacts.Unresolved` spells them): the app may create or register the one a rule misses under such an
    /// identifier, so the rule only reminds (info) and names them.
    static func unresolved(_ facts: AppFacts, _ kind: String) -> [AppFacts.Unresolved] {
        facts.unresolved.filter { $0.what.lowercased().hasPrefix(kind) }
    }

    /// " The app also has … pushlint could not read …" as the last sentence of a message, or "".
    static func unresolvedNote(_ unresolved: [AppFacts.Unresolved], _ noun: String) -> String {
        guard let first = unresolved.first else { return "" }
        let more = unresolved.count > 1 ? " and \(unresolved.count - 1) more" : ""
        return
            " The app also has \(noun) that pushlint could not read (\(first.what) at \(place(first.location))\(more)), so this may be one of them."
    }

    /// A message and the sentences that follow it (" Did you mean …?", an unresolved note): the message ends with a
    /// period only when something follows, as the other rules' messages do.
    static func sentences(_ message: String, _ following: String...) -> String {
        let tail = following.joined()
        return tail.isEmpty ? message : message + "." + tail
    }

    static func quotedList(_ ids: [String]) -> String { ids.map { "'\($0)'" }.joined(separator: ", ") }

    /// Each id once, in the order first seen.
    static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }

    // MARK: Channels

    /// What the app does with a channel id: nil when it creates it (a creation wins over a deletion of the same
    /// id, since the order in which the code runs is not known).
    enum ChannelProblem {
        case notCreated(unresolved: [AppFacts.Unresolved])
        case deleted(AppFacts.Fact)
    }

    static func channelProblem(_ id: String, in facts: AppFacts) -> ChannelProblem? {
        if facts.channels.contains(where: { $0.id == id }) { return nil }
        if let deletion = facts.deletedChannels.first(where: { $0.id == id }) { return .deleted(deletion) }
        return .notCreated(unresolved: unresolved(facts, "channel"))
    }

    static func createdChannelIds(_ facts: AppFacts) -> [String] { unique(facts.channels.map(\.id)) }

    /// Where FCM posts a notification whose channel the app has not created (FAND
    /// `CommonNotificationBuilder.getOrCreateChannel`): the manifest's default channel when the app creates it,
    /// else FCM's own "Miscellaneous" channel.
    static func fcmFallback(_ facts: AppFacts) -> String {
        if let fallback = facts.defaultChannel, facts.channels.contains(where: { $0.id == fallback.id }) {
            return "the app's default channel '\(fallback.id)' (\(place(fallback.location)))"
        }
        return "FCM's own \"Miscellaneous\" channel (importance default)"
    }

    /// "; the app creates 'a', 'b' (first at path:line)" or "; the app creates no channel".
    static func createdNote(_ facts: AppFacts) -> String {
        let ids = createdChannelIds(facts)
        guard let first = facts.channels.min(by: { $0.location < $1.location }) else {
            return "; the app creates no channel"
        }
        return "; the app creates \(quotedList(ids)) (first at \(place(first.location)))"
    }

    // MARK: iOS

    /// Entitlement keys as the app's entitlements spell them, for the contract's short names (`Contract.entitlements`).
    static let entitlementKeys: [String: String] = [
        "time-sensitive": AppEntitlementMissing.timeSensitive,
        "critical-alerts": AppEntitlementMissing.criticalAlerts,
    ]

    static func hasEntitlement(_ key: String, _ facts: AppFacts) -> Bool {
        facts.entitlements.contains { $0.id == key }
    }

    /// "which the app's entitlements (path) do not grant", naming the app's entitlements file when it has one.
    static func entitlementsLack(_ facts: AppFacts) -> String {
        guard let first = facts.entitlements.min(by: { $0.location < $1.location }) else {
            return "which the app does not have (no entitlements file of the app was found)"
        }
        return "which the app's entitlements (\(first.location.path)) do not grant"
    }
}
