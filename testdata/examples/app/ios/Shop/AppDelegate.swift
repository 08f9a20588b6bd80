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
        // CHAT_REPLY (chat templates, push-contract.json) is not registered yet: its Reply action never shows.
        UNUserNotificationCenter.current().setNotificationCategories([orders])
        application.registerForRemoteNotifications()
        return true
    }
}
