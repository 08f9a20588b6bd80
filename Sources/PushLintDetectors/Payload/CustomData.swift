import PushLintJSON
import PushLintModel

/// One custom data field as a client reads it.
package struct CustomField {
    package var key: NodeID
    package var value: NodeID
    /// FCM `data` maps are `map<string,string>`: typed contract fields are read from the string's content.
    package var isStringMap: Bool
}

/// The custom data a client reads on one platform (DESIGN.md §5): FCM `data`/`android.data`/`webpush.data`, APNs
/// keys beside `aps`, Expo `data`.
package struct CustomFieldSet {
    /// "android", "apns", "webpush" or "expo".
    package var platform: String
    /// The object holding the fields (data map, APNs body); nil when the message has none.
    package var container: NodeID?
    package var fields: [CustomField]
    /// How messages name the place ("`data`", "`android.data`", "the APNs body beside `aps`").
    package var place: String
}

package enum CustomData {
    /// The field sets of a payload, one per platform that reads a different set (an FCM message without
    /// `android.data`, `webpush.data` or custom APNs keys has one set: `data`).
    package static func sets(_ context: PayloadContext, includingSameAPNs: Bool = false) -> [CustomFieldSet] {
        let doc = context.document
        let payload = context.payload
        func fields(_ object: NodeID?, stringMap: Bool) -> [CustomField] {
            guard let object else { return [] }
            return doc.mapMembers(object) { CustomField(key: $0.key, value: $0.value, isStringMap: stringMap) }
        }
        switch payload.kind {
        case .sns, .pubnub, .pusherBeams:
            // The envelope carries no custom data of its own: its platform values are linted as their platforms'.
            return []
        case .apns:
            guard let apns = payload.apns else { return [] }
            return [
                CustomFieldSet(
                    platform: "apns", container: apns.body,
                    fields: apns.customKeys.map { CustomField(key: $0.key, value: $0.value, isStringMap: false) },
                    place: "the APNs body beside `aps`")
            ]
        case .expo:
            let data = doc.memberObject(payload.body, "data")
            return [
                CustomFieldSet(
                    platform: "expo", container: data, fields: fields(data, stringMap: false), place: "`data`")
            ]
        case .webpush:
            let data = payload.webpush?.data
            let place = payload.webpush?.notification.map { _ in "`notification.data`" } ?? "`data`"
            return [
                CustomFieldSet(
                    platform: "webpush", container: data, fields: fields(data, stringMap: false), place: place)
            ]
        case .fcmLegacy:
            let data = doc.memberObject(payload.body, "data")
            return [
                CustomFieldSet(
                    platform: "android", container: data, fields: fields(data, stringMap: true), place: "`data`")
            ]
        case .fcm:
            let message = payload.body
            let data = doc.memberObject(message, "data")
            let androidData = payload.android?.config.flatMap { doc.memberObject($0, "data") }
            var result = [
                CustomFieldSet(
                    platform: "android", container: androidData ?? data,
                    fields: androidData != nil ? fields(androidData, stringMap: true) : fields(data, stringMap: true),
                    place: androidData != nil ? "`android.data`" : "`data`")
            ]
            if let apns = payload.apns {
                let custom = apns.customKeys.map { CustomField(key: $0.key, value: $0.value, isStringMap: false) }
                if includingSameAPNs || !custom.isEmpty || (androidData != nil && data != nil) {
                    result.append(
                        CustomFieldSet(
                            platform: "apns", container: custom.isEmpty ? data : apns.body,
                            fields: fields(data, stringMap: true) + custom,
                            place: custom.isEmpty ? "`data`" : "`data` and `apns.payload` beside `aps`"))
                }
            }
            if let web = payload.webpush, let webData = doc.memberObject(web.config, "data") {
                result.append(
                    CustomFieldSet(
                        platform: "webpush", container: webData, fields: fields(webData, stringMap: true),
                        place: "`webpush.data`"))
            }
            return result
        }
    }

    /// Every custom field once (a field read on several platforms appears once).
    package static func allFields(_ context: PayloadContext) -> [CustomField] {
        let sets = sets(context)
        // One set (APNs, Expo, most FCM messages) has each field once already: no hashing of every key.
        if sets.count == 1 { return sets[0].fields }
        var seen: Set<NodeID> = []
        var result: [CustomField] = []
        for set in sets {
            for field in set.fields where seen.insert(field.key).inserted { result.append(field) }
        }
        return result
    }

    /// The text a scalar value renders to, for `match` and `enum` comparisons; nil for containers, null and
    /// templated values.
    package static func scalarText(_ context: PayloadContext, _ node: NodeID) -> String? {
        let doc = context.document
        if context.isTemplated(node) { return nil }
        switch doc.kind(node) {
        case .string: return doc.string(node)
        case .number, .bool: return doc.rawText(node)
        default: return nil
        }
    }
}
