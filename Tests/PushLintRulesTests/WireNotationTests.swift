import PushLintDetectors
import PushLintModel
import TestSupport
import Testing

@testable import PushLintRules

/// What the SDKs people send with write lints clean or draws what it means (issue 28): firebase-admin for Node's
/// camelCase `aps`, firebase-admin for Java's lower-case enum names, a condition in double quotes, a response
/// header copied into a request; and quoted values inside messages are escaped.
@Suite struct WireNotationTests {
    func findings(_ source: String, fileName: String = "m.json") throws -> [Diagnostic] {
        try ExampleLinter.lint(source, fileName: fileName).allDiagnostics
    }

    @Test func firebaseAdminNodeNotationIsInfoThatNamesTheWireKey() throws {
        let source =
            #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": {"title": "Hi", "locKey": "HI", "locArgs": ["a"]}, "mutableContent": true, "contentAvailable": true, "threadId": "o-1"}}}}}"#
        let found = try findings(source).filter { $0.ruleId == "apns-aps-unknown-key" }
        #expect(found.count == 5, "\(found.map(\.message))")
        #expect(found.allSatisfy { $0.severity == .info })
        #expect(found.allSatisfy { !$0.message.contains("ignores") }, "\(found.map(\.message))")
        let mutable = try #require(found.first { $0.message.hasPrefix("'mutableContent'") })
        #expect(mutable.message.contains("that SDK sends it as 'mutable-content'"))
        #expect(mutable.fix != nil)
        // In an APNs body nothing rewrites it: still a warning.
        let apns = try findings(#"{"aps": {"alert": "Hi", "mutableContent": 1}}"#).filter {
            $0.ruleId == "apns-aps-unknown-key"
        }
        #expect(apns.map(\.severity) == [.warning])
    }

    @Test func bothSpellingsInApsAreAWarningThatNamesTheSDKRefusal() throws {
        let source =
            #"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Hi", "mutable-content": 1, "mutableContent": true}}}}}"#
        let found = try findings(source).filter { $0.ruleId == "apns-aps-unknown-key" }
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("Multiple specifications for mutableContent in Aps") == true)
    }

    @Test func firebaseAdminJavaEnumOutputLintsClean() throws {
        let source =
            #"{"message": {"token": "t", "notification": {"title": "Hi"}, "android": {"priority": "high", "notification": {"visibility": "public", "notification_priority": "PRIORITY_HIGH", "proxy": "ALLOW"}}}}"#
        let found = try findings(source).filter { $0.severity != .info }
        #expect(found.isEmpty, "\(found.map(\.message))")
    }

    @Test func anEnumNameInAnotherCaseIsAWarningAndAnUnknownNameAnError() throws {
        let source =
            #"{"message": {"token": "t", "android": {"notification": {"proxy": "allow", "visibility": "Public", "notification_priority": "urgent"}}}}"#
        let found = try findings(source).filter { $0.ruleId == "fcm-field-value" }
        #expect(
            Set(found.map { "\($0.severity) \($0.pointer ?? "")" }) == [
                "warning /message/android/notification/proxy", "warning /message/android/notification/visibility",
                "error /message/android/notification/notification_priority",
            ])
        #expect(found.filter { $0.severity == .warning }.allSatisfy { !$0.message.contains("rejects") })
    }

    @Test func doubleQuotedTopicsAreAWarningWithASingleQuotedFix() throws {
        let source = #"{"message": {"condition": "\"dogs\" in topics || 'cats' in topics", "data": {"k": "v"}}}"#
        let found = try findings(source).filter { $0.ruleId == "fcm-field-value" }
        #expect(found.map(\.severity) == [.warning])
        let fixed = try ExampleLinter.applyFixes(of: "fcm-field-value", RuleExample(source))
        #expect(fixed.contains(#""condition": "'dogs' in topics || 'cats' in topics""#), "\(fixed)")
        // A condition that is wrong for another reason is still an error.
        let broken = #"{"message": {"condition": "\"dogs\" in topics &&", "data": {"k": "v"}}}"#
        #expect(try findings(broken).filter { $0.ruleId == "fcm-field-value" }.map(\.severity) == [.error])
    }

    @Test func apnsUniqueIdInARequestIsAWarningThatSaysItIsAResponseHeader() throws {
        let source =
            #"{"headers": {"apns-push-type": "alert", "apns-unique-id": "a6f1c9e2-3b47-4d8a-9c15-7e2f0b4d8a61"}, "payload": {"aps": {"alert": "Hi"}}}"#
        let found = try findings(source).filter { $0.ruleId == "apns-header-format" }
        #expect(found.map(\.severity) == [.warning])
        #expect(found.first?.message.contains("response") == true)
    }

    /// `message.condition ""dogs" in topics"` was the bug: the value's own quotes are escaped, in one place.
    @Test func quotedValuesInMessagesAreEscaped() throws {
        let source = #"{"message": {"condition": "\"dogs\" in topics", "data": {"k": "v"}}}"#
        let found = try findings(source).filter { $0.ruleId == "fcm-field-value" }
        #expect(found.first?.message.hasPrefix(#"message.condition "\"dogs\" in topics" writes topic names"#) == true)
        #expect(MessageText.json("a\"b\\c\nd") == #""a\"b\\c\nd""#)
        #expect(MessageText.single("it's\n") == #"'it\'s\n'"#)
        #expect(MessageText.single("plain") == "'plain'")
        #expect(MessageText.json("plain") == "\"plain\"")
        let key = try findings(#"{"message": {"token": "t", "data": {"it's": 3}}}"#).filter {
            $0.ruleId == "fcm-data-string-values"
        }
        #expect(key.first?.message.contains(#"'it\'s'"#) == true, "\(key.map(\.message))")
    }
}
