import PushLintJSON
import PushLintModel

/// Recognisers for the content rules: each is conservative, because a false alarm on an id or a cursor teaches
/// people to switch a rule off.
enum TextDetectors {
    // MARK: Shapes of content

    /// A URL-like reference (`https://...`, `shop://...`), which is what a payload should carry.
    static func isURL(_ text: String) -> Bool { text.withUTF8Bytes(isURL) }

    /// The scheme of a URI (`https`, `shop`), lowercased, or nil when the text does not start with one.
    static func scheme(of text: String) -> String? {
        text.withUTF8Bytes { bytes in
            schemeLength(bytes).map { String(decoding: bytes[0..<$0], as: UTF8.self).lowercased() }
        }
    }

    /// `isURL` on UTF-8, without building the text: payload-data-not-link asks it of every long string.
    static func isURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let length = schemeLength(bytes) else { return false }
        let scheme = UnsafeBufferPointer(rebasing: bytes[0..<length])
        if ASCIIText.matches(scheme, at: 0, mailto, ignoringCase: true) && length == mailto.count
            || ASCIIText.matches(scheme, at: 0, tel, ignoringCase: true) && length == tel.count
        {
            return true
        }
        let isData = length == 4 && ASCIIText.matches(scheme, at: 0, data, ignoringCase: true)
        return !isData && ASCIIText.matches(bytes, at: length + 1, slashes)
    }

    private static let mailto = Array("mailto".utf8), tel = Array("tel".utf8), data = Array("data".utf8),
        slashes = Array("//".utf8)

    /// The length of the scheme a text starts with (the bytes before its `:`), as `scheme(of:)` finds it.
    static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        while i < min(bytes.count, 64) {
            let b = bytes[i]
            if b == UInt8(ascii: ":") { return i > 0 && ASCIIText.isLetter(bytes[0]) ? i : nil }
            guard
                ASCIIText.isAlphanumeric(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-")
                    || b == UInt8(ascii: ".")
            else { return nil }
            i += 1
        }
        return nil
    }

    /// A `data:` URI (inline content).
    static func isDataURI(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        hasDataScheme(bytes) && bytes.contains(UInt8(ascii: ","))
    }

    /// Starts with `data:`, in any case.
    static func hasDataScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ASCIIText.matches(bytes, at: 0, dataColon, ignoringCase: true)
    }

    private static let dataColon = Array("data:".utf8)

    /// A string that is itself a JSON object or array; brackets are looked at before anything is parsed.
    static func isStringifiedJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { stringifiedJSON(bytes) != nil }

    /// The JSON object or array a string holds (`"{\"id\":1}"`), parsed, or nil when it holds none (or an empty
    /// one). A parse only for text that begins and ends like a container.
    static func stringifiedJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONDocument? {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end - start >= 2 else { return nil }
        let first = bytes[start]
        let last = bytes[end - 1]
        guard
            (first == UInt8(ascii: "{") && last == UInt8(ascii: "}"))
                || (first == UInt8(ascii: "[") && last == UInt8(ascii: "]"))
        else {
            return nil
        }
        let result = JSONParser.parse(Array(bytes[start..<end]), options: JSONParseOptions(mode: .strict, maxDepth: 64))
        guard let document = result.document, document.count(document.root) > 0 else { return nil }
        return document
    }

    /// A long run of base64 (or base64url) characters with the mix of cases and digits that encoded bytes have.
    /// Base64 is ASCII, so a text with any other byte is no blob.
    static func isBase64Blob(_ bytes: UnsafeBufferPointer<UInt8>, minimumLength: Int) -> Bool {
        guard bytes.count >= minimumLength else { return false }
        var upper = false
        var lower = false
        var digit = false
        for (index, b) in bytes.enumerated() {
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): upper = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"): lower = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = true
            case UInt8(ascii: "="): guard index >= bytes.count - 2 else { return false }
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"): continue
            default: return false
            }
        }
        return upper && lower && digit
    }

    // MARK: Secrets and personal data

    /// Words of a key: `apiKey`, `api_key` and `api-key` are all ["api", "key"].
    static func words(_ key: String) -> [String] {
        // Keys are nearly always ASCII: split and lower-case the bytes, without Unicode case mapping.
        key.withUTF8Bytes { bytes in ASCIIText.isASCII(bytes) ? asciiWords(bytes) : unicodeWords(key) }
    }

    private static func isSeparator(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: " ")
    }

    private static func asciiWords(_ utf8: UnsafeBufferPointer<UInt8>) -> [String] {
        var result: [String] = []
        var start = 0
        var previousLower = false
        func cut(_ end: Int) {
            if end > start {
                result.append(
                    String(unsafeUninitializedCapacity: end - start) { out in
                        for k in start..<end { out[k - start] = ASCIIText.lower(utf8[k]) }
                        return end - start
                    })
            }
        }
        for (i, b) in utf8.enumerated() {
            if isSeparator(b) {
                cut(i)
                start = i + 1
                previousLower = false
                continue
            }
            if ASCIIText.isUpper(b), previousLower, i > start {
                cut(i)
                start = i
            }
            previousLower = ASCIIText.isLower(b) || ASCIIText.isDigit(b)
        }
        cut(utf8.count)
        return result
    }

    private static func unicodeWords(_ key: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previousLower = false
        for s in key.unicodeScalars {
            if s.isASCII, isSeparator(UInt8(s.value)) {
                if !current.isEmpty { result.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if isUpper(s), previousLower, !current.isEmpty {
                result.append(current)
                current = ""
            }
            current.unicodeScalars.append(s)
            previousLower = isLower(s) || isDigit(s)
        }
        if !current.isEmpty { result.append(current) }
        return result.map { $0.lowercased() }
    }

    /// What a key's name says about its value, from one split into words: whether the value is a secret, and
    /// whether a long random value under it is a key or a token.
    static func nameNature(_ key: String) -> (isSecret: Bool, isKeyLike: Bool) {
        let w = words(key)
        return (isSecretName(words: w), isKeyLikeName(words: w))
    }

    /// Key names whose value is a secret: `password`, `client_secret`, `apiKey`, `access_token`, `reset_token`.
    /// Pagination and device tokens (`page_token`, `push_token`, `device_token`) are references, not secrets.
    private static func isSecretName(words w: [String]) -> Bool {
        guard let last = w.last, let first = w.first else { return false }
        // Flags about a secret (`has_password`, `isTokenValid`) are not the secret.
        if SecretNames.flagWords.contains(first) { return false }
        if SecretNames.lastWords.contains(last) || SecretNames.wholeNames.contains(w.joined()) { return true }
        if last == "key", let before = w.dropLast().last, SecretNames.keyQualifiers.contains(before) { return true }
        if last == "token" { return !w.dropLast().contains { SecretNames.referenceTokenWords.contains($0) } }
        return false
    }

    /// The word lists of `isSecretName`, built once.
    enum SecretNames {
        static let flagWords: Set<String> = ["has", "is", "needs", "requires", "show", "use", "can"]
        static let lastWords: Set<String> = [
            "password", "passwd", "pwd", "passphrase", "secret", "apikey", "credential", "credentials", "privatekey",
        ]
        static let wholeNames: Set<String> = [
            "password", "apikey", "clientsecret", "privatekey", "accesskey", "secretkey",
        ]
        static let keyQualifiers: Set<String> = ["api", "private", "secret", "access", "signing"]
        /// Pagination and device tokens are references, not secrets.
        static let referenceTokenWords: Set<String> = [
            "page", "next", "cursor", "continuation", "sync", "push", "device", "fcm", "apns", "registration",
            "activity",
            "expo", "notification", "input", "start", "update", "idempotency",
        ]
        static let keyLikeWords: Set<String> = [
            "key", "apikey", "auth", "authorization", "signature", "sig", "credential", "hmac",
        ]
    }

    /// Words of a key under which a long random value is a key or a token (`x-api-key`, `authSignature`).
    private static func isKeyLikeName(words w: [String]) -> Bool {
        w.contains { SecretNames.keyLikeWords.contains($0) }
    }

    /// Masked or empty values are not secrets (`"***"`, `"<redacted>"`, `""`).
    static func isMasked(_ text: String) -> Bool {
        let t = text.lowercased()
        if t.isEmpty
            || ["redacted", "<redacted>", "[redacted]", "none", "null", "n/a", "true", "false", "yes", "no"].contains(t)
        {
            return true
        }
        return t.unicodeScalars.allSatisfy { "*x•.#-_ ".unicodeScalars.contains($0) }
    }

    /// Shannon entropy in bits per character.
    static func entropy(_ text: String) -> Double {
        var counts: [Unicode.Scalar: Int] = [:]
        var total = 0
        for s in text.unicodeScalars {
            counts[s, default: 0] += 1
            total += 1
        }
        guard total > 0 else { return 0 }
        var bits = 0.0
        for count in counts.values {
            let p = Double(count) / Double(total)
            bits -= p * log2(p)
        }
        return bits
    }

    static func log2(_ x: Double) -> Double {
        // ln(x)/ln(2) without Foundation: x = m * 2^e with m in [1, 2).
        guard x > 0 else { return 0 }
        let e = Double(x.exponent)
        let m = x.significand
        // ln(m) by the series of atanh: ln(m) = 2 * atanh((m-1)/(m+1)).
        let y = (m - 1) / (m + 1)
        var term = y
        var sum = 0.0
        var k = 1.0
        for _ in 0..<12 {
            sum += term / k
            term *= y * y
            k += 2
        }
        return e + 2 * sum / 0.693_147_180_559_945_3
    }

    /// A random-looking token: no spaces, letters and digits mixed, high entropy.
    static func isHighEntropyToken(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.count >= 20, scalars.count <= 512,
            scalars.allSatisfy({ isASCIILetter($0) || isDigit($0) || "-_.+/=:".unicodeScalars.contains($0) }),
            scalars.contains(where: isDigit), scalars.contains(where: isASCIILetter)
        else { return false }
        return entropy(text) >= 3.5
    }

    enum Finding: Equatable {
        case email, phone, jwt, bearer, apiKey, card
        var name: String {
            switch self {
            case .email: return "an e-mail address"
            case .phone: return "a phone number"
            case .jwt: return "a JSON Web Token"
            case .bearer: return "a bearer token"
            case .apiKey: return "an API key"
            case .card: return "a payment card number"
            }
        }
    }

    static let maxScannedBytes = 4096

    /// Mailboxes of a role, not of a person (`support@`).
    static let roleMailboxes: Set<String> = [
        "noreply", "no-reply", "donotreply", "support", "help", "info", "hello", "contact", "service", "team",
    ]

    /// The first kind of sensitive data found in a text's UTF-8. `keyIsPhone` tells whether the field is named
    /// like a phone number, asked only when a value of phone digits needs it (most strings never get that far).
    static func sensitive(inBytes bytes: UnsafeBufferPointer<UInt8>, keyLike: Bool, keyIsPhone: () -> Bool) -> Finding?
    {
        // A string longer than any payload limit is reported as content (payload-size, payload-data-not-link);
        // scanning megabytes for secrets would make a hostile file slow.
        guard bytes.count >= 7, bytes.count <= maxScannedBytes else { return nil }
        // One pass over the bytes finds what each detector needs; a byte matcher runs only on the few texts that
        // hold its trigger, because most strings are short texts and ids.
        let scan = TextScan(bytes)
        guard scan.digits >= 7 || scan.hasAt || keyLike || bytes.count >= 16 else { return nil }
        // Every test below needs one of these; most texts (a title, a sentence) have none.
        guard scan.needsPatterns || keyLike else { return nil }
        if scan.mayHoldJWT, BytePatterns.containsJWT(bytes) { return .jwt }
        if scan.mayHoldBearer, BytePatterns.containsBearer(bytes) { return .bearer }
        if scan.mayHoldPrivateKey { return .apiKey }
        if scan.mayHoldVendorKey, BytePatterns.containsVendorKey(bytes) { return .apiKey }
        if keyLike {
            let text = String(decoding: bytes, as: UTF8.self)
            if isHighEntropyToken(text), !isURL(text) { return .apiKey }
        }
        if scan.hasAt, let local = BytePatterns.firstEmailLocalPart(bytes) {
            let name = String(unsafeUninitializedCapacity: local.count) { out in
                for (k, b) in bytes[local].enumerated() { out[k] = ASCIIText.lower(b) }
                return local.count
            }
            if !roleMailboxes.contains(name) { return .email }
        }
        if scan.digits >= 13, scan.mayHoldCard, BytePatterns.containsCardNumber(bytes) { return .card }
        if scan.digits >= 7, containsPhoneNumber(bytes, scan, keyIsPhone: keyIsPhone) { return .phone }
        return nil
    }

    /// What one pass over a text's bytes tells the detectors: how many digits, an `@`, and whether the literal
    /// part of a JWT, bearer, private-key or vendor-key pattern occurs.
    struct TextScan {
        var digits = 0
        var hasAt = false
        var mayHoldJWT = false
        var mayHoldBearer = false
        var mayHoldPrivateKey = false
        var mayHoldVendorKey = false
        /// Runs of digits that the number shapes start with (each a run, as no digit may come before them): a `+`
        /// and a digit 1-9 (international); 3 digits and `-` or `.` (North American exchange); `0`, a digit 1-9 and
        /// up to 3 more, then a space, `/` or `-` (a trunk prefix); 13 or more digits, or 4 and a space or `-`
        /// (a card, bare or grouped).
        var mayHoldInternational = false
        var mayHoldNorthAmerican = false
        var mayHoldTrunk = false
        var mayHoldCard = false

        static let jwt = Array("eyJ".utf8)
        static let bearer = Array("bearer".utf8)
        static let privateKey = Array("PRIVATE KEY-----".utf8)
        /// AWS, Google and Slack key prefixes, found at their first byte.
        static let vendorPrefixes = ["AKIA", "AIza", "xox"].map { Array($0.utf8) }
        /// Stripe and GitHub key prefixes, found at their first `_` (and how far into the prefix it is): the byte `g`
        /// is far too common in text to start a comparison at each.
        static let underscorePrefixes: [(bytes: [UInt8], underscore: Int)] = ["_live_", "ghp_", "github_pat_"].map {
            let bytes = Array($0.utf8)
            return (bytes, bytes.firstIndex(of: UInt8(ascii: "_")) ?? 0)
        }

        /// Bytes that start (or, for `eyJ` and the `_` prefixes, anchor) something the scan looks for; every other
        /// byte costs one table load. `e`, the most common letter, is not one of them: a JWT is found at its `J`.
        static let interesting: [Bool] = (0...255).map { b in
            "@JbBPA_x+".utf8.contains(UInt8(b))
        }

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            Self.interesting.withUnsafeBufferPointer { interesting in
                var i = 0
                let count = bytes.count
                while i < count {
                    let b = bytes[i]
                    if b &- 0x30 < 10 {
                        // A run of digits at once: texts of ids, prices and times are full of them.
                        var j = i + 1
                        while j < count, bytes[j] &- 0x30 < 10 { j += 1 }
                        noteRun(
                            length: j - i, trunk: b == 0x30 && j - i >= 2 && bytes[i + 1] &- 0x31 < 9,
                            next: j < count ? bytes[j] : 0)
                        i = j
                        continue
                    }
                    if interesting[Int(b)] { note(b, at: i, in: bytes) }
                    i += 1
                }
            }
        }

        /// A run of `length` digits, `trunk` when it starts with `0` and a digit 1-9, followed by `next` (0 at the end).
        private mutating func noteRun(length run: Int, trunk: Bool, next: UInt8) {
            digits += run
            switch next {
            case UInt8(ascii: "-"):
                if run == 3 { mayHoldNorthAmerican = true }
                if run == 4 { mayHoldCard = true }
                if trunk, (3...5).contains(run) { mayHoldTrunk = true }
            case UInt8(ascii: "."):
                if run == 3 { mayHoldNorthAmerican = true }
            case UInt8(ascii: " "):
                if run == 4 { mayHoldCard = true }
                if trunk, (3...5).contains(run) { mayHoldTrunk = true }
            case UInt8(ascii: "/"):
                if trunk, (3...5).contains(run) { mayHoldTrunk = true }
            default: break
            }
            if run >= 13 { mayHoldCard = true }
        }

        private mutating func note(_ b: UInt8, at i: Int, in bytes: UnsafeBufferPointer<UInt8>) {
            // The byte after `b` rules out most places (a `b` not followed by `e`) before a whole pattern is compared.
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            switch b {
            case UInt8(ascii: "+"):
                if next &- 0x31 < 9 { mayHoldInternational = true }
            case UInt8(ascii: "@"): hasAt = true
            case UInt8(ascii: "J"):
                if i >= 2, !mayHoldJWT, ASCIIText.matches(bytes, at: i - 2, Self.jwt) { mayHoldJWT = true }
            case UInt8(ascii: "_"):
                if !mayHoldVendorKey,
                    Self.underscorePrefixes.contains(where: {
                        ASCIIText.matches(bytes, at: i - $0.underscore, $0.bytes)
                    })
                {
                    mayHoldVendorKey = true
                }
            case UInt8(ascii: "b"), UInt8(ascii: "B"):
                if next | 0x20 == UInt8(ascii: "e"), !mayHoldBearer,
                    ASCIIText.matches(bytes, at: i, Self.bearer, ignoringCase: true)
                {
                    mayHoldBearer = true
                }
            case UInt8(ascii: "P"):
                if next == UInt8(ascii: "R"), !mayHoldPrivateKey, ASCIIText.matches(bytes, at: i, Self.privateKey) {
                    mayHoldPrivateKey = true
                }
            default:
                if next != 0, !mayHoldVendorKey,
                    Self.vendorPrefixes.contains(where: { $0[1] == next && ASCIIText.matches(bytes, at: i, $0) })
                {
                    mayHoldVendorKey = true
                }
            }
        }

        /// Something here needs a closer look than the scan.
        var needsPatterns: Bool {
            hasAt || digits >= 7 || mayHoldJWT || mayHoldBearer || mayHoldPrivateKey || mayHoldVendorKey
        }
    }

    /// Whether a key's name can make either answer of `nameNature` true. Every word those look for, and every
    /// joined form, is a substring of the name without its separators (`_ - . space`) in lower case, so keys such
    /// as `title` or `order_id` are settled by a byte search (and `pa_ssword`, joined `password`, is not missed).
    static func mayBeSecretOrKeyLikeName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The last eight bytes of the joined name, lower case, in one word: after each byte, the hints that end
        // with it are compared with the word's low bytes (a hint occurs in the name exactly when the joined name,
        // up to some byte, ends with it).
        var window: UInt64 = 0
        for b in bytes {
            // Lower-casing non-ASCII text may produce ASCII letters: such keys take the full test.
            if b >= 0x80 { return true }
            if isSeparator(b) { continue }
            let c = ASCIIText.lower(b)
            window = window << 8 | UInt64(c)
            let hit: Bool
            switch c {
            case UInt8(ascii: "s"): hit = window & 0xFF_FFFF == Hint.pas
            case UInt8(ascii: "d"): hit = window & 0xFF_FFFF == Hint.pwd || window & 0xFFFF_FFFF == Hint.cred
            case UInt8(ascii: "t"): hit = window & 0xFFFF_FFFF_FFFF == Hint.secret
            case UInt8(ascii: "g"): hit = window & 0xFF_FFFF == Hint.sig
            case UInt8(ascii: "y"): hit = window & 0xFF_FFFF == Hint.key
            case UInt8(ascii: "n"): hit = window & 0xFF_FFFF_FFFF == Hint.token
            case UInt8(ascii: "h"): hit = window & 0xFFFF_FFFF == Hint.auth
            case UInt8(ascii: "c"): hit = window & 0xFFFF_FFFF == Hint.hmac
            default: hit = false
            }
            if hit { return true }
        }
        return false
    }

    /// The hints of `mayBeSecretOrKeyLikeName` as words of their bytes, the first most significant: `pas`
    /// (password, passphrase, passwd), `pwd`, `secret`, `sig`, `key`, `cred`, `token`, `auth`, `hmac`. Literals,
    /// so that reading them costs nothing (a test checks them against the words).
    enum Hint {
        static let pas: UInt64 = 0x70_61_73, pwd: UInt64 = 0x70_77_64, secret: UInt64 = 0x73_65_63_72_65_74
        static let sig: UInt64 = 0x73_69_67, key: UInt64 = 0x6B_65_79, cred: UInt64 = 0x63_72_65_64
        static let token: UInt64 = 0x74_6F_6B_65_6E, auth: UInt64 = 0x61_75_74_68, hmac: UInt64 = 0x68_6D_61_63
    }

    static func hasCardPrefix(_ d: [Int]) -> Bool {
        let two = d[0] * 10 + d[1]
        let four = two * 100 + d[2] * 10 + d[3]
        switch d.count {
        case 15: return two == 34 || two == 37
        case 16:
            return d[0] == 4 || (51...55).contains(two) || (2221...2720).contains(four) || four == 6011 || two == 65
        case 13, 19: return d[0] == 4
        default: return false
        }
    }

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

    /// A phone number in one of its usual shapes, or digits under a field named like a phone number (`key` is
    /// asked for only then). Each shape is looked for only when the scan saw the runs of digits it starts with.
    static func containsPhoneNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ scan: TextScan, keyIsPhone: () -> Bool)
        -> Bool
    {
        if scan.mayHoldInternational, BytePatterns.containsInternationalNumber(bytes) { return true }
        if scan.mayHoldNorthAmerican, BytePatterns.containsNorthAmericanNumber(bytes) { return true }
        if scan.mayHoldTrunk, BytePatterns.containsTrunkNumber(bytes) { return true }
        return BytePatterns.isPhoneLikeValue(bytes) && keyIsPhone()
    }

    /// A key named like a phone number: one of its words (`words`) is a phone word. An ASCII key without any of
    /// them in its lower-case bytes (`order_id`, `placed_at`) is settled by that byte search.
    static func isPhoneKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if ASCIIText.isASCII(bytes), !phoneHints.contains(where: { ASCIIText.contains(bytes, $0, ignoringCase: true) })
        {
            return false
        }
        return !Set(words(String(decoding: bytes, as: UTF8.self))).isDisjoint(with: phoneWords)
    }

    static let phoneWords: Set<String> = ["phone", "mobile", "msisdn", "tel", "telephone", "cell"]
    /// Every phone word holds one of these (`telephone` holds `tel`).
    static let phoneHints: [[UInt8]] = ["phone", "mobile", "msisdn", "tel", "cell"].map { Array($0.utf8) }

    // MARK: Characters

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    static func isUpper(_ s: Unicode.Scalar) -> Bool { s >= "A" && s <= "Z" }
    static func isLower(_ s: Unicode.Scalar) -> Bool { s >= "a" && s <= "z" }
    static func isASCIILetter(_ s: Unicode.Scalar) -> Bool { isUpper(s) || isLower(s) }
}
