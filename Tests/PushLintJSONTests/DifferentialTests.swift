import Foundation
import PushLintJSON
import TestSupport
import Testing

/// The fast parser must behave exactly like the reference parser (ReferenceParser.swift, written independently
/// from RFC 8259 and the documented modes): the same nodes, the same error (kind, message, offset, length), the
/// same issues in the same order, in every mode; strings and keys decode to the same text; and lines and columns,
/// as the parse records them and as `LineIndex` scans them, must be those of their definition. Inputs are the
/// repository's and the conformance kit's JSON files, generated documents aimed at the fast paths (runs of
/// whitespace and ASCII around the 8-byte steps, UTF-8 right after such runs, strings that end at the end of the
/// input), their prefixes, byte mutations of them, and inputs built for each documented behaviour: placeholders in
/// every position, trailing commas with and without recovery, unicode escapes, invalid UTF-8 and nesting at the
/// depth limit.
@Suite struct DifferentialTests {
    static let modes: [JSONParseOptions] = [
        JSONParseOptions(mode: .strict),
        JSONParseOptions(mode: .jsonc),
        JSONParseOptions(mode: .defaultTemplate),
        JSONParseOptions(mode: .template(open: "<%=", close: "%>")),
        JSONParseOptions(mode: .template(open: "\"$", close: "")),
        // Delimiters beyond ASCII: placeholders are found by bytes, scalars are decoded by units.
        JSONParseOptions(mode: .template(open: "«", close: "»")),
        JSONParseOptions(mode: .strict, maxDepth: 3),
        JSONParseOptions(mode: .jsonc, maxDepth: 1),
        JSONParseOptions(mode: .strict, maxDepth: 0),
        JSONParseOptions(mode: .strict, recoversTrailingCommas: true),
        JSONParseOptions(mode: .defaultTemplate, recoversTrailingCommas: true),
        // JSONC allows trailing commas: recovery has nothing to record there.
        JSONParseOptions(mode: .jsonc, recoversTrailingCommas: true),
        JSONParseOptions(mode: .strict, maxBytes: 40),
    ]

    /// The first modes, for the larger input sets: one of each kind, recovery included.
    static let mainModes: [JSONParseOptions] = [modes[0], modes[1], modes[2], modes[9]]
    /// For the prefix sets, the largest (a third of the suite's time): the three kinds of mode. Recovery has inputs
    /// of its own (`trailingCommasParseAsBefore`, and every generated and mutated set).
    static let prefixModes: [JSONParseOptions] = [modes[0], modes[1], modes[2]]

    /// Returns a description of the first difference, or nil. `wanted` is the reference's position of each offset
    /// (`ReferenceLines.positions`), nil to leave positions out.
    static func difference(_ bytes: [UInt8], _ options: JSONParseOptions, positions wanted: [SourcePosition?]?)
        -> String?
    {
        let fast = JSONParser.parse(bytes, options: options)
        let reference = ReferenceJSONParser.parse(bytes, options: options)
        // Described only when there is a difference: building the text for every input costs more than parsing.
        var input: String { String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription }
        var mode: String { "\(options.mode) maxDepth \(options.maxDepth) recovers \(options.recoversTrailingCommas)" }
        if fast.error != reference.error {
            return "\(mode) \(input): error \(String(describing: fast.error)) != \(String(describing: reference.error))"
        }
        if fast.issues != reference.issues {
            return "\(mode) \(input): issues \(fast.issues) != \(reference.issues)"
        }
        if fast.document?.nodes != reference.nodes {
            return "\(mode) \(input): nodes differ"
        }
        // Strings and keys decode (JSONStringDecoder, or the bytes as they are) to what the reference read.
        if let document = fast.document {
            for (id, text) in reference.strings.sorted(by: { $0.key < $1.key }) {
                if document.stringBytes(id) != text || document.string(id) != String(decoding: text, as: UTF8.self) {
                    return "\(mode) \(input): node \(id) decodes to \(document.stringBytes(id)), not \(text)"
                }
                if document.withStringBytes(id, { Array($0) }) != text {
                    return "\(mode) \(input): node \(id)'s string bytes are not \(text)"
                }
            }
        }
        return lineDifference(bytes, fast, reference, wanted).map { "\(mode) \(input): \($0)" }
    }

    /// Line starts as `LineIndex` scans them, in one go and in ranges, against the reference's (the same in
    /// every mode: once per input).
    static func scanDifference(_ bytes: [UInt8], _ expected: [Int]) -> String? {
        let scanned = LineIndex(bytes)
        if scanned.lineStarts != expected { return "scanned line starts \(scanned.lineStarts) != \(expected)" }
        let inRanges = LineIndex(bytes, parts: 3, minimumRangeBytes: 1) { count, body in (0..<count).map(body) }
        if inRanges.lineStarts != expected {
            return "line starts scanned in ranges \(inRanges.lineStarts) != \(expected)"
        }
        return nil
    }

    /// Line starts as the parse records them, and the positions of nodes, issues and errors, against the
    /// reference's own.
    static func lineDifference(
        _ bytes: [UInt8], _ fast: JSONParseResult, _ reference: ReferenceParse, _ wanted: [SourcePosition?]?
    ) -> String? {
        var offsets = fast.issues.map(\.span.start) + fast.issues.map(\.span.end)
        var index: LineIndex
        if let document = fast.document {
            let recorded = document.lineStarts.map { $0.map { Int($0) } }
            if recorded != reference.lineStarts {
                return "recorded line starts \(String(describing: recorded)) != \(reference.lineStarts)"
            }
            index = document.lines
            offsets += document.nodes.flatMap { [Int($0.start), Int($0.end)] }
        } else {
            index = LineIndex(bytes)
        }
        guard let wanted else { return nil }
        if let error = fast.error { offsets += [error.offset, error.offset + error.length] }
        let positions = index.positions(of: offsets)
        for (k, (offset, position)) in zip(offsets, positions).enumerated() {
            // Offsets inside a scalar, or on a line after bytes that are not UTF-8, have no defined position.
            guard offset >= 0 && offset < wanted.count, let expected = wanted[offset] else { continue }
            // `position(of:)` scans its line each time: asked for the first offsets only, on long one-line inputs.
            if position != expected || (k < 64 && index.position(of: offset) != expected) {
                return "offset \(offset) is at \(position), not \(expected)"
            }
        }
        return nil
    }

    /// The differences over `inputs` in `modes`, at most 10. `positions: false` leaves positions out (for the
    /// prefix sets, whose prefixes share their lines).
    static func check(_ inputs: [[UInt8]], modes: [JSONParseOptions] = modes, positions: Bool = true) -> [String] {
        var failures: [String] = []
        for bytes in inputs {
            if let d = scanDifference(bytes, ReferenceLines.lineStarts(bytes)) {
                failures.append("\(String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription): \(d)")
            }
            let wanted = positions ? ReferenceLines.positions(in: bytes) : nil
            for options in modes {
                if let d = difference(bytes, options, positions: wanted) { failures.append(d) }
            }
            if failures.count >= 10 { return failures }
        }
        return failures
    }

    static var files: [[UInt8]] {
        // Every file of testdata/, which holds JSONTestSuite and its transform inputs (testdata/conformance/).
        Paths.allFiles(below: Paths.testdata).map { Paths.bytes($0) }
    }

    /// Every file in the main modes (one of each kind, recovery included); the slow test (`scripts/test`) checks
    /// them in the other modes.
    @Test func filesParseAsBefore() { Self.filesParse(modes: Self.mainModes) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func filesParseAsBeforeInEveryMode() {
        Self.filesParse(modes: Self.modes.filter { !Self.mainModes.contains($0) })
    }

    static func filesParse(modes: [JSONParseOptions]) {
        let inputs = Self.files
        #expect(inputs.count > 400)
        let failures = Self.check(inputs, modes: modes)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The large sets (prefixes, generated and mutated documents) are split by input: the fast loop checks every
    /// `sampleStride`-th input (the same inputs every run), the slow tests (`scripts/test`) the others, so the test
    /// command checks every input as before.
    enum Share {
        case sample, rest

        static let sampleStride = 8

        func filter(_ inputs: [[UInt8]]) -> [[UInt8]] {
            inputs.indices.filter { ($0 % Self.sampleStride == 0) == (self == .sample) }.map { inputs[$0] }
        }
    }

    @Test func prefixesOfFilesParseAsBefore() { Self.prefixesOfFiles(.sample) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func prefixesOfFilesParseAsBeforeInFull() { Self.prefixesOfFiles(.rest) }

    static func prefixesOfFiles(_ share: Share) {
        // Every prefix of the small files: each ends the input at another point of the grammar.
        var inputs: [[UInt8]] = []
        for bytes in Self.files where bytes.count <= 600 {
            for n in 0..<bytes.count { inputs.append(Array(bytes[0..<n])) }
        }
        let failures = Self.check(share.filter(inputs), modes: Self.prefixModes, positions: false)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func generatedDocumentsParseAsBefore() { Self.generatedDocuments(.sample) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func generatedDocumentsParseAsBeforeInFull() {
        Self.generatedDocuments(.rest)
    }

    static func generatedDocuments(_ share: Share) {
        var generator = DocumentGenerator(seed: 0x5EED)
        var inputs: [[UInt8]] = []
        for _ in 0..<3000 { inputs.append(generator.document()) }
        let failures = Self.check(share.filter(inputs))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func prefixesOfGeneratedDocumentsParseAsBefore() { Self.prefixesOfGeneratedDocuments(.sample) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func prefixesOfGeneratedDocumentsParseAsBeforeInFull() {
        Self.prefixesOfGeneratedDocuments(.rest)
    }

    static func prefixesOfGeneratedDocuments(_ share: Share) {
        var generator = DocumentGenerator(seed: 42)
        var inputs: [[UInt8]] = []
        for _ in 0..<150 {
            let bytes = generator.document()
            for n in 0..<bytes.count { inputs.append(Array(bytes[0..<n])) }
        }
        let failures = Self.check(share.filter(inputs), modes: Self.prefixModes, positions: false)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func mutatedDocumentsParseAsBefore() { Self.mutatedDocuments(.sample) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func mutatedDocumentsParseAsBeforeInFull() {
        Self.mutatedDocuments(.rest)
    }

    static func mutatedDocuments(_ share: Share) {
        var generator = DocumentGenerator(seed: 7)
        var inputs: [[UInt8]] = []
        for _ in 0..<1500 {
            var bytes = generator.document()
            for _ in 0..<(1 + generator.next(3)) {
                guard !bytes.isEmpty else { break }
                let at = generator.next(bytes.count)
                let byte = DocumentGenerator.interestingBytes[generator.next(DocumentGenerator.interestingBytes.count)]
                switch generator.next(3) {
                case 0: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: bytes.remove(at: at)
                }
            }
            inputs.append(bytes)
        }
        let failures = Self.check(share.filter(inputs))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Every edge in the main modes (one of each kind, recovery included); the slow test (`scripts/test`) checks
    /// them in the other modes.
    @Test func fastPathEdgesParseAsBefore() { Self.fastPathEdges(modes: Self.mainModes) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func fastPathEdgesParseAsBeforeInEveryMode() {
        Self.fastPathEdges(modes: Self.modes.filter { !Self.mainModes.contains($0) })
    }

    static func fastPathEdges(modes: [JSONParseOptions]) {
        // Runs of 0...17 spaces or ASCII letters, then the byte that ends the run, at the end of the input or not.
        var inputs: [[UInt8]] = []
        let enders: [[UInt8]] = [
            [0x22], [0x5C, 0x6E], [0x5C, 0x75, 0x44, 0x38, 0x30, 0x30], [0x0A], [0x09], [0x01], [0x7F],
            [0xC3, 0xA9], [0xC3], [0xC3, 0x28], [0xE2, 0x9C, 0x93], [0xE2, 0x9C], [0xED, 0xA0, 0x80],
            [0xF0, 0x9F, 0x8E, 0x89], [0xF0, 0x9F, 0x8E], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF], [],
            // Each boundary of RFC 3629's table, valid and not.
            [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xDF, 0xC0], [0xE0, 0x9F, 0xBF],
            [0xE0, 0xA0, 0x80], [0xE1, 0x80, 0x80], [0xE1, 0x80], [0xEC, 0xBF, 0xBF], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xEF, 0xBF, 0x41],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF1, 0x80, 0x80, 0x80], [0xF3, 0xBF, 0xBF, 0xBF],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xF7, 0xBF, 0xBF, 0xBF], [0xF8, 0x88, 0x80, 0x80],
            [0xF0, 0x90, 0x80, 0x22], [0xBF], [0xC3, 0xA9, 0xE2, 0x9C, 0x93, 0xF0, 0x9F, 0x8E, 0x89, 0xC3],
        ]
        for run in 0...17 {
            let letters = Array(repeating: UInt8(ascii: "a"), count: run)
            for ender in enders {
                for prefix in [[UInt8(ascii: "\"")], Array(#"{"k":""#.utf8), Array(#"[1,""#.utf8)] {
                    let string = prefix + letters + ender + letters
                    inputs.append(string)
                    inputs.append(string + [0x22])
                    inputs.append(string + Array("\"]}".utf8))
                    inputs.append(string + Array("\":1}".utf8))
                }
            }
            let spaces = Array(repeating: UInt8(ascii: " "), count: run)
            // Every line end: `\n`, `\r\n`, a lone `\r`, in runs and at the end of the input.
            for ws in [
                spaces, spaces + [0x0A] + spaces, [0x0A] + spaces + [0x09] + spaces, spaces + [0x0D, 0x0A],
                spaces + [0x0D] + spaces,
                [0x0D, 0x0D, 0x0A, 0x0A] + spaces, spaces + [0x0A, 0x0A] + spaces + [0x0D],
            ] {
                inputs.append(ws)
                inputs.append(ws + Array("1".utf8) + ws)
                inputs.append(Array("[".utf8) + ws + Array("1".utf8) + ws + Array(",".utf8) + ws + Array("]".utf8) + ws)
                inputs.append(
                    Array("{".utf8) + ws + Array("\"a\"".utf8) + ws + Array(":".utf8) + ws + Array("{}".utf8) + ws
                        + Array("}".utf8))
                inputs.append(
                    Array("[".utf8) + ws + Array("/* c */".utf8) + ws + Array("// c\n".utf8) + ws + Array("]".utf8))
                // Line ends inside comments and placeholders, which are skipped in one go.
                inputs.append(
                    Array("[".utf8) + ws + Array("/* a\r\nb\rc\n".utf8) + ws + Array("*/".utf8) + ws
                        + Array("// c\r d\r\n".utf8) + ws + Array("]".utf8))
                inputs.append(Array("[1 // end\r".utf8) + ws + Array("]".utf8) + ws + Array("// last\r".utf8))
                inputs.append(Array("{\"a\":".utf8) + ws + Array("{{ x\ry }}".utf8) + ws + Array("}".utf8))
                inputs.append(Array("[".utf8) + ws + Array("/".utf8))
                inputs.append(Array("[".utf8) + ws)
            }
            let digits = Array(repeating: UInt8(ascii: "7"), count: run)
            for number in [
                digits, [UInt8(ascii: "-")] + digits, Array("0.".utf8) + digits, Array("1e".utf8) + digits,
                Array("1E+".utf8) + digits, digits + Array(".5e-3".utf8),
            ] {
                inputs.append(number)
                inputs.append(Array("[".utf8) + number + Array("]".utf8))
                inputs.append(Array("[".utf8) + number + Array("x]".utf8))
                inputs.append(Array("{\"a\":".utf8) + number)
            }
        }
        for word in ["true", "false", "null", "tru", "nul", "fals", "truex", "nullx", "true1", "t", "n", "f", "True"] {
            inputs.append(Array(word.utf8))
            inputs.append(Array("[\(word)]".utf8))
            inputs.append(Array("{\"a\": \(word)}".utf8))
            inputs.append(Array("[\(word),\(word) ]".utf8))
        }
        let failures = Self.check(inputs, modes: modes)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func objectsWithManyKeysParseAsBefore() {
        // Around the switch from linear duplicate search to the hashed one, with escaped and long keys.
        var inputs: [[UInt8]] = []
        var generator = DocumentGenerator(seed: 99)
        for n in [1, 2, 15, 16, 17, 18, 40] {
            for _ in 0..<20 {
                var keys: [String] = []
                for k in 0..<n {
                    switch generator.next(6) {
                    case 0: keys.append(keys.isEmpty ? "a" : keys[generator.next(keys.count)])
                    case 1: keys.append("k\\u00\(30 + k % 10)")
                    case 2: keys.append("k\(k % 10)")
                    case 3: keys.append(String(repeating: "long-key-", count: 1 + k % 3))
                    case 4: keys.append("é\(k)")
                    default: keys.append("key\(k)")
                    }
                }
                let members = keys.map { "\"\($0)\": [\"\($0)\"]" }
                inputs.append(
                    Array(
                        "[{\(members.joined(separator: ","))}, {\(members.reversed().joined(separator: ",\n "))}]".utf8)
                )
            }
        }
        // Duplicates of every length around the 8-byte fingerprint, followed by different bytes, and at the end.
        for length in 0...17 {
            let key = String(repeating: "k", count: length)
            let other = String(repeating: "k", count: max(0, length - 1)) + "j"
            inputs.append(Array("{\"\(key)\":1,\"\(other)\" :2,\"\(key)\"\n:3}".utf8))
            inputs.append(Array("{\"\(key)\" :1,\"\(key)\":2,\"\(key)\"".utf8))
            inputs.append(Array("{\"\(key)\":1,\"\(key.replacingOccurrences(of: "k", with: "\\u006b"))\":2}".utf8))
        }
        let failures = Self.check(inputs)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Found by the reference's own column count: `LineIndex` counts the bytes that are not UTF-8 continuation
    /// bytes, which is the number of scalars while the line is UTF-8. After a byte that is not UTF-8 it is not
    /// what an editor shows (one U+FFFD per maximal ill-formed subsequence, Unicode §3.9, as `String(decoding:)`
    /// and TextDecoder do): a stray continuation byte takes no column, `C0 80` one. The differential test leaves
    /// such positions out; this keeps the disagreement in view until `LineIndex` is settled on a definition.
    @Test func columnsAfterBytesThatAreNotUTF8() {
        for bad: [UInt8] in [[0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xBF, 0xBF]] {
            let bytes = Array(#"{"a": ""#.utf8) + bad + Array(#"", "b": 1}"#.utf8)
            let offset = bytes.count - 2  // The `1`.
            let editor = String(decoding: bytes[0..<offset], as: UTF8.self).unicodeScalars.count + 1
            #expect(LineIndex(bytes).position(of: offset).column == editor, "\(bad)")
            #expect(LineIndex(bytes).positions(of: [offset]) == [LineIndex(bytes).position(of: offset)])
        }
    }

    @Test func nestedObjectsWithManyKeysParseAsBefore() {
        // Objects that hash their keys inside others that do (or do not yet): each object's keys are its own, and
        // an inner object's closing must not disturb the outer one's, before or after the outer starts hashing.
        var inputs: [[UInt8]] = []
        for outerKeys in [3, 16, 17, 20] {
            for innerKeys in [3, 17, 25] {
                for innerAt in [0, 2, 16, outerKeys - 1] where innerAt < outerKeys {
                    var members: [String] = []
                    for k in 0..<outerKeys {
                        let name = k % 7 == 6 ? "k\(k - 3)" : "k\(k)"  // A duplicate now and then.
                        if k == innerAt {
                            let inner = (0..<innerKeys).map { "\"k\($0 % 19)\":{\"k\($0)\":1}" }.joined(separator: ",")
                            members.append("\"\(name)\":{\(inner)}")
                        } else {
                            members.append("\"\(name)\":\(k)")
                        }
                    }
                    // The outer keys again after the inner object closed: each is a duplicate of its first.
                    members += (0..<outerKeys).map { "\"k\($0)\":0" }
                    inputs.append(Array("{\(members.joined(separator: ","))}".utf8))
                    let reversed = members.reversed().joined(separator: ",")
                    inputs.append(Array("[{\(members.joined(separator: ","))},{\(reversed)}]".utf8))
                }
            }
        }
        let failures = Self.check(inputs, modes: Self.mainModes)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Sizes up to 1 000 (the storage grows several times over); the slow test (`scripts/test`) adds 5 000.
    @Test func documentsThatOutgrowTheNodeEstimateParseAsBefore() {
        Self.documentsThatOutgrowTheNodeEstimate(sizes: [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 1000])
    }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func documentsThatOutgrowTheNodeEstimateParseAsBeforeInFull() {
        Self.documentsThatOutgrowTheNodeEstimate(sizes: [5000])
    }

    static func documentsThatOutgrowTheNodeEstimate(sizes: [Int]) {
        // The node storage starts at one node per 8 bytes and grows while parsing: dense arrays and deep nesting.
        var inputs: [[UInt8]] = []
        for n in sizes {
            inputs.append(Array("[\(Array(repeating: "1", count: n).joined(separator: ","))]".utf8))
            inputs.append(Array("{\(Array(repeating: "\"\":[]", count: n).joined(separator: ","))}".utf8))
            inputs.append(
                Array(String(repeating: "[", count: min(n, 600)).utf8)
                    + Array(String(repeating: "]", count: min(n, 600)).utf8))
            inputs.append(
                Array(String(repeating: "{\"a\":[", count: min(n, 300)).utf8) + Array("0".utf8)
                    + Array(String(repeating: "]}", count: min(n, 300)).utf8))
            inputs.append(Array("[\(Array(repeating: "[1,[]]", count: n).joined(separator: ","))".utf8))
            // Pretty-printed: line starts recorded before and after the storage grows.
            inputs.append(Array("[\n\(Array(repeating: "  [1,\r\n []]", count: n).joined(separator: ",\n"))\n]\n".utf8))
        }
        let failures = Self.check(inputs)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    // MARK: Documented behaviour, position by position

    @Test func placeholdersInEveryPositionParseAsBefore() {
        // Each placeholder, closed or not, where a value, a key, a separator or nothing stands; in strings, where
        // it is text. `P` marks the place in each skeleton.
        let placeholders = [
            "{{x}}", "{{ a.b }}", "{{{ raw }}}", "{{{x}}", "{{x}}}", "{{}}", "{{", "{{x", "{{x\n}}", "{{x\r}}",
            "{{x\r\n}}",
            "{{é}}", "{{x}}{{y}}", "<%= n %>", "<%=", "<%= n\n%>", "\"$x\"", "\"$", "«x»", "«x", "«»", "«{{x}}»",
            "{«x»}",
        ]
        let skeletons = [
            "P", " P ", "[P]", "[P,P]", "[1,P]", "[P,]", "[P P]", "P P", "[1 P]", "[[[P]]]", "[P", "P,",
            #"{"a":P}"#, #"{"a": P , "b":P}"#, "{P:1}", #"{"a" P}"#, #"{"a":1,P}"#, #"["P"]"#, #"{"P":P}"#,
            #"{"a":[{"b":P}]}"#, #"{"a":P"#, #"{"a":P,}"#, #"{"a":"x"P}"#, "[tru P]", "[1P]", "[-P]",
        ]
        var inputs: [[UInt8]] = []
        for skeleton in skeletons {
            for placeholder in placeholders {
                inputs.append(Array(skeleton.replacingOccurrences(of: "P", with: placeholder).utf8))
            }
            // Bytes that are not UTF-8 inside a placeholder are not looked at: it is not a string.
            for inside: [UInt8] in [[0xFF], [0xC3], [0xE2, 0x9C], [0xC2], [0xC2, 0xC2, 0xBB]] {
                for (open, close) in [("{{", "}}"), ("«", "»")] {
                    let placeholder = Array(open.utf8) + inside + Array(close.utf8)
                    let parts = skeleton.split(separator: "P", omittingEmptySubsequences: false).map { Array($0.utf8) }
                    inputs.append(Array(parts.joined(separator: placeholder)))
                }
            }
        }
        let templates = Self.modes.filter { if case .template = $0.mode { return true } else { return false } }
        let failures = Self.check(inputs, modes: templates + [Self.modes[0]])
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func trailingCommasParseAsBefore() {
        // A comma before each kind of closing bracket, with space, line breaks and comments between; and commas
        // that are not trailing (doubled, leading, at the end of the input), which stay errors with recovery on.
        var inputs: [[UInt8]] = []
        for between in ["", " ", "\n", "\r\n  ", "/* c */", "// c\n", " /**/ "] {
            for text in [
                "[1,_]", "{\"a\":1,_}", "[[1,_],{\"a\":[2,_],_},_]", "[{{x}},_]", "{\"a\":{{x}},_}", "[\"s\",_]",
                "[true,_]x", "[1,_]]", "[1,_", "{\"a\":1,_", "[,_]", "{,_}", "[1,_,]", "[1,,_]", "{\"a\":1,_,\"b\":2}",
                "[1,_2]", "[1_,]", ",_", "[1],_", "{\"a\":[1,_],\"a\":{\"b\":1,_},_}",
            ] {
                inputs.append(Array(text.replacingOccurrences(of: "_", with: between).utf8))
            }
        }
        let failures = Self.check(inputs)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    static let escapes: [[UInt8]] =
        [
            #"\u0041"#, #"\u00e9"#, #"\u00E9"#, #"\uD83D\uDE00"#, #"\ud83d\ude00"#, #"\uD800"#, #"\uDBFF"#, #"\uDC00"#,
            #"\uDFFF"#, #"\uD800\uD800"#, #"\uD800\u0041"#, #"\uD800\uDC00"#, #"\uDBFF\uDFFF"#, #"\uFFFD"#, #"\uFEFF"#,
            #"\u0000"#, #"\u001f"#, #"\u12"#, #"\u12G4"#, #"\uD800\u12"#, #"\uD800\"#, #"\uD800\x"#, #"\uD800\n"#,
            #"\u"#,
            #"\U0041"#, #"\u+123"#, #"\u-123"#, #"\u０１２３"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\""#,
            #"\\"#,
            #"\a"#, #"\'"#, #"\é"#, "é", "\u{FFFD}", "/", "A", "😀",
        ].map { Array($0.utf8) } + [
            [0x5C, 0xFF], [0x5C, 0x7F], [0x5C, 0x01], [0x5C, 0x0A], [0xFF], [0xED, 0xA0, 0x80],
        ]

    @Test func unicodeEscapesParseAsBefore() {
        // Every escape next to every other, in a value and as keys of one object (keys are compared decoded:
        // `\u00e9` is `é`, an unpaired surrogate U+FFFD), and cut off by the end of the input.
        var inputs: [[UInt8]] = []
        let quote = Array("\"".utf8)
        for a in Self.escapes {
            inputs.append(quote + a)
            inputs.append(Array("[\"x".utf8) + a + quote + Array("]".utf8))
            for b in Self.escapes {
                inputs.append(quote + a + b + quote)
                inputs.append(Array("{\"".utf8) + a + Array("\":1, \"".utf8) + b + Array("\" :2}".utf8))
            }
        }
        let failures = Self.check(inputs, modes: Self.mainModes)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func invalidUTF8AnywhereParsesAsBefore() {
        // Each boundary of RFC 3629's table, well-formed or not, in every place of a document: in strings and keys
        // it is an issue, in comments and placeholders it is passed over, anywhere else it is an error.
        let sequences: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xC2], [0xDF, 0xBF], [0xE0, 0x9F, 0xBF],
            [0xE0, 0xA0, 0x80], [0xE1, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
            [0xEF, 0xBB, 0xBF],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80], [0xFE], [0xFF], [0xC3, 0xA9, 0xC3],
        ]
        let skeletons = [
            "X", "X1", "1X", "[X]", "[1X]", "[1.X]", "[1eX]", "[-X]", "[trueX]", "[tX]", "[\"X\"]", "[\"\\X\"]",
            "{\"X\":1}", "{\"X\":1,\"X\":2}", "{X}", "{\"a\"X:1}", "{\"a\":X}", "[1]X", "[1,X]", "// X\n[1]",
            "[/* X */1]",
            "[{{X}}]", "[«X»]", "[\"aaaaaaaaaaX\"]", "\"X", "[1 // X",
        ]
        var inputs: [[UInt8]] = []
        for skeleton in skeletons {
            let parts = skeleton.split(separator: "X", omittingEmptySubsequences: false).map { Array($0.utf8) }
            for sequence in sequences { inputs.append(Array(parts.joined(separator: sequence))) }
        }
        let failures = Self.check(inputs)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Limits up to 100; the slow test (`scripts/test`) adds the default limit, 512.
    @Test func nestingAtTheDepthLimitParsesAsBefore() { Self.nestingAtTheDepthLimit([0, 1, 2, 3, 17, 100]) }
    @Test(.tags(.slow), .whenSlowTestsAreOn) func nestingAtTheDepthLimitParsesAsBeforeInFull() {
        Self.nestingAtTheDepthLimit([512])
    }

    static func nestingAtTheDepthLimit(_ limits: [Int]) {
        // One level under the limit, at it and over it, through arrays, objects and both, with what may stand
        // innermost (a value, a placeholder, nothing, a trailing comma, the end of the input).
        var inputs: [(bytes: [UInt8], options: JSONParseOptions)] = []
        for limit in limits {
            for depth in Set([max(0, limit - 1), limit, limit + 1]).sorted() {
                for innermost in ["", "1", "{{x}}", "1,", "[]", "{}"] {
                    for (open, close) in [("[", "]"), ("{\"a\":", "}"), ("[{\"a\":", "}]")] {
                        let layers = open == "[{\"a\":" ? depth / 2 : depth
                        let text =
                            String(repeating: open, count: layers) + innermost + String(repeating: close, count: layers)
                        for mode in [JSONParseOptions.Mode.strict, .jsonc, .defaultTemplate] {
                            let options = JSONParseOptions(
                                mode: mode, maxDepth: limit, recoversTrailingCommas: mode != .jsonc)
                            inputs.append((Array(text.utf8), options))
                            inputs.append((Array(text.utf8.dropLast(layers / 2)), options))
                        }
                    }
                }
            }
        }
        var failures: [String] = []
        for (bytes, options) in inputs {
            let wanted = ReferenceLines.positions(in: bytes)
            if let d = Self.difference(bytes, options, positions: wanted) { failures.append(d) }
            if failures.count >= 10 { break }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

/// Deterministic JSON-like documents with the things the parser's fast paths care about.
struct DocumentGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    static let interestingBytes: [UInt8] =
        Array(" \t\n\r\"\\/*,:[]{}0-.eEu<%>$".utf8) + [
            0x00, 0x01, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF,
        ]

    mutating func next(_ bound: Int) -> Int {
        // SplitMix64.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    mutating func document() -> [UInt8] {
        var out: [UInt8] = []
        if next(20) == 0 { out += [0xEF, 0xBB, 0xBF] }
        space(&out)
        value(&out, depth: 0)
        space(&out)
        return out
    }

    mutating func space(_ out: inout [UInt8]) {
        switch next(6) {
        case 0, 1: return
        case 2: out += Array(repeating: 0x20, count: next(18))
        case 3: out += [0x0A] + Array(repeating: 0x20, count: next(18))
        case 4: out += Array(pick([" ", "\t", "\r\n", "\n\t\t", " /* c */ ", "// line\n", "/**/"]).utf8)
        default: out.append(0x20)
        }
    }

    mutating func value(_ out: inout [UInt8], depth: Int) {
        let choice = depth > 4 ? 2 + next(6) : next(8)
        switch choice {
        case 0:
            out.append(UInt8(ascii: "{"))
            // Now and then an object past the 16 keys where duplicate search switches to hashing.
            let n = depth < 3 && next(12) == 0 ? 14 + next(8) : next(5)
            var keys: [String] = []
            for k in 0..<n {
                space(&out)
                let key =
                    next(4) == 0 && !keys.isEmpty
                    ? pick(keys)
                    : pick([
                        "a", "b", "aps", "alert", "title", "k\\u0041", "é", "a\(k)", "content-available", "\\u00e9",
                        "\\ud800", "\u{FFFD}", "\\/", "/",
                    ])
                keys.append(key)
                if next(40) == 0 {
                    // A placeholder or bare word where a key belongs, or a key with a byte that is not UTF-8.
                    out += pick([
                        Array("{{key}}".utf8), Array("key".utf8), [0x22, 0x6B, 0xC3, 0x22], [0x22, 0xFF, 0x22],
                    ])
                } else {
                    out += Array("\"\(key)\"".utf8)
                }
                space(&out)
                out.append(UInt8(ascii: ":"))
                space(&out)
                value(&out, depth: depth + 1)
                space(&out)
                if k < n - 1 || next(8) == 0 { out.append(UInt8(ascii: ",")) }
            }
            space(&out)
            out.append(UInt8(ascii: "}"))
        case 1:
            out.append(UInt8(ascii: "["))
            let n = next(5)
            for k in 0..<n {
                space(&out)
                value(&out, depth: depth + 1)
                space(&out)
                if k < n - 1 || next(8) == 0 { out.append(UInt8(ascii: ",")) }
            }
            space(&out)
            out.append(UInt8(ascii: "]"))
        case 2, 3, 4:
            string(&out)
        case 5:
            out += Array(
                pick(["0", "-0", "1", "123456789", "-12.5", "1e10", "2.5E-3", "0.000", "01", "1.", "-", "1e+", "3x"])
                    .utf8)
        case 6:
            out += Array(pick(["true", "false", "null", "tru", "nulll"]).utf8)
        default:
            out += Array(
                pick(["{{count}}", "{{{ raw }}}", "<%= n %>", "\"$x", "{{open", "{{a\n}}", "«n»", "{{x\r}}", "«a"]).utf8
            )
        }
    }

    mutating func string(_ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for _ in 0..<next(5) {
            out += Array(repeating: UInt8(ascii: pick(["a", "Z", " ", "~"])), count: next(20))
            switch next(9) {
            case 0: out += Array(pick(["é", "発送", "✓", "🎉", "Zürich"]).utf8)
            case 1:
                out += pick([
                    [0xC3], [0xC3, 0x28], [0xE2, 0x9C], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x8E], [0x80], [0xFF],
                    [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80],
                ])
            case 2:
                out += Array(
                    pick([
                        "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\udc00x",
                        "\\ud800\\u0041", "\\x", "\\u12",
                    ]).utf8)
            case 3 where next(2) == 0:
                // A unicode escape of any class: surrogates of both halves, ASCII, beyond, not hex.
                let high = pick(["D8", "DB", "DC", "DF", "00", "FE", "0A", "G0", "d8", "Dc"])
                out += Array("\\u\(high)".utf8)
                for _ in 0..<next(3) + 1 { out.append(pick(Array("0123456789abcdefABCDEF\\u\"".utf8))) }
            case 3: out += Array(pick(["{{name}}", "<%= x %>"]).utf8)
            case 4: if next(10) == 0 { out.append(pick([0x0A, 0x09, 0x01])) }
            default: break
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
