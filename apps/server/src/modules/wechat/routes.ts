import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebRoute } from '@sq/contract/routes';
import {
  getWechatConfig,
  WECHAT_AUTHORIZE_PATH,
  WECHAT_CALLBACK_PATH,
  WECHAT_ERROR_PARAM,
  WECHAT_TICKET_PARAM,
} from '@sq/contract/wechat/wechat-login';
import { safeReferer } from '@sq/contract/auth/safe-referer';
import type { RouteKit } from '../../lib/route-kit';
import type { AuthService } from '../auth/service';
import { sessionCookies } from '../auth/token-source';
import type { WechatService } from './service';

/** Binds an authorisation to the browser that started it; also sent with the login that binds. */
export const WECHAT_COOKIE = 'sq_wx';
const WECHAT_COOKIE_PATH = '/v1/auth';

export function cookieValue(req: FastifyRequest, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

/**
 * The browser's side of WeChat login: off (404) unless configured. These answer redirects, not
 * the envelope, so they are plain routes hidden from the API description.
 */
export function wechatRoutes(kit: RouteKit, scope: FastifyInstance, deps: { wechat: WechatService | null; auth: AuthService; publicOrigin?: string }) {
  const { wechat, auth } = deps;
  kit.open(getWechatConfig, async () => ({ enabled: wechat !== null }));
  if (!wechat) return;

  const origin = (req: FastifyRequest) => deps.publicOrigin ?? `${req.protocol}://${req.host}`;
  const cookie = (req: FastifyRequest, value: string, maxAge: number) =>
    `${WECHAT_COOKIE}=${value}; Path=${WECHAT_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`;
  const go = (reply: FastifyReply, to: string) => reply.header('cache-control', 'no-store').redirect(to, 302);

  scope.get(WECHAT_AUTHORIZE_PATH, { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const { url, nonce } = await wechat.begin({
      scope: q.scope === 'userinfo' ? 'userinfo' : 'base',
      // Only a path of this site: a WeChat round trip must not become an open redirect.
      referer: safeReferer(q.referer),
      redirectUri: `${origin(req)}${WECHAT_CALLBACK_PATH}`,
      browserNonce: cookieValue(req, WECHAT_COOKIE),
    });
    reply.header('set-cookie', cookie(req, nonce, 600));
    return go(reply, url);
  });

  scope.get(WECHAT_CALLBACK_PATH, { schema: { hide: true } }, async (req, reply) => {
    const q = req.query as Record<string, unknown>;
    const code = typeof q.code === 'string' && q.code.length <= 128 ? q.code : '';
    const state = typeof q.state === 'string' && q.state.length <= 64 ? q.state : '';
    // No code: the person declined (snsapi_userinfo shows a page with a 拒绝 button).
    const outcome = code && state ? await wechat.callback({ code, state, browserNonce: cookieValue(req, WECHAT_COOKIE) }) : ({ kind: 'failed', referer: '/' } as const);
    const login = (params: Record<string, string>) => `${WebRoute.login}?${new URLSearchParams({ referer: outcome.referer, ...params })}`;
    if (outcome.kind === 'loggedIn') {
      // The page picks the session up with GET userInfo?ckdata=1, as after an SMS login on this host.
      reply.header('set-cookie', sessionCookies(outcome.token, Math.floor(auth.sessionTtlMs / 1000), req.protocol === 'https'));
      return go(reply, safeReferer(outcome.referer));
    }
    if (outcome.kind === 'bindFirst') return go(reply, login({ [WECHAT_TICKET_PARAM]: outcome.ticket }));
    return go(reply, login({ [WECHAT_ERROR_PARAM]: '1' }));
  });
}
