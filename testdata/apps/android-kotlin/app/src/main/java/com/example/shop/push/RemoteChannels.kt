package com.example.shop.push

import android.app.NotificationChannel
import android.app.NotificationManager
import com.google.firebase.remoteconfig.FirebaseRemoteConfig

/** Channels whose id or importance is decided at run time: app scan cannot know them. */
class RemoteChannels(private val config: FirebaseRemoteConfig) {
    fun createFlashSaleChannel(manager: NotificationManager) {
        val channel = NotificationChannel(
            config.getString("flash_sale_channel"),
            "Flash sales",
            NotificationManager.IMPORTANCE_HIGH
        )
        manager.createNotificationChannel(channel)
    }

    fun createRegionalChannel(manager: NotificationManager, loud: Boolean) {
        val importance = if (loud) NotificationManager.IMPORTANCE_HIGH else NotificationManager.IMPORTANCE_LOW
        manager.createNotificationChannel(NotificationChannel("regional", "Regional", importance))
    }
}
