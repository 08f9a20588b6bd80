import PushLintJSON
import PushLintModel

/// `json-number-precision`: a number that loses its value in a double.
struct JSONNumberPrecision: FileRule {
    static let description = RuleDescription(
        id: "json-number-precision",
        summary: "An integer beyond ±2^53, or a number that overflows a double.",
        family: .json,
        defaultSeverity: .warning,
        rationale: """
            RFC 8259 §6: numbers beyond IEEE 754 double precision are not interoperable. JavaScript senders \
            (firebase-admin, expo-server-sdk) and JSONSerialization on the device read numbers as doubles, so \
            an id such as 9007199254740993 arrives as 9007199254740992 and `1e400` as infinity. Send large ids \
            as strings.
            """,
        triggering: [
            RuleExample(#"{"aps": {"alert": "Hi"}, "order_id": ↓9007199254740993}"#),
            RuleExample(#"{"aps": {"alert": "Hi"}, "score": ↓1e400}"#),
        ],
        nonTriggering: [
            RuleExample(#"{"aps": {"alert": "Hi"}, "order_id": "9007199254740993"}"#),
            RuleExample(#"{"aps": {"alert": "Hi"}, "order_id": 9007199254740991, "ratio": 0.1}"#),
        ])

    func check(_ file: FileContext) -> [Diagnostic] {
        guard let document = file.document else { return [] }
        var result: [Diagnostic] = []
        for (index, node) in document.nodes.enumerated() where node.kind == .number {
            let length = Int(node.end - node.start)
            if document.isInteger(index) {
                // Integers of up to 15 digits are always exact; only longer ones need a look.
                let digits = document.bytes[Int(node.start)] == UInt8(ascii: "-") ? length - 1 : length
                guard digits >= 16 else { continue }
                let text = document.rawText(index)
                if let exact = Int(text), exact.magnitude <= 9_007_199_254_740_992 { continue }
                result.append(diagnostic(Self.beyondDoublePrecision(text), at: index, in: document))
            } else if let value = Double(document.rawText(index)), !value.isFinite {
                result.append(diagnostic(Self.overflowsDouble(document.rawText(index)), at: index, in: document))
            }
        }
        return result
    }

    // MARK: Messages

    static func beyondDoublePrecision(_ integer: String) -> FindingText {
        FindingText(
            "integer \(abbreviated(integer)) is beyond ±2^53: senders and devices that read numbers as doubles change its value",
            help: "send it as a string")
    }

    static func overflowsDouble(_ number: String) -> FindingText {
        FindingText("number \(abbreviated(number)) overflows a double and arrives as infinity")
    }

    /// A number of hundreds of digits would bury the sentence.
    static func abbreviated(_ text: String) -> String {

        text.count > 40 ? String(text.prefix(20)) + "…(\(text.count) digits)" : text
    }
}
