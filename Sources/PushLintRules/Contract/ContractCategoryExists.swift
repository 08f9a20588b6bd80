import PushLintJSON
import PushLintModel

/// `contract-category-exists`: an APNs category that the app does not register.
struct ContractCategoryExists: PayloadRule {
    static let description = RuleDescription(
        id: "contract-category-exists",
        summary: "The notification category (`aps.category`, Expo `categoryId`) is not one the app registers.",
        family: .contract,
        defaultSeverity: .error,
        rationale: """
            A category shows its actions (Reply, Track, Cancel) only when the app registered a \
            `UNNotificationCategory` with exactly that identifier (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification). An unknown \
            category is not an error anywhere: the notification arrives without its buttons, and the custom UI \
            of a content extension never loads. The contract's `ios.categories` lists what the app registers; \
            the rule checks `aps.category` (APNs files and FCM `apns.payload`) and Expo `categoryId`, and \
            suggests the closest registered one. When the app's iOS sources are read (config `app`, `--app`), what \
            the app registers is known rather than declared: `app-category-not-registered` checks the category \
            against the app (and the contract's categories against the app, in the contract), and this rule stays \
            silent.
            """,
        triggering: [
            RuleExample(
                #"{"aps": {"alert": "Order shipped", "category": ↓"ORDER_ACTION"}}"#, contract: ExampleContracts.shop),
            RuleExample(
                #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Lena", "categoryId": ↓"chat_reply"}"#,
                contract: ExampleContracts.shop),
        ],
        nonTriggering: [
            RuleExample(
                #"{"aps": {"alert": "Order shipped", "category": "ORDER_ACTIONS"}}"#, contract: ExampleContracts.shop),
            RuleExample(
                #"{"aps": {"alert": "Order shipped", "category": "ANYTHING"}}"#,
                note: "No contract, nothing to compare with."),
            RuleExample(
                #"{"aps": {"alert": "Order shipped", "category": "ORDER_ACTION"}}"#, contract: ExampleContracts.shop,
                app: ExampleApps.ios, note: "The app's sources were read: app-category-not-registered reports it."),
        ])

    func check(_ context: PayloadContext) -> [Diagnostic] {
        guard App.facts(context.settings, .ios) == nil, let categories = context.contract?.ios?.categories,
            let apns = context.payload.apns,
            let field = apns.field("category"), let name = context.document.stringValue(field.value),
            !context.isTemplated(field.value), !categories.contains(name)
        else { return [] }
        let written = apns.origin == .expo ? "categoryId" : "category"
        return [
            diagnostic(
                Self.notRegistered(name, field: written, registered: categories), at: field.value,
                in: context.document)
        ]
    }

    // MARK: Messages

    static func notRegistered(_ name: String, field: String, registered categories: [String]) -> FindingText {
        let suggestion =
            Suggest.sameWordDifferentSpelling(name, in: categories) ?? Suggest.closest(to: name, in: categories)
        return FindingText(
            "\(field) '\(name)' is not a category the app registers, so the notification shows without its actions;"
                + " registered: " + categories.map { "'\($0)'" }.joined(separator: ", ") + "."
                + Suggest.didYouMean(name, in: categories),
            help: suggestion.map { "write \"\($0)\"" } ?? "use a category listed in the contract's ios.categories")
    }

}
