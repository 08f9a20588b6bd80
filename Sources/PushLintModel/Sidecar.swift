/// A file beside a payload file that says what the payload file cannot: named after it, `shipped.json` ->
/// `shipped.NAME.json` (an SNS message's attributes, a web push sender's VAPID claims). A sidecar is no payload.
public enum Sidecar {
    /// A sidecar holds a few settings: a larger file is not read.
    public static let maxBytes = 1 << 20

    /// The sidecar `name` of the file at `path`: its last extension replaced by `.NAME.json` (`m.json.tmpl` ->
    /// `m.json.NAME.json`), or `.NAME.json` added to a name without one (`.hidden` -> `.hidden.NAME.json`).
    public static func path(of path: String, named name: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: "."), dot > slash else { return path + ".\(name).json" }
        return String(path[..<dot]) + ".\(name).json"
    }
}
