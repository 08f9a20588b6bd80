import PushLintModel

/// An absolute URL as far as web push needs it: its scheme and, for a hierarchical URL, its host. A small reading of
/// the WHATWG URL syntax, enough to tell what WebKit's declarative parser rejects (a `navigate` it cannot parse as a
/// URL: a relative path, a string with spaces or control characters) and what a push service takes as a VAPID
/// `sub` (a `mailto:` address or an `https:` URL with a host). Bytes only: every value of every payload may pass.
package struct WebURL: Equatable {
    /// Lower-cased.
    package var scheme: String
    /// Lower-cased; nil for a URL without an authority (`mailto:`). For `mailto:` the domain of the address.
    package var host: String?

    /// Longest URL read: Chrome's limit (2 MB); a longer value is no URL a browser opens.
    static let maxLength = 2 * 1024 * 1024

    /// The URL `text` is, or nil when it is no absolute URL: no scheme, a character a URL cannot hold (space,
    /// control, `<`, `>`, `"`, backslash), or a hierarchical scheme (`http`, `https`) without a host.
    package static func parse(_ text: String) -> WebURL? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= maxLength else { return nil }
        // The WHATWG parser trims C0 controls and spaces at both ends and drops tabs and newlines inside; a server
        // that writes them has made a mistake anyway, so they make the URL invalid here.
        for byte in bytes
        where byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
        {
            return nil
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
            ASCIIText.isLetter(bytes[0]),
            bytes[..<colon].allSatisfy({
                ASCIIText.isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            })
        else { return nil }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self).lowercased()
        let rest = bytes[(colon + 1)...]
        if scheme == "mailto" {
            // `mailto:ops@example.com?subject=x`: the domain is after the last `@` of the first address.
            let address = rest.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: ",") }
            guard let at = address.lastIndex(of: UInt8(ascii: "@")), at > address.startIndex,
                at + 1 < address.endIndex
            else { return WebURL(scheme: scheme, host: nil) }
            return WebURL(scheme: scheme, host: String(decoding: address[(at + 1)...], as: UTF8.self).lowercased())
        }
        guard rest.starts(with: "//".utf8) else {
            // Special schemes need an authority; other schemes (`data:`, `tel:`) are opaque and parse as they are.
            return ["http", "https", "ws", "wss", "ftp", "file"].contains(scheme)
                ? nil : WebURL(scheme: scheme, host: nil)
        }
        let afterSlashes = rest.dropFirst(2)
        var authority = afterSlashes.prefix {
            $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
        }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        var host = authority
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = host[...close]
        } else if let portColon = host.firstIndex(of: UInt8(ascii: ":")) {
            let port = host[(portColon + 1)...]
            guard port.count <= 5, port.allSatisfy(ASCIIText.isDigit),
                Int(String(decoding: port, as: UTF8.self)).map({ $0 <= 65535 }) ?? port.isEmpty
            else { return nil }
            host = host[..<portColon]
        }
        if host.isEmpty, scheme != "file" { return nil }
        return WebURL(scheme: scheme, host: String(decoding: host, as: UTF8.self).lowercased())
    }

    /// A host a push service cannot resolve or will not trust as a contact: `localhost`, the names RFC 2606 and
    /// RFC 6761 reserve (`.test`, `.example`, `.invalid`, `.localhost`, `example.com`/`.net`/`.org`), mDNS `.local`,
    /// and IP literals.
    package var isReservedHost: Bool {
        guard let host, !host.isEmpty else { return false }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        if name.hasPrefix("[") { return true }
        if name.utf8.allSatisfy({ ASCIIText.isDigit($0) || $0 == UInt8(ascii: ".") }) { return true }
        if ["localhost", "example.com", "example.net", "example.org"].contains(name) { return true }
        for suffix in [
            ".localhost", ".local", ".test", ".example", ".invalid", ".example.com", ".example.net",
            ".example.org", ".internal",
        ]
        where name.hasSuffix(suffix) {
            return true
        }
        return ["test", "example", "invalid", "local"].contains(name)
    }
}
