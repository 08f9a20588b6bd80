import 'package:flutter_local_notifications/flutter_local_notifications.dart';

/// The plugin creates `order_updates` the first time it shows a notification with these details.
const orderDetails = AndroidNotificationDetails(
  'order_updates',
  'Order updates',
  importance: Importance.high,
  priority: Priority.high,
);
