import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableDump } from './support/table-dump';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Every endpoint of the OpenAPI document is fed generated bad requests – wrong types, missing and
 * extra fields, huge strings, odd Unicode, `__proto__` keys, wrong content types, broken JSON –
 * as a logged-in resident, so requests pass authentication and reach validation and the rules.
 * None may answer 5xx, every answer is the envelope, and nothing is written.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const WRITABLE = ['registrations', 'entry_logs', 'pass_codes', 'staff', 'community_admins', 'user_communities', 'info_entries', 'info_submissions', 'polls', 'poll_options', 'poll_ballots', 'poll_votes', 'audit_log'];
const HAS_CHINESE = /[\u4e00-\u9fff]/;

let t: TestApp;
let token: string;
let routes: { method: 'GET' | 'POST'; url: string }[];
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  token = await t.login('13800000004');
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => m === 'get' || m === 'post')
      // Path parameters get a value that exists nowhere.
      .map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') })),
  );
});
afterAll(() => t.close());

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '请选择', '\u0000', '\u202e', '😀'.repeat(40), 'x'.repeat(100_000), "'; drop table users; --", '%_%', '../../etc/passwd', '13800000004'),
);
const oddValue = fc.oneof(oddString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(oddString, { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const fieldNames = fc.constantFrom('poiId', 'id', 'code', 'mobile', 'name', 'card', 'owner', 'status', 'page', 'keyword', 'options', 'title', 'end_time', 'type', 'lng', 'lat', 'openId', '_id', 'level', 'export', 'whole', 'constructor', 'toString');
const oddBody = fc.oneof(
  fc.dictionary(fieldNames, oddValue, { maxKeys: 6 }),
  fc.anything({ maxDepth: 2 }),
  fc.dictionary(fieldNames, oddValue, { maxKeys: 4 }).map((o) => ({ ...o, poiId: 'DEMO000001' })),
);
const rawPayload = fc.oneof(
  fc.constant('{"poiId":'),
  fc.constant('{"__proto__":{"polluted":1},"poiId":"DEMO000001"}'),
  fc.constant('[1,2,3]'),
  fc.constant('null'),
  fc.string().map((s) => `{${s}`),
);

/** Any generated value as form or query text (objects as JSON; some cannot be turned into text at all). */
function text(v: unknown): string {
  try {
    return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  } catch {
    return '';
  }
}

function expectEnvelope(res: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) {
  expect(res.statusCode, what).toBeLessThan(500);
  if (String(res.headers['content-type']).includes('json')) {
    const body = JSON.parse(res.body);
    expect(body.code, what).toBe(res.statusCode);
    if (res.statusCode === 400) expect(body.message, what).toMatch(HAS_CHINESE);
  }
}

describe('generated bad input on every endpoint', () => {
  it('covers the whole API', () => {
    expect(routes.length).toBeGreaterThan(15);
  });

  it('never answers 5xx, always the envelope, and writes nothing', async () => {
    const before = await tableDump(t.database.db, WRITABLE);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(oddBody, fc.boolean(), async (body, asForm) => {
          const payload = route.method === 'POST' ? { ...(body && typeof body === 'object' ? body : { value: body }), token } : undefined;
          const query = route.method === 'GET' && body && typeof body === 'object' && !Array.isArray(body)
            ? `?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, text(v)])).toString().slice(0, 4000)}`
            : '';
          const res = await t.app.inject({
            method: route.method,
            url: route.url + query,
            headers: { token, ...(asForm && payload ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
            ...(payload ? { payload: asForm ? new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, text(v)])).toString() : payload } : {}),
          });
          expectEnvelope(res, `${route.method} ${route.url}`);
        }),
        { numRuns: RUNS },
      );
      if (route.method === 'POST') {
        await fc.assert(
          fc.asyncProperty(rawPayload, fc.constantFrom('application/json', 'text/plain', 'application/xml', 'multipart/form-data'), async (raw, type) => {
            const res = await t.app.inject({ method: 'POST', url: route.url, headers: { token, 'content-type': type }, payload: raw });
            expectEnvelope(res, `${route.method} ${route.url} ${type}`);
          }),
          { numRuns: Math.max(5, Math.floor(RUNS / 3)) },
        );
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await tableDump(t.database.db, WRITABLE)).toBe(before);
  }, 300_000);
});
