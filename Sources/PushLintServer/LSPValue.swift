import PushLintJSON

/// A JSON-RPC value: what the server reads from a message and writes into one. Parsed with PushLintJSON's parser,
/// written by `bytes` (compact, members in the order given).
public indirect enum LSPValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LSPValue])
    case object([(String, LSPValue)])

    public static func == (a: LSPValue, b: LSPValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public static func int(_ n: Int) -> LSPValue { .number(Double(n)) }

    public subscript(key: String) -> LSPValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var intValue: Int? {
        guard case .number(let d) = self, d.rounded() == d, abs(d) < 9e15 else { return nil }
        return Int(d)
    }
    public var arrayValue: [LSPValue]? { if case .array(let a) = self { return a } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    public var isObject: Bool { if case .object = self { return true } else { return false } }

    /// Parses one JSON text (a message body); nil when it is not JSON.
    public static func parse(_ bytes: [UInt8]) -> LSPValue? {
        let result = JSONParser.parse(bytes, options: JSONParseOptions(mode: .strict, maxDepth: 512, maxBytes: Int.max))
        guard let doc = result.document, result.error == nil else { return nil }
        return value(doc, doc.root)
    }

    static func value(_ doc: JSONDocument, _ node: NodeID) -> LSPValue {
        switch doc.kind(node) {
        case .object: return .object(doc.members(node).map { (doc.string($0.key), value(doc, $0.value)) })
        case .array: return .array(doc.elements(node).map { value(doc, $0) })
        case .string, .key: return .string(doc.string(node))
        case .number: return .number(doc.doubleValue(node) ?? 0)
        case .bool: return .bool(doc.boolValue(node) ?? false)
        case .null, .placeholder: return .null
        }
    }

    /// Compact JSON (UTF-8).
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let d):
            if d.rounded() == d, abs(d) < 9e15 {
                out += Array(String(Int(d)).utf8)
            } else if d.isFinite {
                out += Array(String(d).utf8)
            } else {
                out += Array("null".utf8)
            }
        case .string(let s): JSONDocument.writeString(Array(s.utf8), to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONDocument.writeString(Array(key.utf8), to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

}

/// Content-Length framing (the LSP base protocol): bytes in, message bodies out.
public struct MessageFramer: Sendable {
    /// Larger bodies are refused (and the connection ends): a 10 MB document with its escapes fits.
    public static let maxContentLength = 64 << 20
    /// A header section longer than this is no LSP header.
    static let maxHeaderBytes = 8192

    var buffer: [UInt8] = []
    var start = 0

    public init() {}

    public enum Next: Sendable, Equatable {
        case message([UInt8])
        case needMore
        /// The stream is not LSP framing; nothing after it can be trusted.
        case broken(String)
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    public mutating func next() -> Next {
        // Find the end of the header section.
        let available = buffer.count - start
        var headerEnd: Int?
        var i = start
        let searchEnd = min(buffer.count, start + Self.maxHeaderBytes + 4)
        while i + 3 < searchEnd {
            if buffer[i] == 13, buffer[i + 1] == 10, buffer[i + 2] == 13, buffer[i + 3] == 10 {
                headerEnd = i
                break
            }
            i += 1
        }
        guard let end = headerEnd else {
            return available > Self.maxHeaderBytes
                ? .broken("no end of the header section in \(Self.maxHeaderBytes) bytes") : .needMore
        }
        guard end - start <= Self.maxHeaderBytes else { return .broken("header section too long") }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { return .broken("header line without ':'") }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else { return .broken("Content-Length '\(value)' is not a number") }
                length = n
            }
        }
        guard let length else { return .broken("no Content-Length header") }
        guard length <= Self.maxContentLength else {
            return .broken("Content-Length \(length) is over \(Self.maxContentLength)")
        }
        let bodyStart = end + 4
        guard buffer.count - bodyStart >= length else { return .needMore }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        if start > 1 << 16, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return .message(body)
    }

    /// A body with its header.
    public static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
