import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantStaff } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { couponMatrix } from './matrix-targets';
import { loginAs, newPerson, newShop } from './coupon-helpers';

/**
 * 优惠券's endpoints called by every kind of caller a shop meets (the community matrix,
 * authorization-matrix.test.ts, has the community's callers): no token; the demo resident of HOME;
 * HOME's administrator; the owner and a clerk of another shop; a clerk and the owner of this shop.
 * A refused request writes nothing; an allowed one writes.
 */
const COLUMNS = ['none', 'res', 'adm', 'xOwner', 'xClerk', 'clerk', 'owner'] as const;
type Column = (typeof COLUMNS)[number];

let t: TestApp;
let m: ReturnType<typeof couponMatrix>;
const tokens = {} as Record<Column, string | null>;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  const post = async (url: string, token: string | null, payload: object = {}) => ({ status: (await t.app.inject({ method: 'POST', url, payload: token ? { ...payload, token } : payload })).statusCode });
  const get = async (url: string, token: string | null) => ({ status: (await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} })).statusCode });
  m = couponMatrix(t, { post, get });
  const owner = await newPerson(t);
  const clerk = await newPerson(t);
  await m.setUp(owner.userId, [clerk.userId]);
  const other = await newShop(t);
  tokens.none = null;
  tokens.res = await loginAs(t, '13800000004');
  tokens.adm = await loginAs(t, '13800000001');
  tokens.xOwner = other.owner.token;
  tokens.xClerk = other.clerk.token;
  tokens.clerk = clerk.token;
  tokens.owner = owner.token;
  expect((await t.database.db.select().from(merchantStaff)).length).toBeGreaterThan(0);
});
afterAll(() => t?.close());

type Row = { what: string; expect: readonly number[]; run: (tk: string | null) => Promise<{ status: number; wrote?: boolean }> };
const rows = (): Row[] => [
  // Residents: anyone logged in keeps phone keys and reads their coupons; offers are public; a claim needs a member of HOME.
  { what: 'POST /v1/holderKeys',                          expect: [423, 200, 200, 200, 200, 200, 200], run: m.request.holderKey },
  { what: 'GET  /v1/coupon-batches',                      expect: [200, 200, 200, 200, 200, 200, 200], run: m.request.offered },
  { what: 'GET  /v1/coupon-batches/:id',                  expect: [200, 200, 200, 200, 200, 200, 200], run: m.request.batchPage },
  { what: 'POST /v1/coupon-batches/:id/claim',            expect: [423, 200, 200, 403, 403, 403, 403], run: m.request.claim },
  { what: 'GET  /v1/coupons/mine',                        expect: [423, 200, 200, 200, 200, 200, 200], run: m.request.mine },
  { what: "GET  /v1/coupons/:id (the resident's)",        expect: [423, 200, 404, 404, 404, 404, 404], run: m.request.residentsCoupon },
  // The shop: its owner publishes and stops; its owner and clerks run the counter and read its data.
  { what: 'POST /v1/merchants/:id/coupon-batches',        expect: [423, 403, 403, 403, 403, 403, 200], run: m.request.publish },
  { what: 'GET  /v1/merchants/:id/coupon-batches',        expect: [423, 403, 403, 403, 403, 200, 200], run: m.request.shopBatches },
  { what: 'POST /v1/merchants/:id/coupon-batches/:b/stop', expect: [423, 403, 403, 403, 403, 403, 200], run: m.request.stop },
  { what: 'POST /v1/merchants/:id/redeem',                expect: [423, 403, 403, 403, 403, 200, 200], run: m.request.redeem },
  { what: 'GET  /v1/merchants/:id/counter-kit',           expect: [423, 403, 403, 403, 403, 200, 200], run: m.request.kit },
  { what: 'POST /v1/merchants/:id/redemptions',           expect: [423, 403, 403, 403, 403, 200, 200], run: m.request.offline },
  { what: 'GET  /v1/merchants/:id/redemptions',           expect: [423, 403, 403, 403, 403, 200, 200], run: m.request.redemptions },
  { what: 'GET  /v1/merchants/:id/redemptions?export=1',  expect: [423, 403, 403, 403, 403, 200, 200], run: m.request.exportRedemptions },
  { what: 'GET  /v1/merchants/:id/coupon-stats',          expect: [423, 403, 403, 403, 403, 200, 200], run: m.request.stats },
];

const render = (list: { what: string; cells: readonly (number | string)[] }[]) =>
  [`${''.padEnd(48)}${COLUMNS.map((c) => c.padStart(8)).join('')}`, ...list.map((r) => `${r.what.padEnd(48)}${r.cells.map((c) => String(c).padStart(8)).join('')}`)].join('\n');

describe('优惠券 authorisation matrix', () => {
  it('answers every caller of every coupon endpoint as the table says, writing only when allowed', async () => {
    const actual: { what: string; cells: string[] }[] = [];
    for (const row of rows()) {
      const cells: string[] = [];
      for (const column of COLUMNS) {
        const result = await row.run(tokens[column]);
        let cell = String(result.status);
        if (result.wrote !== undefined && result.wrote !== (result.status === 200)) cell += result.wrote ? '!w' : '!n';
        cells.push(cell);
      }
      actual.push({ what: row.what, cells });
    }
    expect(render(actual)).toBe(render(rows().map((r) => ({ what: r.what, cells: r.expect }))));
  });
});
