import { getNotificationSettings, listNotifications, readNotifications, saveNotificationSetting } from '@sq/contract/notifications/notifications';
import { unreadNotifications } from '@sq/contract/notifications/unread-notifications';
import type { RouteKit } from '../../lib/route-kit';
import type { NotificationService } from './service';

export function notificationRoutes(kit: RouteKit, notices: NotificationService) {
  kit.authed(listNotifications, ({ caller, body }) => notices.list(caller, body.page));
  kit.authed(unreadNotifications, ({ caller }) => notices.unread(caller));
  kit.authed(readNotifications, ({ caller, body }) => notices.read(caller, body.ids));
  kit.authed(getNotificationSettings, ({ caller }) => notices.settings(caller));
  kit.authed(saveNotificationSetting, ({ caller, body }) => notices.saveSetting(caller, body));
}
