/// The tool's name and version, as reports print them.
public enum PushLintInfo {
    public static let name = "pushlint"
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/pushlint/pushlint"
}
