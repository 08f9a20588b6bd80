import PushLintJSON
import PushLintModel

/// Why the contract says a payload can wait: its event's urgency, or the importance of its Android channel.
package struct NonUrgency {
    /// The event and its urgency, when it is `marketing` or `background`.
    package var event: (name: String, urgency: String)?
    /// The Android channel and its importance, when it is `low`, `min` or `none`.
    package var channel: (id: String, importance: String)?

    package var isEmpty: Bool { event == nil && channel == nil }

    package init(_ context: PayloadContext) {
        guard let contract = context.contract else { return }
        let doc = context.document
        let mapped = EventMapping.event(context)
        if let e = mapped, let u = e.urgency, u == .marketing || u == .background { event = (e.name, u.rawValue) }
        if let android = context.payload.android {
            let id =
                android.channelId.flatMap { doc.stringValue($0) } ?? mapped?.channel ?? contract.android?.defaultChannel
            if let id, let importance = contract.channel(id)?.importance, [.low, .min, .none].contains(importance) {
                channel = (id, importance.rawValue)
            }
        }
    }

    /// "event 'x', which the contract marks marketing, sent to channel 'y' of importance low".
    package func text(includingChannel: Bool = true) -> String {
        var parts: [String] = []
        if let event {
            parts.append("event \(MessageText.single(event.name)), which the contract marks \(event.urgency)")
        }
        if includingChannel, let channel {
            parts.append("channel \(MessageText.single(channel.id)) of importance \(channel.importance)")
        }
        return parts.joined(separator: ", sent to ")
    }
}
