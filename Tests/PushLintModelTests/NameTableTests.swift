import PushLintModel
import Testing

@Suite struct NameTableTests {
    func position(_ table: NameTable, _ key: String) -> Int? { key.withUTF8Bytes(table.position) }

    /// Every name is found at its position; names that share a bucket (the same length and last byte) are told
    /// apart; a key that is no name, a prefix of one, or one in another letter case is not found.
    @Test func namesAreFoundAtTheirPositions() {
        let names = ["ttl", "tag", "fill", "fall", "full", "", "é", "channel_id", "channelId", "x"]
        let table = NameTable(names)
        for (index, name) in names.enumerated() { #expect(position(table, name) == index, "\(name)") }
        for key in ["tt", "ttll", "TTL", "fell", "channel_i", "channelID", "e", "y"] {
            #expect(position(table, key) == nil, "\(key)")
        }
    }

    /// Given twice, a name keeps its first position, as a search in order would find it.
    @Test func theFirstPositionOfANameWins() {
        let table = NameTable([("body", 3), ("title", 4), ("body", 7)])
        #expect(position(table, "body") == 3)
        #expect(position(table, "title") == 4)
    }
}
