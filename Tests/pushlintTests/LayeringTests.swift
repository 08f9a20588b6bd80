import Foundation
import TestSupport
import Testing

/// The house plan of DESIGN.md §1, read from the sources: every `import` of every file under `Sources/` must be an
/// arrow the plan allows. Imports only point down (JSON <- Model <- Detectors <- Rules <- Engine), the reporters sit beside the
/// engine on Model and JSON only, the command line (PushLintCLI) sits on both, and the executable on it.
@Suite struct LayeringTests {
    /// The modules each target may import. System modules: the library targets use the standard library,
    /// FoundationEssentials, Dispatch, Synchronization and the C library; Foundation (start-up time, binary size) is
    /// for the tools beside the product only.
    static let system: Set<String> = ["FoundationEssentials", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl"]
    static let allowed: [String: Set<String>] = [
        "PushLintJSON": system,
        "PushLintModel": system.union(["PushLintJSON"]),
        // Thread helpers: the standard library, Dispatch and Synchronization only, below the engine and the reporters.
        "PushLintParallel": system,
        // What the rules look for (secrets, links, custom data, schema values): on Model, below the rules.
        "PushLintDetectors": system.union(["PushLintJSON", "PushLintModel"]),
        "PushLintRules": system.union(["PushLintJSON", "PushLintModel", "PushLintDetectors"]),
        // Reading app sources: beside the rules, on Model only.
        "PushLintApp": system.union(["PushLintJSON", "PushLintModel"]),
        "PushLintEngine": system.union([
            "PushLintJSON", "PushLintModel", "PushLintRules", "PushLintApp", "PushLintParallel",
        ]),
        "PushLintReporters": system.union(["PushLintJSON", "PushLintModel", "PushLintParallel"]),
        "PushLintKit": system.union(["PushLintJSON", "PushLintModel", "PushLintEngine"]),
        // The language server: the engine and the values it returns, like the command line without reporters.
        "PushLintServer": system.union(["PushLintJSON", "PushLintModel", "PushLintEngine"]),
        // The command line: arguments, the engine, the reporters and the language server's loop.
        "PushLintCLI": system.union([
            "PushLintJSON", "PushLintModel", "PushLintRules", "PushLintEngine", "PushLintReporters", "PushLintServer",
        ]),
        // The executable makes the real terminal, file system and language server loop and runs the command line on
        // them (and exits through the command line's `Terminal`).
        "pushlint": system.union(["PushLintCLI", "PushLintEngine", "PushLintServer"]),
        "pushlint-docgen": system.union(["Foundation", "PushLintCLI", "PushLintModel", "PushLintRules"]),
        "pushlint-bench": system.union(["Foundation", "PushLintJSON"]),
        "pushlint-fuzz": system.union([
            "Foundation", "PushLintJSON", "PushLintModel", "PushLintApp", "PushLintEngine", "PushLintReporters",
            "PushLintServer",
        ]),
    ]

    /// The module an import line names (`import X`, `@_exported import X`, `public import X`, `import struct X.Y`).
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        guard let first = words.first else { return nil }
        if ["public", "package", "internal", "fileprivate", "private"].contains(first) { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        let path =
            words.count >= 3
                && ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words[1])
            ? words[2] : words[1]
        return path.split(separator: ".").first.map(String.init)
    }

    /// Every import of every Swift file of a target: (file, line number, module).
    static func imports(of target: String) -> [(file: String, line: Int, module: String)] {
        let folder = Paths.repo.appendingPathComponent("Sources/\(target)")
        var found: [(String, Int, String)] = []
        for file in Paths.allFiles(below: folder) where file.pathExtension == "swift" {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("import ") || trimmed.hasPrefix("@") || trimmed.hasPrefix("public import ")
                else { continue }
                if let module = importedModule(trimmed) { found.append((file.lastPathComponent, number + 1, module)) }
            }
        }
        return found
    }

    @Test func everyTargetIsInThePlan() throws {
        let targets = try FileManager.default.contentsOfDirectory(
            atPath: Paths.repo.appendingPathComponent("Sources").path
        )
        .filter { !$0.hasPrefix(".") }
        #expect(
            Set(targets) == Set(Self.allowed.keys),
            "a target the plan does not place: add it to LayeringTests.allowed and DESIGN.md §1")
    }

    @Test(arguments: allowed.keys.sorted())
    func importsPointDown(_ target: String) {
        let allowed = Self.allowed[target] ?? []
        let imports = Self.imports(of: target)
        #expect(!imports.isEmpty || target == "PushLintJSON", "\(target): no import read")
        for (file, line, module) in imports where !allowed.contains(module) {
            Issue.record(
                "Sources/\(target)/\(file):\(line): \(target) imports \(module), which the house plan does not allow (DESIGN.md §1)"
            )
        }
    }

    @Test func importLinesAreRead() {
        #expect(Self.importedModule("import PushLintModel") == "PushLintModel")
        #expect(Self.importedModule("@_exported import PushLintEngine") == "PushLintEngine")
        #expect(Self.importedModule("public import PushLintJSON") == "PushLintJSON")
        #expect(Self.importedModule("import struct Foundation.Date") == "Foundation")
        #expect(Self.importedModule("importance = 3") == nil)
    }
}
