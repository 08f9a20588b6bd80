import Foundation
import PushLintEngine
import PushLintModel
import PushLintRules
import TestSupport
import Testing

@Suite struct InitializerTests {
    static let templates: [String: String] = [
        "/project/push/ios/orders/shipped.json":
            #"{"headers": {"apns-topic": "com.example.shop", "apns-push-type": "alert"}, "payload": {"aps": {"alert": "Shipped", "category": "ORDER"}, "order_id": "42", "count": 3}}"#,
        "/project/push/android/orders/shipped.json":
            #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"channel_id": "orders"}}, "data": {"order_id": "42", "amount": 5}}}"#,
        "/project/push/android/chat.json":
            #"{"message": {"token": "t", "notification": {"title": "New message"}, "android": {"notification": {"channel_id": "chat"}}, "data": {"type": "chat_message", "thread": "7"}}}"#,
        "/project/push/expo/chat/message.json.tmpl":
            #"{"to": "ExponentPushToken[x]", "body": "Hi", "channelId": "chat", "data": {"thread": {{thread}}}}"#,
        "/project/package.json": #"{"name": "not a payload"}"#,
    ]

    @Test func writesACommentedConfigThatReadsBackAndNeverOverwrites() throws {
        let fs = MemoryFileSystem(Self.templates)
        let outcomes = try Initializer(directory: "/project", fileSystem: fs).run(contract: false)
        #expect(outcomes == [.written(".pushlint.json")])
        let text = try #require(fs.text("/project/.pushlint.json"))
        #expect(text.contains("// "))
        let config = try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: RuleRegistry.descriptions)
        #expect(config.include.map(\.pattern) == Config.defaultInclude)
        #expect(config.contract == nil)
        // A second run changes nothing and says so.
        fs.set("/project/.pushlint.json", Array("// mine\n{}".utf8))
        #expect(throws: Initializer.Failure.self) {
            try Initializer(directory: "/project", fileSystem: fs).run(contract: false)
        }
        #expect(fs.text("/project/.pushlint.json") == "// mine\n{}")
    }

    @Test func writesAStarterContractFromTheTemplates() throws {
        let fs = MemoryFileSystem(Self.templates)
        let outcomes = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        #expect(outcomes == [.written(".pushlint.json"), .written("push-contract.json")])
        let configText = try #require(fs.text("/project/.pushlint.json"))
        let config = try Config.read(
            path: ".pushlint.json", bytes: Array(configText.utf8), rules: RuleRegistry.descriptions)
        #expect(config.contract == "push-contract.json")
        let text = try #require(fs.text("/project/push-contract.json"))
        let contract = try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
        #expect(contract.ios?.bundleId == "com.example.shop")
        #expect(contract.ios?.categories == ["ORDER"])
        #expect(contract.android?.channels?.map(\.id) == ["chat", "orders"])
        // Events are named by the payloads (a data value that names the event, else the file's name), never by
        // the platform folders they sit in.
        #expect(contract.events.map(\.name) == ["chat_message", "message", "shipped"])
        let shipped = try #require(contract.events.first { $0.name == "shipped" })
        #expect(shipped.files.map(\.pattern) == ["push/android/orders/shipped.json", "push/ios/orders/shipped.json"])
        #expect(shipped.match.isEmpty)
        let fields = try #require(shipped.fields)
        let orderId = try #require(fields.first { $0.name == "order_id" })
        #expect(orderId.required && orderId.type == .string)
        let count = try #require(fields.first { $0.name == "count" })
        #expect(!count.required && count.type == .integer)
        // FCM data values are strings: the number that fcm-data-string-values reports teaches no type.
        let amount = try #require(fields.first { $0.name == "amount" })
        #expect(amount.type == nil)
        // A data value that names the event claims it wherever it is sent (templates, logs) by `match`.
        let chat = try #require(contract.events.first { $0.name == "chat_message" })
        #expect(chat.files.isEmpty)
        #expect(chat.match.map { "\($0.key)=\($0.value)" } == ["type=chat_message"])
        #expect(chat.channel == "chat")
        let message = try #require(contract.events.first { $0.name == "message" })
        #expect(message.files.map(\.pattern) == ["push/expo/chat/message.json.tmpl"])
        let thread = try #require(message.fields?.first { $0.name == "thread" })
        #expect(thread.type == nil, "a placeholder in value position has no observed type")
    }

    /// `init --contract` after `init`: the config's commented contract line is turned on, atomically, and the
    /// config still reads.
    @Test func initContractLinksTheContractInTheConfigInitWrote() throws {
        let fs = MemoryFileSystem(Self.templates)
        #expect(
            try Initializer(directory: "/project", fileSystem: fs).run(contract: false) == [.written(".pushlint.json")])
        let outcomes = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        #expect(outcomes == [.linked(".pushlint.json"), .written("push-contract.json")])
        let text = try #require(fs.text("/project/.pushlint.json"))
        let config = try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: RuleRegistry.descriptions)
        #expect(config.contract == "push-contract.json")
        #expect(text.contains("$schema"), "editors complete the config from its schema")
        // A third run has nothing left to do.
        #expect(throws: Initializer.Failure.self) {
            try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        }
    }

    @Test func anExistingConfigIsLinkedToTheContractWritten() throws {
        var files = Self.templates
        files["/project/.pushlint.json"] = "{}"
        let fs = MemoryFileSystem(files)
        let outcomes = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        #expect(outcomes == [.linked(".pushlint.json"), .written("push-contract.json")])
        let text = try #require(fs.text("/project/.pushlint.json"))
        let config = try Config.read(path: ".pushlint.json", bytes: Array(text.utf8), rules: RuleRegistry.descriptions)
        #expect(config.contract == "push-contract.json")
        // A config that names a contract already is left as it is.
        files["/project/.pushlint.json"] = #"{"contract": "mine.json"}"#
        files["/project/mine.json"] = "{}"
        let named = MemoryFileSystem(files)
        #expect(
            try Initializer(directory: "/project", fileSystem: named).run(contract: true) == [
                .exists(".pushlint.json"), .written("push-contract.json"),
            ])
        #expect(named.text("/project/.pushlint.json") == #"{"contract": "mine.json"}"#)
    }

    @Test func aFailingWriteIsReported() {
        let fs = MemoryFileSystem(Self.templates)
        fs.failWrites = true
        #expect(throws: Initializer.Failure.self) {
            try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        }
        #expect(fs.text("/project/.pushlint.json") == nil)
    }

    /// The contract `init --contract` writes maps every payload it was written from to one event: a data value
    /// equal to a file's stem (`"type": "shipped"` beside `shipped.json`), and one value named under two keys
    /// (`type` here, `event` there), each give events of their own.
    @Test func theStarterContractClaimsEveryPayloadItWasWrittenFrom() throws {
        let fs = MemoryFileSystem([
            "/project/push/shipped.json": #"{"aps": {"alert": "Shipped"}, "order_id": "1"}"#,
            "/project/push/ship-note.json": #"{"aps": {"alert": "Shipped"}, "type": "shipped"}"#,
            "/project/push/order-a.json": #"{"aps": {"alert": "A"}, "type": "order"}"#,
            "/project/push/order-b.json": #"{"aps": {"alert": "B"}, "event": "order"}"#,
            "/project/push/order-c.json": #"{"aps": {"alert": "C"}, "event": "x", "type": "order"}"#,
        ])
        _ = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        let text = try #require(fs.text("/project/push-contract.json"))
        let contract = try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
        #expect(contract.events.allSatisfy { $0.files.isEmpty || $0.match.isEmpty }, "\(text)")
        let report = try LintSession.run(LintRequest(paths: ["."], workingDirectory: "/project"), fileSystem: fs)
            .report
        #expect(report.files.count == 5)
        let unknown = report.allDiagnostics.filter { $0.ruleId == "contract-event-unknown" }
        #expect(unknown.isEmpty, "\(unknown.map(\.message))\n\(text)")
    }

    @Test func anEmptyFolderGivesAValidContract() throws {
        let fs = MemoryFileSystem(["/project/README.md": "x"])
        _ = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        let text = try #require(fs.text("/project/push-contract.json"))
        let contract = try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
        #expect(contract.events.isEmpty)
    }
}
