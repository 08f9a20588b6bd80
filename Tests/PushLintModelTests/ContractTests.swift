import PushLintModel
import Testing

/// The contract is validated like the config: every mistake is a configuration error with file:line:col.
@Suite struct ContractTests {
    static func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    static func location(_ e: ConfigurationError?) -> String? {
        guard let e, let p = e.position else { return nil }
        return "\(p.line):\(p.column)"
    }

    /// Entries keep where they are written, so that findings about them (the `app-*` rules) point into the file.
    @Test func entriesKeepTheirNodes() throws {
        let text = """
            {
              "ios": {"categories": ["A", "B"], "entitlements": ["time-sensitive"]},
              "android": {"defaultChannel": "orders",
                "channels": [{"id": "orders", "importance": "high"}, {"id": "promo"}]}
            }
            """
        let contract = try Contract.read(path: "c.json", bytes: Array(text.utf8))
        let doc = try #require(contract.document)
        let ios = try #require(contract.ios)
        #expect(ios.categoryNodes.map { doc.pointer(of: $0) } == ["/ios/categories/0", "/ios/categories/1"])
        #expect(ios.entitlementNodes.map { doc.string($0) } == ["time-sensitive"])
        let android = try #require(contract.android)
        #expect(android.defaultChannelNode.map { doc.pointer(of: $0) } == "/android/defaultChannel")
        #expect(android.channelsKeyNode.map { doc.string($0) } == "channels")
        let channels = try #require(android.channels)
        #expect(
            channels.map { $0.idNode.map { doc.pointer(of: $0) } } == [
                "/android/channels/0/id", "/android/channels/1/id",
            ])
        #expect(channels.map { $0.importanceNode.map { doc.string($0) } } == ["high", nil])
    }

    @Test func readsTheDesignExample() throws {
        let text = """
            {
              // comments and trailing commas are fine (JSONC)
              "ios": {"bundleId": "com.example.shop", "categories": ["ORDER_ACTIONS"], "entitlements": ["time-sensitive"]},
              "android": {"package": "com.example.shop", "defaultChannel": "general",
                "channels": [{"id": "general", "importance": "default"}, {"id": "promo", "importance": "low"}]},
              "events": {
                "order.updated": {"files": ["push/orders/**"], "match": {"type": "order_updated", "v": 2}, "urgency": "transactional",
                  "channel": "general", "fields": {"order_id": {"required": true, "pattern": "^[0-9]+$", "maxLength": 12}}},
              },
              "variables": {"title": {"maxLength": 60}, "name": {"maxBytes": 120}},
              "links": {"schemes": ["https", "Shop"], "hosts": ["example.com", "*.example.com"]},
            }
            """
        let contract = try Contract.read(path: "c.json", bytes: Array(text.utf8))
        #expect(contract.events.count == 1)
        #expect(contract.events[0].match.map { "\($0.key)=\($0.value)" } == ["type=order_updated", "v=2"])
        #expect(contract.events[0].fields?.first?.pattern?.matches("48213") == true)
        #expect(contract.events[0].fields?.first?.pattern?.matches("A-1") == false)
        #expect(contract.variables["title"]?.worstCaseBytes == 240)
        #expect(contract.variables["name"]?.worstCaseBytes == 120)
        #expect(contract.links?.schemes == ["https", "shop"])
        #expect(contract.channel("promo")?.importance == .low)
    }

    @Test func badJSONIsLocated() {
        let e = Self.error("{\n  \"ios\": {\"bundleId\": \"x\"\n}")
        #expect(e != nil)
        #expect(Self.location(e) != nil)
    }

    @Test func unknownKeysAreLocatedWithDidYouMean() {
        let e = Self.error(#"{"androd": {}}"#)
        #expect(Self.location(e) == "1:2")
        #expect(e?.message.contains("Did you mean 'android'?") == true)
        let f = Self.error("{\"events\": {\"a\": {\"files\": [\"x/**\"],\n  \"fieldz\": {}}}}")
        #expect(Self.location(f) == "2:3")
        #expect(f?.message.contains("Did you mean 'fields'?") == true)
    }

    @Test func invalidRegularExpressionsAreConfigurationErrors() {
        let e = Self.error(
            "{\"events\": {\"a\": {\"files\": [\"x/**\"], \"fields\": {\n  \"id\": {\"pattern\": \"^[0-9+$\"}}}}}")
        #expect(Self.location(e) == "2:21")
        #expect(e?.message.contains("not a valid regular expression") == true)
    }

    @Test func unknownImportanceUrgencyAndTypeAreConfigurationErrors() {
        let importance = Self.error(#"{"android": {"channels": [{"id": "promo", "importance": "lowest"}]}}"#)
        #expect(Self.location(importance) == "1:57")
        #expect(importance?.message.contains("unknown importance 'lowest'") == true)
        #expect(importance?.hint?.contains("none, min, low, default, high, max") == true)
        let urgency = Self.error(#"{"events": {"a": {"files": ["x"], "urgency": "urgent"}}}"#)
        #expect(urgency?.message.contains("unknown urgency 'urgent'") == true)
        let type = Self.error(#"{"events": {"a": {"files": ["x"], "fields": {"n": {"type": "int"}}}}}"#)
        #expect(type?.message.contains("unknown type 'int'") == true)
    }

    @Test func inconsistentDeclarationsAreConfigurationErrors() {
        #expect(
            Self.error(#"{"events": {"a": {"urgency": "marketing"}}}"#)?.message.contains("neither 'files' nor 'match'")
                == true)
        #expect(
            Self.error(#"{"events": {"a": {"files": ["x"], "fields": {"n": {"minLength": 5, "maxLength": 2}}}}}"#)?
                .message.contains("greater than its 'maxLength'") == true)
        #expect(
            Self.error(
                #"{"events": {"a": {"files": ["x"], "fields": {"n": {"enum": ["a1", "b"], "pattern": "^[a-z][0-9]$"}}}}}"#
            )?.message.contains("enum value 'b'") == true)
        #expect(
            Self.error(
                #"{"events": {"a": {"files": ["x"], "channel": "order"}}, "android": {"channels": [{"id": "order"}]}}"#)
                == nil,
            "events are read after android whatever the key order")
        #expect(
            Self.error(
                #"{"android": {"channels": [{"id": "order"}]}, "events": {"a": {"files": ["x"], "channel": "orders"}}}"#
            )?.message.contains("Did you mean 'order'?") == true)
        #expect(Self.error(#"{"android": {"defaultChannel": "main", "channels": [{"id": "general"}]}}"#) != nil)
        #expect(Self.error(#"{"links": {"schemes": ["https://"]}}"#)?.hint?.contains("\"https\"") == true)
        #expect(
            Self.error(#"{"links": {"hosts": ["https://example.com"]}}"#)?.message.contains("not a host name") == true)
        #expect(Self.error(#"{"variables": {"title": {"maxLength": -1}}}"#) != nil)
        #expect(Self.error(#"{"ios": {"entitlements": ["critical"]}}"#)?.message.contains("critical-alerts") == true)
    }

    @Test func eventsMayMapByMatchAlone() throws {
        #expect(Self.error(#"{"events": {"e": {"match": {"type": "x"}}}}"#) == nil)
    }
}
