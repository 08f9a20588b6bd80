import Foundation
import TestSupport
import Testing

/// The engine reads as a pipeline of small named stages (issue 31): no function or initializer in
/// `Sources/PushLintEngine` is longer than `maximumLines`, counted from its `func`/`init` line to its closing brace.
@Suite struct EngineShapeTests {
    static let maximumLines = 60

    /// The source with the contents of string literals and comments blanked, line breaks kept, so that a brace in
    /// a message or a comment is not counted and line numbers stay those of the file.
    static func code(_ source: String) -> [UInt8] {
        let s = Array(source.utf8)
        var out = s
        var i = 0
        func blank(_ range: Range<Int>) {
            for k in range where out[k] != 0x0A { out[k] = 0x20 }
        }
        func at(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }
        while i < s.count {
            if s[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "/") {
                let end = s[i...].firstIndex(of: 0x0A) ?? s.count
                blank(i..<end)
                i = end
            } else if s[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                var depth = 0
                let start = i
                repeat {
                    if s[i] == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") {
                        depth += 1
                        i += 2
                    } else if s[i] == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                } while i < s.count && depth > 0
                blank(start..<i)
            } else if s[i] == UInt8(ascii: "\"") || (s[i] == UInt8(ascii: "#") && at(i + 1) == UInt8(ascii: "\"")) {
                i = stringEnd(s, from: i, blank: blank)
            } else {
                i += 1
            }
        }
        return out
    }

    /// Blanks the string literal at `start` (`"..."`, `"""..."""`, `#"..."#`) and returns where it ends.
    static func stringEnd(_ s: [UInt8], from start: Int, blank: (Range<Int>) -> Void) -> Int {
        var k = start
        var hashes = 0
        while k < s.count, s[k] == UInt8(ascii: "#") {
            hashes += 1
            k += 1
        }
        let multi = k + 2 < s.count && s[k + 1] == UInt8(ascii: "\"") && s[k + 2] == UInt8(ascii: "\"")
        k += multi ? 3 : 1
        let close =
            [UInt8](repeating: UInt8(ascii: "\""), count: multi ? 3 : 1)
            + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
        while k < s.count {
            if hashes == 0, s[k] == UInt8(ascii: "\\") {
                k += 2
                continue
            }
            if Array(s[k..<min(s.count, k + close.count)]) == close {
                k += close.count
                break
            }
            k += 1
        }
        blank(start..<min(k, s.count))
        return k
    }

    /// Each `func` and `init` with a body in the code: its name, first line and number of lines.
    static func functions(in source: String) -> [(name: String, line: Int, lines: Int)] {
        let code = code(source)
        let words = ["func ", "init(", "init<", "init?(", "init!("]
        var found: [(String, Int, Int)] = []
        var i = 0
        while i < code.count {
            // `x.init(...)` calls an initializer; it declares none.
            guard i == 0 || !(isIdentifier(code[i - 1]) || code[i - 1] == UInt8(ascii: ".")),
                let word = words.first(where: { code[i...].starts(with: Array($0.utf8)) })
            else {
                i += 1
                continue
            }
            let nameEnd = code[(i + word.utf8.count)...].firstIndex { !isIdentifier($0) } ?? code.count
            let name = word == "func " ? String(decoding: code[(i + 5)..<nameEnd], as: UTF8.self) : "init"
            // A requirement of a protocol has no body: the next declaration starts before any brace.
            guard let open = code[i...].firstIndex(of: UInt8(ascii: "{")),
                !startsDeclaration(String(decoding: code[(i + word.utf8.count)..<open], as: UTF8.self))
            else {
                i += word.utf8.count
                continue
            }
            var depth = 0
            var k = open
            repeat {
                if code[k] == UInt8(ascii: "{") { depth += 1 }
                if code[k] == UInt8(ascii: "}") { depth -= 1 }
                k += 1
            } while k < code.count && depth > 0
            let first = code[..<i].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let last = code[..<k].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            found.append((name, first, last - first + 1))
            i += word.utf8.count
        }
        return found
    }

    /// Whether the text between a signature and the next brace holds a line that starts another declaration (or
    /// closes a type): the signature was a requirement without a body.
    static func startsDeclaration(_ between: String) -> Bool {
        let starts = [
            "func ", "var ", "let ", "static ", "init", "}", "case ", "@", "mutating ", "public ", "subscript",
        ]
        return between.split(separator: "\n").dropFirst().contains { line in
            let trimmed = line.drop { $0 == " " }
            return starts.contains { trimmed.hasPrefix($0) }
        } || between.contains("}")
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    @Test func noEngineFunctionIsLongerThanTheLimit() throws {
        let folder = Paths.repo.appendingPathComponent("Sources/PushLintEngine")
        var counted = 0
        for file in Paths.allFiles(below: folder) where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            for function in Self.functions(in: source) {
                counted += 1
                guard function.lines > Self.maximumLines else { continue }
                Issue.record(
                    "Sources/PushLintEngine/\(file.lastPathComponent):\(function.line): \(function.name) is \(function.lines) lines; split it into named steps of at most \(Self.maximumLines)"
                )
            }
        }
        #expect(counted > 100, "the engine's functions were read")
    }

    /// The counter itself: a brace in a string or a comment does not count, a nested body is part of its function.
    @Test func bodiesAreMeasuredFromTheCode() {
        let source = """
            struct S {
                // func commented() { {
                func short() { let s = "}{"; _ = s }
                init(x: Int) {
                    if x > 0 {
                        print("{")
                    }
                }
            }
            protocol P {
                func required()
                var x: Int { get }
            }
            """
        let found = EngineShapeTests.functions(in: source)
        #expect(found.map(\.name) == ["short", "init"])
        #expect(found.first { $0.name == "short" }?.lines == 1)
        #expect(found.first { $0.name == "init" }?.lines == 5)
    }
}
