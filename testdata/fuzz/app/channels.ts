import * as Notifications from 'expo-notifications';
import { AndroidImportance } from 'expo-notifications';
import { Channels } from '../constants';

export async function createChannels(userId: string): Promise<void> {
  await Notifications.setNotificationChannelAsync(Channels.ORDERS, {
    name: 'Orders',
    importance: Notifications.AndroidImportance.HIGH,
    sound: 'order.wav',
  });
  await Notifications.setNotificationChannelAsync(Channels.CHAT, {
    name: 'Chat',
    importance: AndroidImportance.MAX,
  });
  await Notifications.setNotificationChannelAsync('promo', {
    name: "Offers you'll like", // an apostrophe inside a string
    importance: AndroidImportance.LOW,
  });
  // One channel per user: the id is built at run time, app scan cannot know it.
  await Notifications.setNotificationChannelAsync(`chat-${userId}`, {
    name: 'Direct messages',
    importance: AndroidImportance.HIGH,
  });
  await Notifications.deleteNotificationChannelAsync('legacy');
}
