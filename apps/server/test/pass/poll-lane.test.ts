import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The gate's poll (POST /v1/userCard/checkCodeInfo) is answered on the fast lane when it comes
 * over a connection (lib/fast-lane.ts); `inject` goes through Fastify's route only. Whatever comes,
 * both must answer the same: status, envelope and headers.
 */
const HOME = 'DEMO000001';
const PATH = '/v1/userCard/checkCodeInfo';
/** Headers that differ between any two answers (or that `inject` does not make). */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

async function startApp(env: Record<string, string> = {}) {
  const t = await createTestApp({ seed: true, env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, origin: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

const headersOf = (entries: Iterable<[string, string]>) => Object.fromEntries([...entries].filter(([k]) => !PER_ANSWER.has(k)));

async function overHttp(origin: string, body: string, headers: Record<string, string> = {}, path = PATH): Promise<Answer> {
  const res = await fetch(origin + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: await res.text(), headers: headersOf(res.headers.entries()) };
}

async function throughFastify(t: TestApp, body: string, headers: Record<string, string> = {}, path = PATH): Promise<Answer> {
  const res = await t.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/json', ...headers }, payload: body });
  return { status: res.statusCode, body: res.body, headers: headersOf(Object.entries(res.headers).map(([k, v]) => [k, String(v)])) };
}

const accessLines = (t: TestApp) =>
  t
    .logs()
    .split('\n')
    .filter((l) => l.includes('"msg":"request"'))
    .map((l) => JSON.parse(l) as { reqId: string; req: { method: string; url: string; remoteAddress: string }; res: { statusCode: number } });

describe('the gate poll over a connection (the fast lane) and through the route', () => {
  let t: TestApp;
  let origin: string;
  let token: string;
  let code: string;
  beforeAll(async () => {
    ({ t, origin } = await startApp());
    token = await t.login('13800000004');
    const pass = await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token } });
    code = pass.json().data.userCard.code;
  });
  afterAll(() => t.close());

  it('answers a waiting resident with the same bytes and headers, and one access line without the token or code', async () => {
    const body = JSON.stringify({ token, poiId: HOME, code });
    const before = accessLines(t).length;
    const answered = t.app.fastLane.answered;
    const lane = await overHttp(origin, body, { 'x-request-id': 'gate-"poll"-1' });
    expect(t.app.fastLane.answered).toBe(answered + 1);
    const route = await throughFastify(t, body);
    expect(t.app.fastLane.answered).toBe(answered + 1);
    expect(lane.status).toBe(200);
    expect(JSON.parse(lane.body)).toMatchObject({ code: 200, message: 'ok', data: { codeInfo: { isUse: 0, pass: 1, usedAt: null, expired: false }, userCard: { name: '陈明' } } });
    expect(lane).toEqual(route);
    expect(lane.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    expect(lane.headers['strict-transport-security']).toBeUndefined();

    const lines = accessLines(t).slice(before);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ reqId: 'gate-"poll"-1', req: { method: 'POST', url: PATH, remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
    expect(t.logs()).not.toContain(token);
    expect(t.logs()).not.toContain(code);
  });

  it('answers the page-load check (POST /v1/mobile/community/userInfo) on the lane too, the same as its route', async () => {
    const answered = t.app.fastLane.answered;
    const body = JSON.stringify({ token });
    const lane = await overHttp(origin, body, {}, '/v1/mobile/community/userInfo');
    expect(t.app.fastLane.answered).toBe(answered + 1);
    expect(JSON.parse(lane.body)).toMatchObject({ code: 200, data: { community: HOME, token, mobile: '13800000004' } });
    expect(lane).toEqual(await throughFastify(t, body, {}, '/v1/mobile/community/userInfo'));
    // Logged out: the route's 423, not the lane's.
    const loggedOut = await overHttp(origin, '{}', {}, '/v1/mobile/community/userInfo');
    expect(loggedOut).toEqual(await throughFastify(t, '{}', {}, '/v1/mobile/community/userInfo'));
    expect(JSON.parse(loggedOut.body)).toMatchObject({ code: 423 });
    expect(t.app.fastLane.answered).toBe(answered + 1);
  });

  it('reads the token from the headers as the route does, and numbers requests in one sequence with Fastify', async () => {
    const body = JSON.stringify({ poiId: HOME, code });
    const before = accessLines(t).length;
    const answered = t.app.fastLane.answered;
    // As native shells send it: the token in a header, the type with its charset.
    for (const headers of [{ token, 'content-type': 'application/json; charset=UTF-8' }, { authorization: `Bearer ${token}` }] as Record<string, string>[]) {
      const lane = await overHttp(origin, body, headers);
      expect(lane.status).toBe(200);
      expect(lane).toEqual(await throughFastify(t, body, headers));
    }
    expect(t.app.fastLane.answered).toBe(answered + 2);
    const ids = accessLines(t)
      .slice(before)
      .map((l) => Number.parseInt(l.reqId.replace('req-', ''), 36));
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  });

  it('gives every other request back to the route, which answers it as it always does', async () => {
    const cases: [string, string, Record<string, string>?, string?][] = [
      ['logged out', JSON.stringify({ poiId: HOME, code })],
      ['an unknown session', JSON.stringify({ token: 'x'.repeat(43), poiId: HOME, code })],
      ['another person’s code', JSON.stringify({ token, poiId: HOME, code: `${code.slice(0, -4)}AAAA` })],
      ['an empty code', JSON.stringify({ token, poiId: HOME, code: ' ' })],
      ['no community', JSON.stringify({ token, code })],
      ['a control character', JSON.stringify({ token, poiId: HOME, code: `${code}\u0000` })],
      ['a body that is not JSON', `{"token":"${token}",`],
      ['a JSON array', JSON.stringify([token, HOME, code])],
      ['a poisoned body', `{"token":"${token}","poiId":"${HOME}","code":"${code}","__proto__":{"isUse":1}}`],
      ['a body nested too deep', JSON.stringify({ token, poiId: HOME, code, x: [[[[[[[[[[1]]]]]]]]]] })],
      ['a body over the limit', JSON.stringify({ token, poiId: HOME, code, pad: 'x'.repeat(70 * 1024) })],
      ['a form post', new URLSearchParams({ token, poiId: HOME, code }).toString(), { 'content-type': 'application/x-www-form-urlencoded' }],
      ['JSON in another charset', JSON.stringify({ token, poiId: HOME, code }), { 'content-type': 'application/json; charset=latin1' }],
      ['a query string', JSON.stringify({ token, poiId: HOME, code }), {}, `${PATH}?x=1`],
      ['a poisoned key written with escapes', `{"token":"${token}","poiId":"${HOME}","code":"${code}","\\u005f_proto__":{"isUse":1}}`],
    ];
    const answered = t.app.fastLane.answered;
    for (const [what, body, headers, path] of cases) {
      const lane = await overHttp(origin, body, headers, path);
      const route = await throughFastify(t, body, headers, path);
      expect(lane, what).toEqual(route);
    }
    expect(t.app.fastLane.answered).toBe(answered);
    // Those that read no session or code are refused with the route's own messages.
    const [loggedOut, unknown, others, empty, , control, notJson, , poisoned, deep, large, form] = await Promise.all(
      cases.map(([, body, headers, path]) => overHttp(origin, body, headers, path)),
    );
    expect(JSON.parse(loggedOut!.body)).toMatchObject({ code: 423 });
    expect(JSON.parse(unknown!.body)).toMatchObject({ code: 424 });
    expect(JSON.parse(others!.body)).toEqual({ code: 404, message: '通行码无效', data: null });
    expect(JSON.parse(empty!.body)).toEqual({ code: 400, message: '通行码无效', data: null });
    expect(control!.status).toBe(400);
    expect(notJson!.status).toBe(400);
    expect(poisoned!.status).toBe(400);
    expect(JSON.parse(deep!.body).code).toBe(400);
    expect(large!.status).toBe(413);
    expect(JSON.parse(form!.body)).toMatchObject({ code: 200, data: { codeInfo: { isUse: 0 } } });
  });
});

describe('the gate poll behind a trusted proxy', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => ({ t, origin } = await startApp({ TRUST_PROXY: 'true' })));
  afterAll(() => t.close());

  it('sends HSTS over https and logs the client’s address, as the route does', async () => {
    const token = await t.login('13800000004');
    const pass = await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=2`, headers: { token } });
    const body = JSON.stringify({ token, poiId: HOME, code: pass.json().data.userCard.code });
    const proxied = { 'x-forwarded-proto': 'http, https', 'x-forwarded-for': '203.0.113.7, 10.0.0.2' };
    const before = accessLines(t).length;
    const lane = await overHttp(origin, body, proxied);
    expect(t.app.fastLane.answered).toBe(1);
    expect(lane.status).toBe(200);
    expect(lane.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(lane).toEqual(await throughFastify(t, body, proxied));
    expect(accessLines(t).slice(before)[0]!.req.remoteAddress).toBe('203.0.113.7');
  });
});
