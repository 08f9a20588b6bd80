import ActivityKit
import Foundation

/// The delivery tracker's Live Activity.
struct DeliveryActivityAttributes: ActivityAttributes {
    var orderNumber: String
    static let kind = "delivery"

    struct ContentState: Codable, Hashable {
        var status: String
        var stopsLeft: Int
        var eta: Date?
        var courier: String?
        var progress: Double { Double(10 - stopsLeft) / 10 }

        enum CodingKeys: String, CodingKey {
            case status
            case stopsLeft = "stops_left"
            case eta, courier = "courier_name"
        }
    }
}

/// A tolerant decoder: absent keys get defaults, so pushlint does not judge its content state.
struct ScoreActivityAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var home: Int
        var away: Int
        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            home = try container.decodeIfPresent(Int.self, forKey: .home) ?? 0
            away = try container.decodeIfPresent(Int.self, forKey: .away) ?? 0
        }
    }
}

// Trap: struct FakeAttributes: ActivityAttributes { var x: Int } in a comment.
let trap = "struct StringAttributes: ActivityAttributes { }"
