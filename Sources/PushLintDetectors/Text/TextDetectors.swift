import PushLintJSON
import PushLintModel

/// Recognisers for the content rules: each is conservative, because a false alarm on an id or a cursor teaches
/// people to switch a rule off.
package enum TextDetectors {
    // MARK: Shapes of content

    /// A URL-like reference (`https://...`, `shop://...`), which is what a payload should carry.
    package static func isURL(_ text: String) -> Bool { text.withUTF8Bytes(isURL) }

    /// The scheme of a URI (`https`, `shop`), lowercased, or nil when the text does not start with one.
    package static func scheme(of text: String) -> String? {
        text.withUTF8Bytes { bytes in
            schemeLength(bytes).map { String(decoding: bytes[0..<$0], as: UTF8.self).lowercased() }
        }
    }

    /// `isURL` on UTF-8, without building the text: payload-data-not-link asks it of every long string.
    package static func isURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
    package static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
    package static func isDataURI(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        hasDataScheme(bytes) && bytes.contains(UInt8(ascii: ","))
    }

    /// Starts with `data:`, in any case.
    package static func hasDataScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ASCIIText.matches(bytes, at: 0, dataColon, ignoringCase: true)
    }

    private static let dataColon = Array("data:".utf8)

    /// The JSON object or array a string holds (`"{\"id\":1}"`), parsed, or nil when it holds none (or an empty
    /// one). A parse only for text that begins and ends like a container.
    package static func stringifiedJSON(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONDocument? {
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
    package static func isBase64Blob(_ bytes: UnsafeBufferPointer<UInt8>, minimumLength: Int) -> Bool {
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
    package static func words(_ key: String) -> [String] {
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
    package static func nameNature(_ key: String) -> (isSecret: Bool, isKeyLike: Bool) {
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
    package enum SecretNames {
        package static let flagWords: Set<String> = ["has", "is", "needs", "requires", "show", "use", "can"]
        package static let lastWords: Set<String> = [
            "password", "passwd", "pwd", "passphrase", "secret", "apikey", "credential", "credentials", "privatekey",
        ]
        package static let wholeNames: Set<String> = [
            "password", "apikey", "clientsecret", "privatekey", "accesskey", "secretkey",
        ]
        package static let keyQualifiers: Set<String> = ["api", "private", "secret", "access", "signing"]
        /// Pagination and device tokens are references, not secrets.
        package static let referenceTokenWords: Set<String> = [
            "page", "next", "cursor", "continuation", "sync", "push", "device", "fcm", "apns", "registration",
            "activity",
            "expo", "notification", "input", "start", "update", "idempotency",
        ]
        package static let keyLikeWords: Set<String> = [
            "key", "apikey", "auth", "authorization", "signature", "sig", "credential", "hmac",
        ]

        /// The lists as bytes, for the words of ASCII keys.
        package static let flagWordBytes = bytes(flagWords), lastWordBytes = bytes(lastWords)
        package static let wholeNameBytes = bytes(wholeNames), keyQualifierBytes = bytes(keyQualifiers)
        package static let referenceTokenWordBytes = bytes(referenceTokenWords), keyLikeWordBytes = bytes(keyLikeWords)

        private static func bytes(_ words: Set<String>) -> [[UInt8]] { words.sorted().map { Array($0.utf8) } }

        package static func isListed(_ word: UnsafeBufferPointer<UInt8>, _ list: [[UInt8]]) -> Bool {
            list.contains { ASCIIText.equals(word, $0) }
        }
    }

    /// Words of a key under which a long random value is a key or a token (`x-api-key`, `authSignature`).
    private static func isKeyLikeName(words w: [String]) -> Bool {
        w.contains { SecretNames.keyLikeWords.contains($0) }
    }

    /// The words of an ASCII key as `words` splits them, lower-cased, in temporary memory: `joined` is the words
    /// one after the other (the key without its separators), `ends` where each word ends in it. The name tests
    /// compare them in place: no string per key and word.
    package struct ASCIIWords {
        package let joined: UnsafeBufferPointer<UInt8>
        package let ends: UnsafeBufferPointer<Int>

        package var count: Int { ends.count }

        package func word(_ k: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: joined[(k == 0 ? 0 : ends[k - 1])..<ends[k]])
        }

        package func contains(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
            var k = 0
            while k < count {
                if predicate(word(k)) { return true }
                k += 1
            }
            return false
        }
    }

    /// Calls `body` with the words of an ASCII key (`bytes` must be ASCII).
    package static func withASCIIWords<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (ASCIIWords) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, bytes.count)) { joined in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, bytes.count)) { ends in
                var length = 0
                var words = 0
                var wordStart = 0
                var previousLower = false
                for b in bytes {
                    if isSeparator(b) {
                        if length > wordStart {
                            ends[words] = length
                            words += 1
                            wordStart = length
                        }
                        previousLower = false
                        continue
                    }
                    if ASCIIText.isUpper(b), previousLower, length > wordStart {
                        ends[words] = length
                        words += 1
                        wordStart = length
                    }
                    joined[length] = ASCIIText.lower(b)
                    length += 1
                    previousLower = ASCIIText.isLower(b) || ASCIIText.isDigit(b)
                }
                if length > wordStart {
                    ends[words] = length
                    words += 1
                }
                return body(
                    ASCIIWords(
                        joined: UnsafeBufferPointer(rebasing: joined[0..<length]),
                        ends: UnsafeBufferPointer(rebasing: ends[0..<words])))
            }
        }
    }

    /// `nameNature` of a key's UTF-8: an ASCII key (nearly every key) is split and compared on its bytes, the same
    /// answer without a string per word; others take the Unicode path.
    package static func nameNature(_ bytes: UnsafeBufferPointer<UInt8>) -> (isSecret: Bool, isKeyLike: Bool) {
        guard ASCIIText.isASCII(bytes) else { return nameNature(String(decoding: bytes, as: UTF8.self)) }
        return withASCIIWords(bytes) { w in
            (isSecretName(w), w.contains { SecretNames.isListed($0, SecretNames.keyLikeWordBytes) })
        }
    }

    /// `isSecretName` on the words of an ASCII key.
    private static func isSecretName(_ w: ASCIIWords) -> Bool {
        guard w.count > 0 else { return false }
        let last = w.word(w.count - 1)
        if SecretNames.isListed(w.word(0), SecretNames.flagWordBytes) { return false }
        if SecretNames.isListed(last, SecretNames.lastWordBytes)
            || SecretNames.isListed(w.joined, SecretNames.wholeNameBytes)
        {
            return true
        }
        if ASCIIText.equals(last, "key"), w.count >= 2,
            SecretNames.isListed(w.word(w.count - 2), SecretNames.keyQualifierBytes)
        {
            return true
        }
        if ASCIIText.equals(last, "token") {
            var k = 0
            while k < w.count - 1 {
                if SecretNames.isListed(w.word(k), SecretNames.referenceTokenWordBytes) { return false }
                k += 1
            }
            return true
        }
        return false
    }

    /// Whether a key's last word is `key` or `token`, or it is one word that ends in them (`apikey`, `x-api-key`,
    /// `accessToken`): such a name says what a value is for, not that it is a password.
    package static func endsInKeyOrToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let last = words(String(decoding: bytes, as: UTF8.self)).last else { return false }
        return last.hasSuffix("key") || last.hasSuffix("token")
    }

    /// Masked or empty values are not secrets (`"***"`, `"<redacted>"`, `""`).
    package static func isMasked(_ text: String) -> Bool {
        let t = text.lowercased()
        if t.isEmpty
            || ["redacted", "<redacted>", "[redacted]", "none", "null", "n/a", "true", "false", "yes", "no"].contains(t)
        {
            return true
        }
        return t.unicodeScalars.allSatisfy { "*x•.#-_ ".unicodeScalars.contains($0) }
    }

    /// Shannon entropy in bits per character.
    package static func entropy(_ text: String) -> Double {
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

    package static func log2(_ x: Double) -> Double {
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
    package static func isHighEntropyToken(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.count >= 20, scalars.count <= 512,
            scalars.allSatisfy({ isASCIILetter($0) || isDigit($0) || "-_.+/=:".unicodeScalars.contains($0) }),
            scalars.contains(where: isDigit), scalars.contains(where: isASCIILetter)
        else { return false }
        return entropy(text) >= 3.5
    }

    /// `isHighEntropyToken` on UTF-8: every byte of a token is ASCII, so the bytes are its characters, counted
    /// on the stack.
    package static func isHighEntropyToken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 20, bytes.count <= 512 else { return false }
        var digit = false
        var letter = false
        for b in bytes {
            if ASCIIText.isDigit(b) {
                digit = true
            } else if ASCIIText.isLetter(b) {
                letter = true
            } else if !tokenPunctuation.contains(b) {
                return false
            }
        }
        guard digit, letter else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 128) { counts in
            counts.initialize(repeating: 0)
            for b in bytes { counts[Int(b)] += 1 }
            var bits = 0.0
            for count in counts where count > 0 {
                let p = Double(count) / Double(bytes.count)
                bits -= p * log2(p)
            }
            return bits >= 3.5
        }
    }

    private static let tokenPunctuation = Array("-_.+/=:".utf8)

    package enum Finding: Equatable {
        case email, phone, jwt, bearer, apiKey, card
        package var name: String {
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

    package static let maxScannedBytes = 4096

    /// Words of a mailbox of a role, not of a person (`support@`, `orders@`, `no-reply@`, `customer.care@`): a
    /// business publishes these, and no person is identified by them. RFC 2142 names several (`info`, `sales`,
    /// `support`, `abuse`, `noc`, `security`, `postmaster`, `hostmaster`, `webmaster`); the others are what shops,
    /// apps and services send from and ask to be written to.
    package static let roleMailboxes: Set<String> = [
        "noreply", "no", "not", "do", "donotreply", "reply", "support", "help", "helpdesk", "desk", "info", "hello",
        "hi", "contact", "service", "services", "team", "orders", "order", "billing", "invoices", "invoice",
        "receipts", "payments", "accounts", "accounting", "sales", "shop", "store", "returns", "shipping",
        "delivery", "bookings", "booking", "reservations", "customer", "customers", "care", "feedback", "privacy",
        "security", "abuse", "legal", "press", "media", "marketing", "news", "newsletter", "notifications",
        "notification", "alerts", "updates", "admin", "office", "enquiries", "inquiries", "jobs", "careers", "hr",
        "partners", "postmaster", "hostmaster", "webmaster", "noc", "mailer", "daemon", "bounce", "bounces",
    ]
    /// `roleMailboxes` as bytes, so that a local part is compared where it lies.
    package static let roleMailboxBytes: [[UInt8]] = roleMailboxes.sorted().map { Array($0.utf8) }

    /// An e-mail local part (ASCII, as the pattern takes it) that names a role: every word of it (split at `.`,
    /// `-` and `_`, a sub-address after `+` left out) is a role word, compared in lower case, in place.
    package static func isRoleMailbox(_ local: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = 0
        while end < local.count, local[end] != UInt8(ascii: "+") { end += 1 }
        guard end > 0 else { return false }
        var start = 0
        var index = 0
        while index <= end {
            if index == end || local[index] == UInt8(ascii: ".") || local[index] == UInt8(ascii: "-")
                || local[index] == UInt8(ascii: "_")
            {
                if index > start {
                    let word = UnsafeBufferPointer(rebasing: local[start..<index])
                    let isRole = roleMailboxBytes.contains { name in
                        name.count == word.count && ASCIIText.matches(word, at: 0, name, ignoringCase: true)
                    }
                    if !isRole { return false }
                }
                start = index + 1
            }
            index += 1
        }
        return true
    }

    // MARK: Identifiers and paths

    /// An identifier, not a secret: a UUID (8-4-4-4-12 hex digits, RFC 9562) or a hex digest of the length of
    /// MD5, SHA-1 or SHA-2 (32, 40, 56, 64, 96 or 128 hex digits) in one case.
    package static func isIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        if n == 36 {
            for (i, b) in bytes.enumerated() {
                let isDash = i == 8 || i == 13 || i == 18 || i == 23
                if isDash ? b != UInt8(ascii: "-") : !ASCIIText.isHexDigit(b) { return false }
            }
            return true
        }
        guard n == 32 || n == 40 || n == 56 || n == 64 || n == 96 || n == 128 else { return false }
        var upper = false
        var lower = false
        for b in bytes {
            guard ASCIIText.isHexDigit(b) else { return false }
            if b >= UInt8(ascii: "a") { lower = true } else if b >= UInt8(ascii: "A") { upper = true }
        }
        return !(upper && lower)
    }

    /// A path to an object (`invoices/2026/11/inv-48213.pdf`, an S3 or storage key): segments between single
    /// slashes, none of the `+` and `=` of base64, and either a file extension at the end or no upper-case letter
    /// (a random key of base64 with slashes has both cases).
    package static func isObjectPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var slashes = 0
        var upper = false
        var previous: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: "/") {
                if previous == b { return false }
                slashes += 1
            } else if b == UInt8(ascii: "+") || b == UInt8(ascii: "=") {
                return false
            } else if ASCIIText.isUpper(b) {
                upper = true
            }
            previous = b
        }
        guard slashes > 0 else { return false }
        return !upper || hasFileExtension(bytes)
    }

    /// Ends in `.` and 1 to 5 letters and digits that start with a letter (`.pdf`, `.jpeg`, `.mp4`).
    private static func hasFileExtension(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var length = 0
        var index = bytes.count - 1
        while index >= 0, ASCIIText.isAlphanumeric(bytes[index]), length <= 5 {
            length += 1
            index -= 1
        }
        return (1...5).contains(length) && index > 0 && bytes[index] == UInt8(ascii: ".")
            && ASCIIText.isLetter(bytes[index + 1])
    }

    /// The first kind of sensitive data found in a text's UTF-8. `keyIsPhone` tells whether the field is named
    /// like a phone number, asked only when a value of phone digits needs it (most strings never get that far).
    package static func sensitive(inBytes bytes: UnsafeBufferPointer<UInt8>, keyLike: Bool, keyIsPhone: () -> Bool)
        -> Finding?
    {
        // A string longer than any payload limit is reported as content (payload-size, payload-data-not-link);
        // scanning megabytes for secrets would make a hostile file slow.
        guard bytes.count >= 7, bytes.count <= maxScannedBytes else { return nil }
        // One pass over the bytes finds what each detector needs, and the number shapes themselves; a byte
        // matcher runs only on the few texts that hold its trigger, because most strings are short texts and ids.
        let scan = TextScan(bytes)
        guard scan.digits >= 7 || scan.hasAt || keyLike || bytes.count >= 16 else { return nil }
        // Every test below needs one of these; most texts (a title, a sentence) have none.
        guard scan.needsPatterns || keyLike else { return nil }
        if scan.mayHoldJWT, BytePatterns.containsJWT(bytes) { return .jwt }
        if scan.mayHoldBearer, BytePatterns.containsBearer(bytes) { return .bearer }
        if scan.mayHoldPrivateKey { return .apiKey }
        if scan.mayHoldVendorKey, BytePatterns.containsVendorKey(bytes) { return .apiKey }
        // Under a key-like name (`idempotency_key`, `s3_key`, `signature`) a long random value is a key unless it
        // has the shape of an identifier or a path: the name alone does not make a UUID, a digest or an object key
        // a secret.
        if keyLike, isHighEntropyToken(bytes), !isURL(bytes), !isIdentifier(bytes), !isObjectPath(bytes) {
            return .apiKey
        }
        if scan.hasAt,
            BytePatterns.firstEmailLocalPart(bytes, where: { !isRoleMailbox(UnsafeBufferPointer(rebasing: bytes[$0])) })
                != nil
        {
            return .email
        }
        if scan.hasCard { return .card }
        if scan.digits >= 7, containsPhoneNumber(bytes, scan, keyIsPhone: keyIsPhone) { return .phone }
        return nil
    }

    /// What one pass over a text's bytes tells the detectors: how many digits, an `@`, whether the literal part of
    /// a JWT, bearer, private-key or vendor-key pattern occurs, whether a phone number's shape is there, and where a
    /// card number can be.
    package struct TextScan {
        package var digits = 0
        package var hasAt = false
        package var mayHoldJWT = false
        package var mayHoldBearer = false
        package var mayHoldPrivateKey = false
        package var mayHoldVendorKey = false
        /// A phone number's shape (`BytePatterns.containsPhoneNumber`), each tried where the scan passes what it
        /// starts with: a `+` and a digit 1-9 (international); a run of 3 digits and a `-` or `.` (North American,
        /// at its area code or exchange); a run of 3 to 5 digits that starts with `0` and a digit 1-9, then a
        /// space, `/` or `-` (a trunk prefix). Numbers of other shapes (ids, prices, times) cost no more than
        /// their bytes.
        package var hasPhoneShape = false
        /// A card number (`BytePatterns.containsCardNumber`), looked for in each chain of digits (runs joined by
        /// single spaces or dashes) as the scan ends it: every match lies in one chain, and no match reaches from one
        /// chain into another. Only a chain of 13 or more digits is searched, and only when a match in it could be a
        /// card: when it has a group of 4 digits (a card's first group) or is the whole text (a bare number). Dates,
        /// prices and ids pass without a search.
        package var hasCard = false

        package static let bearer = Array("bearer".utf8)

        package static let digitClass: UInt8 = 1, markClass: UInt8 = 2
        /// The class of each byte: a digit, or a byte that starts (or, for `eyJ` and the `_` prefixes, anchors)
        /// something the scan looks for; every other byte is 0. `e`, the most common letter, is not one of them: a
        /// JWT is found at its `J`; nor is `+`, which matters only before a run of digits.
        package static let classes: [UInt8] = (0...255).map { b in
            if UInt8(b) &- 0x30 < 10 { return digitClass }
            return "@JbBPA_x".utf8.contains(UInt8(b)) ? markClass : 0
        }
        /// `classes` where the scan reads it: lending an array's storage costs a reference count per string.
        /// Written once, then only read.
        nonisolated(unsafe) static let classTable: UnsafePointer<UInt8> = table(classes)

        package init(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count > 0 else { return }
            scan(bytes, Self.classTable)
        }

        /// The pass itself, with its state in locals (kept out of memory, the loop costs a few instructions per
        /// byte): from each byte with a class to the next, a run of digits taken whole, a marked byte noted.
        private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ classes: UnsafePointer<UInt8>) {
            let p = bytes.baseAddress.unsafelyUnwrapped
            let count = bytes.count
            var digits = 0
            var chainStart = 0
            var chainDigits = 0
            var chainGoesOn = false
            var chainHasGroupOfFour = false
            var i = 0
            while true {
                i = Self.skipUnclassed(p, from: i, to: count, classes)
                guard i < count else { break }
                guard p[i] &- 0x30 < 10 else {
                    note(p[i], at: i, in: bytes)
                    i &+= 1
                    continue
                }
                // A run of digits at once, eight bytes at a time: texts of ids, prices and times are full of them.
                let start = i
                var end = i &+ 1
                while count &- end >= 8 {
                    let others = Self.nonDigits(UnsafeRawPointer(p + end).loadUnaligned(as: UInt64.self))
                    end &+= others.trailingZeroBitCount >> 3
                    if others != 0 { break }
                }
                if count &- end < 8 { while end < count, p[end] &- 0x30 < 10 { end &+= 1 } }
                i = end
                let run = end &- start
                digits &+= run
                let next = end < count ? p[end] : 0
                // Chains of digits for the card search.
                if chainGoesOn {
                    chainDigits &+= run
                } else {
                    chainStart = start
                    chainDigits = run
                    chainHasGroupOfFour = false
                }
                chainGoesOn =
                    (next == UInt8(ascii: " ") || next == UInt8(ascii: "-")) && end &+ 1 < count
                    && p[end &+ 1] &- 0x30 < 10
                if run == 4, chainGoesOn { chainHasGroupOfFour = true }
                if !chainGoesOn, chainDigits >= 13, !hasCard,
                    chainHasGroupOfFour || (chainStart == 0 && end == count && chainDigits == run),
                    BytePatterns.containsCardNumber(bytes, from: chainStart, to: end)
                {
                    hasCard = true
                }
                // The places a phone number's shapes start: a `+` before the run, or the run itself.
                if !hasPhoneShape {
                    // A toll-free number is a business's published line, not a person's: the scan goes on.
                    if start > 0, p[start &- 1] == UInt8(ascii: "+"), p[start] != UInt8(ascii: "0"),
                        BytePatterns.isInternationalNumber(bytes, at: start &- 1),
                        !BytePatterns.isTollFreeInternational(bytes, at: start &- 1)
                    {
                        hasPhoneShape = true
                    } else if run <= 5, run >= 3, notePhoneRun(bytes, start, run, next) {
                        hasPhoneShape = true
                    }
                }
            }
            self.digits = digits
        }

        /// The first byte from `i` on that has a class, or `end`: four bytes at a time while none has one, in a loop
        /// of its own (the words of a text cost a few instructions per byte).
        @inline(__always)
        package static func skipUnclassed(
            _ p: UnsafePointer<UInt8>, from start: Int, to end: Int, _ classes: UnsafePointer<UInt8>
        ) -> Int {
            var i = start
            while end &- i >= 4,
                classes[Int(p[i])] | classes[Int(p[i &+ 1])] | classes[Int(p[i &+ 2])] | classes[Int(p[i &+ 3])] == 0
            {
                i &+= 4
            }
            while i < end, classes[Int(p[i])] == 0 { i &+= 1 }
            return i
        }

        /// The high bit of each byte of `word` that is no ASCII digit (each exact: no carry crosses a byte).
        @inline(__always)
        package static func nonDigits(_ word: UInt64) -> UInt64 {
            let word = UInt64(littleEndian: word)
            let low = word & 0x7F7F_7F7F_7F7F_7F7F
            let digits = (low &+ 0x5050_5050_5050_5050) & ~(low &+ 0x4646_4646_4646_4646) & ~word
            return ~digits & 0x8080_8080_8080_8080
        }

        /// A run of 3 to 5 digits that may start a North American or a trunk number.
        @inline(__always)
        private func notePhoneRun(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ run: Int, _ next: UInt8) -> Bool
        {
            if run == 3, next == UInt8(ascii: "-") || next == UInt8(ascii: "."),
                BytePatterns.isNorthAmericanNumber(bytes, run: start)
            {
                return !BytePatterns.isTollFreeNorthAmerican(bytes, run: start)
            }
            return bytes[start] == UInt8(ascii: "0") && bytes[start &+ 1] != UInt8(ascii: "0")
                && (next == UInt8(ascii: " ") || next == UInt8(ascii: "/") || next == UInt8(ascii: "-"))
                && BytePatterns.isTrunkNumber(bytes, at: start) && !BytePatterns.isTollFreeTrunk(bytes, at: start)
        }

        /// A marked byte: the literal parts of the secret patterns and the `@` of an address. The byte after it rules
        /// out most places (a `b` not followed by `e`) before a whole pattern is compared.
        @inline(never)
        private mutating func note(_ b: UInt8, at i: Int, in bytes: UnsafeBufferPointer<UInt8>) {
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            switch b {
            case UInt8(ascii: "@"): hasAt = true
            case UInt8(ascii: "J"):
                if i >= 2, !mayHoldJWT, ASCIIText.matches(bytes, at: i - 2, "eyJ") { mayHoldJWT = true }
            case UInt8(ascii: "_"):
                // Stripe's and GitHub's prefixes, found at their first `_`: `g` is far too common to start at.
                if !mayHoldVendorKey,
                    ASCIIText.matches(bytes, at: i, "_live_") || ASCIIText.matches(bytes, at: i - 3, "ghp_")
                        || ASCIIText.matches(bytes, at: i - 6, "github_pat_")
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
                if next == UInt8(ascii: "R"), !mayHoldPrivateKey, ASCIIText.matches(bytes, at: i, "PRIVATE KEY-----") {
                    mayHoldPrivateKey = true
                }
            case UInt8(ascii: "A"):
                // AWS and Google key prefixes.
                if !mayHoldVendorKey,
                    next == UInt8(ascii: "K") && ASCIIText.matches(bytes, at: i, "AKIA")
                        || next == UInt8(ascii: "I") && ASCIIText.matches(bytes, at: i, "AIza")
                {
                    mayHoldVendorKey = true
                }
            case UInt8(ascii: "x"):
                // Slack's.
                if !mayHoldVendorKey, next == UInt8(ascii: "o"), ASCIIText.matches(bytes, at: i, "xox") {
                    mayHoldVendorKey = true
                }
            default: break
            }
        }

        /// Something here needs a closer look than the scan.
        package var needsPatterns: Bool {
            hasAt || digits >= 7 || mayHoldJWT || mayHoldBearer || mayHoldPrivateKey || mayHoldVendorKey
        }
    }

    /// A lookup table in memory that is never freed: the detectors read theirs for every byte of every string.
    package static func table<T>(_ values: [T]) -> UnsafePointer<T> {
        let memory = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        memory.initialize(from: values, count: values.count)
        return UnsafePointer(memory)
    }

    /// What a key's name may be, from the hints its joined lower-case bytes hold: named like a secret or a key
    /// (`secretOrKeyLike`: every word `nameNature` looks for, and every joined form, is a substring of the name
    /// without its separators (`_ - . space`) in lower case, so keys such as `title` or `order_id` are settled by a
    /// byte search, and `pa_ssword`, joined `password`, is not missed), or like a phone number (`tel`, `cell`,
    /// `phone`, `mobile` or `msisdn`, which every phone word holds, and a word is a substring of the joined name). A
    /// name that is not ASCII may be either.
    package struct NameHints: OptionSet {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let secretOrKeyLike = NameHints(rawValue: 1)
        package static let phone = NameHints(rawValue: 2)
    }

    package static func nameHints(_ bytes: UnsafeBufferPointer<UInt8>) -> NameHints {
        // Every key of every payload passes here, and nearly none holds a hint: a hint ends with one of a few
        // trigrams of letters (`pas`, `ret` of `secret`, `one` of `phone`, ...), which a set of bits answers for
        // each byte. Only a name with one of them is looked at closely.
        let codes = trigramCodeTable
        let trigrams = hintTrigramBits
        var trigram = 0
        for b in bytes {
            let code = Int(codes[Int(b)])
            if code >= separatorCode {
                // Lower-casing non-ASCII text may produce ASCII letters: such keys take the full tests.
                if code == nonASCIICode { return [.secretOrKeyLike, .phone] }
                continue
            }
            trigram = (trigram << 5 | code) & 0x7FFF
            if trigrams[trigram >> 6] >> UInt64(trigram & 63) & 1 != 0 { return hintsInWindow(bytes) }
        }
        return []
    }

    /// Each byte as a letter's number (1 to 26, either case), 0 for any other ASCII byte (no hint goes across it),
    /// or a mark for the separators, which joined names skip, and for non-ASCII bytes.
    private static let separatorCode = 0x40, nonASCIICode = 0x41
    nonisolated(unsafe) private static let trigramCodeTable: UnsafePointer<UInt8> = table(
        (0...255).map { value in
            let b = UInt8(value)
            if b >= 0x80 { return UInt8(nonASCIICode) }
            if isSeparator(b) { return UInt8(separatorCode) }
            let c = ASCIIText.lower(b)
            return c >= 0x61 && c <= 0x7A ? c - 0x60 : 0
        })

    /// The last three letters of every hint (`nameHints`), as bits of a set indexed by three letter numbers.
    nonisolated(unsafe) private static let hintTrigramBits: UnsafePointer<UInt64> = {
        var bits = [UInt64](repeating: 0, count: 512)
        for hint in secretHints + phoneHints {
            let letters = hint.utf8.suffix(3).map { Int($0 - 0x60) }
            let trigram = letters[0] << 10 | letters[1] << 5 | letters[2]
            bits[trigram >> 6] |= 1 << UInt64(trigram & 63)
        }
        return table(bits)
    }()

    /// The hints of `NameHints.secretOrKeyLike`: every word `nameNature` looks for, and every joined form, holds one.
    package static let secretHints = ["pas", "pwd", "secret", "sig", "key", "cred", "token", "auth", "hmac"]

    /// `nameHints` for a name that holds a hint's last three letters: which hints, if any, it holds whole.
    private static func hintsInWindow(_ bytes: UnsafeBufferPointer<UInt8>) -> NameHints {
        // The last eight bytes of the joined name, lower case, in one word: after each byte that ends a hint, the
        // hints that end with it are compared with the word's low bytes (a hint occurs in the name exactly when the
        // joined name, up to some byte, ends with it). One table load per byte says what to do with it.
        let table = nameByteTable
        var window: UInt64 = 0
        var hints: NameHints = []
        for b in bytes {
            let c = table[Int(b)]
            if c == separatorByte { continue }
            window = window << 8 | UInt64(c & 0x7F)
            guard c & hintEnd != 0 else { continue }
            // Lower-casing non-ASCII text may produce ASCII letters: such keys take the full tests.
            if c == nonASCIIByte { return [.secretOrKeyLike, .phone] }
            let secret: Bool
            var phone = false
            switch c & 0x7F {
            case UInt8(ascii: "s"): secret = window & 0xFF_FFFF == Hint.pas
            case UInt8(ascii: "d"): secret = window & 0xFF_FFFF == Hint.pwd || window & 0xFFFF_FFFF == Hint.cred
            case UInt8(ascii: "t"): secret = window & 0xFFFF_FFFF_FFFF == Hint.secret
            case UInt8(ascii: "g"): secret = window & 0xFF_FFFF == Hint.sig
            case UInt8(ascii: "y"): secret = window & 0xFF_FFFF == Hint.key
            case UInt8(ascii: "n"):
                secret = window & 0xFF_FFFF_FFFF == Hint.token
                phone = window & 0xFFFF_FFFF_FFFF == Hint.msisdn
            case UInt8(ascii: "h"): secret = window & 0xFFFF_FFFF == Hint.auth
            case UInt8(ascii: "c"): secret = window & 0xFFFF_FFFF == Hint.hmac
            case UInt8(ascii: "l"):
                secret = false
                phone = window & 0xFF_FFFF == Hint.tel || window & 0xFFFF_FFFF == Hint.cell
            case UInt8(ascii: "e"):
                secret = false
                phone = window & 0xFF_FFFF_FFFF == Hint.phone || window & 0xFFFF_FFFF_FFFF == Hint.mobile
            default: secret = false
            }
            if secret { hints.insert(.secretOrKeyLike) }
            if phone { hints.insert(.phone) }
        }
        return hints
    }

    /// What `nameHints` makes of each byte: its lower case, with the high bit set for the last letters
    /// of the hints; separators (0) and non-ASCII bytes (0xFF) marked. The NUL byte, which is neither, stands in the
    /// window as another byte that is no letter.
    private static let separatorByte: UInt8 = 0, nonASCIIByte: UInt8 = 0xFF, hintEnd: UInt8 = 0x80
    nonisolated(unsafe) private static let nameByteTable: UnsafePointer<UInt8> = table(
        (0...255).map { value in
            let b = UInt8(value)
            if b >= 0x80 { return nonASCIIByte }
            if isSeparator(b) { return separatorByte }
            let c = b == 0 ? 1 : ASCIIText.lower(b)
            return "sdtgynhcle".utf8.contains(c) ? c | hintEnd : c
        })

    /// The hints of `NameHints.secretOrKeyLike` as words of their bytes, the first most significant: `pas`
    /// (password, passphrase, passwd), `pwd`, `secret`, `sig`, `key`, `cred`, `token`, `auth`, `hmac`. Literals,
    /// so that reading them costs nothing (a test checks them against the words).
    package enum Hint {
        package static let pas: UInt64 = 0x70_61_73, pwd: UInt64 = 0x70_77_64, secret: UInt64 = 0x73_65_63_72_65_74
        package static let sig: UInt64 = 0x73_69_67, key: UInt64 = 0x6B_65_79, cred: UInt64 = 0x63_72_65_64
        package static let token: UInt64 = 0x74_6F_6B_65_6E, auth: UInt64 = 0x61_75_74_68, hmac: UInt64 = 0x68_6D_61_63
        /// The phone hints (`phoneHints`).
        package static let tel: UInt64 = 0x74_65_6C, cell: UInt64 = 0x63_65_6C_6C, phone: UInt64 = 0x70_68_6F_6E_65
        package static let mobile: UInt64 = 0x6D_6F_62_69_6C_65, msisdn: UInt64 = 0x6D_73_69_73_64_6E
    }

    /// The issuer prefixes of Visa (4), Mastercard (51-55, 2221-2720), Amex (34, 37) and Discover (6011, 65) for a
    /// number of `count` digits that starts with the digits of `firstFour`.
    package static func hasCardPrefix(count: Int, firstFour four: Int) -> Bool {
        let one = four / 1000
        let two = four / 100
        switch count {
        case 15: return two == 34 || two == 37
        case 16: return one == 4 || (51...55).contains(two) || (2221...2720).contains(four) || four == 6011 || two == 65
        case 13, 19: return one == 4
        default: return false
        }
    }

    /// A phone number in one of its usual shapes, which the scan looked for as it passed, or digits under a field
    /// named like a phone number.
    package static func containsPhoneNumber(
        _ bytes: UnsafeBufferPointer<UInt8>, _ scan: TextScan, keyIsPhone: () -> Bool
    )
        -> Bool
    {
        scan.hasPhoneShape
            || (keyIsPhone() && BytePatterns.isPhoneLikeValue(bytes) && !BytePatterns.isTollFreeValue(bytes))
    }

    /// A key named like a phone number: one of its words (`words`) is a phone word. An ASCII key is split on its
    /// bytes and its words compared in place.
    package static func isPhoneKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard ASCIIText.isASCII(bytes) else {
            return !Set(words(String(decoding: bytes, as: UTF8.self))).isDisjoint(with: phoneWords)
        }
        // Every phone word holds `tel`, `cell`, `phone`, `mobile` or `msisdn`: a key without any of them in its
        // lower-case bytes (`placed_at`, `order_number`) is settled by a pass over its last bytes in one word.
        var window: UInt64 = 0
        var hinted = false
        for b in bytes where !hinted {
            let c = ASCIIText.lower(b)
            window = window << 8 | UInt64(c)
            switch c {
            case UInt8(ascii: "l"): hinted = window & 0xFF_FFFF == 0x74_65_6C || window & 0xFFFF_FFFF == 0x63_65_6C_6C
            case UInt8(ascii: "e"):
                hinted = window & 0xFF_FFFF_FFFF == 0x70_68_6F_6E_65 || window & 0xFFFF_FFFF_FFFF == 0x6D_6F_62_69_6C_65
            case UInt8(ascii: "n"): hinted = window & 0xFFFF_FFFF_FFFF == 0x6D_73_69_73_64_6E
            default: break
            }
        }
        guard hinted else { return false }
        return withASCIIWords(bytes) { words in
            words.contains { word in phoneWordBytes.contains { ASCIIText.equals(word, $0) } }
        }
    }

    package static let phoneWords: Set<String> = ["phone", "mobile", "msisdn", "tel", "telephone", "cell"]
    package static let phoneWordBytes: [[UInt8]] = phoneWords.sorted().map { Array($0.utf8) }
    /// Every phone word holds one of these (`telephone` holds `tel`); `isPhoneKey` looks for them as words of bytes.
    package static let phoneHints = ["tel", "cell", "phone", "mobile", "msisdn"]

    // MARK: Characters

    package static func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
    package static func isUpper(_ s: Unicode.Scalar) -> Bool { s >= "A" && s <= "Z" }
    package static func isLower(_ s: Unicode.Scalar) -> Bool { s >= "a" && s <= "z" }
    package static func isASCIILetter(_ s: Unicode.Scalar) -> Bool { isUpper(s) || isLower(s) }
}
