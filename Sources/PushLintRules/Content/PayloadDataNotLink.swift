import PushLintJSON
import PushLintModel

/// `payload-data-not-link`: custom data that carries content instead of a reference.
struct PayloadDataNotLink: PayloadRule, DescribedByType {
    static let description = RuleDescription(
        id: "payload-data-not-link",
        summary: "Custom data carries content (long text, blobs, lists of records) instead of a reference the app can fetch.",
        family: .content,
        defaultSeverity: .warning,
        rationale: """
            A push is a doorbell, not a parcel. Payloads are capped at 4 KB (APNs 4096, FCM 4096 and 2048 to \
            topics, Expo 4096, web push 3993; A-GEN, F-ERR, EXPO-D, RFC 8291), they are stored and forwarded by \
            third parties, may arrive late, collapsed or not at all (A-BG, F-PRI), and whatever they carry is \
            stale by the time the user opens it. Send an id and a cursor; the app fetches the current content \
            over its own authenticated connection. The rule looks at the custom data the client reads (FCM \
            `data`, APNs keys beside `aps`, Expo `data`) for: strings over `maxStringBytes` (URLs excepted), \
            stringified JSON, base64 blobs and `data:` URIs, arrays of objects (records), large numeric arrays, \
            and objects nested deeper than `maxDepth`. The message says how many bytes of the wire size are \
            content. Ids, cursors, URLs and short texts pass.
            """,
        options: [
            RuleOption("maxStringBytes", .integer, default: "512", "Longest string (UTF-8 bytes) in custom data that is not reported."),
            RuleOption("maxDepth", .integer, default: "3", "Deepest object nesting in custom data (a field's own value is level 1)."),
        ],
        triggering: [
            RuleExample(
                #"{"aps": {"alert": "Your receipt"}, "order_id": "48213", "items": ↓[{"sku": "SKU-1", "qty": 1}, {"sku": "SKU-2", "qty": 2}]}"#,
                note: "An array of records."),
            RuleExample(
                #"{"message": {"token": "t", "data": {"order": ↓"{\"id\":\"48213\",\"status\":\"shipped\",\"items\":[{\"sku\":\"SKU-1\"},{\"sku\":\"SKU-2\"}],\"total\":\"312.85\"}"}}}"#,
                note: "Stringified JSON in FCM data."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Photo", "data": {"thumb": ↓"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="}}"#,
                note: "A `data:` URI."),
            RuleExample(
                "{\"aps\": {\"alert\": \"New article\"}, \"article_id\": \"a-77\", \"text\": ↓\"" + ASCIIText.repeated("Lorem ipsum dolor sit amet. ", 20) + "\"}",
                note: "A 560-byte text."),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Your order shipped"}, "order_id": "48213", "cursor": "ord.48213.v7"}"#),
            RuleExample(
                #"{"message": {"token": "t", "data": {"link": "https://shop.example.com/orders/48213?utm_source=push&utm_medium=notification&utm_campaign=shipping-update", "cursor": "eyJvZmZzZXQiOjEwMCwibGltaXQiOjIwfQ"}}}"#,
                note: "URLs and opaque cursors are references."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "data": {"orderId": "48213", "status": {"code": "shipped", "step": 3}}}"#,
                note: "A small nested object."),
        ])

    struct Limits {
        var maxStringBytes: Int
        var maxDepth: Int
    }

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let options = context.options(for: description.id)
        let limits = Limits(
            maxStringBytes: max(1, options.integer("maxStringBytes", default: 512)), maxDepth: max(1, options.integer("maxDepth", default: 3)))
        var result: [Diagnostic] = []
        for field in CustomData.allFields(context) {
            visit(field.value, depth: 1, field: field, context, limits, &result)
        }
        return result
    }

    private func visit(
        _ node: NodeID, depth: Int, field: CustomField, _ context: PayloadContext, _ limits: Limits, _ result: inout [Diagnostic]
    ) {
        let doc = context.document
        switch doc.kind(node) {
        case .string:
            // What the string is first: nearly every string is a short text, and a template's placeholder search
            // is then not needed.
            guard let what = doc.withStringBytes(node, { content(in: $0, key: { doc.owningKey(of: node).map { doc.string($0) } ?? "" }, limits) }),
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
                result.append(finding(node, field, "an array of \(objects) objects", context))
                return
            }
            if numbers >= 32 {
                result.append(finding(node, field, "an array of \(numbers) numbers", context))
                return
            }
            for element in elements { visit(element, depth: depth + 1, field: field, context, limits, &result) }
        case .object:
            if depth > limits.maxDepth {
                result.append(finding(node, field, "an object nested \(depth) levels deep (maxDepth \(limits.maxDepth))", context))
                return
            }
            doc.forEachMember(node) { visit($0.value, depth: depth + 1, field: field, context, limits, &result) }
        default:
            return
        }
    }

    /// What content a string is, or nil for a reference or a short text.
    private func content(in bytes: UnsafeBufferPointer<UInt8>, key: () -> String, _ limits: Limits) -> String? {
        let count = bytes.count
        // Short strings are ids and texts unless they are a `data:` URI: no need to build a String for them.
        if count < 64, count <= limits.maxStringBytes, !TextDetectors.hasDataScheme(bytes) { return nil }
        if TextDetectors.isDataURI(bytes) { return "a data: URI of \(count) bytes" }
        if TextDetectors.isURL(bytes) { return nil }
        if count >= 64, TextDetectors.isStringifiedJSON(bytes) { return "stringified JSON of \(count) bytes" }
        if count > limits.maxStringBytes {
            return TextDetectors.isBase64Blob(bytes, minimumLength: 1) ? "a base64 blob of \(count) bytes" : "a \(count)-byte string"
        }
        if TextDetectors.isBase64Blob(bytes, minimumLength: 256), !isReferenceName(key()) { return "a base64 blob of \(count) bytes" }
        return nil
    }

    /// How a finding names the value: the field, then `.member` and `[index]` steps down to the node.
    private func label(of node: NodeID, in field: CustomField, _ doc: JSONDocument) -> String {
        var steps: [String] = []
        var current = node
        while current != field.value, let parent = doc.parent(current) {
            steps.append(doc.kind(parent) == .object ? "." + doc.string(current - 1) : "[\(doc.nodes[current].ordinal)]")
            current = parent
        }
        return doc.string(field.key) + steps.reversed().joined()
    }

    private func isReferenceName(_ key: String) -> Bool {
        let words = Set(TextDetectors.words(key))
        return !words.isDisjoint(with: ["cursor", "token", "id", "ref", "etag", "after", "before"])
    }

    private func finding(_ node: NodeID, _ field: CustomField, _ what: String, _ context: PayloadContext) -> Diagnostic {
        let bytes = context.document.wireSize(node)
        let label = label(of: node, in: field, context.document)
        return diagnostic(
            "'\(label)' is \(what), content the app could fetch: it takes \(bytes) wire bytes of a payload capped at 4 KB and is stale on arrival; send an id and a cursor instead",
            at: node, in: context.document,
            help: "replace it with a reference (an id, a cursor or a URL) and let the app fetch the content")
    }
}
