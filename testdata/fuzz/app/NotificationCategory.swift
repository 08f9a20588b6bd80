import UserNotifications

/// Category and action identifiers: API between the app and the backend's push templates (`aps.category`).
enum NotificationCategory {
    static let orderActions = "ORDER_ACTIONS"
    static let chatReply = "CHAT_REPLY"
}

enum NotificationAction: String {
    case track = "TRACK_ORDER"
    case cancel = "CANCEL_ORDER"
}
