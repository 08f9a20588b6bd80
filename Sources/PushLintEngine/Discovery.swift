import PushLintJSON
import PushLintModel
import Synchronization

/// A file to lint.
public struct LintTarget: Sendable, Hashable {
    public var path: LintPath
    /// Named on the command line, or by a config glob that says more than an extension (`include:
    /// ["push/**/*.json"]`, `kinds`, `templates`), or an `.apns` file: held to the payload standard. A file found
    /// by a generic glob (`**/*.json`) is linted only when its content shows a payload (docs/discovery.md).
    public var isExplicit: Bool

    public init(path: LintPath, isExplicit: Bool) {
        self.path = path
        self.isExplicit = isExplicit
    }
}

/// Finds the files to lint (DESIGN.md §2): named files always; folders walked in sorted order for `include`
/// minus `exclude` and the always-excluded folders; symlink loops and links out of the walked root are not
/// followed. The one place a run's `LintPath`s are made: for the files it finds, for standard input, and for an
/// editor's document.
public struct Discovery: Sendable {
    public var config: Config
    /// Absolute folder globs are relative to.
    public var baseDirectory: String
    public var cwd: String
    public var fileSystem: any FileSystem
    /// Absolute paths never linted when found by walking (the config and the contract).
    public var ignoredFiles: Set<String> = []
    /// `--force-exclude`: a file named explicitly that `exclude` (or an always-excluded folder) matches is skipped,
    /// as ruff's flag of that name does for the files a pre-commit hook names.
    public var forceExclude = false
    /// Where the walks record what they found (nil: not recorded).
    public var tally: DiscoveryTally?

    public struct MissingPath: Error, Sendable {
        public var path: String
    }

    public init(config: Config, baseDirectory: String, cwd: String, fileSystem: any FileSystem) {
        self.config = config
        self.baseDirectory = baseDirectory
        self.cwd = cwd
        self.fileSystem = fileSystem
    }

    public func targets(for paths: [String]) throws(MissingPath) -> [LintTarget] {
        var result: [LintTarget] = []
        try forEachTarget(in: paths) { result.append($0) }
        return result
    }

    /// Hands each target to `emit` as soon as it is found, in the order of `targets(for:)`, so linting can start
    /// while a large tree is still being walked.
    public func forEachTarget(in paths: [String], _ emit: (LintTarget) -> Void) throws(MissingPath) {
        // One walk never meets a path twice (a loop is cut by device and inode): only several paths named on the
        // command line can overlap. Hashing every path of a large tree costs a tenth of the walk.
        var seen: Set<String>? = paths.count > 1 ? [] : nil
        for path in paths {
            let absolute = PathText.absolute(path, cwd: cwd)
            guard let info = fileSystem.info(absolute, followLinks: true) else {
                // A dangling symlink named explicitly is still a file the user asked about.
                if fileSystem.info(absolute, followLinks: false) != nil {
                    if Self.firstTime(absolute, &seen) { emit(target(absolute, explicit: true)) }
                    continue
                }
                throw MissingPath(path: path)
            }
            if case .directory = info.kind {
                var visited: Set<[UInt64]> = []
                let root = fileSystem.realPath(absolute) ?? absolute
                var count = 0
                tally?.noteWalk()
                walk(absolute, root: root, visited: &visited, seen: &seen) {
                    count += 1
                    emit($0)
                }
                if count == 0 { tally?.noteEmpty(path) }
            } else if forceExclude, excludes(PathText.relative(absolute, to: baseDirectory)) {
                continue
            } else if Self.firstTime(absolute, &seen) {
                emit(target(absolute, explicit: true))
            }
        }
    }

    /// False when `path` was met before; always true when paths are not tracked (`seen` nil).
    static func firstTime(_ path: String, _ seen: inout Set<String>?) -> Bool {
        seen?.insert(path).inserted ?? true
    }

    func target(_ absolute: String, explicit: Bool) -> LintTarget {
        LintTarget(
            path: LintPath(
                display: PathText.relative(absolute, to: cwd), absolute: absolute,
                configRelative: PathText.relative(absolute, to: baseDirectory)),
            isExplicit: explicit)
    }

    /// Standard input linted under `name` (`<stdin>`, or `--stdin-filename`): shown as named, where a file of that
    /// name in the working directory would be (so a baseline entry of that file applies to it), and matched by
    /// the config's globs as named.
    public func standardInput(named name: String) -> LintPath {
        LintPath(display: name, absolute: PathText.absolute(name, cwd: cwd), configRelative: name)
    }

    /// A file the run knows by its absolute path and shows as `display` rather than finding it by a walk: the
    /// document an editor holds (an `untitled:` one keeps its name in every form but the config-relative one), and
    /// the contract file, where the contract rules' findings are located.
    public static func knownFile(absolute: String, display: String, baseDirectory: String) -> LintPath {
        LintPath(
            display: display, absolute: absolute, configRelative: PathText.relative(absolute, to: baseDirectory))
    }

    /// A folder's entries in the byte order of their names (the order does not depend on the locale). ASCII names,
    /// nearly all, sort as Strings: Swift compares ASCII by its bytes, and a short name in place, which is
    /// cheaper than reading each name's bytes for every comparison (a tenth of a walk when done for all).
    static func sortedByBytes(_ entries: [(name: String, kind: FileInfo.Kind?)]) -> [(
        name: String, kind: FileInfo.Kind?
    )] {
        if entries.allSatisfy({ $0.name.withUTF8Bytes(ASCIIText.isASCII) }) {
            return entries.sorted { $0.name < $1.name }
        }
        return entries.sorted { ASCIIText.precedesInUTF8($0.name, $1.name) }
    }

    func walk(
        _ directory: String, root: String, visited: inout Set<[UInt64]>, seen: inout Set<String>?,
        _ emit: (LintTarget) -> Void
    ) {
        guard let info = fileSystem.info(directory, followLinks: true) else {
            // A folder that cannot be looked at (a path past PATH_MAX): unreadable, as one that cannot be listed.
            if Self.firstTime(directory, &seen) { emit(target(directory, explicit: false)) }
            return
        }
        guard visited.insert([info.device, info.inode]).inserted else { return }  // a loop
        guard let entries = try? fileSystem.entries(directory) else {
            // An unreadable folder: its files cannot be linted; report it as a file the engine cannot read.
            if Self.firstTime(directory, &seen) { emit(target(directory, explicit: false)) }
            return
        }
        // Relative forms of the folder once, then of each name by appending: a walk touches thousands of files.
        let relativeDirectory = PathText.relative(directory, to: baseDirectory)
        let displayDirectory = PathText.relative(directory, to: cwd)
        for entry in Self.sortedByBytes(entries) {
            let name = entry.name
            let path = PathText.join(directory, name)
            guard var kind = entry.kind ?? fileSystem.info(path, followLinks: false)?.kind else { continue }
            if case .symlink = kind {
                // Follow links only when they stay inside the walked root.
                guard let real = fileSystem.realPath(path), real == root || real.hasPrefix(root + "/"),
                    let targetInfo = fileSystem.info(path, followLinks: true)
                else { continue }
                kind = targetInfo.kind
            }
            let relative = PathText.join(relativeDirectory, name)
            switch kind {
            case .directory:
                if Config.alwaysExcluded.contains(name) { continue }
                if config.exclude.contains(where: { $0.matches(relative) || $0.matches(relative + "/") }) { continue }
                walk(path, root: root, visited: &visited, seen: &seen, emit)
            case .file:
                guard let include = config.include.firstIndex(where: { $0.matches(relative) }),
                    !config.exclude.contains(where: { $0.matches(relative) })
                else { continue }
                tally?.noteInclude(include)
                if name == Project.configFileName || ignoredFiles.contains(path) { continue }
                if Self.firstTime(path, &seen) {
                    emit(
                        LintTarget(
                            path: LintPath(
                                display: PathText.join(displayDirectory, name), absolute: path, configRelative: relative
                            ),
                            isExplicit: declaresPayload(relative)))
                }
            default:
                continue
            }
        }
    }
}

/// What the walks of a run found, for the notes of an empty result: named folders that gave no file, and which
/// `include` globs matched a file. Written by the one thread that walks, read when the run is over.
public final class DiscoveryTally: Sendable {
    struct State {
        var emptyPaths: [String] = []
        var matchedIncludes: Set<Int> = []
        /// A folder was walked (a run of named files only says nothing about `include`).
        var walked = false
    }
    let state = Mutex(State())
    let includeCount: Int

    public init(includeCount: Int) { self.includeCount = includeCount }

    func noteEmpty(_ path: String) { state.withLock { $0.emptyPaths.append(path) } }

    func noteWalk() { state.withLock { $0.walked = true } }

    /// Asked for every file a walk finds (an uncontended lock: the walk is one thread).
    func noteInclude(_ index: Int) {
        state.withLock { state in
            if state.matchedIncludes.count < includeCount { state.matchedIncludes.insert(index) }
        }
    }

    var snapshot: State { state.withLock { $0 } }
}

// MARK: Payload or not (docs/discovery.md)

extension Discovery {
    /// The editor's document (the language server) as the walk of the config's folder would find it, nil when the
    /// walk skips it (not under `include`, under `exclude` or an always excluded folder, the config or contract
    /// itself): held to the payload standard exactly when the walk holds it so (`declaresPayload`), so that the
    /// editor and `pushlint lint` report the same findings. A document not saved yet (no absolute path) is linted.
    public func editorTarget(absolutePath: String, displayPath: String) -> LintTarget? {
        let path = Self.knownFile(absolute: absolutePath, display: displayPath, baseDirectory: baseDirectory)
        guard walkFinds(path.configRelative) || !absolutePath.hasPrefix("/"), !ignoredFiles.contains(absolutePath)
        else { return nil }
        return LintTarget(path: path, isExplicit: declaresPayload(path.configRelative))
    }

    /// Whether walking the config's folder lints the file at `relative` (a path relative to it).
    func walkFinds(_ relative: String) -> Bool {
        guard !relative.hasPrefix("../"), let name = relative.split(separator: "/").last,
            name != Project.configFileName
        else { return false }
        return config.include.contains(where: { $0.matches(relative) }) && !excludes(relative)
    }

    /// Whether `exclude` (or an always-excluded folder) keeps the file at `relative` (from the config's folder)
    /// out of a walk: what `--force-exclude` applies to named files.
    func excludes(_ relative: String) -> Bool { Self.excludes(relative, config: config) }

    /// Whether `config`'s `exclude` (or an always-excluded folder) keeps the file at `relative` out of a walk: the one
    /// place that decides it, for the walk, `--force-exclude` and the editor's unsaved documents alike.
    static func excludes(_ relative: String, config: Config) -> Bool {
        guard !relative.hasPrefix("../") else { return false }
        if config.exclude.contains(where: { $0.matches(relative) }) { return true }
        var folder = ""
        for part in relative.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(part) : folder + "/" + part
            if Config.alwaysExcluded.contains(String(part))
                || config.exclude.contains(where: { $0.matches(folder) || $0.matches(folder + "/") })
            {
                return true
            }
        }
        return false
    }

    /// Whether the config says the file at `relative` (a path from the config's folder) is a payload, rather than
    /// only matching a generic `include` glob: a glob of `include` that names a folder or a name (`push/**/*.json`,
    /// `welcome.json`), one of `kinds` or `templates`, or the `.apns` extension, which only payloads have.
    public func declaresPayload(_ relative: String) -> Bool {
        if relative.hasSuffix(".apns") { return true }
        if config.forcedKind(relative) != nil || config.templates.contains(where: { $0.matches(relative) }) {
            return true
        }
        return config.include.contains { !Self.isGeneric($0.pattern) && $0.matches(relative) }
    }

    /// A glob that only says which extension (`**/*.json`, `*.json.hbs`): it finds JSON files, not payloads.
    static func isGeneric(_ pattern: String) -> Bool {
        var rest = Substring(pattern)
        while rest.hasPrefix("**/") { rest = rest.dropFirst(3) }
        guard rest.hasPrefix("*.") else { return false }
        return !rest.dropFirst(2).contains(where: { $0 == "/" || $0 == "*" || $0 == "?" || $0 == "[" })
    }

    /// Whether a file that held no payload is still linted (so that `json-syntax` or `payload-kind-unknown` speak),
    /// or skipped without a word. pushlint's own files never are linted as payloads (the run's config
    /// and contract are checked by their readers when loaded; one named on the command line by
    /// `LintSession.checkPushLintFiles`). A file held to the payload standard (`isExplicit`) is linted. A walked
    /// file is linted only on evidence: what parses must look like a push payload (`looksLikePush`); what does not
    /// parse is read leniently (comments, trailing commas) and must then hold a payload, or, when even that fails,
    /// carry keys that only push payloads have (`PayloadKind.hasPushMarkers`). A tsconfig.json with comments, an
    /// empty or deliberately broken test fixture, a locale file: none of them is reported.
    static func lintsWithoutPayload(
        _ target: LintTarget, bytes: [UInt8]?, parse: JSONParseResult?, isTooLarge: Bool = false,
        fileSystem: (any FileSystem)? = nil
    ) -> Bool {
        let name = target.path.absolute.split(separator: "/").last.map(String.init) ?? target.path.absolute
        var document = parse?.document
        if document == nil, let bytes { document = lenientDocument(bytes) }
        if PushLintFile.recognise(name: name, document: document) != nil { return false }
        if target.isExplicit { return true }
        // Larger than --max-file-bytes (a package-lock.json of a monorepo): its first MiB shows a payload or not.
        if isTooLarge, let fileSystem, !Engine.isJSONLines(target.path.absolute) {
            // Nothing to read (an editor's document not saved yet): it cannot tell, so `json-limit` says it.
            let head = Self.prefix(of: target.path.absolute, fileSystem)
            return head.isEmpty || PayloadKind.hasPushMarkers(head)
        }
        // Unreadable: `io-error` says so.
        guard let bytes else { return true }
        if let strict = parse?.document { return PayloadKind.looksLikePush(strict, strict.root) }
        // A line of JSON Lines that does not parse (blank, cut by a log rotation) is a finding of its stream.
        if Engine.isJSONLines(target.path.absolute) { return true }
        if let document {
            let roots = document.kind(document.root) == .array ? document.elements(document.root) : [document.root]
            return roots.contains { PayloadKind.detect(document, $0) != nil || PayloadKind.looksLikePush(document, $0) }
        }
        return PayloadKind.hasPushMarkers(bytes)
    }

    /// The first MiB of a file (the rest is never read).
    static func prefix(of path: String, _ fileSystem: any FileSystem) -> [UInt8] {
        let limit = 1 << 20
        var bytes: [UInt8] = []
        _ = fileSystem.readChunks(path, upTo: limit) { chunk in
            bytes += chunk.prefix(limit - bytes.count)
        }
        return bytes
    }

    /// The file read as JSONC (comments and trailing commas), as a tool's config is written: nil when even that fails.
    static func lenientDocument(_ bytes: [UInt8]) -> JSONDocument? {
        JSONParser.parse(bytes, options: JSONParseOptions(mode: .jsonc, maxDepth: 512, maxBytes: bytes.count + 1))
            .document
    }
}
