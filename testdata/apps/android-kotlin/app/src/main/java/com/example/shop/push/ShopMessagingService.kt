package com.example.shop.push

import com.google.firebase.messaging.FirebaseMessagingService
import com.google.firebase.messaging.RemoteMessage

class ShopMessagingService : FirebaseMessagingService() {
    override fun onMessageReceived(message: RemoteMessage) {
        val channel = message.notification?.channelId ?: Channels.ORDERS
        PushRenderer(this).show(message.data, channel)
    }

    override fun onNewToken(token: String) {
        TokenUploader.upload(token)
    }
}
