import PushLintModel

/// The fuzz hook of the resource scanners: one input read as every file kind they handle, with the
/// invariants that must hold whatever the bytes (checked with `precondition`, so a fuzzer reports a violation as a
/// crash). `pushlint-fuzz` calls it beside its other targets.
public enum AppResourceFuzz {
    /// The paths an input is read as: each resource kind, and the source kinds the resource scanners join.
    public static let paths = [
        "ios/en.lproj/Localizable.strings", "ios/en.lproj/Localizable.stringsdict", "ios/Localizable.xcstrings",
        "app/src/main/res/values-fr/strings.xml", "app/src/main/AndroidManifest.xml", "ios/Shop/Info.plist",
        "ios/Shop/Shop.entitlements", "ios/Widgets/Attributes.swift", "app.json",
    ]

    public static func run(_ bytes: [UInt8]) {
        let lineCount = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        // UTF-16 text has fewer line breaks as bytes than as text: no line can be past the byte count, though.
        let lineLimit = max(lineCount, bytes.count + 1)
        var scans: [AppSourceScan] = []
        for path in paths {
            guard let scan = AppSourceScanner.scan(bytes, path: path) else {
                preconditionFailure("\(path) is no app file")
            }
            scans.append(scan)
        }
        let facts = AppFactsAssembler.assemble(scans)
        for string in facts.strings {
            precondition(string.arguments == string.conversions.count, "arguments and conversions disagree")
            precondition(!string.locales.isEmpty, "a string without a locale")
            precondition(string.location.line >= 1 && string.location.line <= lineLimit, "a string's line is off")
            precondition(string.mismatchedLocales.keys.allSatisfy(string.locales.contains), "an unknown locale")
        }
        for link in facts.links {
            precondition(!link.value.isEmpty, "an empty link")
            precondition(link.location.line >= 1 && link.location.line <= lineLimit, "a link's line is off")
        }
        for activity in facts.liveActivities {
            precondition(!activity.attributesType.isEmpty, "a Live Activity type without a name")
            precondition(
                activity.location.line >= 1 && activity.location.line <= lineLimit, "an activity's line is off")
        }
    }
}
