import PushLintModel

/// What the `app-*` rules' examples say the app's sources contain (shown in the docs next to the example), as
/// `pushlint app scan` would read them from the shop app of `testdata/examples`.
enum ExampleApps {
    static let application = "android/app/src/main/java/com/example/shop/ShopApplication.kt"
    static let manifest = "android/app/src/main/AndroidManifest.xml"
    static let delegate = "ios/Shop/AppDelegate.swift"
    static let infoPlist = "ios/Shop/Info.plist"
    static let entitlements = "ios/Shop/Shop.entitlements"
    static let serviceInfoPlist = "ios/ShopNotificationService/Info.plist"

    static func at(_ path: String, _ line: Int) -> AppFacts.Location { AppFacts.Location(path: path, line: line) }

    /// Both platforms: channels `orders` (high), `promo` (low) and `chat` (high), `orders_v1` deleted, default
    /// channel `orders`; categories `ORDER_ACTIONS` and `CHAT_REPLY`; the `remote-notification` background mode,
    /// the time-sensitive entitlement and a Notification Service Extension; no PushKit.
    static let shop: AppFacts = {
        var app = AppFacts()
        app.platforms = [.android, .ios]
        app.channels = [
            AppFacts.Channel(id: "orders", importance: .high, location: at(application, 24)),
            AppFacts.Channel(id: "promo", importance: .low, location: at(application, 31)),
            AppFacts.Channel(id: "chat", importance: .high, location: at(application, 38)),
        ]
        app.deletedChannels = [AppFacts.Fact(id: "orders_v1", location: at(application, 45))]
        app.defaultChannel = AppFacts.Fact(id: "orders", location: at(manifest, 21))
        app.categories = [
            AppFacts.Category(id: "ORDER_ACTIONS", actions: ["TRACK", "CANCEL"], location: at(delegate, 52)),
            AppFacts.Category(id: "CHAT_REPLY", actions: ["REPLY"], location: at(delegate, 58)),
        ]
        app.backgroundModes = [AppFacts.Fact(id: "remote-notification", location: at(infoPlist, 44))]
        app.entitlements = [
            AppFacts.Fact(id: "aps-environment", location: at(entitlements, 6)),
            AppFacts.Fact(id: "com.apple.developer.usernotifications.time-sensitive", location: at(entitlements, 8)),
        ]
        app.serviceExtensions = [at(serviceInfoPlist, 27)]
        return app
    }()

    /// The shop app changed by `change`.
    static func shop(_ change: (inout AppFacts) -> Void) -> AppFacts { changed(shop, change) }
    /// Its Android sources changed by `change`.
    static func android(_ change: (inout AppFacts) -> Void) -> AppFacts { changed(android, change) }
    /// Its iOS sources changed by `change`.
    static func ios(_ change: (inout AppFacts) -> Void) -> AppFacts { changed(ios, change) }

    static func changed(_ app: AppFacts, _ change: (inout AppFacts) -> Void) -> AppFacts {
        var app = app
        change(&app)
        return app
    }

    /// What the shop app's Android sources alone say.
    static let android = changed(shop) {
        $0.platforms = [.android]
        $0.categories = []
        $0.backgroundModes = []
        $0.entitlements = []
        $0.serviceExtensions = []
    }

    /// What the shop app's iOS sources alone say.
    static let ios = changed(shop) {
        $0.platforms = [.ios]
        $0.channels = []
        $0.deletedChannels = []
        $0.defaultChannel = nil
    }
}
