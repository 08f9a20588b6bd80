// The fuzz target. Built with libFuzzer:
//     swift build -c release --product pushlint-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
//     .build/release/pushlint-fuzz .fuzz/corpus testdata/fuzz -max_total_time=600
// Built normally it replays inputs: `swift run pushlint-fuzz [--mode=NAME] FILE ...` (how regressions are
// reproduced). The mode (FuzzTarget.Mode) comes from PUSHLINT_FUZZ_MODE, or `--mode=NAME` when replaying.
import Foundation

#if FUZZING
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // libFuzzer looks the driver up by this C name.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    _ = FuzzTarget.engine
    _ = FuzzTarget.mode
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [], mode: FuzzTarget.mode)
        return 0
    }
    exit(status)
#else
    var count = 0
    var mode = FuzzTarget.mode
    for path in CommandLine.arguments.dropFirst() {
        if path.hasPrefix("--mode=") {
            guard let named = FuzzTarget.Mode(rawValue: String(path.dropFirst(7))) else {
                print("\(path): one of \(FuzzTarget.Mode.allCases.map(\.rawValue).joined(separator: ", "))")
                exit(2)
            }
            mode = named
            continue
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
        let files =
            isDirectory.boolValue
            ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
            : [path]
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            FuzzTarget.run([UInt8](data), mode: mode)
            count += 1
        }
    }
    print("replayed \(count) inputs without a failure")
#endif
