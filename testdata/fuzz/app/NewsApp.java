package com.example.news;

import static com.example.news.NotificationIds.DIGEST;

import android.app.Application;
import android.app.NotificationChannel;
import android.app.NotificationManager;

public class NewsApp extends Application {
    private static final char QUOTE = '"';
    private static final String HELP = """
        Channels are created in onCreate(): NotificationChannel("text_block", "x", 2)
        """;

    @Override
    public void onCreate() {
        super.onCreate();
        NotificationManager manager = getSystemService(NotificationManager.class);
        NotificationChannel breaking = new NotificationChannel(
                NotificationIds.BREAKING, getString(R.string.channel_breaking), NotificationManager.IMPORTANCE_HIGH);
        manager.createNotificationChannel(breaking);
        // DIGEST is defined twice (NotificationIds and LegacyIds) with different values: not guessed.
        manager.createNotificationChannel(new NotificationChannel(DIGEST, "Digest", 2));
        manager.createNotificationChannel(
                new NotificationChannel(NotificationIds.SPORTS, "Sports", NotificationManager.IMPORTANCE_UNSPECIFIED));
        String label = "char " + QUOTE + " and \"escaped\" quotes";
    }
}
