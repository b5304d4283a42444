import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg } from '@sq/contract/messages';
import { poster } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const HOME = 'DEMO000001';
const PATH = '/v1/userCard/checkCodeInfo';
let t: TestApp;
let origin: string;
let resident: string;
let duty: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [resident, duty] = [await t.login('13800000004'), await t.login('13800000003')];
});
afterAll(() => t.close());

const currentCode = async () => (await t.app.inject({ method: 'GET', url: `/v1/userCard/my?poiId=${HOME}&pass=1`, headers: { token: resident } })).json().data.userCard.code as string;
/** Over the network, as a phone sends it (the server's own http handler, where the lane sits). */
const overHttp = (body: string, type = 'application/json') => fetch(origin + PATH, { method: 'POST', headers: { 'content-type': type }, body });
/** Through Fastify's routing only (inject never reaches the http server). */
const throughApp = (payload: object) => t.app.inject({ method: 'POST', url: PATH, payload });
const SAME_HEADERS = ['content-type', 'cache-control', 'x-content-type-options', 'cross-origin-resource-policy'];

describe('the gate’s poll answered before Fastify’s routing', () => {
  it('answers a waiting resident as the route does, with one access-log line and no secret in it', async () => {
    const code = await currentCode();
    const before = t.logs().length;
    const lane = await overHttp(JSON.stringify({ token: resident, poiId: HOME, code }));
    const app = await throughApp({ token: resident, poiId: HOME, code });
    expect(lane.status).toBe(200);
    expect(await lane.json()).toEqual(app.json());
    for (const h of SAME_HEADERS) expect(lane.headers.get(h), h).toBe(String(app.headers[h]));
    const lines = t.logs().slice(before).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const taken = lines.filter((l) => String(l.reqId).startsWith('gate-'));
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ level: 30, msg: 'request', req: { method: 'POST', url: PATH, remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
    expect(t.logs().slice(before)).not.toContain(resident);
    expect(t.logs().slice(before)).not.toContain(code);
  });

  it('hands every refusal to the app: no session, a bad session, bad input, control characters, an unknown code', async () => {
    const code = await currentCode();
    const cases: [object | string, object][] = [
      [{ poiId: HOME, code }, { token: undefined, poiId: HOME, code }],
      [{ token: 'not-a-session', poiId: HOME, code }, { token: 'not-a-session', poiId: HOME, code }],
      [{ token: resident, poiId: HOME }, { token: resident, poiId: HOME }],
      [{ token: resident, poiId: HOME, code: 'A'.repeat(30) }, { token: resident, poiId: HOME, code: 'A'.repeat(30) }],
      [{ token: resident, poiId: HOME, code: 'ab\u0000cd' }, { token: resident, poiId: HOME, code: 'ab\u0000cd' }],
    ];
    for (const [sent, same] of cases) {
      const lane = await overHttp(typeof sent === 'string' ? sent : JSON.stringify(sent));
      const app = await throughApp(same);
      expect(lane.status, JSON.stringify(sent)).toBe(app.statusCode);
      expect(await lane.json()).toEqual(app.json());
    }
    expect(((await (await overHttp(JSON.stringify({ token: resident, poiId: HOME, code: 'ab\u0000cd' }))).json()) as { message: string }).message).toBe(Msg.controlCharacter);
    // Not JSON at all, and a form post (which the lane leaves to the app).
    expect((await overHttp('{"token":')).status).toBe(400);
    const form = await overHttp(new URLSearchParams({ token: resident, poiId: HOME, code }).toString(), 'application/x-www-form-urlencoded');
    expect(form.status).toBe(200);
  });

  it('tells the page once its code was scanned', async () => {
    const code = await currentCode();
    expect((await poster(t)('/v1/userCard/userInfo', duty, { poiId: HOME, code })).body.code).toBe(200);
    const lane = await overHttp(JSON.stringify({ token: resident, poiId: HOME, code }));
    expect(((await lane.json()) as { data: { codeInfo: object } }).data.codeInfo).toMatchObject({ isUse: 1, pass: 1 });
  });
});
