/// Where a linted file is, in the three forms a run needs. Made once, where the file enters the run (discovery for
/// files named or walked, standard input, the editor's document), and carried unchanged with the file's report to
/// the reporters (`display`), the fixer (`absolute`) and the baseline (keyed from `absolute`): nothing downstream
/// parses one form back out of another.
public struct LintPath: Sendable, Hashable {
    /// As reports show it: relative to the working directory (`push/orders/shipped.json`, `../other/a.json`), or
    /// the name given to bytes that are no file (`<stdin>`, `--stdin-filename`).
    public var display: String
    /// Absolute and normalized (no `.` or `..`): what is read and written, and what the baseline's key is made
    /// from. For bytes that are no file, where they would be (standard input: its name under the working
    /// directory) or their name.
    public var absolute: String
    /// Relative to the folder of `.pushlint.json` (the working directory without one): what the config's globs,
    /// overrides and template suffixes match.
    public var configRelative: String

    public init(display: String, absolute: String, configRelative: String) {
        self.display = display
        self.absolute = absolute
        self.configRelative = configRelative
    }

    /// Bytes linted under a name that is no path on disk (the library, a fuzz input): the name in every form.
    public init(named name: String) {
        self.init(display: name, absolute: name, configRelative: name)
    }
}
