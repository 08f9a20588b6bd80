import PushLintModel
import Testing

@Suite struct ConfigTests {
    static let rules = [
        RuleDescription(id: "payload-size", summary: "s.", family: .size, defaultSeverity: .error, rationale: "r"),
        RuleDescription(
            id: "payload-size-headroom", summary: "s.", family: .size, defaultSeverity: .warning, rationale: "r",
            options: [RuleOption("ratio", .number, default: "0.9", "share")]),
    ]

    func read(_ text: String) throws(ConfigurationError) -> Config {
        try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: Self.rules)
    }

    func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try read(text)
            return nil
        } catch { return error }
    }

    @Test func readsEveryKey() throws {
        let config = try read(
            """
            // comments and trailing commas are fine here
            {
              "include": ["push/**/*.json"],
              "exclude": ["push/drafts/**"],
              "kinds": { "push/ios/**": "apns" },
              "apns": { "headers": { "push/ios/silent/**": { "apns-push-type": "background", "apns-priority": "5" } } },
              "rules": { "payload-size": "warning", "payload-size-headroom": "off" },
              "options": { "payload-size-headroom": { "ratio": 0.8 } },
              "overrides": [ { "files": ["push/legacy/**"], "rules": { "payload-size": "error" } } ],
              "templates": ["push/templates/**"],
              "placeholders": { "open": "<%=", "close": "%>" },
              "contract": "push-contract.json",
            }
            """)
        #expect(config.include.map(\.pattern) == ["push/**/*.json"])
        #expect(config.forcedKind("push/ios/a.json") == .apns)
        #expect(config.headers(for: "push/ios/silent/a.json")?.headers.first?.1 == "background")
        let levels = RuleLevels(config: config)
        #expect(levels.level(of: Self.rules[0], for: "push/a.json") == .on(.warning))
        #expect(levels.level(of: Self.rules[0], for: "push/legacy/a.json") == .on(.error))
        #expect(levels.level(of: Self.rules[1], for: "push/a.json") == .off)
        // The command line is stronger than the config and its overrides.
        let forced = RuleLevels(
            config: config, commandLine: ["payload-size": .on(.info), "payload-size-headroom": .on(.warning)])
        #expect(forced.level(of: Self.rules[0], for: "push/legacy/a.json") == .on(.info))
        #expect(forced.isOnSomewhere("payload-size-headroom"))
        #expect(!levels.isOnSomewhere("payload-size-headroom"))
        #expect(levels.severity(of: "payload-size", emitted: .error, path: "push/a.json") == .warning)
        #expect(levels.severity(of: "payload-size-headroom", emitted: .warning, path: "push/a.json") == nil)
        #expect(
            levels.severity(of: "json-bom", emitted: .info, path: "push/a.json") == .info, "a rule's own choice stands")
        #expect(config.options["payload-size-headroom"]?.values["ratio"] == .number(0.8))
        #expect(config.isTemplate("push/templates/a.json"))
        #expect(config.isTemplate("x/a.json.hbs"))
        #expect(!config.isTemplate("x/a.json"))
        // Template file names end in `.json` and a template extension, exactly.
        #expect(
            config.isTemplate("a.json.tmpl") && config.isTemplate(".json.j2") && config.isTemplate("注文.json.liquid"))
        #expect(!config.isTemplate("a.tmpl") && !config.isTemplate("a.json.tmplx") && !config.isTemplate("a.json.TMPL"))
        #expect(config.placeholders.open == "<%=")
        #expect(config.contract == "push-contract.json")
    }

    /// `app`: one folder or several, as written (relative to the config's folder); absent is nil.
    @Test func appFolders() throws {
        #expect(try read(#"{ "app": "mobile" }"#).app == ["mobile"])
        #expect(try read(#"{ "app": ["mobile/android", "ios"] }"#).app == ["mobile/android", "ios"])
        #expect(try read("{}").app == nil)
        let wrongType = error(#"{ "app": 3 }"#)
        #expect(wrongType?.message == "'app' (a folder or an array of folders) must be a string, found number")
        let empty = error("{\n  \"app\": [\"ios\", \"\"]\n}")
        #expect(empty?.message == "an 'app' folder cannot be empty")
        #expect(empty?.position?.line == 2 && empty?.position?.column == 18)
        #expect(error(#"{ "appp": "mobile" }"#)?.message.contains("Did you mean 'app'?") == true)
    }

    @Test func errorsHaveLocationsAndSuggestions() {
        let unknownKey = error("{\n  \"inclde\": []\n}")
        #expect(unknownKey?.position?.line == 2)
        #expect(unknownKey?.position?.column == 3)
        #expect(unknownKey?.message.contains("Did you mean 'include'?") == true)

        let unknownRule = error(#"{"rules": {"payload-sise": "off"}}"#)
        #expect(unknownRule?.message.contains("Did you mean 'payload-size'?") == true)

        #expect(error(#"{"rules": {"payload-size": "fatal"}}"#)?.message.contains("unknown level") == true)
        #expect(error(#"{"include": "push/**"}"#)?.message.contains("must be an array") == true)
        #expect(error(#"{"include": ["push/[a"]}"#)?.message.contains("invalid glob") == true)
        #expect(error(#"{"kinds": {"a/**": "apn"}}"#)?.message.contains("Did you mean 'apns'?") == true)
        #expect(
            error(#"{"options": {"payload-size-headroom": {"ration": 1}}}"#)?.message.contains("Did you mean 'ratio'?")
                == true)
        #expect(
            error(#"{"options": {"payload-size-headroom": {"ratio": "high"}}}"#)?.message.contains("must be a number")
                == true)
        #expect(error(#"{"a": 1, "a": 2}"#)?.message.contains("twice") == true)
        #expect(error("{ \"include\": [ }")?.position != nil)
    }
}

/// Typed rule options: declared once, read as `context[key]`, the configured value or the default.
@Suite struct OptionKeyTests {
    /// A rule of the test's own: its options are declared without its id and read from its id's options.
    struct SomeRule: PayloadRule {
        static let description = RuleDescription(
            id: "some-rule", summary: "A rule with options.", family: .content, defaultSeverity: .warning,
            rationale: "Has knobs.", options: [depth.declaration, ratio.declaration, strict.declaration])
        static let depth = OptionKey("maxDepth", default: 3, "Deepest nesting.")
        static let ratio = OptionKey("ratio", default: 0.9, "Share.")
        static let strict = OptionKey("strict", default: false, "Strict.")
        func check(_ context: PayloadContext) -> [Diagnostic] { [] }
    }
    static let depth = SomeRule.depth
    static let ratio = SomeRule.ratio
    static let strict = SomeRule.strict

    @Test func declarationsDocumentTypeAndDefault() {
        #expect(Self.depth.declaration.type == .integer && Self.depth.declaration.defaultValue == "3")
        #expect(Self.ratio.declaration.type == .number && Self.ratio.declaration.defaultValue == "0.9")
        #expect(Self.strict.declaration.type == .boolean && Self.strict.declaration.defaultValue == "false")
    }

    @Test func valuesComeFromTheRulesOwnOptions() {
        let settings = LintSettings(ruleOptions: [
            "some-rule": RuleOptions(["maxDepth": .number(5), "ratio": .number(0.5), "strict": .bool(true)]),
            "other-rule": RuleOptions(["maxDepth": .number(9)]),
        ])
        #expect(settings[Self.depth] == 5 && settings[Self.ratio] == 0.5 && settings[Self.strict])
        let defaults = LintSettings(ruleOptions: ["other-rule": RuleOptions(["maxDepth": .number(9)])])
        #expect(defaults[Self.depth] == 3 && defaults[Self.ratio] == 0.9 && !defaults[Self.strict])
        // A fraction where an integer is declared: the default (the config reader has reported it).
        #expect(LintSettings(ruleOptions: ["some-rule": RuleOptions(["maxDepth": .number(2.5)])])[Self.depth] == 3)
    }
}
