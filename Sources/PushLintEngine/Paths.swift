/// Path arithmetic on `/`-separated strings (no Foundation on the hot path): the one place a path is joined,
/// made absolute, normalized or made relative. The command line, the server and the engine all go through it, so a
/// path the user typed means the same folder everywhere.
public enum PathText {
    /// `b` under the folder `a`, decided on the bytes: a walk joins three paths per file, and the String tests
    /// (`hasPrefix`, `hasSuffix`, Unicode-aware) cost as much as the joining.
    static func join(_ a: String, _ b: String) -> String {
        let joined: String? = a.withUTF8Bytes { a in
            b.withUTF8Bytes { name in
                // An absolute `b`, or a folder that is `.` or nothing: `b` as it is.
                if name.first == UInt8(ascii: "/") || a.isEmpty || (a.count == 1 && a[0] == UInt8(ascii: ".")) {
                    return nil
                }
                return concatenate(a, a.last == UInt8(ascii: "/") ? "" : "/", name)
            }
        }
        return joined ?? b
    }

    /// `a + separator + b` in one allocation: `a + "/" + b` makes an intermediate string and grows it again, and a
    /// walk joins three paths per file.
    static func concatenate(_ a: UnsafeBufferPointer<UInt8>, _ separator: StaticString, _ b: UnsafeBufferPointer<UInt8>)
        -> String
    {
        let separator = UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount)
        return String(unsafeUninitializedCapacity: a.count + separator.count + b.count) { out in
            var end = out.initialize(fromContentsOf: a)
            end = out[end...].initialize(fromContentsOf: separator)
            return out[end...].initialize(fromContentsOf: b)
        }
    }

    /// The folder that holds `path`: `/` for a name at the root, `.` for a relative name without a folder.
    public static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    /// The last component of `path`: the name of a file or folder, the whole path when it has no slash.
    public static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Removes `.`, empty parts (repeated and trailing slashes) and resolves `..` textually (`..` above `/` stays
    /// at `/`); absolute stays absolute, and an empty relative path is `.`.
    public static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` as the file system takes it, normalized: relative paths (the empty one too) start at `cwd`.
    public static func absolute(_ path: String, cwd: String) -> String {
        normalize(path.hasPrefix("/") ? path : join(cwd, path))
    }

    /// `path` relative to `base` (both absolute, normalized), with `../` where needed.
    static func relative(_ path: String, to base: String) -> String {
        if path == base { return "." }
        let p = path.split(separator: "/").map(String.init)
        let b = base.split(separator: "/").map(String.init)
        var common = 0
        while common < p.count, common < b.count, p[common] == b[common] { common += 1 }
        let ups = Array(repeating: "..", count: b.count - common)
        let rest = Array(p[common...])
        let result = (ups + rest).joined(separator: "/")
        return result.isEmpty ? "." : result
    }
}
