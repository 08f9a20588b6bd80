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

    /// A path as the file system takes it: relative ones start at the working directory, `.` and empty parts go,
    /// `..` climbs (never above `/`), a trailing slash goes, and the empty path is the working directory itself.
    @Test(arguments: [
        ("a.json", "/w/project", "/w/project/a.json"), ("/etc/x.json", "/w/project", "/etc/x.json"),
        ("../other/a.json", "/w/project", "/w/other/a.json"),
        ("./push/./a.json", "/w/project", "/w/project/push/a.json"),
        ("push/", "/w/project", "/w/project/push"), ("", "/w/project", "/w/project"), (".", "/w/project", "/w/project"),
        ("../../../..", "/w/project", "/"), ("a//b", "/w/project/", "/w/project/a/b"), ("/a/b/../c/", "/", "/a/c"),
        ("x", "/", "/x"),
    ])
    func makesAPathAbsolute(_ path: String, _ cwd: String, _ absolute: String) {
        #expect(PathText.absolute(path, cwd: cwd) == absolute)
    }

    /// Normalizing keeps a relative path relative (its leading `..` stay) and an absolute one absolute.
    @Test(arguments: [
        ("a/./b/../c", "a/c"), ("../a", "../a"), ("a/..", "."), ("", "."), ("/..", "/"), ("/a/b/", "/a/b"),
        ("//a///b", "/a/b"), ("a/../../b", "../b"),
    ])
    func normalizesTextually(_ path: String, _ normalized: String) {
        #expect(PathText.normalize(path) == normalized)
    }

    /// The folder of a path: `/` for a name at the root, `.` for a bare name.
    @Test(arguments: [("/a/b.json", "/a"), ("/b.json", "/"), ("b.json", "."), ("a/b", "a")])
    func findsTheParentFolder(_ path: String, _ parent: String) {
        #expect(PathText.parent(path) == parent)
    }

    /// The name a path ends in: the whole path without a slash, empty after a trailing slash.
    @Test(arguments: [("/a/b.json", "b.json"), ("/b.json", "b.json"), ("b.json", "b.json"), ("a/", "")])
    func findsTheLastComponent(_ path: String, _ name: String) {
        #expect(PathText.lastComponent(path) == name)
    }

    /// Relative to a base: `../` where the path is not under it, `.` for the base itself.
    @Test(arguments: [("/w/p/a.json", "/w/p", "a.json"), ("/w/q/a.json", "/w/p", "../q/a.json"), ("/w/p", "/w/p", ".")])
    func makesAPathRelative(_ path: String, _ base: String, _ relative: String) {
        #expect(PathText.relative(path, to: base) == relative)
    }
}
