// Generated: app scan never walks build/.
val generated = NotificationChannel("generated_in_build", "x", NotificationManager.IMPORTANCE_MAX)
