import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let center = UNUserNotificationCenter.current()
        center.delegate = self
        registerCategories(center)
        application.registerForRemoteNotifications()
        return true
    }

    private func registerCategories(_ center: UNUserNotificationCenter) {
        let track = UNNotificationAction(
            identifier: NotificationAction.track.rawValue, title: "Track", options: [.foreground])
        let cancel = UNNotificationAction(
            identifier: NotificationAction.cancel.rawValue, title: "Cancel order", options: [.destructive])
        let orders = UNNotificationCategory(
            identifier: NotificationCategory.orderActions,
            actions: [track, cancel],
            intentIdentifiers: [],
            options: [.customDismissAction])
        let chat = UNNotificationCategory(
            identifier: NotificationCategory.chatReply,
            actions: [
                UNTextInputNotificationAction(
                    identifier: "REPLY", title: "Reply", options: [], textInputButtonTitle: "Send",
                    textInputPlaceholder: "Message")
            ],
            intentIdentifiers: [],
            options: [])
        /* Retired in 4.0: UNNotificationCategory(identifier: "PROMO_OLD", actions: [], intentIdentifiers: [])
           /* nested comments are Swift */ */
        let hint = #"UNNotificationCategory(identifier: "IN_A_RAW_STRING", actions: [])"#
        let multiline = """
            UNNotificationCategory(identifier: "IN_A_MULTILINE_STRING", actions: [])
            \(hint)
            """
        center.setNotificationCategories([orders, chat, RemoteCategories.current()])
        _ = multiline
    }
}
