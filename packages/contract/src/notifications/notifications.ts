import { z } from 'zod';
import { callOf, defineEndpoint } from '../endpoint';
import { NOTIFICATION_KINDS, NotificationMsg, REVIEW_WAIT_HOURS } from './kinds';

/** Notices on one page of 消息. */
export const NOTIFICATION_PAGE_SIZE = 30;

export const ZNotification = /*#__PURE__*/ z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where tapping it leads in the app (a path of WebRoute with its query), or ''. */
  link: z.string(),
  read: z.boolean(),
  /** Unix seconds. */
  createdAt: z.number().int(),
});

/** 消息: the person's notices, newest first. */
export const listNotifications = defineEndpoint({
  method: 'POST',
  path: '/v1/notifications',
  summary: '我的消息（最新在前）',
  body: z.object({ page: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').max(1000, '页码不正确').default(1) }),
  data: z.object({ notifications: z.array(ZNotification), unread: z.number().int(), more: z.boolean() }),
});
export const listNotificationsCall = callOf<typeof listNotifications>('POST', '/v1/notifications');

/** Marks the given notices read, or all of them without `ids`. */
export const readNotifications = defineEndpoint({
  method: 'POST',
  path: '/v1/notifications/read',
  summary: '标记消息已读',
  body: z.object({ ids: z.array(z.string().uuid({ error: NotificationMsg.ids }), { error: NotificationMsg.ids }).max(100, NotificationMsg.ids).optional() }),
  data: z.object({ unread: z.number().int() }),
});
export const readNotificationsCall = callOf<typeof readNotifications>('POST', '/v1/notifications/read');

export const ZNotificationSetting = /*#__PURE__*/ z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  enabled: z.boolean(),
  /** reviewsWaiting only: remind after this many hours. */
  hours: z.number().int().nullable(),
});

/** Which kinds the person is told about (all on until turned off); reviewsWaiting for staff only. */
export const getNotificationSettings = defineEndpoint({
  method: 'GET',
  path: '/v1/notifications/settings',
  summary: '消息设置',
  data: z.object({ settings: z.array(ZNotificationSetting) }),
});
export const getNotificationSettingsCall = callOf<typeof getNotificationSettings>('GET', '/v1/notifications/settings');

export const saveNotificationSetting = defineEndpoint({
  method: 'POST',
  path: '/v1/notifications/settings',
  summary: '开启或关闭一类消息',
  body: z.object({
    kind: z.enum(NOTIFICATION_KINDS, { error: NotificationMsg.kind }),
    enabled: z.union([z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0')], { error: NotificationMsg.kind }).transform((v) => v === true || v === 1 || v === '1'),
    hours: z.coerce
      .number({ error: NotificationMsg.hours })
      .refine((h) => (REVIEW_WAIT_HOURS as readonly number[]).includes(h), NotificationMsg.hours)
      .optional(),
  }),
  data: z.object({ settings: z.array(ZNotificationSetting) }),
});
export const saveNotificationSettingCall = callOf<typeof saveNotificationSetting>('POST', '/v1/notifications/settings');
