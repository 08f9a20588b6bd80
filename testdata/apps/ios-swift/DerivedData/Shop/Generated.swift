let derived = UNNotificationCategory(identifier: "FROM_DERIVED_DATA", actions: [], intentIdentifiers: [])
