import Foundation
import TestSupport
import Testing

/// Rules and the model run for every value of every payload, and a Swift `Regex` literal is parsed again each time
/// the code that holds it runs: no `Regex` in `Sources/PushLintRules` or `Sources/PushLintModel` outside the
/// allow-list below. Byte matchers (`BytePatterns`, `ASCIIText`) do that work.
@Suite struct NoRegexTests {
    /// File (relative to `Sources/`) -> why a Regex is there. None: even the contract's own `pattern` is compiled
    /// by `ContractPattern`.
    static let allowed: [String: String] = [:]

    /// The code of a Swift source without its comments and the contents of its string literals (so that text
    /// about regular expressions, and JSON or paths in strings, are not mistaken for one).
    static func code(_ source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        while i < s.count {
            let c = s[i]
            if c == "/", at(i + 1) == "/" {
                while i < s.count, s[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", at(i + 1) == "*" {
                var depth = 0
                repeat {
                    if s[i] == "/", at(i + 1) == "*" {
                        depth += 1
                        i += 2
                        continue
                    }
                    if s[i] == "*", at(i + 1) == "/" {
                        depth -= 1
                        i += 2
                        continue
                    }
                    i += 1
                } while i < s.count && depth > 0
                continue
            }
            if c == "#" || c == "\"" {
                // A string literal: #*"..."#* or #*"""..."""#*; a `#` not before a quote is code (`#/`, `#if`).
                var hashes = 0
                var k = i
                while at(k) == "#" {
                    hashes += 1
                    k += 1
                }
                guard at(k) == "\"" else {
                    out.append(c)
                    i += 1
                    continue
                }
                let multi = at(k + 1) == "\"" && at(k + 2) == "\""
                k += multi ? 3 : 1
                let close =
                    Array(repeating: Unicode.Scalar("\""), count: multi ? 3 : 1)
                    + Array(repeating: Unicode.Scalar("#"), count: hashes)
                while k < s.count {
                    if hashes == 0, s[k] == "\\" {
                        k += 2
                        continue
                    }
                    if Array(s[k..<min(s.count, k + close.count)]) == close {
                        k += close.count
                        break
                    }
                    k += 1
                }
                out.append("\"")
                out.append("\"")
                i = k
                continue
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// What in a file's code builds a regular expression: the type `Regex` (`Regex(...)`, `Regex<...>`), an
    /// extended literal `#/.../#`, or a bare literal `/.../` where an expression starts.
    static func regexUses(_ source: String) -> [String] {
        var found: [String] = []
        for (number, line) in code(source).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            if text.contains("#/") || text.contains(/\bRegex\b/)
                || text.contains(/(^|[(,=:{\[!&|?]|\breturn|\bin)\s*\/[^\s\/*=]/)
            {
                found.append("\(number + 1): \(text.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test(.tags(.slow), .whenSlowTestsAreOn) func rulesAndModelBuildNoRegex() {
        var checked = 0
        for target in ["PushLintRules", "PushLintModel"] {
            for file in Paths.allFiles(below: Paths.repo.appendingPathComponent("Sources/\(target)"))
            where file.pathExtension == "swift" {
                let relative = target + "/" + file.path.components(separatedBy: "Sources/\(target)/").last!
                let uses = Self.regexUses((try? String(contentsOf: file, encoding: .utf8)) ?? "")
                checked += 1
                if Self.allowed[relative] != nil {
                    #expect(!uses.isEmpty, "\(relative) is on the allow-list but builds no Regex: take it off")
                } else {
                    #expect(uses.isEmpty, "\(relative) builds a Regex on a per-value path: \(uses)")
                }
            }
        }
        #expect(checked > 50)
    }

    /// The check finds each form, and not what only looks like one.
    @Test func theCheckFindsEachForm() {
        let found = [
            #"if text.contains(/eyJ[A-Za-z]+/) { return }"#, "let r = try Regex(source)",
            "static var p: Regex<Substring> { #/a+/# }",
            "let m = text.firstMatch(of: /[0-9]{7}/)", "return /ab+c/", "var p: Regex<(Substring, Substring)>",
        ]
        for line in found { #expect(!Self.regexUses(line).isEmpty, "\(line)") }
        let notFound = [
            "let half = total / 2", "x /= 3", "// Regex(source) in a comment", ##"let s = "#/^!>""##,
            #"let u = "https://a/b""#,
            "/* a /x+/ block */ let y = 1", ##"let raw = #"{"a": "/x/"}"#"##, "let ratio = Double(a)/Double(b)",
            "\"\"\"\n  Regex /x/ in a multi-line string\n  \"\"\"",
        ]
        for line in notFound { #expect(Self.regexUses(line).isEmpty, "\(line): \(Self.regexUses(line))") }
    }
}
