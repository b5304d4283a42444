import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';

// On its own: the home page's first load carries this call (the 消息 badge), and none of the list's schemas.
/** The badge: how many are unread (asked on page loads and every half minute while a page is open). */
export const unreadNotifications = defineEndpoint({
  method: 'GET',
  path: '/v1/notifications/unread',
  summary: '未读消息数',
  data: z.object({ unread: z.number().int() }),
});
export const unreadNotificationsCall = callOf<typeof unreadNotifications>('GET', '/v1/notifications/unread');
