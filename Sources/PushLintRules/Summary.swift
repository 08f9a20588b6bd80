import PushLintDetectors
import PushLintJSON
import PushLintModel

/// Condenses a payload into what project rules need, so the engine keeps no documents after a file is done.
public enum PayloadSummarizer {
    /// - Parameter enclosed: an envelope's payloads when they are built already (else they are built here).
    public static func summarize(_ context: PayloadContext, enclosed: [EnclosedPayload] = []) -> PayloadSummary {
        if context.payload.kind.isEnvelope {
            let payloads = enclosed.isEmpty ? context.payload.enclosedPayloads(in: context.document) : enclosed
            return summarizeEnvelope(context, payloads)
        }
        let doc = context.document
        let payload = context.payload
        var high: PlatformSet = []
        if let android = payload.android, android.isHighPriority { high.insert(.android) }
        if let apns = payload.apns, isAPNsHigh(apns, doc) { high.insert(.apns) }
        let event = EventMapping.event(context)?.name
        var views: PlatformSet = []
        if payload.android != nil { views.insert(.android) }
        if payload.apns != nil { views.insert(.apns) }
        if payload.webpush != nil { views.insert(.webpush) }
        // Field names are kept only for a contract event: their one reader compares them per event.
        var fields: [String: [String]] = [:]
        if event != nil {
            for set in CustomData.sets(context, includingSameAPNs: true) {
                fields[set.platform] = set.fields.map { doc.string($0.key) }
            }
        }
        return PayloadSummary(
            path: context.path, batchIndex: payload.batchIndex, kind: payload.kind,
            wireBytes: payload.sizes.first?.bytes ?? 0, highPriority: high, views: views,
            collapseKey: payload.android?.collapseKey.flatMap { doc.stringValue($0) },
            event: event, fieldsByPlatform: fields, isLogLine: context.isLogLine)
    }

    /// An envelope (an SNS message, a relay's body): what its platform payloads say together (their event, views,
    /// priorities and fields), so the project rules see what the devices receive; the size is the whole message's.
    static func summarizeEnvelope(_ context: PayloadContext, _ enclosedPayloads: [EnclosedPayload]) -> PayloadSummary {
        var summary = PayloadSummary(
            path: context.path, batchIndex: context.payload.batchIndex, kind: context.payload.kind,
            wireBytes: context.payload.sizes.first?.bytes ?? 0, isLogLine: context.isLogLine)
        for enclosed in enclosedPayloads {
            let inner = summarize(context.enclosing(enclosed))
            summary.event = summary.event ?? inner.event
            summary.collapseKey = summary.collapseKey ?? inner.collapseKey
            summary.highPriority.formUnion(inner.highPriority)
            summary.views.formUnion(inner.views)
            summary.fieldsByPlatform.merge(inner.fieldsByPlatform) { Array(Set($0 + $1)).sorted() }
        }
        return summary
    }

    /// APNs at high priority: priority 10 (stated, or the default) with `interruption-level` `time-sensitive` or
    /// `critical`, the levels that break through Focus. Priority 10 alone is Apple's normal for alerts.
    static func isAPNsHigh(_ apns: APNsView, _ doc: JSONDocument) -> Bool {
        guard let level = apns.field("interruption-level").flatMap({ doc.stringValue($0.value) }),
            level == "time-sensitive" || level == "critical"
        else { return false }
        return !["5", "1"].contains(apns.headers?.priority ?? "10")
    }
}

extension PayloadSummary {
    /// How a project finding names one payload: its path, and its index when the file is a batch.
    var place: String { path + (batchIndex.map { " [\($0)]" } ?? "") }
}
