import PushLintEngine
import PushLintModel
import TestSupport
import Testing

@Suite struct DiscoveryTests {
    func discover(_ dir: TempDirectory, _ paths: [String], config: Config = .defaults) throws -> [LintTarget] {
        let discovery = Discovery(config: config, baseDirectory: dir.path, cwd: dir.path)
        return try discovery.targets(for: paths)
    }

    @Test func walksSortedWithIncludesExcludesAndDefaultExcludes() throws {
        let dir = TempDirectory()
        for name in [
            "b.json", "a.json", "sub/c.json", "sub/d.txt", "t.json.tmpl", "node_modules/x.json", ".git/y.json",
            "Pods/z.json", "drafts/w.json",
        ] {
            dir.write(name, "{}")
        }
        var config = Config.defaults
        config.exclude = [try Glob("drafts/**")]
        let targets = try discover(dir, ["."], config: config)
        #expect(targets.map(\.path.display) == ["a.json", "b.json", "sub/c.json", "t.json.tmpl"])
        #expect(targets.allSatisfy { !$0.isExplicit })
    }

    /// A folder's files come in the byte order of their names, whether they are all ASCII (sorted as Strings) or
    /// not (sorted by their bytes): upper case before lower case, `-` before `.` before digits, and in UTF-8 `é`
    /// (C3 A9) after `z`. (No two names differ only in case or normalization: some file systems take them as one.)
    @Test(arguments: [false, true]) func walksFoldersInByteOrderOfNames(withNonASCII: Bool) throws {
        let dir = TempDirectory()
        var names = ["b.json", "C.json", "a-1.json", "a.json", "a1.json", "z.json", "e.json"]
        if withNonASCII { names += ["\u{E9}.json", "\u{6CE8}.json"] }
        for name in names { dir.write(name, "{}") }
        let found = try discover(dir, ["."]).map(\.path.display)
        #expect(found == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(found.prefix(4) == ["C.json", "a-1.json", "a.json", "a1.json"])
    }

    /// Each path of a walked file (shown, relative to the config, absolute) is its folder's, a slash and its name.
    @Test func pathsOfNonASCIINamesAreComposedWhole() throws {
        let dir = TempDirectory()
        for name in ["注文/é.json", "sub dir/ü x.json"] { dir.write(name, "{}") }
        let targets = try discover(dir, ["."])
        #expect(targets.map(\.path.display) == ["sub dir/ü x.json", "注文/é.json"])
        #expect(targets.map(\.path.configRelative) == ["sub dir/ü x.json", "注文/é.json"])
        #expect(targets.map(\.path.absolute) == [dir.path + "/sub dir/ü x.json", dir.path + "/注文/é.json"])
    }

    @Test func overlappingPathsGiveEachFileOnce() throws {
        let dir = TempDirectory()
        for name in ["a.json", "sub/c.json", "sub/deeper/e.json"] { dir.write(name, "{}") }
        let targets = try discover(dir, ["sub", ".", "a.json", "sub/deeper", "a.json"])
        #expect(targets.map(\.path.display) == ["sub/c.json", "sub/deeper/e.json", "a.json"])
        #expect(try discover(dir, ["."]).map(\.path.display) == ["a.json", "sub/c.json", "sub/deeper/e.json"])
    }

    @Test func explicitFilesAreAlwaysLinted() throws {
        let dir = TempDirectory()
        dir.write("notes.txt", "x")
        let targets = try discover(dir, ["notes.txt"])
        #expect(targets.map(\.path.display) == ["notes.txt"])
        #expect(targets.first?.isExplicit == true)
    }

    @Test func missingPathIsAnError() {
        let dir = TempDirectory()
        #expect(throws: Discovery.MissingPath.self) { try discover(dir, ["nope"]) }
    }

    @Test func symlinkLoopsAreNotFollowedTwice() throws {
        let dir = TempDirectory()
        dir.write("push/a.json", "{}")
        dir.symlink("push/loop", to: dir.path + "/push")
        dir.symlink("push/self", to: ".")
        let targets = try discover(dir, ["."])
        #expect(targets.map(\.path.display) == ["push/a.json"])
    }

    @Test func symlinksOutOfTheRootAreNotFollowed() throws {
        let outside = TempDirectory()
        outside.write("secret.json", "{}")
        let dir = TempDirectory()
        dir.write("push/a.json", "{}")
        dir.symlink("push/out", to: outside.path)
        dir.symlink("push/out.json", to: outside.path + "/secret.json")
        #expect(try discover(dir, ["."]).map(\.path.display) == ["push/a.json"])
        // Named explicitly, a link is followed.
        #expect(try discover(dir, ["push/out.json"]).map(\.path.display) == ["push/out.json"])
    }

    @Test func brokenSymlinkNamedExplicitlyIsATarget() throws {
        let dir = TempDirectory()
        dir.symlink("gone.json", to: dir.path + "/missing.json")
        #expect(try discover(dir, ["gone.json"]).count == 1)
        #expect(try discover(dir, ["."]).isEmpty)
    }
}
