// Writes rules/<id>.md and rules/README.md from the rule descriptions.
// Usage: swift run pushlint-docgen [OUTPUT-FOLDER]   (default: rules)
import Foundation
import PushLintRules

let folder = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "rules"
let manager = FileManager.default
do {
    try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let pages = RuleDocumentation.allPages(RuleRegistry.descriptions)
    let wanted = Set(pages.map(\.name))
    for page in pages {
        try page.content.write(toFile: folder + "/" + page.name, atomically: true, encoding: .utf8)
    }
    // Pages of rules that no longer exist go too.
    for name in try manager.contentsOfDirectory(atPath: folder) where name.hasSuffix(".md") && !wanted.contains(name) {
        try manager.removeItem(atPath: folder + "/" + name)
    }
    print("wrote \(pages.count) pages to \(folder)/")
} catch {
    FileHandle.standardError.write(Data("pushlint-docgen: error: \(error)\n".utf8))
    exit(1)
}
