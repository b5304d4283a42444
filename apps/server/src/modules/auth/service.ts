import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { loginTooSoon, MSG_CODE_WRONG, MSG_LOGIN_LOCKED } from '@sq/contract/auth/login';
import { smsTooSoon } from '@sq/contract/auth/send-sms-code';
import {
  LOGIN_FAILURES_PER_IP_PER_DAY,
  loginDelaySeconds,
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_MAX_PER_MOBILE_PER_DAY,
  SMS_RESEND_SECONDS,
} from '@sq/contract/rules';
import { AppError, badRequest, notLoggedIn, sessionInvalid, tooManyRequests } from '../../lib/errors';
import { newOpenId, newToken, sha256, type PiiCipher } from '../../lib/crypto';
import { BoundedCache } from '../../lib/bounded-cache';
import type { AuthRepo } from './repo';
import type { SessionEvents } from './session-events';
import type { Caller } from './caller';
import type { InlineSession, SessionRow } from './inline-session';
import { SmsDeliveryError, type SmsProvider } from './sms-provider';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface AuthServiceDeps {
  repo: AuthRepo;
  pii: PiiCipher;
  sms: SmsProvider;
  now: () => Date;
  sessionTtlDays: number;
  /** Tells other processes of a logout; they call `forgetSession` when they hear of one. */
  sessionEvents?: Pick<SessionEvents, 'publish'>;
}

/**
 * Sessions are served from memory: every page of a logged-in user (and the gate's 2-second poll)
 * authenticates, and a database round trip each time would be the bottleneck. A revocation
 * reaches every process through NOTIFY; the age limit bounds a missed notification.
 */
const SESSION_CACHE_ENTRIES = 100_000;
const SESSION_CACHE_AGE_MS = 60_000;
interface CachedSession {
  id: string;
  userId: string;
  openId: string;
  expiresAt: Date;
}

/** A new account's name until the person gives one (or WeChat does): 用户 and six hex digits. */
export const defaultUsername = () => `用户${randomBytes(3).toString('hex').toUpperCase()}`;
export const isDefaultUsername = (name: string) => /^用户[0-9A-F]{6}$/.test(name);

export function createAuthService({ repo, pii, sms, now, sessionTtlDays, sessionEvents }: AuthServiceDeps) {
  const sessionTtlMs = sessionTtlDays * DAY;
  // Spread ages: sessions cached all at once (a node's start) are not all re-read in the same second.
  const sessions = new BoundedCache<string, CachedSession>(SESSION_CACHE_ENTRIES, SESSION_CACHE_AGE_MS, Date.now, 0.3);
  // An account's mobile never changes (it is how the account was made), and every logged-in page
  // load shows it: decrypted once, kept as long as a cached session.
  const mobiles = new BoundedCache<string, string>(SESSION_CACHE_ENTRIES, SESSION_CACHE_AGE_MS);

  const codeHash = (mobile: string, code: string) => pii.hash(`sms:${mobile}:${code}`);

  const usable = (row: SessionRow | null): CachedSession | null =>
    row && !row.revokedAt ? { id: row.id, userId: row.userId, openId: row.openId, expiresAt: row.expiresAt } : null;
  const callerOf = (session: CachedSession, token: string): Caller => ({ userId: session.userId, openId: session.openId, sessionId: session.id, token });

  // Slide the expiry, but write at most once per half-lifetime rather than on every request.
  const dueForExtension = (session: CachedSession, at: Date) => session.expiresAt.getTime() - at.getTime() < sessionTtlMs / 2;

  /** A session read (or remembered) for this token: the caller, or 424 when there is none or it ended. */
  function accept(tokenHash: string, token: string, session: CachedSession | null): Caller | Promise<Caller> {
    if (!session) throw sessionInvalid();
    const at = now();
    if (session.expiresAt <= at) {
      sessions.delete(tokenHash);
      throw sessionInvalid();
    }
    return dueForExtension(session, at) ? extend(tokenHash, token, session, at) : callerOf(session, token);
  }

  async function extend(tokenHash: string, token: string, session: CachedSession, at: Date): Promise<Caller> {
    const expiresAt = new Date(at.getTime() + sessionTtlMs);
    await repo.extendSession(session.id, expiresAt);
    // Not `set`: a logout during the write has dropped the copy, and it must stay dropped.
    sessions.update(tokenHash, { ...session, expiresAt });
    return callerOf(session, token);
  }

  // A token's hash never changes: a page polling every 2 s has it worked out once. Only a token
  // with a live session is remembered (one the server issued, 43 characters), so strings sent
  // as tokens by anyone else never fill it; bounded by starting afresh when full.
  const tokenHashes = new Map<string, string>();
  const remember = (token: string, tokenHash: string) => {
    if (tokenHashes.size >= SESSION_CACHE_ENTRIES) tokenHashes.clear();
    tokenHashes.set(token, tokenHash);
  };

  /** 423 without a token, 424 when it is unknown, expired or revoked. Extends a live session. */
  async function authenticate(token: string | null): Promise<Caller> {
    if (!token) throw notLoggedIn();
    const remembered = tokenHashes.get(token);
    const tokenHash = remembered ?? sha256(token);
    // A remembered session is taken without waiting (every poll); `load` does not keep a read
    // that a logout overtook (see BoundedCache.load).
    const session = sessions.get(tokenHash) ?? (await sessions.load(tokenHash, async () => usable(await repo.findSession(tokenHash))));
    if (session && remembered === undefined) remember(token, tokenHash);
    return accept(tokenHash, token, session);
  }

  /** A new session for an account whose person just proved who they are (SMS code, or a bound WeChat). */
  async function startSession(user: { id: string; openId: string }, at: Date): Promise<string> {
    const token = newToken();
    const tokenHash = sha256(token);
    const expiresAt = new Date(at.getTime() + sessionTtlMs);
    const id = await repo.insertSession({ tokenHash, userId: user.id, createdAt: at, expiresAt });
    // The next request (the page the person logged in for) needs no look-up: nobody can have
    // revoked a token that has not been handed out yet.
    sessions.set(tokenHash, { id, userId: user.id, openId: user.openId, expiresAt });
    return token;
  }

  return {
    sessionTtlMs,

    async sendCode(mobile: string, ip: string) {
      const at = now();
      const mobileHash = pii.hash(mobile);
      const ipHash = pii.hash(`ip:${ip}`);
      const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
      const id = await repo.insertCodeWithinLimits(
        { mobileHash, ipHash, codeHash: codeHash(mobile, code), expiresAt: new Date(at.getTime() + SMS_CODE_TTL_SECONDS * 1000), createdAt: at },
        new Date(at.getTime() - DAY),
        new Date(at.getTime() - HOUR),
        (sent) => {
          const wait = sent.mobileLast ? Math.ceil(SMS_RESEND_SECONDS - (at.getTime() - sent.mobileLast.getTime()) / 1000) : 0;
          if (wait > 0) return tooManyRequests(smsTooSoon(wait), wait);
          if (sent.mobile >= SMS_MAX_PER_MOBILE_PER_DAY) return tooManyRequests('今日获取验证码次数已达上限，请明天再试');
          if (sent.ip >= SMS_MAX_PER_IP_PER_HOUR) return tooManyRequests();
          return null;
        },
      );
      try {
        await sms.send(mobile, code);
      } catch (e) {
        // An undelivered code must not count against the user's limits.
        await repo.deleteCode(id);
        if (e instanceof SmsDeliveryError) throw new AppError(503, '短信发送失败，请稍后再试');
        throw e;
      }
      return { resendAfter: SMS_RESEND_SECONDS, ...(sms.revealsCode ? { devCode: code } : {}) };
    },

    async login(mobile: string, code: string, ip: string) {
      const at = now();
      const mobileHash = pii.hash(mobile);
      const ipHash = pii.hash(`ip:${ip}`);
      // Failures slow the address they come from; the mobile is never locked (rules.ts). The try
      // counts as one until its code proves right, so tries sent at once are slowed like others.
      const tryId = await repo.startTry({ ipHash, createdAt: at }, new Date(at.getTime() - DAY), new Date(at.getTime() - HOUR), (failures) => {
        if (failures.day >= LOGIN_FAILURES_PER_IP_PER_DAY) return tooManyRequests(MSG_LOGIN_LOCKED);
        const wait = failures.last ? loginDelaySeconds(failures.hour, at.getTime() - failures.last.getTime()) : 0;
        return wait > 0 ? tooManyRequests(loginTooSoon(wait), wait) : null;
      });
      const refuse = async () => {
        await repo.forgetFailuresBefore(new Date(at.getTime() - DAY));
        return badRequest(MSG_CODE_WRONG);
      };
      const live = await repo.latestLiveCode(mobileHash, at);
      if (!live || live.tries >= SMS_CODE_MAX_TRIES) throw await refuse();
      const given = Buffer.from(codeHash(mobile, code));
      const expected = Buffer.from(live.codeHash);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        await repo.addTry(live.id, SMS_CODE_MAX_TRIES);
        throw await refuse();
      }
      if (!(await repo.consumeCode(live.id, at, SMS_CODE_MAX_TRIES))) throw await refuse();
      await repo.forgetTry(tryId);

      const user = await repo.upsertUser({
        openId: newOpenId(),
        mobileHash,
        mobileEnc: pii.encrypt(mobile),
        username: defaultUsername(),
      });
      const token = await startSession(user, at);
      return { token, openId: user.openId, mobile, userId: user.id, username: user.username };
    },

    startSession,

    authenticate,

    /**
     * The request's session for a handler that reads it in its own first statement when this
     * process has not seen it (one round trip instead of two; see InlineSession). 423 without a
     * token; nothing is read here.
     */
    inline(token: string | null): InlineSession {
      if (!token) throw notLoggedIn();
      const tokenHash = sha256(token);
      const cached = sessions.get(tokenHash);
      const at = now();
      // Known, live and not due for its sliding extension: the caller without any database work.
      const known = cached && cached.expiresAt > at && !dueForExtension(cached, at) ? callerOf(cached, token) : null;
      return {
        known,
        authenticate: () => authenticate(token),
        async within<T>(statement: (tokenHash: string) => Promise<{ session: SessionRow | null; result: T }>) {
          let result: T | null = null;
          // `load`'s rule holds for a session read by the handler's statement too.
          const session = await sessions.load(tokenHash, async () => {
            const read = await statement(tokenHash);
            result = read.result;
            return usable(read.session);
          });
          return { caller: await accept(tokenHash, token, session), result };
        },
      };
    },

    /** Another process revoked this session: stop trusting the cached copy. */
    forgetSession(tokenHash: string) {
      sessions.delete(tokenHash);
    },

    async logout(caller: Caller) {
      await repo.revokeSession(caller.sessionId, now());
      const tokenHash = sha256(caller.token);
      sessions.delete(tokenHash);
      await sessionEvents?.publish(tokenHash);
    },

    /** Logs the person out everywhere (their account is being deleted). */
    async endAllSessions(userId: string) {
      for (const tokenHash of await repo.revokeAllSessions(userId, now())) {
        sessions.delete(tokenHash);
        await sessionEvents?.publish(tokenHash);
      }
      mobiles.delete(userId);
    },

    async mobileOf(userId: string) {
      return (
        (await mobiles.load(userId, async () => {
          const user = await repo.findUser(userId);
          return user ? pii.decrypt(user.mobileEnc) : null;
        })) ?? ''
      );
    },

    async profileOf(userId: string) {
      const user = await repo.findUser(userId);
      return user ? { username: user.username, openId: user.openId, mobile: pii.decrypt(user.mobileEnc) } : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
