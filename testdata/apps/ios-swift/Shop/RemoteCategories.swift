import UserNotifications

/// A category whose identifier the server sends at run time: app scan cannot know it.
enum RemoteCategories {
    static func current() -> UNNotificationCategory {
        let config = RemoteConfig.shared
        return UNNotificationCategory(
            identifier: config.string(forKey: "seasonal_category"), actions: config.actions(),
            intentIdentifiers: [])
    }
}
