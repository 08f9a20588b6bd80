import Foundation

/// Where the repository and its conformance data are, found from this file's path so tests work from any
/// working directory.
public enum Paths {
    /// The package root.
    public static let repo: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let testdata: URL = repo.appendingPathComponent("testdata")
    /// Third-party conformance data (JSONTestSuite, the report formats' schemas, Google's FCM facts), kept in the
    /// repository with its sources and licences (`testdata/conformance/README.md`), so a fresh clone tests alone.
    public static let conformance: URL = testdata.appendingPathComponent("conformance")

    /// Files of a folder, sorted; fails loudly (empty list) when the folder is missing, so tests that iterate
    /// it must also assert a count.
    public static func files(in folder: URL, withExtension ext: String? = nil) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }.filter { url in
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            return exists && !isDirectory.boolValue && (ext == nil || url.pathExtension == ext)
        }
    }

    /// Files below a folder, recursively, sorted by relative path.
    public static func allFiles(below folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [URL] = []
        while let name = enumerator.nextObject() as? String {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(url)
            }
        }
        return result.sorted { $0.path < $1.path }
    }

    public static func bytes(_ url: URL) -> [UInt8] {
        (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
    }
}
