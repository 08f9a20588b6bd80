import PushLintJSON
import PushLintModel

/// What the app resource rules share: the values a payload field stands for (a literal, or each value the
/// contract allows for a placeholder that stands alone), and the example app they are shown with.
package enum AppResourceValues {
    /// The values `node` may have when sent: its text; for a templated value that is one placeholder, every value
    /// the contract's `enum` allows for that variable (the event's field of that name first, then any event's);
    /// nil when they are not known (the rule is then silent).
    package static func candidates(_ node: NodeID, _ context: PayloadContext) -> [String]? {
        let doc = context.document
        guard context.isTemplated(node) else {
            return doc.kind(node) == .string ? [doc.string(node)] : nil
        }
        let text = doc.kind(node) == .placeholder ? doc.rawText(node) : doc.string(node)
        let found = context.settings.placeholders.find(in: text)
        guard found.count == 1, let placeholder = found.first,
            placeholder.scalarLength == text.unicodeScalars.count
        else { return nil }
        let variable = placeholder.variable
        if let event = EventMapping.event(context),
            let allowed = event.fields?.first(where: { $0.name == variable })?.allowed
        {
            return allowed
        }
        for event in context.contract?.events ?? [] {
            if let allowed = event.fields?.first(where: { $0.name == variable })?.allowed { return allowed }
        }
        return nil
    }

    /// " (the contract allows 'a', 'b' for {{x}})" for a value that came from the contract, else "".
    package static func origin(_ node: NodeID, _ context: PayloadContext) -> String {
        context.isTemplated(node) ? " (a value the contract allows for this placeholder)" : ""
    }

    /// The platforms a payload's custom data reaches, for a field set of `CustomData.sets`.
    package static func platforms(of set: CustomFieldSet) -> [AppFacts.Platform] {
        switch set.platform {
        case "android": return [.android]
        case "apns": return [.ios]
        case "expo": return [.android, .ios]
        default: return []
        }
    }
}
