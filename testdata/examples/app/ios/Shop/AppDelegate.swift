import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let track = UNNotificationAction(identifier: "TRACK", title: "Track", options: [.foreground])
        let orders = UNNotificationCategory(
            identifier: "ORDER_ACTIONS", actions: [track], intentIdentifiers: [], options: [])
        let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [])
        let chat = UNNotificationCategory(
            identifier: "CHAT_REPLY", actions: [reply], intentIdentifiers: [], options: [])
        // RETURN_ACTIONS (push-contract.json) is not registered yet: its actions would never show.
        UNUserNotificationCenter.current().setNotificationCategories([orders, chat])
        application.registerForRemoteNotifications()
        return true
    }
}
