import PushLintJSON
import Testing

/// `JSONDocument.displayQuoted`: the string literal of files pushlint writes from a repository's sources, which are
/// also shown as a diff on a terminal.
@Suite struct DisplayQuotedTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("tab\tand \"quote\"", #""tab\tand \"quote\"""#),
        ("esc\u{1B}[2J", #""esc\u001b[2J""#),
        ("del\u{7F}", #""del\u007f""#),
        ("csi\u{9B}31m", #""csi\u009b31m""#),
        ("rlo\u{202E}lre\u{202A}fsi\u{2068}", #""rlo\u202elre\u202afsi\u2068""#),
        ("café ✓ 中文", #""café ✓ 中文""#),
    ])
    func escapesWhatATerminalActsOnOrHides(text: String, literal: String) throws {
        let quoted = JSONDocument.displayQuoted(text)
        #expect(quoted == literal)
        // The same value for a JSON reader.
        let document = try #require(JSONParser.parse(Array(quoted.utf8)).document)
        #expect(document.string(document.root) == text)
    }
}
