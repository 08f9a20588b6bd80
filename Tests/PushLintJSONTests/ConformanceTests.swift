import Foundation
import PushLintJSON
import TestSupport
import Testing

/// JSONTestSuite (`testdata/conformance/json-test-suite`): every `y_` parses, every `n_` is rejected with a
/// location inside the file, every `i_` returns either way.
@Suite struct ConformanceTests {
    static let suite = Paths.conformance.appendingPathComponent("json-test-suite")
    static let files = Paths.files(in: suite, withExtension: "json")

    @Test func suiteIsPresent() {
        // A missing kit fails here instead of silently testing nothing.
        #expect(Self.files.filter { $0.lastPathComponent.hasPrefix("y_") }.count == 95)
        #expect(Self.files.filter { $0.lastPathComponent.hasPrefix("n_") }.count == 188)
        #expect(Self.files.filter { $0.lastPathComponent.hasPrefix("i_") }.count == 35)
    }

    @Test(arguments: files.filter { $0.lastPathComponent.hasPrefix("y_") })
    func accepts(_ file: URL) {
        let result = JSONParser.parse(Paths.bytes(file))
        #expect(result.document != nil, "\(file.lastPathComponent): \(result.error?.message ?? "")")
    }

    @Test(arguments: files.filter { $0.lastPathComponent.hasPrefix("n_") })
    func rejects(_ file: URL) {
        let bytes = Paths.bytes(file)
        let result = JSONParser.parse(bytes)
        #expect(result.document == nil, "\(file.lastPathComponent) was accepted")
        if let error = result.error {
            #expect(error.offset >= 0 && error.offset <= bytes.count)
            #expect(!error.message.isEmpty)
            let position = LineIndex(bytes).position(of: error.offset)
            #expect(position.line >= 1 && position.column >= 1)
        } else {
            Issue.record("\(file.lastPathComponent): rejected without an error")
        }
    }

    @Test(arguments: files.filter { $0.lastPathComponent.hasPrefix("i_") })
    func returnsOnImplementationDefined(_ file: URL) {
        let result = JSONParser.parse(Paths.bytes(file))
        #expect(result.document != nil || result.error != nil)
    }

    @Test func transformCasesReturn() {
        let files = Paths.files(
            in: Paths.conformance.appendingPathComponent("json-test-suite-transform"), withExtension: "json")
        #expect(files.count == 22)
        for file in files {
            let result = JSONParser.parse(Paths.bytes(file))
            #expect(result.document != nil || result.error != nil, "\(file.lastPathComponent)")
        }
    }
}
