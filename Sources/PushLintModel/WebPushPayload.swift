import PushLintJSON

extension PayloadBuilder {
    /// A web push message as the server encrypts it: the whole JSON is the plaintext, measured against what one
    /// aes128gcm record of a 4096-octet body holds (RFC 8291 §4). A declarative message is walked along its table;
    /// a plain one is app-defined, so only a `notification` object in it (the options most service workers pass to
    /// `showNotification`) is.
    static func buildWebPush(_ doc: JSONDocument, _ node: NodeID, _ batchIndex: Int?) -> Payload {
        let declarative = doc.member(node, WebPushSchema.markerKey) != nil
        let notification = doc.memberObject(node, "notification")
        let data = notification.flatMap { doc.member($0, "data") } ?? doc.member(node, "data")
        let navigate = notification.flatMap { doc.member($0, "navigate") }
        let wire = WireValue.node(node)
        let view = WebPushView(
            config: node, headers: nil, data: data.flatMap { doc.kind($0) == .object ? $0 : nil },
            notification: notification, link: navigate, wire: wire)
        let size = SizeMeasurement(
            label: "web push message (plaintext)", bytes: doc.wireSize(wire),
            limit: WebPushSchema.aes128gcmPlaintextLimit,
            limitReason:
                "the plaintext that fits a 4096-octet aes128gcm web push body (RFC 8291); 4078 is the legacy aesgcm figure",
            anchor: node, wire: wire)
        let schema: SchemaWalk
        if declarative {
            schema = WebPushSchema.declarative.walk(doc, at: node, room: (3, 12))
        } else if let notification {
            schema = WebPushSchema.notification.walk(doc, at: notification, path: "notification", room: (2, 12))
        } else {
            schema = SchemaWalk()
        }
        return Payload(
            kind: .webpush, node: node, batchIndex: batchIndex, body: node, envelopeHeaders: nil, apns: nil,
            android: nil, webpush: view, sizes: [size], schema: schema)
    }
}
