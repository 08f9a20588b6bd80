package com.example.shop.push

/**
 * Notification channel ids: API between the app and the backend's push templates.
 * A channel's settings are fixed once it exists on a device; only a new id changes them.
 */
object Channels {
    const val ORDERS = "orders"
    const val CHAT = "chat"

    /** Replaced by "promo_weekly" in 3.0: deleted on upgrade. */
    const val LEGACY_PROMO = "promo"

    const val GROUP_SHOPPING = "shopping"
}
