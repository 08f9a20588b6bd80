import Foundation
import PushLintEngine
import PushLintJSON
import PushLintModel
import PushLintRules
import TestSupport
import Testing

/// The bundled example project and the contract fixture project, linted through the engine.
@Suite struct ContractFixturesTests {
    @Test func examplesProjectGivesTheDeliberateFindingsOfTheseRules() throws {
        let report = try FolderLinter.lint(Paths.testdata.appendingPathComponent("examples"))
        // 39 payload files (an AWS SNS message, a declarative web push message, a PubNub message and a Pusher Beams
        // body among them, clean), and the contract with the app-* rules' findings about it.
        #expect(report.files.count == 40)
        #expect(!report.files.contains { $0.path.display.hasPrefix("push/drafts/") })
        let found = ContractPackRules.findings(report)
        // receipt.json is over the size limit: payload-size's finding, so payload-data-not-link stays silent there.
        #expect(
            found == [
                "push/android/orders/updated-missing-cursor.json contract-required-field 8:5",
                "push/android/promo/weekly-high.json priority-high-non-urgent 14:19",
                "push/templates/chat-message.json.hbs template-render-invalid 8:23",
                "push/templates/chat-reply.json.njk template-syntax 16:3",
                "push/templates/promo-weekly.json.j2 template-render-invalid 3:62",
            ])
        #expect(report.project.filter { ContractPackRules.ids.contains($0.ruleId) }.isEmpty)
        // The channel finding suggests the near miss. The app's Android sources are read (the config's `app`), so the
        // app's rule owns it: android-channel-exists stays silent.
        #expect(!report.allDiagnostics.contains { $0.ruleId == "android-channel-exists" })
        let channel = try #require(report.allDiagnostics.first { $0.ruleId == "app-channel-not-created" })
        #expect(channel.message.contains("Did you mean 'orders'?"))
        #expect(channel.pointer == "/message/android/notification/channel_id")
    }

    @Test func contractFixtureProjectGivesExactlyItsDocumentedFindings() throws {
        let report = try FolderLinter.lint(Paths.testdata.appendingPathComponent("fixtures/contract"))
        #expect(
            ContractPackRules.findings(report) == [
                "chat/bad-values.json android-channel-exists 11:50",
                "chat/bad-values.json contract-field-value 7:20",
                "chat/bad-values.json contract-field-value 9:17",
                "chat/bad-values.json contract-required-field 5:5",
                "chat/bad-values.json contract-unknown-field 8:7",
                "chat/message.json payload-target-placeholder 2:9",
                "misc/unmapped.json contract-event-unknown 1:1",
                "orders/no-channel.json android-channel-missing 4:5",
                "orders/wrong-topic.json contract-apns-topic 4:19",
                "orders/wrong-topic.json contract-category-exists 9:19",
                "orders/wrong-topic.json payload-link 13:12",
                "promo/chat-like.json contract-event-unknown 1:1",
                "promo/chat-like.json priority-high-non-urgent 6:30",
                "templates/story.json.tmpl template-unbounded-variable 4:14",
                "templates/story.json.tmpl template-unbounded-variable 7:19",
                "templates/story.json.tmpl template-worst-case-size 1:1",
            ])
        let ambiguous = try #require(
            report.files.first { $0.path.display == "promo/chat-like.json" }?.diagnostics.first {
                $0.ruleId == "contract-event-unknown"
            })
        #expect(ambiguous.message.contains("2 events"))
        #expect(ambiguous.message.contains("'chat.message' (its data matches type=chat_message)"))
        #expect(ambiguous.message.contains("'promo.weekly' (its files glob 'promo/**' matches the path)"))
        let unknown = try #require(report.allDiagnostics.first { $0.ruleId == "contract-unknown-field" })
        #expect(unknown.message.contains("Did you mean 'message_id'?"))
        let worst = try #require(report.allDiagnostics.first { $0.ruleId == "template-worst-case-size" })
        #expect(worst.message.contains("story +3891 B"))
        #expect(worst.message.contains("not counting unread, thread"))

        let parity = report.project.filter { $0.ruleId == "contract-platform-parity" }
        #expect(parity.count == 1)
        #expect(parity.first?.message.contains("'order.shipped'") == true)
        #expect(parity.first?.message.contains("orders/shipped-android.json (fcm) lacks cursor") == true)
        #expect(parity.first?.related == ["orders/shipped-android.json"])
        #expect(report.project.filter { $0.ruleId == "priority-high-ratio" }.isEmpty)
    }

    @Test func summariesCarryTheEventAndTheFieldsPerPlatform() throws {
        let contract = try Contract.read(path: "c.json", bytes: Array(ExampleContract.text.utf8))
        let source =
            #"{"message": {"token": "t", "notification": {"title": "x"}, "data": {"type": "order_updated", "order_id": "1", "cursor": "c"}, "apns": {"payload": {"aps": {}, "extra": 1}}}}"#
        let document = try #require(JSONParser.parse(source).document)
        let payload = PayloadBuilder.build(document, node: document.root, kind: .fcm)
        let context = PayloadContext(
            path: "x/push/orders/u.json", configRelativePath: "push/orders/u.json", document: document,
            payload: payload,
            isTemplate: false, settings: LintSettings(contract: contract))
        let summary = PayloadSummarizer.summarize(context)
        #expect(summary.event == "order.updated")
        #expect(summary.fieldsByPlatform["android"] == ["type", "order_id", "cursor"])
        #expect(summary.fieldsByPlatform["apns"] == ["type", "order_id", "cursor", "extra"])
        #expect(summary.views == [.android, .apns])
        #expect(summary.highPriority.isEmpty)

        // Without a contract event no names are kept (contract-platform-parity reads them only per event), but
        // the platforms it has views for are still known (priority-high-ratio counts templates by them).
        let unmapped = PayloadSummarizer.summarize(
            PayloadContext(
                path: "x.json", document: document, payload: payload, isTemplate: false, settings: LintSettings()))
        #expect(unmapped.event == nil)
        #expect(unmapped.fieldsByPlatform.isEmpty)
        #expect(unmapped.views == [.android, .apns])
    }
}

enum ExampleContract {
    static let text = """
        {"events": {"order.updated": {"files": ["push/orders/**"], "match": {"type": "order_updated"}}}}
        """
}
