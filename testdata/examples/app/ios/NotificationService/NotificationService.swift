import UserNotifications

/// Adds the sender's avatar to chat messages (`mutable-content`) before they are shown.
final class NotificationService: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        Avatars.attach(to: request.content, then: contentHandler)
    }
}
