import PushLintJSON
import PushLintModel
import Testing

@Suite struct SNSDetectionTests {
    func kind(_ text: String) -> PayloadKind? {
        guard let doc = JSONParser.parse(text).document else { return nil }
        return PayloadKind.detect(doc, doc.root)
    }

    @Test(arguments: [
        #"{"GCM": "{\"fcmV1Message\": {\"message\": {\"data\": {\"a\": \"b\"}}}}"}"#,
        #"{"default": "Hi", "APNS": "{\"aps\": {\"alert\": \"Hi\"}}", "email": "Hi"}"#,
        #"{"APNS_SANDBOX": " {\"aps\": {}}"}"#,
        // The mistake SNS drops: an object where a string of JSON belongs.
        #"{"APNS": {"aps": {"alert": "Hi"}}}"#,
        // A key that means a platform, with a push payload in its string.
        #"{"gcm": "{\"notification\": {\"title\": \"Hi\"}}"}"#,
        #"{"FCM": "{\"data\": {\"message\": \"Hi\"}}"}"#,
        #"{"APNS_PLATFORM": "{\"aps\": {}}", "APNS": "{\"aps\": {\"alert\": \"Hi\"}}"}"#,
        #"{"WNS": "<toast><visual></visual></toast>", "attributes": {}}"#,
        #"{"default": "Hi", "email-json": "{}", "sqs": "x", "GCM": "{\"data\": {}}"}"#,
    ])
    func envelopesAreSNS(_ text: String) {
        #expect(kind(text) == .sns, "\(text)")
    }

    /// Ordinary JSON with upper-case keys, lower-case platform names holding objects (Pusher Beams), a plain SNS
    /// message without a platform key, and keys that only look alike, is not claimed.
    @Test(arguments: [
        #"{"default": "Hello"}"#,
        #"{"APNS": "Apple Push Notification service", "GCM": "Google Cloud Messaging"}"#,
        #"{"apns": {"aps": {"alert": "Hi"}}, "fcm": {"notification": {"title": "Hi"}}, "interests": ["a"]}"#,
        #"{"GCM": "{\"data\": {}}", "count": 3}"#,
        #"{"APNS": "{\"aps\": {}}", "settings": {"debug": true}}"#,
        #"{"gcm": "{\"title\": \"plain\"}"}"#,
        #"{"GCM": 3}"#,
        #"{"message": {"token": "t", "apns": {"payload": {"aps": {}}}}}"#,
    ])
    func otherJSONIsNotSNS(_ text: String) {
        #expect(kind(text) != .sns, "\(text)")
    }
}
