import PushLintJSON
import PushLintModel

/// Condenses a payload into what project rules need, so the engine keeps no documents after a file is done.
public enum PayloadSummarizer {
    public static func summarize(_ context: PayloadContext) -> PayloadSummary {
        let doc = context.document
        let payload = context.payload
        var high: [String] = []
        if let android = payload.android, android.isHighPriority { high.append("android") }
        if let apns = payload.apns, isAPNsHigh(apns) { high.append("apns") }
        var fields: [String: [String]] = [:]
        if let data = payload.android?.data { fields["android"] = doc.members(data).map { doc.string($0.key) } }
        if let apns = payload.apns, apns.origin == .apnsFile { fields["apns"] = apns.customKeys.map { doc.string($0.key) } }
        if payload.kind == .expo, let data = doc.memberObject(payload.body, "data") {
            fields["expo"] = doc.members(data).map { doc.string($0.key) }
        }
        return PayloadSummary(
            path: context.path, batchIndex: payload.batchIndex, kind: payload.kind,
            wireBytes: payload.sizes.first?.bytes ?? 0, highPriorityPlatforms: high,
            collapseKey: payload.android?.collapseKey.flatMap { doc.stringValue($0) }, event: nil,
            fieldsByPlatform: fields)
    }

    /// APNs priority 10 (stated, or the default when headers are known) on a push that shows something.
    static func isAPNsHigh(_ apns: APNsView) -> Bool {
        guard let headers = apns.headers else { return false }
        let visible = ["alert", "sound", "badge"].contains { apns.field($0) != nil }
        return visible && (headers.priority ?? "10") == "10"
    }
}
