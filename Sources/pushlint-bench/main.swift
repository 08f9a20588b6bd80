// pushlint-bench: corpora and parse-only measurements for scripts/bench.sh (not part of `swift test`).
//   pushlint-bench generate DIR          write the corpora (deterministic)
//   pushlint-bench jsonl FILE BYTES      write a sent-message log of about BYTES (JSON Lines, varied messages)
//   pushlint-bench parse FILE [N]        parse FILE N times (default 1), print MB/s (parse only, one thread)
//   pushlint-bench parse-foundation FILE [N]   the same with JSONSerialization, the anchor
//   pushlint-bench template-conditions K FILE   write a Handlebars APNs template with K independent conditions
//   pushlint-bench template-render FILE [N]     parse the template's blocks, select and render its branches and parse
//                                               every rendering, N times: the template machinery without the rules
//   pushlint-bench app-tree DIR [N]      write a mobile app tree of N files (default 5000) for `pushlint app scan`
//   pushlint-bench app-tree-resources DIR [N]   the same with issue 30's strings, sounds, icons, links and Live Activities
import Foundation
import PushLintJSON

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("pushlint-bench: \(message)\n".utf8))
    exit(2)
}

func write(_ path: String, _ text: String) {
    let url = URL(fileURLWithPath: path)
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { fail("cannot write \(path)") }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let args = CommandLine.arguments
guard args.count >= 3 else {
    fail(
        "usage: pushlint-bench generate DIR | parse FILE [N] | parse-foundation FILE [N] | template-conditions K FILE | template-render FILE [N] | app-tree DIR [N] | app-tree-resources DIR [N]"
    )
}
switch args[1] {
case "generate":
    let dir = args[2]
    var corpus = Corpus()
    for i in 0..<10_000 {
        let t = corpus.template(i)
        write("\(dir)/templates/\(t.name)", t.text)
    }
    var varied = VariedCorpus()
    for i in 0..<10_000 {
        let t = varied.template(i)
        write("\(dir)/varied/\(t.name)", t.text)
    }
    write("\(dir)/large-50mb.json", corpus.largeArray(bytes: 50_000_000))
    write("\(dir)/mid-5mb.json", corpus.largeArray(bytes: 5_000_000))
    print(
        "wrote \(dir)/templates (10000 files), \(dir)/varied (10000 files), \(dir)/large-50mb.json, \(dir)/mid-5mb.json"
    )
case "jsonl":
    // Streams the log out in blocks: the file may be larger than memory.
    guard args.count >= 4, let total = Int(args[3]) else { fail("usage: pushlint-bench jsonl FILE BYTES") }
    guard FileManager.default.createFile(atPath: args[2], contents: nil),
        let out = FileHandle(forWritingAtPath: args[2])
    else {
        fail("cannot write \(args[2])")
    }
    var varied = VariedCorpus(seed: 0x10_6F11E)
    var written = 0
    var index = 0
    var block = ""
    while written < total {
        block += varied.line(index) + "\n"
        index += 1
        if block.utf8.count >= 1 << 20 || written + block.utf8.count >= total {
            out.write(Data(block.utf8))
            written += block.utf8.count
            block = ""
        }
    }
    out.closeFile()
    print("wrote \(args[2]): \(written) bytes, \(index) messages")
case "parse", "parse-foundation":
    guard let data = FileManager.default.contents(atPath: args[2]) else { fail("cannot read \(args[2])") }
    let iterations = args.count > 3 ? Int(args[3]) ?? 1 : 1
    let bytes = [UInt8](data)
    var nodes = 0
    let start = monotonicSeconds()
    for _ in 0..<iterations {
        if args[1] == "parse" {
            let result = JSONParser.parse(bytes, options: JSONParseOptions(maxBytes: Int.max))
            guard let doc = result.document else { fail("parse error: \(result.error?.message ?? "")") }
            nodes = doc.nodes.count
        } else {
            guard (try? JSONSerialization.jsonObject(with: data)) != nil else { fail("JSONSerialization failed") }
        }
    }
    let seconds = (monotonicSeconds() - start) / Double(iterations)
    let mbps = Double(bytes.count) / 1e6 / seconds
    print(
        String(format: "%@ %d bytes, %d nodes: %.4f s per parse, %.1f MB/s", args[1], bytes.count, nodes, seconds, mbps)
    )
case "template-conditions":
    guard let k = Int(args[2]), args.count > 3 else { fail("usage: pushlint-bench template-conditions K FILE") }
    var text =
        "{{!-- \(k) independent conditions --}}\n{\n  \"aps\": {\n    \"alert\": { \"title\": \"{{title}}\", \"body\": \"{{body}}\" },\n    \"sound\": \"default\"\n  }"
    for i in 0..<k {
        text += ",\n  {{#if flag\(i)}}\"field\(i)\": \"{{value\(i)}}\",{{/if}}\n  \"fixed\(i)\": \"v\(i)\""
    }
    write(args[3], text + "\n}\n")
    print("wrote \(args[3]): \(k) conditions")
case "template-render":
    guard let data = FileManager.default.contents(atPath: args[2]) else { fail("cannot read \(args[2])") }
    let iterations = args.count > 3 ? Int(args[3]) ?? 1 : 1
    let bytes = [UInt8](data)
    var renderings = 0
    let start = monotonicSeconds()
    for _ in 0..<iterations {
        let program = TemplateProgram(bytes, dialect: .handlebars)
        let selections = TemplateSelections(domains: program.choices.map(\.optionCount), limit: 256)
        renderings = 0
        for row in selections.rows {
            guard let rendering = program.render(row, limit: 1 << 16) else { continue }
            guard JSONParser.parse(rendering.bytes, options: JSONParseOptions(mode: .defaultTemplate)).document != nil
            else {
                fail("a rendering does not parse")
            }
            renderings += 1
        }
    }
    let seconds = (monotonicSeconds() - start) / Double(iterations)
    print(
        String(
            format: "template-render %d bytes, %d renderings: %.3f ms per template", bytes.count, renderings,
            seconds * 1000))
case "app-tree", "app-tree-resources":
    let count = args.count > 3 ? Int(args[3]) ?? 5000 : 5000
    var tree = AppTree(resources: args[1] == "app-tree-resources")
    var bytes = 0
    for file in tree.files(count) {
        write("\(args[2])/\(file.path)", file.text)
        bytes += file.text.utf8.count
    }
    print("wrote \(args[2]): \(count) files, \(bytes) bytes")
default:
    fail("unknown command \(args[1])")
}
