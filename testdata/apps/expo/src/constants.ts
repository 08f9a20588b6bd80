// Ids the backend's push templates name (channelId, categoryId).
export const Channels = {
  ORDERS: 'orders',
  CHAT: 'chat',
} as const;

export const CANCEL_ACTION = 'cancel';

export enum Category {
  OrderActions = 'ORDER_ACTIONS',
}
