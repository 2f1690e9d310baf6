import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** Toasts stay 3000 ms, notifications 4500 ms at the top right (antd counts seconds; docs/product.md, "Preferences and defaults"). */
export const TOAST_SECONDS = 3;
export const NOTIFICATION_SECONDS = 4.5;

export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'success' | 'info' | 'warning'>;
  notification: Pick<NotificationInstance, 'info' | 'error' | 'success' | 'warning'>;
}

// Code outside React (the API client) reaches the toasts through this holder; the app replaces the
// static fallbacks with the instances of antd's <App> so toasts follow the theme and locale.
let current: Feedback = { message: staticMessage, notification: staticNotification };

export function setFeedback(feedback: Feedback): void {
  current = feedback;
}

export function feedback(): Feedback {
  return current;
}
