import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the envelope on every answer', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/v1/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: '请求的资源不存在', data: null });
    }
  });

  it('refuses broken JSON, a wrong content type and an oversized body in Chinese, never with a 500', async () => {
    const cases = [
      { payload: '{"mobile":', headers: { 'content-type': 'application/json' }, code: 400, message: '请求内容格式不正确' },
      { payload: '<mobile>13800000000</mobile>', headers: { 'content-type': 'application/xml' }, code: 400, message: '不支持的请求格式' },
      { payload: 'mobile=13800000000', headers: { 'content-type': 'text/plain' }, code: 400, message: '请求参数不正确' },
      { payload: JSON.stringify({ mobile: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' }, code: 413, message: '提交的内容过大' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/smsCode', payload: c.payload, headers: c.headers });
      expect(res.statusCode).toBe(c.code);
      expect(res.json()).toEqual({ code: c.code, message: c.message, data: null });
    }
  });

  it('refuses bodies larger or deeper than any real form before parsing them', async () => {
    const post = (payload: string, url = '/v1/auth/smsCode', type = 'application/json') =>
      t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
    // What a probe sent without logging in: 781 KiB of nested arrays. Larger than any form: 413.
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect((await post(nested(400_000))).json()).toEqual({ code: 413, message: '提交的内容过大', data: null });
    expect((await post('x='.concat('y'.repeat(70 * 1024)), '/v1/auth/smsCode', 'application/x-www-form-urlencoded')).statusCode).toBe(413);
    // Small but deep: refused by its depth, with the field that carries it or on its own.
    for (const payload of [nested(1000), `{"mobile":"13700009996","x":${nested(9)}}`]) {
      expect((await post(payload)).json()).toEqual({ code: 400, message: '请求内容层级过深', data: null });
    }
    // Brackets inside strings are text, and the deepest real body (object → array) passes.
    const ok = await post(JSON.stringify({ mobile: '13700009996', note: '[[[[[[[[[[[[' }));
    expect(ok.json()).toMatchObject({ code: 200 });
    const poll = await post(JSON.stringify({ token: 'x', title: '[[[[', options: ['a', 'b'] }), '/v1/polls');
    expect(poll.json().message).not.toBe('请求内容层级过深');
  });

  it('accepts form posts, as exports and old shells send them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/smsCode',
      payload: 'mobile=13700009999',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.json()).toMatchObject({ code: 200 });
  });

  it('answers a field of the wrong type with that field’s own message, first failing rule first', async () => {
    const wrongType = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile: '13700009998', code: ['1'] } });
    expect(wrongType.json()).toEqual({ code: 400, message: '请输入验证码', data: null });
    const both = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { mobile: 5, code: 'abc' } });
    expect(both.json().message).toBe('请输入正确的手机号');
  });

  it('refuses prototype-polluting keys with a 400 and pollutes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/smsCode',
      payload: '{"mobile":"13700009997","__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toEqual({ code: 400, message: '请求内容格式不正确', data: null });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('operations', () => {
  it('answers /healthz with the database kind and the server clock', async () => {
    // The app's clock (the test's, frozen), not the machine's: the one pass codes are made on.
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ code: 200, message: 'ok', data: { database: t.database.kind, serverTime: t.clock.now().getTime() } });
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/auth/smsCode', '/v1/auth/login', '/v1/auth/logout', '/v1/mobile/community/userInfo', '/healthz']));
    const login = doc.paths['/v1/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['mobile', 'code']);
    expect((await t.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
  });

  it('sends pages a CSP that only trusts this origin for scripts, and the isolation headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends HSTS only over https (directly or as a trusted proxy says), never over plain http', async () => {
    expect((await t.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a forwarded header is anyone's to send, so it changes nothing.
    expect((await t.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const res = await proxied.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect((await proxied.app.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('keeps JSON answers out of caches and other sites, errors included', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'POST', url: '/v1/userCard/checkCodeInfo', payload: {} }),
      await t.app.inject({ method: 'GET', url: '/v1/no-such-endpoint' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('lets other sites load the poll embed kit (docs/embedding.md)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/embed/poll.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
