import 'package:flutter_local_notifications/flutter_local_notifications.dart';

/// Channel ids the backend's push templates name.
const channelOrders = 'orders';

class PushIds {
  static const String chat = 'chat';
  static const String orderActions = 'ORDER_ACTIONS';
}

final _plugin = FlutterLocalNotificationsPlugin();

const AndroidNotificationChannel ordersChannel = AndroidNotificationChannel(
  channelOrders,
  'Orders',
  description: 'Order status updates',
  importance: Importance.high,
);

Future<void> setUpNotifications(String locale) async {
  final android = _plugin.resolvePlatformSpecificImplementation<AndroidFlutterLocalNotificationsPlugin>();
  await android?.createNotificationChannelGroup(const AndroidNotificationChannelGroup('shopping', 'Shopping'));
  await android?.createNotificationChannel(ordersChannel);
  await android?.createNotificationChannel(const AndroidNotificationChannel(PushIds.chat, 'Chat'));
  await android?.createNotificationChannel(
      AndroidNotificationChannel('promo_$locale', 'Offers', importance: Importance.low));
  await android?.deleteNotificationChannel('promo');

  const hint = r'AndroidNotificationChannel("raw", "x") ${not.interpolated}';
  final darwin = DarwinInitializationSettings(
    notificationCategories: <DarwinNotificationCategory>[
      DarwinNotificationCategory(
        PushIds.orderActions,
        actions: <DarwinNotificationAction>[
          DarwinNotificationAction.plain('track', 'Track'),
          DarwinNotificationAction.plain('cancel', 'Cancel', options: {DarwinNotificationActionOption.destructive}),
        ],
      ),
      DarwinNotificationCategory('CHAT_REPLY', actions: [
        DarwinNotificationAction.text('reply', 'Reply', buttonTitle: 'Send'),
      ]),
    ],
  );
  /* AndroidNotificationChannel('commented', 'x') /* nested */ still a comment */
  await _plugin.initialize(InitializationSettings(iOS: darwin, android: const AndroidInitializationSettings('ic_notification')));
  print('$hint ${darwin.hashCode}');
}
