import PushLintJSON
import PushLintModel

extension Payload {
    /// No `notification`, and no alert, sound or badge in `apns.payload.aps`. A placeholder (or another value that
    /// is no object) where the notification, the payload or `aps` would be may render anything: not data-only.
    func isFCMDataOnly(_ view: APNsView, in doc: JSONDocument) -> Bool {
        if let notification = doc.member(body, "notification"), doc.kind(notification) != .null { return false }
        if view.isVisible { return false }
        if let aps = view.aps, doc.kind(aps) != .object { return false }
        if let apns = doc.memberObject(body, "apns"), let body = doc.member(apns, "payload"),
            doc.kind(body) != .object, doc.kind(body) != .null
        {
            return false
        }
        return true
    }
}
