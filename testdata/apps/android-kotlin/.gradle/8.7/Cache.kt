val cached = NotificationChannel("cached_in_gradle", "x", NotificationManager.IMPORTANCE_MAX)
