import PushLintModel
import PushLintRules

/// The schema tables the rules read, for editor features above the engine (the language server's completion):
/// `aps` and the APNs headers, the FCM send request and message, the Expo message.
public enum EditorSchemas {
    public static var aps: MessageSchema { PayloadSchemas.aps }
    public static var apnsHeaders: MessageSchema { PayloadSchemas.apnsHeaders }
    public static var fcmSendRequest: MessageSchema { PayloadSchemas.fcmSendRequest }
    public static var fcmMessage: MessageSchema { PayloadSchemas.fcmMessage }
    public static var expoMessage: MessageSchema { PayloadSchemas.expoMessage }
    public static var webpushDeclarative: MessageSchema { PayloadSchemas.webpushDeclarative }
    /// Every rule's description, for hover.
    public static var ruleDescriptions: [RuleDescription] { RuleRegistry.descriptions }
    /// Reads a configuration as `pushlint lint` would (the server checks an edited `.pushlint.json` before it writes).
    public static func readConfig(path: String, bytes: [UInt8]) throws(ConfigurationError) -> Config {
        try Config.read(path: path, bytes: bytes, rules: RuleRegistry.descriptions)
    }
}
