/// Path arithmetic on `/`-separated strings (no Foundation on the hot path).
enum PathText {
    static func join(_ a: String, _ b: String) -> String {
        if b.hasPrefix("/") { return b }
        if a.isEmpty || a == "." { return b }
        return a.hasSuffix("/") ? a + b : concatenate(a, "/", b)
    }

    /// `a + separator + b` in one allocation: `a + "/" + b` made an intermediate string and grew it again, three
    /// times for every file of a walk.
    static func concatenate(_ a: String, _ separator: String, _ b: String) -> String {
        a.withUTF8Bytes { a in
            separator.withUTF8Bytes { separator in
                b.withUTF8Bytes { b in
                    String(unsafeUninitializedCapacity: a.count + separator.count + b.count) { out in
                        var end = out.initialize(fromContentsOf: a)
                        end = out[end...].initialize(fromContentsOf: separator)
                        return out[end...].initialize(fromContentsOf: b)
                    }
                }
            }
        }
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = String(path[..<slash])
        return head.isEmpty ? "/" : head
    }

    /// Removes `.` and resolves `..` textually; absolute stays absolute.
    static func normalize(_ path: String) -> String {
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

    static func absolute(_ path: String, cwd: String) -> String {
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
