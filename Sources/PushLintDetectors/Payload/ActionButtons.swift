import PushLintJSON
import PushLintModel

/// Notification action buttons: what the device needs to draw a notification, when it may not be able to fetch
/// anything, so never content to fetch later (`payload-data-not-link`). The shapes in use: the Notifications API's
/// `NotificationAction` `{action, title, icon}` (web push, `webpush.notification.actions`), an expo-notifications
/// category action `{identifier, buttonTitle, textInput, options}`, OneSignal's buttons `{id, text, icon, url}`,
/// notifee's `{title, pressAction, input}` and awesome_notifications' `{key, label, actionType}`. Keys are compared
/// on their bytes: this runs for every array of objects in custom data.
package enum ActionButtons {
    /// Keys that name what a button does.
    package static let actionKeys: [[UInt8]] = [
        "action", "id", "identifier", "key", "pressAction", "actionId", "action_id",
    ].map { Array($0.utf8) }
    /// Keys that hold what a button says.
    package static let labelKeys: [[UInt8]] = ["title", "buttonTitle", "label", "text"].map { Array($0.utf8) }
    /// Every other key a button may have: how it looks and behaves.
    package static let settingKeys: [[UInt8]] = [
        "icon", "type", "placeholder", "options", "textInput", "input", "url", "link", "uri", "deeplink", "color",
        "destructive", "foreground", "authenticationRequired", "opensAppToForeground", "isDestructive",
        "isAuthenticationRequired", "actionType", "enabled", "requireInputText", "autoDismissible", "isDangerousOption",
        "showInCompactView", "submitButtonTitle", "launchActivity",
    ].map { Array($0.utf8) }

    /// An array (of at least one element) whose elements are all button-shaped objects.
    package static func are(_ array: NodeID, in doc: JSONDocument) -> Bool {
        guard doc.kind(array) == .array else { return false }
        let elements = doc.elements(array)
        return !elements.isEmpty && elements.allSatisfy { isButton($0, in: doc) }
    }

    package static func isButton(_ node: NodeID, in doc: JSONDocument) -> Bool {
        guard doc.kind(node) == .object, doc.count(node) <= 12 else { return false }
        var hasAction = false
        var hasLabel = false
        var onlyButtonKeys = true
        doc.forEachMember(node) { member in
            guard onlyButtonKeys else { return }
            doc.withStringBytes(member.key) { key in
                if actionKeys.contains(where: { ASCIIText.equals(key, $0) }) {
                    hasAction = true
                } else if labelKeys.contains(where: { ASCIIText.equals(key, $0) }) {
                    hasLabel = true
                } else if !settingKeys.contains(where: { ASCIIText.equals(key, $0) }) {
                    onlyButtonKeys = false
                }
            }
        }
        return onlyButtonKeys && hasAction && hasLabel
    }
}
