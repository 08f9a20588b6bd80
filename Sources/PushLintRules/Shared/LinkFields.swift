import PushLintModel

/// The custom data keys that carry a link (issue 30): keys whose name says link, compared without case, `_` or
/// `-` (`url`, `URL`, `link`, `deeplink`, `deep_link`, `deepLink`), and the keys the contract declares in
/// `links.fields`, as written. `payload-link` and `app-link-unhandled` read the same list.
enum LinkFields {
    /// The well-known names, as `Suggest.normalize` writes them.
    static let wellKnown: Set<String> = ["url", "link", "deeplink"]

    static func isLink(_ key: String, _ contract: Contract?) -> Bool {
        wellKnown.contains(Suggest.normalize(key)) || contract?.links?.fields?.contains(key) == true
    }
}
