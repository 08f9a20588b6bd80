// Writes rules/<id>.md and rules/README.md from the rule descriptions, and schemas/{apns,fcm,expo}.schema.json from
// the schema tables the rules read.
// Usage: swift run pushlint-docgen [OUTPUT-FOLDER]   (default: rules)
import Foundation
import PushLintModel
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
    // The rule table in README.md (next to the rules folder).
    let readmePath =
        (folder as NSString).deletingLastPathComponent.isEmpty
        ? "README.md" : (folder as NSString).deletingLastPathComponent + "/README.md"
    if let readme = try? String(contentsOfFile: readmePath, encoding: .utf8),
        let updated = RuleDocumentation.updatingReadme(readme, RuleRegistry.descriptions), updated != readme
    {
        try updated.write(toFile: readmePath, atomically: true, encoding: .utf8)
    }
    // The payload JSON Schemas for editors, in schemas/ beside the rules folder.
    let parent = (folder as NSString).deletingLastPathComponent
    let schemas = parent.isEmpty ? "schemas" : parent + "/schemas"
    try manager.createDirectory(atPath: schemas, withIntermediateDirectories: true)
    for name in PayloadJSONSchema.names {
        try PayloadJSONSchema.render(name)!.write(
            toFile: schemas + "/" + PayloadJSONSchema.fileName(name), atomically: true, encoding: .utf8)
    }
    print("wrote \(pages.count) pages to \(folder)/ and \(PayloadJSONSchema.names.count) schemas to \(schemas)/")
} catch {
    FileHandle.standardError.write(Data("pushlint-docgen: error: \(error)\n".utf8))
    exit(1)
}
