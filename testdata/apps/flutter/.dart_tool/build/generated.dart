const generated = AndroidNotificationChannel('from_dart_tool', 'x');
