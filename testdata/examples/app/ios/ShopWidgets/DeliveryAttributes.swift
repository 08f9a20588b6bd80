import ActivityKit
import Foundation

struct DeliveryAttributes: ActivityAttributes {
    var orderNumber: String

    struct ContentState: Codable, Hashable {
        var status: String
        var stopsAway: Int
        var etaMinutes: Int
        var driverName: String?
    }
}
