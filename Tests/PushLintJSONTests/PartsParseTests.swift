import Testing

@testable import PushLintJSON

/// The parse in parts gives the sequential parse's result, whatever the document: a batch whose splits fall
/// between its messages, inside a message's own arrays, near an error, or a document that is no array.
@Suite struct PartsParseTests {
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
    }

    /// One pretty-printed message: nested objects and arrays of objects (whose `},` before a line break looks like
    /// a split), escaped keys, non-ASCII text, numbers, and now and then a trailing comma or a duplicate key.
    static func message(_ index: Int, _ g: inout Generator) -> String {
        let itemCount = g.next(4)
        let items = (0..<itemCount).map { #"      {"sku": "s-\#($0)", "qty": \#($0 + 1)}"# }.joined(separator: ",\n")
        let duplicate = g.next(10) == 0 ? #", "order_id": "again""# : ""
        let trailing = itemCount > 0 && g.next(12) == 0 ? "," : ""
        return """
            {
              "message": {
                "token": "t\(index)",
                "data": {"order_id": "\(index)"\(duplicate), "k\\u00e9y": "Bestellung ü 🚚 \(index)"},
                "items": [
            \(items)\(trailing)
                ],
                "n": \(Double(index) / 7)
              }
            }
            """
    }

    static func sequentially(_ count: Int, _ body: @Sendable (Int) -> Void) {
        for part in 0..<count { body(part) }
    }

    static func expectSame(_ text: String, parts: Int, _ comment: Comment) {
        let bytes = Array(text.utf8)
        let options = JSONParseOptions(mode: .strict, maxDepth: 512, recoversTrailingCommas: true)
        let whole = JSONParser.parse(bytes, options: options)
        let inParts = JSONParser.parse(
            bytes, options: options, parts: parts, minimumBytes: 0, concurrently: sequentially)
        #expect(inParts.error == whole.error, comment)
        #expect(inParts.issues == whole.issues, comment)
        #expect(inParts.document?.nodes == whole.document?.nodes, comment)
        #expect(inParts.document?.lineStarts == whole.document?.lineStarts, comment)
    }

    @Test func batchesParseAsAWhole() {
        var g = Generator(state: 7)
        var joinedInParts = 0
        for count in [1, 2, 3, 5, 17, 40] {
            let messages = (0..<count).map { Self.message($0, &g) }
            let text = "[\n" + messages.joined(separator: ",\n") + "\n]\n"
            let recovering = JSONParseOptions(mode: .strict, maxDepth: 512, recoversTrailingCommas: true)
            #expect(JSONParser.parse(text, options: recovering).error == nil, "the generated batch is JSON")
            for parts in 2...5 {
                Self.expectSame(text, parts: parts, "\(count) messages in \(parts) parts")
                // The parts themselves, joined: a split between two messages must not fall back.
                let bytes = Array(text.utf8)
                let options = JSONParseOptions(mode: .strict, maxDepth: 512, recoversTrailingCommas: true)
                guard let splits = JSONParser.rootArraySplits(bytes, parts: parts) else { continue }
                let results = bytes.withUnsafeBufferPointer { input in
                    (0...splits.count).map { JSONParser.parsePart($0, of: input, splits: splits, options: options) }
                }
                // A split inside a message's own array is found out and falls back; one between messages joins.
                guard let joined = JSONParser.join(results, bytes: bytes, mode: .strict) else { continue }
                #expect(joined.document?.nodes == JSONParser.parse(bytes, options: options).document?.nodes)
                joinedInParts += 1
            }
        }
        #expect(joinedInParts >= 12, "the batches were parsed in parts, not only by the fallback")
    }

    @Test func brokenAndOtherDocumentsParseAsAWhole() {
        var g = Generator(state: 11)
        let messages = (0..<30).map { Self.message($0, &g) }
        let batch = "[\n" + messages.joined(separator: ",\n") + "\n]"
        let broken = [
            batch.replacingOccurrences(of: "\"t25\"", with: "\"t25"),  // an unclosed string late in the file
            batch.replacingOccurrences(of: "\"t5\",", with: "\"t5\""),  // a missing comma early
            String(batch.dropLast()),  // the root array never closed
            batch + " []",  // more after the root value
            batch.replacingOccurrences(of: "},\n{", with: "},\n,{"),  // an empty element at every split
            "{\"not\": [\n" + messages.joined(separator: ",\n") + "\n]}",  // the root is an object
            "\u{FEFF}" + batch,  // a byte-order mark
        ]
        for (index, text) in broken.enumerated() {
            for parts in 2...4 { Self.expectSame(text, parts: parts, "document \(index) in \(parts) parts") }
        }
    }
}
