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
            #"{"message": {"token": "t", "notification": {"title": "Shipped"}, "android": {"notification": {"channel_id": "orders"}}, "data": {"order_id": "42"}}}"#,
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
        #expect(contract.events.map(\.name) == ["chat", "orders"])
        let orders = try #require(contract.events.first { $0.name == "orders" })
        #expect(orders.files.map(\.pattern) == ["push/android/orders/*", "push/ios/orders/*"])
        let fields = try #require(orders.fields)
        let orderId = try #require(fields.first { $0.name == "order_id" })
        #expect(orderId.required && orderId.type == .string)
        let count = try #require(fields.first { $0.name == "count" })
        #expect(!count.required && count.type == .integer)
        let chat = try #require(contract.events.first { $0.name == "chat" })
        #expect(chat.channel == "chat")
        let thread = try #require(chat.fields?.first { $0.name == "thread" })
        #expect(thread.type == nil, "a placeholder in value position has no observed type")
    }

    @Test func anExistingConfigIsKeptAndOnlyTheContractIsWritten() throws {
        var files = Self.templates
        files["/project/.pushlint.json"] = "{}"
        let fs = MemoryFileSystem(files)
        let outcomes = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        #expect(outcomes == [.exists(".pushlint.json"), .written("push-contract.json")])
        #expect(fs.text("/project/.pushlint.json") == "{}")
    }

    @Test func aFailingWriteIsReported() {
        let fs = MemoryFileSystem(Self.templates)
        fs.failWrites = true
        #expect(throws: Initializer.Failure.self) {
            try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        }
        #expect(fs.text("/project/.pushlint.json") == nil)
    }

    @Test func anEmptyFolderGivesAValidContract() throws {
        let fs = MemoryFileSystem(["/project/README.md": "x"])
        _ = try Initializer(directory: "/project", fileSystem: fs).run(contract: true)
        let text = try #require(fs.text("/project/push-contract.json"))
        let contract = try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
        #expect(contract.events.isEmpty)
    }
}
