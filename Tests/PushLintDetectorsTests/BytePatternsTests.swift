import PushLintDetectors
import PushLintModel
import Testing

/// The byte matchers of `BytePatterns` against the regular expressions they replaced (kept here as the reference
/// definition), on generated strings made of the pieces those expressions look at: digits and separators, key
/// prefixes, e-mail parts, word-boundary characters, and non-ASCII letters, emoji and spaces.
@Suite struct BytePatternsTests {
    // MARK: The definitions the matchers replaced

    enum Reference {
        /// The Luhn checksum of a card number's digits.
        static func luhn(_ digits: [Int]) -> Bool {
            var sum = 0
            for (index, digit) in digits.reversed().enumerated() {
                if index % 2 == 1 {
                    let doubled = digit * 2
                    sum += doubled > 9 ? doubled - 9 : doubled
                } else {
                    sum += digit
                }
            }
            return sum % 10 == 0
        }
        static func jwt(_ text: String) -> Bool {
            text.contains(/eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/)
        }
        static func bearer(_ text: String) -> Bool { text.contains(/(?i)\bbearer\s+[A-Za-z0-9._~+\/=-]{16,}/) }
        static func vendorKey(_ text: String) -> Bool {
            text.contains(
                /\b(AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|(sk|rk)_live_[0-9A-Za-z]{16,}|ghp_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{40,}|xox[abpr]-[A-Za-z0-9-]{10,})/
            )
        }
        static func emailLocal(_ text: String) -> String? {
            guard let match = text.firstMatch(of: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/)
            else { return nil }
            return match.output.0.split(separator: "@").first.map(String.init) ?? ""
        }
        /// The local part before every `@` that an address's domain follows: the longest run of local characters
        /// before it.
        static func emailLocals(_ text: String) -> [String] {
            let chars = Array(text.unicodeScalars)
            var result: [String] = []
            for (at, c) in chars.enumerated() where c == "@" {
                var start = at
                while start > 0, chars[start - 1].isASCII,
                    chars[start - 1].properties.isAlphabetic || ("0"..."9").contains(chars[start - 1])
                        || "._%+-".unicodeScalars.contains(chars[start - 1])
                {
                    start -= 1
                }
                let after = String(String.UnicodeScalarView(chars[(at + 1)...]))
                guard start < at, after.prefixMatch(of: /[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2}/) != nil else {
                    continue
                }
                result.append(String(String.UnicodeScalarView(chars[start..<at])))
            }
            return result
        }
        /// Every word of the local part (without its `+` sub-address), split at `.`, `-` and `_`, is a role word.
        static func isRoleMailbox(_ local: String) -> Bool {
            let mailbox = local.split(separator: "+", omittingEmptySubsequences: false).first ?? ""
            guard !mailbox.isEmpty else { return false }
            return mailbox.split(whereSeparator: { ".-_".contains($0) }).allSatisfy {
                TextDetectors.roleMailboxes.contains($0.lowercased())
            }
        }
        static func card(_ text: String) -> Bool {
            for match in text.matches(of: /(?:^|[^0-9A-Za-z.-])([0-9](?:[ -]?[0-9]){12,18})(?![0-9A-Za-z])/) {
                let raw = String(match.output.1)
                let digits = raw.unicodeScalars.filter { $0.properties.numericType != nil && $0.isASCII }.map {
                    Int($0.value - 48)
                }
                guard (13...19).contains(digits.count), Set(digits).count > 1, luhn(digits),
                    TextDetectors.hasCardPrefix(
                        count: digits.count, firstFour: digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3])
                else {
                    continue
                }
                let groups: [Int] = raw.split(whereSeparator: { (c: Character) in c == " " || c == "-" }).map {
                    (part: Substring) in part.count
                }
                if groups.count > 1 {
                    if groups.dropLast().allSatisfy({ $0 == 4 }) || groups == [4, 6, 5] { return true }
                } else if raw.count == text.count {
                    return true
                }
            }
            return false
        }
        static func phone(_ text: String) -> Bool {
            func digitCount(_ s: Substring) -> Int { s.unicodeScalars.filter { $0 >= "0" && $0 <= "9" }.count }
            for match in text.matches(of: /(?:^|[^0-9A-Za-z])(\+[1-9][0-9 ().-]{6,20}[0-9])(?![0-9])/)
            where (8...15).contains(digitCount(match.output.1)) {
                return true
            }
            if text.contains(/(?:^|[^0-9])(\([2-9][0-9]{2}\) ?|[2-9][0-9]{2}[-.])[2-9][0-9]{2}[-.][0-9]{4}(?![0-9])/) {
                return true
            }
            if text.contains(/(?:^|[^0-9A-Za-z.,])0[1-9][0-9]{1,3}[ \/-][0-9]{3,4}[ -]?[0-9]{2,5}(?![0-9.,])/) {
                return true
            }
            return false
        }
        static func timestamp(_ text: String) -> Bool {
            let pattern = /(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})/
            guard let m = text.wholeMatch(of: pattern), let month = Int(m.2), let day = Int(m.3), let hour = Int(m.4),
                let minute = Int(m.5),
                let second = Int(m.6)
            else { return false }
            return (1...12).contains(month) && (1...31).contains(day) && hour < 24 && minute < 60 && second <= 60
        }
    }

    // MARK: Generated strings

    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        mutating func text(_ pieces: [String], count: Int) -> String {
            (0..<(1 + next(count))).map { _ in pieces[next(pieces.count)] }.joined()
        }
        mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(next(10))) }) }
    }

    /// Pieces around which the expressions decide: boundaries, separators and non-ASCII scalars (single-scalar
    /// characters only: a Regex matches characters, the matchers bytes, and the two differ on combining marks).
    static let filler = [
        " ", "  ", "-", ".", ",", ":", "'", "/", "(", ")", "+", "_", "x", "Ab", "é", "ß", "Ж", "ש", "م", "中", "カ", "🚚",
        "€",
        "\u{A0}", "\u{2019}", "\t", "\n", "@", "=", "~", "%", "0", "1", "9", "42",
    ]

    /// Texts of filler around a near-match: `core` builds something close to the pattern (whole, cut, or with a
    /// piece changed), so that the pattern is hit and missed at its edges.
    static func check(
        _ name: String, seed: UInt64, pieces: [String], runs: Int = 3000, extra: [String] = [],
        core: (inout Generator) -> String,
        _ matcher: (UnsafeBufferPointer<UInt8>) -> Bool, _ reference: (String) -> Bool
    ) {
        var g = Generator(state: seed)
        var hits = 0
        var texts = extra
        for _ in 0..<runs {
            var middle = core(&g)
            switch g.next(6) {
            case 0: middle = String(middle.dropLast(1 + g.next(3)))
            case 1 where !middle.isEmpty:
                var scalars = Array(middle.unicodeScalars)
                scalars[g.next(scalars.count)] = pieces[g.next(pieces.count)].unicodeScalars.first!
                middle = String(String.UnicodeScalarView(scalars))
            default: break
            }
            let before = g.next(3) == 0 ? "" : g.text(pieces, count: 3)
            let after = g.next(3) == 0 ? "" : g.text(pieces, count: 3)
            texts.append(before + middle + after)
        }
        for text in texts {
            let expected = reference(text)
            if expected { hits += 1 }
            #expect(text.withUTF8Bytes(matcher) == expected, "\(name): \(text.debugDescription)")
        }
        #expect(hits > texts.count / 20, "\(name): the generated strings hit the pattern (\(hits) of \(texts.count))")
        #expect(hits < texts.count * 19 / 20, "\(name): and miss it (\(hits) of \(texts.count))")
    }

    @Test func jwtMatchesItsExpression() {
        let b64 = ["aZ_-", "0123", "abcdefgh", "x", "AbC9", "."]
        Self.check(
            "jwt", seed: 11, pieces: Self.filler + ["eyJ", "."],
            extra: ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abc"],
            core: { g in
                ["eyJ", "eyJ", "ey", "EyJ"][g.next(4)] + g.text(b64, count: 4) + "." + ["eyJ", "eyJ", "eJ"][g.next(3)]
                    + g.text(b64, count: 4) + "." + g.text(b64, count: 2)
            },
            BytePatterns.containsJWT, Reference.jwt)
    }

    @Test func bearerMatchesItsExpression() {
        let token = ["abcdefgh", "01234567", "+/=", "~.", "-_", "AZ"]
        let spaces = [" ", "  ", "\t", "\r\n", "\u{2003}", "\u{A0}", ""]
        Self.check(
            "bearer", seed: 12, pieces: Self.filler + ["x.", "n:", "a'"],
            extra: ["Authorization: Bearer abcdefghijklmnopqrstuvwxyz", "x.bearer abcdefghijklmnopqr"],
            core: { g in
                ["bearer", "Bearer", "BEARER", "beaer"][g.next(4)] + g.text(spaces, count: 2) + g.text(token, count: 4)
            },
            BytePatterns.containsBearer, Reference.bearer)
    }

    @Test func vendorKeysMatchTheirExpression() {
        let keys = [
            "AKIA", "AIza", "sk_live_", "rk_live_", "ghp_", "github_pat_", "xoxb-", "xoxp-", "xoxz-", "xoxa-", "xoxr-",
        ]
        let body = ["ABCDEFGH", "01234567", "abcdefgh", "_-", "Q", "9"]
        Self.check(
            "vendor key", seed: 13, pieces: Self.filler + ["x.", "n:", "a'"],
            core: { g in keys[g.next(keys.count)] + g.text(body, count: 8) }, BytePatterns.containsVendorKey,
            Reference.vendorKey)
    }

    @Test func emailMatchesItsExpression() {
        let parts = [
            "anna", ".", "mueller", "gmail", "com", "c", "-", "+", "%", "_", "..", "de", "x1", "9", "support",
            "noreply",
        ]
        let pieces = Self.filler + ["@", "@@"]
        func core(_ g: inout Generator) -> String {
            g.text(parts, count: 3) + ["@", "@", "@@", "#"][g.next(4)] + g.text(parts, count: 2)
                + [".", ".", "..", ""][g.next(4)] + ["com", "de", "c", "c9", "museum"][g.next(5)]
        }
        Self.check(
            "e-mail", seed: 14, pieces: pieces, core: core, { bytes in BytePatterns.firstEmailLocalPart(bytes) != nil },
            { Reference.emailLocal($0) != nil })
        // And the local part, which decides a role mailbox.
        var g = Generator(state: 15)
        for _ in 0..<2000 {
            let text = g.text(pieces, count: 3) + core(&g) + g.text(pieces, count: 2) + core(&g)
            let local = text.withUTF8Bytes { bytes in
                BytePatterns.firstEmailLocalPart(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
            #expect(local == Reference.emailLocal(text), "\(text.debugDescription)")
        }
    }

    @Test func cardNumbersMatchTheirExpression() {
        // Valid card numbers (Luhn and prefix) whole, grouped and cut, and other digit runs.
        let cards = [
            "4111111111111111", "378282246310005", "5555555555554444", "6011111111111117", "4222222222222",
            "4111 1111 1111 1111",
            "3782 822463 10005", "4111-1111-1111-1111", "5555 5555 5555 4444", "4111111111111111111",
            "2221000000000009",
        ]
        Self.check(
            "card", seed: 16, pieces: [" ", "-", ".", "a", "x", "0", "4111", "1111", "é", ",", "/", "  ", "-1", " 4"],
            extra: cards,
            core: { g in
                g.next(4) == 0
                    ? cards[g.next(cards.count)] + " " + cards[g.next(cards.count)] : cards[g.next(cards.count)]
            },
            { BytePatterns.containsCardNumber($0) }, Reference.card)
    }

    @Test func phoneNumbersMatchTheirExpression() {
        let shapes = [
            "+49 221 1234567", "+1 (415) 555-0132", "+33.1.23.45.67.89", "+4412345678901234567", "(415) 555-0132",
            "415-555-0132",
            "415.555.0132", "(415)555-0132", "0221 1234567", "07700 900123", "030/12345678", "0221-123 45",
            "0221 1234 56789", "0170 1234567",
        ]
        Self.check(
            "phone", seed: 17, pieces: Self.filler + ["+", "1", "0", ".5", ",0"], runs: 5000,
            core: { g in shapes[g.next(shapes.count)] }, BytePatterns.containsPhoneNumber, Reference.phone)
    }

    /// The scan's flags only skip texts a shape cannot match: the gated detectors answer as the expressions do.
    @Test func theScanNeverHidesAPhoneOrACard() {
        let shapes = [
            "+49 221 1234567", "+1 (415) 555-0132", "(415) 555-0132", "415.555.0132", "0221 1234567", "030/12345678",
            "0221-123 45", "4111 1111 1111 1111", "378282246310005", "3782 822463 10005", "4111-1111-1111-1111",
            "07700 900123",
            // Edges of the places the scan tries a shape: an area code with a space (no shape), the exchange after
            // `)` or `) `, a `+` after a digit, a trunk run of 2 or 6 digits, a card after a date on one chain.
            "415 555-0132", "(415)555-0132", "1+49 221 1234567", "02 1234567", "022134 1234567",
            "2026-11-28 4111 1111 1111 1111", "2026-11-28  4111 1111 1111 1111", "17644123456789",
        ]
        Self.check(
            "gated phone", seed: 21, pieces: Self.filler + ["+", "1", "0", ".5", ",0"], runs: 4000,
            core: { g in shapes[g.next(shapes.count)] },
            { bytes in TextDetectors.containsPhoneNumber(bytes, TextDetectors.TextScan(bytes), keyIsPhone: { false }) },
            Reference.phone)
        Self.check(
            "gated card", seed: 22, pieces: Self.filler + ["4111", " 1111", "-"], runs: 4000,
            core: { g in shapes[g.next(shapes.count)] + (g.next(2) == 0 ? "" : " " + shapes[g.next(shapes.count)]) },
            { bytes in TextDetectors.TextScan(bytes).hasCard },
            Reference.card)
    }

    /// The scan skips text four bytes at a time and takes runs of digits eight at a time: shapes at every offset (a
    /// prefix of 0 to 90 bytes moves them across those words) and in long texts answer as the expressions do.
    @Test func theScanFindsShapesAtEveryOffset() {
        let shapes = [
            "+49 221 1234567", "(415) 555-0132", "415.555.0132", "0221 1234567", "030/12345678", "0221-123 45",
            "4111 1111 1111 1111", "378282246310005", "4111-1111-1111-1111", "2026-11-28 4111 1111 1111 1111",
        ]
        let pad = Self.filler + ["abcdefghijklmnop", "2026-11-29T18:42:10Z", "1764400000123", "ご注文"]
        func core(_ g: inout Generator) -> String {
            let prefix = String(repeating: "q", count: g.next(40)) + (g.next(2) == 0 ? "" : g.text(pad, count: 6))
            return prefix + shapes[g.next(shapes.count)]
        }
        Self.check(
            "phone at every offset", seed: 41, pieces: pad, runs: 3000, core: core,
            { bytes in TextDetectors.containsPhoneNumber(bytes, TextDetectors.TextScan(bytes), keyIsPhone: { false }) },
            Reference.phone)
        Self.check(
            "card at every offset", seed: 42, pieces: pad, runs: 3000, core: core,
            { bytes in TextDetectors.TextScan(bytes).hasCard }, Reference.card)
    }

    /// What the scan notes besides the number shapes (its digits, an `@`, the literal parts of the secret patterns)
    /// is what a plain search of the text finds, wherever the bytes fall.
    @Test func theScanNotesWhatASearchFinds() {
        let pieces = [
            "eyJ", "ey", "J", "Bearer", "bEaReR", "bear", "PRIVATE KEY-----", "PRIVATE", "AKIA", "AIza", "AK", "xox",
            "xo", "_live_", "ghp_", "github_pat_", "@", "b", "B", "P", "A", "_", "x", "e", "0", "12", "9876543",
            "text ", "ü", "🚚", "-", " ",
        ]
        var g = Generator(state: 43)
        for _ in 0..<3000 {
            let text = String(repeating: "z", count: g.next(70)) + g.text(pieces, count: 12)
            let scan = text.withUTF8Bytes { TextDetectors.TextScan($0) }
            let lower = text.lowercased()
            #expect(scan.digits == text.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.count, "\(text.debugDescription)")
            #expect(scan.hasAt == text.contains("@"), "\(text.debugDescription)")
            #expect(scan.mayHoldJWT == text.contains("eyJ"), "\(text.debugDescription)")
            #expect(scan.mayHoldBearer == lower.contains("bearer"), "\(text.debugDescription)")
            #expect(scan.mayHoldPrivateKey == text.contains("PRIVATE KEY-----"), "\(text.debugDescription)")
            let vendor = ["_live_", "ghp_", "github_pat_", "AKIA", "AIza", "xox"].contains { text.contains($0) }
            #expect(scan.mayHoldVendorKey == vendor, "\(text.debugDescription)")
        }
    }

    /// The whole detector, scan and all, against the expressions applied to the whole text in the detector's order
    /// (with its one gate that is not a pattern: 16 bytes, 7 digits, an `@` or a key-like name), on texts that mix
    /// every shape it looks for.
    @Test func theDetectorAnswersAsTheExpressionsInItsOrder() {
        let pieces = [
            "anna.mueller@gmail.com", "support@example.com", "NoReply@shop.de", "@", "+49 221 1234567",
            "(415) 555-0132", "415-555-0132", "0221 1234567", "030/12345678", "4111 1111 1111 1111",
            "378282246310005", "2026-11-28", "T18:42:10+01:00", "1764400000123", "€1.299,00", "ORD-2026-00481234",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abc", "Bearer abcdefghijklmnopqrstuvwxyz",
            "-----BEGIN PRIVATE KEY-----", "AKIAIOSFODNN7EXAMPLE", "xoxb-1234567890-abcdefghij", "xoxp-abcdefghij",
            "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "k7Qp2Vx9Lm4Zr8Tn3Wb6Yc1Hd5Jf0Gs2", "https://x.example/a?b=1",
            " ", "-", ".", "/", ":", "Ihre Bestellung", "ご注文", "🚚", "x", "0", "12", "123", "1234", "0170",
        ]
        var g = Generator(state: 31)
        var seen: Set<String> = []
        for run in 0..<3000 {
            let text = (0..<(1 + g.next(4))).map { _ in pieces[g.next(pieces.count)] }.joined(
                separator: ["", " ", "-"][g.next(3)])
            let keyLike = run % 3 == 0
            let keyIsPhone = run % 2 == 0
            let found = text.withUTF8Bytes {
                TextDetectors.sensitive(inBytes: $0, keyLike: keyLike, keyIsPhone: { keyIsPhone })
            }
            let expected = Self.referenceFinding(text, keyLike: keyLike, keyIsPhone: keyIsPhone)
            #expect(found == expected, "\(text.debugDescription) keyLike \(keyLike) phone key \(keyIsPhone)")
            seen.insert(expected.map(\.name) ?? "none")
        }
        #expect(seen.count == 7, "every finding and none occur: \(seen.sorted())")
    }

    /// What `TextDetectors.sensitive` answers by its definition: the whole-text expressions in order.
    static func referenceFinding(_ text: String, keyLike: Bool, keyIsPhone: Bool) -> TextDetectors.Finding? {
        let utf8 = Array(text.utf8)
        let digits = utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.count
        guard (7...4096).contains(utf8.count),
            digits >= 7 || utf8.contains(UInt8(ascii: "@")) || keyLike || utf8.count >= 16
        else { return nil }
        if Reference.jwt(text) { return .jwt }
        if Reference.bearer(text) { return .bearer }
        if text.contains("PRIVATE KEY-----") || Reference.vendorKey(text) { return .apiKey }
        if keyLike, TextDetectors.isHighEntropyToken(text), !TextDetectors.isURL(text),
            !text.withUTF8Bytes(TextDetectors.isIdentifier), !text.withUTF8Bytes(TextDetectors.isObjectPath)
        {
            return .apiKey
        }
        if Reference.emailLocals(text).contains(where: { !Reference.isRoleMailbox($0) }) { return .email }
        if Reference.card(text) { return .card }
        let phoneLike = utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || " +()-./".utf8.contains($0) } && digits >= 7
        if Reference.phone(text) || (phoneLike && keyIsPhone) { return .phone }
        return nil
    }

    /// The number shapes decided where they start agree with the search over the whole text, one place at a time:
    /// each North American match is found from its area code or its exchange, each trunk number from its run.
    @Test func numberShapesAreFoundFromTheirRuns() {
        let hits = [
            "415-555-0132", "415.555-0132", "(415) 555-0132", "(415)555.0132", "x(415) 555-0132", "0221 1234567",
            "0221-123 45", "030/12345678",
        ]
        let misses = [
            "415 555-0132", "1415-555-0132", "(415)  555-0132", "9(415) 555-0132", "415-555-01323", "(015) 555-0132",
            "415-055-0132", "a0221 1234567", "0221 1234567.", "00221 1234567", "0221 12",
        ]
        for text in hits + misses {
            let expected = hits.contains(text)
            #expect(
                text.withUTF8Bytes { BytePatterns.containsPhoneNumber($0) } == expected, "\(text.debugDescription)")
            #expect(Reference.phone(text) == expected, "the expressions agree: \(text.debugDescription)")
        }
    }

    /// A value of phone digits: every byte either way, and the digit count at its edge.
    @Test func phoneLikeValuesAreDigitsAndPhonePunctuation() {
        func reference(_ bytes: [UInt8]) -> Bool {
            bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || " +()-./".utf8.contains($0) }
                && bytes.filter { $0 >= 0x30 && $0 <= 0x39 }.count >= 7
        }
        for byte in 0...255 {
            for text in [[UInt8](repeating: 0x35, count: 7) + [UInt8(byte)], [UInt8(byte)] + Array("123456".utf8)] {
                #expect(text.withUnsafeBufferPointer(BytePatterns.isPhoneLikeValue) == reference(text), "\(text)")
            }
        }
        for text in ["+49 (221) 123-45.67/8", "0221 12345", "0221 123456", "12345678", "123 456 7", "123 456 7a"] {
            #expect(text.withUTF8Bytes(BytePatterns.isPhoneLikeValue) == reference(Array(text.utf8)), "\(text)")
        }
    }

    /// The byte search of a key named like a phone number says yes exactly when its words hold a phone word.
    @Test func phoneKeysAreFoundByTheirWords() {
        let names = [
            "phone", "mobilePhone", "customer_phone", "Tel", "telephone", "cell", "cell-number", "MSISDN", "order_id",
            "placed_at",
            "hotel", "telemetry", "excellent", "phoneNumber", "x.tel", "Téléphone", "TEL_NO", "microphone", "cellar",
            "smartphone",
        ]
        for name in names {
            let expected = !Set(TextDetectors.words(name)).isDisjoint(with: TextDetectors.phoneWords)
            #expect(name.withUTF8Bytes(TextDetectors.isPhoneKey) == expected, "\(name)")
        }
        // The byte search passes over keys without a hint: every phone word holds one.
        for word in TextDetectors.phoneWords {
            #expect(TextDetectors.phoneHints.contains { word.contains($0) }, "\(word)")
        }
    }

    @Test func timestampsMatchTheirExpression() {
        var g = Generator(state: 5)
        var texts: [String] = []
        for _ in 0..<3000 {
            // A valid stamp, then one piece changed, cut or added.
            let fraction = ["", ".5", ".123456789", ".1234567890", "."][g.next(5)]
            let zone = ["Z", "z", "+01:00", "-05:30", "+0100", "", "Z "][g.next(7)]
            var text =
                "\(g.digits(4))-\(["01", "12", "13", "00", "07", g.digits(2)][g.next(6)])-\(["01", "31", "32", "15", g.digits(2)][g.next(5)])"
                + ["T", "t", " "][g.next(3)]
                + "\(["00", "23", "24", "09", g.digits(2)][g.next(5)]):\(g.digits(2)):\(["00", "60", "61", g.digits(2)][g.next(4)])"
                + fraction + zone
            if g.next(2) == 0 { text = "2026-11-29T10:0\(g.next(10)):00\(fraction)Z" }
            if g.next(6) == 0 { text = String(text.dropLast(1 + g.next(3))) }
            if g.next(8) == 0 { text = "x" + text }
            texts.append(text)
        }
        var hits = 0
        for text in texts {
            let expected = Reference.timestamp(text)
            if expected { hits += 1 }
            #expect(text.withUTF8Bytes(BytePatterns.isRFC3339Timestamp) == expected, "\(text.debugDescription)")
        }
        #expect(hits > 150 && hits < 2850, "\(hits)")
        // RFC 3339 is ASCII: the expression's \d took other decimal digits in the year and the fraction.
        #expect(!"٢٠٢٦-11-29T10:00:00Z".withUTF8Bytes(BytePatterns.isRFC3339Timestamp))
    }
}
