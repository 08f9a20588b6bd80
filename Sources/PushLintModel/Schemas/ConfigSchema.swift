import PushLintJSON

/// `.pushlint.json` as a table (DESIGN.md §4), written like the payload schemas: every key of every object, the
/// value it takes and what it means. The reader's known keys (`Config.knownKeys` and the nested ones), the JSON
/// Schema (`pushlint schema config`, and from it the key table of docs/configuration.md) and the language server's
/// completion are made from it; SchemaTests and ConfigTableTests fail when one of them says otherwise.
public enum ConfigSchema {
    /// One key of an object of the config.
    public struct Key: Sendable {
        public let name: String
        /// What the value is, as the payload tables say it (completion offers the keys of a `.message` and the
        /// values of an `.enumeration`); maps keyed by a glob or a rule id are `.freeObject`.
        public let type: SchemaType
        /// The key's meaning, as the JSON Schema and the docs write it.
        public let description: String

        init(_ name: String, _ type: SchemaType, _ description: String) {
            self.name = name
            self.type = type
            self.description = description
        }
    }

    /// `apns`: settings of bare APNs bodies.
    public static let apns: [Key] = [
        Key(
            "headers", .freeObject,
            """
            APNs request headers for bare APNs bodies (files without a {headers, payload} envelope), by glob; the \
            last matching glob wins.
            """)
    ]

    /// An entry of `overrides`.
    public static let overrideEntry: [Key] = [
        Key("files", .array(.string), "Globs of the files this entry applies to."),
        Key("rules", .freeObject, "Rule levels for these files."),
    ]

    /// An entry of `templates` written as an object.
    public static let templateEntry: [Key] = [
        Key("files", .oneOf([.string, .array(.string)]), "A glob or an array of globs."),
        Key(
            "dialect", .enumeration(TemplateDialect.names.map(\.name)), "The template language of these files."),
    ]

    /// `placeholders`: the delimiters of a template placeholder.
    public static let placeholders: [Key] = [
        Key("open", .string, "Opening delimiter."),
        Key("close", .string, "Closing delimiter."),
    ]

    /// `vapid`: the claims of the VAPID JWT a web push sender signs (RFC 8292), never its key.
    public static let vapid: [Key] = [
        Key(
            "subject", .string,
            "The VAPID 'sub' claim: a mailto: address or an https: URL where the push service can reach you."),
        Key(
            "expiresIn", .integer(min: 1, max: nil),
            "Seconds from a request to the VAPID JWT's 'exp' claim; push services refuse more than 86400 (24 hours)."),
    ]

    /// The keys of the file, in the order the JSON Schema and the docs list them.
    public static let top: [Key] = [
        Key("$schema", .string, "The JSON Schema of this file, for editors."),
        Key(
            "include", .array(.string),
            """
            Globs of the files linted when a folder is walked. A file named on the command line is linted even \
            when exclude matches it, unless --force-exclude is given.
            """),
        Key(
            "exclude", .array(.string),
            "Globs of files and folders skipped while walking. "
                + Config.alwaysExcluded.sorted().joined(separator: ", ") + " are always skipped."),
        Key(
            "kinds", .freeObject,
            """
            Forces the payload kind of the files a glob matches instead of detecting it; the last matching glob \
            wins.
            """),
        Key("apns", .message(object("apns", apns)), "APNs settings."),
        Key(
            "vapid", .message(object("vapid", vapid)),
            """
            The VAPID claims your web push sender signs (subject, lifetime), which the webpush-vapid rule checks \
            for a run with web push payloads. Never the private key: the reader refuses anything that looks like \
            one.
            """),
        Key(
            "rules", .freeObject,
            "The level of rules by id: off, info, warning or error. `pushlint rules` lists the ids."),
        Key("options", .freeObject, "Rule options by rule id; each rule's page lists its options and their types."),
        Key(
            "overrides", .array(.message(object("override", overrideEntry))),
            "Rule levels for some files only; entries apply in order, later ones win."),
        Key(
            "templates", .array(.oneOf([.string, .message(object("template", templateEntry))])),
            """
            Files in template mode, besides files ending in .json and a template extension (.tmpl: placeholders \
            only; .hbs, .handlebars, .mustache: Handlebars; .liquid: Liquid; .j2, .jinja, .jinja2, .njk: Jinja; \
            .gotmpl: Go text/template). An entry is a glob (the dialect of its extension, else placeholders only) \
            or an object that names the dialect of its files; the last entry naming a dialect wins.
            """),
        Key("placeholders", .message(object("placeholders", placeholders)), "Template placeholder delimiters."),
        Key(
            "contract", .string, "Path of the contract file (relative to this file's folder); --contract overrides it."),
        Key(
            "app", .oneOf([.string, .array(.string)]),
            """
            The app's source folders (relative to this file's folder): what `pushlint app scan` reads when no path \
            is named, and what the app-* rules check the contract and the templates against. One folder or an \
            array of folders.
            """),
    ]

    /// The whole file as a payload-style schema: what the language server completes in `.pushlint.json`.
    public static let file = object(PushLintFile.config.fileName!, top)

    static func object(_ name: String, _ keys: [Key]) -> MessageSchema {
        MessageSchema(name, acceptsLowerCamelCase: false, keys.map { SchemaField($0.name, $0.type) })
    }

}
