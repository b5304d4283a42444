import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginTooSoon, MSG_LOGIN_LOCKED } from '@sq/contract/auth/login';
import { smsTooSoon } from '@sq/contract/auth/send-sms-code';
import { Msg } from '@sq/contract/messages';
import {
  LOGIN_FAILURES_PER_IP_PER_DAY,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_SECONDS,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_MAX_PER_IP_PER_HOUR,
  SMS_RESEND_SECONDS,
} from '@sq/contract/rules';
import { loginFailures } from '../src/db/schema';
import { tableDump } from './support/table-dump';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A mobile no other test in this file uses, so rate limits do not leak between tests. */
const freshMobile = () => `1370000${String(1000 + n++).padStart(4, '0')}`;
const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });

describe('SMS code login', () => {
  it('logs in with the texted code and answers token, openId and the mobile', async () => {
    const mobile = freshMobile();
    const sent = await post('/v1/auth/smsCode', { mobile });
    expect(sent.json()).toMatchObject({ code: 200, data: { resendAfter: SMS_RESEND_SECONDS } });
    expect(sent.json().data.devCode).toBeUndefined();
    const code = t.sms.lastCodeFor(mobile)!;
    expect(code).toMatch(/^\d{6}$/);

    const res = await post('/v1/auth/login', { mobile, code });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.mobile).toBe(mobile);
    expect(data.openId).toMatch(/^u_/);
    expect(data.token.length).toBeGreaterThanOrEqual(43);
  });

  it('gives the same person the same openId on the next login', async () => {
    const mobile = freshMobile();
    const info = async (token: string) => (await post('/v1/mobile/community/userInfo', { token })).json().data;
    const first = await info(await t.login(mobile));
    t.clock.advance(SMS_RESEND_SECONDS * 1000);
    const second = await info(await t.login(mobile));
    expect(second.openId).toBe(first.openId);
    expect(second.token).not.toBe(first.token);
  });

  it('refuses a bad mobile with the spec message and sends nothing', async () => {
    const before = t.sms.sent.length;
    for (const mobile of ['123', '12800000000', '1380000000a']) {
      const res = await post('/v1/auth/smsCode', { mobile });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, message: '请输入正确的手机号', data: null });
    }
    // Nothing typed is a different thing to fix.
    for (const payload of [{ mobile: '' }, { mobile: ' ' }, {}]) {
      expect((await post('/v1/auth/smsCode', payload)).json()).toEqual({ code: 400, message: '请输入手机号', data: null });
    }
    expect(t.sms.sent.length).toBe(before);
  });

  it('uses a code once only', async () => {
    const mobile = freshMobile();
    await post('/v1/auth/smsCode', { mobile });
    const code = t.sms.lastCodeFor(mobile)!;
    expect((await post('/v1/auth/login', { mobile, code })).statusCode).toBe(200);
    const again = await post('/v1/auth/login', { mobile, code });
    expect(again.json()).toMatchObject({ code: 400, message: '验证码错误或已失效，请核对或重新获取' });
  });

  it('burns the code after five wrong tries', async () => {
    const mobile = freshMobile();
    await post('/v1/auth/smsCode', { mobile });
    const code = t.sms.lastCodeFor(mobile)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) messages.push((await post('/v1/auth/login', { mobile, code: wrong }, {}, '10.0.1.1')).json().message);
    expect(new Set(messages)).toEqual(new Set(['验证码错误或已失效，请核对或重新获取']));
    // Burnt for everyone: the right code from another address is refused too.
    expect((await post('/v1/auth/login', { mobile, code }, {}, '10.0.1.9')).json().message).toBe('验证码错误或已失效，请核对或重新获取');
  });

  it('answers a wrong code and a code never sent alike, so nobody learns that a code was sent', async () => {
    const sentTo = freshMobile();
    await post('/v1/auth/smsCode', { mobile: sentTo });
    const wrong = t.sms.lastCodeFor(sentTo) === '000000' ? '111111' : '000000';
    const guessed = await post('/v1/auth/login', { mobile: sentTo, code: wrong }, {}, '10.0.1.2');
    const neverSent = await post('/v1/auth/login', { mobile: freshMobile(), code: wrong }, {}, '10.0.1.2');
    expect(guessed.statusCode).toBe(neverSent.statusCode);
    expect(guessed.json()).toEqual(neverSent.json());
    expect(guessed.json()).toEqual({ code: 400, message: '验证码错误或已失效，请核对或重新获取', data: null });
  });

  it('never locks the owner out of their account: wrong codes sent by someone else slow only the sender', async () => {
    const wrongFor = (mobile: string) => (t.sms.lastCodeFor(mobile) === '000000' ? '111111' : '000000');
    // The attack of the outside check: five wrong codes, a wait of 61 s, five more (twelve requests).
    const victim = freshMobile();
    const attacker = '10.0.3.1';
    for (let round = 0; round < 2; round++) {
      await post('/v1/auth/smsCode', { mobile: victim }, {}, attacker);
      for (let i = 0; i < SMS_CODE_MAX_TRIES; i++) {
        t.clock.advance(LOGIN_MAX_DELAY_SECONDS * 1000); // the attacker is patient: never slowed here
        expect((await post('/v1/auth/login', { mobile: victim, code: wrongFor(victim) }, {}, attacker)).statusCode).toBe(400);
      }
      t.clock.advance((SMS_RESEND_SECONDS + 1) * 1000);
    }
    // The owner asks for a code on their own phone and logs in with it.
    await post('/v1/auth/smsCode', { mobile: victim }, {}, '10.0.4.1');
    expect((await post('/v1/auth/login', { mobile: victim, code: t.sms.lastCodeFor(victim)! }, {}, '10.0.4.1')).statusCode).toBe(200);
    // Even the duty staff's gate phone behind the attacker's own address is not locked out for a day.
    t.clock.advance((SMS_RESEND_SECONDS + 1) * 1000);
    await post('/v1/auth/smsCode', { mobile: victim }, {}, '10.0.4.2');
    expect((await post('/v1/auth/login', { mobile: victim, code: t.sms.lastCodeFor(victim)! }, {}, attacker)).statusCode).toBe(200);
  });

  it('slows a guessing address down, twice as long after each failure, and stops it for the day after 50', async () => {
    const prober = '10.0.5.1';
    const guess = () => post('/v1/auth/login', { mobile: freshMobile(), code: '123456' }, {}, prober);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect((await guess()).statusCode).toBe(400);
    // The sixth try at once waits 2 s, said in the message and in Retry-After; nothing is counted.
    const soon = await guess();
    expect(soon.json()).toEqual({ code: 429, message: loginTooSoon(2), data: null });
    expect(soon.headers['retry-after']).toBe('2');
    t.clock.advance(2_000);
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).json().message).toBe(loginTooSoon(4));
    t.clock.advance(4_000);
    expect((await guess()).statusCode).toBe(400);
    expect((await guess()).json().message).toBe(loginTooSoon(8));
    // Another address is not slowed.
    const owner = freshMobile();
    await post('/v1/auth/smsCode', { mobile: owner }, {}, '10.0.6.1');
    expect((await post('/v1/auth/login', { mobile: owner, code: t.sms.lastCodeFor(owner)! }, {}, '10.0.6.1')).statusCode).toBe(200);
    // Fifty failures in a day stop the address until the day is over.
    let failures = LOGIN_FREE_FAILURES + 2;
    while (failures < LOGIN_FAILURES_PER_IP_PER_DAY) {
      t.clock.advance(LOGIN_MAX_DELAY_SECONDS * 1000);
      expect((await guess()).statusCode).toBe(400);
      failures++;
    }
    t.clock.advance(LOGIN_MAX_DELAY_SECONDS * 1000);
    expect((await guess()).json()).toEqual({ code: 429, message: MSG_LOGIN_LOCKED, data: null });
    t.clock.advance(24 * 3600 * 1000);
    expect((await guess()).statusCode).toBe(400);
  });

  it('expires a code after ten minutes', async () => {
    const mobile = freshMobile();
    await post('/v1/auth/smsCode', { mobile });
    t.clock.advance(SMS_CODE_TTL_SECONDS * 1000 + 1);
    const res = await post('/v1/auth/login', { mobile, code: t.sms.lastCodeFor(mobile)! });
    expect(res.json()).toMatchObject({ code: 400, message: '验证码错误或已失效，请核对或重新获取' });
  });

  it('limits resends per mobile to one a minute', async () => {
    const mobile = freshMobile();
    expect((await post('/v1/auth/smsCode', { mobile })).statusCode).toBe(200);
    t.clock.advance(20_000);
    const soon = await post('/v1/auth/smsCode', { mobile });
    // How long to wait, in the message and for API clients in Retry-After.
    expect(soon.json()).toEqual({ code: 429, message: `验证码发送过于频繁，请${SMS_RESEND_SECONDS - 20}秒后再试`, data: null });
    expect(soon.headers['retry-after']).toBe(String(SMS_RESEND_SECONDS - 20));
    t.clock.advance((SMS_RESEND_SECONDS - 20) * 1000);
    expect((await post('/v1/auth/smsCode', { mobile })).statusCode).toBe(200);
  });

  it('limits codes per address, whatever the mobile', async () => {
    const ip = '10.9.9.9';
    let status = 200;
    let sent = 0;
    while (status === 200 && sent < 100) {
      status = (await post('/v1/auth/smsCode', { mobile: freshMobile() }, {}, ip)).statusCode;
      if (status === 200) sent++;
    }
    expect(status).toBe(429);
    expect(sent).toBe(30);
    expect((await post('/v1/auth/smsCode', { mobile: freshMobile() }, {}, '10.9.9.8')).statusCode).toBe(200);
  });

  it('does not count an undelivered code against the user', async () => {
    const mobile = freshMobile();
    t.sms.failNext = true;
    const failed = await post('/v1/auth/smsCode', { mobile });
    expect(failed.json()).toMatchObject({ code: 503, message: '短信发送失败，请稍后再试' });
    expect((await post('/v1/auth/smsCode', { mobile })).statusCode).toBe(200);
  });
});

describe('the SMS and login limits under parallel requests', () => {
  const sentTo = (mobiles: string[]) => t.sms.sent.filter((s) => mobiles.includes(s.mobile)).length;
  const answers = (all: { statusCode: number; json: () => { message: string } }[]) => ({
    ok: all.filter((r) => r.statusCode === 200).length,
    refused: all.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.json().message}`),
  });

  it('texts one code of thirty asked for one mobile at once', async () => {
    const mobile = freshMobile();
    const { ok, refused } = answers(await Promise.all(Array.from({ length: 30 }, () => post('/v1/auth/smsCode', { mobile }, {}, '10.7.0.1'))));
    expect(ok).toBe(1);
    expect(refused).toEqual(Array(29).fill(`429 ${smsTooSoon(SMS_RESEND_SECONDS)}`));
    expect(sentTo([mobile])).toBe(1);
  });

  it('texts thirty codes of sixty asked from one address at once', async () => {
    const mobiles = Array.from({ length: 60 }, freshMobile);
    const { ok, refused } = answers(await Promise.all(mobiles.map((mobile) => post('/v1/auth/smsCode', { mobile }, {}, '10.7.0.2'))));
    expect(ok).toBe(SMS_MAX_PER_IP_PER_HOUR);
    expect(refused).toEqual(Array(60 - SMS_MAX_PER_IP_PER_HOUR).fill(`429 ${Msg.tooManyRequests}`));
    expect(sentTo(mobiles)).toBe(SMS_MAX_PER_IP_PER_HOUR);
  });

  it('lets five of sixty wrong codes sent at once from one address through, and slows the rest', async () => {
    const ip = '10.7.0.3';
    const all = await Promise.all(Array.from({ length: 60 }, () => post('/v1/auth/login', { mobile: freshMobile(), code: '123456' }, {}, ip)));
    const { ok, refused } = answers(all);
    expect(ok).toBe(0);
    expect(refused.filter((r) => r === '400 验证码错误或已失效，请核对或重新获取')).toHaveLength(LOGIN_FREE_FAILURES);
    expect(refused.filter((r) => r === `429 ${loginTooSoon(2)}`)).toHaveLength(60 - LOGIN_FREE_FAILURES);
    const [failures] = await t.database.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.ipHash, t.pii.hash(`ip:${ip}`)));
    expect(failures!.n).toBe(LOGIN_FREE_FAILURES);
  });

  it('counts nothing against an address whose people log in at once with the right codes', async () => {
    const ip = '10.7.0.4';
    const mobiles = Array.from({ length: LOGIN_FREE_FAILURES - 1 }, freshMobile);
    for (const mobile of mobiles) await post('/v1/auth/smsCode', { mobile }, {}, ip);
    const all = await Promise.all(mobiles.map((mobile) => post('/v1/auth/login', { mobile, code: t.sms.lastCodeFor(mobile)! }, {}, ip)));
    expect(all.map((r) => r.statusCode)).toEqual(mobiles.map(() => 200));
    const [failures] = await t.database.db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.ipHash, t.pii.hash(`ip:${ip}`)));
    expect(failures!.n).toBe(0);
  });
});

describe('sessions', () => {
  it('answers 423 without a token and 424 for an unknown one', async () => {
    expect((await post('/v1/mobile/community/userInfo', {})).json()).toEqual({ code: 423, message: '请先登录', data: null });
    const res = await post('/v1/mobile/community/userInfo', { token: 'not-a-real-token' });
    expect(res.statusCode).toBe(424);
    expect(res.json().message).toBe('登录已失效，请重新登录');
  });

  it('accepts the token in the body, the token header or a bearer header', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    for (const res of [
      await post('/v1/mobile/community/userInfo', { token }),
      await post('/v1/mobile/community/userInfo', {}, { token }),
      await post('/v1/mobile/community/userInfo', {}, { authorization: `Bearer ${token}` }),
    ]) {
      expect(res.json()).toMatchObject({ code: 200, data: { token, mobile, community: '', moveTime: 0 } });
    }
  });

  it('asks for login before judging the form of a logged-out request', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', payload: 'not json', headers: { 'content-type': 'application/json' } });
    // Unparseable JSON is refused while reading the body, before any route logic.
    expect(res.json()).toEqual({ code: 400, message: '请求内容格式不正确', data: null });
    expect((await post('/v1/auth/logout', { unexpected: 1 })).statusCode).toBe(423);
  });

  it('revokes the token on logout', async () => {
    const token = await t.login(freshMobile());
    const out = await post('/v1/auth/logout', { token });
    expect(out.json()).toEqual({ code: 200, message: 'ok', data: null });
    // Ended on both paths it travels to (the start-up check and the photos).
    expect(out.headers['set-cookie']).toEqual([expect.stringMatching(/Path=\/v1\/mobile\/community\/userInfo; Max-Age=0/), expect.stringMatching(/Path=\/v1\/images; Max-Age=0/)]);
    expect((await post('/v1/mobile/community/userInfo', { token })).statusCode).toBe(424);
  });

  it('expires an unused session after its lifetime and slides one in use', async () => {
    const ttl = t.config.SESSION_TTL_DAYS * 86_400_000;
    const idle = await t.login(freshMobile());
    const busy = await t.login(freshMobile());
    t.clock.advance(ttl * 0.75);
    expect((await post('/v1/mobile/community/userInfo', { token: busy })).statusCode).toBe(200);
    t.clock.advance(ttl * 0.5);
    expect((await post('/v1/mobile/community/userInfo', { token: idle })).statusCode).toBe(424);
    expect((await post('/v1/mobile/community/userInfo', { token: busy })).statusCode).toBe(200);
  });

  it('hands the session to a page through the login cookie and GET userInfo?ckdata=1', async () => {
    const mobile = freshMobile();
    await post('/v1/auth/smsCode', { mobile });
    const res = await post('/v1/auth/login', { mobile, code: t.sms.lastCodeFor(mobile)! });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/v1\/mobile\/community\/userInfo/);
    const check = await t.app.inject({ method: 'GET', url: '/v1/mobile/community/userInfo?ckdata=1', headers: { cookie: cookie.split(';')[0]! } });
    expect(check.json()).toMatchObject({ code: 200, data: { token: res.json().data.token, mobile } });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/mobile/community/userInfo?ckdata=1' });
    expect(anonymous.statusCode).toBe(423);
  });
});

describe('privacy of logs', () => {
  it('never writes a mobile number or a token into the log', async () => {
    const mobile = freshMobile();
    const token = await t.login(mobile);
    await t.app.inject({ method: 'GET', url: `/v1/mobile/community/userInfo?ckdata=1&token=${token}&mobile=${mobile}`, headers: { token } });
    await post('/v1/mobile/community/userInfo', { token, mobile });
    const logs = t.logs();
    expect(logs).toContain('/v1/mobile/community/userInfo');
    expect(logs).not.toContain(mobile);
    expect(logs).not.toContain(token);
  });

  it('stores the mobile only encrypted', async () => {
    const mobile = freshMobile();
    await t.login(mobile);
    const dump = await tableDump(t.database.db, ['users', 'sms_codes', 'sessions']);
    expect(dump).toContain('mobile_enc');
    expect(dump).not.toContain(mobile);
  });
});
