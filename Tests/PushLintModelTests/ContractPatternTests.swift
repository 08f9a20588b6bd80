import Foundation
import PushLintModel
import Testing

/// `ContractPattern` reads the regular-expression subset of JSON Schema `pattern`s; Swift's `Regex` is the
/// reference it must agree with on every pattern of that subset (tests may use Regex; Rules and Model do not).
@Suite struct ContractPatternTests {
    static let patterns = [
        "^[0-9]+$", "^order_[a-z]+$", "^(shipped|delivered|cancelled)$", "^[A-Z]{2,3}-\\d{4}$", "\\d{3}", "^c_\\w+$",
        "^https?://[^/]+/", "^[^\\s]+$", "a.c", "^$", "^(ab)*$", "^(a|b)+c?$", "^x{2}$", "^x{2,}$", "^[-a-z_]+$",
        "^[a\\-z]$", "^\\.json$", "^\\u00e9t\\u00e9$", "^(?:ab|cd){1,2}$", "^[\\d.]+$", "^a+?b$", "^\\W+$",
        "^[\\]x]+$", "colou?r", "^\\S+@\\S+$", "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}$",
    ]
    static let texts = [
        "", "1042", "10a42", "order_shipped", "order_Shipped", "shipped", "cancelled!", "AB-1234", "ABCD-1234", "x123y",
        "c_81", "c_", "https://example.com/a", "http://x/", "ftp://x/", "no spaces", "nospaces", "abc", "a\nc", "ab",
        "abab", "aab", "abbc", "xx", "xxx", "x", "a-b", "-", "z", ".json", "ajson", "été", "abcd", "cdab", "abcdab",
        "1.2.3", "aaab", "aaaaaaaaaaaaaaaaaaaaaaac", "!!", "]]x", "color", "colour", "a@b", "4f9c2a1e-7b3d", "é",
    ]

    @Test(arguments: patterns)
    func agreesWithSwiftRegex(_ source: String) throws {
        let pattern = try #require(ContractPattern(source), "\(source): \(ContractPattern.problem(source) ?? "")")
        let reference = try Regex(source)
        // \w and \W are ASCII in JSON Schema's (ECMA-262) patterns, Unicode-aware in Swift's Regex: compared on
        // ASCII text only.
        let asciiOnly = source.contains("\\w") || source.contains("\\W")
        for text in Self.texts where !asciiOnly || text.unicodeScalars.allSatisfy(\.isASCII) {
            let expected = (try? reference.firstMatch(in: text)) != nil
            #expect(pattern.matches(text) == expected, "\(source) on \(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("^(?=a)", "look-around"), ("(a)\\1", "back-references"), ("\\bword\\b", "word boundaries"),
        ("[a-", "unclosed"),
        ("(ab", "unclosed"), ("ab)", "unbalanced"), ("*a", "nothing to repeat"), ("a{3,1}", "counts down"),
        ("[z-a]", "backwards"), ("a++", "possessive"), ("\\", "ends with"),
    ])
    func refusesWhatItDoesNotRead(_ source: String, _ reason: String) {
        #expect(ContractPattern(source) == nil)
        #expect(
            ContractPattern.problem(source)?.contains(reason) == true,
            "\(source): \(ContractPattern.problem(source) ?? "nil")")
    }

    /// The automaton answers exponential-backtracking patterns exactly and at once.
    @Test func catastrophicBacktrackingPatternsAreAnsweredExactly() throws {
        let pattern = try #require(ContractPattern("^(a|a)*$"))
        #expect(pattern.check(String(repeating: "a", count: 40) + "b") == .notMatched)
        #expect(pattern.check(String(repeating: "a", count: 10)) == .matched)
    }
}
