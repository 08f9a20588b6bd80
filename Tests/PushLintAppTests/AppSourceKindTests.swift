import PushLintApp
import Testing

/// The walk's globs and `AppSourceKind(path:)` are two views of one list: every glob keeps names that can have a
/// kind, and every kind's file names are kept by a glob.
@Suite struct AppSourceKindTests {
    /// A file a glob keeps, placed where a kind applies (XML in `res/values`, a plist named `*-Info.plist`).
    static func sample(for glob: String) -> String {
        let name = glob.replacingOccurrences(of: "*", with: "Shop")
        if glob == "*.xml" { return "app/src/main/res/values/strings.xml" }
        if glob == "*.plist" { return "ios/Shop-Info.plist" }
        return "src/" + name
    }

    @Test(arguments: AppSourceKind.walkGlobs)
    func everyGlobKeepsNamesWithAKind(_ glob: String) {
        #expect(AppSourceKind(path: Self.sample(for: glob)) != nil, "\(glob) keeps files app scan never reads")
    }

    @Test func everyKindsNamesAreKept() {
        for path in [
            "a/App.kt", "a/App.java", "a/AppDelegate.swift", "a/App.m", "a/App.mm", "a/App.h", "a/index.js",
            "a/App.jsx", "a/push.ts", "a/App.tsx", "a/a.mjs", "a/a.cjs", "lib/main.dart", "a/AndroidManifest.xml",
            "res/values/strings.xml", "ios/Info.plist", "ios/Shop-Info.plist", "ios/Shop.entitlements", "app.json",
            "app.config.json", "app.config.js", "app.config.ts",
        ] {
            #expect(AppSourceKind(path: path) != nil, "\(path)")
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let kept = AppSourceKind.walkGlobs.contains { glob in
                glob.hasPrefix("*") ? name.hasSuffix(String(glob.dropFirst())) : name == glob
            }
            #expect(kept, "\(path) has a kind but no glob keeps it")
        }
    }
}
