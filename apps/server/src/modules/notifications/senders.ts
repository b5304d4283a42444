import type { FastifyBaseLogger } from 'fastify';
import { beijingDateTime } from '@sq/contract/beijing-time';
import type { NotificationKind } from '@sq/contract/notifications/kinds';
import { maskMobile } from '@sq/contract/rules';

/** What a channel makes of one attempt: accepted, cannot reach this person (do not retry), or try again later. */
export type SendOutcome = { ok: true } | { ok: false; permanent: boolean; error: string };

export interface Message {
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the app; channels that link make it absolute with PUBLIC_ORIGIN. */
  link: string;
  at: Date;
}

export interface SmsNotifier {
  send(mobile: string, message: Message): Promise<SendOutcome>;
}
export interface WechatNotifier {
  send(openid: string, message: Message): Promise<SendOutcome>;
}

const TIMEOUT_MS = 5000;

/**
 * Notification SMS through the gateway's webhook: `{mobile, kind, text}` as JSON. China's SMS
 * gateways keep verification codes and notices as different products (templates, signatures),
 * so NOTIFY_SMS_WEBHOOK_URL may be another adapter than the login codes' one.
 */
export function webhookSmsNotifier(url: string, publicOrigin = ''): SmsNotifier {
  return {
    async send(mobile, m) {
      // A visitor's SMS is their way in: its link goes in the text. Other notices say where to look.
      const text = m.kind === 'visitorInvited' ? `【社区服务】${m.body}${publicOrigin}${m.link}` : `【社区服务】${m.body}`;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobile, kind: m.kind, text }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        // 4xx other than 429: the gateway will not take this message however often it is sent.
        if (!res.ok) return { ok: false, permanent: res.status >= 400 && res.status < 500 && res.status !== 429, error: `HTTP ${res.status}` };
        return { ok: true };
      } catch (e) {
        return { ok: false, permanent: false, error: (e as Error).name };
      }
    },
  };
}

/** Development: the notice is logged (mobile masked, no text: it may hold a reason about the person), not sent. */
export function logSmsNotifier(log: Pick<FastifyBaseLogger, 'info'>): SmsNotifier {
  return {
    async send(mobile, m) {
      log.info({ sms: { to: maskMobile(mobile), kind: m.kind } }, 'SMS notification (log provider: not sent)');
      return { ok: true };
    },
  };
}

/** WeChat's fields are short: `thing` values at most 20 characters. */
const thing = (text: string) => (text.length > 20 ? `${text.slice(0, 19)}…` : text);

/**
 * WeChat subscription notices (公众号订阅通知, `message/subscribe/bizsend`) with one template whose
 * fields are thing1 (事项), thing2 (内容) and time3 (时间); the access token is fetched with the
 * app's secret and kept until WeChat says it expired.
 * https://developers.weixin.qq.com/doc/offiaccount/Subscription_Messages/api.html
 */
export function wechatSubscribeNotifier(opts: { appId: string; appSecret: string; apiBase: string; templateId: string; publicOrigin: string | undefined }): WechatNotifier {
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const url = new URL('/cgi-bin/token', opts.apiBase);
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: opts.appId, secret: opts.appSecret }).toString();
    const answer = (await (await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })).json()) as { access_token?: string; expires_in?: number; errcode?: number };
    if (!answer.access_token) throw new Error(`token errcode ${answer.errcode ?? 'none'}`);
    // Renewed five minutes early: WeChat's tokens last 7,200 s.
    token = { value: answer.access_token, until: Date.now() + ((answer.expires_in ?? 7200) - 300) * 1000 };
    return token.value;
  }

  async function post(openid: string, m: Message) {
    const url = new URL('/cgi-bin/message/subscribe/bizsend', opts.apiBase);
    url.searchParams.set('access_token', await accessToken());
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        touser: openid,
        template_id: opts.templateId,
        ...(opts.publicOrigin && m.link ? { page: new URL(m.link, opts.publicOrigin).toString() } : {}),
        data: { thing1: { value: thing(m.title) }, thing2: { value: thing(m.body) }, time3: { value: beijingDateTime(m.at) } },
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    return (await res.json()) as { errcode?: number };
  }

  return {
    async send(openid, m) {
      try {
        let answer = await post(openid, m);
        // 40001 / 42001: the token was revoked or ran out early – fetch a new one once.
        if (answer.errcode === 40001 || answer.errcode === 42001) {
          token = null;
          answer = await post(openid, m);
        }
        if (!answer.errcode) return { ok: true };
        // 43101: the person has not subscribed, or unsubscribed – sending again will not help.
        return { ok: false, permanent: answer.errcode === 43101, error: `errcode ${answer.errcode}` };
      } catch (e) {
        return { ok: false, permanent: false, error: (e as Error).message.startsWith('token') ? (e as Error).message : (e as Error).name };
      }
    },
  };
}
