#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a report or baseline goes into (`-o reports/pushlint.sarif`): made when missing, as `mkdir -p`
/// does, so that a CI step need not make it first.
enum OutputFolder {
    /// Makes the folders of `file` (an absolute path) that are missing; the reason when one cannot be made.
    static func make(for file: String) -> String? {
        var folders: [String] = []
        var folder = parent(file)
        while !folder.isEmpty, folder != "/", !exists(folder) {
            folders.append(folder)
            folder = parent(folder)
        }
        for folder in folders.reversed() where mkdir(folder, 0o777) != 0 && errno != EEXIST {
            return "cannot make the folder \(folder): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
