import PushLintJSON
import Testing

@Suite struct ParserTests {
    func parse(_ text: String, _ mode: JSONParseOptions.Mode = .strict) -> JSONParseResult {
        JSONParser.parse(text, options: JSONParseOptions(mode: mode))
    }

    func document(_ text: String, _ mode: JSONParseOptions.Mode = .strict) throws -> JSONDocument {
        let result = parse(text, mode)
        return try #require(result.document, "\(result.error?.message ?? "")")
    }

    @Test func nodesKnowTheirRangesAndPointers() throws {
        let doc = try document(#"{"aps": {"alert": "Hi", "badge": 3}, "a/b": [true, null, "x~y"]}"#)
        let aps = try #require(doc.member(doc.root, "aps"))
        let badge = try #require(doc.member(aps, "badge"))
        #expect(doc.rawText(badge) == "3")
        #expect(doc.intValue(badge) == 3)
        #expect(doc.pointer(of: badge) == "/aps/badge")
        let array = try #require(doc.member(doc.root, "a/b"))
        let items = doc.elements(array)
        #expect(items.count == 3)
        #expect(doc.pointer(of: items[2]) == "/a~1b/2")
        #expect(doc.boolValue(items[0]) == true)
        #expect(doc.kind(items[1]) == .null)
        #expect(doc.pointer(of: doc.root) == "")
        let keys = doc.members(aps).map { doc.string($0.key) }
        #expect(keys == ["alert", "badge"])
    }

    @Test func tildeIsEscapedBeforeSlash() {
        #expect(JSONPointer.escape("~1") == "~01")
        #expect(JSONPointer.join(["a/b", "c~d"]) == "/a~1b/c~0d")
    }

    @Test func stringsAreDecodedOnlyWhenAsked() throws {
        let doc = try document(#"["caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n"]"#)
        let s = doc.elements(doc.root)[0]
        #expect(doc.string(s) == "café 😀 \"q\" \\ / \n")
        #expect(doc.nodes[s].flags & JSONNode.hasEscapes != 0)
    }

    @Test func syntaxErrorsSayWhatWasExpectedAndWhere() {
        let cases: [(String, Int, String)] = [
            (#"{"a": 1,}"#, 7, "trailing comma"),
            (#"{"a" 1}"#, 5, "expected ':'"),
            (#"[1 2]"#, 3, "expected ',' or ']'"),
            (#"{"a": 01}"#, 6, "leading zeros"),
            (#"{'a': 1}"#, 1, "single quote"),
            ("", 0, "end of the file"),
            (#"{"a": "x"#, 6, "not closed"),
            (#"{"a": tru}"#, 6, "expected 'true'"),
            ("{\"a\": \"line\nbreak\"}", 11, "line break"),
            (#"{"a": 1} x"#, 9, "end of the file after"),
        ]
        for (text, offset, phrase) in cases {
            let result = parse(text)
            #expect(result.document == nil, "\(text)")
            #expect(result.error?.kind == .syntax)
            #expect(result.error?.offset == offset, "\(text): offset \(result.error?.offset ?? -1)")
            #expect(result.error?.message.contains(phrase) == true, "\(text): \(result.error?.message ?? "")")
        }
    }

    @Test func duplicateKeysAreIssuesNotErrors() throws {
        let result = parse(#"{"a": 1, "b": 2, "a": 3}"#)
        let doc = try #require(result.document)
        #expect(result.issues.count == 1)
        guard case .duplicateKey(let key, let first)? = result.issues.first?.kind else {
            Issue.record("expected a duplicate key")
            return
        }
        #expect(doc.string(key) == "a" && doc.string(first) == "a" && key > first)
        // The last value wins, as providers do.
        #expect(doc.member(doc.root, "a").flatMap { doc.intValue($0) } == 3)
    }

    @Test func duplicateKeysInLargeObjectsUseTheHashedPath() throws {
        var text = "{"
        for i in 0..<1000 { text += "\"k\(i)\": \(i)," }
        text += "\"k500\": 1, \"k\\u0035\": 2}"
        let result = parse(text)
        #expect(result.document != nil)
        #expect(
            result.issues.filter { if case .duplicateKey = $0.kind { return true } else { return false } }.count == 2)
    }

    @Test func encodingProblemsAreFoundWithLocations() {
        let bom = JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        #expect(bom.document != nil)
        #expect(bom.issues.first?.kind == .byteOrderMark)

        let utf16 = JSONParser.parse([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00])
        #expect(utf16.error?.kind == .encoding)
        #expect(utf16.error?.message.contains("UTF-16") == true)

        let invalid = JSONParser.parse(Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8))
        #expect(invalid.issues.first?.kind == .invalidUTF8)
        #expect(invalid.issues.first?.span.start == 3)

        let lone = parse(#"["\ud800x"]"#)
        #expect(lone.issues.first?.kind == .unpairedSurrogate)
    }

    @Test func deepNestingStopsAtTheLimitWithoutRecursion() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = parse(deep)
        #expect(result.error?.kind == .limit)
        #expect(result.error?.offset == 512)
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parse(ok).document != nil)
    }

    @Test func sizeLimitRefusesWithoutParsing() {
        let result = JSONParser.parse(Array("[1,2,3]".utf8), options: JSONParseOptions(maxBytes: 3))
        #expect(result.error?.kind == .limit)
    }

    @Test func jsoncAllowsCommentsAndTrailingCommas() throws {
        let text = """
            // config
            { "a": [1, 2,], /* block */ "b": true, }
            """
        #expect(parse(text).document == nil)
        let doc = try document(text, .jsonc)
        #expect(doc.member(doc.root, "b").flatMap { doc.boolValue($0) } == true)
        #expect(parse("{/* open", .jsonc).error?.message.contains("comment is not closed") == true)
    }

    @Test func templateModeAcceptsPlaceholdersInValuePosition() throws {
        let text = #"{"badge": {{count}}, "alert": "Hi {{name}}", "raw": {{{ html }}}, "list": [{{a}}, 1]}"#
        #expect(parse(text).document == nil)
        let doc = try document(text, .defaultTemplate)
        let badge = try #require(doc.member(doc.root, "badge"))
        #expect(doc.kind(badge) == .placeholder)
        #expect(doc.rawText(badge) == "{{count}}")
        #expect(doc.kind(try #require(doc.member(doc.root, "raw"))) == .placeholder)
        #expect(doc.kind(try #require(doc.member(doc.root, "alert"))) == .string)
        let custom = try document(#"{"badge": <%= n %>}"#, .template(open: "<%=", close: "%>"))
        #expect(custom.kind(try #require(custom.member(custom.root, "badge"))) == .placeholder)
        #expect(
            parse(#"{"badge": {{count}"#, .defaultTemplate).error?.message.contains("placeholder is not closed") == true
        )
    }

    // The fast paths step 8 bytes at a time: runs of 7, 8 and 9 bytes end inside, at and after a step.

    @Test func invalidUTF8AfterAnASCIIRunIsFoundAtItsByte() {
        for run in [0, 1, 7, 8, 9, 15, 16, 17] {
            let prefix = Array("[\"".utf8) + Array(repeating: UInt8(ascii: "a"), count: run)
            let result = JSONParser.parse(prefix + [0xE2, 0x28, 0xA1] + Array("\"]".utf8))
            #expect(result.document != nil)
            // 0xE2 starts no sequence (0x28 is not a continuation byte), 0xA1 starts none either.
            #expect(
                result.issues.map(\.span) == [
                    ByteSpan(prefix.count, prefix.count + 1), ByteSpan(prefix.count + 2, prefix.count + 3),
                ], "run \(run)")
        }
    }

    @Test func whitespaceRunsOfAnyLengthAreSkipped() throws {
        for run in [1, 7, 8, 9, 16, 17] {
            let spaces = String(repeating: " ", count: run)
            let doc = try document("{\n\(spaces)\"a\"\(spaces):\(spaces)[\(spaces)1\(spaces)]\n\(spaces)}\(spaces)")
            let a = try #require(doc.member(doc.root, "a"))
            #expect(doc.rawText(doc.elements(a)[0]) == "1")
        }
    }

    @Test func aStringMayEndExactlyAtTheEndOfTheInput() throws {
        for length in [0, 6, 7, 8, 9, 16] {
            let text =
                "\"" + String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2) + "\""
            let doc = try document(text)
            #expect(doc.nodes[doc.root].end == UInt32(text.utf8.count))
            let unclosed = parse(String(text.dropLast()))
            #expect(unclosed.error?.message.contains("string is not closed") == true)
            #expect(unclosed.error?.offset == 0)
        }
    }

    @Test func largeDocumentsGrowTheirNodeStorage() throws {
        // One node per 2 bytes, four times the first estimate.
        let doc = try document("[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]")
        #expect(doc.nodes.count == 10_001)
        #expect(doc.nodes[0].next == 10_001)
        #expect(doc.nodes[10_000].ordinal == 9_999)
        #expect(doc.count(0) == 10_000)
    }

    /// `count` climbs from a container's last node; walking its children must give the same numbers, whatever the
    /// last child is (a scalar, a container, a placeholder).
    @Test(arguments: [
        (#"[[], {}, [1], {"a": {}}, [[1, [2, [3]]]], {"a": 1, "b": [{"c": {"d": []}}]}, [{}, [], ""]]"#, 18, 7),
        (#"{"a": [], "b": 1}"#, 2, 2),
        (#"{"a": {"x": {{ v }} }, "b": [1, {{ w }}], "c": {{ z }} }"#, 3, 3),
    ])
    func childrenAreCountedFromTheLastNodeOfTheSubtree(_ text: String, _ containers: Int, _ rootCount: Int) throws {
        let doc = try document(text, .defaultTemplate)
        var found = 0
        for id in doc.nodes.indices where doc.kind(id) == .object || doc.kind(id) == .array {
            var walked = 0
            var child = id + 1
            while child < Int(doc.nodes[id].next) {
                if doc.kind(child) == .key { child += 1 }
                walked += 1
                child = Int(doc.nodes[child].next)
            }
            #expect(doc.count(id) == walked, "node \(id)")
            #expect(doc.elements(id).count == walked, "node \(id)")
            found += 1
        }
        #expect(found == containers)
        #expect(doc.count(0) == rootCount)
    }

    /// The last member of a name wins, whether its key is written plainly or with escapes; a key of another length
    /// or spelling is not the name.
    @Test func memberFindsTheLastKeyOfTheNameWithOrWithoutEscapes() throws {
        let doc = try document(#"{"a": 1, "\u0061": 2, "ab": 3, "b": 4, "\u0062x": 5}"#)
        #expect(doc.member(0, "a").map { doc.rawText($0) } == "2")
        #expect(doc.member(0, "ab").map { doc.rawText($0) } == "3")
        #expect(doc.member(0, "b").map { doc.rawText($0) } == "4")
        #expect(doc.member(0, "bx").map { doc.rawText($0) } == "5")
        #expect(doc.member(0, "x") == nil)
        #expect(doc.member(2, "a") == nil, "not an object")
    }

    @Test func lineIndexCountsColumnsInScalars() {
        let text = "{\n\t\"é😀\": 1\r\n}"
        let lines = LineIndex(Array(text.utf8))
        // The `1` stands after tab, quote, é, 😀, quote, colon, space: column 8 on line 2.
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "1"))!
        #expect(lines.position(of: offset) == SourcePosition(line: 2, column: 8))
        #expect(lines.position(of: Array(text.utf8).count - 1) == SourcePosition(line: 3, column: 1))
        #expect(lines.lineText(2) == "\t\"é😀\": 1")
    }

    /// With recovery on, strict and template parses pass over trailing commas and record each; the document is
    /// the one the file would be without them. Off (the default), the first one is an error as before.
    @Test func trailingCommasAreRecoveredAndRecordedWhenAsked() throws {
        let text = #"{"a": [1, 2,], "b": {"c": true,},}"#
        #expect(parse(text).error?.message.contains("trailing comma") == true)
        for mode in [JSONParseOptions.Mode.strict, .defaultTemplate] {
            let result = JSONParser.parse(text, options: JSONParseOptions(mode: mode, recoversTrailingCommas: true))
            let doc = try #require(result.document, "\(mode)")
            #expect(result.error == nil)
            #expect(result.issues.map(\.kind) == [.trailingComma, .trailingComma, .trailingComma])
            let commas = result.issues.map { Array(text.utf8)[$0.span.start] }
            #expect(commas.allSatisfy { $0 == UInt8(ascii: ",") } && result.issues.allSatisfy { $0.span.length == 1 })
            #expect(doc.count(try #require(doc.member(doc.root, "a"))) == 2)
            #expect(doc.count(doc.root) == 2)
        }
        // Not a trailing comma: still errors, with recovery on.
        for broken in [#"[1,,]"#, #"{"a": 1,,}"#, #"[,]"#, #"{,}"#, #"[1,"#] {
            let result = JSONParser.parse(broken, options: JSONParseOptions(recoversTrailingCommas: true))
            #expect(result.document == nil, "\(broken)")
        }
        // JSONC accepts them silently, as before.
        #expect(
            JSONParser.parse(text, options: JSONParseOptions(mode: .jsonc, recoversTrailingCommas: true)).issues.isEmpty
        )
    }
}
