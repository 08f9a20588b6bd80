import PushLintEngine

/// The folder a report or baseline goes into (`-o reports/pushlint.sarif`): made when missing, as `mkdir -p`
/// does, so that a CI step need not make it first.
enum OutputFolder {
    /// Makes the folders of `file` (an absolute path) that are missing; the reason when one cannot be made.
    static func make(for file: String, _ fileSystem: any FileSystem) -> String? {
        var folders: [String] = []
        var folder = PathText.parent(file)
        while folder != "/", folder != ".", fileSystem.info(folder, followLinks: true) == nil {
            folders.append(folder)
            folder = PathText.parent(folder)
        }
        do {
            for folder in folders.reversed() { try fileSystem.makeFolder(folder) }
        } catch {
            return error.message
        }
        return nil
    }
}
