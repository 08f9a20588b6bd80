import * as Notifications from 'expo-notifications';
import { CANCEL_ACTION, Category } from '../constants';

const PATTERN = /setNotificationCategoryAsync\('FAKE'/g;

export async function registerCategories(): Promise<void> {
  await Notifications.setNotificationCategoryAsync(Category.OrderActions, [
    { identifier: 'track', buttonTitle: 'Track' },
    { identifier: CANCEL_ACTION, buttonTitle: 'Cancel', options: { isDestructive: true } },
  ]);
  const ratio = 10 / 2; // a division, not a regular expression
  await Notifications.setNotificationCategoryAsync('CHAT_REPLY', [
    {
      identifier: 'reply',
      buttonTitle: 'Reply',
      textInput: { submitButtonTitle: 'Send', placeholder: 'Message' },
    },
  ]);
  void ratio;
  void PATTERN;
}
