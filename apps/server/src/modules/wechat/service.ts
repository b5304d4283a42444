import { randomBytes } from 'node:crypto';
import { badRequest } from '../../lib/errors';
import { sha256, type PiiCipher } from '../../lib/crypto';
import { MSG_WECHAT_TICKET } from '@sq/contract/wechat/wechat-login';
import { isDefaultUsername, type AuthService } from '../auth/service';
import type { WechatRepo } from './repo';
import type { WechatProvider } from './wechat-provider';

/** An authorisation, and a ticket after it, are good for ten minutes. */
const LOGIN_TTL_MS = 10 * 60_000;
/** WeChat nicknames can be long or decorated; the account keeps a short plain one. */
const NAME_MAX = 20;

const random = () => randomBytes(24).toString('base64url');

export type CallbackOutcome =
  | { kind: 'loggedIn'; token: string; referer: string }
  | { kind: 'bindFirst'; ticket: string; referer: string }
  | { kind: 'failed'; referer: string };

/**
 * WeChat login (issue 17): the official account's web authorisation, `snsapi_base` first (no
 * page shown, just the openid). A bound openid logs the person in like an SMS code would; an
 * unbound one sends them to prove their mobile by SMS once, which binds it. When the account
 * then has no name of its own, one more round with `snsapi_userinfo` fetches the nickname.
 */
export function createWechatService(deps: { repo: WechatRepo; provider: WechatProvider; auth: AuthService; pii: PiiCipher; now: () => Date }) {
  const { repo, provider, auth, pii, now } = deps;
  const notBefore = () => new Date(now().getTime() - LOGIN_TTL_MS);

  return {
    /** Where to send the browser, and the nonce its cookie carries (binding the state to it). */
    async begin(args: { scope: 'base' | 'userinfo'; referer: string; redirectUri: string; browserNonce: string | null }) {
      const nonce = args.browserNonce ?? random();
      const state = random();
      await repo.startLogin({ stateHash: sha256(state), browserHash: sha256(nonce), referer: args.referer, scope: args.scope, createdAt: now() }, notBefore());
      const url = provider.authorizeUrl({ redirectUri: args.redirectUri, scope: args.scope === 'userinfo' ? 'snsapi_userinfo' : 'snsapi_base', state });
      return { url, nonce };
    },

    async callback(args: { code: string; state: string; browserNonce: string | null }): Promise<CallbackOutcome> {
      if (!args.browserNonce) return { kind: 'failed', referer: '/' };
      const login = await repo.consumeState(sha256(args.state), sha256(args.browserNonce), now(), notBefore());
      if (!login) return { kind: 'failed', referer: '/' };
      let identity: { openid: string; accessToken: string };
      try {
        identity = await provider.exchange(args.code);
      } catch {
        return { kind: 'failed', referer: login.referer };
      }
      const openidHash = pii.hash(`wx:${identity.openid}`);
      const user = await repo.userOf(openidHash);
      if (!user) {
        const ticket = random();
        await repo.setTicket(login.id, { ticketHash: sha256(ticket), openidEnc: pii.encrypt(identity.openid), openidHash });
        return { kind: 'bindFirst', ticket, referer: login.referer };
      }
      if (login.scope === 'userinfo' && isDefaultUsername(user.username)) {
        const name = await provider.nickname(identity.accessToken, identity.openid).catch(() => '');
        const clean = name.replace(/[\p{C}]/gu, '').trim().slice(0, NAME_MAX);
        if (clean) await repo.rename(user.id, clean);
      }
      return { kind: 'loggedIn', token: await auth.startSession(user, now()), referer: login.referer };
    },

    /** Refuses an unknown, used or expired ticket before the SMS code is spent. */
    async checkTicket(ticket: string, browserNonce: string | null) {
      const checked = { ticketHash: sha256(ticket), browserHash: sha256(browserNonce ?? '') };
      if (!browserNonce || !(await repo.ticketUsable(checked.ticketHash, checked.browserHash, notBefore()))) throw badRequest(MSG_WECHAT_TICKET);
      return checked;
    },

    /** After the SMS login: binds the WeChat of the ticket; answers whether a name is wanted. */
    async bind(ticket: { ticketHash: string; browserHash: string }, user: { userId: string; username: string }) {
      const openid = await repo.consumeTicket(ticket.ticketHash, ticket.browserHash, now(), notBefore());
      if (!openid) throw badRequest(MSG_WECHAT_TICKET);
      await repo.bind(user.userId, openid);
      return { wantName: isDefaultUsername(user.username) };
    },
  };
}
export type WechatService = ReturnType<typeof createWechatService>;
