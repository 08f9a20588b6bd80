import PushLintModel

/// The resource facts (strings, sounds, icons, links, Live Activity types) in `pushlint app scan`'s output, after the others.
///
/// JSON: `strings` (`{"platform", "key", "locales", "arguments", "mismatchedLocales": [{"locale", "arguments"}],
/// "path", "line"}`), `sounds` (`{"platform", "name", "path"}`), `icons` and `colors` (`{"name", "path", "line"}`),
/// `defaultIcon` and `defaultColor` (`{"name", "path", "line"}` or null), `links` (`{"kind", "platform", "value",
/// "verified", "path", "line"}`) and `liveActivities` (`{"attributesType", "contentState", "attributes", "path",
/// "line"}`, each list of `{"name", "type", "optional"}` or null when a custom decoder reads it).
extension AppFactsReporter {
    static func resourcesJSON(_ w: inout JSONWriter, _ facts: AppFacts) {
        w.beginArray("strings")
        for string in facts.strings {
            w.beginObject()
            w.string("platform", string.platform.rawValue)
            w.string("key", string.key)
            w.beginArray("locales")
            for locale in string.locales { w.string(nil, locale) }
            w.endArray()
            w.number("arguments", string.arguments)
            w.beginArray("mismatchedLocales")
            for (locale, count) in string.mismatchedLocales.sorted(by: { $0.key < $1.key }) {
                w.beginObject()
                w.string("locale", locale)
                w.number("arguments", count)
                w.endObject()
            }
            w.endArray()
            location(&w, string.location)
            w.endObject()
        }
        w.endArray()
        w.beginArray("sounds")
        for sound in facts.sounds {
            w.beginObject()
            w.string("platform", sound.platform.rawValue)
            w.string("name", sound.name)
            w.string("path", sound.location.path)
            w.endObject()
        }
        w.endArray()
        resources(&w, "icons", facts.icons)
        resources(&w, "colors", facts.colors)
        resource(&w, "defaultIcon", facts.defaultIcon)
        resource(&w, "defaultColor", facts.defaultColor)
        w.beginArray("links")
        for link in facts.links {
            w.beginObject()
            w.string("kind", link.kind.rawValue)
            w.string("platform", link.platform.rawValue)
            w.string("value", link.value)
            w.bool("verified", link.verified)
            location(&w, link.location)
            w.endObject()
        }
        w.endArray()
        w.beginArray("liveActivities")
        for activity in facts.liveActivities {
            w.beginObject()
            w.string("attributesType", activity.attributesType)
            fields(&w, "contentState", activity.contentState)
            fields(&w, "attributes", activity.attributes)
            location(&w, activity.location)
            w.endObject()
        }
        w.endArray()
    }

    static func resources(_ w: inout JSONWriter, _ key: StaticString, _ items: [AppFacts.Resource]) {
        w.beginArray(key)
        for item in items {
            w.beginObject()
            w.string("name", item.name)
            location(&w, item.location)
            w.endObject()
        }
        w.endArray()
    }

    static func resource(_ w: inout JSONWriter, _ key: StaticString, _ fact: AppFacts.Fact?) {
        guard let fact else {
            w.string(key, nil)
            return
        }
        w.beginObject(key)
        w.string("name", fact.id)
        location(&w, fact.location)
        w.endObject()
    }

    static func fields(_ w: inout JSONWriter, _ key: StaticString, _ fields: [AppFacts.LiveActivityField]?) {
        guard let fields else {
            w.string(key, nil)
            return
        }
        w.beginArray(key)
        for field in fields {
            w.beginObject()
            w.string("name", field.name)
            w.string("type", field.type)
            w.bool("optional", field.optional)
            w.endObject()
        }
        w.endArray()
    }

    // MARK: Text

    static func resourcesText(_ out: inout String, _ facts: AppFacts) {
        section(
            &out, "localizable strings",
            facts.strings.map { string in
                var text = "\(string.key) (\(string.platform.rawValue); \(string.arguments) "
                text += string.arguments == 1 ? "argument" : "arguments"
                text += "; " + string.locales.joined(separator: ", ") + ")"
                let mismatched = string.mismatchedLocales.sorted { $0.key < $1.key }
                if !mismatched.isEmpty {
                    text +=
                        "; other argument counts in "
                        + mismatched.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
                }
                return (string.location, text)
            })
        section(&out, "sounds", facts.sounds.map { ($0.location, "\($0.name) (\($0.platform.rawValue))") })
        section(&out, "notification icons (drawable, mipmap)", facts.icons.map { ($0.location, $0.name) })
        section(&out, "colors", facts.colors.map { ($0.location, $0.name) })
        if facts.platforms.contains(.android) || facts.defaultIcon != nil {
            section(
                &out, "FCM default notification icon", facts.defaultIcon.map { [($0.location, $0.id)] } ?? [],
                always: true)
        }
        section(&out, "FCM default notification colour", facts.defaultColor.map { [($0.location, $0.id)] } ?? [])
        section(
            &out, "links",
            facts.links.map {
                (
                    $0.location,
                    "\($0.kind.rawValue) \($0.value) (\($0.platform.rawValue)\($0.verified ? ", verified" : ""))"
                )
            })
        section(
            &out, "Live Activities",
            facts.liveActivities.map { activity in
                func list(_ fields: [AppFacts.LiveActivityField]?) -> String {
                    guard let fields else { return "not read (a custom decoder)" }
                    if fields.isEmpty { return "none" }
                    return fields.map { "\($0.name): \($0.type)\($0.optional ? "?" : "")" }.joined(separator: ", ")
                }
                return (
                    activity.location,
                    "\(activity.attributesType) (content state \(list(activity.contentState)); attributes \(list(activity.attributes)))"
                )
            })
    }
}
