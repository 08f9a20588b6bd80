// swift-tools-version:6.0
// pushlint: a linter and contract validator for push-notification payloads.
// Packages: none. Only the Swift toolchain (standard library, Foundation, Swift Testing).
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "pushlint",
    // Synchronization.Mutex for the parallel engine.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pushlint", targets: ["pushlint"]),
        .library(name: "PushLintKit", targets: ["PushLintKit"]),
        // `swift package pushlint [ARGS]` in a package that depends on pushlint (docs/ci.md "SwiftPM plugin").
        .plugin(name: "PushLintPlugin", targets: ["PushLintPlugin"]),
    ],
    targets: [
        // The house plan (DESIGN.md §1): JSON -> Model -> Detectors -> Rules -> Engine, and Reporters beside the engine on Model
        // only (a report value in, bytes out); the command line (PushLintCLI, which the pushlint executable runs) on
        // both. Tests/pushlintTests/LayeringTests.swift keeps it.
        // libm: Double rounding in the standard library calls into it on Linux.
        .target(
            name: "PushLintJSON", swiftSettings: strict,
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "PushLintModel", dependencies: ["PushLintJSON"], swiftSettings: strict),
        // Thread helpers (an ordered parallel map, work runs and slices) for the engine and the reporters, below both.
        .target(name: "PushLintParallel", swiftSettings: strict),
        // What the rules look for in a payload (secrets, links, custom data, schema values): named detectors on Model,
        // below the rules, so that the rules target holds rules.
        .target(name: "PushLintDetectors", dependencies: ["PushLintModel"], swiftSettings: strict),
        .target(name: "PushLintRules", dependencies: ["PushLintDetectors"], swiftSettings: strict),
        // Reads an app's own sources (Kotlin, Java, Swift, Objective-C, JS/TS, Dart, manifests, plists) for the facts
        // a push contract needs (issue 23): pure functions of a file's bytes, beside the rules on Model only.
        .target(name: "PushLintApp", dependencies: ["PushLintModel"], swiftSettings: strict),
        .target(
            name: "PushLintEngine", dependencies: ["PushLintRules", "PushLintApp", "PushLintParallel"],
            swiftSettings: strict),
        .target(
            name: "PushLintReporters", dependencies: ["PushLintModel", "PushLintParallel"], swiftSettings: strict),
        .target(name: "PushLintKit", dependencies: ["PushLintEngine"], swiftSettings: strict),
        // The language server (LSP over stdio): the protocol without I/O, and the stdio loop `pushlint server` runs.
        .target(name: "PushLintServer", dependencies: ["PushLintEngine"], swiftSettings: strict),
        // The command line as a library: arguments in, the engine called, reports written to an injected terminal,
        // the exit code returned; the executable runs it on the process, tests in memory.
        .target(
            name: "PushLintCLI", dependencies: ["PushLintEngine", "PushLintReporters", "PushLintServer"],
            swiftSettings: strict),
        .executableTarget(name: "pushlint", dependencies: ["PushLintCLI"], swiftSettings: strict),
        // Runs the pushlint tool on the package that depends on pushlint: `swift package pushlint` lints its folder
        // (`lint .`); arguments replace that (`swift package pushlint lint push -f sarif`).
        .plugin(
            name: "PushLintPlugin",
            capability: .command(
                intent: .custom(
                    verb: "pushlint",
                    description: "Lint the package's push-notification payloads with pushlint (default: lint .)")),
            dependencies: ["pushlint"]),
        // Regenerates rules/*.md, schemas/ and the generated sections of docs/: `swift run pushlint-docgen`.
        .executableTarget(name: "pushlint-docgen", dependencies: ["PushLintCLI"], swiftSettings: strict),
        // Corpora and parse-only measurements for scripts/bench.sh.
        .executableTarget(name: "pushlint-bench", dependencies: ["PushLintJSON"], swiftSettings: strict),
        // libFuzzer target over the parser, a whole lint and the reporters (scripts/fuzz.sh).
        .executableTarget(
            name: "pushlint-fuzz",
            dependencies: ["PushLintApp", "PushLintEngine", "PushLintReporters", "PushLintServer"],
            swiftSettings: strict),

        .target(
            name: "TestSupport", dependencies: ["PushLintEngine", "PushLintReporters", "PushLintCLI"],
            path: "Tests/Support",
            swiftSettings: strict),
        .testTarget(name: "PushLintJSONTests", dependencies: ["PushLintJSON", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PushLintParallelTests", dependencies: ["PushLintParallel"], swiftSettings: strict),
        .testTarget(name: "PushLintModelTests", dependencies: ["PushLintModel", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "PushLintDetectorsTests", dependencies: ["PushLintDetectors", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PushLintRulesTests", dependencies: ["PushLintRules", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PushLintAppTests", dependencies: ["PushLintApp", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "PushLintEngineTests", dependencies: ["PushLintEngine", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "PushLintReportersTests", dependencies: ["PushLintReporters", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "PushLintServerTests", dependencies: ["PushLintServer", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "PushLintKitTests", dependencies: ["PushLintKit"], swiftSettings: strict),
        .testTarget(name: "PushLintCLITests", dependencies: ["PushLintCLI", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "pushlintTests", dependencies: ["TestSupport"], swiftSettings: strict),
    ]
)
