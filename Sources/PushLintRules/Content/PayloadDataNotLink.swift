import PushLintDetectors
import PushLintJSON
import PushLintModel

/// `payload-data-not-link`: custom data that carries content instead of a reference.
struct PayloadDataNotLink: PayloadRule {
    static let maxStringBytes = OptionKey(
        "maxStringBytes", default: 512,
        "Longest string (UTF-8 bytes) in custom data that is not reported.")
    static let maxDepth = OptionKey(
        "maxDepth", default: 3,
        "Deepest object nesting in custom data (a field's own value is level 1).")
    static let maxStructuredBytes = OptionKey(
        "maxStructuredBytes", default: 256,
        "Largest stringified JSON (UTF-8 bytes of the string) or array of objects (wire bytes) in custom data that is not reported."
    )

    static let description = RuleDescription(
        id: "payload-data-not-link",
        summary:
            "Custom data carries content (long text, blobs, lists of records) instead of a reference the app can fetch.",
        family: .content,
        defaultSeverity: .warning,
        rationale: """
            A push is a doorbell, not a parcel. Payloads are capped at 4 KB (APNs 4096, FCM 4096 and 2048 to \
            topics, Expo 4096, web push 3993; https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification, https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode, https://docs.expo.dev/push-notifications/sending-notifications/, RFC 8291), they are stored and forwarded by \
            third parties, may arrive late, collapsed or not at all (https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app, https://firebase.google.com/docs/cloud-messaging/android/message-priority), and whatever they carry is \
            stale by the time the user opens it. Send an id and a cursor; the app fetches the current content \
            over its own authenticated connection. The rule looks at the custom data the client reads (FCM \
            `data`, APNs keys beside `aps`, Expo `data`) for: strings over `maxStringBytes` (URLs excepted), \
            base64 blobs and `data:` URIs, large numeric arrays, objects nested deeper than `maxDepth`, and \
            structured content over `maxStructuredBytes` (256 bytes, a sixteenth of the 4 KB cap): stringified \
            JSON (its text) and arrays of two or more objects (their wire bytes). Stringified JSON is also judged by \
            its shape: a record with a list of line items (an array of two or more objects with fields that are \
            not ids, such as `sku`, `name` and `qty`) is content at any size, since a small order today is a large \
            one tomorrow and the list is what the app should fetch. The message says how many bytes of the wire \
            size are content. Ids, cursors, URLs and short texts pass, and so do small reference \
            bundles such as `"{\\"order_id\\":\\"1042\\",\\"ids\\":[1,2,3]}"`.

            Notification action buttons are not content: arrays of objects shaped like buttons (an `action`, \
            `id`, `identifier` or `key` with a `title`, `buttonTitle`, `label` or `text`, and only button \
            settings such as `icon`, `type`, `placeholder`, `options`, `url`), as a stringified array in FCM \
            `data.actions` or as objects in Expo `data` or APNs custom keys, are what the device needs to draw \
            the notification, when it may have no connection to fetch them. They are never reported.

            One mistake, one finding: a payload over its size limit is `payload-size`'s finding (which says the \
            same: send an id and let the app fetch), and a non-string value in an FCM `data` map is \
            `fcm-data-string-values`' (FCM rejects it); this rule stays silent on them.
            """,
        options: [maxStringBytes.declaration, maxDepth.declaration, maxStructuredBytes.declaration],
        triggering: [
            RuleExample(
                #"{"aps": {"alert": "Your receipt"}, "order_id": "48213", "items": ↓[{"sku": "SKU-100482", "name": "Trail runner, blue, 42", "qty": 1, "price": "89.90"}, {"sku": "SKU-100517", "name": "Merino socks, 3 pairs", "qty": 2, "price": "24.00"}, {"sku": "SKU-100733", "name": "Rain shell, M", "qty": 1, "price": "149.00"}, {"sku": "SKU-100901", "name": "Water bottle 0.75 L", "qty": 1, "price": "12.50"}]}"#,
                note: "An array of records, 297 wire bytes."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"order": ↓"{\"id\":\"48213\",\"status\":\"shipped\",\"items\":[{\"sku\":\"SKU-100482\",\"name\":\"Trail runner, blue, 42\",\"qty\":1},{\"sku\":\"SKU-100517\",\"name\":\"Merino socks, 3 pairs\",\"qty\":2},{\"sku\":\"SKU-100733\",\"name\":\"Rain shell, M\",\"qty\":1}],\"total\":\"312.85\",\"currency\":\"EUR\",\"carrier\":\"DHL\",\"eta\":\"2026-12-03\"}"}}}"#,
                note: "A 285-byte stringified order in FCM data."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"order": ↓"{\"id\":\"48213\",\"items\":[{\"sku\":\"SKU-100482\",\"qty\":1},{\"sku\":\"SKU-100517\",\"qty\":2}],\"total\":\"113.90\"}"}}}"#,
                note: "A record with its line items, stringified: content under maxStructuredBytes too (its shape)."),
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Photo", "data": {"thumb": ↓"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}}"#,
                note: "A `data:` URI."),
            RuleExample(
                "{\"aps\": {\"alert\": \"New article\"}, \"article_id\": \"a-77\", \"text\": ↓\""
                    + ASCIIText.repeated("Lorem ipsum dolor sit amet. ", 20) + "\"}",
                note: "A 560-byte text."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Your order shipped"}, "order_id": "48213", "cursor": "ord.48213.v7"}"#),
            RuleExample(
                #"{"message": {"token": "t", "data": {"link": "https://shop.example.com/orders/48213?utm_source=push&utm_medium=notification&utm_campaign=shipping-update", "cursor": "eyJvZmZzZXQiOjEwMCwibGltaXQiOjIwfQ"}}}"#,
                note: "URLs and opaque cursors are references."),
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "data": {"orderId": "48213", "status": {"code": "shipped", "step": 3}}}"#,
                note: "A small nested object."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"refs": "{\"order_id\":\"1042\",\"shipment_ids\":[\"s-77\",\"s-78\"],\"ids\":[1,2,3],\"cursor\":\"c_81\"}"}}}"#,
                note: "A small reference bundle (80 bytes of stringified ids): references, not content."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"participants": "[{\"id\":\"u-1\"},{\"id\":\"u-2\"},{\"user_id\":\"u-3\"}]"}}}"#,
                note: "A stringified list of ids: references."),
            RuleExample(
                #"{"message": {"token": "t", "notification": {"title": "Invitation", "body": "Dinner on Friday?"}, "data": {"actions": "[{\"action\":\"accept\",\"title\":\"Accept\",\"icon\":\"https://cdn.example.com/icons/accept.png\"},{\"action\":\"decline\",\"title\":\"Decline\",\"icon\":\"https://cdn.example.com/icons/decline.png\"},{\"action\":\"snooze\",\"title\":\"Remind me in 1 hour\",\"icon\":\"https://cdn.example.com/icons/snooze.png\"}]"}, "webpush": {"notification": {"actions": [{"action": "accept", "title": "Accept"}, {"action": "decline", "title": "Decline"}]}}}}"#,
                note:
                    "Action buttons (278 bytes, stringified in FCM data; objects in webpush.notification): the device needs them to draw the notification."
            ),
            RuleExample(
                #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Anna", "body": "Are you coming?", "data": {"chatId": "c-5521", "actions": [{"id": "reply", "title": "Reply", "type": "text", "placeholder": "Message", "icon": "https://cdn.example.com/icons/reply.png"}, {"id": "mark_read", "title": "Mark as read", "icon": "https://cdn.example.com/icons/read.png"}, {"id": "mute", "title": "Mute this chat", "icon": "https://cdn.example.com/icons/mute.png"}]}}"#,
                note: "Action buttons in Expo data."),
            RuleExample(
                #"{"aps": {"alert": "Your courier is here", "category": "DELIVERY"}, "buttons": [{"identifier": "open_door", "buttonTitle": "Open the door", "options": {"opensAppToForeground": false}}, {"identifier": "call", "buttonTitle": "Call the courier", "options": {"opensAppToForeground": true, "isAuthenticationRequired": true}}, {"identifier": "later", "buttonTitle": "Leave it at the door"}]}"#,
                note: "Action buttons as APNs custom keys."),
            RuleExample(
                "{\"aps\": {\"alert\": \"Your receipt\"}, \"receipt\": \"" + ASCIIText.repeated("x", 4070) + "\"}",
                note: "Over the 4096-byte limit: payload-size's finding, not also this one."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"items": [{"sku": "SKU-100482", "name": "Trail runner, blue, 42", "qty": 1, "price": "89.90"}, {"sku": "SKU-100517", "name": "Merino socks, 3 pairs", "qty": 2, "price": "24.00"}, {"sku": "SKU-100733", "name": "Rain shell, M", "qty": 1, "price": "149.00"}, {"sku": "SKU-100901", "name": "Water bottle 0.75 L", "qty": 1, "price": "12.50"}]}}}"#,
                note: "An array in FCM data: fcm-data-string-values' finding (FCM rejects it), not also this one."),
        ])

    struct Limits {
        var maxStringBytes: Int
        var maxDepth: Int
        var maxStructuredBytes: Int
    }

    func check(_ context: PayloadContext) -> [Diagnostic] {
        // One mistake, one finding: an oversized payload is payload-size's finding, and it says the same thing.
        if context.payload.sizes.contains(where: { $0.bytes > $0.limit }) { return [] }
        let limits = Limits(
            maxStringBytes: max(1, context[Self.maxStringBytes]), maxDepth: max(1, context[Self.maxDepth]),
            maxStructuredBytes: max(1, context[Self.maxStructuredBytes]))
        let doc = context.document
        var result: [Diagnostic] = []
        for field in CustomData.allFields(context) {
            // FCM data is map<string,string>: any other value is fcm-data-string-values' finding (FCM rejects it).
            if field.isStringMap, doc.kind(field.value) != .string { continue }
            visit(field.value, depth: 1, field: field, context, limits, &result)
        }
        return result
    }

    private func visit(
        _ node: NodeID, depth: Int, field: CustomField, _ context: PayloadContext, _ limits: Limits,
        _ result: inout [Diagnostic]
    ) {
        let doc = context.document
        switch doc.kind(node) {
        case .string:
            // What the string is first: nearly every string is a short text, and a template's placeholder search
            // is then not needed.
            guard
                let what = doc.withStringBytes(
                    node, { content(in: $0, key: { doc.owningKey(of: node).map { doc.string($0) } ?? "" }, limits) }),
                !context.isTemplated(node)
            else { return }
            result.append(finding(node, field, what, context))
        case .array:
            let elements = doc.elements(node)
            var objects = 0
            var numbers = 0
            for element in elements {
                switch doc.kind(element) {
                case .object: objects += 1
                case .number: numbers += 1
                default: break
                }
            }
            if objects >= 2 {
                // Buttons are drawn with the notification, when the app may not be able to fetch anything.
                if objects == elements.count, ActionButtons.are(node, in: doc) { return }
                let bytes = doc.wireSize(node)
                if bytes > limits.maxStructuredBytes {
                    result.append(finding(node, field, .objects(objects), context, bytes: bytes))
                    return
                }
            }
            if numbers >= 32 {
                result.append(finding(node, field, .numbers(numbers), context))
                return
            }
            for element in elements { visit(element, depth: depth + 1, field: field, context, limits, &result) }
        case .object:
            if depth > limits.maxDepth {
                result.append(finding(node, field, .nested(depth: depth, maxDepth: limits.maxDepth), context))
                return
            }
            doc.forEachMember(node) { visit($0.value, depth: depth + 1, field: field, context, limits, &result) }
        default:
            return
        }
    }

    /// Content the app could fetch, as a finding names it.
    enum Content {
        case dataURI(bytes: Int)
        case stringifiedJSON(bytes: Int)
        case record(items: Int, bytes: Int)
        case base64(bytes: Int)
        case longString(bytes: Int)
        case objects(Int)
        case numbers(Int)
        case nested(depth: Int, maxDepth: Int)
    }

    /// What content a string is, or nil for a reference or a short text.
    private func content(in bytes: UnsafeBufferPointer<UInt8>, key: () -> String, _ limits: Limits) -> Content? {
        let count = bytes.count
        // A stringified object or array is judged by its shape at any size; other strings by their first byte.
        let mayBeJSON = count >= 2 && (bytes[0] == UInt8(ascii: "{") || bytes[0] == UInt8(ascii: "["))
        // Short strings are ids and texts unless they are a `data:` URI: no need to build a String for them.
        if count < 64, count <= limits.maxStringBytes, !mayBeJSON, !TextDetectors.hasDataScheme(bytes) { return nil }
        if TextDetectors.isDataURI(bytes) { return .dataURI(bytes: count) }
        if TextDetectors.isURL(bytes) { return nil }
        let isLong = count > limits.maxStringBytes
        // Parsed only when its size or its first byte may make it a finding: most strings never get here.
        if isLong || count > limits.maxStructuredBytes || mayBeJSON, let json = TextDetectors.stringifiedJSON(bytes) {
            if ActionButtons.are(json.root, in: json) { return nil }
            if count > limits.maxStructuredBytes { return .stringifiedJSON(bytes: count) }
            // A record with its line items is content whatever its size: the shape says what it is.
            if let items = lineItems(in: json) { return .record(items: items, bytes: count) }
        }
        if isLong {
            return TextDetectors.isBase64Blob(bytes, minimumLength: 1)
                ? .base64(bytes: count) : .longString(bytes: count)
        }
        if TextDetectors.isBase64Blob(bytes, minimumLength: 256), !isReferenceName(key()) {
            return .base64(bytes: count)
        }
        return nil
    }

    /// The number of records in the largest list of records in stringified JSON (an array of two or more objects,
    /// one of which has a field that is no reference, such as a line item's `sku`, `name` or `qty`), or nil. A list
    /// of `{"id": ...}` objects is a list of references, not content.
    private func lineItems(in json: JSONDocument) -> Int? {
        var largest: Int?
        for node in 0..<json.nodes.count where json.kind(node) == .array {
            let elements = json.elements(node)
            guard elements.count >= 2, elements.allSatisfy({ json.kind($0) == .object }) else { continue }
            let hasContent = elements.contains { element in
                json.members(element).contains { !isReferenceName(json.string($0.key)) }
            }
            if hasContent, elements.count > largest ?? 0 { largest = elements.count }
        }
        return largest
    }

    private func isReferenceName(_ key: String) -> Bool {
        let words = Set(TextDetectors.words(key))
        return !words.isDisjoint(with: ["cursor", "token", "id", "ref", "etag", "after", "before"])
    }

    private func finding(
        _ node: NodeID, _ field: CustomField, _ what: Content, _ context: PayloadContext, bytes: Int? = nil
    ) -> Diagnostic {
        let bytes = bytes ?? context.document.wireSize(node)
        return diagnostic(
            Self.fetchable(label(of: node, in: field, context.document), what, bytes: bytes), at: node,
            in: context.document)
    }

    // MARK: Messages

    static func fetchable(_ label: String, _ what: Content, bytes: Int) -> FindingText {
        FindingText(
            "\(MessageText.single(label)) is \(describe(what)), content the app could fetch: it takes \(bytes) wire bytes of a payload capped at 4 KB and is stale on arrival; send an id and a cursor instead",
            help: "replace it with a reference (an id, a cursor or a URL) and let the app fetch the content")
    }

    private static func describe(_ content: Content) -> String {

        switch content {
        case .dataURI(let bytes): "a data: URI of \(bytes) bytes"
        case .stringifiedJSON(let bytes): "stringified JSON of \(bytes) bytes"
        case .record(let items, let bytes): "a stringified record with a list of \(items) items (\(bytes) bytes)"
        case .base64(let bytes): "a base64 blob of \(bytes) bytes"
        case .longString(let bytes): "a \(bytes)-byte string"
        case .objects(let count): "an array of \(count) objects"
        case .numbers(let count): "an array of \(count) numbers"
        case .nested(let depth, let maxDepth): "an object nested \(depth) levels deep (maxDepth \(maxDepth))"
        }
    }

    /// How a finding names the value: the field, then `.member` and `[index]` steps down to the node.
    private func label(of node: NodeID, in field: CustomField, _ doc: JSONDocument) -> String {
        var steps: [String] = []
        var current = node
        while current != field.value, let parent = doc.parent(current) {
            steps.append(
                doc.kind(parent) == .object ? "." + doc.string(current - 1) : "[\(doc.nodes[current].ordinal)]")
            current = parent
        }
        return doc.string(field.key) + steps.reversed().joined()
    }
}
