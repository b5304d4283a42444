import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, wechatIdentities } from '../src/db/schema';
import { FAKE_WECHAT, startFakeWechat } from './support/fake-wechat';
import { createTestApp, type TestApp } from './support/test-app';

/** WeChat web authorisation, end to end against a local fake of WeChat's endpoints. */
let t: TestApp;
let off: TestApp;
let wx: Awaited<ReturnType<typeof startFakeWechat>>;
beforeAll(async () => {
  wx = await startFakeWechat();
  t = await createTestApp({ env: wx.env });
  off = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t.close(), off.close()]);
  await wx.close();
});

let n = 0;
const freshMobile = () => `1370077${String(1000 + n++).padStart(4, '0')}`;
const cookieOf = (setCookie: unknown) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

/** The browser's round trip: our authorise → WeChat's page → our callback. Answers where it lands. */
async function roundTrip(opts: { scope?: 'base' | 'userinfo'; referer?: string; cookie?: string; tamper?: (callback: URL) => void } = {}) {
  const start = await t.app.inject({ url: `/v1/auth/wechat/authorize?scope=${opts.scope ?? 'base'}&referer=${encodeURIComponent(opts.referer ?? '/pcheck?poiId=DEMO000001')}`, headers: opts.cookie ? { cookie: opts.cookie } : {} });
  expect(start.statusCode).toBe(302);
  const cookie = opts.cookie ?? cookieOf(start.headers['set-cookie']);
  const atWechat = await fetch(String(start.headers.location).replace('#wechat_redirect', ''), { redirect: 'manual' });
  const callback = new URL(atWechat.headers.get('location')!);
  opts.tamper?.(callback);
  const back = await t.app.inject({ url: callback.pathname + callback.search, headers: { cookie } });
  expect(back.statusCode).toBe(302);
  return { start, cookie, callback, landed: new URL(String(back.headers.location), 'http://app'), setCookie: back.headers['set-cookie'] };
}
async function smsLogin(mobile: string, extra: object = {}, cookie?: string) {
  await t.app.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: { mobile } });
  const code = t.sms.lastCodeFor(mobile)!;
  const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile, code, ...extra }, headers: cookie ? { cookie } : {} });
  return { res, code };
}

describe('WeChat login', () => {
  it('is off unless configured', async () => {
    expect((await off.app.inject({ url: '/v1/auth/wechat/config' })).json().data).toEqual({ enabled: false });
    expect((await off.app.inject({ url: '/v1/auth/wechat/authorize' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v1/auth/wechat/config' })).json().data).toEqual({ enabled: true });
  });

  it('sends the browser to WeChat with snsapi_base, an unguessable state and our callback', async () => {
    const { start, cookie } = await roundTrip();
    const to = new URL(String(start.headers.location));
    expect(to.pathname).toBe('/connect/oauth2/authorize');
    expect(String(start.headers.location).endsWith('#wechat_redirect')).toBe(true);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ appid: FAKE_WECHAT.appId, response_type: 'code', scope: 'snsapi_base' });
    expect(to.searchParams.get('redirect_uri')).toMatch(/\/v1\/auth\/wechat\/callback$/);
    expect(to.searchParams.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(cookie).toMatch(/^sq_wx=/);
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly/);
  });

  it('binds a new WeChat to the account whose mobile is proven once, then logs in with WeChat alone', async () => {
    wx.state.person = 'o_person_bind';
    const mobile = freshMobile();
    const first = await roundTrip({ referer: '/pcheck?poiId=DEMO000001&state=1' });
    expect(first.landed.pathname).toBe('/login');
    expect(first.landed.searchParams.get('referer')).toBe('/pcheck?poiId=DEMO000001&state=1');
    const ticket = first.landed.searchParams.get('wx')!;
    expect(ticket.length).toBeGreaterThanOrEqual(32);

    const { res } = await smsLogin(mobile, { wxTicket: ticket }, first.cookie);
    expect(res.json()).toMatchObject({ code: 200, data: { mobile, wantName: true } });
    const [user] = await t.database.db.select().from(users).where(eq(users.mobileHash, t.pii.hash(mobile)));
    const [bound] = await t.database.db.select().from(wechatIdentities).where(eq(wechatIdentities.userId, user!.id));
    // The openid is kept encrypted, found by its keyed hash.
    expect(bound!.openidEnc).not.toContain('o_person_bind');
    expect(t.pii.decrypt(bound!.openidEnc)).toBe('o_person_bind');

    // A name is wanted: the page goes round once more with snsapi_userinfo, and is logged in.
    wx.state.nickname = '王阿姨\u0000🌸';
    const named = await roundTrip({ scope: 'userinfo', referer: '/pcheck?poiId=DEMO000001&state=1', cookie: first.cookie });
    expect(named.landed.pathname).toBe('/pcheck');
    expect(cookieOf(named.setCookie)).toMatch(/^sq_token=.+/);
    const [renamed] = await t.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(renamed!.username).toBe('王阿姨🌸');

    // Later, WeChat alone logs in (no SMS), and the session works.
    const again = await roundTrip({ referer: '/' });
    expect(again.landed.pathname).toBe('/');
    // A logged-in round trip with a referer that smuggles another host lands on this site's home.
    for (const referer of ['/\t/evil.example', '/pcheck\r\nx: 1']) {
      const smuggled = await roundTrip({ referer });
      expect(String(smuggled.landed), JSON.stringify(referer)).toBe('http://app/');
    }
    const token = decodeURIComponent(cookieOf(again.setCookie).slice('sq_token='.length));
    const info = await t.app.inject({ method: 'POST', url: '/v1/mobile/community/userInfo', payload: { token } });
    expect(info.json().data.mobile).toBe(mobile);
  });

  it('refuses a forged, replayed or other-browser state, and a WeChat error, on the login page', async () => {
    wx.state.person = 'o_person_refused';
    for (const tamper of [(u: URL) => u.searchParams.set('state', 'forged-state-000000000000000000000')]) {
      const { landed } = await roundTrip({ tamper });
      expect(landed.searchParams.get('wxerr')).toBe('1');
    }
    // Replayed: the same callback twice.
    const once = await roundTrip();
    const replay = await t.app.inject({ url: once.callback.pathname + once.callback.search, headers: { cookie: once.cookie } });
    expect(new URL(String(replay.headers.location), 'http://app').searchParams.get('wxerr')).toBe('1');
    // Another browser (another cookie) bringing the callback.
    const start = await t.app.inject({ url: '/v1/auth/wechat/authorize' });
    const atWechat = await fetch(String(start.headers.location).replace('#wechat_redirect', ''), { redirect: 'manual' });
    const cb = new URL(atWechat.headers.get('location')!);
    const stolen = await t.app.inject({ url: cb.pathname + cb.search, headers: { cookie: 'sq_wx=someone-else' } });
    expect(new URL(String(stolen.headers.location), 'http://app').searchParams.get('wxerr')).toBe('1');
    // WeChat refuses the code.
    wx.state.failExchange = true;
    try {
      expect((await roundTrip()).landed.searchParams.get('wxerr')).toBe('1');
    } finally {
      wx.state.failExchange = false;
    }
    // An open redirect through referer is not possible.
    for (const referer of ['//evil.example/x', '/\t/evil.example', '/pcheck\r\nSet-Cookie: sq_token=x', 'https://evil.example/']) {
      const outside = await roundTrip({ referer });
      expect(outside.landed.searchParams.get('referer'), JSON.stringify(referer)).toBe('/');
    }
  });

  it('checks a ticket before the SMS code is spent, and uses it once', async () => {
    wx.state.person = 'o_person_ticket';
    const { landed, cookie } = await roundTrip();
    const ticket = landed.searchParams.get('wx')!;
    const mobile = freshMobile();
    // From another browser, or made up: refused, and the code still works afterwards.
    const wrong = await smsLogin(mobile, { wxTicket: ticket }, 'sq_wx=other');
    expect(wrong.res.json()).toEqual({ code: 400, message: '微信授权已过期，请重新点击微信登录', data: null });
    const ok = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile, code: wrong.code, wxTicket: ticket }, headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    const reused = await smsLogin(freshMobile(), { wxTicket: ticket }, cookie);
    expect(reused.res.json().message).toBe('微信授权已过期，请重新点击微信登录');
  });

  it('logs no openid, ticket, state, code or secret', () => {
    const logs = t.logs();
    for (const secret of [FAKE_WECHAT.secret, 'o_person_bind', 'o_person_ticket']) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/[?&](state|wx|code)=(?!%5Bredacted%5D)/);
  });
});
