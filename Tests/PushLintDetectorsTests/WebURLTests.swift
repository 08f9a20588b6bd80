import PushLintDetectors
import Testing

/// The URL reading web push rules use (navigate, a VAPID subject): hostile text gives nil or a URL, never a crash.
@Suite struct WebURLTests {
    @Test(arguments: [
        ("https://email.example/message/12", "https", "email.example"),
        ("HTTPS://Example.COM:8443/a?b#c", "https", "example.com"),
        ("http://user:pw@example.com/", "http", "example.com"),
        ("https://[::1]:443/", "https", "[::1]"),
        ("mailto:ops@example.com", "mailto", "example.com"),
        ("mailto:ops@Shop.Example.com?subject=push", "mailto", "shop.example.com"),
    ])
    func absoluteURLs(_ text: String, _ scheme: String, _ host: String) {
        let url = WebURL.parse(text)
        #expect(url?.scheme == scheme, "\(text)")
        #expect(url?.host == host, "\(text)")
    }

    @Test(arguments: [
        "", "/message/12", "message/12", "https://", "https:///path", "http:example.com", "https://exa mple.com/",
        "https://example.com/\n", " https://example.com/", "1https://x", "://x", "https://example.com:99999/",
        "https://[::1/", "https://a\\b", String(repeating: "a", count: 10_000),
        "https://" + String(repeating: "a", count: 3 << 20) + ".com/",
    ])
    func notURLs(_ text: String) {
        #expect(WebURL.parse(text) == nil, "\(text.prefix(40))")
    }

    @Test(arguments: [
        ("mailto:admin@localhost", true), ("https://localhost", true), ("mailto:a@push.local", true),
        ("mailto:a@shop.invalid", true), ("mailto:a@example.com", true), ("https://127.0.0.1/", true),
        ("https://[::1]/", true), ("mailto:ops@shop.example.org", true), ("mailto:ops@mycompany.com", false),
        ("https://push.mycompany.com/contact", false), ("mailto:ops@example.company", false),
    ])
    func reservedHosts(_ text: String, _ reserved: Bool) {
        #expect(WebURL.parse(text)?.isReservedHost == reserved, "\(text)")
    }

    /// Arbitrary bytes, as a fuzzer would give them: any answer but a crash.
    @Test func hostileBytesDoNotCrash() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(seed % 40) {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(
                    [
                        UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "@"), UInt8(ascii: "["),
                        UInt8(ascii: "]"), UInt8(ascii: "h"), UInt8(ascii: "m"), 0xC3, 0xA9, UInt8(seed >> 56),
                    ][Int(seed >> 60) % 10])
            }
            let text = String(decoding: bytes, as: UTF8.self)
            if let url = WebURL.parse(text) { _ = url.isReservedHost }
        }
    }
}
