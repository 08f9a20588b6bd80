// swift-tools-version:6.0
// pushlint-plugins: `swift package pushlint` with the prebuilt pushlint @VERSION@ binary (no compiling), as
// SwiftLintPlugins is to SwiftLint. Written by pushlint's scripts/package for the release; the artifact bundle is a
// release asset of https://github.com/pushlint/pushlint.
import PackageDescription

let package = Package(
    name: "pushlint-plugins",
    products: [
        .plugin(name: "PushLintBinaryPlugin", targets: ["PushLintBinaryPlugin"])
    ],
    targets: [
        .binaryTarget(
            name: "PushLintBinary",
            url: "@URL@",
            checksum: "@CHECKSUM@"),
        .plugin(
            name: "PushLintBinaryPlugin",
            capability: .command(
                intent: .custom(
                    verb: "pushlint",
                    description: "Lint the package's push-notification payloads with pushlint (default: lint .)")),
            dependencies: ["PushLintBinary"]),
    ]
)
