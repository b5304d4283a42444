import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { PiiCipher } from '../../lib/crypto';
import { createNotificationsRepo } from './repo';
import { logSmsNotifier, webhookSmsNotifier, wechatSubscribeNotifier } from './senders';
import { createNotificationService } from './service';
import { startNotificationWorker } from './worker';

/**
 * Notifications composed: the senders the configuration allows, the service the other modules
 * tell their events to, and the worker that empties the outbox.
 */
export function createNotifications(deps: {
  db: Db;
  config: Config;
  pii: PiiCipher;
  now: () => Date;
  communityName: (poiId: string) => Promise<string>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  linkOf?: (link: string) => string;
}) {
  const { config } = deps;
  const smsUrl = config.NOTIFY_SMS_WEBHOOK_URL ?? (config.SMS_PROVIDER === 'webhook' ? config.SMS_WEBHOOK_URL : undefined);
  const onError = (err: unknown, what: string) => deps.log.error({ err }, `${what} failed`);
  const service = createNotificationService({
    repo: createNotificationsRepo(deps.db),
    pii: deps.pii,
    sms: smsUrl ? webhookSmsNotifier(smsUrl, config.PUBLIC_ORIGIN) : logSmsNotifier(deps.log),
    wechat:
      config.WECHAT_NOTIFY_TEMPLATE_ID && config.WECHAT_APP_ID && config.WECHAT_APP_SECRET
        ? wechatSubscribeNotifier({
            appId: config.WECHAT_APP_ID,
            appSecret: config.WECHAT_APP_SECRET,
            apiBase: config.WECHAT_API_BASE_URL,
            templateId: config.WECHAT_NOTIFY_TEMPLATE_ID,
            publicOrigin: config.PUBLIC_ORIGIN,
          })
        : null,
    communityName: deps.communityName,
    now: deps.now,
    onError,
    linkOf: deps.linkOf,
  });
  const worker = startNotificationWorker(service, {
    everyMs: config.NOTIFY_EVERY_MS ?? (config.NODE_ENV === 'test' ? 0 : 1000),
    housekeepingMs: 10 * 60_000,
    onError,
  });
  return { service, stop: worker.stop };
}
