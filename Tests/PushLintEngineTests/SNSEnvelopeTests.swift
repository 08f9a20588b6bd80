import Foundation
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

@testable import PushLintEngine

/// AWS SNS envelopes (issue 32): the envelope's own checks, every rule on the escaped platform payloads with
/// findings located on the file's characters, the message attributes as APNs headers, AWS's documented examples.
@Suite struct SNSEnvelopeTests {
    static func lint(_ source: String, fileName: String = "message.json", config: String? = nil) throws
        -> [Diagnostic]
    {
        try ExampleLinter.lint(source, fileName: fileName, config: config).allDiagnostics
    }

    static func text(_ source: String, _ span: ByteSpan) -> String {
        String(decoding: Array(source.utf8)[span.start..<span.end], as: UTF8.self)
    }

    static let aws = Paths.testdata.appendingPathComponent("sns/aws")

    /// AWS's documented examples, as copied with their source lines into testdata/sns/aws: every one lints
    /// clean except where the example itself breaks a documented platform rule (envelope-facts §5).
    @Test(arguments: [
        ("sns-send-custom-platform-specific-payloads-mobile-devices-1.json", [String]()),
        // FCM v1 documents `data` as map<string,string>; AWS's example puts the number 3600 in it.
        (
            "sns-send-custom-platform-specific-payloads-mobile-devices-2.json",
            ["fcm-data-reserved-key", "fcm-data-string-values"]
        ),
        ("sns-send-custom-platform-specific-payloads-mobile-devices-2022-1.json", []),
        ("sns-send-custom-platform-specific-payloads-mobile-devices-2022-2.json", []),
        ("sns-send-custom-platform-specific-payloads-mobile-devices-3.json", []),
        // `url` inside `aps`: Apple reserves `aps` for its own keys.
        ("sns-send-custom-platform-specific-payloads-mobile-devices-4.json", ["apns-aps-unknown-key"]),
    ])
    func awsExamplesLintAsDocumented(_ name: String, _ expected: [String]) throws {
        let source = try String(contentsOf: Self.aws.appendingPathComponent(name), encoding: .utf8)
        let report = try ExampleLinter.lint(source, fileName: name)
        #expect(report.files.first?.kind == .sns)
        #expect(report.allDiagnostics.map(\.ruleId).sorted() == expected, "\(report.allDiagnostics.map(\.message))")
    }

    /// AWS's broken examples (testdata/sns/aws/errata) give the finding their source note names.
    @Test(arguments: [
        ("mobile-push-send-custommessage-2019-1.json.txt", ["sns-default-missing", "sns-unknown-key"]),
        ("mobile-push-send-custommessage-2019-2.json.txt", ["sns-default-missing", "sns-unknown-key"]),
        ("silent-notification-inner-json-invalid.json.txt", ["sns-inner-json"]),
    ])
    func awsErrataGiveTheirFinding(_ name: String, _ expected: [String]) throws {
        let source = try String(contentsOf: Self.aws.appendingPathComponent("errata/" + name), encoding: .utf8)
        let found = try Self.lint(source)
        #expect(found.map(\.ruleId).sorted() == expected, "\(found.map(\.message))")
    }

    @Test func innerFindingsAreLocatedInTheEscapedString() throws {
        let source =
            "{\n  \"default\": \"x\",\n  \"APNS\": \"{\\\"aps\\\":{\\\"alert\\\":\\\"Hi\\\",\\\"sound\\\":\\\"ping.mp3\\\"}}\"\n}"
        let found = try Self.lint(source)
        let sound = try #require(found.first { $0.ruleId == "apns-sound-format" }, "\(found.map(\.ruleId))")
        #expect(sound.pointer == "/APNS/aps/sound")
        #expect(Self.text(source, sound.span) == #"\"ping.mp3\""#)
        #expect(sound.location?.line == 3)
        let column = Array(source.split(separator: "\n")[2]).count - #"\"ping.mp3\"}}""#.count + 1
        #expect(sound.location?.column == column)
        // A fix of the unescaped payload would edit the wrong bytes of the file.
        #expect(sound.fix == nil)
    }

    /// In a template the platform strings hold placeholders too, in strings and in value position.
    @Test func templatePlaceholdersInsideTheStrings() throws {
        let source =
            #"{"default": "{{name}}", "APNS": "{\"aps\":{\"alert\":\"Hi {{name}}\",\"badge\":{{count}},\"sound\":\"x.mp3\"}}"}"#
        let found = try Self.lint(source, fileName: "shipped.json.tmpl")
        #expect(found.map(\.ruleId) == ["apns-sound-format"], "\(found.map(\.message))")
        #expect(found.first.map { Self.text(source, $0.span) } == #"\"x.mp3\""#)
    }

    /// A publish to an endpoint takes its platform key alone; a topic publish (the option `toTopic`) needs `default`.
    @Test func topicPublishNeedsDefault() throws {
        let endpoint = #"{"APNS": "{\"aps\": {\"alert\": \"Hi\"}}"}"#
        #expect(try Self.lint(endpoint).isEmpty)
        let topic = #"{"options": {"sns-default-missing": {"toTopic": true}}}"#
        let found = try Self.lint(endpoint, config: topic)
        #expect(found.map(\.ruleId) == ["sns-default-missing"], "\(found.map(\.message))")
        #expect(found.first?.message.contains("topic") == true)
        #expect(try Self.lint(#"{"default": "Hi", "APNS": "{\"aps\": {}}"}"#, config: topic).isEmpty)
    }

    @Test func legacyFCMInsideGCMIsNotTheLegacyAPI() throws {
        let found = try Self.lint(#"{"GCM": "{\"notification\": {\"title\": \"Hi\"}, \"time_to_live\": 60}"}"#)
        #expect(!found.contains { $0.ruleId == "fcm-legacy-format" }, "\(found.map(\.ruleId))")
    }

    @Test func fcmV1InsideGCMIsLintedAsV1() throws {
        let found = try Self.lint(
            #"{"GCM": "{\"fcmV1Message\": {\"message\": {\"android\": {\"priority\": \"urgent\"}}}}"}"#)
        let value = try #require(found.first { $0.ruleId == "fcm-field-value" }, "\(found.map(\.ruleId))")
        #expect(value.pointer == "/GCM/fcmV1Message/message/android/priority")
    }

    @Test func attributesSetTheAPNsHeaders() throws {
        let source = """
            {"APNS": "{\\"aps\\":{\\"content-available\\":1}}",
             "attributes": {"AWS.SNS.MOBILE.APNS.PRIORITY": {"DataType": "String", "StringValue": "10"}}}
            """
        let found = try Self.lint(source)
        let priority = try #require(found.first { $0.ruleId == "apns-background-headers" }, "\(found.map(\.ruleId))")
        #expect(priority.message.contains("SNS message attributes"), "\(priority.message)")
        // Without attributes the headers are unknown (SNS's default priority is not documented): no finding.
        #expect(try Self.lint(#"{"APNS": "{\"aps\":{\"content-available\":1}}"}"#).isEmpty)
    }

    @Test func sidecarAttributesSetTheAPNsHeaders() throws {
        let folder = TempDirectory()
        _ = folder.write("silent.attributes.json", #"{"AWS.SNS.MOBILE.APNS.PRIORITY": "10"}"#)
        let silent = #"{"APNS": "{\"aps\":{\"content-available\":1}}"}"#
        let found = try Self.lint(silent, fileName: folder.path + "/silent.json")
        #expect(found.map(\.ruleId) == ["apns-background-headers"], "\(found.map(\.message))")
        // The `attributes` key beside the envelope wins over the sidecar.
        let beside =
            #"{"APNS": "{\"aps\":{\"content-available\":1}}", "attributes": {"AWS.SNS.MOBILE.APNS.PRIORITY": "5"}}"#
        #expect(try Self.lint(beside, fileName: folder.path + "/silent.json").isEmpty)
    }

    @Test(arguments: [
        ("push/shipped.json", "push/shipped.attributes.json"), ("a.b/msg", "a.b/msg.attributes.json"),
        ("/x/.hidden", "/x/.hidden.attributes.json"), ("m.json.tmpl", "m.json.attributes.json"),
    ])
    func sidecarName(_ path: String, _ expected: String) {
        #expect(SNSEnvelope.attributesSidecar(of: path) == expected)
    }

    /// Project rules see what the platforms receive: the summary of an SNS message is its payloads' together.
    @Test func summaryJoinsThePlatformPayloads() throws {
        let source = #"""
            {"default": "x", "APNS": "{\"aps\":{\"alert\":\"Hi\",\"interruption-level\":\"time-sensitive\"},\"type\":\"order_shipped\",\"order_id\":\"1\"}",
             "GCM": "{\"fcmV1Message\":{\"message\":{\"android\":{\"priority\":\"HIGH\"},\"data\":{\"type\":\"order_shipped\",\"cursor\":\"c\"}}}}"}
            """#
        let doc = try #require(JSONParser.parse(source).document)
        let contract = try Contract.read(
            path: "c.json", bytes: Array(#"{"events": {"order.shipped": {"match": {"type": "order_shipped"}}}}"#.utf8))
        let context = PayloadContext(
            path: "m.json", document: doc, payload: PayloadBuilder.build(doc, node: doc.root, kind: .sns),
            isTemplate: false, settings: LintSettings(contract: contract))
        let summary = PayloadSummarizer.summarize(context)
        #expect(summary.kind == .sns)
        #expect(summary.event == "order.shipped")
        #expect(summary.views.contains(.apns) && summary.views.contains(.android))
        #expect(summary.highPriority.contains(.apns) && summary.highPriority.contains(.android))
        #expect(Set(summary.fieldsByPlatform.values.joined()) == ["type", "order_id", "cursor"])
    }

    @Test func objectValueIsFixedIntoTheStringSNSWants() throws {
        let before = #"{"default": "x", "APNS": {"aps": {"alert": "Hi"}}}"#
        let fixed = try ExampleLinter.applyFixes(of: "sns-value-not-string", RuleExample(before))
        #expect(fixed == #"{"default": "x", "APNS": "{\"aps\":{\"alert\":\"Hi\"}}"}"#)
        #expect(try Self.lint(fixed).isEmpty)
    }

    @Test func forcedKindMakesAnyObjectAnEnvelope() throws {
        let found = try Self.lint(
            #"{"Apns": "{}", "default": "x"}"#, config: #"{"kinds": {"*.json": "sns"}}"#)
        #expect(found.map(\.ruleId) == ["sns-unknown-key"], "\(found.map(\.message))")
    }

    @Test func wholeMessageOverSNSLimitIsReported() throws {
        let filler = String(repeating: "a", count: SNSEnvelope.messageSizeLimit)
        let found = try Self.lint(#"{"default": "\#(filler)", "APNS": "{\"aps\":{\"alert\":\"Hi\"}}"}"#)
        #expect(
            found.contains { $0.ruleId == "payload-size" && $0.message.contains("262144") }, "\(found.map(\.message))")
    }

    @Test func innerPayloadOverItsPlatformLimitIsReported() throws {
        let filler = String(repeating: "a", count: 5000)
        let found = try Self.lint(#"{"APNS": "{\"aps\":{\"alert\":\"\#(filler)\"}}"}"#)
        let size = try #require(found.first { $0.ruleId == "payload-size" }, "\(found.map(\.ruleId))")
        #expect(size.pointer?.hasPrefix("/APNS") == true)
        #expect(size.message.contains("4096"), "\(size.message)")
    }

    // MARK: Hostile input

    @Test func deepNestingInsideTheStringIsAFinding() throws {
        let depth = 5000
        let inner = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let found = try Self.lint(#"{"APNS": "{\"aps\": \#(inner)}"}"#)
        #expect(found.contains { $0.ruleId == "sns-inner-json" }, "\(found.map(\.ruleId))")
    }

    @Test func hugeEscapesAreDecodedAndLocated() throws {
        let escapes = String(repeating: #"\\u00e9"#, count: 20000)
        let source = #"{"APNS": "{\"aps\": {\"alert\": \"\#(escapes)\"}, \"aps\": 1}"}"#
        let found = try Self.lint(source)
        let duplicate = try #require(found.first { $0.ruleId == "sns-inner-json" }, "\(found.map(\.ruleId))")
        #expect(Self.text(source, duplicate.span) == #"\"aps\""#)
    }

    @Test func invalidSurrogatesDoNotCrash() throws {
        let found = try Self.lint(#"{"APNS": "{\"aps\": {\"alert\": \"\ud800\udc00\ud800 \udfff\"}}\ud800"}"#)
        #expect(found.contains { $0.ruleId == "sns-inner-json" }, "\(found.map(\.ruleId))")
    }

    @Test func tenThousandCopiesOfOnePlatformKey() throws {
        let member = #""APNS": "{\"aps\":{\"alert\":\"Hi\",\"sound\":\"x.mp3\"}}""#
        let members = Array(repeating: member, count: 10_000).joined(separator: ",")
        let found = try Self.lint("{\"default\": \"x\", " + members + "}")
        #expect(found.filter { $0.ruleId == "json-duplicate-key" }.count == 9_999)
        // The payload SNS would read (the last) is linted once, not 10 000 times.
        #expect(found.filter { $0.ruleId == "apns-sound-format" }.count == 1)
    }

    @Test func tenThousandPlatformKeys() throws {
        let members = (0..<10_000).map { #""APNS_\#($0)": "{\"aps\":{}}""# }.joined(separator: ",")
        let found = try Self.lint(#"{"default": "x", "APNS": "{\"aps\":{\"alert\":\"Hi\"}}", \#(members)}"#)
        // Each unknown key once; the 10 000 members also take the message past SNS's 256 KB.
        #expect(found.filter { $0.ruleId == "sns-unknown-key" }.count == 10_000)
        #expect(found.allSatisfy { $0.ruleId == "sns-unknown-key" || $0.ruleId == "payload-size" })
    }
}
