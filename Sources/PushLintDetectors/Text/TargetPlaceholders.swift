import PushLintJSON
import PushLintModel

/// Document-style stand-ins for a push target (Expo `to`, FCM `token`): the values that documentation, READMEs and
/// tutorials write where a real device token goes, and that templates keep until their sender fills the token in
/// at send time. Such a value is no mistake in a template, so rules report it as advice (info) that names it,
/// instead of "not a token" errors. Read by `payload-target-placeholder`, and by the rules that judge targets, which leave placeholders to it.
///
/// A value is a placeholder when it is, as a whole:
/// - an Expo token whose inside is filler or itself a placeholder: `ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]`
///   (the value in Expo's own examples, EXPO-D), `ExpoPushToken[xxx]`, `ExponentPushToken[...]`,
///   `ExponentPushToken[YOUR_TOKEN]`, `ExponentPushToken[]`;
/// - filler: three or more of one character (`xxxx`, `0000`, `aaaa`) or only the mask characters
///   `x X 0 . * # _ -` and `…` (`XXXX-XXXX`, `***`, the zero UUID);
/// - wrapped: `<token>`, `{token}`, `{{token}}` outside template mode, `${TOKEN}`, `%TOKEN%`;
/// - a name: at most 64 bytes of letters, digits, `_ - . ` and space, with a word such as `token`, `your`,
///   `device`, `placeholder`, `recipient`, `registration` (`YOUR_EXPO_PUSH_TOKEN`, `device_token`,
///   `yourDeviceToken`, `your token here`);
/// - truncated with `...` or `…`, as Firebase's docs print a token (`bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1...`).
///
/// Real tokens are none of these: an Expo token's inside is 22 random characters (or the bare UUID form), an FCM
/// token some 150 characters with a `:`, an APNs token 64 hex digits. Byte checks only, no `Regex`: the check runs
/// for every target of every payload.
package enum TargetPlaceholders {
    /// True when the target value (its UTF-8) is a documentation placeholder, not a token.
    package static func isPlaceholder(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty else { return false }
        let text = expoTokenInside(bytes) ?? bytes
        if text.isEmpty { return true }  // `ExponentPushToken[]`
        return isFiller(text) || isWrapped(text) || isTruncated(text) || isPlaceholderName(text)
    }

    package static func isPlaceholder(_ text: String) -> Bool { text.withUTF8Bytes { isPlaceholder($0) } }

    /// The info message for a target field that holds a placeholder, one wording for every rule:
    /// "`to` holds the documentation placeholder 'ExponentPushToken[xxx]'; the real token is filled in at send time".
    package static func message(field: String, value: String) -> String {
        // A value of at most 60 bytes has at most 60 characters: counting characters (grapheme clusters) is left to
        // the long ones. Built in one allocation: every message of a batch with a placeholder token has one.
        let shown = value.utf8.count > 60 && value.count > 60 ? String(value.prefix(57)) + "..." : value
        // A quote or a control character in the value is escaped (`MessageText`); placeholders rarely hold one.
        guard !MessageText.needsEscaping(shown, quote: UInt8(ascii: "'")) else {
            return
                "`\(field)` holds the documentation placeholder \(MessageText.single(shown)); the real token is filled in at send time"
        }
        return ASCIIText.concatenated(
            "`", field, "` holds the documentation placeholder '", shown,
            "'; the real token is filled in at send time")
    }

    // MARK: Shapes

    private static let expoPrefixes: [[UInt8]] = [Array("ExponentPushToken[".utf8), Array("ExpoPushToken[".utf8)]

    /// The bytes between the brackets of `ExponentPushToken[...]` / `ExpoPushToken[...]`, nil for another shape.
    private static func expoTokenInside(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        guard bytes.last == UInt8(ascii: "]") else { return nil }
        for prefix in expoPrefixes where bytes.count > prefix.count && ASCIIText.matches(bytes, at: 0, prefix) {
            return UnsafeBufferPointer(rebasing: bytes[prefix.count..<(bytes.count - 1)])
        }
        return nil
    }

    /// Three or more of one character (letters in either case), or only mask characters.
    private static func isFiller(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        if bytes.count >= 3, bytes.allSatisfy({ ASCIIText.lower($0) == ASCIIText.lower(first) }) { return true }
        var index = 0
        while index < bytes.count {
            if let ellipsis = ellipsisLength(bytes, at: index) {
                index += ellipsis
                continue
            }
            switch bytes[index] {
            case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "0"), UInt8(ascii: "."), UInt8(ascii: "*"),
                UInt8(ascii: "#"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                index += 1
            default:
                return false
            }
        }
        return true
    }

    /// `…` (U+2026) is E2 80 A6 in UTF-8.
    private static func ellipsisLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA6 else {
            return nil
        }
        return 3
    }

    /// `<...>`, `{...}` (and `{{...}}`), `${...}`, `%...%` around something.
    private static func isWrapped(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3, let first = bytes.first, let last = bytes.last else { return false }
        switch (first, last) {
        case (UInt8(ascii: "<"), UInt8(ascii: ">")), (UInt8(ascii: "{"), UInt8(ascii: "}")),
            (UInt8(ascii: "%"), UInt8(ascii: "%")):
            return true
        case (UInt8(ascii: "$"), UInt8(ascii: "}")):
            return bytes[1] == UInt8(ascii: "{") && bytes.count >= 4
        default:
            return false
        }
    }

    /// Ends in `...` or `…` after some text: a token cut short for print.
    private static func isTruncated(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        if n >= 4, bytes[n - 1] == UInt8(ascii: "."), bytes[n - 2] == UInt8(ascii: "."),
            bytes[n - 3] == UInt8(ascii: ".")
        {
            return true
        }
        return n >= 4 && ellipsisLength(bytes, at: n - 3) != nil
    }

    /// Words that name a token rather than being one.
    private static let hintWords: [[UInt8]] = [
        "token", "tokens", "your", "device", "placeholder", "recipient", "registration", "insert", "replace",
        "changeme",
        "todo", "dummy", "sample", "example", "fake",
    ].map { Array($0.utf8) }

    /// Bit n is set when a hint word has n bytes: most words of a real token are no hint word's length.
    private static let hintLengths: UInt64 = hintWords.reduce(0) { $0 | (1 << UInt64($1.count)) }

    /// A short name made of words (`YOUR_EXPO_PUSH_TOKEN`, `device-token`, `yourDeviceToken`, `your token here`),
    /// one of which is a hint word.
    private static func isPlaceholderName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count <= 64 else { return false }
        var hasHint = false
        var start = 0
        var index = 0
        // Words end at a separator, and before an upper-case letter that follows a lower-case one (camelCase).
        func endWord(at end: Int) {
            guard end > start, !hasHint, (hintLengths >> UInt64(end - start)) & 1 == 1 else { return }
            let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
            hasHint = hintWords.contains {
                $0.count == word.count && ASCIIText.matches(word, at: 0, $0, ignoringCase: true)
            }
        }
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: " ") {
                endWord(at: index)
                start = index + 1
            } else if ASCIIText.isUpper(b), index > start, ASCIIText.isLower(bytes[index - 1]) {
                endWord(at: index)
                start = index
            } else if !ASCIIText.isAlphanumeric(b) {
                return false
            }
            index += 1
        }
        endWord(at: bytes.count)
        return hasHint
    }
}
