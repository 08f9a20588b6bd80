// Writes what the documentation takes from the code: rules/<id>.md and rules/README.md (the rules index) from the
// rule descriptions, schemas/*.schema.json from the tables the rules read, and the generated sections of the
// reference pages in docs/ (the help text in docs/cli.md, every key of the config and of the contract in
// docs/configuration.md and docs/contract.md). DocsTests and RuleFilesTests fail while any of them is stale.
// Usage: swift run pushlint-docgen [OUTPUT-FOLDER]   (default: rules; docs/ and schemas/ beside it)
import Foundation
import PushLintCLI
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
    // The payload JSON Schemas for editors, in schemas/ beside the rules folder.
    let parent = (folder as NSString).deletingLastPathComponent
    let schemas = parent.isEmpty ? "schemas" : parent + "/schemas"
    try manager.createDirectory(atPath: schemas, withIntermediateDirectories: true)
    for name in PayloadJSONSchema.names {
        try PayloadJSONSchema.render(name)!.write(
            toFile: schemas + "/" + PayloadJSONSchema.fileName(name), atomically: true, encoding: .utf8)
    }
    // The generated sections of the reference pages in docs/ beside the rules folder.
    for section in ReferencePages.sections() {
        let path = parent.isEmpty ? section.page : parent + "/" + section.page
        let page = try String(contentsOfFile: path, encoding: .utf8)
        guard let updated = ReferencePages.updating(page, section) else {
            throw DocgenError(description: "\(path) lacks the markers of its generated section '\(section.name)'")
        }
        if updated != page { try updated.write(toFile: path, atomically: true, encoding: .utf8) }
    }
    print(
        "wrote \(pages.count) pages to \(folder)/, \(PayloadJSONSchema.names.count) schemas to \(schemas)/ and "
            + "\(ReferencePages.sections().count) generated sections of docs/")
} catch {
    FileHandle.standardError.write(Data("pushlint-docgen: error: \(error)\n".utf8))
    exit(1)
}

struct DocgenError: Error, CustomStringConvertible {
    var description: String
}
