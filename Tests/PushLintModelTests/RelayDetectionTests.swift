import PushLintJSON
import PushLintModel
import Testing

/// Relay publish bodies (PubNub, Pusher Beams) are told from content, and the payloads they resemble keep their kind.
@Suite struct RelayDetectionTests {
    func kind(_ text: String) -> PayloadKind? {
        guard let doc = JSONParser.parse(text).document else { return nil }
        return PayloadKind.detect(doc, doc.root)
    }

    @Test(arguments: [
        #"{"pn_apns": {"aps": {"alert": "hello world"}}}"#,
        #"{"pn_fcm": {}, "pn_other": {"additional": "fields"}}"#,
        #"{"pn_gcm": {}, "text": "hi"}"#,
        #"{"text": "chat message", "sender": "a", "pn_fcm": {"notification": {"title": "Hi"}}}"#,
    ])
    func pubnubMessages(_ text: String) {
        #expect(kind(text) == .pubnub, "\(text)")
    }

    @Test(arguments: [
        #"{"interests": ["hello"], "apns": {"aps": {"alert": "Hi"}}}"#,
        #"{"users": ["u1"], "fcm": {"notification": {"title": "Hi"}}}"#,
        #"{"apns": {"aps": {"alert": "Hello!"}}}"#,
        #"{"web": {"notification": {"title": "Hi"}}}"#,
        #"{"apns": {"aps": {}}, "fcm": {"data": {}}, "web": {}, "webhookUrl": "https://example.com/hook"}"#,
        #"{"fcm": {"notification": {"title": "Hi"}}}"#,
    ])
    func pusherBeamsBodies(_ text: String) {
        #expect(kind(text) == .pusherBeams, "\(text)")
    }

    /// FCM v1 messages and requests, the realtime message without push, and objects that share a key name.
    @Test(arguments: [
        (#"{"apns": {"payload": {"aps": {"alert": "Hi"}}}}"#, PayloadKind?.some(.fcm)),
        (#"{"apns": {"headers": {"apns-priority": "5"}}, "token": "t"}"#, .fcm),
        (#"{"message": {"token": "t", "apns": {"payload": {"aps": {}}}}}"#, .fcm),
        (#"{"pn_apns": "not an object", "aps": {"alert": "Hi"}}"#, .apns),
        (#"{"text": "hello"}"#, nil),
        (#"{"interests": ["a"], "apns": {"aps": {}}, "title": "x"}"#, nil),
        (#"{"interests": "a", "fcm": {"notification": {}}}"#, nil),
        (#"{"fcm": "enabled", "web": true}"#, nil),
        // A push server's settings have the platforms' names but no payload.
        (#"{"apns": {"key_id": "ABC", "team_id": "T"}, "fcm": {"api_key": "k"}, "webhookUrl": "https://x"}"#, nil),
        (#"{"web": {"vapid": {"subject": "mailto:a@b.c"}}}"#, nil),
    ])
    func otherJSONKeepsItsKind(_ text: String, _ expected: PayloadKind?) {
        #expect(kind(text) == expected, "\(text)")
    }
}
