import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for WeChat's web authorisation: the authorise page "consents" at once as
 * whoever `person` is and sends the browser back with a code; the API turns codes into openids.
 */
export async function startFakeWechat() {
  const codes = new Map<string, { openid: string; scope: string }>();
  const state = {
    person: 'o_fake_person_1',
    nickname: '微信昵称',
    failExchange: false,
    seen: [] as URL[],
    /** Subscription notices received (message/subscribe/bizsend bodies). */
    notices: [] as { touser: string; template_id: string; page?: string; data: Record<string, { value: string }> }[],
    /** The errcode the next notice is answered with (43101: the person has not subscribed). */
    refuseNext: 0,
  };
  let n = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://fake');
    state.seen.push(url);
    const json = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/connect/oauth2/authorize') {
      const code = `code${++n}`;
      codes.set(code, { openid: state.person, scope: url.searchParams.get('scope')! });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const found = codes.get(url.searchParams.get('code') ?? '');
      codes.delete(url.searchParams.get('code') ?? '');
      if (state.failExchange || !found || url.searchParams.get('secret') !== FAKE_WECHAT.secret) return json({ errcode: 40029, errmsg: 'invalid code' });
      return json({ access_token: `at-${found.openid}`, expires_in: 7200, refresh_token: 'r', openid: found.openid, scope: found.scope });
    }
    if (url.pathname === '/sns/userinfo') return json({ openid: url.searchParams.get('openid'), nickname: state.nickname });
    if (url.pathname === '/cgi-bin/token') {
      if (url.searchParams.get('secret') !== FAKE_WECHAT.secret) return json({ errcode: 40001, errmsg: 'invalid credential' });
      return json({ access_token: 'fake-access-token', expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/message/subscribe/bizsend') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (url.searchParams.get('access_token') !== 'fake-access-token') return json({ errcode: 40001, errmsg: 'invalid credential' });
        if (state.refuseNext) {
          const errcode = state.refuseNext;
          state.refuseNext = 0;
          return json({ errcode, errmsg: 'refused' });
        }
        state.notices.push(JSON.parse(body) as (typeof state.notices)[number]);
        json({ errcode: 0, errmsg: 'ok' });
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    env: { WECHAT_APP_ID: FAKE_WECHAT.appId, WECHAT_APP_SECRET: FAKE_WECHAT.secret, WECHAT_API_BASE_URL: url, WECHAT_OPEN_BASE_URL: url },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const FAKE_WECHAT = { appId: 'wx0123456789abcdef', secret: '0123456789abcdef0123456789abcdef' };
