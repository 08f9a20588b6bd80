package com.example.shop

import android.app.Application
import android.app.NotificationChannel
import android.app.NotificationChannelGroup
import android.app.NotificationManager
import android.os.Build
import androidx.core.app.NotificationChannelCompat
import androidx.core.app.NotificationManagerCompat
import com.example.shop.push.Channels

class ShopApplication : Application() {
    override fun onCreate() {
        super.onCreate()
        if (Build.VERSION.SDK_INT >= Build.VERSION_CODES.O) {
            createChannels()
        }
    }

    private fun createChannels() {
        val manager = getSystemService(NotificationManager::class.java)
        manager.createNotificationChannelGroup(
            NotificationChannelGroup(Channels.GROUP_SHOPPING, getString(R.string.group_shopping))
        )
        val orders = NotificationChannel(
            Channels.ORDERS,
            getString(R.string.channel_orders),
            NotificationManager.IMPORTANCE_HIGH,
        ).apply {
            group = Channels.GROUP_SHOPPING
            description = "Order status: \"shipped\", \"delivered\" /* not a comment */"
        }
        // Chat was raised from DEFAULT to HIGH in the contract, but installed apps keep what this created.
        val chat = NotificationChannel(Channels.CHAT, "Chat", NotificationManager.IMPORTANCE_DEFAULT)
        /* NotificationChannel("commented_out", "Old", NotificationManager.IMPORTANCE_LOW)
           /* nested */ still a comment */
        val general = NotificationChannel(
            getString(R.string.default_notification_channel_id), "General", NotificationManager.IMPORTANCE_DEFAULT
        )
        manager.createNotificationChannels(listOf(orders, chat, general))
        manager.deleteNotificationChannel(Channels.LEGACY_PROMO)

        val debugText = """
            NotificationChannel("in_a_raw_string", "x", 4) ${Channels.CHAT}
        """
        NotificationManagerCompat.from(this).createNotificationChannel(
            NotificationChannelCompat.Builder("promo_weekly", NotificationManagerCompat.IMPORTANCE_LOW)
                .setName("Weekly offers")
                .setGroup(Channels.GROUP_SHOPPING)
                .build()
        )
    }
}
