import Testing

@testable import PushLintEngine

@Suite struct PathTextTests {
    /// A name under a folder: one slash between them, none added after a trailing one; `.`, an empty folder or an
    /// absolute name leave the name as it is.
    @Test(arguments: [
        ("push", "a.json", "push/a.json"), ("push/", "a.json", "push/a.json"), ("/", "etc", "/etc"),
        (".", "a.json", "a.json"), ("", "a.json", "a.json"), ("push", "/abs/a.json", "/abs/a.json"),
        ("注文", "é.json", "注文/é.json"), ("./push", "a.json", "./push/a.json"), ("push", "", "push/"),
    ])
    func joinsANameUnderAFolder(_ folder: String, _ name: String, _ joined: String) {
        #expect(PathText.join(folder, name) == joined)
    }
}
