import PushLintModel
import Testing

@Suite struct GlobTests {
    func matches(_ pattern: String, _ path: String) throws -> Bool { try Glob(pattern).matches(path) }

    @Test func patternWithoutSlashMatchesANameAtAnyDepth() throws {
        #expect(try matches("*.json", "a.json"))
        #expect(try matches("*.json", "push/ios/a.json"))
        #expect(try !matches("*.json", "a.json.tmpl"))
    }

    @Test func doubleStarSpansFolders() throws {
        #expect(try matches("push/**/*.json", "push/a.json"))
        #expect(try matches("push/**/*.json", "push/ios/deep/a.json"))
        #expect(try !matches("push/**/*.json", "other/push/a.json"))
        #expect(try matches("push/drafts/**", "push/drafts/x/y.json"))
        #expect(try matches("push/drafts/", "push/drafts/x.json"))
        #expect(try matches("**/*.json", "a.json"))
    }

    @Test func singleStarAndQuestionMarkStayInOneName() throws {
        #expect(try !matches("push/*.json", "push/ios/a.json"))
        #expect(try matches("push/?.json", "push/a.json"))
        #expect(try !matches("push/?.json", "push/ab.json"))
    }

    @Test func characterClasses() throws {
        #expect(try matches("v[0-9].json", "v1.json"))
        #expect(try !matches("v[!0-9].json", "v1.json"))
        #expect(try matches("v[!0-9].json", "vx.json"))
    }

    /// `**/*.json` takes a suffix test; `**/*[.]json` means the same and takes the general matcher.
    @Test(arguments: [
        ("**/*.json", "**/*[.]json"), ("*.json.tmpl", "*[.]json.tmpl"), ("*é.json", "*[é].json"), ("**/*x", "**/*[x]"),
    ])
    func theSuffixFastPathAgreesWithTheGeneralMatcher(_ fast: String, _ general: String) throws {
        let paths = [
            "", ".", "./", "/", "a.json", "./a.json", "push/ios/a.json", "push/ios/a.json/", "push//a.json",
            "a.json.tmpl",
            "x/a.json.tmpl", "café.json", "x/café.json", "json", ".json", "a.jsonx", "dir.json/file", "x", "a/x",
            "a/x/",
            "注文/é.json",
        ]
        for path in paths {
            #expect(try matches(fast, path) == matches(general, path), "\(fast) vs \(general) on '\(path)'")
        }
    }

    @Test func invalidGlobsAreErrors() {
        #expect(throws: Glob.InvalidGlob.self) { try Glob("push/[abc") }
        #expect(throws: Glob.InvalidGlob.self) { try Glob("") }
        #expect(throws: Glob.InvalidGlob.self) { try Glob("[z-a]") }
    }
}

@Suite struct PlaceholderTests {
    @Test func findsPlaceholdersAndTheirVariables() {
        let found = PlaceholderDelimiters.mustache.find(in: "Hi {{ user.name | upper }}, {{{raw}}} and {{#if vip}}")
        #expect(found.map(\.variable) == ["user.name", "raw", "vip"])
        #expect(PlaceholderDelimiters.mustache.find(in: "no {{ end").isEmpty)
        #expect(PlaceholderDelimiters(open: "${", close: "}").find(in: "a ${x} b").map(\.variable) == ["x"])
    }

    @Test(arguments: [
        "", "plain", "{{x}}", "{{", "}}", "a }} b {{", "{{ open only", "{{{raw}}}", "{{{raw}}",
        "{{a}} then {{ unclosed",
        "{{ unclosed then {{a}}", "{ {x} }", "Zürich {{ stadt }} 注文", "{{}}", "{{{}}}", "x{{y}}z{{w",
    ])
    func containsPlaceholderAgreesWithFind(_ text: String) {
        for delimiters in [
            PlaceholderDelimiters.mustache, PlaceholderDelimiters(open: "${", close: "}"),
            PlaceholderDelimiters(open: "«", close: "»"),
        ] {
            let bytes = Array(text.utf8)
            let contains = bytes.withUnsafeBufferPointer { delimiters.containsPlaceholder($0) }
            #expect(contains == !delimiters.find(in: text).isEmpty, "\(delimiters.open) \(delimiters.close) in \(text)")
        }
    }
}

@Suite struct SuggestTests {
    @Test func swapsCountAsOneEdit() {
        #expect(Suggest.closest(to: "titel", in: ["title", "body"]) == "title")
        #expect(Suggest.closest(to: "badeg", in: ["badge", "sound"]) == "badge")
        #expect(Suggest.closest(to: "xyz", in: ["badge", "sound"]) == nil)
        #expect(Suggest.sameWordDifferentSpelling("contentAvailable", in: ["content-available"]) == "content-available")
    }
}
