/// Renders rule descriptions as Markdown: `rules/<id>.md`, `rules/README.md`, `pushlint explain` and SARIF help
/// all come from here.
public enum RuleDocumentation {
    /// Where a rule's page is published (`rules/<id>.md` in the repository).
    public static func pageURL(_ id: String) -> String { "\(PushLintInfo.informationURI)/blob/main/rules/\(id).md" }

    public static func page(_ d: RuleDescription) -> String {
        var out = "# `\(d.id)`\n\n"
        out += "\(d.summary)\n\n"
        out += "| family | default severity | fixable | scope |\n|---|---|---|---|\n"
        out +=
            "| \(d.family.rawValue) | \(d.defaultSeverity.rawValue) | \(d.isFixable ? "yes" : "no") | \(scope(d)) |\n\n"
        out += "## Why\n\n\(d.rationale)\n\n"
        if !d.triggering.isEmpty {
            out += "## Triggers\n\n"
            out +=
                d.scope == .project
                ? "The finding is about the set of files linted together, so it has no place in one of them; a batch (a JSON array) stands for that set here.\n\n"
                : "`↓` marks where the finding starts (it is not part of the payload).\n\n"
            for example in d.triggering { out += render(example) }
        }
        if !d.nonTriggering.isEmpty {
            out += "## Does not trigger\n\n"
            for example in d.nonTriggering { out += render(example) }
        }
        if !d.corrections.isEmpty {
            out += "## Fix\n\n`pushlint --fix` rewrites only the offending bytes:\n\n"
            for correction in d.corrections {
                out += render(correction.before, heading: "Before")
                out += "After:\n\n" + fence(correction.after, fileName: correction.before.fileName)
            }
        }
        out += "## Options\n\n"
        if d.options.isEmpty {
            out += "None.\n\n"
        } else {
            out += "| option | type | default | meaning |\n|---|---|---|---|\n"
            for o in d.options { out += "| `\(o.name)` | \(o.type.rawValue) | `\(o.defaultValue)` | \(o.summary) |\n" }
            out +=
                "\nSet them in `.pushlint.json`:\n\n```jsonc\n{ \"options\": { \"\(d.id)\": { \"\(d.options[0].name)\": \(d.options[0].defaultValue) } } }\n```\n\n"
        }
        out +=
            "## Configure\n\n```jsonc\n{ \"rules\": { \"\(d.id)\": \"off\" } }   // or \"info\", \"warning\", \"error\"\n```\n"
        return out
    }

    /// Where a rule looks: each file, all files together, or (also) the contract file.
    static func scope(_ d: RuleDescription) -> String {
        switch d.scope {
        case .file: return "file"
        case .project: return "project (all files together)"
        case .contract: return "the contract"
        case .fileAndContract: return "file and the contract"
        }
    }

    static func render(_ example: RuleExample, heading: String? = nil) -> String {
        var out = ""
        if let heading {
            out += heading + (example.note.map { " (\($0.lowercased().trimmingDot))" } ?? "") + ":\n\n"
        } else if let note = example.note {
            out += note + "\n\n"
        }
        if example.fileName != "example.json" { out += "File `\(example.fileName)`:\n\n" }
        out += fence(example.source, fileName: example.fileName)
        if let contract = example.contract {
            out += "With the contract:\n\n" + fence(contract, fileName: "push-contract.json")
        }
        if let config = example.config {
            out += "With `.pushlint.json`:\n\n" + fence(config, fileName: ".pushlint.json")
        }
        if let app = example.app {
            out += "With the app's sources saying:\n\n```text\n" + appLines(app).joined(separator: "\n") + "\n```\n\n"
        }
        return out
    }

    /// The facts of an example app, one per line with the place they were read from, as the docs show them.
    static func appLines(_ app: AppFacts) -> [String] {
        func at(_ location: AppFacts.Location) -> String { "\(location.path):\(location.line): " }
        var lines = [
            "app platforms: "
                + (app.platforms.isEmpty ? "none" : app.platforms.sorted().map(\.rawValue).joined(separator: ", "))
        ]
        for channel in app.channels {
            lines.append(
                at(channel.location) + "creates channel '\(channel.id)'"
                    + (channel.importance.map { " with importance \($0.rawValue)" }
                        ?? " (importance not a known constant)"))
        }
        for fact in app.deletedChannels { lines.append(at(fact.location) + "deletes channel '\(fact.id)'") }
        if let fact = app.defaultChannel { lines.append(at(fact.location) + "FCM default channel '\(fact.id)'") }
        for category in app.categories { lines.append(at(category.location) + "registers category '\(category.id)'") }
        for fact in app.backgroundModes { lines.append(at(fact.location) + "UIBackgroundModes has '\(fact.id)'") }
        for fact in app.entitlements { lines.append(at(fact.location) + "entitlement \(fact.id)") }
        for location in app.serviceExtensions { lines.append(at(location) + "Notification Service Extension") }
        for location in app.pushKit { lines.append(at(location) + "uses PushKit") }
        for fact in app.unresolved { lines.append(at(fact.location) + "not read: \(fact.what)") }
        return lines
    }

    static func fence(_ text: String, fileName: String) -> String {
        let language =
            fileName.hasSuffix(".json") && !fileName.hasPrefix(".") && fileName != "push-contract.json"
            ? "json" : "jsonc"
        let shown =
            text.count > 600
            ? String(text.prefix(300)) + "…(\(text.count) characters)…" + String(text.suffix(60)) : text
        return "```\(language)\n\(shown)\n```\n\n"
    }

    /// `rules/README.md`: every rule by family.
    public static func index(_ descriptions: [RuleDescription]) -> String {
        var out = "# pushlint rules\n\n"
        out +=
            "Generated from the rule descriptions in `Sources/PushLintRules` by `swift run pushlint-docgen`; do not edit by hand.\n"
        out += "Ids are stable: configs, baselines and CI depend on them.\n\n"
        for family in RuleFamily.allCases {
            let rules = descriptions.filter { $0.family == family }
            guard !rules.isEmpty else { continue }
            out += "## \(family.rawValue)\n\n| rule | default | fixable | summary |\n|---|---|---|---|\n"
            for d in rules {
                out +=
                    "| [`\(d.id)`](\(d.id).md) | \(d.defaultSeverity.rawValue) | \(d.isFixable ? "yes" : "") | \(d.summary) |\n"
            }
            out += "\n"
        }
        return out
    }

    /// The text of a hand-written page with one generated section replaced: the lines between
    /// `<!-- generated:NAME begin ... -->` and `<!-- generated:NAME end -->`. Nil when the page lacks the markers.
    public static func replacingSection(_ name: String, in page: String, with content: String) -> String? {
        let begin =
            "<!-- generated:\(name) begin (by `swift run pushlint-docgen` from the code; do not edit by hand) -->"
        let end = "<!-- generated:\(name) end -->"
        guard let first = page.firstRange(of: begin), let last = page.firstRange(of: end),
            first.upperBound <= last.lowerBound
        else { return nil }
        return String(page[..<first.upperBound]) + "\n" + content + String(page[last.lowerBound...])
    }

    /// Every generated file: name -> content.
    public static func allPages(_ descriptions: [RuleDescription]) -> [(name: String, content: String)] {
        [("README.md", index(descriptions))] + descriptions.map { ("\($0.id).md", page($0)) }
    }
}

extension String {
    var trimmingDot: String { hasSuffix(".") ? String(dropLast()) : self }
}
