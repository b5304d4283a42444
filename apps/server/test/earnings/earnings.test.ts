import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate } from '@sq/contract/beijing-time';
import { EarningsMsg } from '@sq/contract/earnings/earnings';
import { commissionFen } from '@sq/contract/groupbuys/ledger';
import { yuan } from '@sq/contract/money';
import { readXlsx } from '../support/read-xlsx';
import { createTestApp, type TestApp } from '../support/test-app';
import { api as apiOf, countOf, expectLedgerBalanced, newGroupBuy, newLeader, newResident, newShop, paidOrder } from '../pickup/pickup-helpers';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'warn' } });
  api = apiOf(t);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

describe('the 团长 earnings', () => {
  it('pending on paid orders waiting, settled from the ledger after pickup; per order; the monthly statement .xlsx (audited)', async () => {
    const leader = await newLeader(t);
    const shop = await newShop(t);
    const buy = await newGroupBuy(t, { merchantId: shop.id });
    const buyer = await newResident(t);
    const a = await paidOrder(t, buy, buyer, { leaderId: leader.leaderId, commissionBp: 800 });
    const b = await paidOrder(t, buy, buyer, { leaderId: leader.leaderId, commissionBp: 800, qty: [1, 0] });
    await paidOrder(t, buy, buyer, { leaderId: null, qty: [1, 0] });
    let e = await api.get(`/v1/leaders/${leader.leaderId}/earnings`, leader.token);
    expect(e.status).toBe(200);
    expect(e.data).toMatchObject({ pendingFen: commissionFen(5500, 800) + commissionFen(1250, 800), settledFen: 0 });
    expect(e.data.orders).toHaveLength(2);
    await api.post(`/v1/sellers/${shop.id}/pickup/collect`, shop.clerk.token, { orderId: b.id, lines: [{ itemId: buy.items[0]!.id, collected: 1 }] });
    e = await api.get(`/v1/leaders/${leader.leaderId}/earnings`, leader.token);
    expect(e.data).toMatchObject({ pendingFen: commissionFen(5500, 800), settledFen: commissionFen(1250, 800) });
    expect(e.data.orders.find((o: { orderId: string }) => o.orderId === b.id)).toMatchObject({ state: 'settled', commissionFen: commissionFen(1250, 800) });
    expect(e.data.orders.find((o: { orderId: string }) => o.orderId === a.id)).toMatchObject({ state: 'pending' });

    const month = beijingDate(t.clock.now()).slice(0, 7);
    const file = await t.app.inject({ method: 'GET', url: `/v1/leaders/${leader.leaderId}/statement?month=${month}`, headers: { token: leader.token } });
    expect(file.statusCode).toBe(200);
    const { rows } = await readXlsx(file.rawPayload);
    expect(rows[0]![0]).toBe('支付时间');
    expect(rows.filter((r) => r[1] === a.orderNo || r[1] === b.orderNo)).toHaveLength(2);
    expect(rows.some((r) => r[6] === `已结算 ${yuan(commissionFen(1250, 800))} 元`)).toBe(true);
    expect(rows.some((r) => r[6] === `待结算 ${yuan(commissionFen(5500, 800))} 元`)).toBe(true);
    expect(await countOf(t, `select count(*) as n from audit_log where action = 'earnings.statement.export' and subject_id = '${leader.leaderId}'`)).toBe(1);
    const bad = await api.get(`/v1/leaders/${leader.leaderId}/statement?month=2026-13`, leader.token);
    expect([bad.status, bad.message]).toEqual([400, EarningsMsg.month]);
  });

  it("another person's leader id, and a leader not approved, are refused", async () => {
    const leader = await newLeader(t);
    const other = await newResident(t);
    expect((await api.get(`/v1/leaders/${leader.leaderId}/earnings`, other.token)).status).toBe(403);
    expect((await api.get(`/v1/leaders/${leader.leaderId}/statement?month=2026-01`, other.token)).status).toBe(403);
    const mine = await api.get('/v1/leaders/mine', leader.token);
    expect(mine.data.leaders.map((l: { id: string }) => l.id)).toEqual([leader.leaderId]);
  });
});
