import Foundation
import PushLintDetectors
import PushLintEngine
import PushLintJSON
import PushLintModel
import TestSupport
import Testing

@testable import PushLintRules

/// Detector edge cases and options of the payload content rules.
@Suite struct ContentRulesTests {
    static func findings(
        _ rule: String, value: String, key: String = "v", config: String? = nil, contract: String? = nil
    ) throws -> [Diagnostic] {
        let source = #"{"aps": {"alert": "Hello"}, "# + JSONQuote.quote(key) + ": " + JSONQuote.quote(value) + "}"
        return try ExampleLinter.lint(source, config: config, contract: contract).allDiagnostics.filter {
            $0.ruleId == rule
        }
    }

    @Test(arguments: [
        ("anna.mueller@gmail.com", "v"), ("Call me: +49 221 1234567", "v"), ("+1 (415) 555-0132", "v"),
        ("(415) 555-0132", "v"),
        ("0221 1234567", "v"), ("07700 900123", "v"), ("4111 1111 1111 1111", "v"), ("378282246310005", "v"),
        ("Bearer abcdefghijklmnopqrstuvwxyz012345", "v"), ("AKIAIOSFODNN7EXAMPLE", "v"),
        ("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abc", "v"), ("s3cr3t", "client_secret"),
        ("hunter2", "userPassword"),
        ("k7Qp2Vx9Lm4Zr8Tn3Wb6Yc1Hd5Jf0Gs2", "x-api-key"), ("k7Qp2Vx9Lm4Zr8Tn3Wb6Yc1Hd5Jf0Gs2", "authSignature"),
        ("0170 1234567", "mobile"), ("abcdEFGH1234", "reset_token"),
        // Separators inside a word: the words join to `password` and `privatekey`.
        ("hunter2", "pa_ssword"), ("hunter2", "priv_ate_k-ey"), ("hunter2", "PASS.WORD"),
        // Each name hint the key filter looks for (pas, pwd, secret, sig, key, cred, token, auth, hmac).
        ("hunter2", "db_pwd"), ("s3cr3t", "userCredential"), ("k7Qp2Vx9Lm4Zr8Tn3Wb6Yc1Hd5Jf0Gs2", "hmac"),
        ("k7Qp2Vx9Lm4Zr8Tn3Wb6Yc1Hd5Jf0Gs2", "request_sig"), ("k7Qp2Vx9Lm4Zr8Tn3Wb6Yc1Hd5Jf0Gs2", "Authorization"),
        ("bearer abcdefghijklmnopqrstuvwxyz012345", "v"), ("BEARER abcdefghijklmnopqrstuvwxyz012345", "v"),
        // Every vendor key prefix, alone, after text, and before text (the scan looks for their literal parts).
        ("AIzaSyD4kQ9xV2mN7bL1pR8sT3wY6zC0eF5gH2j", "v"), ("key: AIzaSyD4kQ9xV2mN7bL1pR8sT3wY6zC0eF5gH2j ok", "v"),
        ("sk_live_4eC39HqLyjWDarjtT1zdp7dc", "v"), ("use rk_live_4eC39HqLyjWDarjtT1zdp7dc now", "v"),
        ("ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "v"), ("token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789.", "v"),
        ("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCD", "v"),
        ("xoxb-1234567890-abcdefghij", "v"), ("slack xoxp-1234567890-abcdefghij done", "v"),
        ("see AKIAIOSFODNN7EXAMPLE", "v"), ("jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abc", "v"),
        ("-----BEGIN RSA PRIVATE KEY-----MIIEpAIBAAKCAQEA", "v"),
        // Each phone shape, inside text.
        ("Ruf an: 030/12345678 (Zentrale)", "v"), ("call 415.555.0132 today", "v"), ("Tel. +33 1 23 45 67 89", "v"),
        ("4111-1111-1111-1111", "v"),
        // Precision must not cost recall: a person's number beside a toll-free one, a personal address beside a
        // role mailbox, an id under a password's name, a random key with slashes under a key-like name.
        ("Call +1 415 555 0132 or 1-800-555-0199", "v"), ("support@example.com cc anna.mueller@gmail.com", "v"),
        ("9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", "password"), ("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_key"),
        ("anna.support@gmail.com", "v"), ("+49 30 12345678", "hotline"),
    ])
    func sensitiveValuesAreReported(_ value: String, _ key: String) throws {
        #expect(try Self.findings("payload-sensitive-data", value: value, key: key).count == 1, "\(key): \(value)")
    }

    @Test(arguments: [
        ("48213", "order_id"), ("ord.48213.v7", "cursor"), ("9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", "call_id"),
        ("2025-11-28T18:42:10+01:00", "placed_at"), ("1764400000", "timestamp"), ("1764400000123", "sent_ms"),
        ("312,85 €", "total"), ("JJD-4KX7-2291-RT", "trackingNumber"), ("50674", "postalCode"),
        ("Lindenstraße 12, 50674 Köln", "street"), ("https://shop.example.com/orders/48213?utm=push", "link"),
        ("support@example.com", "contact"), ("noreply@example.com", "from_address"),
        ("eyJvZmZzZXQiOjEwMCwibGltaXQiOjIwfQ", "next_page_token"),
        ("bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "device_token"),
        ("80c3a2e5d1f64b9e8a7d2c1b0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f10", "activity_push_token"),
        ("4111111111111112", "order_number"), ("1234 5678 9012 3456", "v"), ("Version 2.3.1 (build 4471)", "v"),
        ("***", "password"), ("", "secret"), ("true", "has_password"),
        ("https://shop.example.com/reset", "password_reset_url"),
        ("2–3 Tagen, Packstation 114", "v"), ("Wassersäule 20.000 mm, 0,75 L", "v"), ("Rufen Sie 110 an", "v"),
        ("sku-100482-blue-m", "api_version"), ("chat.t-5521.m-90817", "key"),
        // Numbers real payloads carry: order numbers, tracking codes, ids, prices, epoch milliseconds, versions.
        ("ORD-2026-00481234", "order_number"), ("1Z999AA10123456784", "tracking"),
        ("JJD000390007880123456", "tracking"),
        ("usr_184467440737", "customer_id"), ("€1.299,00", "total"), ("2026-11-29 18:42:10.123+01:00", "placed_at"),
        ("https://example.com/track?id=4111111111111111&ts=1764400000123", "link"), ("Gate B32, boarding 18:05", "v"),
        // Identifiers are not secrets by their key's name alone (issue 28): UUIDs and digests under key-like names.
        ("9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", "idempotency_key"),
        ("9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D", "cache_key"),
        ("5d41402abc4b2a76b9719d911017c592", "content_key"), ("9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", "access_key"),
        ("2c26b46b68ffc68ff99b453c1d30413425d706a0f8f8e5d7f4c5c1b8e1a9d0f2", "signature"),
        ("aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d", "session_token"),
        // Object paths (an S3 key) under key-like names.
        ("exports/2026-11/Orders-48213-k7Qp2Vx9Lm4Zr8Tn.csv", "key"),
        ("uploads/users/48213/avatar-5f2c9a8e1b7d4c3a.png", "s3_key"),
        ("keys/prod/push-48213-k7qp2vx9lm4zr8tn", "api_key"),
        // Published toll-free numbers are a business's line, not a person's.
        ("Questions? Call 1-800-555-0199", "v"), ("+1 (888) 555-0123", "v"), ("Call (877) 555-0142 today", "v"),
        ("Hotline: 0800 123 4567", "v"), ("+44 800 123 4567", "v"), ("+800 1234 5678", "v"),
        ("1-800-555-0199", "support_phone"), ("08001234567", "phone"), ("+49 800 1234567", "hotline"),
        // Role mailboxes: the addresses a business publishes and sends from.
        ("orders@shop.example.com", "v"), ("billing@example.com", "reply_to"),
        ("Questions? billing@example.com or sales@example.com", "v"), ("no-reply@example.com", "from"),
        ("customer.care@example.com", "v"), ("support+ticket-4821@example.com", "v"), ("do_not_reply@example.com", "v"),
    ])
    func ordinaryValuesAreNotReported(_ value: String, _ key: String) throws {
        let found = try Self.findings("payload-sensitive-data", value: value, key: key)
        #expect(found.isEmpty, "\(key): \(value) -> \(found.map(\.message))")
    }

    @Test(arguments: [
        ("apiKey", ["api", "key"]), ("api_key", ["api", "key"]), ("X-API-Key", ["x", "api", "key"]),
        ("PASS.WORD", ["pass", "word"]), ("access__token ", ["access", "token"]), ("v2Token", ["v2", "token"]),
        ("", []), ("_", []), ("ÜberKey", ["über", "key"]), ("straßeName", ["straße", "name"]),
        ("ÄPFEL_key", ["äpfel", "key"]),
    ])
    func keysSplitIntoLowerCaseWords(_ key: String, _ words: [String]) {
        // ASCII keys take a byte path; the others the Unicode one: both split and lower-case alike.
        #expect(TextDetectors.words(key) == words)
    }

    /// The byte search that settles most key names must say yes exactly when the name without separators, in
    /// lower case, holds a hint (or is not ASCII): checked against that definition on generated names, hints at
    /// every position, split by separators and in any letter case.
    @Test func keyNamesAreSettledByTheirHints() {
        let hints = ["pas", "pwd", "secret", "sig", "key", "cred", "token", "auth", "hmac"]
        func reference(_ name: String) -> Bool {
            guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return true }
            let joined = String(name.lowercased().filter { !"_-. ".contains($0) })
            return hints.contains { joined.contains($0) }
        }
        var names = [
            "", "_", "title", "order_id", "pa_ssword", "P-W-D", "Secret", "secre", "ecret", "x.sig", "si g",
            "KEY", "ke", "cre d", "tokenized", "toke", "Auth", "hmaC", "päss", "sekret", "monkey", "passport",
        ]
        // Names of pieces: hints, hints cut by a separator, near misses, other words, separators; in mixed case.
        let pieces =
            hints + [
                "pa_s", "p.wd", "sec-ret", "s i", "ke.y", "cr_ed", "tok en", "au-th", "hm.ac", "pa", "wd", "secre",
                "ecret", "si", "ke", "cre", "toke", "aut", "hma", "order", "id", "x", "_", "-", ".", " ",
            ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<4000 {
            let name = (0...next(4)).map { _ in pieces[next(pieces.count)] }.joined()
            names.append(String(name.map { next(3) == 0 ? Character($0.uppercased()) : $0 }))
        }
        for name in names {
            #expect(
                name.withUTF8Bytes { TextDetectors.nameHints($0).contains(.secretOrKeyLike) } == reference(name),
                "\(name)")
        }
        #expect(names.filter(reference).count > 1000, "the generated names hit the hints")
        #expect(names.filter { !reference($0) }.count > 500, "and miss them")
    }

    /// The byte search may only pass over names the word tests would not report: every word they look for holds
    /// a hint, and names they call a secret or key-like are never settled by it.
    @Test func everyNameTheWordTestsReportHoldsAHint() {
        let names = TextDetectors.SecretNames.self
        let words = names.lastWords.union(names.wholeNames).union(names.keyLikeWords).union(["key", "token"])
        for word in words {
            #expect(word.withUTF8Bytes { TextDetectors.nameHints($0).contains(.secretOrKeyLike) }, "\(word)")
        }
        for qualifier in names.keyQualifiers {
            for name in ["\(qualifier)_key", "\(qualifier.capitalized)Key", "x-\(qualifier)-key"] {
                let nature = TextDetectors.nameNature(name)
                #expect(nature.isSecret, "\(name)")
                #expect(name.withUTF8Bytes { TextDetectors.nameHints($0).contains(.secretOrKeyLike) }, "\(name)")
            }
        }
    }

    /// The name tests on a key's bytes answer as the ones on its words: generated names of hint words, flag words,
    /// qualifiers and reference words, in any case and with any separator, and a few non-ASCII ones.
    @Test func keyNamesOnTheirBytesAnswerAsTheirWords() {
        let pieces = [
            "password", "Pass", "word", "pwd", "secret", "Secret", "api", "API", "key", "Key", "token", "Token",
            "access", "private", "signing", "client", "has", "is", "page", "next", "push", "device", "auth", "hmac",
            "sig", "signature", "credential", "credentials", "phone", "Mobile", "msisdn", "tel", "cell", "order", "id",
            "v2", "x", "_", "-", ".", " ", "__", "Ü", "ß",
        ]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var secrets = 0
        var keyLike = 0
        var phones = 0
        for _ in 0..<4000 {
            let name = (0...next(4)).map { _ in pieces[next(pieces.count)] }.joined()
            let words = Set(TextDetectors.words(name))
            let expected = TextDetectors.nameNature(name)
            let nature = name.withUTF8Bytes(TextDetectors.nameNature)
            #expect(nature.isSecret == expected.isSecret && nature.isKeyLike == expected.isKeyLike, "\(name)")
            let isPhone = !words.isDisjoint(with: TextDetectors.phoneWords)
            #expect(name.withUTF8Bytes(TextDetectors.isPhoneKey) == isPhone, "\(name)")
            // The hint search that settles most keys passes over none that the word tests would report.
            let hints = name.withUTF8Bytes(TextDetectors.nameHints)
            if isPhone { #expect(hints.contains(.phone), "\(name)") }
            if expected.isSecret || expected.isKeyLike { #expect(hints.contains(.secretOrKeyLike), "\(name)") }
            if expected.isSecret { secrets += 1 }
            if expected.isKeyLike { keyLike += 1 }
            if isPhone { phones += 1 }
        }
        #expect(secrets > 200 && keyLike > 200 && phones > 200, "\(secrets) \(keyLike) \(phones)")
    }

    /// Each phone hint is found in a key's joined lower-case bytes, in any case and cut by separators; keys
    /// without one are not hinted.
    @Test func phoneHintsAreFoundInKeyNames() {
        for hint in TextDetectors.phoneHints {
            let cut = String(hint.prefix(1)) + "_" + String(hint.dropFirst())
            for name in [hint, hint.uppercased(), "x" + hint + "y", "customer." + cut] {
                #expect(name.withUTF8Bytes(TextDetectors.nameHints).contains(.phone), "\(name)")
            }
        }
        for name in ["placed_at", "order_number", "te", "cel", "phon", "mobil", "msisd", "title", "body"] {
            #expect(!name.withUTF8Bytes(TextDetectors.nameHints).contains(.phone), "\(name)")
        }
    }

    /// Each secret hint is found in a key's joined lower-case bytes, in any case and cut by separators, and the
    /// window's literals are the hints' bytes.
    @Test func secretHintsAreFoundInKeyNames() {
        for hint in TextDetectors.secretHints {
            let cut = String(hint.prefix(1)) + "-" + String(hint.dropFirst())
            for name in [hint, hint.uppercased(), "x" + hint + "y", "client." + cut] {
                #expect(name.withUTF8Bytes(TextDetectors.nameHints).contains(.secretOrKeyLike), "\(name)")
            }
        }
        func word(_ text: String) -> UInt64 { text.utf8.reduce(0) { $0 << 8 | UInt64($1) } }
        typealias Hint = TextDetectors.Hint
        #expect(
            [Hint.pas, Hint.pwd, Hint.secret, Hint.sig, Hint.key, Hint.cred, Hint.token, Hint.auth, Hint.hmac]
                == TextDetectors.secretHints.map(word))
        #expect([Hint.tel, Hint.cell, Hint.phone, Hint.mobile, Hint.msisdn] == TextDetectors.phoneHints.map(word))
        for name in ["title", "body", "order_id", "placed_at", "cursor", "image_url", "pa", "secre", "toke"] {
            #expect(name.withUTF8Bytes(TextDetectors.nameHints).isEmpty, "\(name)")
        }
    }

    /// The token test on bytes answers as the one on the text, at its length and alphabet edges.
    @Test func highEntropyTokensOnTheirBytes() {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+/=:".utf8)
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var texts = [
            "k7Qp2Vx9Lm4Zr8Tn3Wb6Yc1Hd5Jf0Gs2", "aaaaaaaaaaaaaaaaaaaa1", "k7Qp2Vx9Lm4Zr8Tn3Wb6 Yc",
            "k7Qp2Vx9Lm4Zr8Tn3Wé6",
        ]
        for _ in 0..<2000 {
            let length = [19, 20, 21, 32, 512, 513][next(6)]
            let spread = 2 + next(alphabet.count - 2)
            texts.append(String(decoding: (0..<length).map { _ in alphabet[next(spread)] }, as: UTF8.self))
        }
        var hits = 0
        for text in texts {
            let expected = TextDetectors.isHighEntropyToken(text)
            if expected { hits += 1 }
            #expect(text.withUTF8Bytes(TextDetectors.isHighEntropyToken) == expected, "\(text)")
        }
        #expect(hits > 100 && hits < texts.count - 100, "\(hits)")
    }

    @Test func placeholdersAndTargetsAreNeverReported() throws {
        let template =
            #"{"message": {"token": "{{token}}", "data": {"email": "{{email}}", "password": "{{password}}"}}}"#
        let report = try ExampleLinter.lint(template, fileName: "t.json.tmpl")
        #expect(report.allDiagnostics.filter { $0.ruleId == "payload-sensitive-data" }.isEmpty)
        let expo = #"{"to": "ExponentPushToken[k7Qp2Vx9Lm4Zr8Tn3Wb6Yc]", "title": "Hi"}"#
        #expect(try ExampleLinter.lint(expo).allDiagnostics.filter { $0.ruleId == "payload-sensitive-data" }.isEmpty)
    }

    @Test func dataNotLinkHonoursMaxStringBytes() throws {
        let text = String(repeating: "a", count: 300)
        #expect(try Self.findings("payload-data-not-link", value: text).isEmpty)
        let config = #"{"options": {"payload-data-not-link": {"maxStringBytes": 256}}}"#
        let found = try Self.findings("payload-data-not-link", value: text, config: config)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("300-byte string") == true)
        #expect(found.first?.message.contains("302 wire bytes") == true)
    }

    /// In a template, a long string that holds a placeholder renders to something unknown: no finding. The same
    /// string without one is content.
    @Test func dataNotLinkSkipsTemplatedStrings() throws {
        let long = String(repeating: "a", count: 600)
        let templated = #"{"aps": {"alert": "Hi"}, "note": "\#(long) {{name}}"}"#
        let lint = { (source: String) in
            try ExampleLinter.lint(source, fileName: "t.json.tmpl").allDiagnostics.filter {
                $0.ruleId == "payload-data-not-link"
            }
        }
        #expect(try lint(templated).isEmpty)
        #expect(try lint(#"{"aps": {"alert": "Hi"}, "note": "\#(long) name"}"#).map(\.pointer) == ["/note"])
    }

    @Test func dataNotLinkHonoursMaxDepth() throws {
        let deep = #"{"aps": {"alert": "x"}, "a": {"b": {"c": {"d": {"e": 1}}}}}"#
        let found = try ExampleLinter.lint(deep).allDiagnostics.filter { $0.ruleId == "payload-data-not-link" }
        #expect(found.map(\.pointer) == ["/a/b/c/d"])
        let relaxed = try ExampleLinter.lint(deep, config: #"{"options": {"payload-data-not-link": {"maxDepth": 4}}}"#)
        #expect(relaxed.allDiagnostics.filter { $0.ruleId == "payload-data-not-link" }.isEmpty)
    }

    @Test func dataNotLinkFindsBlobsAndNumbers() throws {
        let blob = String(repeating: "QUJDRGVmZ2hpams0NTY3", count: 14)
        #expect(try Self.findings("payload-data-not-link", value: blob).first?.message.contains("base64") == true)
        #expect(try Self.findings("payload-data-not-link", value: blob, key: "cursor").isEmpty)
        let numbers = "[" + (0..<40).map(String.init).joined(separator: ",") + "]"
        let report = try ExampleLinter.lint(#"{"aps": {"alert": "x"}, "samples": "# + numbers + "}")
        #expect(
            report.allDiagnostics.filter { $0.ruleId == "payload-data-not-link" }.first?.message.contains("40 numbers")
                == true)
        let long = "https://cdn.example.com/signed/" + String(repeating: "x", count: 700)
        #expect(try Self.findings("payload-data-not-link", value: long).isEmpty)
    }

    /// A record with its line items, stringified into one value, is content at any size (issue 28): the shape is
    /// judged, not only the size; a stringified list of ids and a small bundle of ids are references.
    @Test func stringifiedRecordWithLineItemsIsContentAtAnySize() throws {
        let order =
            #"{"id":"48213","items":[{"sku":"SKU-100482","qty":1},{"sku":"SKU-100517","qty":2},{"sku":"SKU-9","qty":1}]}"#
        #expect(order.utf8.count < 256)
        let found = try Self.findings("payload-data-not-link", value: order, key: "order")
        #expect(found.count == 1)
        #expect(found.first?.message.contains("a stringified record with a list of 3 items") == true)
        let roomy = #"{"options": {"payload-data-not-link": {"maxStructuredBytes": 4096}}}"#
        #expect(try Self.findings("payload-data-not-link", value: order, key: "order", config: roomy).count == 1)
        let tiny = #"[{"sku":"A","qty":1},{"sku":"B","qty":2}]"#
        #expect(try Self.findings("payload-data-not-link", value: tiny, key: "items").count == 1)
        for references in [
            #"[{"id":"u-1"},{"id":"u-2"},{"user_id":"u-3"}]"#, #"{"order_id":"1042","ids":[1,2,3],"cursor":"c_81"}"#,
            #"{"id":"48213","items":[{"sku":"SKU-100482","qty":1}]}"#, "{not json at all}",
        ] {
            #expect(try Self.findings("payload-data-not-link", value: references).isEmpty, "\(references)")
        }
    }

    /// payload-data-not-link judges size and purpose: small reference bundles and action buttons are not content.
    static func dataNotLink(_ source: String, config: String? = nil) throws -> [String] {
        try ExampleLinter.lint(source, config: config).allDiagnostics.filter { $0.ruleId == "payload-data-not-link" }
            .map { $0.pointer ?? "-" }
    }

    static func buttons(_ count: Int, extra: String = "") -> String {
        "["
            + (0..<count).map {
                #"{"action": "a\#($0)", "title": "Button number \#($0)", "icon": "https://cdn.example.com/icons/\#($0).png"\#(extra)}"#
            }.joined(separator: ", ") + "]"
    }

    @Test func dataNotLinkLetsSmallReferenceBundlesPass() throws {
        for bundle in [
            #"{"order_id":"1042","ids":[1,2,3]}"#,
            #"{"order_id":"1042","shipment_ids":["s-77","s-78"],"ids":[1,2,3],"cursor":"c_81","v":2}"#,
        ] {
            #expect(try Self.findings("payload-data-not-link", value: bundle).isEmpty, "\(bundle)")
            let fcm = #"{"message": {"token": "t", "data": {"refs": "# + JSONQuote.quote(bundle) + "}}}"
            #expect(try Self.dataNotLink(fcm).isEmpty)
        }
        // The threshold is an option: at 64 bytes the 80-byte bundle is content.
        let bundle = #"{"order_id":"1042","shipment_ids":["s-77","s-78"],"ids":[1,2,3],"cursor":"c_81"}"#
        let found = try Self.findings(
            "payload-data-not-link", value: bundle,
            config: #"{"options": {"payload-data-not-link": {"maxStructuredBytes": 64}}}"#)
        #expect(found.first?.message.contains("stringified JSON of 80 bytes") == true)
    }

    @Test func dataNotLinkReportsLargeStructuredContent() throws {
        let records =
            "["
            + (0..<5).map { #"{"sku": "SKU-10048\#($0)", "name": "Trail runner, blue, 4\#($0)", "qty": 1}"# }.joined(
                separator: ", ") + "]"
        #expect(try Self.dataNotLink(#"{"aps": {"alert": "x"}, "items": "# + records + "}") == ["/items"])
        let small = #"[{"sku": "SKU-1", "qty": 1}, {"sku": "SKU-2", "qty": 2}]"#
        #expect(
            try Self.dataNotLink(#"{"aps": {"alert": "x"}, "items": "# + small + "}").isEmpty,
            "50 bytes of records are references")
        let stringified = try Self.findings("payload-data-not-link", value: records)
        #expect(stringified.first?.message.contains("stringified JSON") == true)
    }

    @Test func dataNotLinkNeverReportsActionButtons() throws {
        let buttons = Self.buttons(6)
        #expect(buttons.utf8.count > 512, "over every threshold")
        #expect(try Self.findings("payload-data-not-link", value: buttons, key: "actions").isEmpty, "stringified")
        #expect(
            try Self.dataNotLink(#"{"aps": {"alert": "x"}, "actions": "# + buttons + "}").isEmpty, "APNs custom key")
        #expect(
            try Self.dataNotLink(#"{"message": {"token": "t", "data": {"actions": "# + JSONQuote.quote(buttons) + "}}}")
                .isEmpty, "FCM data")
        let expo =
            #"{"to": "ExponentPushToken[N1Xk3vQ9bY2mT7pLd4sR8w]", "title": "Hi", "data": {"buttons": "# + buttons + "}}"
        #expect(try Self.dataNotLink(expo).isEmpty, "Expo data")
        let category =
            #"[{"identifier": "reply", "buttonTitle": "Reply", "textInput": {"submitButtonTitle": "Send", "placeholder": "Message"}, "options": {"opensAppToForeground": false}}, {"identifier": "read", "buttonTitle": "Mark as read", "options": {"opensAppToForeground": false, "isDestructive": false}}, {"identifier": "mute", "buttonTitle": "Mute", "options": {"isDestructive": true}}]"#
        #expect(
            try Self.dataNotLink(#"{"aps": {"alert": "x"}, "buttons": "# + category + "}").isEmpty,
            "Expo category shape")
        // Not buttons: a record among them, or buttons that carry content fields.
        let mixed = Self.buttons(4, extra: #", "price": "12.50""#)
        #expect(try Self.dataNotLink(#"{"aps": {"alert": "x"}, "actions": "# + mixed + "}") == ["/actions"])
        let noLabel =
            "["
            + (0..<6).map { #"{"action": "a\#($0)", "icon": "https://cdn.example.com/icons/\#($0).png"}"# }.joined(
                separator: ", ") + "]"
        #expect(try Self.dataNotLink(#"{"aps": {"alert": "x"}, "actions": "# + noLabel + "}") == ["/actions"])
    }

    @Test(arguments: [
        (#"[{"action": "accept", "title": "Accept", "icon": "/i/a.png"}]"#, true),
        (
            #"[{"identifier": "reply", "buttonTitle": "Reply", "textInput": {"submitButtonTitle": "Send"}, "options": {"isDestructive": false}}]"#,
            true
        ),
        (#"[{"id": "open", "text": "Open", "url": "https://example.com"}, {"id": "later", "text": "Later"}]"#, true),
        (#"[{"key": "reply", "label": "Reply", "actionType": "Default"}]"#, true),
        (#"[{"title": "Reply", "pressAction": {"id": "reply"}, "input": true}]"#, true),
        (#"[{"action": "accept", "title": "Accept"}, {"sku": "SKU-1", "qty": 1}]"#, false),
        (#"[{"action": "accept", "title": "Accept", "price": "12.50"}]"#, false),
        (#"[{"title": "Reply"}]"#, false),
        (#"[{"id": "1042"}]"#, false),
        (#"{"action": "accept", "title": "Accept"}"#, false),
        ("[]", false),
    ])
    func actionButtonShapes(_ json: String, _ isButtons: Bool) throws {
        let doc = try #require(JSONParser.parse(json).document)
        #expect(ActionButtons.are(doc.root, in: doc) == isButtons, "\(json)")
    }

    /// One mistake, one finding: payload-size and fcm-data-string-values report these, this rule stays silent.
    @Test func dataNotLinkDoesNotPileOntoFormatFindings() throws {
        let text = String(repeating: "Lorem ipsum dolor sit amet. ", count: 150)
        let over = #"{"aps": {"alert": "x"}, "text": "# + JSONQuote.quote(text) + "}"
        let report = try ExampleLinter.lint(over)
        #expect(report.allDiagnostics.map(\.ruleId).contains("payload-size"))
        #expect(report.allDiagnostics.filter { $0.ruleId == "payload-data-not-link" }.isEmpty)
        let under = #"{"aps": {"alert": "x"}, "text": "# + JSONQuote.quote(String(text.prefix(1000))) + "}"
        #expect(try Self.dataNotLink(under) == ["/text"])
        let records =
            "["
            + (0..<5).map { #"{"sku": "SKU-10048\#($0)", "name": "Trail runner, blue, 4\#($0)", "qty": 1}"# }.joined(
                separator: ", ") + "]"
        let fcm = try ExampleLinter.lint(#"{"message": {"token": "t", "data": {"items": "# + records + "}}}")
        #expect(fcm.allDiagnostics.map(\.ruleId).contains("fcm-data-string-values"))
        #expect(fcm.allDiagnostics.filter { $0.ruleId == "payload-data-not-link" }.isEmpty)
    }

    @Test func linksAreCheckedAgainstTheContract() throws {
        let contract = #"{"links": {"schemes": ["https", "shop"], "hosts": ["example.com", "*.example.com"]}}"#
        func count(_ link: String, key: String = "url") throws -> Int {
            try Self.findings("payload-link", value: link, key: key, contract: contract).count
        }
        #expect(try count("https://example.com/a") == 0)
        #expect(try count("https://m.shop.example.com:8443/a") == 0)
        #expect(try count("https://evil-example.com/a") == 1)
        #expect(try count("https://example.com.evil.net/a") == 1)
        #expect(try count("http://example.com/a") == 1)
        #expect(try count("shop://orders/1", key: "deep_link") == 0)
        #expect(try count("mailto:a@example.com", key: "note") == 0)
        #expect(try count("/orders/1") == 0)
        let click =
            #"{"message": {"token": "t", "notification": {"title": "x"}, "android": {"notification": {"click_action": "http://example.com/x"}}}}"#
        #expect(
            try ExampleLinter.lint(click, contract: contract).allDiagnostics.filter { $0.ruleId == "payload-link" }
                .count == 1)
    }
}

enum JSONQuote {
    static func quote(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(s)
            }
        }
        return out + "\""
    }
}
