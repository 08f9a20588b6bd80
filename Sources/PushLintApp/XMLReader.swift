/// A small XML reader for manifests, resource files and property lists: elements with their attributes, text, and
/// lines. It never fails: comments, processing instructions and DOCTYPE are skipped, CDATA is text, and a document
/// that breaks off ends the events where it breaks (the reader says so in `isComplete`).
struct XMLReader {
    struct Attribute: Sendable {
        var name: String
        var value: String
        var line: Int
    }

    enum Event: Sendable {
        case start(name: String, attributes: [Attribute], selfClosing: Bool, line: Int)
        case end(name: String, line: Int)
        case text(String, line: Int)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var line = 1
    var events: [Event] = []
    var isComplete = true

    /// The events of a document, and whether it was read to its end without a malformed tag.
    static func events(_ bytes: [UInt8]) -> (events: [Event], isComplete: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = XMLReader(bytes: buffer)
            reader.run()
            return (reader.events, reader.isComplete)
        }
    }

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func byte(_ at: Int) -> UInt8 { at < bytes.count ? bytes[at] : 0 }

    func starts(with text: StaticString, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for k in 0..<count where bytes[offset + k] != text.utf8Start[k] { return false }
        return true
    }

    /// Advances past `terminator`, counting lines; false when the document ends first.
    mutating func skip(past terminator: StaticString) -> Bool {
        while i < bytes.count {
            if starts(with: terminator, at: i) {
                i += terminator.utf8CodeUnitCount
                return true
            }
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
        return false
    }

    mutating func run() {
        var textLine = 1
        var text: [UInt8] = []
        func flush(_ reader: inout XMLReader) {
            if !text.isEmpty {
                reader.events.append(.text(XMLReader.decode(text[...]), line: textLine))
                text.removeAll(keepingCapacity: true)
            }
        }
        while i < bytes.count {
            let c = bytes[i]
            if c != UInt8(ascii: "<") {
                if text.isEmpty { textLine = line }
                if c == 0x0A { line += 1 }
                text.append(c)
                i += 1
                continue
            }
            if starts(with: "<!--", at: i) {
                i += 4
                if !skip(past: "-->") { isComplete = false }
                continue
            }
            if starts(with: "<![CDATA[", at: i) {
                if text.isEmpty { textLine = line }
                i += 9
                let start = i
                if !skip(past: "]]>") {
                    isComplete = false
                    text.append(contentsOf: bytes[start..<i])
                    break
                }
                // CDATA is text as it stands: escape the ampersands so that decoding gives them back.
                for b in bytes[start..<(i - 3)] {
                    if b == UInt8(ascii: "&") {
                        text.append(contentsOf: Array("&amp;".utf8))
                    } else {
                        text.append(b)
                    }
                }
                continue
            }
            if starts(with: "<?", at: i) {
                i += 2
                if !skip(past: "?>") { isComplete = false }
                continue
            }
            if starts(with: "<!", at: i) {
                // DOCTYPE, with an internal subset in brackets at most one level deep.
                var depth = 0
                i += 2
                while i < bytes.count {
                    let b = bytes[i]
                    if b == 0x0A { line += 1 }
                    i += 1
                    if b == UInt8(ascii: "[") { depth += 1 }
                    if b == UInt8(ascii: "]") { depth = max(0, depth - 1) }
                    if b == UInt8(ascii: ">") && depth == 0 { break }
                }
                continue
            }
            flush(&self)
            guard tag() else {
                isComplete = false
                return
            }
        }
        flush(&self)
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: ":") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b >= 0x80
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    mutating func name() -> String {
        let start = i
        while i < bytes.count && Self.isNameByte(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    mutating func skipSpace() {
        while i < bytes.count && Self.isSpace(bytes[i]) {
            if bytes[i] == 0x0A { line += 1 }
            i += 1
        }
    }

    /// `<name attr="v" …>`, `<name …/>` or `</name>`; false when it is malformed.
    mutating func tag() -> Bool {
        let tagLine = line
        i += 1
        if byte(i) == UInt8(ascii: "/") {
            i += 1
            let tagName = name()
            skipSpace()
            guard !tagName.isEmpty, byte(i) == UInt8(ascii: ">") else { return false }
            i += 1
            events.append(.end(name: tagName, line: tagLine))
            return true
        }
        let tagName = name()
        guard !tagName.isEmpty else { return false }
        var attributes: [Attribute] = []
        while true {
            skipSpace()
            guard i < bytes.count else { return false }
            if bytes[i] == UInt8(ascii: ">") {
                i += 1
                events.append(.start(name: tagName, attributes: attributes, selfClosing: false, line: tagLine))
                return true
            }
            if bytes[i] == UInt8(ascii: "/") && byte(i + 1) == UInt8(ascii: ">") {
                i += 2
                events.append(.start(name: tagName, attributes: attributes, selfClosing: true, line: tagLine))
                return true
            }
            let attributeLine = line
            let attributeName = name()
            guard !attributeName.isEmpty else { return false }
            skipSpace()
            guard byte(i) == UInt8(ascii: "=") else { return false }
            i += 1
            skipSpace()
            let quote = byte(i)
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
            i += 1
            let start = i
            while i < bytes.count && bytes[i] != quote {
                if bytes[i] == 0x0A { line += 1 }
                i += 1
            }
            guard i < bytes.count else { return false }
            attributes.append(
                Attribute(name: attributeName, value: Self.decode(bytes[start..<i]), line: attributeLine))
            i += 1
        }
    }

    /// Character and entity references: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#65;`, `&#x41;`.
    static func decode<C: Collection>(_ raw: C) -> String where C.Element == UInt8 {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        let text = String(decoding: raw, as: UTF8.self)
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            var replacement: String?
            switch entity {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                    replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if entity.hasPrefix("#") {
                    replacement = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let replacement {
                out += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        return out + rest
    }
}
