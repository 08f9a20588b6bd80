import PushLintJSON
import PushLintModel

/// A key of a schema-described object that is no field of its schema, with what to write instead. FCM's and Expo's
/// unknown-field rules report these alike and differ only in their words, so the finding is made here once.
package struct UnknownField {
    /// The key as the file spells it.
    package let key: String
    package let keyNode: NodeID
    /// The object the key stands in: its schema and dotted path, for the message.
    package let object: SchemaObject
    package let advice: Advice

    package enum Advice {
        /// A field of another API (legacy FCM, an APNs or FCM name in Expo) whose value this schema takes as
        /// `replacement`.
        case foreign(replacement: String)
        /// Most likely a misspelling of this field.
        case misspelt(suggestion: String)
        /// Nothing close: a custom value in the wrong place.
        case unknown
    }

    /// Every unknown key of the payload's schema objects, in document order. The payload's schema walk has looked
    /// every key up already; a templated key is unknown until rendered (with custom delimiters, such as `_`, a
    /// field name can hold a placeholder), so it is left out.
    package static func all(in context: PayloadContext) -> [UnknownField] {
        all(context.payload.schemaUnknownMembers, in: context)
    }

    /// The unknown keys among `members`, from a walk of another table than the payload's (a relay's own format,
    /// FCM's `webpush.notification`).
    package static func all(_ members: [UnknownSchemaMember], in context: PayloadContext) -> [UnknownField] {
        let doc = context.document
        var result: [UnknownField] = []
        for other in members where !context.isTemplated(other.member.key) {
            let key = doc.string(other.member.key)
            let schema = other.object.schema
            // A foreign name is looked up first: its replacement is certain, an edit-distance guess is not.
            let advice: Advice =
                if let replacement = schema.replacement(forForeign: key) {
                    .foreign(replacement: replacement)
                } else if let suggestion = schema.suggestion(for: key) {
                    .misspelt(suggestion: suggestion)
                } else {
                    .unknown
                }
            result.append(UnknownField(key: key, keyNode: other.member.key, object: other.object, advice: advice))
        }
        return result
    }

    // MARK: Messages

    /// How both rules end the message of a key that is no foreign field: the closest field, or where custom
    /// values go.
    package var hint: String {
        if case .misspelt(let suggestion) = advice { return "; did you mean \(MessageText.single(suggestion))?" }
        return "; custom values go in data"
    }
}
