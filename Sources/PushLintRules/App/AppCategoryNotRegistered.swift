import PushLintJSON
import PushLintModel

/// `app-category-not-registered`: a notification category that a payload names or the contract declares, and that
/// the app's code never registers.
struct AppCategoryNotRegistered: PayloadRule, ContractRule {
    static let description = RuleDescription(
        id: "app-category-not-registered",
        summary:
            "A notification category that a payload names or the contract declares is never registered by the app's code.",
        family: .app,
        defaultSeverity: .warning,
        rationale: """
            A category shows its actions (Reply, Track, Cancel) and loads the custom UI of a content extension only \
            when the app registered a `UNNotificationCategory` with exactly that identifier \
            (`setNotificationCategories`; https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). An unknown category is not rejected \
            anywhere: the notification arrives without its buttons. A warning.

            The rule reads the categories the app's sources register (`UNNotificationCategory(identifier:…)`, \
            Expo's `setNotificationCategoryAsync`, as `pushlint app scan` reports them) and checks `aps.category` \
            (APNs bodies and FCM `apns.payload`), Expo `categoryId`, and each entry of the contract's \
            `ios.categories` (that finding sits in the contract). When the app also registers categories whose \
            identifier pushlint could not read, it only reminds (info). A placeholder is not judged. With the \
            app's iOS sources read this rule owns the payload's category, and `contract-category-exists` (the same \
            check against the contract's list) stays silent. It runs only when the config names the app folders \
            (`app`) or `--app` is given, and only with iOS sources.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": "Order 48213 shipped", "category": ↓"ORDER_TRACKING"}}"#, app: ExampleApps.ios,
                note: "The app registers `ORDER_ACTIONS` and `CHAT_REPLY`."),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Lena", "body": "See you at 8?", "categoryId": ↓"chat_reply"}"#,
                app: ExampleApps.ios, note: "Expo message; identifiers are case-sensitive."),
            RuleExample(
                #"{"aps": {"alert": "Order 48213 shipped", "category": "ORDER_ACTIONS"}}"#,
                contract: #"{"ios": {"categories": ["ORDER_ACTIONS", ↓"RATE_ORDER"]}}"#, app: ExampleApps.ios,
                note: "The contract declares `RATE_ORDER`, which the app never registers."),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": "Order 48213 shipped", "category": "ORDER_ACTIONS"}}"#,
                contract: #"{"ios": {"categories": ["ORDER_ACTIONS", "CHAT_REPLY"]}}"#, app: ExampleApps.ios),
            RuleExample(
                #"{"aps": {"alert": "Order {{order_id}} shipped", "category": "{{category}}"}}"#,
                fileName: "order.json.tmpl", app: ExampleApps.ios, note: "A placeholder: its value is not known."),
            RuleExample(
                #"{"aps": {"alert": "Order 48213 shipped", "category": "ORDER_TRACKING"}}"#, app: ExampleApps.android,
                note: "Only the app's Android sources were read."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        let doc = context.document
        guard let facts = App.facts(context.settings, .ios), let view = context.payload.apns,
            let field = view.field("category"), let name = doc.stringValue(field.value), !name.isEmpty,
            !context.isTemplated(field.value), !facts.categories.contains(where: { $0.id == name })
        else { return [] }
        let registered = App.unique(facts.categories.map(\.id))
        let unresolved = App.unresolved(facts, "category")
        let written = view.origin == .expo ? "categoryId" : "category"
        return [
            diagnostic(
                Self.notRegistered(written, name, facts, registered: registered, unresolved: unresolved),
                at: field.value, in: doc, severity: unresolved.isEmpty ? nil : .info)
        ]
    }

    func checkContract(_ context: ContractContext) -> [Diagnostic] {
        guard let facts = App.facts(context.settings, .ios), let ios = context.contract.ios,
            let categories = ios.categories
        else { return [] }
        let unresolved = App.unresolved(facts, "category")
        return zip(categories, ios.categoryNodes).compactMap { name, node in
            guard !facts.categories.contains(where: { $0.id == name }) else { return nil }
            return diagnostic(
                Self.declaredButNotRegistered(name, facts, unresolved: unresolved), at: node, in: context.document,
                severity: unresolved.isEmpty ? nil : .info)
        }
    }

    // MARK: Messages

    /// "; the app registers 'A' (path:line), 'B' (path:line)" or "; the app registers no category".
    static func registeredNote(_ facts: AppFacts) -> String {
        guard !facts.categories.isEmpty else { return "; the app registers no category" }
        var seen: Set<String> = []
        let listed = facts.categories.filter { seen.insert($0.id).inserted }.map {
            "'\($0.id)' (\(App.place($0.location)))"
        }
        return "; the app registers " + listed.joined(separator: ", ")
    }

    /// `registered`: the category ids the app registers; `unresolved`: registrations whose id the scan could not read.
    static func notRegistered(
        _ field: String, _ name: String, _ facts: AppFacts, registered: [String], unresolved: [AppFacts.Unresolved]
    ) -> FindingText {
        let suggestion =
            Suggest.sameWordDifferentSpelling(name, in: registered) ?? Suggest.closest(to: name, in: registered)
        return FindingText(
            App.sentences(
                "\(field) '\(name)' is not a category the app registers, so the notification shows without its actions"
                    + registeredNote(facts), Suggest.didYouMean(name, in: registered),
                App.unresolvedNote(unresolved, "category identifiers")),
            help: suggestion.map { "write \"\($0)\", or register '\(name)' in the app" }
                ?? "register a UNNotificationCategory with identifier '\(name)' in the app, or use one it registers")
    }

    static func declaredButNotRegistered(_ name: String, _ facts: AppFacts, unresolved: [AppFacts.Unresolved])
        -> FindingText
    {
        FindingText(
            App.sentences(
                "the contract declares category '\(name)', but the app never registers it, so notifications that name it show without their actions"
                    + registeredNote(facts), App.unresolvedNote(unresolved, "category identifiers")),
            help:
                "register a UNNotificationCategory with identifier '\(name)' in the app, or remove it from the contract"
        )
    }

}
