package com.example.news;

import androidx.annotation.NonNull;
import com.google.firebase.messaging.RemoteMessage;

public class NewsMessagingService extends com.google.firebase.messaging.FirebaseMessagingService {
    @Override
    public void onMessageReceived(@NonNull RemoteMessage message) {
        NewsNotifier.show(this, message);
    }
}
