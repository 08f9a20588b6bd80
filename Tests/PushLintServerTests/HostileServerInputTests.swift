import Foundation
import PushLintJSON
import PushLintServer
import TestSupport
import Testing

/// The fuzz corpus and its regressions (testdata/fuzz) through the server's input paths, as the fuzz target
/// drives them: as a message body, as a framed stream, and as an open document's text that is hovered, completed
/// and fixed everywhere. No crash, and every answer is JSON.
@Suite struct HostileServerInputTests {
    static let inputs =
        (Paths.files(in: Paths.testdata.appendingPathComponent("fuzz"))
        + Paths.files(in: Paths.testdata.appendingPathComponent("fuzz/regressions")))
        .filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }

    @Test func thereAreInputs() { #expect(Self.inputs.count > 5) }

    @Test(arguments: inputs)
    func survives(_ file: URL) {
        let bytes = Paths.bytes(file)
        let client = Client()
        var framer = MessageFramer()
        framer.append(bytes)
        var bodies: [[UInt8]] = []
        while case .message(let body) = framer.next() { bodies.append(body) }
        client.server.allowsWrites = false
        client.server.receive(batch: bodies + [bytes])
        let uri = "untitled:" + file.lastPathComponent
        _ = client.open(uri, String(decoding: bytes, as: UTF8.self))
        let lines = bytes.filter { $0 == 10 }.count + 1
        for line in 0..<min(lines, 40) {
            for character in [0, 1, 5, 12, 40, 1000] {
                let position = Client.position(line, character)
                _ = client.request(
                    "textDocument/hover", .object([("textDocument", Client.document(uri)), ("position", position)]))
                _ = client.request(
                    "textDocument/completion",
                    .object([("textDocument", Client.document(uri)), ("position", position)]))
                _ = client.request(
                    "textDocument/codeAction",
                    .object([
                        ("textDocument", Client.document(uri)),
                        ("range", .object([("start", position), ("end", Client.position(line + 1, 0))])),
                        ("context", .object([])),
                    ]))
            }
        }
        for body in client.server.outbox {
            #expect(JSONParser.parse(body).document != nil)
        }
    }

    /// Truncated and cut-up framing: every prefix of a valid stream is "need more", never a crash or a wrong split.
    @Test func everyPrefixOfAStream() {
        let body = Array(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#.utf8)
        let stream = MessageFramer.frame(body)
        for cut in 0..<stream.count {
            var framer = MessageFramer()
            framer.append(stream.prefix(cut))
            #expect(framer.next() == .needMore, "prefix \(cut)")
            framer.append(stream.dropFirst(cut))
            #expect(framer.next() == .message(body))
        }
    }
}
