import PushLintJSON
import PushLintModel
import Testing

/// Web push detection (envelope-facts §2.7): `web_push` with a `notification` object decides; a plain message is
/// app-defined JSON and is never claimed from its content.
@Suite struct WebPushDetectionTests {
    func kind(_ text: String) -> PayloadKind? {
        let doc = JSONParser.parse(text).document!
        return PayloadKind.detect(doc, doc.root)
    }

    @Test(arguments: [
        #"{"web_push": 8030, "notification": {"title": "Hi", "navigate": "https://example.com/"}}"#,
        #"{"web_push": "8030", "notification": {"title": "Hi"}}"#,
        #"{"web_push": 9001, "notification": {"title": "Hi", "url": "https://tv.example/return"}}"#,
        #"{"notification": {"title": "Hi"}, "web_push": 8030, "app_badge": 2}"#,
    ])
    func declarativeMessagesAreWebPush(_ text: String) {
        #expect(kind(text) == .webpush, "\(text)")
    }

    @Test(arguments: [
        #"{"title": "Hi", "body": "There"}"#,
        #"{"title": "Hi", "body": "There", "icon": "/icon.png", "url": "/inbox"}"#,
        #"{"notification": {"title": "Hi", "body": "There"}}"#,
        #"{"web_push": 8030}"#,
        #"{"web_push": 8030, "notification": "Hi"}"#,
        #"{"settings": {"web_push": true}, "notification": {"email": true}}"#,
    ])
    func otherJSONIsNotWebPush(_ text: String) {
        #expect(kind(text) != .webpush, "\(text)")
    }

    /// The kinds detected before web push existed keep their answers.
    @Test func otherKindsAreUnchanged() {
        #expect(kind(#"{"aps": {"alert": "Hi"}}"#) == .apns)
        #expect(kind(#"{"message": {"token": "t", "notification": {"title": "Hi"}}}"#) == .fcm)
        #expect(kind(#"{"to": "ExponentPushToken[abc]", "title": "Hi"}"#) == .expo)
        #expect(kind(#"{"to": "/topics/news", "notification": {"title": "Hi"}}"#) == .fcmLegacy)
    }

    @Test func theKindIsNamedWebpush() {
        #expect(PayloadKind(rawValue: "webpush") == .webpush)
    }

    /// WebKit takes the number 8030, as an integer or a double, and nothing else.
    @Test(arguments: [("8030", true), ("8030.0", true), ("8.03e3", true), ("\"8030\"", false), ("9001", false)])
    func theMarkerIsTheNumber8030(_ raw: String, _ expected: Bool) {
        let doc = JSONParser.parse(#"{"web_push": \#(raw)}"#).document!
        let marker = doc.member(doc.root, "web_push")!
        #expect(WebPushSchema.isMarker(doc, marker) == expected, "\(raw)")
    }
}
