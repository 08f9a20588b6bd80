package com.example.shop.push

import android.app.NotificationChannel
import android.app.NotificationManager

/** The channels of push-contract.json, created at start-up. */
object ShopChannels {
    const val ORDERS = "orders"
    const val PROMO = "promo"
    const val CHAT = "chat"
    const val GENERAL = "general"

    fun create(manager: NotificationManager) {
        manager.createNotificationChannels(
            listOf(
                NotificationChannel(ORDERS, "Orders", NotificationManager.IMPORTANCE_HIGH),
                NotificationChannel(PROMO, "Offers", NotificationManager.IMPORTANCE_LOW),
                // Created at DEFAULT in 1.0; the contract now says high, but installed apps keep DEFAULT.
                NotificationChannel(CHAT, "Chat", NotificationManager.IMPORTANCE_DEFAULT),
                NotificationChannel(GENERAL, "General", NotificationManager.IMPORTANCE_DEFAULT),
            )
        )
    }
}
