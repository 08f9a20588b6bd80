import PushLintModel
import Testing

@Suite struct ASCIITextTests {
    /// The search skips eight positions at a time while none holds the needle's first byte: at every offset around
    /// those steps (and near the end, where fewer than eight remain) it must find what a plain search finds.
    @Test(arguments: ["{{", "x", "{{{", "abc"])
    func firstIndexFindsWhatAPlainSearchFinds(_ needle: String) {
        let pattern = Array(needle.utf8)
        func plain(_ bytes: [UInt8]) -> Int? {
            guard bytes.count >= pattern.count else { return nil }
            return (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        }
        for length in 0..<28 {
            for offset in 0...length {
                var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: length)
                bytes.replaceSubrange(
                    offset..<min(length, offset + pattern.count), with: pattern.prefix(length - offset))
                // A first byte alone, without the rest of the needle, earlier in the text.
                if offset >= 3, pattern.count > 1 { bytes[offset - 3] = pattern[0] }
                let found = bytes.withUnsafeBufferPointer { ASCIIText.firstIndex(of: pattern, in: $0) }
                #expect(found == plain(bytes), "length \(length), needle at \(offset)")
            }
        }
    }

    /// Word-at-a-time byte order agrees with a byte-by-byte comparison wherever the first difference falls (in
    /// or after a whole word, in a high byte) and when one text is a prefix of the other.
    @Test func precedesAgreesWithByteOrder() {
        let base = Array("bench/corpus/templates/android/1001.json".utf8)
        var texts: [[UInt8]] = [[], [0x80], Array("a".utf8)]
        for length in [0, 1, 7, 8, 9, 15, 16, 17, base.count] {
            let prefix = Array(base.prefix(length))
            texts.append(prefix)
            for position in Set([0, length / 2, max(0, length - 1)]) where position < length {
                for byte: UInt8 in [0x00, 0x2F, 0x7F, 0xC3, 0xFF] {
                    var changed = prefix
                    changed[position] = byte
                    texts.append(changed)
                }
            }
        }
        for a in texts {
            for b in texts {
                let fast = a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in ASCIIText.precedes(x, y) }
                }
                #expect(fast == a.lexicographicallyPrecedes(b), "\(a) vs \(b)")
            }
        }
        #expect(ASCIIText.precedesInUTF8("push/a-x/b.json", "push/a/b.json"))
        #expect(!ASCIIText.precedesInUTF8("push/é.json", "push/z.json"), "UTF-8 order: é (C3 A9) after z")
    }

    @Test func firstIndexIgnoringCase() {
        let text = Array("Authorization: BEARER abc".utf8)
        let found = text.withUnsafeBufferPointer {
            ASCIIText.firstIndex(of: Array("bearer".utf8), in: $0, ignoringCase: true)
        }
        #expect(found == 15)
    }
}

@Suite struct EqualsIgnoringCaseTests {
    @Test(arguments: [
        ("apns-push-type", "APNS-Push-Type", true), ("apns-priority", "apns-push-type", false), ("", "", true),
        ("a", "", false), ("apns-topic", "apns-topix", false), ("Straße", "STRASSE", false), ("ÄPFEL", "äpfel", true),
        ("é", "É", true), ("é", "e", false), ("x-é", "X-é", true),
    ])
    func comparesLikeLowercasing(_ a: String, _ b: String, _ equal: Bool) {
        #expect(ASCIIText.equalsIgnoringCase(a, b) == equal)
        #expect(ASCIIText.equalsIgnoringCase(a, b) == (a.lowercased() == b.lowercased()))
    }
}
