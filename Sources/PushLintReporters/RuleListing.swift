import PushLintModel

/// `pushlint rules`.
public enum RuleListing {
    public static func text(_ descriptions: [RuleDescription]) -> String {
        let width = (descriptions.map(\.id.count).max() ?? 0) + 2
        var out = ""
        for family in RuleFamily.allCases {
            let rules = descriptions.filter { $0.family == family }
            guard !rules.isEmpty else { continue }
            out += "\(family.rawValue)\n"
            for d in rules {
                let id = d.id + String(repeating: " ", count: width - d.id.count)
                let severity =
                    d.defaultSeverity.rawValue + String(repeating: " ", count: 8 - d.defaultSeverity.rawValue.count)
                out += "  \(id)\(severity)\(d.isFixable ? "fix " : "    ")\(d.summary)\n"
            }
            out += "\n"
        }
        return out
    }

    public static func json(_ descriptions: [RuleDescription]) -> String {
        var w = JSONWriter()
        w.beginArray()
        for d in descriptions {
            w.beginObject()
            w.string("id", d.id)
            w.string("family", d.family.slug)
            w.string("defaultSeverity", d.defaultSeverity.rawValue)
            w.bool("fixable", d.isFixable)
            w.string("summary", d.summary)
            w.endObject()
        }
        w.endArray()
        return w.text + "\n"
    }
}
