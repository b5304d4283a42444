import { login } from '@sq/contract/auth/login';
import { logout } from '@sq/contract/auth/logout';
import { sendSmsCode } from '@sq/contract/auth/send-sms-code';
import type { RouteKit } from '../../lib/route-kit';
import type { AuthService } from './service';
import { SESSION_COOKIE_PATH, SESSION_COOKIE, sessionCookie } from './token-source';

export function authRoutes(kit: RouteKit, auth: AuthService) {
  kit.open(sendSmsCode, ({ body, req }) => auth.sendCode(body.mobile, req.ip));

  kit.open(login, async ({ body, req, reply }) => {
    const result = await auth.login(body.mobile, body.code, req.ip);
    // Also a cookie on this host, so a page opened later in the same browser can pick the
    // session up through GET /v1/mobile/community/userInfo?ckdata=1 (spec §7).
    reply.header('set-cookie', sessionCookie(result.token, Math.floor(auth.sessionTtlMs / 1000), req.protocol === 'https'));
    return result;
  });

  kit.authed(logout, async ({ caller, reply }) => {
    await auth.logout(caller);
    reply.header('set-cookie', `${SESSION_COOKIE}=; Path=${SESSION_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`);
    return null;
  });
}
