// Vendored: app scan never walks Pods/.
let vendored = UNNotificationCategory(identifier: "FROM_PODS", actions: [], intentIdentifiers: [])
