import { login } from '@sq/contract/auth/login';
import { logout } from '@sq/contract/auth/logout';
import { sendSmsCode } from '@sq/contract/auth/send-sms-code';
import type { FastifyRequest } from 'fastify';
import { MSG_WECHAT_TICKET } from '@sq/contract/wechat/wechat-login';
import { badRequest } from '../../lib/errors';
import type { RouteKit } from '../../lib/route-kit';
import { cookieValue, WECHAT_COOKIE } from '../wechat/routes';
import type { WechatService } from '../wechat/service';
import type { AuthService } from './service';
import { clearedSessionCookies, sessionCookies } from './token-source';

export function authRoutes(kit: RouteKit, auth: AuthService, wechat: WechatService | null) {
  kit.open(sendSmsCode, ({ body, req }) => auth.sendCode(body.mobile, req.ip));

  kit.open(login, async ({ body, req, reply }) => {
    // A WeChat waiting to be bound: its ticket is checked before the SMS code is spent.
    const ticket = body.wxTicket ? await checkTicket(body.wxTicket, req) : null;
    const { userId, username, ...result } = await auth.login(body.mobile, body.code, req.ip);
    const bound = ticket && wechat ? await wechat.bind(ticket, { userId, username }) : null;
    // Also a cookie on this host, so a page opened later in the same browser can pick the
    // session up through GET /v1/mobile/community/userInfo?ckdata=1 (spec §7).
    reply.header('set-cookie', sessionCookies(result.token, Math.floor(auth.sessionTtlMs / 1000), req.protocol === 'https'));
    return { ...result, ...(bound ? { wantName: bound.wantName } : {}) };
  });

  function checkTicket(ticket: string, req: FastifyRequest) {
    if (!wechat) throw badRequest(MSG_WECHAT_TICKET);
    return wechat.checkTicket(ticket, cookieValue(req, WECHAT_COOKIE));
  }

  kit.authed(logout, async ({ caller, reply }) => {
    await auth.logout(caller);
    reply.header('set-cookie', clearedSessionCookies());
    return null;
  });
}
