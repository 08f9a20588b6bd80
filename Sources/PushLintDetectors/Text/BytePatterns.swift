import PushLintModel

/// The patterns of `payload-sensitive-data` (and the RFC 3339 timestamp of the schema checks) as byte-level
/// matchers on UTF-8. Each one answers what its regular expression, given in its doc comment, answers on text
/// whose characters are single scalars; `BytePatternsTests` compares them on generated strings. Non-ASCII
/// bytes never belong to a class here, as in the expressions, which name ASCII classes only.
package enum BytePatterns {
    package typealias Bytes = UnsafeBufferPointer<UInt8>

    @inline(__always) package static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) package static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 }
    @inline(__always) package static func isAlphanumeric(_ b: UInt8) -> Bool { isDigit(b) || isLetter(b) }
    /// `[A-Za-z0-9_-]`, the base64url alphabet.
    @inline(__always) package static func isBase64URL(_ b: UInt8) -> Bool {
        isAlphanumeric(b) || b == 0x5F || b == 0x2D
    }

    /// The length of the run of bytes of a class from `start`.
    @inline(__always) package static func run(_ bytes: Bytes, from start: Int, _ member: (UInt8) -> Bool) -> Int {
        var i = start
        while i < bytes.count, member(bytes[i]) { i += 1 }
        return i - start
    }

    // MARK: Secrets

    /// `eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`, anywhere.
    package static func containsJWT(_ bytes: Bytes) -> Bool {
        /// "eyJ", 8 or more base64url bytes after it, and a dot: the index after the dot.
        func part(_ i: Int) -> Int? {
            guard ASCIIText.matches(bytes, at: i, "eyJ") else { return nil }
            let length = run(bytes, from: i + 3, isBase64URL)
            let dot = i + 3 + length
            return length >= 8 && dot < bytes.count && bytes[dot] == UInt8(ascii: ".") ? dot + 1 : nil
        }
        var i = 0
        while i + 3 <= bytes.count {
            if bytes[i] == UInt8(ascii: "e"), let second = part(i), part(second) != nil { return true }
            i += 1
        }
        return false
    }

    /// `(?i)\bbearer\s+[A-Za-z0-9._~+\/=-]{16,}`, anywhere.
    package static func containsBearer(_ bytes: Bytes) -> Bool {
        var i = 0
        while i + 6 <= bytes.count {
            if bytes[i] | 0x20 == UInt8(ascii: "b"),
                ASCIIText.matches(bytes, at: i, TextDetectors.TextScan.bearer, ignoringCase: true),
                isWordStart(bytes, i)
            {
                var j = i + 6
                var spaces = 0
                while j < bytes.count, let (found, length) = scalar(bytes, at: j), found.properties.isWhitespace {
                    j += length
                    spaces += 1
                }
                if spaces > 0, run(bytes, from: j, isBearerByte) >= 16 { return true }
            }
            i += 1
        }
        return false
    }

    private static func isBearerByte(_ b: UInt8) -> Bool {
        isAlphanumeric(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
            || b == UInt8(ascii: "+")
            || b == UInt8(ascii: "/") || b == UInt8(ascii: "=") || b == UInt8(ascii: "-")
    }

    /// `\b(AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|(sk|rk)_live_[0-9A-Za-z]{16,}|ghp_[A-Za-z0-9]{36}|
    /// github_pat_[A-Za-z0-9_]{40,}|xox[abpr]-[A-Za-z0-9-]{10,})`, anywhere.
    package static func containsVendorKey(_ bytes: Bytes) -> Bool {
        func upperOrDigit(_ b: UInt8) -> Bool { isDigit(b) || (b &- 0x41 < 26) }
        func alnumOrUnderscore(_ b: UInt8) -> Bool { isAlphanumeric(b) || b == UInt8(ascii: "_") }
        func alnumOrDash(_ b: UInt8) -> Bool { isAlphanumeric(b) || b == UInt8(ascii: "-") }
        func key(at i: Int) -> Bool {
            switch bytes[i] {
            case UInt8(ascii: "A"):
                if ASCIIText.matches(bytes, at: i, "AKIA") { return run(bytes, from: i + 4, upperOrDigit) >= 16 }
                if ASCIIText.matches(bytes, at: i, "AIza") { return run(bytes, from: i + 4, isBase64URL) >= 35 }
            case UInt8(ascii: "s"), UInt8(ascii: "r"):
                if ASCIIText.matches(bytes, at: i + 1, "k_live_") {
                    return run(bytes, from: i + 8, isAlphanumeric) >= 16
                }
            case UInt8(ascii: "g"):
                if ASCIIText.matches(bytes, at: i, "ghp_") { return run(bytes, from: i + 4, isAlphanumeric) >= 36 }
                if ASCIIText.matches(bytes, at: i, "github_pat_") {
                    return run(bytes, from: i + 11, alnumOrUnderscore) >= 40
                }
            case UInt8(ascii: "x"):
                if ASCIIText.matches(bytes, at: i, "xox"), i + 4 < bytes.count, bytes[i + 4] == UInt8(ascii: "-"),
                    [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "p"), UInt8(ascii: "r")].contains(bytes[i + 3])
                {
                    return run(bytes, from: i + 5, alnumOrDash) >= 10
                }
            default: break
            }
            return false
        }
        for i in 0..<bytes.count where key(at: i) && isWordStart(bytes, i) { return true }
        return false
    }

    // MARK: Word boundaries

    /// `\b` before the ASCII letter at `i`, as Unicode's default word boundaries (UAX #29) place it, which is what
    /// a Swift `Regex` uses: none after a letter, digit or `_`, nor after a letter and one of `.`, `:`, `'`
    /// (`a.b`, `n:B` are one word), and marks and format characters belong to what they follow.
    package static func isWordStart(_ bytes: Bytes, _ i: Int) -> Bool {
        guard let (before, start) = base(bytes, before: i) else { return true }
        if isWordCharacter(before) { return false }
        if before == "." || before == ":" || before == "'" || before == "\u{2019}" || before == "\u{2018}"
            || before == "\u{B7}"
            || before == "\u{2027}" || before == "\u{FE13}" || before == "\u{FE55}" || before == "\u{FF1A}"
            || before == "\u{FF0E}"
            || before == "\u{FF07}" || before == "\u{FE52}" || before == "\u{2024}"
        {
            if let (letter, _) = base(bytes, before: start), isLetterCharacter(letter) { return false }
        }
        return true
    }

    /// The scalar before `i`, skipping the marks and format characters that attach to it, and where it starts.
    private static func base(_ bytes: Bytes, before i: Int) -> (Unicode.Scalar, Int)? {
        var end = i
        while end > 0 {
            var start = end - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard let (s, _) = scalar(bytes, at: start) else { return nil }
            switch s.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .format: end = start
            default: return (s, start)
            }
        }
        return nil
    }

    private static func isLetterCharacter(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return isLetter(UInt8(s.value)) }
        let p = s.properties
        // UAX #29 ALetter: alphabetic, but not ideographs, kana or the scripts without spaces.
        guard p.isAlphabetic, !p.isIdeographic else { return false }
        switch s.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF:
            return false
        default: return true
        }
    }

    private static func isWordCharacter(_ s: Unicode.Scalar) -> Bool {
        if s.isASCII { return isAlphanumeric(UInt8(s.value)) || s == "_" }
        return isLetterCharacter(s) || s.properties.numericType == .decimal
            || s.properties.generalCategory == .connectorPunctuation
    }

    /// The scalar whose UTF-8 starts at `i` and its length; nil for a malformed sequence (the JSON parser has
    /// checked the text, so only a cut at the scan limit can leave one).
    package static func scalar(_ bytes: Bytes, at i: Int) -> (Unicode.Scalar, Int)? {
        let b0 = bytes[i]
        if b0 < 0x80 { return (Unicode.Scalar(b0), 1) }
        let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0
        guard length > 0, i + length <= bytes.count else { return nil }
        var value = UInt32(b0) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    // MARK: Personal data

    /// The local part of the first match of `[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`.
    package static func firstEmailLocalPart(_ bytes: Bytes) -> Range<Int>? {
        firstEmailLocalPart(bytes, where: { _ in true })
    }

    /// The local part of the first match whose local part `accept` takes: `support@` passes over to the next address.
    package static func firstEmailLocalPart(_ bytes: Bytes, where accept: (Range<Int>) -> Bool) -> Range<Int>? {
        func isLocal(_ b: UInt8) -> Bool {
            isAlphanumeric(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "%")
                || b == UInt8(ascii: "+")
                || b == UInt8(ascii: "-")
        }
        func isLabel(_ b: UInt8) -> Bool { isAlphanumeric(b) || b == UInt8(ascii: "-") }
        func hasDomain(_ d: Int) -> Bool {
            guard d < bytes.count, isLabel(bytes[d]) else { return false }
            var j = d + 1
            while j < bytes.count {
                let b = bytes[j]
                if b == UInt8(ascii: ".") {
                    // Labels so far are separated by single dots; a second dot in a row ends every chance.
                    if bytes[j - 1] == UInt8(ascii: ".") { return false }
                    if j + 2 < bytes.count, isLetter(bytes[j + 1]), isLetter(bytes[j + 2]) { return true }
                } else if !isLabel(b) {
                    return false
                }
                j += 1
            }
            return false
        }
        for at in 0..<bytes.count where bytes[at] == UInt8(ascii: "@") {
            var start = at
            while start > 0, isLocal(bytes[start - 1]) { start -= 1 }
            if start < at, hasDomain(at + 1), accept(start..<at) { return start..<at }
        }
        return nil
    }

    /// `(?:^|[^0-9A-Za-z.-])([0-9](?:[ -]?[0-9]){12,18})(?![0-9A-Za-z])`, each match in turn: a number of 13 to 19
    /// digits that passes the Luhn check and has a card's prefix; separated ones in groups of 4 (Amex 4-6-5),
    /// bare ones the whole value.
    package static func containsCardNumber(_ bytes: Bytes) -> Bool {
        containsCardNumber(bytes, from: 0, to: bytes.count)
    }

    /// `containsCardNumber` for the matches that start in `from..<to`. Every match lies in one chain of digits (runs
    /// joined by single spaces or dashes), and matches in one chain neither reach nor hide another (a byte that is
    /// no digit lies between them): the content scan searches each chain on its own, with the same answers.
    package static func containsCardNumber(_ bytes: Bytes, from lower: Int, to upper: Int) -> Bool {
        let n = bytes.count
        var position = 0
        var s = max(0, lower)
        let upper = min(upper, n)
        // A path of fewer than 13 digits ends here: no start inside it has a longer one.
        var shortPathEnd = 0
        // Where each digit of the path ends, on the stack: at most 19.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 19) { ends in
            while s < upper {
                let b = bytes[s]
                guard isDigit(b) else {
                    s += 1
                    continue
                }
                // A match starts only where a run of digits starts (a digit before it is no prefix).
                let runStart = s
                defer { if s == runStart { s += 1 + run(bytes, from: runStart + 1, isDigit) } }
                if s < shortPathEnd { continue }
                if s > 0 {
                    let before = bytes[s - 1]
                    guard s - 1 >= position, !isAlphanumeric(before), before != UInt8(ascii: "."),
                        before != UInt8(ascii: "-")
                    else { continue }
                }
                // The one path of digits with single separators, at most 19 digits; the longest that no letter or
                // digit follows is the match.
                var count = 0
                var j = s
                while count < 19 {
                    if j < n, isDigit(bytes[j]) {
                    } else if count > 0, j + 1 < n, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "-"),
                        isDigit(bytes[j + 1])
                    {
                        j += 1
                    } else {
                        break
                    }
                    ends[count] = j + 1
                    count += 1
                    j += 1
                }
                if count < 13 { shortPathEnd = j }
                var k = count
                while k >= 13, ends[k - 1] < n, isAlphanumeric(bytes[ends[k - 1]]) { k -= 1 }
                guard k >= 13 else { continue }
                let end = ends[k - 1]
                if isCard(bytes, from: s, to: end, digits: k) { return true }
                position = end
                s = end
            }
            return false
        }
    }

    /// The digits of `bytes[start..<end]` (`digits` of them, with single separators) are a card number: grouped by
    /// 4 (Amex 4-6-5), or bare and the whole text; not all the same, a card prefix, the Luhn check. Settled on the
    /// bytes, without gathering the digits: most numbers that get here are ids and timestamps.
    private static func isCard(_ bytes: Bytes, from start: Int, to end: Int, digits: Int) -> Bool {
        var groups = 0
        var length = 0
        var allFour = true
        var first = 0
        var second = 0
        var i = start
        while i < end {
            if isDigit(bytes[i]) {
                length += 1
            } else {
                if groups == 0 { first = length } else if groups == 1 { second = length }
                if length != 4 { allFour = false }
                groups += 1
                length = 0
            }
            i += 1
        }
        groups += 1
        if groups == 1 {
            guard start == 0, end == bytes.count else { return false }
        } else {
            guard allFour || (groups == 3 && first == 4 && second == 6 && length == 5) else { return false }
        }
        // The first four digits (a group has at least one, and the path starts with a digit), then the checks that
        // read every digit: from the last one for Luhn's doubling.
        var prefix = 0
        var found = 0
        i = start
        while found < 4 {
            if isDigit(bytes[i]) {
                prefix = prefix * 10 + Int(bytes[i] &- 0x30)
                found += 1
            }
            i += 1
        }
        guard TextDetectors.hasCardPrefix(count: digits, firstFour: prefix) else { return false }
        let leading = prefix / 1000
        var sum = 0
        var index = 0
        var allSame = true
        i = end
        while i > start {
            i -= 1
            let b = bytes[i]
            guard isDigit(b) else { continue }
            let digit = Int(b &- 0x30)
            if digit != leading { allSame = false }
            if index & 1 == 1 {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            } else {
                sum += digit
            }
            index += 1
        }
        return !allSame && sum % 10 == 0
    }

    /// The three number shapes of a phone number:
    /// - international: each match of `(?:^|[^0-9A-Za-z])(\+[1-9][0-9 ().-]{6,20}[0-9])(?![0-9])` in turn, with 8
    ///   to 15 digits in the group;
    /// - North American: `(?:^|[^0-9])(\([2-9][0-9]{2}\) ?|[2-9][0-9]{2}[-.])[2-9][0-9]{2}[-.][0-9]{4}(?![0-9])`;
    /// - European with a trunk 0: `(?:^|[^0-9A-Za-z.,])0[1-9][0-9]{1,3}[ \/-][0-9]{3,4}[ -]?[0-9]{2,5}(?![0-9.,])`.
    ///
    /// Each shape is decided where it starts (`isInternationalNumber`, `isNorthAmericanNumber`, `isTrunkNumber`),
    /// which is how the content scan tries them as it passes; these functions try every such place.
    package static func containsPhoneNumber(_ bytes: Bytes) -> Bool {
        containsInternationalNumber(bytes) || containsNorthAmericanNumber(bytes) || containsTrunkNumber(bytes)
    }

    package static func containsInternationalNumber(_ bytes: Bytes) -> Bool {
        var s = 0
        while s < bytes.count {
            if bytes[s] == UInt8(ascii: "+"), isInternationalNumber(bytes, at: s) { return true }
            s += 1
        }
        return false
    }

    /// The international shape starting at the `+` at `s`. Matches in turn consume their text, but that hides no
    /// later `+`: the group holds none, and a `+` right after it follows a digit, which no match may.
    package static func isInternationalNumber(_ bytes: Bytes, at s: Int) -> Bool {
        func isMiddle(_ b: UInt8) -> Bool {
            isDigit(b) || b == UInt8(ascii: " ") || b == UInt8(ascii: "(") || b == UInt8(ascii: ")")
                || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "-")
        }
        let n = bytes.count
        guard s + 9 <= n, bytes[s + 1] &- 0x31 < 9 else { return false }
        if s > 0, isAlphanumeric(bytes[s - 1]) { return false }
        let k = s + 2
        let available = run(bytes, from: k, isMiddle)
        // The longest middle (6 to 20) followed by a digit that no digit follows.
        var length = min(20, available - 1)
        while length >= 6, !(isDigit(bytes[k + length]) && (k + length + 1 >= n || !isDigit(bytes[k + length + 1]))) {
            length -= 1
        }
        guard length >= 6 else { return false }
        var count = 0
        for i in s..<(k + length + 1) where isDigit(bytes[i]) { count += 1 }
        return (8...15).contains(count)
    }

    package static func containsNorthAmericanNumber(_ bytes: Bytes) -> Bool {
        anyRunOfDigits(bytes) { start, length in length == 3 && isNorthAmericanNumber(bytes, run: start) }
    }

    /// Whether `test` holds for a run of digits of `bytes` (its start and length): the phone shapes each start where
    /// a run does.
    package static func anyRunOfDigits(_ bytes: Bytes, _ test: (Int, Int) -> Bool) -> Bool {
        var s = 0
        while s < bytes.count {
            guard isDigit(bytes[s]) else {
                s += 1
                continue
            }
            let length = run(bytes, from: s, isDigit)
            if test(s, length) { return true }
            s += length
        }
        return false
    }

    /// The North American shape around the run of digits that starts at `start`. Every match holds a run of exactly
    /// 3 digits and a `-` or `.`: its area code (`415-`), where the match starts, or after `)` its exchange
    /// (`(415) 555-`), 5 or 6 bytes after the start; so a match is found from either.
    package static func isNorthAmericanNumber(_ bytes: Bytes, run start: Int) -> Bool {
        let n = bytes.count
        func at(_ i: Int) -> UInt8 { i >= 0 && i < n ? bytes[i] : 0 }
        func area(_ i: Int) -> Bool { at(i) &- 0x32 < 8 && isDigit(at(i + 1)) && isDigit(at(i + 2)) }
        func dashOrDot(_ i: Int) -> Bool { at(i) == UInt8(ascii: "-") || at(i) == UInt8(ascii: ".") }
        func rest(_ t: Int) -> Bool {
            area(t) && dashOrDot(t + 3) && isDigit(at(t + 4)) && isDigit(at(t + 5)) && isDigit(at(t + 6))
                && isDigit(at(t + 7))
                && !isDigit(at(t + 8))
        }
        /// `(ddd)` at `open`, with no digit before it.
        func parenthesized(_ open: Int) -> Bool {
            open >= 0 && at(open) == UInt8(ascii: "(") && !isDigit(at(open - 1)) && area(open + 1)
                && at(open + 4) == UInt8(ascii: ")")
        }
        // As the area code: the run starts the match (a run has no digit before it).
        if dashOrDot(start + 3), area(start), rest(start + 4) { return true }
        // As the exchange after `(ddd)` or `(ddd) `.
        guard rest(start) else { return false }
        if at(start - 1) == UInt8(ascii: ")") { return parenthesized(start - 5) }
        return at(start - 1) == UInt8(ascii: " ") && at(start - 2) == UInt8(ascii: ")") && parenthesized(start - 6)
    }

    package static func containsTrunkNumber(_ bytes: Bytes) -> Bool {
        anyRunOfDigits(bytes) { start, _ in isTrunkNumber(bytes, at: start) }
    }

    /// The trunk shape starting at `s`, the start of a run of digits (a match's `0` has no digit before it): `0`, a
    /// digit 1-9 and 1 to 3 more, then a space, `/` or `-`.
    package static func isTrunkNumber(_ bytes: Bytes, at s: Int) -> Bool {
        let n = bytes.count
        func at(_ i: Int) -> UInt8 { i < n ? bytes[i] : 0 }
        func endsClean(_ i: Int) -> Bool { at(i) != UInt8(ascii: ".") && at(i) != UInt8(ascii: ",") }
        guard bytes[s] == UInt8(ascii: "0"), at(s + 1) &- 0x31 < 9 else { return false }
        if s > 0 {
            let b = bytes[s - 1]
            guard !isAlphanumeric(b), b != UInt8(ascii: "."), b != UInt8(ascii: ",") else { return false }
        }
        let r1 = run(bytes, from: s + 2, isDigit)
        let separator = s + 2 + r1
        guard (1...3).contains(r1),
            at(separator) == UInt8(ascii: " ") || at(separator) == UInt8(ascii: "/")
                || at(separator) == UInt8(ascii: "-")
        else { return false }
        let r2 = run(bytes, from: separator + 1, isDigit)
        let after2 = separator + 1 + r2
        if (5...9).contains(r2), endsClean(after2) { return true }
        if (3...4).contains(r2), at(after2) == UInt8(ascii: " ") || at(after2) == UInt8(ascii: "-") {
            let r3 = run(bytes, from: after2 + 1, isDigit)
            if (2...5).contains(r3), endsClean(after2 + 1 + r3) { return true }
        }
        return false
    }

    /// Only digits and `+()-./` or spaces, with 7 or more digits: what a field named like a phone number holds.
    /// Every byte of that class is below 64: one bit of a word each.
    package static func isPhoneLikeValue(_ bytes: Bytes) -> Bool {
        let phoneBytes: UInt64 = 0x03FF_EB01_0000_0000  // 0-9, space, ( ) + - . /
        var digits = 0
        for b in bytes {
            guard b < 64, phoneBytes >> UInt64(b) & 1 != 0 else { return false }
            if b >= 0x30 { digits += 1 }
        }
        return digits >= 7
    }

    // MARK: Published numbers

    /// Up to `limit` digits of a written number from `start` on, as one value and how many were read: the separators
    /// of a written number (space, `(`, `)`, `.`, `-`, `/`) are skipped, any other byte ends it.
    package static func leadingDigits(_ bytes: Bytes, from start: Int, limit: Int) -> (value: Int, count: Int) {
        var value = 0
        var count = 0
        var i = start
        while i < bytes.count, count < limit {
            let b = bytes[i]
            if isDigit(b) {
                value = value &* 10 &+ Int(b &- 0x30)
                count &+= 1
            } else if b != UInt8(ascii: " ") && b != UInt8(ascii: "(") && b != UInt8(ascii: ")")
                && b != UInt8(ascii: ".") && b != UInt8(ascii: "-") && b != UInt8(ascii: "/")
            {
                break
            }
            i &+= 1
        }
        return (value, count)
    }

    /// Whether `digits` (read by `leadingDigits`) start with one of `prefixes`, each a value and its digit count.
    private static func startsWith(_ digits: (value: Int, count: Int), anyOf prefixes: [(Int, Int)]) -> Bool {
        prefixes.contains { prefix, length in
            guard digits.count >= length else { return false }
            var value = digits.value
            for _ in 0..<(digits.count - length) { value /= 10 }
            return value == prefix
        }
    }

    /// Toll-free (freephone) ranges: a number in one of them is a business's published line, paid by the callee,
    /// never a person's. After a `+`: the International Freephone Service (+800, ITU-T E.169.1), North America's
    /// 800/833/844/855/866/877/888 (NANPA), and the national freephone ranges of the UK (800, 808), Germany,
    /// France (800 to 805), Italy, Spain (800, 900), Austria, Switzerland, the Netherlands, Belgium, Ireland (1800)
    /// and Australia (1800).
    private static let tollFreeInternational: [(Int, Int)] = [
        (800, 3), (1800, 4), (1833, 4), (1844, 4), (1855, 4), (1866, 4), (1877, 4), (1888, 4),
        (44800, 5), (44808, 5), (49800, 5), (33800, 5), (33801, 5), (33802, 5), (33803, 5), (33804, 5), (33805, 5),
        (39800, 5), (34800, 5), (34900, 5), (43800, 5), (41800, 5), (31800, 5), (32800, 5), (3_531_800, 7),
        (611800, 6),
    ]
    /// The same ranges written nationally, with the trunk `0`.
    private static let tollFreeTrunk: [(Int, Int)] = [
        (800, 4), (801, 4), (802, 4), (803, 4), (804, 4), (805, 4), (808, 4),
    ]
    private static let tollFreeAreaCodes: [(Int, Int)] = [
        (800, 3), (833, 3), (844, 3), (855, 3), (866, 3), (877, 3), (888, 3),
    ]

    /// The international number at the `+` at `s` is toll-free.
    package static func isTollFreeInternational(_ bytes: Bytes, at s: Int) -> Bool {
        startsWith(leadingDigits(bytes, from: s + 1, limit: 7), anyOf: tollFreeInternational)
    }

    /// The trunk number at `s` (its `0`) is toll-free: 0800, 0808, 0801 to 0805.
    package static func isTollFreeTrunk(_ bytes: Bytes, at s: Int) -> Bool {
        startsWith(leadingDigits(bytes, from: s, limit: 4), anyOf: tollFreeTrunk)
    }

    /// The North American number found around the run of 3 digits at `start` (`isNorthAmericanNumber`) has a
    /// toll-free area code: the run itself when it is the area code, or the `(ddd)` before it when it is the
    /// exchange.
    package static func isTollFreeNorthAmerican(_ bytes: Bytes, run start: Int) -> Bool {
        var area = start
        if start >= 1, bytes[start - 1] == UInt8(ascii: ")") {
            area = start - 4
        } else if start >= 2, bytes[start - 1] == UInt8(ascii: " "), bytes[start - 2] == UInt8(ascii: ")") {
            area = start - 5
        }
        guard area >= 0 else { return false }
        return startsWith(leadingDigits(bytes, from: area, limit: 3), anyOf: tollFreeAreaCodes)
    }

    /// A value of phone digits alone (`isPhoneLikeValue`) that is a toll-free number: `+` and an international
    /// freephone prefix, `00` and one, 1 and a North American toll-free area code, such an area code with 10
    /// digits in all, or a national freephone number with its trunk `0`.
    package static func isTollFreeValue(_ bytes: Bytes) -> Bool {
        var i = 0
        while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "(") { i += 1 }
        guard i < bytes.count else { return false }
        if bytes[i] == UInt8(ascii: "+") { return isTollFreeInternational(bytes, at: i) }
        let all = leadingDigits(bytes, from: i, limit: 16)
        let first = leadingDigits(bytes, from: i, limit: 2)
        if first.value == 0, first.count == 2 {
            // `00` is the international prefix: the digits after it, as after a `+`.
            let after = leadingDigits(bytes, from: i, limit: 9)
            var scale = 1
            for _ in 0..<(after.count - 2) { scale *= 10 }
            return startsWith((after.value % scale, after.count - 2), anyOf: tollFreeInternational)
        }
        if first.value / 10 == 0 { return isTollFreeTrunk(bytes, at: i) }
        if all.count == 11, first.value / 10 == 1 {
            return startsWith(leadingDigits(bytes, from: i, limit: 4), anyOf: tollFreeInternational)
        }
        return all.count == 10 && startsWith(leadingDigits(bytes, from: i, limit: 3), anyOf: tollFreeAreaCodes)
    }

    // MARK: Times

    /// The whole text is `(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})`
    /// in ASCII digits (RFC 3339 is ASCII), with month 1-12, day 1-31, hour < 24, minute < 60, second <= 60.
    package static func isRFC3339Timestamp(_ bytes: Bytes) -> Bool {
        let n = bytes.count
        func at(_ i: Int) -> UInt8 { i < n ? bytes[i] : 0 }
        func number(_ i: Int, _ count: Int) -> Int? {
            var value = 0
            for k in i..<(i + count) {
                guard isDigit(at(k)) else { return nil }
                value = value * 10 + Int(at(k) - 0x30)
            }
            return value
        }
        guard number(0, 4) != nil, at(4) == UInt8(ascii: "-"), let month = number(5, 2), at(7) == UInt8(ascii: "-"),
            let day = number(8, 2),
            at(10) | 0x20 == UInt8(ascii: "t"), let hour = number(11, 2), at(13) == UInt8(ascii: ":"),
            let minute = number(14, 2),
            at(16) == UInt8(ascii: ":"), let second = number(17, 2)
        else { return false }
        var i = 19
        if at(i) == UInt8(ascii: ".") {
            let fraction = run(bytes, from: i + 1, isDigit)
            guard (1...9).contains(fraction) else { return false }
            i += 1 + fraction
        }
        if at(i) | 0x20 == UInt8(ascii: "z") {
            i += 1
        } else if at(i) == UInt8(ascii: "+") || at(i) == UInt8(ascii: "-"), number(i + 1, 2) != nil,
            at(i + 3) == UInt8(ascii: ":"),
            number(i + 4, 2) != nil
        {
            i += 6
        } else {
            return false
        }
        return i == n && (1...12).contains(month) && (1...31).contains(day) && hour < 24 && minute < 60 && second <= 60
    }
}
