package com.example.news;

/** Channel ids the backend's templates name. */
public final class NotificationIds {
    public static final String BREAKING = "breaking";
    public static final String DIGEST = "digest";
    static final String SPORTS = "sports"; // a comment with a "quote
    /* A block comment with "quotes" and a NotificationChannel("fake", "x", 3) call. */

    private NotificationIds() {}
}
