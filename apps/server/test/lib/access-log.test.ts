import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const lines = () =>
  t
    .logs()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; reqId?: string; req?: { url: string }; res?: { statusCode: number }; responseTime?: number });

describe('access log', () => {
  it('writes one line per request, when answered, with its status and time and no secret', async () => {
    const token = await t.login('13800000004');
    const before = lines().length;
    const res = await t.app.inject({ method: 'GET', url: '/v1/userCard/my?poiId=DEMO000001&pass=1&mobile=13800000004', headers: { token, 'x-request-id': 'req-under-test' } });
    expect(res.statusCode).toBe(200);
    const mine = lines().slice(before).filter((l) => l.reqId === 'req-under-test');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', res: { statusCode: 200 } });
    expect(mine[0]!.req!.url).toContain('mobile=%5Bredacted%5D');
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(t.logs()).not.toContain(token);
    expect(t.logs()).not.toContain('13800000004');
    expect(t.logs()).not.toContain('incoming request');
  });
});
