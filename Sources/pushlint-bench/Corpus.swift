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
                """
            )
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
                """
            )
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
                """
            )
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
                """
            )
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

/// The strings real payloads carry, which the template corpus barely has: order numbers, timestamps,
/// prices, ids with 7 and more digits, phone- and card-like numbers, tracking codes, URLs, e-mail addresses, long
/// texts, emoji and right-to-left text. Most values are ordinary; a few are findings (a customer's e-mail, a
/// phone number, a card number), as in a real repository.
struct VariedCorpus {
    var rng: SplitMix64

    init(seed: UInt64 = 0xDA7A_5EED) { rng = SplitMix64(seed: seed) }

    mutating func number(_ upper: Int) -> Int { Int(rng.next() % UInt64(upper)) }
    mutating func pick(_ items: [String]) -> String { items[number(items.count)] }
    mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(number(10))) }) }

    static let texts = [
        "Your order has shipped", "Ihre Bestellung ist unterwegs", "Votre commande a été expédiée", "ご注文の商品を発送しました",
        "تم شحن طلبك", "ההזמנה שלך נשלחה", "Ваш заказ отправлен", "您的订单已发货", "🎉 Flash sale: 30% off today only 🛍️",
        "Driver is 5 minutes away 🚚", "New message from Ana 💬", "Your table for 4 is confirmed at 19:30",
        "Payment of €1.299,00 received", "Refund of $12.99 processed", "Gate changed to B32, boarding 18:05",
        "Temperature alert: 38,5 °C", "Your code expires in 10 minutes",
        "Paket 2 von 3 wird heute zwischen 14:00 und 18:00 geliefert",
    ]

    mutating func orderNumber() -> String {
        pick(["ORD-2026-\(digits(8))", "#\(digits(9))", "A\(digits(7))-\(digits(2))", digits(10)])
    }
    mutating func timestamp() -> String {
        pick([
            "2026-\(10 + number(3))-\(10 + number(18))T\(10 + number(14)):\(10 + number(50)):\(10 + number(50))Z",
            "17644\(digits(5))",
            "17644\(digits(8))", "2026-11-29 18:42:10.\(digits(3))+01:00",
        ])
    }
    mutating func price() -> String {
        pick([
            "€\(number(2000)),\(digits(2))", "$\(number(900)).\(digits(2))", "\(number(99999)).\(digits(2)) JPY",
            "1.299,00 €",
        ])
    }
    mutating func id() -> String {
        pick([
            digits(7 + number(12)), "usr_\(digits(12))", "\(digits(8))-\(digits(4))-\(digits(4))",
            "sku-\(digits(7))-blue-m",
        ])
    }
    mutating func tracking() -> String {
        pick(["1Z999AA1\(digits(10))", "JJD\(digits(18))", "00340434\(digits(12))", "RR\(digits(9))DE"])
    }
    mutating func url() -> String {
        pick([
            "https://shop.example.com/orders/\(digits(9))?utm_source=push&utm_campaign=\(digits(8))",
            "shop://order/\(digits(10))",
            "https://cdn.example.com/img/\(digits(12))/1080x1080.jpg",
            "https://example.com/track?id=\(digits(16))&ts=\(digits(13))",
        ])
    }
    mutating func longText() -> String {
        var s = ""
        let target = 200 + number(1400)
        while s.utf8.count < target {
            s +=
                (s.isEmpty ? "" : " ") + pick(Self.texts) + pick([".", ":", " —", " ·"]) + " "
                + pick([orderNumber(), price(), timestamp(), id(), "v2.3.\(number(9))"])
        }
        return s
    }
    /// Mostly ordinary; about one value in 40 is personal data.
    mutating func contact() -> String {
        switch number(40) {
        case 0: return "anna.mueller\(number(99))@gmail.com"
        case 1: return "+49 221 \(digits(7))"
        case 2: return "4111 1111 1111 1111"
        default:
            return pick([
                "support@example.com", "noreply@example.com", "Hotline 0800 \(digits(3)) \(digits(3))",
                "Filiale \(digits(4))",
            ])
        }
    }

    mutating func data() -> String {
        var fields = [
            ("order_number", orderNumber()), ("placed_at", timestamp()), ("total", price()), ("customer_id", id()),
            ("tracking", tracking()), ("link", url()), ("image", url()), ("contact", contact()),
            ("locale", pick(["ar-EG", "he-IL", "ja-JP", "de-DE"])),
        ]
        if number(3) == 0 { fields.append(("summary", longText())) }
        if number(4) == 0 { fields.append(("items", "\(number(9)) × \(pick(Self.texts)) @ \(price())")) }
        return fields.map { "\"\($0.0)\": \"\(escape($0.1))\"" }.joined(separator: ", ")
    }

    func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    mutating func template(_ index: Int) -> (name: String, text: String) {
        let title = escape(pick(Self.texts))
        let body = escape(pick(Self.texts) + " " + orderNumber() + " · " + price())
        switch index % 3 {
        case 0:
            return (
                "ios/\(index).json",
                """
                {"headers": {"apns-push-type": "alert", "apns-priority": "10", "apns-topic": "com.example.shop", "apns-expiration": "17644\(digits(5))"},
                 "payload": {"aps": {"alert": {"title": "\(title)", "body": "\(body)"}, "sound": "default", "badge": \(number(9)), "thread-id": "order-\(digits(8))"},
                  \(data())}}
                """
            )
        case 1:
            return (
                "android/\(index).json",
                """
                {"message": {"token": "fcm:\(digits(11))_\(digits(20))", "notification": {"title": "\(title)", "body": "\(body)"},
                  "data": {\(data())},
                  "android": {"priority": "\(pick(["HIGH", "NORMAL"]))", "ttl": "\(number(86400))s", "collapse_key": "order-\(number(4))",
                    "notification": {"channel_id": "orders", "color": "#ff5722", "event_time": "2026-11-\(10 + number(18))T\(10 + number(14)):00:00Z"}}}}
                """
            )
        default:
            return (
                "expo/\(index).json",
                """
                {"to": "ExponentPushToken[\(digits(10))abcdefghij]", "title": "\(title)", "body": "\(body)", "sound": "default",
                 "priority": "high", "channelId": "orders", "data": {\(data())}}
                """
            )
        }
    }

    /// One message per line, compact, about `bytes` in total: a sent-message log for the JSON Lines benchmark.
    mutating func line(_ index: Int) -> String {
        template(index).text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
    }
}
