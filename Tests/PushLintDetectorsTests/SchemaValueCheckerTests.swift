import PushLintDetectors
import PushLintJSON
import PushLintModel
import Testing

/// `SchemaValueChecker`: the one walk of a value against its schema type, for APNs, FCM and Expo. It answers typed
/// problems (the kind and the data a message needs); the rules word them.
@Suite struct SchemaValueCheckerTests {
    /// The problems of the value `json` against `type`, the value standing as `v` in an `aps` dictionary.
    func problems(
        _ json: String, as type: SchemaType, enumsTakeNumbers: Bool = true, isTemplate: Bool = false
    ) throws -> [ValueProblem] {
        let options = JSONParseOptions(mode: isTemplate ? .defaultTemplate : .strict)
        let document = try #require(
            JSONParser.parse(Array((#"{"aps": {"v": "# + json + "}}").utf8), options: options).document)
        let payload = PayloadBuilder.build(document, node: document.root, kind: .apns)
        let context = PayloadContext(
            path: isTemplate ? "p.json.tmpl" : "p.json", document: document, payload: payload, isTemplate: isTemplate,
            settings: LintSettings())
        let checker = SchemaValueChecker(
            context: context, nullMeansUnset: false, enumsTakeNumbers: enumsTakeNumbers)
        let aps = try #require(document.member(document.root, "aps"))
        let value = try #require(document.member(aps, "v"))
        return checker.check(value, as: type, path: .field(parent: "", name: "v"))
    }

    func kinds(_ json: String, as type: SchemaType, enumsTakeNumbers: Bool = true) throws -> [String] {
        try problems(json, as: type, enumsTakeNumbers: enumsTakeNumbers).map { String(describing: $0.kind) }
    }

    @Test func appleIntegersTellAStringThatHoldsOneFromAnotherType() throws {
        let badge = SchemaType.integer(min: 0, max: nil)
        #expect(try kinds("3", as: badge) == [])
        #expect(try kinds(#""3""#, as: badge) == ["integerInString(3)"])
        #expect(try kinds(#""-3""#, as: badge) == ["wrongType"], "out of range in a string: the type is wrong")
        #expect(try kinds("-1", as: badge) == ["outOfRange(-1.0, min: Optional(0.0), max: nil)"])
        #expect(try kinds("1.5", as: badge) == ["notInteger(1.5)"])
        #expect(try kinds("true", as: badge) == ["wrongType"])
        #expect(try kinds(#""1764400000""#, as: .unixTime) == ["integerInString(1764400000)"])
        #expect(try kinds("-5", as: .unixTime) == ["wrongType"])
    }

    @Test(arguments: [
        ("1", nil), ("true", "isTrue"), (#""1""#, "stringOne"), ("1.0", "numberOne"), ("0", "off"), ("false", "off"),
        (#""yes""#, "other"), ("2", "other"),
    ])
    func flagsSayWhatTheyHoldInsteadOfOne(_ json: String, _ expected: String?) throws {
        let held = try problems(json, as: .flag).map { problem -> String in
            guard case .flag(let value) = problem.kind else { return "\(problem.kind)" }
            return "\(value)"
        }
        #expect(held == (expected.map { [$0] } ?? []))
    }

    @Test func literalsCompareAsJSONValues() throws {
        #expect(try kinds("1.0", as: .literal(["1", "0"])) == [])
        #expect(try kinds(#""1""#, as: .literal(["1", "0"])) == [#"notLiteral(["1", "0"])"#])
        #expect(try kinds("true", as: .literal(["true"])) == [])
    }

    @Test func enumerationsOfferTheValueAStringMayMean() throws {
        let priority = SchemaType.enumeration(["NORMAL", "HIGH"], aliases: ["high"])
        #expect(try kinds(#""high""#, as: priority) == [], "an alias is a value")
        let problem = try #require(problems(#""High""#, as: priority).first)
        guard case .notInEnumeration(let text, _, let otherCase, let sameWord, _) = problem.kind else {
            Issue.record("\(problem.kind)")
            return
        }
        #expect((text, otherCase, sameWord) == ("High", "HIGH", "HIGH"))
        let levels = SchemaType.enumeration(APNsSchema.interruptionLevels)
        let spelt = try #require(problems(#""timeSensitive""#, as: levels).first)
        guard case .notInEnumeration(_, _, nil, "time-sensitive", _) = spelt.kind else {
            Issue.record("\(spelt.kind)")
            return
        }
        let typo = try #require(problems(#""pasive""#, as: levels).first)
        guard case .notInEnumeration(_, _, nil, nil, "passive") = typo.kind else {
            Issue.record("\(typo.kind)")
            return
        }
    }

    @Test func proto3TakesAnEnumNumberAndAppleDoesNot() throws {
        let levels = SchemaType.enumeration(APNsSchema.interruptionLevels)
        #expect(try kinds("1", as: levels) == [])
        #expect(try kinds("7", as: levels).first?.hasPrefix("enumNumberOutOfRange(7") == true)
        #expect(try kinds("1", as: levels, enumsTakeNumbers: false) == ["wrongType"])
    }

    @Test func objectsReportMissingAndNeededFieldsUnlessTheHookSeesThem() throws {
        let sound = SchemaType.message(APNsSchema.sound)
        let missing = try #require(problems(#"{"critical": 1}"#, as: sound).first)
        guard case .missing(["name"], let schema) = missing.kind else {
            Issue.record("\(missing.kind)")
            return
        }
        #expect(schema === APNsSchema.sound)
        let alert = SchemaType.message(APNsSchema.alert)
        let needed = try problems(#"{"loc-args": ["a"]}"#, as: alert)
        #expect(needed.map { String(describing: $0.kind) } == [#"withoutNeeded("loc-args", needs: "loc-key")"#])
        #expect(needed.first?.found.kind == .key, "at the key of the field that needs another")
    }

    @Test func aMisspeltKeyIsNotAMissingOne() throws {
        // `loc_key` is `loc-key` misspelt: apns-aps-unknown-key's finding, so the args do not lack their key.
        let document = try #require(
            JSONParser.parse(#"{"aps": {"alert": {"loc-args": ["a"], "loc_key": "K"}}}"#).document)
        let payload = PayloadBuilder.build(document, node: document.root, kind: .apns)
        let view = try #require(payload.apns)
        let context = PayloadContext(
            path: "p.json", document: document, payload: payload, isTemplate: false, settings: LintSettings())
        let aps = try #require(document.member(document.root, "aps"))
        let alert = try #require(document.member(aps, "alert"))
        var checker = SchemaValueChecker(context: context, nullMeansUnset: false, enumsTakeNumbers: false)
        let path = FieldPath.field(parent: "", name: "alert")
        #expect(checker.check(alert, as: .message(APNsSchema.alert), path: path).count == 1)
        checker.misspeltKeys = view.apsUnknownKeys
        #expect(checker.check(alert, as: .message(APNsSchema.alert), path: path).isEmpty)
    }

    @Test func arraysCheckEachElementAtItsIndex() throws {
        let found = try problems(#"["a", 2, {{x}}, null]"#, as: .array(.string), isTemplate: true)
        #expect(found.map { "\($0.path)" } == ["v[1]", "v[3]"])
        #expect(found.map(\.found.compact) == ["2", "null"])
    }

    @Test func theFoundValueIsShownShortAndNamed() throws {
        let long = String(repeating: "a", count: 80)
        let found = try #require(problems(#"{"k": ""# + long + #""}"#, as: .string).first?.found)
        #expect(found.compact.count == 40 && found.compact.hasSuffix("..."))
        #expect(found.typeName == "an object")
        let number = try #require(problems("3", as: .string).first?.found)
        #expect(number.described == "the number 3")
        let text = try #require(problems(#""1""#, as: .number(min: nil, max: nil)).first?.found)
        #expect(text.literal(as: .number(min: nil, max: nil)) == "1")
    }

    @Test func templatedStringsAreNotJudgedButTheirTypeIs() throws {
        let levels = SchemaType.enumeration(APNsSchema.interruptionLevels)
        #expect(try problems(#""{{level}}""#, as: levels, isTemplate: true).isEmpty)
        #expect(try problems("{{level}}", as: levels, isTemplate: true).isEmpty)
        #expect(try problems(#""{{count}}""#, as: .integer(min: 0, max: nil), isTemplate: true).count == 1)
    }

    @Test func durationsAndFormats() throws {
        let ttl = SchemaType.duration(maxSeconds: 2_419_200)
        #expect(try kinds(#""3600s""#, as: ttl) == [])
        #expect(
            try kinds(#""3600""#, as: ttl) == [
                #"durationWithoutUnit("3600", seconds: Optional(3600), max: Optional(2419200))"#
            ])
        #expect(
            try kinds("3600", as: ttl) == [
                #"durationAsNumber("3600", seconds: Optional(3600), max: Optional(2419200))"#
            ])
        #expect(try kinds(#""-1s""#, as: ttl) == [#"negativeDuration("-1s")"#])
        #expect(
            try kinds(#""/topics/news""#, as: .string(.topic)) == [#"topicWithPrefix("/topics/news", name: "news")"#])
        #expect(
            try kinds(#""""#, as: .string(.soundName)) == [#"notInFormat("", PushLintModel.StringFormat.soundName)"#])
    }
}
