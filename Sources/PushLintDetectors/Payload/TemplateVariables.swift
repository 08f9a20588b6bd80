import PushLintJSON
import PushLintModel

/// One placeholder of a template, where it stands.
package struct PlaceholderUse {
    package var placeholder: Placeholder
    /// The string (or key) node that contains it, or the `.placeholder` node in value position.
    package var node: NodeID
    package var inValuePosition: Bool
    /// UTF-8 bytes the placeholder's own text occupies in the literal payload.
    package var literalBytes: Int
    /// Byte range of the placeholder in the file (the whole string when it has escapes).
    package var span: ByteSpan

    /// Section and comment tags (`{{#if x}}`, `{{/if}}`, `{{! note }}`, `{{> partial}}`, `{{else}}`) render no
    /// value of their own.
    package var rendersValue: Bool {
        guard let first = placeholder.expression.first else { return false }
        return !"#/^!>".contains(first) && placeholder.expression != "else" && placeholder.expression != "end"
    }
}

/// Template placeholders and their declared maxima (DESIGN.md §3 "Templates", §5 `variables`).
package enum TemplateVariables {
    /// Every placeholder in a subtree, in document order.
    package static func uses(in root: NodeID, _ context: PayloadContext) -> [PlaceholderUse] {
        guard context.isTemplate else { return [] }
        let doc = context.document
        var result: [PlaceholderUse] = []
        var k = root
        let end = doc.nodes[root].next
        while k < end {
            switch doc.kind(k) {
            case .string, .key:
                let text = doc.string(k)
                let scalars = Array(text.unicodeScalars)
                // Offsets in the decoded text are offsets in the file only when the text is the file's bytes: no
                // escapes, and no invalid UTF-8 (each bad byte decodes to the three bytes of U+FFFD). Otherwise
                // a placeholder is located by its whole string.
                let isVerbatim =
                    doc.nodes[k].flags & JSONNode.hasEscapes == 0 && text.utf8.count == doc.span(k).length - 2
                for p in context.placeholders(in: k) {
                    let before = String(String.UnicodeScalarView(scalars[0..<min(p.scalarOffset, scalars.count)])).utf8
                        .count
                    let upper = min(p.scalarOffset + p.scalarLength, scalars.count)
                    let own = String(String.UnicodeScalarView(scalars[min(p.scalarOffset, upper)..<upper])).utf8.count
                    let span =
                        isVerbatim
                        ? ByteSpan(doc.span(k).start + 1 + before, doc.span(k).start + 1 + before + own) : doc.span(k)
                    result.append(
                        PlaceholderUse(placeholder: p, node: k, inValuePosition: false, literalBytes: own, span: span))
                }
            case .placeholder:
                if let p = context.settings.placeholders.find(in: doc.rawText(k)).first {
                    result.append(
                        PlaceholderUse(
                            placeholder: p, node: k, inValuePosition: true, literalBytes: doc.span(k).length,
                            span: doc.span(k)))
                }
            default:
                break
            }
            k += 1
        }
        return result
    }

    package struct WorstCase {
        package var bytes: Int
        /// Declared variables that grow the payload, with the bytes they add at their maximum.
        package var growth: [(name: String, bytes: Int)]
        /// Variables without a declared maximum (counted at their literal size).
        package var undeclared: [String]
    }

    /// The wire size of `wire` with every declared placeholder at its maximum.
    package static func worstCase(_ wire: WireValue, literalBytes: Int, _ context: PayloadContext) -> WorstCase {
        var uses: [PlaceholderUse] = []
        collect(wire, context, &uses)
        let variables = context.contract?.variables ?? [:]
        var total = literalBytes
        var growth: [String: Int] = [:]
        var undeclared: [String] = []
        for use in uses where use.rendersValue {
            let name = use.placeholder.variable
            // A bounding filter (`| truncate: 40`) is a declared maximum too; the smaller one holds.
            let bounds = [
                variables[name]?.worstCaseBytes,
                use.placeholder.declaredMaximumLength.map { Saturating.multiply($0, 4) },
            ]
            .compactMap { $0 }
            guard let worst = bounds.min() else {
                if !undeclared.contains(name) { undeclared.append(name) }
                continue
            }
            // Declared maxima may be any whole number: the sums saturate at Int.max ("too large to count").
            let delta = worst - use.literalBytes
            total = Saturating.add(total, delta)
            growth[name] = Saturating.add(growth[name] ?? 0, max(0, delta))
        }
        let sorted = growth.filter { $0.value > 0 }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map {
            (name: $0.key, bytes: $0.value)
        }
        return WorstCase(bytes: total, growth: sorted, undeclared: undeclared)
    }

    private static func collect(_ wire: WireValue, _ context: PayloadContext, _ out: inout [PlaceholderUse]) {
        switch wire {
        case .node(let id): out += uses(in: id, context)
        case .object(let members): for member in members { collect(member.value, context, &out) }
        case .members(let members): for member in members { out += uses(in: member.value, context) }
        case .array(let items): for item in items { collect(item, context, &out) }
        case .string, .raw: return
        }
    }
}
