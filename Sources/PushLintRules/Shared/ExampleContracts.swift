/// Contracts that rule examples lint with (shown in the docs next to the example).
enum ExampleContracts {
    /// The shop app of `testdata/examples`, condensed.
    static let shop = """
        {
          "ios": {"bundleId": "com.example.shop", "categories": ["ORDER_ACTIONS", "CHAT_REPLY"]},
          "android": {"channels": [{"id": "orders", "importance": "high"}, {"id": "promo", "importance": "low"}]},
          "events": {
            "order.updated": {
              "files": ["push/orders/**"], "match": {"type": "order_updated"}, "urgency": "transactional", "channel": "orders",
              "fields": {
                "type": {"required": true, "enum": ["order_updated"]},
                "order_id": {"required": true, "type": "string", "pattern": "^[0-9]+$", "maxLength": 12},
                "cursor": {"required": true, "type": "string"},
                "count": {"type": "integer"}
              }
            },
            "promo.weekly": {"files": ["push/promo/**"], "urgency": "marketing", "channel": "promo"}
          },
          "variables": {"title": {"maxLength": 60}, "body": {"maxLength": 178}, "order_id": {"maxLength": 12}},
          "links": {"schemes": ["https", "shop"], "hosts": ["example.com", "*.example.com"]}
        }
        """

    /// Channels only, with no default channel.
    static let channels = """
        {"android": {"channels": [{"id": "orders", "importance": "high"}, {"id": "promo", "importance": "low"}]}}
        """
}
