const generated = AndroidNotificationChannel('from_build', 'x');
