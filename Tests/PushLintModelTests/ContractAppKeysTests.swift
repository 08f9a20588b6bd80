import PushLintModel
import Testing

/// The contract's app keys (issue 30): allowed sounds per platform, the custom data keys that carry links, and the
/// Live Activity types with the keys they decode. Every wrong shape is a configuration error at its place, with the
/// fix; none is a crash.
@Suite struct ContractAppKeysTests {
    static func read(_ text: String) throws(ConfigurationError) -> Contract {
        try Contract.read(path: "push-contract.json", bytes: Array(text.utf8))
    }

    static func error(_ text: String) -> ConfigurationError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsSoundsLinkFieldsAndLiveActivities() throws {
        let contract = try Self.read(
            """
            {
              "ios": {
                "sounds": ["chime.caf", "alarm.aiff"],
                "liveActivities": {
                  "DeliveryAttributes": {
                    "description": "the courier's progress",
                    "contentState": {
                      "status": {"type": "string"},
                      "stops_left": {"type": "integer"},
                      "eta": {"type": "date", "optional": true},
                      "extra": {}
                    },
                    "attributes": {"orderNumber": {"type": "string"}}
                  },
                  "ScoreAttributes": {}
                }
              },
              "android": {"sounds": ["cash_register", "chime2"]},
              "links": {"fields": ["target_url", "openURL"]}
            }
            """)
        #expect(contract.ios?.sounds == ["chime.caf", "alarm.aiff"])
        #expect(contract.android?.sounds == ["cash_register", "chime2"])
        #expect(contract.links?.fields == ["target_url", "openURL"])
        let activities = try #require(contract.ios?.liveActivities)
        #expect(activities.map(\.attributesType) == ["DeliveryAttributes", "ScoreAttributes"])
        #expect(activities.map(\.line) == [5, 15])
        let state = try #require(activities[0].contentState)
        #expect(state.map(\.name) == ["status", "stops_left", "eta", "extra"])
        #expect(state.map(\.type) == [.string, .integer, .date, nil])
        #expect(state.map(\.optional) == [false, false, true, false])
        #expect(activities[0].attributes?.map(\.name) == ["orderNumber"])
        #expect(activities[1].contentState == nil && activities[1].attributes == nil)
    }

    @Test func swiftTypesMapToShapes() {
        #expect(Contract.StateType(swiftType: "Int") == .integer)
        #expect(Contract.StateType(swiftType: "UInt8") == .integer)
        #expect(Contract.StateType(swiftType: "Double") == .number)
        #expect(Contract.StateType(swiftType: "URL") == .string)
        #expect(Contract.StateType(swiftType: "Bool") == .boolean)
        #expect(Contract.StateType(swiftType: "Date") == .date)
        #expect(Contract.StateType(swiftType: "[String]") == .array)
        #expect(Contract.StateType(swiftType: "[String: Int]") == .object)
        #expect(Contract.StateType(swiftType: "Set<Int>") == .array)
        #expect(Contract.StateType(swiftType: "DeliveryStatus") == nil)
    }

    @Test(arguments: [
        // (contract, line:column of the error, words the message or hint must hold)
        (#"{"ios": {"sounds": "chime.caf"}}"#, "1:20", "must be an array of strings"),
        (#"{"ios": {"sounds": [3]}}"#, "1:21", "must be a string"),
        (#"{"ios": {"sounds": [""]}}"#, "1:21", "is not a sound name"),
        (#"{"ios": {"sounds": ["Sounds/chime.caf"]}}"#, "1:21", "without a folder"),
        (#"{"android": {"sounds": ["chime.ogg"]}}"#, "1:25", #"write "chime""#),
        (#"{"android": {"sounds": ["Chime"]}}"#, "1:25", "lowercase letters, digits and '_'"),
        (#"{"links": {"fields": [""]}}"#, "1:23", "is empty"),
        (#"{"links": {"fields": {"url": true}}}"#, "1:22", "must be an array of strings"),
        (#"{"ios": {"liveActivities": []}}"#, "1:28", "must be an object"),
        (#"{"ios": {"liveActivities": {"": {}}}}"#, "1:29", "is not a type name"),
        (#"{"ios": {"liveActivities": {"A B": {}}}}"#, "1:29", "is not a type name"),
        (#"{"ios": {"liveActivities": {"A": {"contentStates": {}}}}}"#, "1:35", "Did you mean 'contentState'?"),
        (#"{"ios": {"liveActivities": {"A": {"contentState": [1]}}}}"#, "1:51", "must be an object"),
        (#"{"ios": {"liveActivities": {"A": {"contentState": {"x": "Int"}}}}}"#, "1:57", "must be an object"),
        (#"{"ios": {"liveActivities": {"A": {"contentState": {"x": {"type": "Int"}}}}}}"#, "1:66", #"is "integer""#),
        (#"{"ios": {"liveActivities": {"A": {"contentState": {"x": {"type": "strng"}}}}}}"#, "1:66", "'string'"),
        (#"{"ios": {"liveActivities": {"A": {"attributes": {"x": {"optional": "yes"}}}}}}"#, "1:68", "true or false"),
        (#"{"ios": {"liveActivities": {"A": {"attributes": {"x": {"nullable": true}}}}}}"#, "1:56", "type, optional"),
        (#"{"ios": {"liveActivities": {"A": {}, "A": {}}}}"#, "1:38", "appears twice"),
    ])
    func aBadShapeIsALocatedError(_ text: String, _ location: String, _ words: String) throws {
        let error = try #require(Self.error(text), "\(text) must not read")
        let position = try #require(error.position)
        #expect("\(position.line):\(position.column)" == location, "\(text): \(error)")
        #expect(error.description.contains(words), "\(text): \(error)")
    }

    /// Hostile sizes and characters: many types and keys, deep nesting where a map is expected, control characters
    /// in names. Each reads or fails with a message, never traps.
    @Test func hostileShapesReadOrFailCleanly() throws {
        let many = (0..<2000).map { #""T\#($0)": {"contentState": {"k": {"type": "integer"}}}"# }.joined(separator: ",")
        let contract = try Self.read(#"{"ios": {"liveActivities": {\#(many)}}}"#)
        #expect(contract.ios?.liveActivities?.count == 2000)
        let deep = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
        #expect(Self.error(#"{"ios": {"liveActivities": {"A": {"contentState": \#(deep)}}}}"#) != nil)
        #expect(Self.error(#"{"ios": {"liveActivities": {"A\u0007\n": {}}}}"#) != nil)
        let sounds = try Self.read(#"{"ios": {"sounds": ["\u001b[31mred.caf"]}}"#)
        #expect(sounds.ios?.sounds == ["\u{1b}[31mred.caf"])
        #expect(Self.error(#"{"android": {"sounds": ["\u001b[31m"]}}"#) != nil)
    }
}
