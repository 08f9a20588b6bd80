/// Deterministic benchmark corpora: realistic templates of every kind (200 B - 6 KB, unicode, placeholders,
/// some defects), one large JSON array, one mid-size file. Same seed, same bytes, on every machine.
struct Corpus {
    var rng: SplitMix64

    init(seed: UInt64 = 0x5EED_F00D) { rng = SplitMix64(seed: seed) }

    static let words = [
        "order", "shipped", "delivered", "cart", "reminder", "sale", "weekly", "chat", "message", "from", "your",
        "package", "is", "on", "its", "way", "Bestellung", "versandt", "commande", "expédiée", "注文", "発送",
        "✓", "🎉", "café", "Zürich", "São Paulo", "tomorrow", "today", "track", "now",
    ]

    mutating func word() -> String { Self.words[Int(rng.next() % UInt64(Self.words.count))] }

    mutating func sentence(_ count: Int) -> String { (0..<count).map { _ in word() }.joined(separator: " ") }

    mutating func number(_ upper: Int) -> Int { Int(rng.next() % UInt64(upper)) }

    /// A text of about `bytes` bytes.
    mutating func text(bytes: Int) -> String {
        var s = ""
        while s.utf8.count < bytes { s += (s.isEmpty ? "" : " ") + word() }
        return s
    }

    mutating func template(_ index: Int) -> (name: String, text: String) {
        let padding = number(10) == 0 ? number(5000) : number(600)
        let defect = number(20) == 0
        switch index % 4 {
        case 0:
            let silent = number(4) == 0
            let aps =
                silent
                ? #""content-available": 1"#
                : #""alert": {"title": "\#(sentence(3))", "body": "\#(sentence(8))"}, "badge": \#(number(9)), "sound": "default", "thread-id": "order-\#(number(999))""#
            return (
                "ios/\(index).json",
                """
                {
                  "headers": {
                    "apns-push-type": "\(silent ? "background" : "alert")",
                    "apns-priority": "\(silent ? (defect ? "10" : "5") : "10")",
                    "apns-topic": "com.example.shop"
                  },
                  "payload": {
                    "aps": { \(aps) },
                    "order_id": "\(number(1_000_000))",
                    "cursor": "c_\(number(1_000_000))",
                    "note": "\(text(bytes: padding))"
                  }
                }
                """)
        case 1:
            return (
                "android/\(index).json",
                """
                {
                  "message": {
                    "token": "fcm-token-\(number(1_000_000_000))",
                    "notification": { "title": "\(sentence(3))", "body": "\(sentence(10))" },
                    "data": { "order_id": "\(number(1_000_000))", "count": \(defect ? "3" : "\"3\""), "note": "\(text(bytes: padding))" },
                    "android": {
                      "priority": "\(number(3) == 0 ? "HIGH" : "NORMAL")",
                      "ttl": "\(number(86400))s",
                      "collapse_key": "orders",
                      "notification": { "channel_id": "orders", "color": "#ff5722", "click_action": "OPEN_ORDER" }
                    },
                    "apns": { "headers": { "apns-priority": "10" }, "payload": { "aps": { "sound": "default" } } }
                  }
                }
                """)
        case 2:
            return (
                "expo/\(index).json",
                """
                {
                  "to": "ExponentPushToken[\(number(1_000_000_000))abcdef]",
                  "title": "\(sentence(3))",
                  "body": "\(sentence(12))",
                  "data": { "screen": "order", "id": \(number(100_000)), "items": [\(number(9)), \(number(9))], "note": "\(text(bytes: padding))" },
                  "sound": "default",
                  "priority": "\(defect ? "urgent" : "high")",
                  "channelId": "orders",
                  "badge": \(number(9))
                }
                """)
        default:
            return (
                "templates/\(index).json.tmpl",
                """
                {
                  "aps": {
                    "alert": { "title": "Hi {{name}}", "body": "{{count}} \(sentence(6))" },
                    "badge": {{count}},
                    "mutable-content": 1
                  },
                  "order_id": "{{order_id}}",
                  "note": "\(text(bytes: padding))"
                }
                """)
        }
    }

    /// One large JSON array of template-like objects, about `bytes` long.
    mutating func largeArray(bytes: Int) -> String {
        var parts: [String] = []
        var total = 2
        var index = 0
        while total < bytes {
            let item = template(index % 3).text
            parts.append(item)
            total += item.utf8.count + 2
            index += 1
        }
        return "[\n" + parts.joined(separator: ",\n") + "\n]\n"
    }
}

/// A small fast deterministic generator (Steele, Lea, Flood 2014).
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
