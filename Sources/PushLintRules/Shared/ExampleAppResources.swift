import PushLintModel

/// The shop app of the rule examples with its resources, as `pushlint app scan` reads them from
/// `testdata/examples/app`.
extension ExampleApps {
    static let localizable = "ios/Shop/en.lproj/Localizable.strings"
    static let localizableFrench = "ios/Shop/fr.lproj/Localizable.strings"
    static let stringsXML = "android/app/src/main/res/values/strings.xml"
    static let activity = "ios/ShopWidgets/DeliveryAttributes.swift"

    /// Strings `order_shipped` (one argument, en and fr), `order_delayed` (two arguments, only en) on iOS and
    /// `order_shipped_title` (`%1$s`), `points_earned` (`%d`) on Android; sounds `chime.caf` and `chime`; icons
    /// `ic_stat_bag` (the default) and `ic_launcher`; colour `brand`; schemes `shop`, hosts `shop.example.com`
    /// (verified on both), action `OPEN_ORDER`; the Live Activity `DeliveryAttributes`.
    static let resources: AppFacts = shop {
        $0.strings = [
            AppFacts.LocalizedString(
                platform: .ios, key: "order_shipped", locales: ["en", "fr"], arguments: 1, conversions: ["@"],
                location: at(localizable, 3)),
            AppFacts.LocalizedString(
                platform: .ios, key: "order_delayed", locales: ["en"], arguments: 2, conversions: ["@", "@"],
                location: at(localizable, 4)),
            AppFacts.LocalizedString(
                platform: .android, key: "order_shipped_title", locales: ["default", "fr"], arguments: 1,
                conversions: ["s"], location: at(stringsXML, 4)),
            AppFacts.LocalizedString(
                platform: .android, key: "points_earned", locales: ["default", "fr"], arguments: 1,
                conversions: ["d"], location: at(stringsXML, 5)),
        ]
        $0.sounds = [
            AppFacts.Resource(platform: .ios, name: "chime.caf", location: at("ios/Shop/Sounds/chime.caf", 0)),
            AppFacts.Resource(
                platform: .android, name: "chime", location: at("android/app/src/main/res/raw/chime.ogg", 0)),
        ]
        $0.icons = [
            AppFacts.Resource(
                platform: .android, name: "ic_stat_bag",
                location: at("android/app/src/main/res/drawable/ic_stat_bag.xml", 0)),
            AppFacts.Resource(
                platform: .android, name: "ic_launcher",
                location: at("android/app/src/main/res/mipmap-hdpi/ic_launcher.png", 0)),
        ]
        $0.colors = [
            AppFacts.Resource(
                platform: .android, name: "brand", location: at("android/app/src/main/res/values/colors.xml", 3))
        ]
        $0.defaultIcon = AppFacts.Fact(id: "ic_stat_bag", location: at(manifest, 24))
        $0.defaultColor = AppFacts.Fact(id: "brand", location: at(manifest, 27))
        $0.links = [
            AppFacts.Link(kind: .scheme, platform: .ios, value: "shop", location: at(infoPlist, 30)),
            AppFacts.Link(
                kind: .host, platform: .ios, value: "shop.example.com", verified: true, location: at(entitlements, 12)
            ),
            AppFacts.Link(kind: .action, platform: .android, value: "OPEN_ORDER", location: at(manifest, 33)),
            AppFacts.Link(kind: .scheme, platform: .android, value: "shop", location: at(manifest, 37)),
            AppFacts.Link(kind: .scheme, platform: .android, value: "https", location: at(manifest, 42)),
            AppFacts.Link(
                kind: .host, platform: .android, value: "shop.example.com", verified: true, location: at(manifest, 43)
            ),
        ]
        $0.liveActivities = [
            AppFacts.LiveActivity(
                attributesType: "DeliveryAttributes",
                contentState: [
                    AppFacts.LiveActivityField(name: "status", type: "String", optional: false),
                    AppFacts.LiveActivityField(name: "stops_left", type: "Int", optional: false),
                    AppFacts.LiveActivityField(name: "eta", type: "Date", optional: true),
                ],
                attributes: [AppFacts.LiveActivityField(name: "orderNumber", type: "String", optional: false)],
                location: at(activity, 4))
        ]
    }
}
