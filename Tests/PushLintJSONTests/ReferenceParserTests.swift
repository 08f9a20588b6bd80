import Foundation
import TestSupport
import Testing

@testable import PushLintJSON  // `JSONIssue`'s memberwise initializer, to write expected issues.

/// The reference parser is only worth comparing with if it is right on its own: these hold it against sources that
/// are not the production parser (the standard library's UTF-8 decoder, JSONTestSuite's verdicts, RFC 8259's
/// examples).
@Suite struct ReferenceParserTests {
    /// The first scalar of `bytes` and its length by the standard library, nil when they do not start with one.
    static func standardLibraryScalar(_ bytes: [UInt8]) -> (Unicode.Scalar, Int)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return nil }
        return (Unicode.UTF8.decode(encoded), encoded.count)
    }

    @Test func utf8TableAgreesWithTheStandardLibrary() {
        // Every lead byte with every second byte, then a continuation byte or not; and, after the leads of
        // three- and four-byte forms, every third byte. The bytes around each boundary of RFC 3629 stand for the
        // rest.
        let around: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        var inputs: [[UInt8]] = []
        for lead in 0...0xFF {
            for second in 0...0xFF {
                inputs += [[UInt8(lead), UInt8(second), 0x80, 0x80], [UInt8(lead), UInt8(second), 0x41, 0x80]]
            }
            guard lead >= 0xE0 else { continue }
            for second in around {
                for third in 0...0xFF {
                    inputs += [[UInt8(lead), second, UInt8(third), 0x80], [UInt8(lead), second, UInt8(third), 0x7F]]
                }
            }
        }
        var disagreements: [String] = []
        for bytes in inputs {
            let table = UTF8Table.scalar(in: bytes, at: 0)
            let library = Self.standardLibraryScalar(bytes)
            if table?.0 != library?.0 || table?.1 != library?.1 {
                disagreements.append(bytes.map { String($0, radix: 16) }.joined(separator: " "))
            }
        }
        for lead in 0...0xFF {
            // Sequences cut short by the end of the input.
            for length in 1...3 {
                let bytes = Array([UInt8(lead), 0x80, 0x80, 0x80].prefix(length))
                let table = UTF8Table.scalar(in: bytes, at: 0)
                let library = Self.standardLibraryScalar(bytes)
                if table?.0 != library?.0 || table?.1 != library?.1 { disagreements.append("\(bytes) at the end") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }

    @Test func referenceFollowsJSONTestSuite() {
        // y_ files parse, n_ files do not, in strict mode; the kit's verdicts are RFC 8259's.
        let files = Paths.files(in: Paths.conformance.appendingPathComponent("json-test-suite"), withExtension: "json")
        #expect(files.count > 300)
        for file in files {
            let name = file.lastPathComponent
            let result = ReferenceJSONParser.parse(Paths.bytes(file))
            if name.hasPrefix("y_") { #expect(result.nodes != nil, "\(name): \(result.error?.message ?? "")") }
            if name.hasPrefix("n_") { #expect(result.error != nil, "\(name) was accepted") }
        }
    }

    @Test func referenceReadsRFC8259Examples() throws {
        // RFC 8259 §13, the first example (abridged): an object of objects, an array of numbers.
        let text = #"""
            {"Image": {"Width": 800, "Title": "View from 15th Floor", "Animated" : false, "IDs": [116, 943, 234, 38793]}}
            """#
        let nodes = try #require(ReferenceJSONParser.parse(text).nodes)
        let members: [JSONKind] = [.key, .number, .key, .string, .key, .bool, .key, .array]
        #expect(nodes.map(\.kind) == [.object, .key, .object] + members + Array(repeating: .number, count: 4))
        #expect(nodes[0].next == 15 && nodes[2].next == 15 && nodes[10].next == 15)
        #expect(nodes[14].ordinal == 3 && nodes[9].ordinal == 3 && nodes[10].ordinal == 3)
        // §13's scalars.
        for scalar in [#""Hello world!""#, "42", "true", "-0.5e+3", "null"] {
            #expect(ReferenceJSONParser.parse(scalar).nodes?.count == 1, "\(scalar)")
        }
    }

    @Test func referenceKnowsTheDocumentedExtras() {
        // A few answers worked out by hand from the documentation of `JSONParseOptions` and `JSONIssue`.
        let recovered = ReferenceJSONParser.parse(#"[1,]"#, options: JSONParseOptions(recoversTrailingCommas: true))
        #expect(recovered.issues == [JSONIssue(kind: .trailingComma, span: ByteSpan(2, 3))])
        let keys = ReferenceJSONParser.parse(#"{"é":1,"\u00e9":2}"#)
        #expect(keys.issues.map(\.kind) == [.duplicateKey(key: 3, firstKey: 1)])
        let lone = ReferenceJSONParser.parse(#"["\ud800\u0041"]"#)
        #expect(lone.issues == [JSONIssue(kind: .unpairedSurrogate, span: ByteSpan(2, 8))])
        let deep = ReferenceJSONParser.parse("[[[]]]", options: JSONParseOptions(maxDepth: 2))
        #expect(deep.error == JSONError(.limit, "nesting is deeper than 2 levels", at: 2))
        let template = JSONParseOptions(mode: .defaultTemplate)
        let placeholder = ReferenceJSONParser.parse(#"{"a": {{{ b }}}}"#, options: template)
        let last = placeholder.nodes?.last
        #expect(last?.kind == .placeholder && last?.start == 6 && last?.end == 15)
        #expect(ReferenceLines.lineStarts(Array("a\r\nb\rc\n".utf8)) == [0, 3, 5, 7])
    }
}
